// SPDX-License-Identifier: MIT
// QR Code versions 1…40: sizes, alignment pattern centres, module and codeword counts.

/// A QR Code version (1…40), which fixes the symbol's size: version *n* is 17 + 4*n* modules wide.
///
/// ISO/IEC 18004:2015, 5.3.1 and Table 1.
///
///     let version = Version(7)       // nil outside 1...40
///     print(version?.size ?? 0)      // Prints "45"
public struct Version: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The version number, in 1…40.
  public let number: Int

  /// The valid version numbers.
  public static let range = 1...40

  /// Every version, from 1 to 40.
  public static let all: [Version] = range.map { Version(uncheckedNumber: $0) }

  /// The smallest version.
  public static let minimum = Version(uncheckedNumber: 1)

  /// The largest version.
  public static let maximum = Version(uncheckedNumber: 40)

  /// Creates a version, or returns nil if `number` is outside 1…40.
  public init?(_ number: Int) {
    guard Self.range.contains(number) else { return nil }
    self.number = number
  }

  init(uncheckedNumber number: Int) {
    assert(Self.range.contains(number), "version \(number) outside 1...40")
    self.number = number
  }

  /// The version whose size is `size` modules, if any: sizes run 21, 25, …, 177.
  public init?(size: Int) {
    guard size >= 21, (size - 17) % 4 == 0 else { return nil }
    self.init((size - 17) / 4)
  }

  /// The number of modules on each side: 17 + 4 × `number`, in 21…177.
  public var size: Int { 17 + 4 * number }

  /// Whether the symbol carries version information (versions 7…40).
  ///
  /// ISO/IEC 18004:2015, 7.10.
  public var hasVersionInformation: Bool { number >= 7 }

  /// The row and column coordinates of the alignment pattern centres, ascending.
  ///
  /// Every combination of two coordinates is a centre, except the three that would overlap the
  /// finder patterns. Empty for version 1. ISO/IEC 18004:2015, Annex E, Table E.1.
  public var alignmentPatternCentres: [Int] {
    let row = (number - 1) * Self.alignmentPatternCentreColumns
    return Self.alignmentPatternCentreTable[row..<row + Self.alignmentPatternCentreColumns]
      .filter { $0 != 0 }
  }

  /// The number of modules left for data and error correction codewords plus remainder bits,
  /// once all function patterns and format/version information are taken: in 208…29,648.
  ///
  /// The count subtracts, from the whole square, the three finder patterns with their separators
  /// and format information (3 × 64 + 31 including the dark module), the two timing patterns, the
  /// alignment patterns (25 modules each, 5 fewer where they cross a timing pattern) and the two
  /// version information blocks (2 × 18). ISO/IEC 18004:2015, Table 1.
  public var dataModuleCount: Int {
    let centres = alignmentPatternCentres.count
    var count = size * size - 3 * 64 - 31 - 2 * (size - 16)
    if centres > 0 {
      count -= 25 * (centres * centres - 3) - 5 * 2 * (centres - 2)
    }
    if hasVersionInformation { count -= 36 }
    assert((208...29_648).contains(count))
    return count
  }

  /// The number of codewords (data plus error correction): `dataModuleCount / 8`, in 26…3,706.
  public var totalCodewordCount: Int { dataModuleCount / 8 }

  /// The modules left over after the last codeword (0, 3, 4 or 7); they stay light before masking.
  ///
  /// ISO/IEC 18004:2015, 7.7.3 and Table 1.
  public var remainderBitCount: Int { dataModuleCount % 8 }

  /// The version number as text.
  public var description: String { String(number) }

  /// Orders versions by number, which is also by size.
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.number < rhs.number }

  // MARK: - Tables

  /// The width of a row of `alignmentPatternCentreTable`: the most centres a version has.
  static let alignmentPatternCentreColumns = 7

  /// ISO/IEC 18004:2015, Annex E, Table E.1. Row *n* − 1, `alignmentPatternCentreColumns`
  /// wide, lists the centre coordinates of version *n*, then zeros (no centre is 0).
  ///
  /// Flat, padded rows, not `[[Int]]`: the metadata of an array of arrays, made at run time,
  /// would cost a one-code `qrrender` run a fiftieth.
  // swift-format-ignore
  static let alignmentPatternCentreTable: [Int] = [
    // centre coordinates, then zeros             // version
      0,   0,   0,   0,   0,   0,   0,  // 1
      6,  18,   0,   0,   0,   0,   0,  // 2
      6,  22,   0,   0,   0,   0,   0,  // 3
      6,  26,   0,   0,   0,   0,   0,  // 4
      6,  30,   0,   0,   0,   0,   0,  // 5
      6,  34,   0,   0,   0,   0,   0,  // 6
      6,  22,  38,   0,   0,   0,   0,  // 7
      6,  24,  42,   0,   0,   0,   0,  // 8
      6,  26,  46,   0,   0,   0,   0,  // 9
      6,  28,  50,   0,   0,   0,   0,  // 10
      6,  30,  54,   0,   0,   0,   0,  // 11
      6,  32,  58,   0,   0,   0,   0,  // 12
      6,  34,  62,   0,   0,   0,   0,  // 13
      6,  26,  46,  66,   0,   0,   0,  // 14
      6,  26,  48,  70,   0,   0,   0,  // 15
      6,  26,  50,  74,   0,   0,   0,  // 16
      6,  30,  54,  78,   0,   0,   0,  // 17
      6,  30,  56,  82,   0,   0,   0,  // 18
      6,  30,  58,  86,   0,   0,   0,  // 19
      6,  34,  62,  90,   0,   0,   0,  // 20
      6,  28,  50,  72,  94,   0,   0,  // 21
      6,  26,  50,  74,  98,   0,   0,  // 22
      6,  30,  54,  78, 102,   0,   0,  // 23
      6,  28,  54,  80, 106,   0,   0,  // 24
      6,  32,  58,  84, 110,   0,   0,  // 25
      6,  30,  58,  86, 114,   0,   0,  // 26
      6,  34,  62,  90, 118,   0,   0,  // 27
      6,  26,  50,  74,  98, 122,   0,  // 28
      6,  30,  54,  78, 102, 126,   0,  // 29
      6,  26,  52,  78, 104, 130,   0,  // 30
      6,  30,  56,  82, 108, 134,   0,  // 31
      6,  34,  60,  86, 112, 138,   0,  // 32
      6,  30,  58,  86, 114, 142,   0,  // 33
      6,  34,  62,  90, 118, 146,   0,  // 34
      6,  30,  54,  78, 102, 126, 150,  // 35
      6,  24,  50,  76, 102, 128, 154,  // 36
      6,  28,  54,  80, 106, 132, 158,  // 37
      6,  32,  58,  84, 110, 136, 162,  // 38
      6,  26,  54,  82, 110, 138, 166,  // 39
      6,  30,  58,  86, 114, 142, 170,  // 40
  ]
}
