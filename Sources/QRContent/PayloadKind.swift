// SPDX-License-Identifier: MIT
// What a payload is: a URL, a Wi-Fi network, a contact, a place, a number to call or text, mail.

/// The kind of content a payload holds, by the conventions phone scanners follow (zxing's
/// result parsers): the record's `kind`.
public enum PayloadKind: String, Sendable, CaseIterable {
  /// `http://`, `https://`, any other `scheme://`, `URLTO:`, or a bare `www.` host.
  case url
  /// `WIFI:T:WPA;S:network;P:password;;`.
  case wifi
  /// `BEGIN:VCARD` (vCard 2.1, 3.0 or 4.0).
  case vcard
  /// `MECARD:N:Doe,John;TEL:...;;` (NTT DoCoMo).
  case mecard
  /// `geo:` (RFC 5870).
  case geo
  /// `tel:` (RFC 3966).
  case tel
  /// `sms:`, `mms:` (RFC 5724), `smsto:`, `mmsto:`.
  case sms
  /// `mailto:` (RFC 6068), `MATMSG:`, `SMTP:`, or a bare address.
  case email
  /// Any other text.
  case text
  /// Not text: no charset could be applied, or it holds control characters.
  case binary
}

/// Parsed fields of a payload whose kind has structure.
public enum PayloadContent: Equatable, Sendable {
  /// A Wi-Fi network.
  case wifi(WiFiNetwork)
  /// A contact, from a vCard or a MECARD.
  case contact(Contact)
  /// A place.
  case geo(GeoLocation)
  /// A telephone number.
  case tel(number: String)
  /// A text message to send.
  case sms(numbers: [String], body: String?)
  /// An e-mail to send.
  case email(EmailMessage)
}

/// A payload's kind and, where it has structure, its fields.
public struct ClassifiedPayload: Equatable, Sendable {
  /// The kind.
  public var kind: PayloadKind
  /// The parsed fields; nil for `url`, `text` and `binary`, and for a payload that announces a
  /// structured kind but does not parse as one (which is then `text`).
  public var content: PayloadContent?

  /// Creates a classification.
  public init(kind: PayloadKind, content: PayloadContent? = nil) {
    self.kind = kind
    self.content = content
  }
}

/// Classifies payloads.
public enum PayloadClassifier {
  /// The kind of `text` (nil when the payload has no text) and its fields.
  ///
  /// Prefixes are matched without regard to case, as scanners do: alphanumeric mode, the
  /// compact one, has only capitals, so `HTTP://EXAMPLE.COM` and `WIFI:` are common.
  /// - Complexity: O(*n*) in the length of the text.
  public static func classify(_ text: String?) -> ClassifiedPayload {
    guard let text, !containsBinaryControls(text) else { return ClassifiedPayload(kind: .binary) }
    let trimmed = Substring(text).trimmingWhitespace()
    if let body = trimmed.droppingPrefix("WIFI:") {
      return WiFiNetwork(parsing: body).map { ClassifiedPayload(kind: .wifi, content: .wifi($0)) }
        ?? ClassifiedPayload(kind: .text)
    }
    if let body = trimmed.droppingPrefix("MECARD:") {
      return Contact(mecard: body).map {
        ClassifiedPayload(kind: .mecard, content: .contact($0))
      } ?? ClassifiedPayload(kind: .text)
    }
    if trimmed.droppingPrefix("BEGIN:VCARD") != nil {
      return Contact(vCard: trimmed).map {
        ClassifiedPayload(kind: .vcard, content: .contact($0))
      } ?? ClassifiedPayload(kind: .text)
    }
    if let body = trimmed.droppingPrefix("geo:") {
      return GeoLocation(parsing: body).map { ClassifiedPayload(kind: .geo, content: .geo($0)) }
        ?? ClassifiedPayload(kind: .text)
    }
    if let body = trimmed.droppingPrefix("tel:") {
      let number = PercentDecoding.decoded(body.trimmingWhitespace())
      return number.isEmpty
        ? ClassifiedPayload(kind: .text)
        : ClassifiedPayload(kind: .tel, content: .tel(number: number))
    }
    if let content = Self.shortMessage(trimmed) {
      return ClassifiedPayload(kind: .sms, content: content)
    }
    if let message = EmailMessage(parsing: trimmed) {
      return ClassifiedPayload(kind: .email, content: .email(message))
    }
    if isURL(trimmed) { return ClassifiedPayload(kind: .url) }
    return ClassifiedPayload(kind: .text)
  }

  /// Whether `text` holds a control character that text does not: C0 controls other than tab,
  /// line feed, carriage return, EOT and the separators FS, GS, RS, US (which ISO/IEC 15434 and
  /// GS1 payloads use), DEL, and C1 controls (which ISO-8859-1 readings of binary data yield).
  static func containsBinaryControls(_ text: String) -> Bool {
    var previous: UInt8 = 0
    for byte in text.utf8 {
      switch byte {
      case 0x09, 0x0A, 0x0D, 0x04, 0x1C...0x1F: break
      case 0x00..<0x20, 0x7F: return true
      // U+0080…U+009F are C2 80…C2 9F in UTF-8.
      case 0x80...0x9F where previous == 0xC2: return true
      default: break
      }
      previous = byte
    }
    return false
  }

  /// `http://`, `https://`, another `scheme://` followed by a host, `URLTO:`, or `www.` and a
  /// dot-separated host; no whitespace inside.
  static func isURL(_ text: Substring) -> Bool {
    let text = text.trimmingWhitespace()
    guard !text.isEmpty, !text.utf8.contains(where: { $0 == 0x20 || $0 == 0x0A || $0 == 0x09 })
    else { return false }
    if let rest = text.droppingPrefix("URLTO:") { return !rest.isEmpty }
    if let rest = text.droppingPrefix("www.") {
      return rest.utf8.contains(UInt8(ascii: "."))
        && (rest.first.map { $0.isLetter || $0.isNumber } ?? false)
    }
    // A scheme: a letter, then letters, digits, '+', '-' or '.', then "://" and something.
    let bytes = text.utf8
    guard let first = bytes.first, first.isASCIILetter else { return false }
    var index = bytes.index(after: bytes.startIndex)
    while index < bytes.endIndex {
      let byte = bytes[index]
      if byte == UInt8(ascii: ":") { break }
      guard
        byte.isASCIILetter || (0x30...0x39).contains(byte) || byte == 0x2B || byte == 0x2D
          || byte == 0x2E
      else { return false }
      index = bytes.index(after: index)
    }
    let rest = text[index...]
    guard let afterSeparator = rest.droppingPrefix("://") else { return false }
    return !afterSeparator.isEmpty
  }

  /// `sms:`/`mms:` (RFC 5724: numbers separated by commas, then `?body=`) or
  /// `smsto:`/`mmsto:` (`SMSTO:number:body`).
  static func shortMessage(_ text: Substring) -> PayloadContent? {
    if let rest = text.droppingPrefix("smsto:") ?? text.droppingPrefix("mmsto:") {
      let parts = rest.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
      let number = parts[0].trimmingWhitespace()
      guard !number.isEmpty else { return nil }
      return .sms(numbers: [String(number)], body: parts.count > 1 ? String(parts[1]) : nil)
    }
    guard let rest = text.droppingPrefix("sms:") ?? text.droppingPrefix("mms:") else { return nil }
    let (path, query) = PercentDecoding.splitQuery(rest)
    let numbers = path.split(separator: ",").map {
      PercentDecoding.decoded($0.split(separator: ";", maxSplits: 1)[0].trimmingWhitespace())
    }.filter { !$0.isEmpty }
    guard !numbers.isEmpty else { return nil }
    return .sms(numbers: numbers, body: query["body"])
  }
}

// MARK: - Helpers shared by the parsers

extension Substring {
  // These work on the UTF-8 view: the prefixes and the whitespace are ASCII, and walking
  // Characters (grapheme breaking) made classification most of a record's cost.

  /// The rest after `prefix`, compared without regard to ASCII case; nil if it does not start so.
  func droppingPrefix(_ prefix: String) -> Substring? {
    var index = utf8.startIndex
    for expected in prefix.utf8 {
      guard index < utf8.endIndex else { return nil }
      let actual = utf8[index]
      guard actual == expected || (expected.isASCIILetter && actual | 0x20 == expected | 0x20)
      else { return nil }
      index = utf8.index(after: index)
    }
    return self[index...]
  }

  /// Without leading and trailing spaces, tabs, carriage returns and line feeds.
  func trimmingWhitespace() -> Substring {
    let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    let start = utf8.firstIndex { !isSpace($0) } ?? utf8.endIndex
    let end = utf8[start...].lastIndex { !isSpace($0) }.map { utf8.index(after: $0) } ?? start
    return self[start..<end]
  }
}

extension UInt8 {
  /// Whether the byte is an ASCII letter.
  var isASCIILetter: Bool { (self | 0x20) >= 0x61 && (self | 0x20) <= 0x7A }
}

/// Splits `key:value;key:value;;` lists with backslash escapes, as Wi-Fi and MECARD payloads
/// are written (`\;`, `\:`, `\,`, `\\` and `\"` stand for the character).
enum EscapedFields {
  /// The fields in order as (key, raw value); the value keeps its escapes, so that callers can
  /// still split it on unescaped separators. A field without `:` is skipped.
  static func split(_ body: Substring) -> [(key: String, value: Substring)] {
    var fields: [(key: String, value: Substring)] = []
    for field in splitUnescaped(body, on: ";") {
      guard let colon = firstUnescaped(":", in: field) else { continue }
      let key = field[..<colon].trimmingWhitespace().uppercased()
      fields.append((key, field[field.index(after: colon)...]))
    }
    return fields
  }

  /// `text` cut at each `separator` not preceded by a backslash escape.
  static func splitUnescaped(_ text: Substring, on separator: Character) -> [Substring] {
    var pieces: [Substring] = []
    var start = text.startIndex
    var index = text.startIndex
    while index < text.endIndex {
      let character = text[index]
      if character == "\\" {
        index = text.index(after: index)
        if index < text.endIndex { index = text.index(after: index) }
        continue
      }
      if character == separator {
        pieces.append(text[start..<index])
        start = text.index(after: index)
      }
      index = text.index(after: index)
    }
    pieces.append(text[start..<text.endIndex])
    return pieces
  }

  /// The first `character` not escaped by a backslash.
  static func firstUnescaped(_ character: Character, in text: Substring) -> Substring.Index? {
    var index = text.startIndex
    while index < text.endIndex {
      if text[index] == "\\" {
        index = text.index(after: index)
        if index < text.endIndex { index = text.index(after: index) }
        continue
      }
      if text[index] == character { return index }
      index = text.index(after: index)
    }
    return nil
  }

  /// `text` with each `\x` replaced by `x`.
  static func unescaped(_ text: Substring) -> String {
    var result = ""
    var isEscaped = false
    for character in text {
      if !isEscaped && character == "\\" {
        isEscaped = true
        continue
      }
      isEscaped = false
      result.append(character)
    }
    return result
  }
}

/// `%XX` decoding for URI payloads (`tel:`, `sms:`, `mailto:`).
enum PercentDecoding {
  /// `text` with `%XX` sequences replaced by their bytes, read as UTF-8; `text` unchanged if the
  /// result is not UTF-8.
  static func decoded(_ text: Substring) -> String {
    guard text.contains("%") else { return String(text) }
    let bytes = Hexadecimal.decodingEscapes(text.utf8, marker: UInt8(ascii: "%"))
    return String(validating: bytes, as: UTF8.self) ?? String(text)
  }

  /// The part before `?` and the query's `name=value` pairs, decoded; names lowercased, the
  /// first of a repeated name kept.
  static func splitQuery(_ text: Substring) -> (path: Substring, query: [String: String]) {
    guard let mark = text.firstIndex(of: "?") else { return (text, [:]) }
    var query: [String: String] = [:]
    for pair in text[text.index(after: mark)...].split(separator: "&") {
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let name = decoded(parts[0]).lowercased()
      if query[name] == nil { query[name] = parts.count > 1 ? decoded(parts[1]) : "" }
    }
    return (text[..<mark], query)
  }
}
