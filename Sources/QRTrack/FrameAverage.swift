// SPDX-License-Identifier: MIT
// Frames averaged along the camera's motion: what a search sees in light too low for one frame.

import QRImage

/// A running average of a stream's frames at half size, each frame shifted by the camera's
/// motion since the last, so that a code too faint and noisy for the search in any one frame
/// shows in their average.
///
/// The average is kept only while frames are dim and noisy (`isLowLight`): their contrast, the
/// spread of their blocks' means, is small against their noise, the median difference of
/// neighbouring pixels. The motion is a shift, found by matching the frame at a sixteenth of
/// its size against the last one, then at an eighth (sums of squared differences); a hand's pan
/// over a few frames is mostly that. Each new frame weighs a quarter in the average: its noise
/// falls as √((2 − w) / w), about 2.6 times.
struct FrameAverage: Sendable {
  /// Frames whose contrast is below this many times their noise are low-light.
  static let lowLightRatio = 12.0
  /// The least noise (median difference of neighbouring pixels, in gray levels) of a
  /// low-light frame.
  static let minimumNoise = 2.5
  /// The farthest shift matched between frames, in pixels of the sixteenth-size frame.
  static let reach = 3
  /// How many frames the average holds in effect: the last eight weigh nine tenths of it.
  static let effectiveFrames = 8

  /// The average at half size, in sixteenths of a gray level.
  private var average: [UInt16] = []
  private var spare: [UInt16] = []
  private var width = 0
  private var height = 0
  private var lastSmall: (eighth: GrayImage, sixteenth: GrayImage)?
  /// Frames averaged since the average was started.
  private(set) var count = 0

  /// Forgets the average.
  mutating func reset() {
    count = 0
    lastSmall = nil
  }

  /// Whether `image` is dim and noisy enough for averaging to help: the spread (5th to 95th
  /// percentile) of its 8 × 8 blocks' means, each taken from two of the block's rows, is below
  /// `lowLightRatio` times its noise, the median difference of neighbouring pixels on those
  /// rows.
  ///
  /// - Complexity: O(*pixels* / 4).
  static func isLowLight(_ image: GrayImage) -> Bool {
    let (blocksWide, blocksHigh) = (image.width / 8, image.height / 8)
    guard blocksWide * blocksHigh >= 64 else { return false }
    var means = [Int](repeating: 0, count: 256)
    var differences = [Int](repeating: 0, count: 256)
    image.pixels.withUnsafeBufferPointer { pixels in
      // Unsafe, measured (a frame's every fourth pixel, every third frame): rows below
      // blocksHigh × 8 and columns below blocksWide × 8 are inside the image.
      for by in 0..<blocksHigh {
        for bx in 0..<blocksWide {
          var sum = 0
          for row in stride(from: by &* 8 &+ 2, to: by &* 8 &+ 8, by: 4) {
            let start = row &* image.width &+ bx &* 8
            var previous = Int(pixels[start])
            sum &+= previous
            for x in 1..<8 {
              let value = Int(pixels[start &+ x])
              sum &+= value
              differences[abs(value &- previous)] &+= 1
              previous = value
            }
          }
          means[(sum &+ 8) >> 4] &+= 1
        }
      }
    }
    func percentile(_ histogram: [Int], _ share: Int) -> Int {
      let wanted = histogram.reduce(0, +) * share / 100
      var seen = 0
      for (level, count) in histogram.enumerated() {
        seen += count
        if seen > wanted { return level }
      }
      return 255
    }
    let spread = Double(percentile(means, 95) - percentile(means, 5))
    let noise = Double(percentile(differences, 50)) + 0.5
    // A clean picture (a rendered code on white) has neither noise nor much spread: not dim.
    return noise >= minimumNoise && spread < lowLightRatio * noise
  }

  /// Adds `image` (a frame of the scene, full size), aligned to the average by the shift since
  /// the last frame; returns the average, at half size, aligned to `image`.
  ///
  /// - Complexity: O(*pixels*).
  mutating func add(_ image: GrayImage) -> GrayImage {
    let half = Scaled.halved(image)
    let eighth = Scaled.halved(Scaled.halved(half))
    let sixteenth = Scaled.halved(eighth)
    defer { lastSmall = (eighth, sixteenth) }
    guard count > 0, half.width == width, half.height == height, let last = lastSmall else {
      width = half.width
      height = half.height
      average = half.pixels.map { UInt16($0) << 4 }
      spare = average
      count = 1
      return half
    }
    // The coarse shift at a sixteenth, refined at an eighth; in half-size pixels.
    let coarse = Self.shift(from: last.sixteenth, to: sixteenth, around: (0, 0), reach: Self.reach)
    let fine = Self.shift(
      from: last.eighth, to: eighth, around: (2 * coarse.0, 2 * coarse.1), reach: 1)
    blend(half, shift: (4 * fine.0, 4 * fine.1))
    count += 1
    return GrayImage(
      width: width, height: height,
      pixels: average.map { UInt8(truncatingIfNeeded: ($0 &+ 8) >> 4) })
  }

  /// Moves the average by `shift` (half-size pixels) and weighs `half` in at a quarter; where
  /// the average has nothing (the edge the scene moved in from), `half` alone.
  private mutating func blend(_ half: GrayImage, shift: (x: Int, y: Int)) {
    let (width, height) = (self.width, self.height)
    half.pixels.withUnsafeBufferPointer { frame in
      average.withUnsafeBufferPointer { old in
        spare.withUnsafeMutableBufferPointer { new in
          // Unsafe, measured (every pixel of every low-light frame): indices are below
          // width × height, the size of all three buffers, as y, from < height and x, x − dx
          // < width.
          for y in 0..<height {
            let from = y &- shift.y
            let row = y &* width
            let isInside = from >= 0 && from < height
            for x in 0..<width {
              let value = UInt16(frame[row &+ x]) << 4
              let sourceX = x &- shift.x
              if isInside && sourceX >= 0 && sourceX < width {
                let previous = old[from &* width &+ sourceX]
                new[row &+ x] = (3 &* previous &+ value &+ 2) >> 2
              } else {
                new[row &+ x] = value
              }
            }
          }
        }
      }
    }
    swap(&average, &spare)
  }

  /// The shift (in `new`'s pixels) within `reach` of `around` that best matches `old` to `new`
  /// (the least mean squared difference over the pixels both show).
  private static func shift(
    from old: GrayImage, to new: GrayImage, around: (Int, Int), reach: Int
  ) -> (Int, Int) {
    var best = around
    var bestScore = Int.max
    let (width, height) = (new.width, new.height)
    old.pixels.withUnsafeBufferPointer { old in
      new.pixels.withUnsafeBufferPointer { new in
        for dy in (around.1 - reach)...(around.1 + reach) {
          for dx in (around.0 - reach)...(around.0 + reach) {
            let (x0, x1) = (max(0, dx), min(width, width + dx))
            let (y0, y1) = (max(0, dy), min(height, height + dy))
            guard x1 - x0 >= width / 2, y1 - y0 >= height / 2 else { continue }
            var sum = 0
            // Unsafe: x − dx and y − dy stay inside the image by the bounds above.
            for y in y0..<y1 {
              let row = y &* width
              let source = (y &- dy) &* width &- dx
              for x in x0..<x1 {
                let difference = Int(new[row &+ x]) &- Int(old[source &+ x])
                sum &+= difference &* difference
              }
            }
            // Compared per pixel shown (times 1024, in integers).
            let score = (sum << 10) / ((x1 - x0) * (y1 - y0))
            if score < bestScore {
              bestScore = score
              best = (dx, dy)
            }
          }
        }
      }
    }
    return best
  }
}

/// Images at smaller sizes.
enum Scaled {
  /// `image` at half its width and height, each pixel the mean of a 2 × 2 block.
  ///
  /// - Complexity: O(*pixels*).
  static func halved(_ image: GrayImage) -> GrayImage {
    let width = max(1, image.width / 2)
    let height = max(1, image.height / 2)
    guard image.width >= 2, image.height >= 2 else { return image }
    var out = [UInt8](repeating: 0, count: width * height)
    image.pixels.withUnsafeBufferPointer { pixels in
      out.withUnsafeMutableBufferPointer { out in
        // Unsafe, measured (every pixel of every low-light frame): 2x + 1 < image width and
        // 2y + 1 < image height.
        for y in 0..<height {
          let top = 2 &* y &* image.width
          let bottom = top &+ image.width
          let row = y &* width
          for x in 0..<width {
            let sum =
              Int(pixels[top &+ 2 &* x]) &+ Int(pixels[top &+ 2 &* x &+ 1])
              &+ Int(pixels[bottom &+ 2 &* x]) &+ Int(pixels[bottom &+ 2 &* x &+ 1])
            out[row &+ x] = UInt8(truncatingIfNeeded: (sum &+ 2) >> 2)
          }
        }
      }
    }
    return GrayImage(width: width, height: height, pixels: out)
  }
}
