// SPDX-License-Identifier: MIT
// Shift_JIS (JIS X 0208) for Kanji mode and the Shift_JIS charset.

/// Shift_JIS as QR Code uses it: Kanji mode values and the byte encoding of text.
///
/// Kanji mode packs a Shift_JIS double-byte character (0x8140…0x9FFC or 0xE040…0xEBBF) into
/// 13 bits: subtract 0x8140 (or 0xC140), then high byte × 0xC0 + low byte.
/// ISO/IEC 18004:2015, 7.4.6. The character table is JIS X 0208 as Python's `shift_jis` codec
/// maps it (see `scripts/generate-shift-jis-table.py`).
public enum ShiftJIS {
  /// The number of Kanji mode values the table covers: 43 lead bytes × 192 trail bytes.
  static let kanjiValueLimit = 43 * 0xC0

  /// The Unicode scalar of each Kanji mode value, nil where the value is unassigned.
  static let scalarsByKanjiValue: [Unicode.Scalar?] = {
    let replacement: Unicode.Scalar = "\u{FFFD}"
    let scalars = kanjiRows.joined().unicodeScalars.map { $0 == replacement ? nil : $0 }
    assert(scalars.count == kanjiValueLimit)
    return scalars
  }()

  /// The Kanji mode value of each Unicode scalar that has one.
  static let kanjiValuesByScalar: [Unicode.Scalar: UInt16] = {
    var values: [Unicode.Scalar: UInt16] = [:]
    values.reserveCapacity(kanjiCount)
    for (value, scalar) in scalarsByKanjiValue.enumerated() {
      if let scalar { values[scalar] = UInt16(value) }
    }
    return values
  }()

  /// The 13-bit Kanji mode value of `scalar`, or nil if Shift_JIS has no double-byte code for it.
  ///
  /// - Complexity: O(1) after the first call, which builds the table.
  public static func kanjiValue(_ scalar: Unicode.Scalar) -> UInt16? {
    kanjiValuesByScalar[scalar]
  }

  /// The character of a 13-bit Kanji mode value, or nil if the value is unassigned.
  public static func scalar(kanjiValue: UInt16) -> Unicode.Scalar? {
    Int(kanjiValue) < kanjiValueLimit ? scalarsByKanjiValue[Int(kanjiValue)] : nil
  }

  /// The Shift_JIS double-byte code of a Kanji mode value.
  public static func doubleByte(kanjiValue: UInt16) -> (lead: UInt8, trail: UInt8) {
    let row = Int(kanjiValue) / 0xC0
    let trail = Int(kanjiValue) % 0xC0 + 0x40
    return (UInt8(row < 31 ? 0x81 + row : 0xC1 + row), UInt8(trail))
  }

  /// The Kanji mode value of a Shift_JIS double-byte code, or nil outside the Kanji mode ranges.
  public static func kanjiValue(lead: UInt8, trail: UInt8) -> UInt16? {
    let code = Int(lead) << 8 | Int(trail)
    let offset: Int
    switch code {
    case 0x8140...0x9FFC: offset = code - 0x8140
    case 0xE040...0xEBBF: offset = code - 0xC140
    default: return nil
    }
    let value = (offset >> 8) * 0xC0 + (offset & 0xFF)
    return scalarsByKanjiValue[value] == nil ? nil : UInt16(value)
  }

  /// The Shift_JIS bytes of `scalar`: one byte for ASCII and half-width katakana (U+FF61…U+FF9F),
  /// two for JIS X 0208; nil if Shift_JIS cannot write it.
  public static func bytes(_ scalar: Unicode.Scalar) -> [UInt8]? {
    switch scalar.value {
    case 0...0x7F: return [UInt8(scalar.value)]
    case 0xFF61...0xFF9F: return [UInt8(scalar.value - 0xFF61 + 0xA1)]
    default:
      guard let value = kanjiValue(scalar) else { return nil }
      let (lead, trail) = doubleByte(kanjiValue: value)
      return [lead, trail]
    }
  }
}
