// SPDX-License-Identifier: MIT
// Characters that change how text shows without showing themselves: escaped, and flagged.

/// The characters records and terminal output never carry raw: C1 controls, and the format
/// characters that reorder or hide text.
///
/// A payload `https://example.com/\u{202E}gpj.exe` shows as `…/exe.jpg` wherever U+202E (RIGHT-
/// TO-LEFT OVERRIDE) is rendered. Escaped are the C1 controls (U+0080…U+009F, U+009B is CSI) and
/// every character of the Unicode general categories Cf (format: the bidirectional embeddings,
/// overrides, isolates and marks U+061C, U+200E, U+200F, U+202A…U+202E, U+2066…U+2069; the
/// zero-width U+200B…U+200D and U+2060; U+00AD, U+FEFF, the tags U+E0000…U+E007F), Zl and Zp
/// (U+2028 LINE SEPARATOR and U+2029 PARAGRAPH SEPARATOR, which some JSON readers and terminals
/// take as line ends).
public enum InvisibleCharacters {
  /// Whether `scalar` is written as an escape in JSON strings and on a terminal.
  public static func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value < 0x80 { return false }
    if value < 0xA0 { return true }
    switch scalar.properties.generalCategory {
    case .format, .lineSeparator, .paragraphSeparator: return true
    default: return false
    }
  }

  /// Whether `scalar` makes a payload suspicious: a format character escaped here other than the
  /// zero-width joiner and non-joiner (U+200D, U+200C), which emoji sequences and several scripts
  /// need. Controls, C1 included, make a payload's kind `binary` instead.
  public static func isSuspicious(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value >= 0xA0 && scalar.value != 0x200C && scalar.value != 0x200D && isEscaped(scalar)
  }

  /// Whether `text` holds a character that `isSuspicious(_:)`.
  ///
  /// - Complexity: O(*n*) in the length of `text`; ASCII costs one comparison a byte.
  public static func makesSuspicious(_ text: String) -> Bool {
    text.utf8.contains { $0 >= 0x80 } && text.unicodeScalars.contains(where: isSuspicious)
  }

  /// The scalar whose UTF-8 encoding starts at `index` of `utf8` (at a byte of 0x80 or more),
  /// with its length in bytes; nil if the bytes there are not UTF-8.
  static func scalar(
    in utf8: UnsafeBufferPointer<UInt8>, at index: Int
  ) -> (scalar: Unicode.Scalar, length: Int)? {
    let lead = utf8[index]
    let length =
      switch lead {
      case 0xC2...0xDF: 2
      case 0xE0...0xEF: 3
      case 0xF0...0xF4: 4
      default: 0
      }
    guard length > 0, index + length <= utf8.count else { return nil }
    var value = UInt32(lead) & (0xFF >> (length + 1))
    for offset in 1..<length {
      let byte = utf8[index + offset]
      guard byte & 0xC0 == 0x80 else { return nil }
      value = value << 6 | UInt32(byte & 0x3F)
    }
    // Overlong forms and surrogates are not UTF-8; the minimum per length excludes the first.
    let minimum: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
    guard value >= minimum, let scalar = Unicode.Scalar(value) else { return nil }
    return (scalar, length)
  }

  /// Appends the JSON escape of `scalar`: `\uxxxx`, or a surrogate pair above U+FFFF.
  static func appendJSONEscape(_ scalar: Unicode.Scalar, to bytes: inout [UInt8]) {
    let value = scalar.value
    if value > 0xFFFF {
      let offset = value - 0x10000
      appendUnit(0xD800 + (offset >> 10), to: &bytes)
      appendUnit(0xDC00 + (offset & 0x3FF), to: &bytes)
    } else {
      appendUnit(value, to: &bytes)
    }
  }

  private static func appendUnit(_ unit: UInt32, to bytes: inout [UInt8]) {
    bytes.append(contentsOf: [0x5C, UInt8(ascii: "u")])
    for shift in [12, 8, 4, 0] { bytes.append(hexDigits[Int(unit >> UInt32(shift) & 15)]) }
  }

  private static let hexDigits = Array("0123456789abcdef".utf8)
}
