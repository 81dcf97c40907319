// SPDX-License-Identifier: MIT
// Read access to a binarized image, and run measurements along lines.

import QRImage

/// A read-only view of binarized pixels (dark or light) with the measurements the finder and
/// alignment searches share.
///
/// The pixels are packed one bit each into 64-bit words, row by row: pixel (x, y) is bit
/// `x & 63` of word `y * wordsPerRow + x >> 6`, set when dark; the bits past `width` in a
/// row's last word are 0 (light). A 1280 × 720 image is then 115 KB, which stays in the L2
/// cache while the row scan and the walks down the columns read it (a byte a pixel, 0.9 MB,
/// did not: the detector was bound by memory).
struct BinaryImage {
  let width: Int
  let height: Int
  /// The words of one row: `(width + 63) / 64`.
  let wordsPerRow: Int
  /// `wordsPerRow * height` words, row-major, as described above.
  let words: [UInt64]

  /// A view of `words` (`wordsPerRow * height` of them, laid out as described above, with the
  /// bits past `width` 0), which it shares rather than copies (as the detector wraps the
  /// binarizer's words).
  ///
  /// - Complexity: O(1).
  init(width: Int, height: Int, words: [UInt64]) {
    let wordsPerRow = Self.wordsPerRow(width)
    precondition(width >= 0 && height >= 0 && words.count == wordsPerRow * height)
    self.width = width
    self.height = height
    self.wordsPerRow = wordsPerRow
    self.words = words
  }

  /// An image of `bits`, one byte a pixel row-major (`width * height` of them): 0 light, any
  /// other value dark. A convenience for tests and small inputs; it packs the bytes.
  ///
  /// - Complexity: O(*width* × *height*).
  init(width: Int, height: Int, bits: [UInt8]) {
    precondition(width >= 0 && height >= 0 && bits.count == width * height)
    let wordsPerRow = Self.wordsPerRow(width)
    var words = [UInt64](repeating: 0, count: wordsPerRow * height)
    for y in 0..<height {
      for x in 0..<width where bits[y * width + x] != 0 {
        words[y * wordsPerRow + x >> 6] |= 1 << UInt64(x & 63)
      }
    }
    self.init(width: width, height: height, words: words)
  }

  /// The words a row of `width` pixels takes.
  static func wordsPerRow(_ width: Int) -> Int { (width + 63) >> 6 }

  /// Pixel `x` of the row whose words start at `rowStart`: 1 dark, 0 light. Every read of a
  /// pixel goes through this (unchecked: the caller keeps `x` inside the row).
  @inline(__always)
  private static func pixel(_ words: UnsafeBufferPointer<UInt64>, _ rowStart: Int, _ x: Int)
    -> UInt64
  {
    (words[rowStart &+ x &>> 6] &>> UInt64(truncatingIfNeeded: x & 63)) & 1
  }

  /// Whether pixel (`x`, `y`) is dark; pixels outside the image are light.
  ///
  /// Every walk and search of the detector reads pixels through this (or `darkness`): the read
  /// is unchecked once the guard has put the pixel inside the image (measured: the checked
  /// subscript was a third of the finder walks and stones confirmations).
  @inline(__always)
  func isDark(_ x: Int, _ y: Int) -> Bool {
    guard x >= 0, y >= 0, x < width, y < height else { return false }
    // Unsafe: 0 <= x < width and 0 <= y < height, so the word is in row y's words.
    return words.withUnsafeBufferPointer { Self.pixel($0, y &* wordsPerRow, x) != 0 }
  }

  /// Whether the pixel containing `point` is dark.
  @inline(__always)
  func isDark(_ point: Point) -> Bool { darkness(point) != 0 }

  /// 1 when the pixel containing `point` is dark, else 0 (outside the image too): the bit
  /// itself, for counts that should not branch on each pixel's colour.
  @inline(__always)
  func darkness(_ point: Point) -> Int {
    // Compared as doubles first: a point from a degenerate transform may be huge, infinite or
    // NaN, and converting such a value to Int traps (NaN fails every comparison, so it is light).
    guard point.x >= 0, point.y >= 0, point.x < Double(width), point.y < Double(height) else {
      return 0
    }
    let (x, y) = (Int(point.x), Int(point.y))
    return words.withUnsafeBufferPointer { words in
      // Unsafe: the point lies inside the image (tested as doubles, so NaN is outside), so
      // the word is in row y's words.
      Int(truncatingIfNeeded: Self.pixel(words, y &* wordsPerRow, x))
    }
  }

  /// The finder pattern 1:1:3:1:1 runs through pixel (`x`, `y`) along step (`dx`, `dy`),
  /// starting inside the stone.
  ///
  /// Returns the centre of the stone and the length of the whole pattern, both measured in
  /// steps along the line, or nil when the runs are missing, longer than `maxRun`, out of
  /// proportion, or `limit` pixels or more in all (a caller that would reject a pattern that
  /// long spares the walk past it: the result is the same for every shorter pattern).
  ///
  /// - Complexity: O(min(`maxRun`, `limit`)).
  func finderRuns(
    x: Int, y: Int, dx: Int, dy: Int, maxRun: Int, limit: Int = .max
  ) -> (centre: Double, total: Int)? {
    guard isDark(x, y) else { return nil }
    // Backwards: stone (including the start), inner light ring, outer dark ring.
    guard let back = runs(x: x, y: y, dx: -dx, dy: -dy, count: 3, maxRun: maxRun, limit: limit)
    else { return nil }
    let backTotal = back.0 &+ back.1 &+ back.2
    guard
      let forth = runs(
        x: x &+ dx, y: y &+ dy, dx: dx, dy: dy, count: 3, maxRun: maxRun, startsDark: true,
        limit: limit &- backTotal)
    else { return nil }
    let stone = back.0 + forth.0
    let runs = (back.2, back.1, stone, forth.1, forth.2)
    let total = runs.0 + runs.1 + runs.2 + runs.3 + runs.4
    guard total < limit, Self.isFinderRatio(runs) else { return nil }
    let centre = Double(forth.0 - back.0 + 2) / 2 - 0.5
    return (centre, total)
  }

  /// The length of the 1:1:3:1:1 runs through `centre` along the unit vector `direction`,
  /// sampled a pixel apart, or nil when they are missing, longer than `maxRun` or out of
  /// proportion: the finder test along a line at any angle.
  ///
  /// - Complexity: O(`maxRun`).
  func finderExtent(through centre: Point, direction: Point, maxRun: Int) -> Int? {
    guard isDark(centre),
      let forth = ringRuns(from: centre, step: direction, maxRun: maxRun),
      let back = ringRuns(from: centre, step: direction * -1, maxRun: maxRun)
    else { return nil }
    let runs = (back.2, back.1, back.0 + forth.0 + 1, forth.1, forth.2)
    guard Self.isFinderRatio(runs) else { return nil }
    return runs.0 + runs.1 + runs.2 + runs.3 + runs.4
  }

  /// The runs met going out from `centre` by `step`: the rest of the stone (dark, may be
  /// empty), the light ring and the dark ring (cut at `maxRun`); nil when the light ring or the
  /// dark ring is missing, or the stone or light ring is longer than `maxRun`.
  private func ringRuns(from centre: Point, step: Point, maxRun: Int) -> (Int, Int, Int)? {
    var lengths = (0, 0, 0)
    var index = 0
    var length = 0
    var position = centre
    for _ in 0..<(3 * maxRun + 3) {
      position = position + step
      let isExpected = isDark(position) == (index != 1)
      if isExpected {
        length += 1
        guard length > maxRun else { continue }
        guard index == 2 else { return nil }
      }
      switch index {
      case 0: lengths.0 = length
      case 1: lengths.1 = length
      default: lengths.2 = length
      }
      guard index < 2 else { break }
      index += 1
      length = 1
    }
    return index == 2 && lengths.1 > 0 && lengths.2 > 0 ? lengths : nil
  }

  /// The lengths of up to three alternating runs from (`x`, `y`) along (`dx`, `dy`), the first
  /// dark; the first may be empty when `startsDark` (the start pixel may be light already).
  /// Runs longer than `maxRun` fail the measurement, except the last, which is cut at
  /// `maxRun + 1`. The walk reads at most `limit` pixels, as if the image ended there: the
  /// lengths are the same whenever they total less than `limit`.
  func runs(
    x: Int, y: Int, dx: Int, dy: Int, count: Int, maxRun: Int, startsDark: Bool = false,
    limit: Int = .max
  ) -> (Int, Int, Int)? {
    let (width, height) = (self.width, self.height)
    // The pixels from (x, y) on that lie inside the image: steps along each axis until it
    // leaves (a step of 0 never does).
    func inside(_ start: Int, _ step: Int, _ size: Int) -> Int {
      step > 0 ? size - start : step < 0 ? start + 1 : .max
    }
    guard x >= 0, y >= 0, x < width, y < height else { return nil }
    let available = min(inside(x, dx, width), inside(y, dy, height), limit)
    // A run fails (or the last is cut) at its pixel after `maxRun` (at its first when `maxRun`
    // is negative).
    let most = maxRun < 0 ? 1 : maxRun < Int.max ? maxRun &+ 1 : maxRun
    let wordsPerRow = self.wordsPerRow
    return words.withUnsafeBufferPointer { words -> (Int, Int, Int)? in
      // Unsafe, measured: this walk is a tenth of the detector's instructions on camera frames,
      // and the checked subscript a third of the walk. Every read is one of the `available`
      // pixels from (x, y) along the line, which lie inside the image: each word read is one
      // of the words of the pixel's row.
      if dx == 0 {
        // Along a column the pixel is the same bit of every word: a step is a row of words.
        // (These walks confirm every row hit; each reads a word a row, which the packing
        // keeps in cache.)
        let shift = UInt64(truncatingIfNeeded: x & 63)
        let stride = dy &* wordsPerRow
        var index = y &* wordsPerRow &+ x &>> 6
        return Self.measureRuns(
          count: count, most: most, available: available, startsDark: startsDark
        ) {
          end, colour in
          var length = 0
          while length < end, (words[index] &>> shift) & 1 == colour {
            length &+= 1
            index &+= stride
          }
          return length
        }
      }
      if dy == 0 && (dx == 1 || dx == -1) {
        // Along a row a run is counted a word at a time: the pixels of its colour from the
        // column on are the ones at the low end of the word shifted down to the column (going
        // right) or at the high end of the word shifted up (going left), the word xor-ed with
        // all ones for light. Shifted-in zeros stop the count at the word's end, where it goes
        // on in the next word; a count past `end` is cut there.
        let row = y &* wordsPerRow
        var column = x
        return Self.measureRuns(
          count: count, most: most, available: available, startsDark: startsDark
        ) {
          end, colour in
          let flip = colour &- 1  // 0 for dark, all ones for light
          let start = column
          var length = 0
          while length < end {
            let word = words[row &+ column &>> 6] ^ flip
            let shift = UInt64(truncatingIfNeeded: column & 63)
            let (run, rest) =
              dx > 0
              ? ((~(word &>> shift)).trailingZeroBitCount, 64 &- Int(shift))
              : ((~(word &<< (63 &- shift))).leadingZeroBitCount, Int(shift) &+ 1)
            length &+= run
            column &+= dx &* run
            // A pixel of the other colour inside the word ends the run.
            if run < rest { break }
          }
          length = min(length, end)
          column = start &+ dx &* length
          return length
        }
      }
      // Any other step: pixel by pixel, a row of words and the step across at a time.
      let rowStride = dy &* wordsPerRow
      var rowStart = y &* wordsPerRow
      var column = x
      return Self.measureRuns(
        count: count, most: most, available: available, startsDark: startsDark
      ) {
        end, colour in
        var length = 0
        while length < end, Self.pixel(words, rowStart, column) == colour {
          length &+= 1
          rowStart &+= rowStride
          column &+= dx
        }
        return length
      }
    }
  }

  /// `runs`' bookkeeping around a walk: `walk(end, colour)` goes on from where it stopped and
  /// returns the length of the run of `colour` (1 dark, 0 light) it met, reading at most `end`
  /// pixels.
  @inline(__always)
  private static func measureRuns(
    count: Int, most: Int, available: Int, startsDark: Bool, _ walk: (Int, UInt64) -> Int
  ) -> (Int, Int, Int)? {
    var available = available
    var lengths = (0, 0, 0)
    var colour: UInt64 = 1
    for run in 0..<count {
      // One bound a step: the pixels left, or the one after `maxRun`.
      let length = walk(min(available, most), colour)
      // The last run may go on into neighbouring modules of its colour; cut it short.
      if length == most && run != count &- 1 { return nil }
      available &-= length
      if length == 0 && !(run == 0 && startsDark) && run < 2 { return nil }
      switch run {
      case 0: lengths.0 = length
      case 1: lengths.1 = length
      default: lengths.2 = length
      }
      colour ^= 1
    }
    // The outer ring must have been seen.
    return lengths.2 > 0 ? lengths : nil
  }

  /// Whether five run lengths (dark, light, dark, light, dark) are close to 1:1:3:1:1: each
  /// ring within 0.7 module of one module, the stone within 1.4 modules of three, a module
  /// being a seventh of the total (seven pixels at least).
  ///
  /// Asked at every run the row scan closes and on every line a hit is confirmed along, where
  /// the lengths are as unpredictable as the image (a mispredicted branch costs as much as the
  /// whole test), so it is computed without a branch on them (see the variant below). The
  /// lengths being positive follows from the ratios. (`FinderPatternScannerTests` checks it
  /// against the plain comparisons on every sequence of short runs.)
  @inline(__always)
  static func isFinderRatio(_ runs: (Int, Int, Int, Int, Int), minimumStone: Int = 1) -> Bool {
    let sevenths = (runs.0 &* 7, runs.1 &* 7, runs.2 &* 7, runs.3 &* 7, runs.4 &* 7)
    return isFinderRatio(
      sevenths: sevenths,
      total: sevenths.0 &+ sevenths.1 &+ sevenths.2 &+ sevenths.3 &+ sevenths.4,
      minimumStone: minimumStone)
  }

  /// The shortest finder pattern in pixels along a line: modules of one pixel.
  static let shortestFinderTotal = 7

  /// `isFinderRatio(runs, minimumStone:)` for the lengths and their total in sevenths of a
  /// pixel (seven times them), as the row scan keeps them: a module is then the total in
  /// pixels, and the tolerance a tenth of the total given. The total must be `minimumTotal`
  /// pixels or more (`shortestFinderTotal` unless a caller wants longer).
  ///
  /// Each term below is non-negative exactly when its condition holds, so all hold when their
  /// OR is: a length within `tolerance` of its expected value is one between the bounds
  /// `tolerance - 1` either side, and `a - low | high - a` is non-negative exactly when `a` is.
  @inline(__always)
  static func isFinderRatio(
    sevenths runs: (Int, Int, Int, Int, Int), total: Int, minimumStone: Int,
    minimumTotal: Int = shortestFinderTotal
  ) -> Bool {
    // The total in pixels: a multiple of seven times the inverse of 7 modulo 2^64 is exact.
    let pixels = total &* 0x6DB6_DB6D_B6DB_6DB7
    // Generous, for blur and thresholding drift; divided as unsigned (run lengths are never
    // negative), which spares the signed division's correction.
    let tolerance = Int(bitPattern: UInt(bitPattern: total) / 10)
    // Each ring within `tolerance` of a module, the stone within twice that of three.
    let (low, high) = (pixels &- tolerance &+ 1, pixels &+ tolerance &- 1)
    let (stoneLow, stoneHigh) = (low &+ 2 &* pixels &- tolerance, high &+ 2 &* pixels &+ tolerance)
    @inline(__always) func within(_ units: Int, _ low: Int, _ high: Int) -> Int {
      (units &- low) | (high &- units)
    }
    let terms =
      (pixels &- minimumTotal) | (runs.2 &- minimumStone &* 7)
      | within(runs.2, stoneLow, stoneHigh)
      | within(runs.0, low, high) | within(runs.1, low, high)
      | within(runs.3, low, high) | within(runs.4, low, high)
    return terms >= 0
  }
}
