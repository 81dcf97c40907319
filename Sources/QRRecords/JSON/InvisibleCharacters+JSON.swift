// SPDX-License-Identifier: MIT
// The JSON side of the invisible characters: finding them in UTF-8 and writing their escapes.

import QRSystem

extension InvisibleCharacters {
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
