// SPDX-License-Identifier: MIT
// Gray to dark/light: a local (block-mean) threshold, a global Otsu threshold, inversion.

import QRImage

/// Turns gray images into one byte per pixel, 1 for dark and 0 for light, in a buffer kept
/// across frames (allocated per size, not per frame, as quirc's `quirc_resize`).
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
  /// `width * height` bytes, row-major: 1 dark, 0 light.
  private(set) var bits: [UInt8] = []
  private var blockLevels: [Int32] = []
  /// 1 for a block with contrast, 0 for a flat one (whose level is only a guess).
  private var blockWeights: [Int32] = []
  private var rowSums: [Int32] = []
  private var rowWeights: [Int32] = []
  /// One row of blocks' levels, a byte for each pixel.
  private var rowLevels: [UInt8] = []

  /// Resizes the buffers for a `width` × `height` image; keeps them when the size is unchanged.
  ///
  /// - Complexity: O(*width* × *height*) when the size changes, else O(1).
  mutating func prepare(width: Int, height: Int) {
    guard width != self.width || height != self.height else { return }
    self.width = width
    self.height = height
    bits = [UInt8](repeating: 0, count: width * height)
    let blocks = Self.blockCount(width) * Self.blockCount(height)
    blockLevels = [Int32](repeating: 0, count: blocks)
    blockWeights = [Int32](repeating: 0, count: blocks)
    rowSums = [Int32](repeating: 0, count: blocks)
    rowWeights = [Int32](repeating: 0, count: blocks)
    rowLevels = [UInt8](repeating: 0, count: Self.blockCount(width) * Self.blockSide)
  }

  private static func blockCount(_ pixels: Int) -> Int { (pixels + blockSide - 1) / blockSide }

  // MARK: - Local threshold

  /// Binarizes `image` with the local block-mean threshold into `bits`.
  ///
  /// - Parameter smoothsFlatBlocks: Whether flat blocks' guessed levels join the 5 × 5 mean
  ///   (zxing's way: cleaner output in texture, so faster scans) or only blocks with contrast
  ///   count (better thresholds beside large flat areas and large modules).
  /// - Complexity: O(*width* × *height*).
  mutating func binarizeLocally(_ image: GrayImage, smoothsFlatBlocks: Bool = true) {
    prepare(width: image.width, height: image.height)
    guard width >= 5 * Self.blockSide && height >= 5 * Self.blockSide else {
      binarizeGlobally(image)
      return
    }
    let blocksWide = Self.blockCount(width)
    let blocksHigh = Self.blockCount(height)
    let (w, h) = (width, height)
    image.pixels.withUnsafeBufferPointer { pixels in
      blockLevels.withUnsafeMutableBufferPointer { levels in
        blockWeights.withUnsafeMutableBufferPointer { weights in
          rowSums.withUnsafeMutableBufferPointer { sums in
            rowWeights.withUnsafeMutableBufferPointer { sumWeights in
              rowLevels.withUnsafeMutableBufferPointer { rowLevels in
                bits.withUnsafeMutableBufferPointer { bits in
                  // Unsafe: every index below stays in 0..<w*h (block origins are clamped so
                  // that an 8 × 8 block lies inside the image) or in 0..<blocksWide*blocksHigh.
                  Self.computeLevels(pixels, w, h, blocksWide, blocksHigh, levels, weights)
                  if smoothsFlatBlocks {
                    for i in 0..<weights.count { weights[i] = 1 }
                  }
                  Self.smoothLevels(levels, weights, sums, sumWeights, blocksWide, blocksHigh)
                  Self.threshold(pixels, w, h, blocksWide, blocksHigh, levels, rowLevels, bits)
                }
              }
            }
          }
        }
      }
    }
  }

  private static func computeLevels(
    _ pixels: UnsafeBufferPointer<UInt8>, _ w: Int, _ h: Int, _ blocksWide: Int,
    _ blocksHigh: Int, _ levels: UnsafeMutableBufferPointer<Int32>,
    _ weights: UnsafeMutableBufferPointer<Int32>
  ) {
    // swift-format-ignore: NeverForceUnwrap
    let base = UnsafeRawPointer(pixels.baseAddress!)  // the image is never empty
    for by in 0..<blocksHigh {
      let top = min(by &* blockSide, h &- blockSide)
      for bx in 0..<blocksWide {
        let left = min(bx &* blockSide, w &- blockSide)
        // Eight rows of eight pixels as SIMD lanes: sums in 16 bits (8 × 255 fits), min, max.
        var sums = SIMD8<UInt16>()
        var low = SIMD8<UInt8>(repeating: 255)
        var high = SIMD8<UInt8>()
        for row in 0..<blockSide {
          let lane = base.loadUnaligned(
            fromByteOffset: (top &+ row) &* w &+ left, as: SIMD8<UInt8>.self)
          sums &+= SIMD8<UInt16>(truncatingIfNeeded: lane)
          low = pointwiseMin(low, lane)
          high = pointwiseMax(high, lane)
        }
        let sum = Int(sums.wrappedSum())
        let darkest = Int(low.min())
        var level = sum >> 6
        let isFlat = Int(high.max()) &- darkest < flatContrast
        weights[by &* blocksWide &+ bx] = isFlat ? 0 : 1
        if isFlat {
          // Flat: light unless the neighbours already seen are darker than this block's
          // darkest pixel, in which case it is inside a dark area (a large module).
          level = darkest / 2
          if by > 0 && bx > 0 {
            let above = Int(levels[(by &- 1) &* blocksWide &+ bx])
            let left = Int(levels[by &* blocksWide &+ bx &- 1])
            let aboveLeft = Int(levels[(by &- 1) &* blocksWide &+ bx &- 1])
            let neighbours = (above &+ 2 &* left &+ aboveLeft) / 4
            if darkest < neighbours { level = neighbours }
          }
        }
        levels[by &* blocksWide &+ bx] = Int32(level)
      }
    }
  }

  /// Replaces each level by the mean of the 5 × 5 levels around it (the window is shifted to
  /// stay inside the grid), with a separable box sum. Only blocks with contrast count, and
  /// only they are replaced: a flat block's level is a guess (light, unless inside a dark
  /// area), which would drag its neighbours' thresholds near large modules, and which it keeps.
  ///
  /// Along rows the window slides (one level in, one out); down the columns five rows of row
  /// sums are added. The grid is at least 5 × 5 blocks.
  private static func smoothLevels(
    _ levels: UnsafeMutableBufferPointer<Int32>, _ weights: UnsafeMutableBufferPointer<Int32>,
    _ sums: UnsafeMutableBufferPointer<Int32>, _ sumWeights: UnsafeMutableBufferPointer<Int32>,
    _ blocksWide: Int, _ blocksHigh: Int
  ) {
    for by in 0..<blocksHigh {
      let row = by &* blocksWide
      // The window of block 2 serves blocks 0 and 1 too; that of block `blocksWide - 3` the
      // last two.
      var sum: Int32 = 0
      var weight: Int32 = 0
      for i in row..<(row &+ 5) {
        sum &+= levels[i] &* weights[i]
        weight &+= weights[i]
      }
      for bx in 0..<3 {
        sums[row &+ bx] = sum
        sumWeights[row &+ bx] = weight
      }
      for bx in 3..<(blocksWide &- 2) {
        let entering = row &+ bx &+ 2
        let leaving = row &+ bx &- 3
        sum &+= levels[entering] &* weights[entering] &- levels[leaving] &* weights[leaving]
        weight &+= weights[entering] &- weights[leaving]
        sums[row &+ bx] = sum
        sumWeights[row &+ bx] = weight
      }
      for bx in max(3, blocksWide &- 2)..<blocksWide {
        sums[row &+ bx] = sum
        sumWeights[row &+ bx] = weight
      }
    }
    for by in 0..<blocksHigh {
      let first = min(max(by &- 2, 0), blocksHigh &- 5) &* blocksWide
      let row = by &* blocksWide
      for bx in 0..<blocksWide {
        var sum: Int32 = 0
        var weight: Int32 = 0
        var j = first &+ bx
        for _ in 0..<5 {
          sum &+= sums[j]
          weight &+= sumWeights[j]
          j &+= blocksWide
        }
        // A flat block keeps its guess: averaging its neighbours would put the threshold in
        // the middle of its noise.
        if weight > 0 && weights[row &+ bx] != 0 {
          levels[row &+ bx] = sum / weight
        }
      }
    }
  }

  /// Sets each pixel's bit from its block's level: the levels of a row of blocks are spread
  /// into `rowLevels`, one byte a pixel, and each of the block row's pixel rows is compared
  /// with them.
  private static func threshold(
    _ pixels: UnsafeBufferPointer<UInt8>, _ w: Int, _ h: Int, _ blocksWide: Int,
    _ blocksHigh: Int, _ levels: UnsafeMutableBufferPointer<Int32>,
    _ rowLevels: UnsafeMutableBufferPointer<UInt8>, _ bits: UnsafeMutableBufferPointer<UInt8>
  ) {
    // swift-format-ignore: NeverForceUnwrap
    let source = UnsafeRawPointer(pixels.baseAddress!)  // the image is never empty
    // swift-format-ignore: NeverForceUnwrap
    let target = UnsafeMutableRawPointer(bits.baseAddress!)  // same size as the image
    // swift-format-ignore: NeverForceUnwrap
    let spread = UnsafeMutableRawPointer(rowLevels.baseAddress!)  // blocksWide × 8 bytes
    for by in 0..<blocksHigh {
      for bx in 0..<blocksWide {
        let level = UInt8(clamping: levels[by &* blocksWide &+ bx])
        spread.storeBytes(
          of: SIMD8<UInt8>(repeating: level), toByteOffset: bx &* blockSide, as: SIMD8<UInt8>.self)
      }
      for y in (by &* blockSide)..<min((by &+ 1) &* blockSide, h) {
        // A plain loop, which the compiler turns into vector compares.
        let row = source + y &* w
        let out = target + y &* w
        for x in 0..<w {
          out.storeBytes(
            of: row.load(fromByteOffset: x, as: UInt8.self)
              <= spread.load(fromByteOffset: x, as: UInt8.self) ? 1 : 0,
            toByteOffset: x, as: UInt8.self)
        }
      }
    }
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
    let level = UInt8(Self.otsuThreshold(histogram))
    image.pixels.withUnsafeBufferPointer { pixels in
      bits.withUnsafeMutableBufferPointer { bits in
        // A plain loop, which the compiler turns into vector compares.
        for i in 0..<pixels.count { bits[i] = pixels[i] <= level ? 1 : 0 }
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

  /// Swaps dark and light in `bits`, for light-on-dark symbols.
  ///
  /// - Complexity: O(*width* × *height*).
  mutating func invert() {
    bits.withUnsafeMutableBytes { bytes in
      // Eight pixels a word, then the rest one by one.
      let words = bytes.count / 8
      for i in 0..<words {
        let value = bytes.loadUnaligned(fromByteOffset: i &* 8, as: UInt64.self)
        bytes.storeBytes(of: value ^ 0x0101_0101_0101_0101, toByteOffset: i &* 8, as: UInt64.self)
      }
      for i in (words &* 8)..<bytes.count { bytes[i] ^= 1 }
    }
  }
}
