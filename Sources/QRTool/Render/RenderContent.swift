// SPDX-License-Identifier: MIT
// Payloads for what people encode: Wi-Fi networks, contacts, places, e-mail, calls and texts.

/// A structured payload built from qrrender's content options, with each format's escaping.
///
/// The formats are the ones phone cameras and zxing read: `WIFI:` and `MECARD:` (NTT DoCoMo's,
/// as zxing documents them), vCard 3.0 (RFC 2426), `geo:` (RFC 5870), `mailto:` (RFC 6068),
/// `tel:` (RFC 3966) and `SMSTO:`.
///
///     RenderContent.wifi(ssid: "café;1", password: "p:w", security: "WPA", isHidden: false).payload
///     // WIFI:T:WPA;S:café\;1;P:p\:w;;
public enum RenderContent: Equatable, Sendable {
  /// A Wi-Fi network: `--wifi`, `--password`, `--security`, `--hidden`.
  case wifi(ssid: String, password: String?, security: String, isHidden: Bool)
  /// A contact as a MECARD: `--mecard`, `--tel`, `--email`, `--url`.
  case mecard(ContactFields)
  /// A contact as a vCard 3.0: `--vcard`, `--tel`, `--email`, `--url`.
  case vCard(ContactFields)
  /// An e-mail to write: `--mailto`, `--subject`, `--body`.
  case mailto(address: String, subject: String?, body: String?)
  /// A telephone number to call: `--tel` alone.
  case tel(String)
  /// A text message: `--sms`, `--body`.
  case sms(number: String, body: String?)
  /// A place: `--geo LAT,LON`.
  case geo(latitude: Double, longitude: Double)

  /// A contact's name and fields.
  public struct ContactFields: Equatable, Sendable {
    /// The full name.
    public var name: String
    /// Telephone numbers.
    public var phones: [String]
    /// E-mail addresses.
    public var emails: [String]
    /// Web addresses.
    public var urls: [String]

    /// Creates the fields.
    public init(name: String, phones: [String] = [], emails: [String] = [], urls: [String] = []) {
      self.name = name
      self.phones = phones
      self.emails = emails
      self.urls = urls
    }
  }

  /// The payload text.
  public var payload: String {
    switch self {
    case .wifi(let ssid, let password, let security, let isHidden):
      var text = "WIFI:T:\(security);S:\(Self.backslashed(ssid));"
      if let password, security != "nopass" { text += "P:\(Self.backslashed(password));" }
      if isHidden { text += "H:true;" }
      return text + ";"
    case .mecard(let fields):
      var text = "MECARD:N:\(Self.backslashed(fields.name));"
      for phone in fields.phones { text += "TEL:\(Self.backslashed(phone));" }
      for email in fields.emails { text += "EMAIL:\(Self.backslashed(email));" }
      for url in fields.urls { text += "URL:\(Self.backslashed(url));" }
      return text + ";"
    case .vCard(let fields):
      // N is family;given: the last word is taken as the family name.
      let words = fields.name.split(separator: " ")
      let family = words.last.map(String.init) ?? fields.name
      let given = words.dropLast().joined(separator: " ")
      var lines = [
        "BEGIN:VCARD", "VERSION:3.0",
        "N:\(Self.vCardEscaped(family));\(Self.vCardEscaped(given));;;",
        "FN:\(Self.vCardEscaped(fields.name))",
      ]
      lines += fields.phones.map { "TEL:\(Self.vCardEscaped($0))" }
      lines += fields.emails.map { "EMAIL:\(Self.vCardEscaped($0))" }
      lines += fields.urls.map { "URL:\(Self.singleLine($0))" }
      lines.append("END:VCARD")
      return lines.joined(separator: "\r\n") + "\r\n"
    case .mailto(let address, let subject, let body):
      var query: [String] = []
      if let subject { query.append("subject=" + Self.percentEncoded(subject)) }
      if let body { query.append("body=" + Self.percentEncoded(body)) }
      let target = Self.percentEncoded(address, keeping: "@")
      return "mailto:" + target + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
    case .tel(let number):
      return "tel:" + Self.percentEncoded(number, keeping: "+")
    case .sms(let number, let body):
      return "SMSTO:\(number):\(body ?? "")"
    case .geo(let latitude, let longitude):
      return "geo:\(Self.decimal(latitude)),\(Self.decimal(longitude))"
    }
  }

  // MARK: - Escaping

  /// `\`, `;`, `,`, `:` and `"` preceded by a backslash, as WIFI: and MECARD: readers expect.
  static func backslashed(_ text: String) -> String {
    var result = ""
    for character in text {
      if "\\;,:\"".contains(character) { result.append("\\") }
      result.append(character)
    }
    return result
  }

  /// vCard 3.0 text: `\`, `,` and `;` escaped, line breaks as `\n` (RFC 2426, 4).
  static func vCardEscaped(_ text: String) -> String {
    var result = ""
    for character in text {
      switch character {
      case "\\", ",", ";": result += "\\" + String(character)
      case "\n", "\r\n", "\r": result += "\\n"
      default: result.append(character)
      }
    }
    return result
  }

  /// `text` with line breaks removed, for values that cannot hold them.
  static func singleLine(_ text: String) -> String {
    String(text.filter { !$0.isNewline })
  }

  /// Percent-encoding of every byte outside RFC 3986's unreserved characters and `keeping`.
  static func percentEncoded(_ text: String, keeping: String = "") -> String {
    let kept = Set(keeping.utf8)
    var result = ""
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
        UInt8(ascii: "_"), UInt8(ascii: "~"):
        result.unicodeScalars.append(Unicode.Scalar(byte))
      case _ where kept.contains(byte):
        result.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        let hex = String(byte, radix: 16, uppercase: true)
        result += "%" + (byte < 16 ? "0" : "") + hex
      }
    }
    return result
  }

  /// A coordinate without exponent or trailing zeros, at most 7 decimals (about a centimetre).
  static func decimal(_ value: Double) -> String {
    let scaled = (value * 10_000_000).rounded()
    let isNegative = scaled < 0
    let magnitude = Int64(abs(scaled))
    var fraction = String(magnitude % 10_000_000)
    fraction = String(repeating: "0", count: 7 - fraction.count) + fraction
    while fraction.hasSuffix("0") { fraction.removeLast() }
    let whole = (isNegative ? "-" : "") + String(magnitude / 10_000_000)
    return fraction.isEmpty ? whole : whole + "." + fraction
  }
}
