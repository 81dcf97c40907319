// SPDX-License-Identifier: MIT
// The payloads people actually encode, built with each format's escaping rules.

/// A structured payload: Wi-Fi credentials, a contact card, a location, an e-mail, a phone call or
/// a text message, turned into the text a phone's camera app understands.
///
///     ContentPayload.wifi(ssid: "Café; 2nd", password: "p:w", security: .wpa, isHidden: false).text
///     // WIFI:T:WPA;S:Café\; 2nd;P:p\:w;;
public enum ContentPayload: Equatable, Sendable {
  /// The security field of a Wi-Fi payload.
  public enum WiFiSecurity: String, Sendable, CaseIterable {
    /// WPA/WPA2/WPA3 personal (`T:WPA`; readers use it for all three).
    case wpa = "WPA"
    /// WEP (`T:WEP`).
    case wep = "WEP"
    /// An open network (`T:nopass`, no password).
    case none = "nopass"
  }

  /// A contact's fields; every list may be empty.
  public struct Contact: Equatable, Sendable {
    /// The display name, such as `Jane Q. Public`.
    public var name: String
    /// Telephone numbers.
    public var phones: [String] = []
    /// E-mail addresses.
    public var emails: [String] = []
    /// Web addresses.
    public var urls: [String] = []
    /// The organisation.
    public var organization: String?

    /// A contact with a name and nothing else yet.
    public init(name: String) { self.name = name }
  }

  /// `WIFI:` network credentials (the de-facto format of ZXing's "Barcode Contents" page, read by
  /// the camera apps of iOS and Android).
  case wifi(ssid: String, password: String?, security: WiFiSecurity, isHidden: Bool)
  /// A vCard 3.0 (RFC 2426), with CRLF line ends.
  case vcard(Contact)
  /// A MECARD (NTT DoCoMo's compact contact format).
  case mecard(Contact)
  /// A `geo:` URI (RFC 5870).
  case geo(latitude: Double, longitude: Double, altitude: Double?)
  /// A `mailto:` URI (RFC 6068) with optional subject and body.
  case mailto(address: String, subject: String?, body: String?)
  /// A `tel:` URI (RFC 3966).
  case tel(String)
  /// An `SMSTO:` text message, read by iOS and Android camera apps alike.
  case sms(number: String, body: String?)

  /// The payload text.
  public var text: String {
    switch self {
    case .wifi(let ssid, let password, let security, let isHidden):
      var text = "WIFI:T:\(security.rawValue);S:\(Self.escaped(ssid, ";,:\"\\"));"
      if security != .none, let password { text += "P:\(Self.escaped(password, ";,:\"\\"));" }
      if isHidden { text += "H:true;" }
      return text + ";"
    case .vcard(let contact):
      return Self.vcard(contact)
    case .mecard(let contact):
      var text = "MECARD:N:\(Self.escaped(contact.name, ";,:\\"));"
      for phone in contact.phones { text += "TEL:\(Self.escaped(phone, ";,:\\"));" }
      for email in contact.emails { text += "EMAIL:\(Self.escaped(email, ";,:\\"));" }
      for url in contact.urls { text += "URL:\(Self.escaped(url, ";,\\"));" }
      if let organization = contact.organization {
        text += "ORG:\(Self.escaped(organization, ";,:\\"));"
      }
      return text + ";"
    case .geo(let latitude, let longitude, let altitude):
      var text = "geo:\(Self.decimal(latitude)),\(Self.decimal(longitude))"
      if let altitude { text += ",\(Self.decimal(altitude))" }
      return text
    case .mailto(let address, let subject, let body):
      var query: [String] = []
      if let subject { query.append("subject=" + Self.percentEncoded(subject)) }
      if let body { query.append("body=" + Self.percentEncoded(body)) }
      let target = Self.percentEncoded(address, keeping: "@+.-_~!$'*")
      return "mailto:" + target + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
    case .tel(let number):
      return "tel:" + number.filter { $0 != " " }
    case .sms(let number, let body):
      return "SMSTO:" + number.filter { $0 != " " } + ":" + (body ?? "")
    }
  }

  /// Checks the fields a reader would reject; returns a message naming the problem, or nil.
  public var problem: String? {
    switch self {
    case .wifi(let ssid, let password, let security, _):
      if ssid.isEmpty { return "the Wi-Fi network name (SSID) is empty" }
      if security != .none && (password ?? "").isEmpty {
        return "a \(security.rawValue) network needs a password (or use security nopass)"
      }
      if security == .none && password != nil {
        return "an open network (nopass) takes no password"
      }
    case .vcard(let contact), .mecard(let contact):
      if contact.name.isEmpty { return "the contact's name is empty" }
    case .geo(let latitude, let longitude, let altitude):
      if !(-90...90).contains(latitude) { return "latitude must be between -90 and 90" }
      if !(-180...180).contains(longitude) { return "longitude must be between -180 and 180" }
      if let altitude, !altitude.isFinite { return "altitude must be a number" }
    case .mailto(let address, _, _):
      if !address.contains("@") { return "'\(address)' is not an e-mail address" }
    case .tel(let number), .sms(let number, _):
      let allowed = Set("0123456789+*#-.()pw ")
      if number.isEmpty || !number.allSatisfy(allowed.contains) {
        return "'\(number)' is not a telephone number (digits, +, *, #, -, ., ( ) only)"
      }
    }
    return nil
  }

  // MARK: - Helpers

  private static func vcard(_ contact: Contact) -> String {
    // RFC 2426 §4: N is family;given;additional;prefix;suffix. A single name is split at its last
    // space (family name last), which is right for most Western names and harmless otherwise.
    let parts = contact.name.split(separator: " ")
    let family = parts.count > 1 ? String(parts[parts.count - 1]) : contact.name
    let given = parts.count > 1 ? parts.dropLast().joined(separator: " ") : ""
    var lines = [
      "BEGIN:VCARD", "VERSION:3.0",
      "N:\(vcardText(family));\(vcardText(given));;;", "FN:\(vcardText(contact.name))",
    ]
    if let organization = contact.organization { lines.append("ORG:\(vcardText(organization))") }
    lines += contact.phones.map { "TEL:\(vcardText($0))" }
    lines += contact.emails.map { "EMAIL:\(vcardText($0))" }
    lines += contact.urls.map { "URL:\(vcardText($0))" }
    lines.append("END:VCARD")
    return lines.joined(separator: "\r\n") + "\r\n"
  }

  /// RFC 2426 §5 text escaping: backslash, comma, semicolon, and line breaks as `\n`.
  private static func vcardText(_ text: String) -> String {
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

  private static func escaped(_ text: String, _ specials: String) -> String {
    var result = ""
    for character in text {
      if specials.contains(character) { result.append("\\") }
      result.append(character)
    }
    return result
  }

  /// RFC 3986 percent-encoding of everything but unreserved characters (and `keeping`).
  private static func percentEncoded(_ text: String, keeping: String = "-._~") -> String {
    var result = ""
    for byte in text.utf8 {
      let scalar = Unicode.Scalar(byte)
      if (byte < 0x80 && (Character(scalar).isLetter || Character(scalar).isNumber))
        || keeping.unicodeScalars.contains(scalar)
      {
        result.unicodeScalars.append(scalar)
      } else {
        let digits = Array("0123456789ABCDEF")
        result += "%" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 15)])
      }
    }
    return result
  }

  /// A coordinate without exponent or trailing noise: up to 7 decimals (about 1 cm).
  private static func decimal(_ value: Double) -> String {
    let scaled = (value * 10_000_000).rounded()
    let negative = scaled < 0
    let magnitude = Int64(abs(scaled))
    var text = String(magnitude / 10_000_000)
    var fraction = String(magnitude % 10_000_000)
    fraction = String(repeating: "0", count: 7 - fraction.count) + fraction
    while fraction.hasSuffix("0") { fraction.removeLast() }
    if !fraction.isEmpty { text += "." + fraction }
    return (negative && magnitude != 0 ? "-" : "") + text
  }
}
