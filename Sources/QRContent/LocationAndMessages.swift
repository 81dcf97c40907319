// SPDX-License-Identifier: MIT
// Places and e-mail: geo: (RFC 5870), mailto: (RFC 6068), MATMSG: and SMTP:.

/// A place: `geo:48.2010,16.3695,183?q=Vienna`.
public struct GeoLocation: Equatable, Sendable {
  /// Degrees north, in -90…90.
  public var latitude: Double
  /// Degrees east, in -180…180.
  public var longitude: Double
  /// Metres, if given.
  public var altitude: Double?
  /// The `q` query (a search or a label, as Android writes), if any.
  public var query: String?

  /// A place to write.
  public init(latitude: Double, longitude: Double, altitude: Double? = nil, query: String? = nil) {
    self.latitude = latitude
    self.longitude = longitude
    self.altitude = altitude
    self.query = query
  }

  /// Parses the part after `geo:`: `lat,lon[,alt][;params][?query]`; nil if the coordinates are
  /// not numbers in range.
  public init?(parsing body: Substring) {
    let (path, query) = PercentDecoding.splitQuery(body)
    let coordinates = path.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)[0]
      .split(separator: ",", omittingEmptySubsequences: false)
      .map { Double($0.trimmingWhitespace()) }
    guard coordinates.count == 2 || coordinates.count == 3,
      let latitude = coordinates[0], let longitude = coordinates[1],
      (-90...90).contains(latitude), (-180...180).contains(longitude)
    else { return nil }
    self.latitude = latitude
    self.longitude = longitude
    if coordinates.count == 3 {
      guard let altitude = coordinates[2], altitude.isFinite else { return nil }
      self.altitude = altitude
    }
    self.query = query["q"]
  }
}

/// An e-mail to write: addresses, subject and body.
public struct EmailMessage: Equatable, Sendable {
  /// The recipients, in order (at least one).
  public var to: [String]
  /// The subject, if given.
  public var subject: String?
  /// The body, if given.
  public var body: String?

  /// A message to write.
  public init(to: [String], subject: String? = nil, body: String? = nil) {
    self.to = to
    self.subject = subject
    self.body = body
  }

  /// Parses `mailto:a@example.com?subject=Hi&body=...` (percent-encoded, several addresses
  /// separated by commas), `MATMSG:TO:a@example.com;SUB:Hi;BODY:...;;` (backslash escapes),
  /// `SMTP:a@example.com:subject:body`, or a bare address; nil for anything else.
  public init?(parsing text: Substring) {
    if let rest = text.droppingPrefix("mailto:") {
      let (path, query) = PercentDecoding.splitQuery(rest)
      to = path.split(separator: ",").map { PercentDecoding.decoded($0.trimmingWhitespace()) }
        .filter { !$0.isEmpty }
      if let extra = query["to"] {
        to += extra.split(separator: ",").map { String($0.trimmingWhitespace()) }
      }
      subject = query["subject"]
      body = query["body"]
    } else if let rest = text.droppingPrefix("MATMSG:") {
      to = []
      for (key, value) in EscapedFields.split(rest) {
        let field = EscapedFields.unescaped(value)
        switch key {
        case "TO": to.append(field)
        case "SUB": subject = field
        case "BODY": body = field
        default: continue
        }
      }
    } else if let rest = text.droppingPrefix("SMTP:") {
      let parts = rest.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
      to = [String(parts[0])]
      subject = parts.count > 1 ? String(parts[1]) : nil
      body = parts.count > 2 ? String(parts[2]) : nil
    } else if Self.isAddress(text.trimmingWhitespace()) {
      to = [String(text.trimmingWhitespace())]
    } else {
      return nil
    }
    guard !to.isEmpty, to.allSatisfy(Self.isAddress) else { return nil }
  }

  /// A plausible address: one `@` with something before it and a dotted domain after it, no
  /// spaces or control characters.
  static func isAddress(_ text: some StringProtocol) -> Bool {
    // The scalars first: ordinary text fails at its first space, where splitting it into
    // characters walks all of it (a 2 KB payload's classification was 2 % of reading it).
    guard !text.unicodeScalars.contains(where: { $0.value <= 0x20 || $0 == "," || $0 == ";" })
    else { return false }
    let parts = text.split(separator: "@", omittingEmptySubsequences: false)
    return parts.count == 2 && !parts[0].isEmpty && parts[1].contains(".")
      && !parts[1].hasPrefix(".") && !parts[1].hasSuffix(".")
  }
}
