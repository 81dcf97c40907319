// SPDX-License-Identifier: MIT
// Function patterns, reserved areas and the order of data modules for one symbol version.

/// Where everything that is not data sits in a symbol of one version, and the order in which the
/// data modules are filled.
///
/// Built once per version: the function patterns drawn (finder, separators, timing, alignment,
/// dark module), the format and version information areas reserved (light), which modules are
/// function modules, and the positions of the data modules in the placement order.
/// ISO/IEC 18004:2015, 6.3 (function patterns) and 7.7.3 (symbol character placement).
public struct SymbolLayout: Sendable {
  /// A module position: column `x`, row `y`.
  public struct Position: Hashable, Sendable {
    /// The column.
    public let x: Int
    /// The row.
    public let y: Int
  }

  /// The version the layout describes.
  public let version: SymbolVersion

  /// The function patterns drawn on light modules; format and version information areas light.
  public private(set) var functionPatterns: BitMatrix

  /// Dark where the module belongs to a function pattern or a format/version information area.
  public private(set) var functionModules: BitMatrix

  /// Data module positions in placement order: bit 7 of the first codeword goes to the first.
  /// Counts `version.dataModuleCount` positions.
  public private(set) var dataModuleOrder: [Position] = []

  /// Builds the layout of `version`.
  ///
  /// - Complexity: O(*size*²).
  public init(_ version: SymbolVersion) {
    self.version = version
    self.functionPatterns = BitMatrix(size: version.size)
    self.functionModules = BitMatrix(size: version.size)
    switch version {
    case .qr(let qrVersion): drawQRFunctionPatterns(qrVersion)
    case .micro: drawMicroFunctionPatterns()
    }
    dataModuleOrder = Self.zigZagOrder(size: version.size, isFunction: functionModules) {
      version.isMicro ? false : $0 == 6
    }
    assert(dataModuleOrder.count == version.dataModuleCount)
  }

  /// Whether the module at column `x`, row `y` is a function module (or reserved for format or
  /// version information).
  public func isFunctionModule(x: Int, y: Int) -> Bool { functionModules.isDark(x: x, y: y) }

  // MARK: - Format and version information positions

  /// The module positions of each copy of the format information; element *i* of a copy holds
  /// bit *i* of the 15-bit codeword (bit 0 least significant).
  ///
  /// QR Code has two copies: around the top-left finder pattern, and split between the
  /// top-right and bottom-left ones. Micro QR has one, around its finder pattern.
  /// ISO/IEC 18004:2015, 7.9.1, Figure 25, and 7.9.2, Figure 26.
  public var formatInformationPositions: [[Position]] {
    (0..<formatInformationCopyCount).map(formatInformationPositions(copy:))
  }

  /// The number of copies of the format information: 2 in QR Code, 1 in Micro QR.
  var formatInformationCopyCount: Int { version.isMicro ? 1 : 2 }

  /// The module positions of copy `copy` (0 or 1) of the format information, as
  /// `formatInformationPositions` lists them.
  ///
  /// One copy at a time: building symbols (`EncodingLayout`) wants no `[[Position]]`, whose
  /// metadata, made at run time, costs a one-code `qrrender` run more than a hundredth.
  func formatInformationPositions(copy: Int) -> [Position] {
    let size = version.size
    if version.isMicro {
      // Bits 14…7 run along row 8 from x = 1, bits 6…0 up column 8 from y = 7.
      let row = (1...8).map { Position(x: $0, y: 8) }
      let column = (1...7).reversed().map { Position(x: 8, y: $0) }
      return Array((row + column).reversed())
    }
    if copy == 0 {
      // Copy 1: bits 0…7 down column 8 (skipping the timing row 6), then bits 8…14 along row 8
      // leftwards (skipping the timing column 6).
      let down = [0, 1, 2, 3, 4, 5, 7, 8].map { Position(x: 8, y: $0) }
      let left = [7, 5, 4, 3, 2, 1, 0].map { Position(x: $0, y: 8) }
      return down + left
    }
    // Copy 2: bits 0…7 along row 8 from the right edge leftwards, bits 8…14 down column 8 at the
    // bottom.
    let right = (0..<8).map { Position(x: size - 1 - $0, y: 8) }
    let bottom = (8..<15).map { Position(x: 8, y: size - 15 + $0) }
    return right + bottom
  }

  /// The module positions of the two copies of the version information (versions 7…40);
  /// element *i* of a copy holds bit *i* of the 18-bit codeword. Empty for other versions.
  ///
  /// Copy 1 is the 6 × 3 block above the bottom-left finder, copy 2 its transpose left of the
  /// top-right finder. ISO/IEC 18004:2015, 7.10 and Figure 27.
  public var versionInformationPositions: [[Position]] {
    guard case .qr(let qrVersion) = version, qrVersion.hasVersionInformation else { return [] }
    let size = version.size
    let bottomLeft = (0..<18).map { Position(x: $0 / 3, y: size - 11 + $0 % 3) }
    let topRight = bottomLeft.map { Position(x: $0.y, y: $0.x) }
    return [bottomLeft, topRight]
  }

  // MARK: - Drawing

  private mutating func setFunction(_ isDark: Bool, x: Int, y: Int) {
    functionPatterns.setDark(isDark, x: x, y: y)
    functionModules.setDark(true, x: x, y: y)
  }

  /// Draws a 7 × 7 finder pattern with its top-left corner at (`left`, `top`), and the light
  /// separator around it where it falls inside the symbol. ISO/IEC 18004:2015, 6.3.3.
  private mutating func drawFinderPattern(left: Int, top: Int) {
    let size = version.size
    for dy in -1...7 {
      for dx in -1...7 {
        let x = left + dx
        let y = top + dy
        guard x >= 0, x < size, y >= 0, y < size else { continue }
        let ring = max(abs(dx - 3), abs(dy - 3))  // 0…3 inside the pattern, 4 on the separator
        setFunction(ring != 2 && ring != 4, x: x, y: y)
      }
    }
  }

  /// Draws a 5 × 5 alignment pattern centred on (`x`, `y`). ISO/IEC 18004:2015, 6.3.6.
  private mutating func drawAlignmentPattern(x: Int, y: Int) {
    for dy in -2...2 {
      for dx in -2...2 {
        setFunction(max(abs(dx), abs(dy)) != 1, x: x + dx, y: y + dy)
      }
    }
  }

  private mutating func reserve(_ positions: [Position]) {
    for position in positions { setFunction(false, x: position.x, y: position.y) }
  }

  private mutating func reserveFormatInformation() {
    for copy in 0..<formatInformationCopyCount { reserve(formatInformationPositions(copy: copy)) }
  }

  private mutating func drawQRFunctionPatterns(_ qrVersion: Version) {
    let size = version.size
    // Timing patterns first: finder and alignment patterns overwrite their ends.
    for i in 0..<size {
      setFunction(i % 2 == 0, x: 6, y: i)
      setFunction(i % 2 == 0, x: i, y: 6)
    }
    drawFinderPattern(left: 0, top: 0)
    drawFinderPattern(left: size - 7, top: 0)
    drawFinderPattern(left: 0, top: size - 7)
    let centres = qrVersion.alignmentPatternCentres
    for (row, y) in centres.enumerated() {
      for (column, x) in centres.enumerated() {
        let last = centres.count - 1
        let overlapsFinder =
          (row == 0 && column == 0) || (row == 0 && column == last) || (row == last && column == 0)
        if !overlapsFinder { drawAlignmentPattern(x: x, y: y) }
      }
    }
    reserveFormatInformation()
    for copy in versionInformationPositions { reserve(copy) }
    // The dark module beside the bottom-left format information. ISO/IEC 18004:2015, 7.9.1.
    setFunction(true, x: 8, y: size - 8)
  }

  private mutating func drawMicroFunctionPatterns() {
    let size = version.size
    // Micro QR timing patterns run along row 0 and column 0. ISO/IEC 18004:2015, 6.3.5.
    for i in 8..<size {
      setFunction(i % 2 == 0, x: i, y: 0)
      setFunction(i % 2 == 0, x: 0, y: i)
    }
    drawFinderPattern(left: 0, top: 0)
    reserveFormatInformation()
  }

  // MARK: - Placement order

  /// The data module positions in placement order: two-module-wide columns from the right edge,
  /// alternately upwards and downwards, right module before left, skipping function modules.
  /// In QR Code the vertical timing pattern (column 6) is stepped over, so the column pair left of
  /// it starts at column 5. ISO/IEC 18004:2015, 7.7.3 and Figure 20.
  static func zigZagOrder(
    size: Int, isFunction: BitMatrix, isSkippedColumn: (Int) -> Bool
  ) -> [Position] {
    var order: [Position] = []
    order.reserveCapacity(size * size)
    var right = size - 1
    var isUpward = true
    while right >= 1 {
      if isSkippedColumn(right) { right -= 1 }
      for step in 0..<size {
        let y = isUpward ? size - 1 - step : step
        for x in stride(from: right, through: right - 1, by: -1)
        where !isFunction.isDark(x: x, y: y) {
          order.append(Position(x: x, y: y))
        }
      }
      isUpward.toggle()
      right -= 2
    }
    return order
  }
}
