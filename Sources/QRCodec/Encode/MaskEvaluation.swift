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
    if n <= Self.largestWordSize { return wordPenaltyScore() }
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

  /// The largest symbol whose rows fit one 64-bit word with four light modules on each side:
  /// QR Code versions 1 to 9 and every Micro QR symbol, the sizes `qrrender --lines` makes most.
  static let largestWordSize = 56

  /// `penaltyScore()` with every row and column as one 64-bit word (`lineWords()`), scored by
  /// `wordPenaltyScore(lines:size:)`.
  ///
  /// - Precondition: `size` ≤ `largestWordSize`.
  func wordPenaltyScore() -> Int {
    precondition(size > 0 && size <= Self.largestWordSize, "matrix too large for one word a line")
    return lineWords().withUnsafeBufferPointer { Self.wordPenaltyScore(lines: $0, size: size) }
  }

  /// The rows, then the columns, as 64-bit words: bit *x* of word *y* and bit *y* of word
  /// `size` + *x* are the module at (*x*, *y*), 1 dark.
  ///
  /// - Precondition: `size` ≤ 64.
  func lineWords() -> [UInt64] {
    let n = size
    precondition(n <= 64, "matrix too large for one word a line")
    var lines = [UInt64](repeating: 0, count: 2 * n)
    // Rows are packed without a branch per module (a module's colour is data: a branch on it
    // goes the wrong way half the time), then transposed into the columns. Every index below is
    // in 0..<n * n, 0..<64 or 0..<2n.
    withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 64) { square in
      square.initialize(repeating: 0)
      modules.withUnsafeBufferPointer { m in
        for y in 0..<n {
          var word: UInt64 = 0
          // The row through its own buffer: no index arithmetic to check per module.
          for (x, module) in UnsafeBufferPointer(rebasing: m[y * n..<(y + 1) * n]).enumerated() {
            word |= UInt64(module ? 1 : 0) &<< UInt64(truncatingIfNeeded: x)
          }
          square[y] = word
          lines[y] = word
        }
      }
      Self.transpose(square)
      for x in 0..<n { lines[n + x] = square[x] }
    }
    return lines
  }

  /// Transposes a 64 × 64 bit matrix in place: bit *x* of word *y* becomes bit *y* of word *x*.
  /// Six rounds, each swapping the off-diagonal blocks of every block pair (halves, quarters,
  /// … down to single bits).
  ///
  /// - Precondition: `words` holds 64 words.
  static func transpose(_ words: UnsafeMutableBufferPointer<UInt64>) {
    precondition(words.count == 64, "not a 64 × 64 bit matrix")
    guard let base = words.baseAddress else { return }
    var width = 32
    var low: UInt64 = 0x0000_0000_FFFF_FFFF  // the low `width` bits of each 2 × `width` block
    while width != 0 {
      // Rows k and k + width for every k whose `width` bit is clear: all in 0..<64.
      var k = 0
      while k < 64 {
        let swapped = (base[k] &>> UInt64(width) ^ base[k &+ width]) & low
        base[k] ^= swapped &<< UInt64(width)
        base[k &+ width] ^= swapped
        k = (k &+ width &+ 1) & ~width
      }
      width >>= 1
      low ^= low &<< UInt64(width)
    }
  }

  /// The penalty score of a symbol given as its rows and columns (`lineWords()`), each rule
  /// counted for a whole line at once with shifts and population counts. The same four rules,
  /// the same score as `penaltyScore()`.
  ///
  /// - N1: bit *x* of `five` is set where modules *x*…*x*+4 are one colour; a run of length
  ///   *L* ≥ 5 has *L* − 4 of them and one start, and scores (*L* − 4) + 2.
  /// - N3: the line shifted up by four, so that light padding stands for the quiet zone;
  ///   `finder` marks where dark-light-dark-dark-dark-light-dark begins, counted when the
  ///   four modules before or the four after it are light.
  /// - N2: two rows at a time; a block is one colour when both columns agree vertically and
  ///   the top two agree horizontally.
  ///
  /// - Precondition: 0 < `size` ≤ `largestWordSize`, and `lines` holds 2 × `size` words.
  static func wordPenaltyScore(lines: UnsafeBufferPointer<UInt64>, size n: Int) -> Int {
    precondition(n > 0 && n <= largestWordSize && lines.count == 2 * n, "not a symbol's lines")
    let width = UInt64(n)
    let pairs: UInt64 = (1 << (width - 1)) - 1  // bit x for x in 0..<n-1
    var score = 0
    var dark = 0
    for line in lines {
      let same = ~(line ^ line >> 1) & pairs  // x and x+1 alike
      let five = same & same >> 1 & same >> 2 & same >> 3
      score &+= five.nonzeroBitCount + 2 * (five & ~(five << 1)).nonzeroBitCount  // N1
      let padded = line << 4
      let light = ~padded
      let finder =
        padded & ~(padded >> 1) & padded >> 2 & padded >> 3 & padded >> 4 & ~(padded >> 5)
        & padded >> 6
      let before = light << 1 & light << 2 & light << 3 & light << 4
      let after = light >> 7 & light >> 8 & light >> 9 & light >> 10
      score &+= 40 * (finder & (before | after)).nonzeroBitCount  // N3
    }
    for y in 0..<n {
      dark &+= lines[y].nonzeroBitCount
      guard y + 1 < n else { break }
      let vertical = ~(lines[y] ^ lines[y + 1])
      let block = vertical & vertical >> 1 & ~(lines[y] ^ lines[y] >> 1) & pairs
      score &+= 3 * block.nonzeroBitCount  // N2
    }
    let total = n * n
    let fivePercentSteps = abs(dark * 20 - total * 10) / total
    return score + 10 * fivePercentSteps  // N4
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
