// SPDX-License-Identifier: MIT
// The payloads people actually encode, built with each format's escaping rules.

/// A structured payload to write: Wi-Fi credentials, a contact card, a location, an e-mail, a
/// phone call or a text message, turned into the text a phone's camera app understands.
///
/// Its values are the same types `PayloadClassifier` reads back (`WiFiNetwork`, `Contact`,
/// `GeoLocation`, `EmailMessage`), so `PayloadClassifier.classify(payload.text)` gives the
/// fields that went in.
///
///     let network = WiFiNetwork(ssid: "Café; 2nd", security: .wpa, password: "p:w")
///     ContentPayload.wifi(network).text
///     // WIFI:T:WPA;S:Café\; 2nd;P:p\:w;;
public enum ContentPayload: Equatable, Sendable {
  /// `WIFI:` network credentials (the de-facto format of ZXing's "Barcode Contents" page, read by
  /// the camera apps of iOS and Android); the enterprise fields are not written.
  case wifi(WiFiNetwork)
  /// A vCard 3.0 (RFC 2426), with CRLF line ends.
  case vcard(Contact)
  /// A MECARD (NTT DoCoMo's compact contact format).
  case mecard(Contact)
  /// A `geo:` URI (RFC 5870); the query, if any, as `?q=`.
  case geo(GeoLocation)
  /// A `mailto:` URI (RFC 6068) with optional subject and body.
  case mailto(EmailMessage)
  /// A `tel:` URI (RFC 3966).
  case tel(String)
  /// An `SMSTO:` text message, read by iOS and Android camera apps alike.
  case sms(number: String, body: String?)

  /// The payload text.
  public var text: String {
    switch self {
    case .wifi(let network):
      var text = "WIFI:T:\(network.security.rawValue);S:\(Self.escaped(network.ssid, ";,:\"\\"));"
      if network.security != .none, let password = network.password {
        text += "P:\(Self.escaped(password, ";,:\"\\"));"
      }
      if network.isHidden { text += "H:true;" }
      return text + ";"
    case .vcard(let contact):
      return Self.vcard(contact)
    case .mecard(let contact):
      var text = "MECARD:N:\(Self.escaped(contact.name ?? "", ";,:\\"));"
      for phone in contact.phones { text += "TEL:\(Self.escaped(phone, ";,:\\"));" }
      for email in contact.emails { text += "EMAIL:\(Self.escaped(email, ";,:\\"));" }
      for url in contact.urls { text += "URL:\(Self.escaped(url, ";,\\"));" }
      if let organization = contact.organization {
        text += "ORG:\(Self.escaped(organization, ";,:\\"));"
      }
      if let note = contact.note { text += "NOTE:\(Self.escaped(note, ";,:\\"));" }
      return text + ";"
    case .geo(let place):
      var text = "geo:\(Self.decimal(place.latitude)),\(Self.decimal(place.longitude))"
      if let altitude = place.altitude { text += ",\(Self.decimal(altitude))" }
      if let query = place.query { text += "?q=" + Self.percentEncoded(query) }
      return text
    case .mailto(let message):
      var query: [String] = []
      if let subject = message.subject { query.append("subject=" + Self.percentEncoded(subject)) }
      if let body = message.body { query.append("body=" + Self.percentEncoded(body)) }
      let target = message.to.map { Self.percentEncoded($0, keeping: "@+.-_~!$'*") }
        .joined(separator: ",")
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
    case .wifi(let network):
      if network.ssid.isEmpty { return "the Wi-Fi network name (SSID) is empty" }
      if network.security != .none && (network.password ?? "").isEmpty {
        return "a \(network.security.rawValue) network needs a password (or use security nopass)"
      }
      if network.security == .none && network.password != nil {
        return "an open network (nopass) takes no password"
      }
    case .vcard(let contact), .mecard(let contact):
      if (contact.name ?? "").isEmpty { return "the contact's name is empty" }
    case .geo(let place):
      if !(-90...90).contains(place.latitude) { return "latitude must be between -90 and 90" }
      if !(-180...180).contains(place.longitude) {
        return "longitude must be between -180 and 180"
      }
      if let altitude = place.altitude, !altitude.isFinite { return "altitude must be a number" }
    case .mailto(let message):
      if message.to.isEmpty { return "an e-mail needs an address" }
      for address in message.to where !address.contains("@") {
        return "'\(address)' is not an e-mail address"
      }
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
    let name = contact.name ?? ""
    let parts = name.split(separator: " ")
    let family = parts.count > 1 ? String(parts[parts.count - 1]) : name
    let given = parts.count > 1 ? parts.dropLast().joined(separator: " ") : ""
    var lines = [
      "BEGIN:VCARD", "VERSION:3.0",
      "N:\(vcardText(family));\(vcardText(given));;;", "FN:\(vcardText(name))",
    ]
    if let organization = contact.organization { lines.append("ORG:\(vcardText(organization))") }
    if let title = contact.title { lines.append("TITLE:\(vcardText(title))") }
    lines += contact.phones.map { "TEL:\(vcardText($0))" }
    lines += contact.emails.map { "EMAIL:\(vcardText($0))" }
    lines += contact.urls.map { "URL:\(vcardText($0))" }
    if let note = contact.note { lines.append("NOTE:\(vcardText(note))") }
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
