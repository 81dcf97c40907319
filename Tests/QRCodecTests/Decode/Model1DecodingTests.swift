// SPDX-License-Identifier: MIT
// QR Code Model 1: known answers from corpus photos, layout, and Model 2 never read as Model 1.

import Testing

@testable import QRCodec

/// Module grids the detector sampled from the two Model 1 photos of the shared corpus, which
/// zxing-cpp 3.1.1 reads (symbology identifier `]Q0`).
enum Model1Fixture {
  /// qrcode-2/qr-model-1: version 2 (25 × 25), level M, mask 5, byte mode, no errors.
  static let version2: [String] = [
    "#######.#######...#######",
    "#.....#..#.##.###.#.....#",
    "#.###.#....###.#..#.###.#",
    "#.###.#.###.###.#.#.###.#",
    "#.###.#.##..#...#.#.###.#",
    "#.....#.#..#..###.#.....#",
    "#######.#.#.#.#.#.#######",
    "........#..#.#...........",
    ".####.#.#.#.##.#.#####..#",
    "...#.#..##..#.##..##.#.##",
    "##.##.##....#.#.#..#..#.#",
    ".##.#...###..#...###..###",
    "#....##...#...####..#.#.#",
    ".##.##....#.#..##.##.##.#",
    ".###..##.#.##.#.#..#.#..#",
    "#......#....#.#.##.#..#.#",
    "###...####..#..#...#....#",
    "........#..#.....####...#",
    "#######..#...#.####.#####",
    "#.....#..#..##....#...###",
    "#.###.#.#...####.....#..#",
    "#.###.#.#.##..#.#####...#",
    "#.###.#.####..##...#.#.##",
    "#.....#.##..#.....##.#...",
    "#######...########..#.#.#",
  ]

  /// qrcode-2/#940: version 5 (37 × 37), level H, mask 7, alphanumeric then numeric, two
  /// blocks with 3 and 1 codeword errors.
  static let version5: [String] = [
    "#######..##.#.##..#.###...##..#######",
    "#.....#...#.#..#.###.##...#...#.....#",
    "#.###.#.###..#..##.#######..#.#.###.#",
    "#.###.#.#.###...##..#.#.#..#..#.###.#",
    "#.###.#...#..#..#.#.#.#..####.#.###.#",
    "#.....#..####...###...####..#.#.....#",
    "#######.#.#.#.#.#.#.#.#.#.#.#.#######",
    ".........#.#.#.#.......#.#.##........",
    "###.#.#..#..#.###.##.###.#..#....##..",
    "..##....#..#...#.####..#.#..##.#.##.#",
    "..#.#.#####..#.##.###.#..#.##..###...",
    ".#.##..##........##..##...##....#####",
    "..#..#####.....#.##....#.##.###......",
    "#....#..#...###..##.#.#......#.#.###.",
    "...#.##...#.........##....##..#...###",
    "###.##.###..##.##...#####..#.#...#..#",
    "....####.#..#.###...#..#..#...###....",
    "..#..#...##..#....#..#.####.#...#...#",
    "...#..##..####.#.....#..#..#.....#..#",
    "..#.##..#.#.#.##..#.#...#..##....#..#",
    ".##.#.######.#####.#.......#..#...#.#",
    "#..#.#..#.####...#...#...#..#.####.#.",
    "..######.#.#....##....##.##.#.##..#.#",
    ".##.....#.######..##...#.####..###...",
    "..#.#.#.###..##..##.###.##.#.#.....#.",
    "...###..#.##.###...##...##.#..#####.#",
    "..##..#.###.##.##..##....#####.##...#",
    "#.#..#.##.##..###..#...#.#...#.#....#",
    "..#.#####..###...##..#.#.#..#.####..#",
    "........##.#...#.#.####....##.##.#...",
    "#######...##....##..######.#...#.##.#",
    "#.....#..###.#..#.###.##...##...###..",
    "#.###.#.#...##.###.######.##....#..##",
    "#.###.#..##..#.##....#..##.#.#.##..##",
    "#.###.#.#.#.###..##...#..##.#.##.##.#",
    "#.....#.#.#.##..#............#.#..#..",
    "#######.#...#...#######.######....#.#",
  ]

  static func grid(_ rows: [String]) -> BitMatrix {
    guard let grid = BitMatrix(rows: rows.map { $0.map { $0 == "#" } }) else {
      preconditionFailure("ragged fixture")
    }
    return grid
  }
}

@Test func model1Version2FromCorpusDecodes() throws {
  let symbol = try Decoder.decode(Model1Fixture.grid(Model1Fixture.version2))
  #expect(symbol.text == "QR Code Model 1 ")
  #expect(symbol.isModel1)
  #expect(symbol.symbologyIdentifier == "]Q0")
  #expect(symbol.version == .qr(Version(2)!))
  #expect(symbol.errorCorrectionLevel == .medium)
  #expect(symbol.mask == Mask(5)!)
  #expect(symbol.segments.map(\.mode) == [.byte])
  #expect(symbol.blocks.allSatisfy { $0.errorCount == 0 })
}

@Test func model1Version5FromCorpusDecodesWithCorrections() throws {
  let symbol = try Decoder.decode(Model1Fixture.grid(Model1Fixture.version5))
  #expect(symbol.text == "N023X-3431800-V034PG03X-3436010-A1125032918310706")
  #expect(symbol.isModel1)
  #expect(symbol.symbologyIdentifier == "]Q0")
  #expect(symbol.version == .qr(Version(5)!))
  #expect(symbol.errorCorrectionLevel == .high)
  #expect(symbol.mask == Mask(7)!)
  #expect(symbol.segments.map(\.mode) == [.alphanumeric, .numeric])
  #expect(symbol.blocks.map(\.errorCount) == [3, 1])
}

/// The mirror image of a Model 1 symbol reads too, flagged as mirrored.
@Test func model1MirroredDecodes() throws {
  let symbol = try Decoder.decode(Model1Fixture.grid(Model1Fixture.version2).transposed())
  #expect(symbol.text == "QR Code Model 1 ")
  #expect(symbol.isModel1 && symbol.isMirrored)
}

/// Format information: one copy destroyed, the other intact reads; both copies at 2 bit errors
/// naming different values (one of them right) does not.
@Test func model1FormatInformationCopies() throws {
  let layout = DecodingLayout.model1(Version(2)!)
  var oneCopy = Model1Fixture.grid(Model1Fixture.version2)
  for index in layout.formatInformation[1] { oneCopy.modules[index].toggle() }
  #expect(try Decoder.decode(oneCopy, allowsMirrored: false).text == "QR Code Model 1 ")

  // Two bit errors in each copy: the same value in both reads.
  var twoErrors = Model1Fixture.grid(Model1Fixture.version2)
  for copy in 0..<2 {
    for bit in [0, 9] { twoErrors.modules[layout.formatInformation[copy][bit]].toggle() }
  }
  #expect(try Decoder.decode(twoErrors, allowsMirrored: false).text == "QR Code Model 1 ")

  // Copy 2 rewritten to another Model 1 value with 2 bit errors, copy 1 with 2 bit errors:
  // no copy within 1 bit and no agreement.
  var disagreeing = twoErrors
  let other = FormatInformation(level: .high, mask: Mask(2)!).model1Codeword
  for (bit, index) in layout.formatInformation[1].enumerated() {
    disagreeing.modules[index] = (other >> UInt16(bit)) & 1 == 1
  }
  for bit in [0, 9] { disagreeing.modules[layout.formatInformation[1][bit]].toggle() }
  #expect(throws: DecodeError.self) { try Decoder.decode(disagreeing, allowsMirrored: false) }
}

/// Damage beyond what the block can correct is an error, never another payload.
@Test func model1DamagedBeyondCapacityThrows() throws {
  let layout = DecodingLayout.model1(Version(2)!)
  // One module inverted in each of the first `count` codewords (after the first, whose high
  // half is read as zero).
  func damaged(_ count: Int) -> BitMatrix {
    var grid = Model1Fixture.grid(Model1Fixture.version2)
    for codeword in 1...count {
      let index = Int(layout.dataModules[codeword * 8 + 7])
      grid.modules[index].toggle()
    }
    return grid
  }
  // Level M, 16 check codewords: 8 errors at most.
  let symbol = try Decoder.decode(damaged(8))
  #expect(symbol.text == "QR Code Model 1 ")
  #expect(symbol.blocks.map(\.errorCount) == [8])
  #expect(throws: DecodeError.self) { try Decoder.decode(damaged(9)) }
}

/// The placement covers distinct modules off the finder, separator, timing and format
/// information modules, and enough codewords for every level's blocks (the tables leave up to
/// 4 placed codewords unused: 14-H has 6 × 101 of 610).
@Test(arguments: Model1.versionRange)
func model1LayoutIsConsistent(number: Int) throws {
  let version = Version(number)!
  let order = Model1.dataModuleOrder(version)
  #expect(order.count % 8 == 0)
  let size = version.size
  #expect(Set(order.map { $0.y * size + $0.x }).count == order.count)
  for position in order {
    let (x, y) = (position.x, position.y)
    #expect((0..<size).contains(x) && (0..<size).contains(y))
    let isFinderOrFormat =
      (x <= 8 && y <= 8) || (x >= size - 8 && y <= 8) || (x <= 8 && y >= size - 8)
    #expect(!isFinderOrFormat, "\(position) in version \(number)")
    #expect(x != 6 && y != 6, "\(position) on a timing pattern in version \(number)")
  }
  let placed = order.count / 8
  for level in ErrorCorrectionLevel.allCases {
    let structure = try #require(BlockStructure(model1: version, level))
    let total = structure.dataCodewordCount + structure.errorCorrectionCodewordCount
    #expect(total <= placed && total >= placed - 4, "\(number)-\(level)")
  }
}

@Test func model1HasNoVersionAbove14() {
  #expect(BlockStructure(model1: Version(15)!, .low) == nil)
}

/// Format information: a Model 2 codeword with up to 2 bit errors is nearer to Model 2 than
/// to any Model 1 codeword, and the reverse, so the decoder never takes one for the other.
@Test func model1AndModel2FormatInformationNeverConfused() {
  var flips: [UInt16] = [0]
  for a in 0..<15 {
    flips.append(1 << a)
    for b in (a + 1)..<15 { flips.append(1 << a | 1 << b) }
  }
  for (information, codeword) in FormatInformation.all {
    for flip in flips {
      let model2 = FormatInformation.nearest(to: codeword ^ flip)
      let model1 = FormatInformation.nearestModel1(to: codeword ^ flip)
      #expect(model2?.information == information)
      #expect((model1?.bitErrors ?? 4) > (model2?.bitErrors ?? 4))
    }
  }
  for (information, codeword) in FormatInformation.allModel1 {
    for flip in flips {
      let model1 = FormatInformation.nearestModel1(to: codeword ^ flip)
      let model2 = FormatInformation.nearest(to: codeword ^ flip)
      #expect(model1?.information == information)
      #expect((model2?.bitErrors ?? 4) > (model1?.bitErrors ?? 4))
    }
  }
}

/// Model 2 symbols of the Model 1 sizes, intact or with their data destroyed, are never read
/// as Model 1.
@Test(arguments: Model1.versionRange)
func model2SymbolsAreNeverReadAsModel1(number: Int) throws {
  let version = SymbolVersion.qr(Version(number)!)
  for level in ErrorCorrectionLevel.allCases {
    for mask in Mask.allCases {
      let seed = UInt64(number * 100 + level.rawValue * 10 + mask.pattern)
      let (payload, symbol) = try DecodeFixture.symbol(.byte, version, level, mask, seed: seed)
      let decoded = try Decoder.decode(symbol.matrix)
      #expect(decoded.bytes == payload)
      #expect(!decoded.isModel1)
      #expect(decoded.symbologyIdentifier == "]Q1")
      #expect(throws: DecodeError.self) {
        try Decoder.decodeModel1Once(symbol.matrix, unreliableModules: nil, isMirrored: false)
      }
      // Every data module inverted: Model 2 fails, and Model 1 is not tried on it.
      var grid = symbol.matrix
      for index in DecodingLayout.of(version).dataModules { grid.modules[Int(index)].toggle() }
      #expect(throws: DecodeError.self) { try Decoder.decode(grid) }
    }
  }
}
