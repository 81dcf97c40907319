// SPDX-License-Identifier: MIT
// The mask evaluation rules: QR Code's four penalty rules and Micro QR's edge count.

extension BitMatrix {
  /// The QR Code mask penalty score of the symbol; the mask with the lowest score wins.
  ///
  /// The sum of four rules (ISO/IEC 18004:2015, 7.8.3.1, Table 11):
  /// - N1 = 3: each run of five or more same-colour modules in a row or column scores
  ///   3 + (length − 5).
  /// - N2 = 3: each 2 × 2 block of one colour scores 3 (blocks may overlap).
  /// - N3 = 40: each dark-light-dark-dark-dark-light-dark (1:1:3:1:1) run in a row or column
  ///   with four light modules before or after it scores 40; beyond the edge counts as light,
  ///   since the quiet zone is.
  /// - N4 = 10: 10 for every full 5 % by which the dark proportion differs from 50 %.
  ///
  /// - Complexity: O(*size*²).
  public func penaltyScore() -> Int {
    var score = 0
    var row = [Bool](repeating: false, count: size)
    var column = [Bool](repeating: false, count: size)
    for i in 0..<size {
      for j in 0..<size {
        row[j] = isDark(x: j, y: i)
        column[j] = isDark(x: i, y: j)
      }
      score += Self.runPenalty(row) + Self.finderLikePenalty(row)
      score += Self.runPenalty(column) + Self.finderLikePenalty(column)
    }
    for y in 0..<size - 1 {
      for x in 0..<size - 1 {
        let colour = isDark(x: x, y: y)
        if isDark(x: x + 1, y: y) == colour && isDark(x: x, y: y + 1) == colour
          && isDark(x: x + 1, y: y + 1) == colour
        {
          score += 3
        }
      }
    }
    let total = size * size
    let fivePercentSteps = abs(darkCount * 20 - total * 10) / total
    return score + 10 * fivePercentSteps
  }

  /// Rule N1 on one line.
  private static func runPenalty(_ line: [Bool]) -> Int {
    var score = 0
    var runLength = 0
    for (i, module) in line.enumerated() {
      runLength = i > 0 && line[i - 1] == module ? runLength + 1 : 1
      if runLength == 5 {
        score += 3
      } else if runLength > 5 {
        score += 1
      }
    }
    return score
  }

  /// Rule N3 on one line.
  private static func finderLikePenalty(_ line: [Bool]) -> Int {
    let pattern = [true, false, true, true, true, false, true]
    func isLight(_ range: Range<Int>) -> Bool {
      range.allSatisfy { $0 < 0 || $0 >= line.count || !line[$0] }
    }
    var score = 0
    for start in 0..<max(0, line.count - 6) where line[start] {
      guard (0..<7).allSatisfy({ line[start + $0] == pattern[$0] }) else { continue }
      if isLight(start - 4..<start) || isLight(start + 7..<start + 11) { score += 40 }
    }
    return score
  }

  /// The Micro QR mask evaluation score; the mask with the highest score wins.
  ///
  /// With SUM1 the dark modules of the right edge and SUM2 those of the bottom edge (the
  /// timing pattern modules excluded), the score is SUM1 × 16 + SUM2 if SUM1 ≤ SUM2, else
  /// SUM2 × 16 + SUM1. ISO/IEC 18004:2015, 7.8.3.2.
  ///
  /// - Complexity: O(*size*).
  public func microMaskScore() -> Int {
    let right = (1..<size).filter { isDark(x: size - 1, y: $0) }.count
    let bottom = (1..<size).filter { isDark(x: $0, y: size - 1) }.count
    return min(right, bottom) * 16 + max(right, bottom)
  }
}
