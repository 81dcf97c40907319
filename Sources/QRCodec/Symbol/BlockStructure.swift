// SPDX-License-Identifier: MIT
// Error correction block structure per version and level (ISO/IEC 18004:2015, Table 9).

/// How a symbol's codewords divide into Reed–Solomon blocks at one version and level.
///
/// Blocks come in at most two groups; blocks of the second group hold one more data codeword.
/// Every block has the same number of error correction codewords. ISO/IEC 18004:2015, 7.5.1 and
/// Table 9.
///
///     let blocks = BlockStructure(Version(5)!, .quartile)
///     // 18 error correction codewords per block; 2 blocks of 15 and 2 blocks of 16 data codewords
public struct BlockStructure: Hashable, Sendable {
  /// One group of equally sized blocks.
  public struct Group: Hashable, Sendable {
    /// The number of blocks in the group.
    public let blockCount: Int
    /// The number of data codewords in each block of the group.
    public let dataCodewordsPerBlock: Int
  }

  /// The number of error correction codewords in every block.
  public let errorCorrectionCodewordsPerBlock: Int

  /// The number of blocks of the first group.
  ///
  /// The groups are stored as counts, and `groups` is made when asked for: the encoder needs
  /// a block structure for every code, and the metadata of `[Group]`, made at run time, costs
  /// a one-code `qrrender` run a hundredth.
  let shortBlockCount: Int
  /// The number of data codewords in each block of the first group.
  let shortBlockLength: Int
  /// The number of blocks of the second group, each one data codeword longer; 0 without one.
  let longBlockCount: Int

  /// The groups, shorter blocks first; one or two groups.
  public var groups: [Group] {
    let short = Group(blockCount: shortBlockCount, dataCodewordsPerBlock: shortBlockLength)
    guard longBlockCount > 0 else { return [short] }
    return [
      short, Group(blockCount: longBlockCount, dataCodewordsPerBlock: shortBlockLength + 1),
    ]
  }

  /// Whether the final data codeword has only 4 bits (Micro QR M1 and M3).
  public let hasHalfFinalDataCodeword: Bool

  /// The number of blocks, in 1…81.
  public var blockCount: Int { shortBlockCount + longBlockCount }

  /// The number of data codewords, counting a 4-bit final codeword as one.
  public var dataCodewordCount: Int {
    shortBlockCount * shortBlockLength + longBlockCount * (shortBlockLength + 1)
  }

  /// The number of error correction codewords.
  public var errorCorrectionCodewordCount: Int { blockCount * errorCorrectionCodewordsPerBlock }

  /// The number of data bits the blocks hold.
  public var dataBitCapacity: Int { dataCodewordCount * 8 - (hasHalfFinalDataCodeword ? 4 : 0) }

  /// The data codeword count of each block, in interleaving order.
  public var dataCodewordsPerBlock: [Int] {
    [Int](repeating: shortBlockLength, count: shortBlockCount)
      + [Int](repeating: shortBlockLength + 1, count: longBlockCount)
  }

  /// A structure of `shortBlockCount` blocks of `shortBlockLength` data codewords, then
  /// `longBlockCount` of one more.
  init(
    errorCorrectionCodewordsPerBlock: Int, shortBlockCount: Int, shortBlockLength: Int,
    longBlockCount: Int = 0, hasHalfFinalDataCodeword: Bool = false
  ) {
    self.errorCorrectionCodewordsPerBlock = errorCorrectionCodewordsPerBlock
    self.shortBlockCount = shortBlockCount
    self.shortBlockLength = shortBlockLength
    self.longBlockCount = longBlockCount
    self.hasHalfFinalDataCodeword = hasHalfFinalDataCodeword
  }

  /// The block structure of a QR Code version at `level`.
  ///
  /// Derived from the table's two columns per level (error correction codewords per block, number
  /// of blocks) and the version's codeword count: the remainder of an uneven division goes to
  /// the last blocks, one extra data codeword each.
  public init(_ version: Version, _ level: ErrorCorrectionLevel) {
    let cell = level.rawValue * Version.range.count + version.number - 1
    let perBlock = Self.errorCorrectionCodewordsPerBlockTable[cell]
    let blocks = Self.blockCountTable[cell]
    let dataCodewords = version.totalCodewordCount - perBlock * blocks
    let longBlocks = dataCodewords % blocks
    self.init(
      errorCorrectionCodewordsPerBlock: perBlock, shortBlockCount: blocks - longBlocks,
      shortBlockLength: dataCodewords / blocks, longBlockCount: longBlocks)
  }

  /// The block structure of a Micro QR version at `level`, or nil if the version lacks the level.
  public init?(_ version: MicroVersion, _ level: ErrorCorrectionLevel) {
    guard
      let perBlock = Self.microErrorCorrectionCodewordTable[version.rawValue - 1][level.rawValue]
    else { return nil }
    self.init(
      errorCorrectionCodewordsPerBlock: perBlock, shortBlockCount: 1,
      shortBlockLength: version.totalCodewordCount - perBlock,
      hasHalfFinalDataCodeword: version.hasHalfFinalDataCodeword)
  }

  // MARK: - Tables

  /// Error correction codewords per block; rows are levels, columns versions 1…40, one row
  /// after another. ISO/IEC 18004:2015, Table 9.
  ///
  /// Flat, as `blockCountTable`: the metadata of an array of arrays, made at run time, would
  /// cost a one-code `qrrender` run a fiftieth.
  // swift-format-ignore
  static let errorCorrectionCodewordsPerBlockTable: [Int] = [
    // 1   2   3   4   5   6   7   8   9  10  11  12  13  14  15  16  17  18  19  20  21  22  23  24  25  26  27  28  29  30  31  32  33  34  35  36  37  38  39  40
       7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28, 28, 28, 30, 30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,   // L
      10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28,   // M
      13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30, 28, 30, 30, 30, 30, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,   // Q
      17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28, 30, 24, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,   // H
  ]

  /// Number of error correction blocks; rows are levels, columns versions 1…40, one row after
  /// another. ISO/IEC 18004:2015, Table 9.
  // swift-format-ignore
  static let blockCountTable: [Int] = [
    // 1   2   3   4   5   6   7   8   9  10  11  12  13  14  15  16  17  18  19  20  21  22  23  24  25  26  27  28  29  30  31  32  33  34  35  36  37  38  39  40
       1,  1,  1,  1,  1,  2,  2,  2,  2,  4,  4,  4,  4,  4,  6,  6,  6,  6,  7,  8,  8,  9,  9, 10, 12, 12, 12, 13, 14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25,   // L
       1,  1,  1,  2,  2,  4,  4,  4,  5,  5,  5,  8,  9,  9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49,   // M
       1,  1,  2,  2,  4,  4,  6,  6,  8,  8,  8, 10, 12, 16, 12, 17, 16, 18, 21, 20, 23, 23, 25, 27, 29, 34, 34, 35, 38, 40, 43, 45, 48, 51, 53, 56, 59, 62, 65, 68,   // Q
       1,  1,  2,  4,  4,  4,  5,  6,  8,  8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25, 25, 34, 30, 32, 35, 37, 40, 42, 45, 48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81,   // H
  ]

  /// Micro QR error correction codewords (one block); rows are versions, columns levels L, M, Q,
  /// H; nil where the version lacks the level. M1's two codewords only detect errors.
  /// ISO/IEC 18004:2015, Table 9.
  // swift-format-ignore
  static let microErrorCorrectionCodewordTable: [[Int?]] = [
    //  L    M    Q    H
    [   2, nil, nil, nil],  // M1 (total  5 codewords)
    [   5,   6, nil, nil],  // M2 (total 10)
    [   6,   8, nil, nil],  // M3 (total 17)
    [   8,  10,  14, nil],  // M4 (total 24)
  ]
}
