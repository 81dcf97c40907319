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
    let n = size
    // Eight masks per symbol, up to 177 × 177 modules each: read the storage directly. Every
    // index below is in 0..<n * n by construction of the loops.
    guard n > 0 else { return 0 }
    // The run lengths of one line go to scratch space allocated once for all 2n lines (a
    // line has at most n runs), not to an array whose uniqueness every store would check.
    return modules.withUnsafeBufferPointer { m in
      withUnsafeTemporaryAllocation(of: Int.self, capacity: n) { runs in
        var score = 0
        for i in 0..<n {
          score &+= Self.linePenalty(m, first: i * n, step: 1, count: n, runs: runs)  // row i
          score &+= Self.linePenalty(m, first: i, step: n, count: n, runs: runs)  // column i
        }
        var dark = 0
        for y in 0..<n {
          let row = y * n
          for x in 0..<n where m[row + x] { dark &+= 1 }
          guard y + 1 < n else { break }
          let below = row + n
          for x in 0..<n - 1 {
            let colour = m[row + x]
            if m[row + x + 1] == colour && m[below + x] == colour && m[below + x + 1] == colour {
              score &+= 3  // N2
            }
          }
        }
        let total = n * n
        let fivePercentSteps = abs(dark * 20 - total * 10) / total
        return score + 10 * fivePercentSteps  // N4
      }
    }
  }

  /// Rules N1 and N3 on one row or column: `count` modules from `first`, `step` apart.
  ///
  /// Works on run lengths (`runs` is scratch space of at least `count`). A 1:1:3:1:1 occurrence
  /// is a dark run, then light 1, dark 3, light 1, then a dark run. It has four light modules
  /// before it when the first dark run is 1 long and the light run before it is 4 or more long
  /// or reaches the edge; likewise after it with the last dark run.
  private static func linePenalty(
    _ m: UnsafeBufferPointer<Bool>, first: Int, step: Int, count: Int,
    runs: UnsafeMutableBufferPointer<Int>
  ) -> Int {
    let isFirstRunDark = m[first]
    var runCount = 0
    var length = 0
    var colour = isFirstRunDark
    var index = first
    for _ in 0..<count {
      let module = m[index]
      index &+= step
      if module == colour {
        length &+= 1
      } else {
        runs[runCount] = length
        runCount += 1
        colour = module
        length = 1
      }
    }
    runs[runCount] = length
    runCount += 1
    var score = 0
    for k in 0..<runCount where runs[k] >= 5 { score += runs[k] - 2 }  // N1: 3 + (length − 5)
    // Dark runs sit at even indices when the line starts dark, odd otherwise.
    var k = isFirstRunDark ? 0 : 1
    while k + 4 < runCount {
      if runs[k + 1] == 1 && runs[k + 2] == 3 && runs[k + 3] == 1 {
        let isLightBefore = k <= 1 || runs[k - 1] >= 4
        let isLightAfter = k + 5 >= runCount - 1 || runs[k + 5] >= 4
        if (runs[k] == 1 && isLightBefore) || (runs[k + 4] == 1 && isLightAfter) {
          score += 40  // N3
        }
      }
      k += 2
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
