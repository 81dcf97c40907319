// SPDX-License-Identifier: MIT
// qrdetect's output line: one JSON object per symbol, members in a fixed, documented order.

import QRCodec
import QRStream
import QRVision

/// Where a frame came from: what each of its records repeats.
public struct FrameOrigin: Sendable, Equatable {
  /// The frame's sequence number in its input.
  public var sequence: UInt64
  /// The frame's timestamp in seconds.
  public var seconds: Double
  /// The input operand (`-` for standard input).
  public var source: String

  /// Creates an origin.
  public init(sequence: UInt64, seconds: Double, source: String) {
    self.sequence = sequence
    self.seconds = seconds
    self.source = source
  }
}

/// Writes qrdetect's records.
///
/// The members, in this order (qrdetect(1) documents each): `frame`, `time`, `source`,
/// `symbology`, `text`, `text_encoding`, `bytes`, `kind`, `content`, `version`, `level`,
/// `mask`, `eci`, `gs1`, `application_indicator`, `symbology_identifier`, `sequence`,
/// `mirrored`, `inverted`, `corners`, `errors`. `text` appears when the payload has text;
/// `bytes` when the text alone would lose or alter bytes, or always with `--bytes`; `content`
/// for the kinds with fields; `application_indicator` for FNC1 in second position; `sequence`
/// for structured append. The others are always present.
///
///     var writer = DetectionRecordWriter()
///     let line = writer.line(for: symbol, in: origin)
///     // {"frame":0,"time":0,"source":"-","symbology":"qr","text":"hello",...}\n
public struct DetectionRecordWriter: Sendable {
  /// Whether every record carries `bytes`.
  public var alwaysIncludesBytes: Bool
  private var json = JSONWriter()
  private var scratch: [UInt8] = []

  /// A writer; `alwaysIncludesBytes` is `--bytes`.
  public init(alwaysIncludesBytes: Bool = false) {
    self.alwaysIncludesBytes = alwaysIncludesBytes
  }

  /// The record of `symbol`, found in the frame `origin` describes, ending in a newline.
  ///
  /// - Complexity: O(*n*) in the payload length (plus the contact or network fields).
  public mutating func line(for symbol: FoundSymbol, in origin: FrameOrigin) -> [UInt8] {
    let decoded = symbol.decoded
    json.reset()
    json.beginObject()
    json.key("frame")
    json.integer(Int(truncatingIfNeeded: origin.sequence))
    json.key("time")
    json.number(origin.seconds)
    json.key("source")
    json.string(origin.source)
    json.key("symbology")
    json.string(decoded.kind.description)
    if let text = decoded.text {
      json.key("text")
      json.string(text)
    }
    json.key("text_encoding")
    json.string(decoded.textDerivation.description)
    if alwaysIncludesBytes || !Self.textKeepsBytes(decoded) {
      json.key("bytes")
      scratch.removeAll(keepingCapacity: true)
      Base64.encode(decoded.bytes, into: &scratch)
      // Base64 is ASCII; it needs no escaping.
      json.string(scratch)
    }
    let classified = PayloadClassifier.classify(decoded.text)
    json.key("kind")
    json.string(classified.kind.rawValue)
    if let content = classified.content {
      json.key("content")
      content.write(to: &json)
    }
    writeSymbolFacts(decoded)
    json.key("mirrored")
    json.boolean(symbol.isMirrored)
    json.key("inverted")
    json.boolean(symbol.isInverted)
    json.key("corners")
    json.beginArray()
    for corner in symbol.corners {
      json.beginArray()
      json.number(Self.rounded(corner.x))
      json.number(Self.rounded(corner.y))
      json.endArray()
    }
    json.endArray()
    json.key("errors")
    json.beginArray()
    for block in decoded.blocks { json.integer(block.errorCount + block.erasureCount) }
    json.endArray()
    json.endObject()
    json.newline()
    return json.bytes
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
    json.key("version")
    switch decoded.version {
    case .qr(let version): json.integer(version.number)
    case .micro(let version): json.integer(version.number)
    }
    json.key("level")
    if case .micro(.m1) = decoded.version {
      // M1 detects errors only; it has no level.
      json.null()
    } else {
      json.string(String(decoded.errorCorrectionLevel.letter))
    }
    json.key("mask")
    json.integer(decoded.version.isMicro ? decoded.mask.microPattern ?? 0 : decoded.mask.pattern)
    json.key("eci")
    json.beginArray()
    for designator in decoded.eciDesignators { json.integer(designator.value) }
    json.endArray()
    json.key("gs1")
    json.boolean(decoded.fnc1 == .gs1)
    if case .industry(let indicator) = decoded.fnc1 {
      json.key("application_indicator")
      json.integer(Int(indicator))
    }
    json.key("symbology_identifier")
    json.string(decoded.symbologyIdentifier)
    if let header = decoded.structuredAppend {
      json.key("sequence")
      json.beginObject()
      json.key("index")
      json.integer(header.index)
      json.key("count")
      json.integer(header.count)
      json.key("parity")
      json.integer(Int(header.parity))
      json.endObject()
    }
  }
}

extension PayloadContent {
  /// Writes the `content` object; absent fields are left out, lists are always present.
  func write(to json: inout JSONWriter) {
    json.beginObject()
    switch self {
    case .wifi(let network):
      json.key("ssid")
      json.string(network.ssid)
      json.key("security")
      json.string(network.security)
      json.optional("password", network.password)
      json.key("hidden")
      json.boolean(network.isHidden)
      json.optional("eap", network.eapMethod)
      json.optional("identity", network.identity)
      json.optional("anonymous_identity", network.anonymousIdentity)
      json.optional("phase2", network.phase2Method)
    case .contact(let contact):
      json.optional("name", contact.name)
      json.list("phones", contact.phones)
      json.list("emails", contact.emails)
      json.optional("org", contact.organization)
      json.optional("title", contact.title)
      json.optional("url", contact.url)
      json.optional("address", contact.address)
      json.optional("note", contact.note)
    case .geo(let location):
      json.key("latitude")
      json.number(location.latitude)
      json.key("longitude")
      json.number(location.longitude)
      if let altitude = location.altitude {
        json.key("altitude")
        json.number(altitude)
      }
      json.optional("query", location.query)
    case .tel(let number):
      json.key("number")
      json.string(number)
    case .sms(let numbers, let body):
      json.list("numbers", numbers)
      json.optional("body", body)
    case .email(let message):
      json.list("to", message.to)
      json.optional("subject", message.subject)
      json.optional("body", message.body)
    }
    json.endObject()
  }
}

extension JSONWriter {
  /// Writes `"name":"value"` when `value` is not nil.
  fileprivate mutating func optional(_ name: String, _ value: String?) {
    guard let value else { return }
    key(name)
    string(value)
  }

  /// Writes `"name":["value",...]`.
  fileprivate mutating func list(_ name: String, _ values: [String]) {
    key(name)
    beginArray()
    for value in values { string(value) }
    endArray()
  }
}
