// SPDX-License-Identifier: MIT
// Realistic payload texts for generated scenes: links, numbers, words, tickets, Wi-Fi.

import QRRandom

/// Draws payload texts of the kinds found on real labels, distinct within one scene.
struct ScenePayloads {
  private var random: SplitMix64
  private var used: Set<String> = []

  private static let words = [
    "apple", "harbour", "copper", "lantern", "meadow", "orbit", "pepper", "quartz", "river",
    "saddle", "timber", "velvet", "walnut", "yonder", "zephyr", "amber", "birch", "cedar",
    "delta", "ember", "fjord", "granite", "hazel", "indigo", "juniper", "kettle", "lilac",
    "maple", "nectar", "opal", "pine", "raven", "sierra", "tulip", "umber", "willow",
  ]
  private static let hosts = [
    "example.com", "shop.example.org", "qr.example.net", "docs.example.io", "tickets.example.eu",
    "menu.example.co.uk", "example.de", "go.example.fr",
  ]

  /// Payloads drawn from `random`.
  init(random: SplitMix64) { self.random = random }

  private mutating func word() -> String {
    Self.words[random.integer(below: Self.words.count)]
  }

  private mutating func digits(_ count: Int) -> String {
    String((0..<count).map { _ in Character(String(random.integer(below: 10))) })
  }

  private mutating func candidate() -> String {
    switch random.integer(below: 8) {
    case 0, 1:
      let host = Self.hosts[random.integer(below: Self.hosts.count)]
      return "https://\(host)/\(word())/\(digits(1 + random.integer(below: 6)))"
    case 2: return digits(8 + random.integer(below: 13))
    case 3:
      let count = 1 + random.integer(below: 4)
      return (0..<count).map { _ in word() }.joined(separator: " ")
    case 4: return "WIFI:S:\(word())-\(digits(2));T:WPA;P:\(word())\(digits(4));;"
    case 5: return "TICKET \(word().uppercased())-\(digits(6))"
    case 6:
      let name = word()
      return "\(name.prefix(1).uppercased())\(name.dropFirst()) \(digits(3)), \(word()) street"
    default: return "http://\(Self.hosts[random.integer(below: Self.hosts.count)])/?id=\(digits(5))"
    }
  }

  /// A payload not yet returned by this generator.
  mutating func next() -> String {
    var text = candidate()
    while used.contains(text) { text = candidate() + " " + digits(3) }
    used.insert(text)
    return text
  }

  /// A payload of exactly `length` characters (words, numbers and links run together).
  mutating func long(length: Int) -> String {
    var text = ""
    while text.count < length { text += (text.isEmpty ? "" : " ") + candidate() }
    text = String(text.prefix(length))
    while used.contains(text) { text = String(text.dropLast(3)) + digits(3) }
    used.insert(text)
    return text
  }

  /// A payload that fits Micro QR version M`number` (1…4) at its lowest level.
  mutating func micro(version number: Int) -> String {
    var text: String
    repeat {
      switch number {
      case 1: text = digits(3 + random.integer(below: 3))
      case 2:
        text =
          random.chance(0.5) ? digits(6 + random.integer(below: 5)) : "A\(digits(2))-\(digits(2))"
      case 3:
        text =
          random.chance(0.5)
          ? "\(word().uppercased().prefix(6)) \(digits(4))" : String(word().prefix(7))
      default:
        text = random.chance(0.5) ? "\(word()) \(digits(4))" : "HTTP://A.CO/\(digits(5))"
      }
    } while used.contains(text)
    used.insert(text)
    return text
  }
}
