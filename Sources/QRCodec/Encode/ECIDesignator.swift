// SPDX-License-Identifier: MIT
// Extended Channel Interpretation designators.

/// An ECI designator: the number (0…999,999) of a character set or other interpretation.
///
/// Written after the ECI mode indicator in one, two or three bytes: 0xxxxxxx for 0…127,
/// 10xxxxxx xxxxxxxx for up to 16,383, 110xxxxx xxxxxxxx xxxxxxxx for up to 999,999.
/// ISO/IEC 18004:2015, 7.4.2.2 and Table 4; assignments from AIM ECI.
public struct ECIDesignator: Hashable, Sendable, CustomStringConvertible {
  /// The designator number, in 0…999,999.
  public let value: Int

  /// The valid designator numbers.
  public static let range = 0...999_999

  /// ECI 3: ISO/IEC 8859-1 (Latin-1), the default interpretation of byte mode.
  public static let iso8859_1 = ECIDesignator(uncheckedValue: 3)
  /// ECI 20: Shift_JIS.
  public static let shiftJIS = ECIDesignator(uncheckedValue: 20)
  /// ECI 26: UTF-8.
  public static let utf8 = ECIDesignator(uncheckedValue: 26)

  /// Creates a designator, or nil outside 0…999,999.
  public init?(_ value: Int) {
    guard Self.range.contains(value) else { return nil }
    self.value = value
  }

  init(uncheckedValue value: Int) { self.value = value }

  /// The number of bits the designator takes: 8, 16 or 24.
  public var bitCount: Int {
    switch value {
    case 0...127: 8
    case 128...16_383: 16
    default: 24
    }
  }

  /// The designator's bits, `bitCount` long, with the length prefix (0, 10 or 110).
  public var encodedValue: UInt32 {
    switch bitCount {
    case 8: UInt32(value)
    case 16: 0b10 << 14 | UInt32(value)
    default: 0b110 << 21 | UInt32(value)
    }
  }

  /// `ECI` and the number, e.g. `ECI 26`.
  public var description: String { "ECI \(value)" }
}
