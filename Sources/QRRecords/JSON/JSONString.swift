// SPDX-License-Identifier: MIT
// Decoding the scalar values a scanned object holds: strings to bytes, numbers to Double.

import QRContent

/// Conversions of validated JSON string and number text to values.
///
/// The inputs are pieces of text that `JSONObjectScanner` has already accepted, so these functions
/// decode without re-validating.
public enum JSONString {
  /// Appends the UTF-8 bytes of the string whose text between the quotes is `raw`.
  ///
  /// `\uXXXX` escapes are decoded, surrogate pairs joined; a lone surrogate becomes U+FFFD (see
  /// `loneSurrogateOffset(in:)` to refuse it instead).
  /// - Complexity: O(*n*) in the length of `raw`.
  public static func decode(_ raw: UnsafeRawBufferPointer, into output: inout [UInt8]) {
    let count = raw.count
    var i = 0
    var runStart = 0
    while i < count {
      guard raw[i] == UInt8(ascii: "\\"), i + 1 < count else {
        i += 1
        continue
      }
      output.append(contentsOf: UnsafeRawBufferPointer(rebasing: raw[runStart..<i]))
      let escape = raw[i + 1]
      i += 2
      switch escape {
      case UInt8(ascii: "b"): output.append(0x08)
      case UInt8(ascii: "f"): output.append(0x0C)
      case UInt8(ascii: "n"): output.append(0x0A)
      case UInt8(ascii: "r"): output.append(0x0D)
      case UInt8(ascii: "t"): output.append(0x09)
      case UInt8(ascii: "u"):
        var scalar = hexQuad(raw, at: i)
        i += 4
        if (0xD800...0xDBFF).contains(scalar), i + 5 < count, raw[i] == UInt8(ascii: "\\"),
          raw[i + 1] == UInt8(ascii: "u")
        {
          let low = hexQuad(raw, at: i + 2)
          if (0xDC00...0xDFFF).contains(low) {
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            i += 6
          }
        }
        appendUTF8(Unicode.Scalar(scalar) ?? "\u{FFFD}", to: &output)
      default: output.append(escape)  // `"`, `\` and `/` stand for themselves.
      }
      runStart = i
    }
    output.append(contentsOf: UnsafeRawBufferPointer(rebasing: raw[runStart..<count]))
  }

  /// The offset in `raw` of the first `\uXXXX` escape of a surrogate that is not half of a pair
  /// (`"\ud800"`), or nil when there is none.
  ///
  /// The grammar allows such escapes (RFC 8259, 8.2), but they stand for no character and UTF-8
  /// cannot encode them: `decode(_:into:)` writes U+FFFD for each, which a caller that must keep
  /// the text exact refuses with this.
  /// - Complexity: O(*n*) in the length of `raw`.
  public static func loneSurrogateOffset(in raw: UnsafeRawBufferPointer) -> Int? {
    let count = raw.count
    var i = 0
    while i + 1 < count {
      guard raw[i] == UInt8(ascii: "\\") else {
        i += 1
        continue
      }
      guard raw[i + 1] == UInt8(ascii: "u") else {
        i += 2
        continue
      }
      let scalar = hexQuad(raw, at: i + 2)
      if (0xDC00...0xDFFF).contains(scalar) { return i }
      if (0xD800...0xDBFF).contains(scalar) {
        let isPaired =
          i + 11 < count && raw[i + 6] == UInt8(ascii: "\\") && raw[i + 7] == UInt8(ascii: "u")
          && (0xDC00...0xDFFF).contains(hexQuad(raw, at: i + 8))
        guard isPaired else { return i }
        i += 12
      } else {
        i += 6
      }
    }
    return nil
  }

  /// The UTF-8 bytes of the string whose text between the quotes is `raw`.
  public static func decoded(_ raw: UnsafeRawBufferPointer) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(raw.count)
    decode(raw, into: &output)
    return output
  }

  /// The value of a JSON number's text, or nil if it does not fit a `Double` (overflow).
  ///
  /// Decimals with at most 15 significant digits and no exponent, which is how timestamps are
  /// written, take an exact fast path: the digits as an integer divided by a power of ten, both
  /// exact in binary64, so the single division rounds correctly (Clinger, "How to read floating
  /// point numbers accurately", PLDI 1990). Anything else goes to the standard library's parser.
  /// - Complexity: O(*n*) in the length of `text`.
  public static func number(_ text: UnsafeRawBufferPointer) -> Double? {
    var mantissa: UInt64 = 0
    var digits = 0
    var fractionDigits = 0
    var isNegative = false
    var seenPoint = false
    var isSimple = true
    for (index, byte) in text.enumerated() {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        if mantissa != 0 || byte != UInt8(ascii: "0") { digits += 1 }
        mantissa = mantissa &* 10 &+ UInt64(byte &- UInt8(ascii: "0"))
        if seenPoint { fractionDigits += 1 }
      case UInt8(ascii: "-") where index == 0: isNegative = true
      case UInt8(ascii: "."): seenPoint = true
      default: isSimple = false
      }
      if !isSimple || digits > 15 || fractionDigits > 22 {
        isSimple = false
        break
      }
    }
    if isSimple {
      let magnitude = Double(mantissa) / powersOfTen[fractionDigits]
      return isNegative ? -magnitude : magnitude
    }
    guard let value = Double(String(decoding: text, as: UTF8.self)), value.isFinite else {
      return nil
    }
    return value
  }

  /// The value of one hexadecimal digit, or -1.
  @inline(__always)
  static func hexValue(_ byte: UInt8) -> Int {
    Hexadecimal.digitValue(byte).map(Int.init) ?? -1
  }

  private static func hexQuad(_ raw: UnsafeRawBufferPointer, at i: Int) -> UInt32 {
    var value: UInt32 = 0
    for offset in 0..<4 where i + offset < raw.count {
      value = value << 4 | UInt32(max(0, hexValue(raw[i + offset])))
    }
    return value
  }

  static func appendUTF8(_ scalar: Unicode.Scalar, to output: inout [UInt8]) {
    // UTF8.encode always produces one to four code units for a valid scalar.
    if let units = UTF8.encode(scalar) { output.append(contentsOf: units) }
  }

  /// 10⁰ … 10²², every one exact in binary64.
  private static let powersOfTen: [Double] = (0...22).map { exponent in
    var value = 1.0
    for _ in 0..<exponent { value *= 10 }
    return value
  }
}
