// SPDX-License-Identifier: MIT
// Contact payloads: vCard 2.1, 3.0 and 4.0 (RFC 2426, RFC 6350) and NTT DoCoMo's MECARD.

/// The fields of a contact that scanners show: read from a vCard or a MECARD, and written as
/// either by `ContentPayload`.
public struct Contact: Equatable, Sendable {
  /// The formatted name.
  public var name: String?
  /// The telephone numbers, in order.
  public var phones: [String] = []
  /// The e-mail addresses, in order.
  public var emails: [String] = []
  /// The organisation; units follow after commas.
  public var organization: String?
  /// The job title.
  public var title: String?
  /// The web addresses, in order.
  public var urls: [String] = []
  /// The first postal address, its parts joined by commas.
  public var address: String?
  /// A note.
  public var note: String?

  /// Creates an empty contact.
  public init() {}

  /// A contact with a name and nothing else yet.
  public init(name: String?) { self.name = name }

  /// The first web address.
  public var url: String? { urls.first }

  /// Whether nothing was found.
  var isEmpty: Bool {
    name == nil && phones.isEmpty && emails.isEmpty && organization == nil && title == nil
      && urls.isEmpty && address == nil && note == nil
  }

  // MARK: - MECARD

  /// Parses the part after `MECARD:`: `N:Doe,John;TEL:+1555;EMAIL:j@example.com;;`.
  ///
  /// `N` is "family name,given name" and becomes "given family"; `ADR` is seven parts
  /// separated by commas (PO box, extended, street, city, region, postal code, country).
  /// Values use the backslash escapes of `EscapedFields`. Nil if no field is known.
  public init?(mecard body: Substring) {
    for (key, value) in EscapedFields.split(body) {
      switch key {
      case "N":
        let parts = EscapedFields.splitUnescaped(value, on: ",").map(EscapedFields.unescaped)
        let names = parts.count == 2 ? [parts[1], parts[0]] : parts
        name = Self.joined(names, separator: " ")
      case "TEL", "TEL-AV": phones.append(EscapedFields.unescaped(value))
      case "EMAIL": emails.append(EscapedFields.unescaped(value))
      case "ORG": organization = EscapedFields.unescaped(value)
      case "TITLE": title = EscapedFields.unescaped(value)
      case "URL": urls.append(EscapedFields.unescaped(value))
      case "ADR":
        if address == nil {
          address = Self.joined(
            EscapedFields.splitUnescaped(value, on: ",").map(EscapedFields.unescaped),
            separator: ", ")
        }
      case "NOTE", "MEMO": note = EscapedFields.unescaped(value)
      default: continue
      }
    }
    if isEmpty { return nil }
  }

  // MARK: - vCard

  /// Parses a vCard from `BEGIN:VCARD` to `END:VCARD`.
  ///
  /// Folded lines are unfolded (a line break followed by a space or tab, RFC 6350 3.2), as are
  /// vCard 2.1 quoted-printable soft line breaks; group prefixes (`item1.TEL`) are ignored;
  /// `ENCODING=QUOTED-PRINTABLE` (or bare `QUOTED-PRINTABLE`) values are decoded as UTF-8;
  /// vCard 4.0 `tel:` URIs give their number. `FN` is the name, else `N` (family; given;
  /// additional; prefixes; suffixes) in reading order. Nil if no field is known.
  public init?(vCard text: Substring) {
    for line in Self.unfoldedLines(text) {
      guard let property = VCardProperty(line) else { continue }
      if property.name == "END" { break }
      switch property.name {
      case "FN": name = property.text
      case "N":
        if name == nil {
          let parts = property.components
          // Prefixes, given, additional, family, suffixes.
          let order = [3, 1, 2, 0, 4].filter { $0 < parts.count }.map { parts[$0] }
          name = Self.joined(order, separator: " ")
        }
      case "TEL":
        var number = property.text
        if let rest = Substring(number).droppingPrefix("tel:") { number = String(rest) }
        if !number.isEmpty { phones.append(number) }
      case "EMAIL": if !property.text.isEmpty { emails.append(property.text) }
      case "ORG": organization = Self.joined(property.components, separator: ", ")
      case "TITLE": title = property.text
      case "URL": urls.append(property.text)
      case "ADR": if address == nil { address = Self.joined(property.components, separator: ", ") }
      case "NOTE": note = property.text
      default: continue
      }
    }
    if isEmpty { return nil }
  }

  /// The lines of `text` with folding undone: CRLF or LF then a space or tab continues the line
  /// (the whitespace is dropped); a line ending in `=` inside a quoted-printable value continues
  /// on the next.
  static func unfoldedLines(_ text: Substring) -> [String] {
    var lines: [String] = []
    for raw in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
      if let first = raw.first, first == " " || first == "\t", !lines.isEmpty {
        lines[lines.count - 1] += raw.dropFirst()
      } else if let last = lines.last, last.hasSuffix("="),
        last.uppercased().contains("QUOTED-PRINTABLE")
      {
        lines[lines.count - 1] = String(last.dropLast()) + raw
      } else {
        lines.append(String(raw))
      }
    }
    return lines
  }

  /// The non-empty parts, trimmed, joined; nil if there are none.
  static func joined(_ parts: [String], separator: String) -> String? {
    let kept = parts.map { String(Substring($0).trimmingWhitespace()) }.filter { !$0.isEmpty }
    return kept.isEmpty ? nil : kept.joined(separator: separator)
  }
}

/// One content line of a vCard: `[group.]NAME[;param...]:value`.
struct VCardProperty {
  /// The property name, uppercased, without its group.
  var name: String
  /// The value with quoted-printable decoded, escapes still in place.
  var rawValue: Substring
  /// Whether `\,` `\;` `\n` escapes apply (not in vCard 2.1 quoted-printable values).
  var usesEscapes: Bool

  init?(_ line: String) {
    let line = Substring(line)
    // The value starts after the first colon outside a quoted parameter value.
    var isQuoted = false
    var colon: Substring.Index?
    for index in line.indices {
      if line[index] == "\"" { isQuoted.toggle() }
      if line[index] == ":" && !isQuoted {
        colon = index
        break
      }
    }
    guard let colon else { return nil }
    let head = line[..<colon].split(separator: ";", omittingEmptySubsequences: false)
    var fullName = head[0].uppercased()
    if let dot = fullName.lastIndex(of: ".") {
      fullName = String(fullName[fullName.index(after: dot)...])
    }
    name = fullName
    let parameters = head.dropFirst().map { $0.uppercased() }
    let isQuotedPrintable = parameters.contains {
      $0 == "QUOTED-PRINTABLE" || $0 == "ENCODING=QUOTED-PRINTABLE"
    }
    let value = line[line.index(after: colon)...]
    if isQuotedPrintable {
      rawValue = Substring(Self.quotedPrintableDecoded(value))
      usesEscapes = false
    } else {
      rawValue = value
      usesEscapes = true
    }
  }

  /// The value as text: escapes undone.
  var text: String { unescaped(rawValue) }

  /// The value split on unescaped `;`, each part unescaped.
  var components: [String] {
    EscapedFields.splitUnescaped(rawValue, on: ";").map(unescaped)
  }

  /// RFC 6350 3.4: `\\`, `\,`, `\;` and `\n` (or `\N`, a line break).
  private func unescaped(_ text: Substring) -> String {
    guard usesEscapes else { return String(text) }
    var result = ""
    var isEscaped = false
    for character in text {
      if isEscaped {
        result.append(character == "n" || character == "N" ? "\n" : character)
        isEscaped = false
      } else if character == "\\" {
        isEscaped = true
      } else {
        result.append(character)
      }
    }
    return result
  }

  /// RFC 2045 6.7: `=XX` is a byte; the bytes are read as UTF-8 (ISO-8859-1 if they are not).
  static func quotedPrintableDecoded(_ text: Substring) -> String {
    let bytes = Hexadecimal.decodingEscapes(text.utf8, marker: UInt8(ascii: "="))
    if let text = String(validating: bytes, as: UTF8.self) { return text }
    return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
  }
}
