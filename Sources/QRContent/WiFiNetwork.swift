// SPDX-License-Identifier: MIT
// Wi-Fi network payloads: WIFI:T:WPA;S:network;P:password;H:true;;

/// A Wi-Fi network as phones share it: `WIFI:T:WPA;S:home;P:secret;;`.
///
/// The format is zxing's ("Barcode Contents", and the Wi-Fi Alliance's WPA3 specification
/// adds `R:` and `K:`): fields `key:value` separated by `;`, any order, ended by `;;`; in values
/// `\`, `;`, `,`, `"` and `:` are escaped with a backslash. `T` is `WEP`, `WPA` (any WPA
/// personal, including WPA2/WPA3), `SAE`, `WPA2-EAP` or `nopass`; left out, the network is
/// open. `H:true` marks a hidden network. The enterprise fields are `E` (EAP method), `A`
/// (anonymous identity), `I` (identity) and `PH2` (phase 2 method).
public struct WiFiNetwork: Equatable, Sendable {
  /// The network name (`S`).
  public var ssid: String
  /// The authentication type as written (`T`), `nopass` when absent or empty.
  public var security: WiFiSecurity
  /// The password (`P`), if any.
  public var password: String?
  /// Whether the network does not broadcast its name (`H:true`).
  public var isHidden: Bool
  /// The EAP method (`E`), for enterprise networks.
  public var eapMethod: String?
  /// The identity (`I`), for enterprise networks.
  public var identity: String?
  /// The anonymous (outer) identity (`A`), for enterprise networks.
  public var anonymousIdentity: String?
  /// The phase 2 method (`PH2`), for enterprise networks.
  public var phase2Method: String?

  /// A network to write; the enterprise fields start empty.
  public init(
    ssid: String, security: WiFiSecurity, password: String? = nil, isHidden: Bool = false
  ) {
    self.ssid = ssid
    self.security = security
    self.password = password
    self.isHidden = isHidden
  }

  /// Parses the part after `WIFI:`; nil without an `S` field.
  public init?(parsing body: Substring) {
    var ssid: String?
    security = .none
    isHidden = false
    for (key, value) in EscapedFields.split(body) {
      let text = EscapedFields.unescaped(value)
      switch key {
      case "S": ssid = text
      case "T": if !text.isEmpty { security = WiFiSecurity(rawValue: text) }
      case "P": password = text
      case "H": isHidden = text.lowercased() == "true" || text == "1"
      case "E": eapMethod = text
      case "I": identity = text
      case "A": anonymousIdentity = text
      case "PH2": phase2Method = text
      default: continue
      }
    }
    guard let ssid else { return nil }
    self.ssid = ssid
  }
}

/// The authentication type of a Wi-Fi payload (`T`), kept as written: readers meet `WPA`,
/// `WEP`, `SAE`, `WPA2-EAP` and spellings of their own; writers use the three named here.
public struct WiFiSecurity: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral {
  /// WPA/WPA2/WPA3 personal (`T:WPA`; readers use it for all three).
  public static let wpa = WiFiSecurity(rawValue: "WPA")
  /// WEP (`T:WEP`).
  public static let wep = WiFiSecurity(rawValue: "WEP")
  /// An open network (`T:nopass`, no password).
  public static let none = WiFiSecurity(rawValue: "nopass")

  /// The `T` field as written.
  public var rawValue: String

  /// The type written `rawValue`.
  public init(rawValue: String) { self.rawValue = rawValue }

  /// The type written `value`.
  public init(stringLiteral value: String) { self.init(rawValue: value) }
}
