// SPDX-License-Identifier: MIT

import Testing

@testable import QRCodec

@Test func penaltyRulesOnSmallMatrices() throws {
  // All light 5 × 5: N1 5 rows + 5 columns × 3 = 30, N2 16 × 3 = 48, N4 100 % dark off by 50 %:
  // 10 × 10 = 100.
  #expect(BitMatrix(size: 5).penaltyScore() == 30 + 48 + 100)
  // A finder-like row 1011101 followed by four light modules, in an 11-wide matrix.
  var rows = [[Bool]](repeating: [Bool](repeating: false, count: 11), count: 11)
  for (x, dark) in [true, false, true, true, true, false, true].enumerated() { rows[0][x] = dark }
  let matrix = try #require(BitMatrix(rows: rows))
  var withoutPattern = rows
  withoutPattern[0][1] = true
  let other = try #require(BitMatrix(rows: withoutPattern))
  // Filling the gap removes the N3 hit (40); N1 changes by −2: the row gains a run of 5 (+3)
  // and column 1 turns from 11 light (9) into 1 dark + 10 light (8). N2 and N4 stay.
  #expect(matrix.penaltyScore() - other.penaltyScore() == 40 - 2)
}

@Test func microMaskScoreUsesTheEdges() {
  var matrix = BitMatrix(size: 11)
  for y in 1..<11 { matrix.setDark(true, x: 10, y: y) }  // SUM1 = 10
  for x in 1..<4 { matrix.setDark(true, x: x, y: 10) }  // SUM2 = 3 (+1 shared corner)
  #expect(matrix.microMaskScore() == 4 * 16 + 10)
}

@Test(.enabled(if: Oracle.isAvailable, Oracle.unavailableReason))
func penaltyScoreAgreesWithSegno() throws {
  var matrices: [BitMatrix] = []
  for version in stride(from: 1, through: 40, by: 3) {
    for mask in Mask.allCases where (mask.pattern + version) % 3 == 0 {
      var options = EncodeOptions()
      options.version = .qr(Version(version) ?? Version.minimum)
      options.mask = mask
      matrices.append(
        try Encoder.encode(
          sweepPayload(.byte, count: version * 10, seed: version), options: options
        )
        .matrix)
    }
  }
  let lines = try Oracle.run(
    """
    import sys
    from segno import encoder
    for line in sys.stdin:
        bits = line.strip()
        n = int(len(bits) ** 0.5)
        matrix = [bytearray(int(b) for b in bits[i * n:(i + 1) * n]) for i in range(n)]
        print(sum(encoder.mask_scores(matrix, n, n)))
    """, input: matrices.map(Oracle.bits).joined(separator: "\n"))
  try #require(lines.count == matrices.count)
  // segno resumes its N3 search seven modules after a hit, so it misses a second 1:1:3:1:1
  // that shares the first one's last dark module; those count 40 each here, as the rules say.
  var exact = 0
  for (matrix, line) in zip(matrices, lines) {
    let difference = matrix.penaltyScore() - (Int(line) ?? 0)
    #expect(difference >= 0 && difference % 40 == 0, "size \(matrix.size)")
    if difference == 0 { exact += 1 }
  }
  #expect(exact * 10 >= matrices.count * 9, "\(exact) of \(matrices.count) equal")
}

/// The penalty rules written the slow, literal way, module by module.
func referencePenalty(_ matrix: BitMatrix) -> Int {
  let n = matrix.size
  var score = 0
  for isRow in [true, false] {
    for i in 0..<n {
      let line = (0..<n).map { isRow ? matrix.isDark(x: $0, y: i) : matrix.isDark(x: i, y: $0) }
      var run = 0
      for (j, module) in line.enumerated() {
        run = j > 0 && line[j - 1] == module ? run + 1 : 1
        if run == 5 { score += 3 } else if run > 5 { score += 1 }
      }
      func isLight(_ j: Int) -> Bool { j < 0 || j >= n || !line[j] }
      let pattern = [true, false, true, true, true, false, true]
      for start in 0..<max(0, n - 6) where (0..<7).allSatisfy({ line[start + $0] == pattern[$0] }) {
        let before = (start - 4..<start).allSatisfy(isLight)
        let after = (start + 7..<start + 11).allSatisfy(isLight)
        if before || after { score += 40 }
      }
    }
  }
  for y in 0..<n - 1 {
    for x in 0..<n - 1 {
      let colour = matrix.isDark(x: x, y: y)
      if matrix.isDark(x: x + 1, y: y) == colour && matrix.isDark(x: x, y: y + 1) == colour
        && matrix.isDark(x: x + 1, y: y + 1) == colour
      {
        score += 3
      }
    }
  }
  return score + 10 * (abs(matrix.darkCount * 20 - n * n * 10) / (n * n))
}

@Test func penaltyScoreMatchesLiteralRulesOnRandomMatrices() {
  var state: UInt32 = 99
  // Sizes 7…36 take the one-word-a-line path, 50…79 (past 56) the run-length one.
  for trial in 0..<360 {
    let size = trial < 300 ? 7 + trial % 30 : 50 + trial % 30
    var matrix = BitMatrix(size: size)
    // Sparse and dense matrices make long runs and 1:1:3:1:1 patterns likely.
    let density = UInt32(trial % 5 + 1)
    for y in 0..<size {
      for x in 0..<size {
        state = state &* 1_664_525 &+ 1_013_904_223
        matrix.setDark((state >> 16) % 6 < density, x: x, y: y)
      }
    }
    #expect(matrix.penaltyScore() == referencePenalty(matrix), "trial \(trial)")
  }
}

@Test func invertingPatternsAreEachMasksCondition() {
  for y in 0..<177 {
    for x in 0..<177 {
      let bits = Mask.invertingPatterns(x: x, y: y)
      for mask in Mask.allCases {
        #expect((bits >> mask.pattern & 1 == 1) == mask.inverts(x: x, y: y), "(\(x), \(y)) \(mask)")
      }
    }
  }
}

/// Versions 1–9 choose their mask on rows and columns as words: the same mask as masking the
/// whole matrix eight times and taking the lowest `penaltyScore()` (the first on a tie).
@Test func wordMaskChoiceIsTheLowestPenalty() throws {
  var state: UInt32 = 7
  for number in 1...9 {
    let version = SymbolVersion.qr(try #require(Version(number)))
    for level in ErrorCorrectionLevel.allCases {
      let capacity = try #require(version.dataBitCapacity(level))
      for _ in 0..<6 {
        let count = Int(state % UInt32((capacity - 4 - 16) / 8)) + 1
        let bytes = (0..<count).map { _ in
          state = state &* 1_664_525 &+ 1_013_904_223
          return UInt8(truncatingIfNeeded: state >> 16)
        }
        let segments = [Segment.byte(bytes)]
        let chosen = SymbolBuilder.build(
          segments: segments, version: version, level: level, mask: nil)
        let scores = Mask.allCases.map { mask in
          SymbolBuilder.build(segments: segments, version: version, level: level, mask: mask)
            .matrix.penaltyScore()
        }
        let lowest = try #require(scores.indices.min { scores[$0] < scores[$1] })
        #expect(chosen.mask.pattern == lowest, "version \(number) \(level) \(count) bytes")
        #expect(chosen.matrix.penaltyScore() == scores[lowest])
      }
    }
  }
}
