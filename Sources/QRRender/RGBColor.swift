// SPDX-License-Identifier: MIT
// A colour with opacity for SVG, PNG, PDF, EPS, XPM, ANSI art and (as its luma) gray images.

/// A colour with 8-bit red, green, blue and alpha channels (alpha 255 is opaque).
///
///     RGBColor(hex: "#1a73e8")   // RGBColor(red: 0x1A, green: 0x73, blue: 0xE8)
///     RGBColor(hex: "ffffff00")  // transparent white, as qrencode's --background takes it
public struct RGBColor: Hashable, Sendable, CustomStringConvertible {
  /// The red channel.
  public var red: UInt8
  /// The green channel.
  public var green: UInt8
  /// The blue channel.
  public var blue: UInt8
  /// The opacity: 0 is transparent, 255 (the default) opaque.
  public var alpha: UInt8

  /// Creates a colour from its channels.
  public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  /// Black, the default colour of dark modules.
  public static let black = RGBColor(red: 0, green: 0, blue: 0)
  /// White, the default colour of light modules.
  public static let white = RGBColor(red: 255, green: 255, blue: 255)

  /// Parses `RRGGBB`, `RRGGBBAA` (qrencode's forms), `RGB` or `RGBA`, each with or without a
  /// leading `#`, hex digits in either case; nil for anything else.
  public init?(hex text: String) {
    var digits = Array(text.utf8)
    if digits.first == UInt8(ascii: "#") { digits.removeFirst() }
    var values: [UInt8] = []
    for digit in digits {
      guard let value = Self.hexValue(digit) else { return nil }
      values.append(value)
    }
    switch values.count {
    case 3, 4:
      self.init(
        red: values[0] * 17, green: values[1] * 17, blue: values[2] * 17,
        alpha: values.count == 4 ? values[3] * 17 : 255)
    case 6, 8:
      self.init(
        red: values[0] << 4 | values[1], green: values[2] << 4 | values[3],
        blue: values[4] << 4 | values[5],
        alpha: values.count == 8 ? values[6] << 4 | values[7] : 255)
    default: return nil
    }
  }

  /// `#rrggbb` in lowercase, as SVG writes it (the alpha is not part of it; see `opacity`).
  public var description: String {
    "#" + [red, green, blue].map { Self.twoDigits($0) }.joined()
  }

  /// Whether the colour is fully opaque.
  public var isOpaque: Bool { alpha == 255 }

  /// The alpha as a fraction from 0 to 1 with up to three decimals (`0.5`, `1`), as SVG's
  /// `fill-opacity` and PDF's `/ca` take it.
  public var opacity: String {
    let thousandths = (Int(alpha) * 1000 + 127) / 255
    if thousandths == 1000 { return "1" }
    var text = String(thousandths)
    while text.count < 3 { text = "0" + text }
    while text.last == "0" { text.removeLast() }
    return text.isEmpty ? "0" : "0." + text
  }

  /// The gray level of the colour: Rec. 601 luma, `(299 R + 587 G + 114 B) / 1000`, rounded.
  public var luma: UInt8 {
    let weighted: Int = 299 * Int(red) + 587 * Int(green) + 114 * Int(blue)
    return UInt8((weighted + 500) / 1000)
  }

  private static func hexValue(_ digit: UInt8) -> UInt8? {
    switch digit {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
    default: nil
    }
  }

  private static func twoDigits(_ value: UInt8) -> String {
    let text = String(value, radix: 16)
    return value < 16 ? "0" + text : text
  }
}
