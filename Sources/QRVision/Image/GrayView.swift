// SPDX-License-Identifier: MIT
// The gray levels behind a binarized image, for the searches that need more than one threshold.

import QRImage

/// The gray image a pass thresholded (at the pass's scale), and whether the pass swapped dark
/// and light. Kept apart from `BinaryImage`, which the hot loops copy: a field more there made
/// an empty 640×480 frame 4 % slower.
struct GrayView {
  let image: GrayImage
  /// Whether dark and light were swapped in the bits (light-on-dark symbols).
  let isInverted: Bool

  /// Wraps `image`, whose pixels must number `width * height` (as `GrayImage` promises, though
  /// its `pixels` may be reassigned): `level(x:y:)` reads them unchecked.
  init(image: GrayImage, isInverted: Bool) {
    precondition(image.pixels.count == image.width * image.height, "GrayView geometry")
    self.image = image
    self.isInverted = isInverted
  }

  /// The gray level at `point`, interpolated between the four nearest pixel centres; nil
  /// outside them.
  @inline(__always)
  func level(at point: Point) -> Double? { level(x: point.x, y: point.y) }

  /// The gray level at (`x`, `y`), interpolated between the four nearest pixel centres; nil
  /// outside them.
  ///
  /// The alignment searches read thousands of places a search, a few dozen levels each: the
  /// four pixels are read unchecked (the checked subscripts, with the retain of the pixels and
  /// the overflow checks of the index, were half the cost of a level).
  @inline(__always)
  func level(x px: Double, y py: Double) -> Double? {
    let x = px - 0.5
    let y = py - 0.5
    let width = image.width
    // Compared as doubles: NaN fails every comparison, so it is outside.
    guard x >= 0, y >= 0, x < Double(width - 1), y < Double(image.height - 1) else {
      return nil
    }
    let (x0, y0) = (Int(x), Int(y))
    let (fx, fy) = (x - Double(x0), y - Double(y0))
    let i = y0 &* width &+ x0
    return image.pixels.withUnsafeBufferPointer { pixels in
      // Unsafe: 0 <= x0 < width - 1 and 0 <= y0 < height - 1, so the last pixel read,
      // i + width + 1, is below width * height, the count (checked in init).
      let top = Double(pixels[i]) * (1 - fx) + Double(pixels[i &+ 1]) * fx
      let bottom =
        Double(pixels[i &+ width]) * (1 - fx) + Double(pixels[i &+ width &+ 1]) * fx
      return top * (1 - fy) + bottom * fy
    }
  }
}
