// SPDX-License-Identifier: MIT
// QR Code Model 1, the original QR Code: geometry, format information and block structure.

/// QR Code Model 1 (ISO/IEC 18004:2000, Annex M), read but never written.
///
/// Versions 1…14, sized 17 + 4*v* like Model 2, with the same finder, separator and timing
/// patterns and format information positions, but no alignment patterns, no version
/// information, extension patterns on the right and bottom edges instead, a different format
/// information mask, codewords placed as rectangular blocks in a fixed order, other block
/// structures, and a data bit stream that starts with four zero bits. Masks, modes, character
/// count lengths (as Model 2 versions 1…14) and Reed–Solomon arithmetic are those of Model 2.
public enum Model1 {
  /// The Model 1 versions.
  public static let versionRange = 1...14

  /// The XOR mask applied to Model 1 format information codewords (Model 2 uses 0x5412).
  public static let formatMask: UInt16 = 0x2825

  /// The data module positions of a Model 1 symbol of `version` in placement order: codeword
  /// *k* occupies positions 8*k* …< 8*k* + 8, most significant bit first. Counts at least as
  /// many codewords as any level's block structure holds (the tables leave up to 4 unused in
  /// some versions and levels).
  ///
  /// Codewords are 2 × 4 (upright) or 4 × 2 (lying) rectangles, filled right to left, then
  /// upwards. In order:
  /// 1. two upright columns at the right edge (columns *size* − 2…*size* − 1, then
  ///    *size* − 4…*size* − 3), from the bottom up to row 9; the first column leaves out every
  ///    other rectangle between its first and last, where extension patterns sit;
  /// 2. *v* + 1 bands of lying codewords, 4 columns wide, from column *size* − 5 leftwards to
  ///    column 9, each from the bottom row up to row 0 stepping over the timing row 6; the first
  ///    band stops below the top-right finder pattern (row 9), and odd bands other than the
  ///    last leave out their bottom rectangle (an extension pattern);
  /// 3. four upright columns between the left finder patterns (columns 7…8, 4…5, 2…3, 0…1,
  ///    stepping over timing column 6), from row *size* − 9 up to row 9.
  ///
  /// - Complexity: O(*size*²).
  static func dataModuleOrder(_ version: Version) -> [SymbolLayout.Position] {
    precondition(versionRange.contains(version.number), "Model 1 has no version \(version)")
    let size = version.size
    let number = version.number
    var order: [SymbolLayout.Position] = []
    // An upright 2 × 4 codeword with its bottom-right module at (x, y).
    func upright(x: Int, y: Int) {
      for bit in 0..<8 { order.append(SymbolLayout.Position(x: x - bit % 2, y: y - bit / 2)) }
    }
    // A lying 4 × 2 codeword with its bottom-right module at (x, y).
    func lying(x: Int, y: Int) {
      for bit in 0..<8 { order.append(SymbolLayout.Position(x: x - bit % 4, y: y - bit / 4)) }
    }
    let rightCount = number + 2
    for column in 0..<2 {
      for k in 0..<rightCount {
        let isExtension = column == 0 && k % 2 == 0 && k > 0 && k < rightCount - 1
        if !isExtension { upright(x: size - 1 - 2 * column, y: size - 1 - 4 * k) }
      }
    }
    let cellCount = size / 2
    for band in 0...number {
      for i in 0..<cellCount {
        if band == 0 && i >= cellCount - 4 { continue }  // the top-right finder pattern
        if i == 0 && band % 2 == 1 && band != number { continue }  // an extension pattern
        let y = size - 1 - 2 * i - (i >= cellCount - 3 ? 1 : 0)  // above the timing row
        lying(x: size - 5 - 4 * band, y: y)
      }
    }
    for x in [8, 5, 3, 1] {
      for k in 0..<number { upright(x: x, y: size - 9 - 4 * k) }
    }
    return order
  }

  /// Error correction codewords per block, number of blocks and data codewords per block, for
  /// each level L, M, Q, H; rows are versions 1…14. ISO/IEC 18004:2000, Annex M (as zxing-cpp
  /// tabulates it). Every block of a level has the same size.
  // swift-format-ignore
  static let blockTable: [[(errorCorrection: Int, blocks: Int, data: Int)]] = [
    //       L              M              Q              H
    [( 7, 1,  19), (10, 1, 16), (13, 1, 13), (17, 1,  9)],  //  1
    [(10, 1,  36), (16, 1, 30), (22, 1, 24), (30, 1, 16)],  //  2
    [(15, 1,  57), (28, 1, 44), (36, 1, 36), (48, 1, 24)],  //  3
    [(20, 1,  80), (40, 1, 60), (50, 1, 50), (66, 1, 34)],  //  4
    [(26, 1, 108), (52, 1, 82), (66, 1, 68), (44, 2, 23)],  //  5
    [(34, 1, 136), (32, 2, 53), (42, 2, 43), (56, 2, 29)],  //  6
    [(42, 1, 170), (40, 2, 66), (52, 2, 54), (46, 3, 24)],  //  7
    [(24, 2, 104), (48, 2, 80), (64, 2, 64), (56, 3, 29)],  //  8
    [(30, 2, 123), (60, 2, 93), (50, 3, 52), (68, 3, 34)],  //  9
    [(34, 2, 145), (68, 2, 111), (58, 3, 61), (58, 4, 31)],  // 10
    [(40, 2, 168), (40, 4, 64), (52, 4, 52), (54, 5, 29)],  // 11
    [(46, 2, 192), (46, 4, 73), (58, 4, 61), (62, 5, 33)],  // 12
    [(36, 3, 144), (52, 4, 83), (66, 4, 69), (58, 6, 32)],  // 13
    [(40, 3, 163), (60, 4, 92), (60, 5, 62), (66, 6, 35)],  // 14
  ]
}

extension BlockStructure {
  /// The block structure of a QR Code Model 1 symbol of `version` at `level`, or nil outside
  /// versions 1…14.
  public init?(model1 version: Version, _ level: ErrorCorrectionLevel) {
    guard Model1.versionRange.contains(version.number) else { return nil }
    let entry = Model1.blockTable[version.number - 1][level.rawValue]
    self.init(
      errorCorrectionCodewordsPerBlock: entry.errorCorrection, shortBlockCount: entry.blocks,
      shortBlockLength: entry.data)
  }
}

extension FormatInformation {
  /// The 15-bit codeword as placed in a QR Code Model 1 symbol, bit 14 first: the Model 2 BCH
  /// codeword XORed with `Model1.formatMask` instead of `qrMask`.
  public var model1Codeword: UInt16 {
    Self.bchCodeword(data: UInt16(level.formatIndicator) << 3 | UInt16(mask.pattern))
      ^ Model1.formatMask
  }

  /// All 32 valid Model 1 format information values, with their codewords.
  public static let allModel1: [(information: FormatInformation, codeword: UInt16)] =
    all.map { ($0.information, $0.information.model1Codeword) }
}
