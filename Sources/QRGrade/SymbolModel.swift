// SPDX-License-Identifier: MIT
// What a graded symbol should look like: its ideal modules, codewords and fixed patterns.

import QRCodec

/// The structure of one symbol version as the grader needs it: which modules make up each
/// codeword and block, which make up each fixed pattern, and the symbol as it should have been
/// printed once its data is known.
struct SymbolModel: Sendable {
  /// A set of modules graded together for fixed pattern damage.
  struct Segment: Sendable {
    /// The segment's name in records: `finder-top-left`, `timing-horizontal`, …
    var name: String
    /// Module indices (`y * size + x`), each with its ideal colour.
    var modules: [Int]
    /// How the segment's damage is counted.
    var kind: Kind

    enum Kind: Sendable {
      /// A finder pattern with its separator: graded on the number of damaged modules.
      case finder
      /// A timing pattern: graded on the fraction of damaged modules.
      case timing
      /// One copy of format or version information, `group` naming which; graded on damaged
      /// modules, and a group takes its best copy.
      case information(group: Int)
    }
  }

  let version: SymbolVersion
  let size: Int
  let layout: SymbolLayout
  /// For each codeword in placement order, the module indices holding its bits, most
  /// significant first (4 for the half codeword of M1 and M3).
  let codewordModules: [[Int]]
  /// For each codeword in placement order, its block and its position in the block.
  let codewordPlaces: [(block: Int, index: Int)]
  /// The data and error correction codewords of each block.
  let blockLengths: [Int]
  /// Error correction codewords per block.
  let errorCorrectionCodewordCount: Int
  /// The index of the half codeword (M1, M3), or −1.
  let halfCodeword: Int
  /// The fixed pattern segments: finder patterns with separators, timing patterns, format and
  /// version information.
  let segments: [Segment]

  /// The model of `version` at `level`; nil if the version lacks the level.
  init?(_ version: SymbolVersion, level: ErrorCorrectionLevel) {
    guard let structure = version.blockStructure(level) else { return nil }
    self.version = version
    size = version.size
    layout = SymbolLayout(version)
    let dataLengths = structure.dataCodewordsPerBlock
    let parity = structure.errorCorrectionCodewordsPerBlock
    errorCorrectionCodewordCount = parity
    blockLengths = dataLengths.map { $0 + parity }
    // Interleaving: data codewords block by block in turn, then error correction codewords.
    // ISO/IEC 18004:2015, 7.6.
    var places: [(block: Int, index: Int)] = []
    for position in 0..<(dataLengths.max() ?? 0) {
      for block in dataLengths.indices where position < dataLengths[block] {
        places.append((block, position))
      }
    }
    for position in 0..<parity {
      for block in dataLengths.indices { places.append((block, dataLengths[block] + position)) }
    }
    codewordPlaces = places
    halfCodeword = structure.hasHalfFinalDataCodeword ? structure.dataCodewordCount - 1 : -1
    var modules: [[Int]] = []
    modules.reserveCapacity(places.count)
    var bit = 0
    let order = layout.dataModuleOrder
    let size = version.size
    for i in places.indices {
      let width = i == halfCodeword ? 4 : 8
      modules.append((0..<width).map { order[bit + $0].y * size + order[bit + $0].x })
      bit += width
    }
    codewordModules = modules
    segments = Self.segments(version, layout: layout)
  }

  /// The ideal colour (dark in symbol terms) of every module, `y * size + x`, given the data
  /// codewords after correction, the level and the mask.
  func idealModules(codewords: [UInt8], level: ErrorCorrectionLevel, mask: Mask) -> [Bool] {
    let patterns = layout.functionPatterns
    var ideal = (0..<(size * size)).map { patterns.isDark(x: $0 % size, y: $0 / size) }
    // Format information. ISO/IEC 18004:2015, 7.9.
    let formatCodeword: UInt16
    switch version {
    case .qr: formatCodeword = FormatInformation(level: level, mask: mask).codeword
    case .micro(let micro):
      formatCodeword =
        MicroFormatInformation(version: micro, level: level, mask: mask)?.codeword ?? 0
    }
    for copy in layout.formatInformationPositions {
      for (bit, position) in copy.enumerated() {
        ideal[position.y * size + position.x] = formatCodeword >> UInt16(bit) & 1 == 1
      }
    }
    if case .qr(let qrVersion) = version, qrVersion.hasVersionInformation {
      let codeword = VersionInformation.codeword(qrVersion)
      for copy in layout.versionInformationPositions {
        for (bit, position) in copy.enumerated() {
          ideal[position.y * size + position.x] = codeword >> UInt32(bit) & 1 == 1
        }
      }
    }
    // Data: each codeword's bits, masked. Remainder bits stay light, as the encoder leaves them.
    for (i, modules) in codewordModules.enumerated() {
      let value = codewords[i]
      for (k, index) in modules.enumerated() {
        let isSet = value >> UInt8(7 - k) & 1 == 1
        ideal[index] = isSet != mask.inverts(x: index % size, y: index / size)
      }
    }
    for position in layout.dataModuleOrder.dropFirst(codewordModules.reduce(0) { $0 + $1.count }) {
      ideal[position.y * size + position.x] = mask.inverts(x: position.x, y: position.y)
    }
    return ideal
  }

  /// The codewords read from `grid` (dark in symbol terms) in placement order, unmasked.
  func codewords(in grid: [Bool], mask: Mask) -> [UInt8] {
    codewordModules.map { modules in
      var value: UInt8 = 0
      for index in modules {
        let isSet = grid[index] != mask.inverts(x: index % size, y: index / size)
        value = value << 1 | (isSet ? 1 : 0)
      }
      return modules.count == 8 ? value : value << 4
    }
  }

  /// `codewords` corrected block by block by Reed–Solomon; codewords of a block that cannot be
  /// corrected stay as read.
  func corrected(_ codewords: [UInt8]) -> [UInt8] {
    var blocks = blockLengths.map { [UInt8](repeating: 0, count: $0) }
    for (i, place) in codewordPlaces.enumerated() {
      blocks[place.block][place.index] = codewords[i]
    }
    for block in blocks.indices {
      var copy = blocks[block]
      if (try? ReedSolomonDecoder.correct(
        &copy, errorCorrectionCodewordCount: errorCorrectionCodewordCount)) != nil
      {
        blocks[block] = copy
      }
    }
    return codewordPlaces.map { blocks[$0.block][$0.index] }
  }

  // MARK: - Fixed pattern segments

  /// The fixed pattern segments of `version`. ISO/IEC 18004:2015, 6.3 (finder patterns,
  /// separators, timing patterns), 7.9 and 7.10 (format and version information).
  private static func segments(_ version: SymbolVersion, layout: SymbolLayout) -> [Segment] {
    let size = version.size
    func finder(_ name: String, left: Int, top: Int) -> Segment {
      var modules: [Int] = []
      for y in (top - 1)...(top + 7) {
        for x in (left - 1)...(left + 7) where x >= 0 && x < size && y >= 0 && y < size {
          modules.append(y * size + x)
        }
      }
      return Segment(name: name, modules: modules, kind: .finder)
    }
    var segments: [Segment] = []
    let timingLine: Int
    let timingRange: ClosedRange<Int>
    if version.isMicro {
      segments.append(finder("finder", left: 0, top: 0))
      timingLine = 0
      timingRange = 8...(size - 1)
    } else {
      segments.append(finder("finder-top-left", left: 0, top: 0))
      segments.append(finder("finder-top-right", left: size - 7, top: 0))
      segments.append(finder("finder-bottom-left", left: 0, top: size - 7))
      timingLine = 6
      timingRange = 8...(size - 9)
    }
    segments.append(
      Segment(
        name: "timing-horizontal", modules: timingRange.map { timingLine * size + $0 },
        kind: .timing))
    segments.append(
      Segment(
        name: "timing-vertical", modules: timingRange.map { $0 * size + timingLine },
        kind: .timing))
    for (copy, positions) in layout.formatInformationPositions.enumerated() {
      segments.append(
        Segment(
          name: "format-information-\(copy + 1)", modules: positions.map { $0.y * size + $0.x },
          kind: .information(group: 0)))
    }
    for (copy, positions) in layout.versionInformationPositions.enumerated() {
      segments.append(
        Segment(
          name: "version-information-\(copy + 1)", modules: positions.map { $0.y * size + $0.x },
          kind: .information(group: 1)))
    }
    return segments
  }
}
