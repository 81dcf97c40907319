// SPDX-License-Identifier: MIT
// qrdetect's output line: one JSON object per symbol, members in a fixed, documented order.

import QRCodec
import QRContent
import QRGrade
import QRSystem

/// Where a frame came from: what each of its records repeats.
public struct FrameOrigin: Sendable, Equatable {
  /// The frame's sequence number in its input.
  public var sequence: UInt64
  /// The frame's timestamp in seconds.
  public var seconds: Double
  /// The input's name (`-` for standard input), for the record's `source`: the file name when
  /// it is valid UTF-8, else the name with each invalid byte as `\xNN`.
  public var source: String
  /// The file name's bytes when they are not valid UTF-8 (then `source` cannot hold them): the
  /// record's `source_bytes`, in base64; nil otherwise.
  public var sourceBytes: [UInt8]?

  /// Creates an origin.
  public init(sequence: UInt64, seconds: Double, source: String, sourceBytes: [UInt8]? = nil) {
    self.sequence = sequence
    self.seconds = seconds
    self.source = source
    self.sourceBytes = sourceBytes
  }
}

/// Writes qrdetect's records.
///
/// The members, in this order (qrdetect(1) documents each): `frame`, `time`, `source`,
/// `source_bytes` (only for a file name that is not UTF-8), `symbology`, `text`, `text_encoding`,
/// `bytes`, `kind`, `suspicious`, `content`, `version`, `level`, `mask`, `eci`, `gs1`,
/// `application_indicator`, `symbology_identifier`, `sequence`, `mirrored`, `inverted`,
/// `corners`, `errors`. `text` appears when the payload has text; `bytes` when the text alone
/// would lose or alter bytes, or always with `--bytes`; `suspicious` (always `true`) when the
/// text holds a character that shows other than it reads (`InvisibleCharacters`); `content`
/// for the kinds with fields; `application_indicator` for FNC1 in second position; `sequence`
/// for structured append. The others are always present.
///
///     var writer = DetectionRecordWriter()
///     let line = writer.line(for: symbol, in: origin)
///     // {"frame":0,"time":0,"source":"-","symbology":"qr","text":"hello",...}\n
public struct DetectionRecordWriter: Sendable {
  /// Whether every record carries `bytes`.
  public var alwaysIncludesBytes: Bool
  private var json = JSONLineBuffer()
  private var scratch: [UInt8] = []
  /// The last payload classified: a camera sees the same code in frame after frame.
  private var lastClassified: (text: String?, result: ClassifiedPayload, isSuspicious: Bool)?

  /// A writer; `alwaysIncludesBytes` is `--bytes`.
  public init(alwaysIncludesBytes: Bool = false) {
    self.alwaysIncludesBytes = alwaysIncludesBytes
  }

  /// The record of an input in which no symbol was found (`qrdetect --misses`), ending in a
  /// newline: `{"source":"blank.png","frames":1,"symbols":0}`, with `source_bytes` after
  /// `source` for a name that is not UTF-8, as in a symbol's record.
  public mutating func missLine(source: String, sourceBytes: [UInt8]?, frames: Int) -> [UInt8] {
    json.reset()
    json.literal("{\"source\":")
    json.string(source)
    if let raw = sourceBytes {
      json.literal(",\"source_bytes\":")
      scratch.removeAll(keepingCapacity: true)
      Base64.encode(raw, into: &scratch)
      json.string(utf8: scratch)
    }
    json.literal(",\"frames\":")
    json.integer(frames)
    json.literal(",\"symbols\":0}\n")
    return json.bytes
  }

  /// The record of `symbol`, found in the frame `origin` describes, ending in a newline; with
  /// `grade` (`qrdetect --grade`), a `grade` object last.
  ///
  /// - Complexity: O(*n*) in the payload length (plus the contact or network fields).
  public mutating func line(
    for symbol: FoundSymbol, in origin: FrameOrigin, grade: SymbolGrade? = nil
  ) -> [UInt8] {
    let decoded = symbol.decoded
    json.reset()
    json.literal("{\"frame\":")
    json.integer(Int(truncatingIfNeeded: origin.sequence))
    json.literal(",\"time\":")
    json.number(origin.seconds)
    json.literal(",\"source\":")
    json.string(origin.source)
    if let raw = origin.sourceBytes {
      json.literal(",\"source_bytes\":")
      scratch.removeAll(keepingCapacity: true)
      Base64.encode(raw, into: &scratch)
      json.string(utf8: scratch)
    }
    if let track = symbol.track {
      json.literal(",\"track\":")
      json.integer(track)
    }
    if let used = symbol.framesUsed {
      json.literal(",\"frames_used\":")
      json.integer(used)
    }
    json.literal(decoded.kind == .micro ? ",\"symbology\":\"microqr\"" : ",\"symbology\":\"qr\"")
    if let text = decoded.text {
      json.literal(",\"text\":")
      json.string(text)
    }
    json.literal(",\"text_encoding\":")
    json.string(decoded.textDerivation.description)
    if alwaysIncludesBytes || !Self.textKeepsBytes(decoded) {
      json.literal(",\"bytes\":")
      scratch.removeAll(keepingCapacity: true)
      Base64.encode(decoded.bytes, into: &scratch)
      json.string(utf8: scratch)
    }
    let classified: ClassifiedPayload
    let isSuspicious: Bool
    if let last = lastClassified, last.text == decoded.text {
      (classified, isSuspicious) = (last.result, last.isSuspicious)
    } else {
      classified = PayloadClassifier.classify(decoded.text)
      isSuspicious = decoded.text.map(InvisibleCharacters.makesSuspicious) ?? false
      lastClassified = (decoded.text, classified, isSuspicious)
    }
    json.literal(",\"kind\":")
    json.string(classified.kind.rawValue)
    // A url that reads other than it shows (U+202E turns "gpj.exe" into "exe.jpg") is flagged
    // beside its kind, so that nothing downstream takes it for a plain link.
    if isSuspicious { json.literal(",\"suspicious\":true") }
    if let content = classified.content {
      json.literal(",\"content\":")
      content.write(to: &json)
    }
    writeSymbolFacts(decoded)
    json.literal(",\"mirrored\":")
    json.boolean(symbol.isMirrored)
    json.literal(",\"inverted\":")
    json.boolean(symbol.isInverted)
    json.literal(",\"corners\":[")
    for (index, corner) in symbol.corners.enumerated() {
      json.literal(index == 0 ? "[" : ",[")
      json.number(Self.rounded(corner.x))
      json.literal(",")
      json.number(Self.rounded(corner.y))
      json.literal("]")
    }
    json.literal("],\"errors\":[")
    for (index, block) in decoded.blocks.enumerated() {
      if index > 0 { json.literal(",") }
      json.integer(block.errorCount + block.erasureCount)
    }
    json.literal("]")
    if let grade { Self.write(grade, to: &json) }
    json.literal("}\n")
    return json.bytes
  }

  /// Writes `"grade":{…}`: the overall grade as a number and a letter, the parameter set, the
  /// aperture and module size in pixels, then each parameter's value and grade (snake_case
  /// names, print growth last; it is informative and not in the overall grade).
  static func write(_ grade: SymbolGrade, to json: inout JSONLineBuffer) {
    json.literal(",\"grade\":{\"overall\":")
    json.number(Double(grade.overall.value))
    json.literal(",\"letter\":")
    json.string(String(grade.overall.letter))
    json.literal(",\"summary\":")
    json.string(grade.summary)
    json.literal(",\"parameter_set\":")
    json.string(SymbolGrade.parameterSet)
    json.literal(",\"aperture_px\":")
    json.number(rounded(grade.aperture))
    json.literal(",\"module_px\":")
    json.number(rounded(grade.moduleSize))
    json.literal(",\"parameters\":{")
    for (index, (name, parameter)) in grade.parameters.enumerated() {
      if index > 0 { json.literal(",") }
      json.string(snakeCase(name))
      json.literal(":{\"value\":")
      json.number((parameter.value * 1000).rounded() / 1000)
      json.literal(",\"grade\":")
      json.number(Double(parameter.grade.value))
      json.literal(",\"letter\":")
      json.string(String(parameter.grade.letter))
      json.literal("}")
    }
    json.literal("}}")
  }

  /// `symbolContrast` → `symbol_contrast`.
  static func snakeCase(_ name: String) -> String {
    var result = ""
    for character in name {
      if character.isUppercase {
        result.append("_")
        result.append(contentsOf: character.lowercased())
      } else {
        result.append(character)
      }
    }
    return result
  }

  /// Whether `text` is exactly the payload's bytes read as UTF-8, so `bytes` adds nothing.
  static func textKeepsBytes(_ decoded: DecodedSymbol) -> Bool {
    guard let text = decoded.text else { return false }
    return text.utf8.elementsEqual(decoded.bytes)
  }

  /// A pixel coordinate to tenths: finer is noise, and the lines stay short.
  static func rounded(_ value: Double) -> Double { (value * 10).rounded() / 10 }

  /// `version` … `sequence`: what the symbol's format and header say.
  private mutating func writeSymbolFacts(_ decoded: DecodedSymbol) {
    json.literal(",\"version\":")
    switch decoded.version {
    case .qr(let version): json.integer(version.number)
    // `M1`…`M4`, as qrrender's --symbol-version takes them: a Micro QR M2 is not version 2.
    case .micro(let version): json.string(version.description)
    }
    if case .micro(.m1) = decoded.version {
      // M1 detects errors only; it has no level.
      json.literal(",\"level\":null")
    } else {
      json.literal(",\"level\":")
      json.string(String(decoded.errorCorrectionLevel.letter))
    }
    json.literal(",\"mask\":")
    json.integer(decoded.version.isMicro ? decoded.mask.microPattern ?? 0 : decoded.mask.pattern)
    json.literal(",\"eci\":[")
    for (index, designator) in decoded.eciDesignators.enumerated() {
      if index > 0 { json.literal(",") }
      json.integer(designator.value)
    }
    json.literal("],\"gs1\":")
    json.boolean(decoded.fnc1 == .gs1)
    if case .industry(let indicator) = decoded.fnc1 {
      json.literal(",\"application_indicator\":")
      json.integer(Int(indicator))
    }
    json.literal(",\"symbology_identifier\":")
    json.string(decoded.symbologyIdentifier)
    if let header = decoded.structuredAppend {
      json.literal(",\"sequence\":{\"index\":")
      json.integer(header.index)
      json.literal(",\"count\":")
      json.integer(header.count)
      json.literal(",\"parity\":")
      json.integer(Int(header.parity))
      json.literal("}")
    }
  }
}

extension PayloadContent {
  /// Writes the `content` object; absent fields are left out, lists are always present.
  func write(to json: inout JSONLineBuffer) {
    var members = ObjectMembers()
    json.literal("{")
    switch self {
    case .wifi(let network):
      members.string("ssid", network.ssid, to: &json)
      members.string("security", network.security.rawValue, to: &json)
      members.string("password", network.password, to: &json)
      members.key("hidden", to: &json)
      json.boolean(network.isHidden)
      members.string("eap", network.eapMethod, to: &json)
      members.string("identity", network.identity, to: &json)
      members.string("anonymous_identity", network.anonymousIdentity, to: &json)
      members.string("phase2", network.phase2Method, to: &json)
    case .contact(let contact):
      members.string("name", contact.name, to: &json)
      members.list("phones", contact.phones, to: &json)
      members.list("emails", contact.emails, to: &json)
      members.string("org", contact.organization, to: &json)
      members.string("title", contact.title, to: &json)
      members.string("url", contact.url, to: &json)
      members.string("address", contact.address, to: &json)
      members.string("note", contact.note, to: &json)
    case .geo(let location):
      members.key("latitude", to: &json)
      json.number(location.latitude)
      members.key("longitude", to: &json)
      json.number(location.longitude)
      if let altitude = location.altitude {
        members.key("altitude", to: &json)
        json.number(altitude)
      }
      members.string("query", location.query, to: &json)
    case .tel(let number):
      members.string("number", number, to: &json)
    case .sms(let numbers, let body):
      members.list("numbers", numbers, to: &json)
      members.string("body", body, to: &json)
    case .email(let message):
      members.list("to", message.to, to: &json)
      members.string("subject", message.subject, to: &json)
      members.string("body", message.body, to: &json)
    }
    json.literal("}")
  }
}

/// The commas between an object's members, when some members may be left out.
private struct ObjectMembers {
  private var count = 0

  /// Writes `,"name":` (no comma before the first member).
  mutating func key(_ name: StaticString, to json: inout JSONLineBuffer) {
    json.literal(count == 0 ? "\"" : ",\"")
    json.literal(name)
    json.literal("\":")
    count += 1
  }

  /// Writes `"name":"value"` when `value` is not nil.
  mutating func string(_ name: StaticString, _ value: String?, to json: inout JSONLineBuffer) {
    guard let value else { return }
    key(name, to: &json)
    json.string(value)
  }

  /// Writes `"name":["value",...]`.
  mutating func list(_ name: StaticString, _ values: [String], to json: inout JSONLineBuffer) {
    key(name, to: &json)
    json.literal("[")
    for (index, value) in values.enumerated() {
      if index > 0 { json.literal(",") }
      json.string(value)
    }
    json.literal("]")
  }
}
