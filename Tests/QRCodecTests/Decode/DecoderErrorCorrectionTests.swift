// SPDX-License-Identifier: MIT
// End to end: damaged modules up to each block's capacity decode exactly; one more is an error.

import QRRandom
import Testing

@testable import QRCodec

/// Where each codeword of a symbol sits: its data modules and its block.
struct CodewordMap {
  /// Module indices (row-major) of each codeword, in placement order.
  let modules: [[Int]]
  /// The block of each codeword, in placement order.
  let blocks: [Int]
  /// The number of blocks.
  let blockCount: Int

  init(_ version: SymbolVersion, _ level: ErrorCorrectionLevel) {
    guard let structure = version.blockStructure(level) else {
      preconditionFailure("no \(level) in \(version)")
    }
    let layout = DecodingLayout.of(version)
    let dataLengths = structure.dataCodewordsPerBlock
    var blocks: [Int] = []
    for position in 0..<(dataLengths.max() ?? 0) {
      for block in dataLengths.indices where position < dataLengths[block] { blocks.append(block) }
    }
    for _ in 0..<structure.errorCorrectionCodewordsPerBlock { blocks += dataLengths.indices }
    var modules: [[Int]] = []
    var bit = 0
    for i in blocks.indices {
      let isHalf = structure.hasHalfFinalDataCodeword && i == structure.dataCodewordCount - 1
      let width = isHalf ? 4 : 8
      modules.append((bit..<bit + width).map { Int(layout.dataModules[$0]) })
      bit += width
    }
    self.modules = modules
    self.blocks = blocks
    self.blockCount = dataLengths.count
  }

  /// The codeword indices of each block.
  var codewordsByBlock: [[Int]] {
    var result = [[Int]](repeating: [], count: blockCount)
    for (index, block) in blocks.enumerated() { result[block].append(index) }
    return result
  }
}

extension BitMatrix {
  /// Inverts a random nonempty subset of `modules`.
  mutating func damage(_ modules: [Int], using generator: inout SplitMix64) {
    let mask = Int.random(in: 1..<(1 << modules.count), using: &generator)
    for (i, index) in modules.enumerated() where mask >> i & 1 == 1 {
      invert(x: index % size, y: index / size)
    }
  }
}

/// The symbols the property runs over: every Micro QR version and level, and QR Code versions
/// 1–10, 15, 27 and 40 at every level.
private let damageCases: [(SymbolVersion, ErrorCorrectionLevel)] =
  MicroVersion.allCases.flatMap { version in version.supportedLevels.map { (.micro(version), $0) } }
  + [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 15, 27, 40].flatMap { number in
    ErrorCorrectionLevel.allCases.map { (.qr(Version(uncheckedNumber: number)), $0) }
  }

/// Property over 2,000+ seeds: in every block, as many damaged codewords as its capacity allows
/// (2 × errors ≤ n − k − p, or 2 × errors + erasures ≤ n − k − p − 3 with erasures) give the exact
/// payload and the right per-block counts; one
/// more damaged codeword in one block is `blockBeyondCapacity` for that block, never a payload.
@Test(arguments: damageCases.indices)
func damageUpToCapacityDecodesAndOneMoreFails(caseIndex: Int) throws {
  let (version, level) = damageCases[caseIndex]
  let map = CodewordMap(version, level)
  let byBlock = map.codewordsByBlock
  let mask = version.isMicro ? Mask.microCases[caseIndex % 4] : Mask.allCases[caseIndex % 8]
  let mode: Mode = version > .micro(.m2) ? .byte : .numeric
  let (payload, symbol) = try DecodeFixture.symbol(
    mode, version, level, mask, seed: UInt64(caseIndex))
  let parity = version.blockStructure(level)?.errorCorrectionCodewordsPerBlock ?? 0
  let capacity = parity - Decoder.misdecodeProtectionCodewordCount(version, level)
  let seeds = version.size > 60 ? 10 : 40
  for seed in 0..<seeds {
    var generator = SplitMix64(seed: UInt64(caseIndex * 1000 + seed))
    // Within capacity: per block, f erasures and e errors with 2e + f = capacity (or one less).
    var grid = symbol.matrix
    var unreliable = BitMatrix(size: grid.size)
    var expected: [(errors: Int, erasures: Int)] = []
    for codewords in byBlock {
      // Erasure-aided corrections keep `erasureVerificationMargin` syndromes unused.
      let erasureCapacity = max(0, capacity - Decoder.erasureVerificationMargin)
      let f = seed % 2 == 0 ? 0 : Int.random(in: 0...erasureCapacity, using: &generator)
      let e = ((f > 0 ? erasureCapacity : capacity) - f) / 2
      let chosen = generator.distinct(e + f, in: 0..<codewords.count).map { codewords[$0] }
      for codeword in chosen.prefix(e) { grid.damage(map.modules[codeword], using: &generator) }
      for codeword in chosen.dropFirst(e) {
        grid.damage(map.modules[codeword], using: &generator)
        let module = map.modules[codeword][0]
        unreliable.setDark(true, x: module % grid.size, y: module / grid.size)
      }
      expected.append((e, f))
    }
    let decoded = try Decoder.decode(grid, unreliableModules: unreliable)
    #expect(decoded.bytes == payload, "\(version)-\(level) seed \(seed)")
    for (block, correction) in decoded.blocks.enumerated() {
      #expect(correction.errorCount == expected[block].errors, "block \(block) seed \(seed)")
      #expect(correction.erasureCount <= expected[block].erasures)
      #expect(correction.capacity == capacity)
      #expect(correction.margin >= 0)
    }

    // One beyond: capacity / 2 + 1 errors in one block, without erasures.
    var beyond = symbol.matrix
    let block = Int.random(in: 0..<map.blockCount, using: &generator)
    let count = min(capacity / 2 + 1, byBlock[block].count)
    for index in generator.distinct(count, in: 0..<byBlock[block].count) {
      beyond.damage(map.modules[byBlock[block][index]], using: &generator)
    }
    do {
      let wrong = try Decoder.decode(beyond, allowsMirrored: false)
      Issue.record("\(version)-\(level) seed \(seed): decoded beyond capacity: \(wrong.bytes)")
    } catch DecodeError.blockBeyondCapacity(let failed, let blockCount, _) {
      #expect(failed == block && blockCount == map.blockCount)
    } catch {
      Issue.record("\(version)-\(level) seed \(seed): \(error)")
    }
  }
}

@Test func formatInformationWithThreeBitErrorsInBothCopiesStillReads() throws {
  let (payload, symbol) = try DecodeFixture.symbol(
    .byte, .qr(Version(uncheckedNumber: 2)), .quartile, Mask(uncheckedPattern: 5))
  let layout = DecodingLayout.of(.qr(Version(uncheckedNumber: 2)))
  var grid = symbol.matrix
  for copy in layout.formatInformation {
    for index in copy.prefix(3) { grid.invert(x: index % grid.size, y: index / grid.size) }
  }
  let decoded = try Decoder.decode(grid)
  #expect(decoded.bytes == payload)
  #expect(decoded.formatInformationBitErrors == 3)
  // Four errors in the first copy, one in the second: the second copy is used.
  var second = symbol.matrix
  for index in layout.formatInformation[0].prefix(4) {
    second.invert(x: index % grid.size, y: index / grid.size)
  }
  let index = layout.formatInformation[1][7]
  second.invert(x: index % grid.size, y: index / grid.size)
  let fromSecond = try Decoder.decode(second)
  #expect(fromSecond.formatInformationCopy == 1)
  #expect(fromSecond.formatInformationBitErrors == 1)
}

@Test func unreadableFormatInformationFailsFast() throws {
  let (_, symbol) = try DecodeFixture.symbol(
    .byte, .qr(Version(uncheckedNumber: 10)), .medium, Mask(uncheckedPattern: 2))
  var grid = symbol.matrix
  let layout = DecodingLayout.of(.qr(Version(uncheckedNumber: 10)))
  // All light reads 0x0000, at least 4 bits from every codeword (the XOR mask 0x5412 keeps
  // them away from zero).
  for index in layout.formatInformation.joined() {
    grid.setDark(false, x: index % grid.size, y: index / grid.size)
  }
  #expect(throws: DecodeError.formatInformationUnreadable) {
    try Decoder.decode(grid, allowsMirrored: false)
  }
}

@Test func versionInformationMismatchAndUnreadable() throws {
  let (_, symbol) = try DecodeFixture.symbol(
    .byte, .qr(Version(uncheckedNumber: 7)), .low, Mask(uncheckedPattern: 0))
  let layout = DecodingLayout.of(.qr(Version(uncheckedNumber: 7)))
  var grid = symbol.matrix
  let codeword = VersionInformation.codeword(Version(uncheckedNumber: 8))
  for copy in layout.versionInformation {
    for (bit, index) in copy.enumerated() {
      grid.setDark(codeword >> bit & 1 == 1, x: index % grid.size, y: index / grid.size)
    }
  }
  #expect(
    throws: DecodeError.versionMismatch(
      grid: .qr(Version(uncheckedNumber: 7)), information: .qr(Version(uncheckedNumber: 8)))
  ) {
    try Decoder.decode(grid, allowsMirrored: false)
  }
  // A word at least 4 bits from every version information codeword.
  let far = (UInt32(0)..<(1 << 18)).first { word in
    VersionInformation.all.allSatisfy { ($0.codeword ^ word).nonzeroBitCount >= 4 }
  }
  for copy in layout.versionInformation {
    for (bit, index) in copy.enumerated() {
      grid.setDark((far ?? 0) >> bit & 1 == 1, x: index % grid.size, y: index / grid.size)
    }
  }
  #expect(throws: DecodeError.versionInformationUnreadable) {
    try Decoder.decode(grid, allowsMirrored: false)
  }
}

@Test func invalidGridSizes() {
  for size in [0, 10, 12, 19, 22, 181] {
    #expect(throws: DecodeError.invalidGridSize(size)) {
      try Decoder.decode(BitMatrix(size: size))
    }
  }
}

@Test func randomGridsNeverDecodeToAPayloadWithoutVerification() {
  var generator = SplitMix64(seed: 99)
  var decodedCount = 0
  for round in 0..<400 {
    let size = [11, 13, 15, 17, 21, 25, 45, 57][round % 8]
    var grid = BitMatrix(size: size)
    for y in 0..<size {
      for x in 0..<size where Bool.random(using: &generator) { grid.setDark(true, x: x, y: y) }
    }
    if (try? Decoder.decode(grid)) != nil { decodedCount += 1 }
  }
  // Random data almost never forms codewords; any success would have to pass Reed–Solomon.
  #expect(decodedCount <= 2)
}

/// Mutation fuzzing in miniature: real symbols with 1–60 % of all modules (function patterns
/// included) inverted never crash the decoder, and whatever decodes is the exact payload.
@Test func mutatedGridsDecodeExactlyOrFail() throws {
  var generator = SplitMix64(seed: 2024)
  var exact = 0
  var failed = 0
  for round in 0..<600 {
    let version: SymbolVersion =
      round % 3 == 0
      ? .micro(MicroVersion.allCases[round % 4])
      : .qr(Version(uncheckedNumber: 1 + round % 12))
    let level = version.supportedLevels[round % version.supportedLevels.count]
    let mask = version.isMicro ? Mask.microCases[round % 4] : Mask.allCases[round % 8]
    let mode: Mode = version > .micro(.m2) ? .byte : .numeric
    let (payload, symbol) = try DecodeFixture.symbol(
      mode, version, level, mask, seed: UInt64(round))
    var grid = symbol.matrix
    let size = grid.size
    let fraction = [0.01, 0.03, 0.1, 0.6][round % 4]
    for _ in 0..<max(1, Int(Double(size * size) * fraction)) {
      grid.invert(
        x: Int.random(in: 0..<size, using: &generator),
        y: Int.random(in: 0..<size, using: &generator))
    }
    if let decoded = try? Decoder.decode(grid) {
      #expect(decoded.bytes == payload, "round \(round)")
      exact += 1
    } else {
      failed += 1
    }
  }
  #expect(exact > 100 && failed > 100)
}
