// SPDX-License-Identifier: MIT
// Gray to dark/light: a local (block-mean) threshold, a global Otsu threshold, inversion.

import QRImage

/// Turns gray images into one bit per pixel, set for dark, packed into 64-bit words as
/// `BinaryImage` reads them, in a buffer kept across frames (allocated per size, not per frame,
/// as quirc's `quirc_resize`).
///
/// The local threshold follows the idea of zxing's HybridBinarizer: the image is cut into 8 × 8
/// blocks; a block's level is its mean, or for a flat block (contrast below `flatContrast`) a
/// guess that leans light unless the blocks above and to the left say it lies in a dark area;
/// a pixel is dark when it is at most the mean level of the 5 × 5 blocks around its own. The
/// window is 40 pixels wide, so modules up to about 15 pixels binarize cleanly; larger ones are
/// the detector's "scaled down" fallback.
struct Binarizer: Sendable {
  /// The side of a block, in pixels.
  static let blockSide = 8
  /// A block whose max − min is below this is flat.
  static let flatContrast = 24

  /// Width of the last image binarized.
  private(set) var width = 0
  /// Height of the last image binarized.
  private(set) var height = 0
  /// The pixels as `BinaryImage(width:height:words:)` takes them: `(width + 63) / 64` words a
  /// row, row-major, pixel x of a row being bit x & 63 of its word x >> 6, set when dark; the
  /// bits past `width` in a row's last word are 0.
  private(set) var words: [UInt64] = []
  /// Each block's level as its pixels give it (below 256), with `flatBit` set for a flat block
  /// and its darkest pixel and contrast packed above (`packed`): what the local thresholds of
  /// one image share.
  private var blockMeans: [Int32] = []
  private var blockLevels: [Int32] = []
  /// What each block adds to the means around it: its level and a count of 1, or 0 for a flat
  /// block (whose level is only a guess) unless flat blocks are smoothed too.
  private var contributions: [Int32] = []
  /// One row of blocks' sums of contributions down the 5 rows of their window.
  private var columnSums: [Int32] = []
  /// One row of blocks' levels, a byte for each pixel.
  private var rowLevels: [UInt8] = []

  /// The pixels one byte each, row-major (`width * height` bytes): 1 dark, 0 light. For tests
  /// and inspection: it unpacks `words` into a new array.
  ///
  /// - Complexity: O(*width* × *height*).
  var bits: [UInt8] {
    let image = BinaryImage(width: width, height: height, words: words)
    return (0..<(width * height)).map { image.isDark($0 % width, $0 / width) ? 1 : 0 }
  }

  /// Resizes the buffers for a `width` × `height` image; keeps them when the size is unchanged.
  ///
  /// - Complexity: O(*width* × *height*) when the size changes, else O(1).
  mutating func prepare(width: Int, height: Int) {
    guard width != self.width || height != self.height else { return }
    self.width = width
    self.height = height
    words = [UInt64](repeating: 0, count: BinaryImage.wordsPerRow(width) * height)
    let blocks = Self.blockCount(width) * Self.blockCount(height)
    blockMeans = [Int32](repeating: 0, count: blocks)
    blockLevels = [Int32](repeating: 0, count: blocks)
    contributions = [Int32](repeating: 0, count: blocks)
    columnSums = [Int32](repeating: 0, count: Self.blockCount(width))
    rowLevels = [UInt8](repeating: 0, count: Self.blockCount(width) * Self.blockSide)
  }

  private static func blockCount(_ pixels: Int) -> Int { (pixels + blockSide - 1) / blockSide }

  /// Marks a flat block in `blockMeans`.
  private static let flatBit: Int32 = 0x1_0000

  /// A block's entry in `blockMeans`: its level in the low 16 bits, `flatBit`, then its darkest
  /// pixel (8 bits from `darkestShift`) and its contrast, max − min (5 bits from
  /// `contrastShift`, at most 31: a flat block's is below `flatContrast`). The two are read
  /// back only for flat blocks (`smoothLevels`), by `pixelRange`.
  @inline(__always)
  private static func packed(level: Int, isFlat: Bool, darkest: Int, contrast: Int) -> Int32 {
    Int32(truncatingIfNeeded: level) | (isFlat ? flatBit : 0)
      | Int32(truncatingIfNeeded: darkest << darkestShift | min(contrast, 31) << contrastShift)
  }
  private static let darkestShift = 17
  private static let contrastShift = 25

  /// The darkest and brightest pixels of the blocks of `entries` (as `packed` made them; the
  /// brightest is exact for flat blocks).
  @inline(__always)
  private static func pixelRange(_ entries: SIMD4<Int32>) -> (
    darkest: SIMD4<Int32>, brightest: SIMD4<Int32>
  ) {
    let darkest = (entries &>> Int32(darkestShift)) & 0xFF
    return (darkest, darkest &+ (entries &>> Int32(contrastShift)) & 31)
  }

  // MARK: - Local threshold

  /// Binarizes `image` with the local block-mean threshold into `words`.
  ///
  /// - Parameters:
  ///   - smoothsFlatBlocks: Whether flat blocks' guessed levels join the 5 × 5 mean (zxing's
  ///     way: cleaner output in texture, so faster scans) or only blocks with contrast count
  ///     (better thresholds beside large flat areas and large modules, and in faint symbols,
  ///     whose flat blocks take that mean where it splits their pixels).
  ///   - sameImage: Whether the last local threshold was of this same image (either way of
  ///     smoothing): its blocks' levels are taken again instead of read from the pixels.
  /// - Complexity: O(*width* × *height*).
  mutating func binarizeLocally(
    _ image: GrayImage, smoothsFlatBlocks: Bool = true, sameImage: Bool = false
  ) {
    prepare(width: image.width, height: image.height)
    guard width >= 5 * Self.blockSide && height >= 5 * Self.blockSide else {
      binarizeGlobally(image)
      return
    }
    let blocksWide = Self.blockCount(width)
    let blocksHigh = Self.blockCount(height)
    let (w, h) = (width, height)
    image.pixels.withUnsafeBufferPointer { pixels in
      blockMeans.withUnsafeMutableBufferPointer { means in
        blockLevels.withUnsafeMutableBufferPointer { levels in
          contributions.withUnsafeMutableBufferPointer { contributions in
            columnSums.withUnsafeMutableBufferPointer { columnSums in
              rowLevels.withUnsafeMutableBufferPointer { rowLevels in
                words.withUnsafeMutableBufferPointer { words in
                  // Unsafe: every index below stays in 0..<w*h (block origins are clamped so
                  // that an 8 × 8 block lies inside the image), in 0..<blocksWide*blocksHigh,
                  // in 0..<blocksWide or in the words of a row of the image.
                  if !sameImage { Self.computeMeans(pixels, w, h, blocksWide, blocksHigh, means) }
                  Self.contribute(means, smoothsFlatBlocks, levels, contributions)
                  Self.smoothLevels(
                    levels, contributions, columnSums, blocksWide, blocksHigh, entries: means)
                  Self.threshold(pixels, w, h, blocksWide, blocksHigh, levels, rowLevels, words)
                }
              }
            }
          }
        }
      }
    }
  }

  /// Each block's level from its pixels into `means`: the mean, or for a flat block (contrast
  /// below `flatContrast`) a guess, marked with `flatBit`.
  private static func computeMeans(
    _ pixels: UnsafeBufferPointer<UInt8>, _ w: Int, _ h: Int, _ blocksWide: Int,
    _ blocksHigh: Int, _ means: UnsafeMutableBufferPointer<Int32>
  ) {
    // swift-format-ignore: NeverForceUnwrap
    let base = UnsafeRawPointer(pixels.baseAddress!)  // the image is never empty
    for by in 0..<blocksHigh {
      let top = base + min(by &* blockSide, h &- blockSide) &* w
      for bx in 0..<blocksWide {
        let corner = top + min(bx &* blockSide, w &- blockSide)
        // Eight rows of eight pixels as SIMD lanes: sums in 16 bits (8 × 255 fits), min, max.
        var sums = SIMD8<UInt16>()
        var low = SIMD8<UInt8>(repeating: 255)
        var high = SIMD8<UInt8>()
        for row in 0..<blockSide {
          let lane = corner.loadUnaligned(fromByteOffset: row &* w, as: SIMD8<UInt8>.self)
          sums &+= SIMD8<UInt16>(truncatingIfNeeded: lane)
          low = pointwiseMin(low, lane)
          high = pointwiseMax(high, lane)
        }
        let sum = Int(sums.wrappedSum())
        let darkest = Int(low.min())
        var level = sum >> 6
        let contrast = Int(high.max()) &- darkest
        let isFlat = contrast < flatContrast
        if isFlat {
          // Flat: light unless the neighbours already seen are darker than this block's
          // darkest pixel, in which case it is inside a dark area (a large module).
          level = darkest / 2
          if by > 0 && bx > 0 {
            let above = Int(means[(by &- 1) &* blocksWide &+ bx] & 0xFFFF)
            let left = Int(means[by &* blocksWide &+ bx &- 1] & 0xFFFF)
            let aboveLeft = Int(means[(by &- 1) &* blocksWide &+ bx &- 1] & 0xFFFF)
            let neighbours = (above &+ 2 &* left &+ aboveLeft) / 4
            if darkest < neighbours { level = neighbours }
          }
        }
        means[by &* blocksWide &+ bx] = packed(
          level: level, isFlat: isFlat, darkest: darkest, contrast: contrast)
      }
    }
  }

  /// Each block's level, and what it adds to the means around it (see `smoothLevels`): its
  /// level (below 256) in the low half and a count of 1 in the high half, or 0 for a flat
  /// block unless flat blocks are smoothed too.
  private static func contribute(
    _ means: UnsafeMutableBufferPointer<Int32>, _ smoothsFlatBlocks: Bool,
    _ levels: UnsafeMutableBufferPointer<Int32>, _ contributions: UnsafeMutableBufferPointer<Int32>
  ) {
    for i in 0..<means.count {
      let level = means[i] & 0xFFFF
      let isFlat = means[i] & flatBit != 0
      levels[i] = level
      contributions[i] = isFlat && !smoothsFlatBlocks ? 0 : level | 0x1_0000
    }
  }

  /// Replaces each level by the mean of the 5 × 5 levels around it (the window is shifted to
  /// stay inside the grid). Only blocks with contrast count, and only they are replaced
  /// (unless flat blocks are smoothed too, when all count): a flat block's level is a guess
  /// (light, unless inside a dark area), which would drag its neighbours' thresholds near
  /// large modules, and which it keeps, unless that mean lies between its darkest pixel and its
  /// brightest (`entries`, as `packed` keeps them).
  ///
  /// Each block's contribution packs its level (below 256) and a count of 1 (at bit 16), or is
  /// 0, so one sum of 25 gives both the sum of levels and their number (both fit 16 bits).
  /// Down the columns the window's sums slide a row at a time into `columnSums` (one row of
  /// blocks); along the row five of them are added, four blocks at a time. The grid is at
  /// least 5 × 5 blocks.
  private static func smoothLevels(
    _ levels: UnsafeMutableBufferPointer<Int32>,
    _ contributions: UnsafeMutableBufferPointer<Int32>,
    _ columnSums: UnsafeMutableBufferPointer<Int32>, _ blocksWide: Int, _ blocksHigh: Int,
    entries: UnsafeMutableBufferPointer<Int32>
  ) {
    // swift-format-ignore: NeverForceUnwrap
    let levelLanes = UnsafeMutableRawPointer(levels.baseAddress!)  // never empty
    // swift-format-ignore: NeverForceUnwrap
    let contributionLanes = UnsafeRawPointer(contributions.baseAddress!)  // as many
    // swift-format-ignore: NeverForceUnwrap
    let sumLanes = UnsafeMutableRawPointer(columnSums.baseAddress!)  // blocksWide
    // swift-format-ignore: NeverForceUnwrap
    let entryLanes = UnsafeRawPointer(entries.baseAddress!)  // as many as the levels
    /// Four Int32 from `base`, the first at index `i` (i + 4 ≤ the buffer's count).
    @inline(__always) func four(_ base: UnsafeRawPointer, _ i: Int) -> SIMD4<Int32> {
      base.loadUnaligned(fromByteOffset: i &* 4, as: SIMD4<Int32>.self)
    }
    for bx in 0..<blocksWide {
      var sum: Int32 = 0
      for by in 0..<5 { sum &+= contributions[by &* blocksWide &+ bx] }
      columnSums[bx] = sum
    }
    for by in 0..<blocksHigh {
      let row = by &* blocksWide
      // Rows 0…2 share the first window, the last three the last one.
      if by >= 3 && by &+ 2 < blocksHigh {
        let entering = row &+ 2 &* blocksWide
        let leaving = row &- 3 &* blocksWide
        var bx = 0
        while bx &+ 4 <= blocksWide {
          let change =
            four(contributionLanes, entering &+ bx) &- four(contributionLanes, leaving &+ bx)
          sumLanes.storeBytes(
            of: four(sumLanes, bx) &+ change, toByteOffset: bx &* 4, as: SIMD4<Int32>.self)
          bx &+= 4
        }
        while bx < blocksWide {
          columnSums[bx] &+= contributions[entering &+ bx] &- contributions[leaving &+ bx]
          bx &+= 1
        }
      }
      // The levels of blocks `i..<i+4` from their windows' sums. A flat block that does not
      // count keeps its guess (averaging its neighbours would put the threshold in the middle
      // of its noise) unless the mean of the blocks that count around it lies within its own
      // pixels: it then straddles an edge of a faint symbol (a label a few gray levels darker
      // than its light modules), which the guess would make all light. A block that counts
      // has a count of at least 1.
      @inline(__always) func settle(_ i: Int, _ totals: SIMD4<Int32>) {
        let own = four(contributionLanes, i)
        let old = four(levelLanes, i)
        let mean = means(totals)
        // All ones where the block counts (its contribution is positive) or straddles the
        // mean, else 0: each term is non-negative exactly when its condition holds.
        let pixels = pixelRange(four(entryLanes, i))
        let straddles =
          ~(((mean &- pixels.darkest) | (pixels.brightest &- 1 &- mean)
          | ((totals &>> 16) &- 1)) &>> 31)
        let takes = (0 &- own) &>> 31 | straddles
        let settled = old ^ ((old ^ mean) & takes)
        levelLanes.storeBytes(of: settled, toByteOffset: i &* 4, as: SIMD4<Int32>.self)
      }
      // One block, for the ends of the row (whose windows are shifted) and what the lanes
      // leave; four lanes of the same block's total.
      @inline(__always) func settle(_ bx: Int, _ total: Int32) {
        let i = row &+ bx
        let mean = means(SIMD4(repeating: total))[0]
        let pixels = pixelRange(SIMD4(repeating: entries[i]))
        let straddles =
          total &>> 16 > 0 && pixels.darkest[0] <= mean && mean < pixels.brightest[0]
        if contributions[i] != 0 || straddles { levels[i] = mean }
      }
      // The windows of blocks 0 and 1 are that of block 2; those of the last two that of
      // block `blocksWide - 3`.
      var head: Int32 = 0
      for bx in 0..<5 { head &+= columnSums[bx] }
      settle(0, head)
      settle(1, head)
      var bx = 2
      while bx &+ 4 <= blocksWide &- 2 {
        var totals = four(sumLanes, bx &- 2) &+ four(sumLanes, bx &- 1) &+ four(sumLanes, bx)
        totals &+= four(sumLanes, bx &+ 1) &+ four(sumLanes, bx &+ 2)
        settle(row &+ bx, totals)
        bx &+= 4
      }
      while bx < blocksWide &- 2 {
        var total = columnSums[bx &- 2] &+ columnSums[bx &- 1] &+ columnSums[bx]
        total &+= columnSums[bx &+ 1] &+ columnSums[bx &+ 2]
        settle(bx, total)
        bx &+= 1
      }
      var tail: Int32 = 0
      for bx in (blocksWide &- 5)..<blocksWide { tail &+= columnSums[bx] }
      settle(blocksWide &- 2, tail)
      settle(blocksWide &- 1, tail)
    }
  }

  /// The sums of windows' levels (low 16 bits) divided by their counts (high 16 bits), rounded
  /// down; junk for a count of 0.
  ///
  /// For a sum s = n × c + r (0 ≤ r < c), (2s − c + 1) / 2c = n + (2r − c + 1) / 2c lies within
  /// 1/2 − 1/2c of n, so rounding it to the nearest integer gives n; a Float's error, below
  /// 2⁻²⁴ × 6375, is far less than the 1/50 margin. Adding 1.5 × 2²³ rounds to an integer in
  /// the low bits, without a conversion that checks its range (which does not vectorize).
  @inline(__always)
  private static func means(_ totals: SIMD4<Int32>) -> SIMD4<Int32> {
    let sums = totals & 0xFFFF
    let counts = totals &>> 16
    let quotients = SIMD4<Float>(sums &* 2 &- counts &+ 1) / SIMD4<Float>(counts &* 2)
    return unsafeBitCast(quotients + 12_582_912, to: SIMD4<Int32>.self) &- 0x4B40_0000
  }

  /// Sets each pixel's bit from its block's level: the levels of a row of blocks are spread
  /// into `rowLevels`, one byte a pixel, and the block row's pixels are compared with them a
  /// word (64 columns) at a time, down the block row's rows; the last word's 64 columns are
  /// moved back inside the image, and the columns before the word shifted out (images
  /// narrower than a word are compared pixel by pixel).
  private static func threshold(
    _ pixels: UnsafeBufferPointer<UInt8>, _ w: Int, _ h: Int, _ blocksWide: Int,
    _ blocksHigh: Int, _ levels: UnsafeMutableBufferPointer<Int32>,
    _ rowLevels: UnsafeMutableBufferPointer<UInt8>, _ words: UnsafeMutableBufferPointer<UInt64>
  ) {
    // swift-format-ignore: NeverForceUnwrap
    let source = UnsafeRawPointer(pixels.baseAddress!)  // the image is never empty
    // swift-format-ignore: NeverForceUnwrap
    let spread = UnsafeMutableRawPointer(rowLevels.baseAddress!)  // blocksWide × 8 bytes
    let wordsPerRow = BinaryImage.wordsPerRow(w)
    for by in 0..<blocksHigh {
      for bx in 0..<blocksWide {
        // A level is a mean of pixels or half of one, so in 0...255: its byte eight times.
        let level = UInt64(truncatingIfNeeded: levels[by &* blocksWide &+ bx])
        spread.storeBytes(
          of: level &* 0x0101_0101_0101_0101, toByteOffset: bx &* blockSide, as: UInt64.self)
      }
      let top = by &* blockSide
      let rows = min(blockSide, h &- top)
      guard w >= 64 else {
        for y in top..<(top &+ rows) {
          words[y] = darkMask(source + y &* w, spread, count: w)
        }
        continue
      }
      for k in 0..<wordsPerRow {
        // The word's columns, or for a last word short of 64 the 64 up to the image's edge,
        // of which the first `drop` belong to the word before.
        let left = min(k &* 64, w &- 64)
        let drop = UInt64(truncatingIfNeeded: k &* 64 &- left)
        let level = (
          spread.loadUnaligned(fromByteOffset: left, as: SIMD16<UInt8>.self),
          spread.loadUnaligned(fromByteOffset: left &+ 16, as: SIMD16<UInt8>.self),
          spread.loadUnaligned(fromByteOffset: left &+ 32, as: SIMD16<UInt8>.self),
          spread.loadUnaligned(fromByteOffset: left &+ 48, as: SIMD16<UInt8>.self)
        )
        let first = top &* w &+ left
        let target = top &* wordsPerRow &+ k
        if rows == blockSide {
          // A constant count, which the compiler unrolls, keeping the levels in registers.
          for y in 0..<blockSide {
            words[target &+ y &* wordsPerRow] = darkMask(source + (first &+ y &* w), level) &>> drop
          }
        } else {
          for y in 0..<rows {
            words[target &+ y &* wordsPerRow] = darkMask(source + (first &+ y &* w), level) &>> drop
          }
        }
      }
    }
  }

  /// The 64 pixels from `row` as bits, bit i set when pixel i is at most its level in `level`
  /// (dark), with no branch and no multiplication.
  ///
  /// Sixteen compares at a time (pmaxub and pcmpeqb) give bytes of 0 or 1 for four blocks of
  /// sixteen columns; shifted to bits 0, 2, 4 and 6 and or-ed, they make byte i of the two
  /// halves hold columns 16k + i (k = 0…3) and 16k + 8 + i; the high half shifted up by one
  /// and or-ed onto the low one, bit b of byte j is column 8b + j. That is the transpose of
  /// the word wanted (bit j of byte b), as a matrix of 8 × 8 bits: three rounds of swaps
  /// (Hacker's Delight, 7-3) transpose it back.
  @inline(__always)
  private static func darkMask(
    _ row: UnsafeRawPointer,
    _ level: (SIMD16<UInt8>, SIMD16<UInt8>, SIMD16<UInt8>, SIMD16<UInt8>)
  ) -> UInt64 {
    let spread =
      darkBytes(row, 0, level.0, bit: 1) | darkBytes(row, 16, level.1, bit: 4)
      | darkBytes(row, 32, level.2, bit: 16) | darkBytes(row, 48, level.3, bit: 64)
    let halves = unsafeBitCast(spread, to: SIMD2<UInt64>.self)
    var x = halves[0] | halves[1] &<< 1
    var t = (x ^ (x &>> 7)) & 0x00AA_00AA_00AA_00AA
    x ^= t ^ (t &<< 7)
    t = (x ^ (x &>> 14)) & 0x0000_CCCC_0000_CCCC
    x ^= t ^ (t &<< 14)
    t = (x ^ (x &>> 28)) & 0x0000_0000_F0F0_F0F0
    x ^= t ^ (t &<< 28)
    return x
  }

  /// `bit` for each of the sixteen pixels from `row + offset` at most its level, else 0.
  @inline(__always)
  private static func darkBytes(
    _ row: UnsafeRawPointer, _ offset: Int, _ level: SIMD16<UInt8>, bit: UInt8
  ) -> SIMD16<UInt8> {
    let pixels = row.loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt8>.self)
    // A select of a compare, which compiles to pmaxub (or pminub), pcmpeqb and pand.
    return SIMD16<UInt8>().replacing(with: bit, where: level .>= pixels)
  }

  /// The first `count` (at most 64) pixels from `row` as bits, bit i set when pixel i is at
  /// most byte i of `levels`: `darkMask` one pixel at a time, for rows narrower than a word.
  private static func darkMask(_ row: UnsafeRawPointer, _ levels: UnsafeRawPointer, count: Int)
    -> UInt64
  {
    var mask: UInt64 = 0
    for x in 0..<count
    where levels.load(fromByteOffset: x, as: UInt8.self)
      >= row.load(fromByteOffset: x, as: UInt8.self)
    {
      mask |= 1 &<< UInt64(truncatingIfNeeded: x)
    }
    return mask
  }

  // MARK: - Global threshold and inversion

  /// Binarizes `image` with one threshold for the whole image, chosen by Otsu's method (Otsu,
  /// "A threshold selection method from gray-level histograms", IEEE SMC 9(1), 1979).
  ///
  /// - Complexity: O(*width* × *height*).
  mutating func binarizeGlobally(_ image: GrayImage) {
    prepare(width: image.width, height: image.height)
    // Every fourth pixel of every fourth row is plenty for a histogram of 256 bins.
    var histogram = [Int](repeating: 0, count: 256)
    let (w, h) = (image.width, image.height)
    image.pixels.withUnsafeBufferPointer { pixels in
      // Unsafe: y < h and x < w.
      for y in stride(from: 0, to: h, by: 4) {
        for x in stride(from: 0, to: w, by: 4) { histogram[Int(pixels[y &* w &+ x])] &+= 1 }
      }
    }
    // Every block at that one level: the local threshold's packing, with nothing local.
    let level = Int32(Self.otsuThreshold(histogram))
    image.pixels.withUnsafeBufferPointer { pixels in
      blockLevels.withUnsafeMutableBufferPointer { levels in
        rowLevels.withUnsafeMutableBufferPointer { rowLevels in
          words.withUnsafeMutableBufferPointer { words in
            // Unsafe: as in `binarizeLocally`.
            for i in levels.indices { levels[i] = level }
            Self.threshold(
              pixels, w, h, Self.blockCount(w), Self.blockCount(h), levels, rowLevels, words)
          }
        }
      }
    }
  }

  /// The level that maximises the between-class variance of `histogram` (256 bins).
  static func otsuThreshold(_ histogram: [Int]) -> Int {
    let total = histogram.reduce(0, +)
    guard total > 0 else { return 127 }
    var weightedTotal = 0.0
    for (level, count) in histogram.enumerated() { weightedTotal += Double(level * count) }
    var best = 127
    var bestVariance = -1.0
    var below = 0
    var weightedBelow = 0.0
    for level in 0..<255 {
      below += histogram[level]
      weightedBelow += Double(level * histogram[level])
      let above = total - below
      guard below > 0, above > 0 else { continue }
      let meanBelow = weightedBelow / Double(below)
      let meanAbove = (weightedTotal - weightedBelow) / Double(above)
      let variance =
        Double(below) * Double(above) * (meanBelow - meanAbove) * (meanBelow - meanAbove)
      if variance > bestVariance {
        bestVariance = variance
        best = level
      }
    }
    return best
  }

  /// Swaps dark and light in `words`, for light-on-dark symbols; the bits past the width stay
  /// 0.
  ///
  /// - Complexity: O(*width* × *height*).
  mutating func invert() {
    let wordsPerRow = BinaryImage.wordsPerRow(width)
    guard wordsPerRow > 0 else { return }
    // The pixels of a row's last word.
    let last: UInt64 = width & 63 == 0 ? ~0 : (1 &<< UInt64(width & 63)) &- 1
    let height = self.height
    // Written into new storage, read from the old: the words are mostly still held by the pass
    // before (its twin), and inverting them in place would copy them first.
    let count = words.count
    words = words.withUnsafeBufferPointer { old in
      [UInt64](unsafeUninitializedCapacity: count) { new, initialized in
        // Unsafe: row y's words are y × wordsPerRow ..< (y + 1) × wordsPerRow, y < height, and
        // the rows are all the words.
        for y in 0..<height {
          let start = y &* wordsPerRow
          let end = start &+ wordsPerRow &- 1
          for i in start..<end { new[i] = ~old[i] }
          new[end] = old[end] ^ last
        }
        initialized = count
      }
    }
  }
}
