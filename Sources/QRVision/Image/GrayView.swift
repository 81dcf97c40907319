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

  /// The gray level at `point`, interpolated between the four nearest pixel centres; nil
  /// outside them.
  func level(at point: Point) -> Double? {
    let x = point.x - 0.5
    let y = point.y - 0.5
    guard x >= 0, y >= 0, x < Double(image.width - 1), y < Double(image.height - 1) else {
      return nil
    }
    let (x0, y0) = (Int(x), Int(y))
    let (fx, fy) = (x - Double(x0), y - Double(y0))
    let width = image.width
    let i = y0 * width + x0
    let pixels = image.pixels
    let top = Double(pixels[i]) * (1 - fx) + Double(pixels[i + 1]) * fx
    let bottom = Double(pixels[i + width]) * (1 - fx) + Double(pixels[i + width + 1]) * fx
    return top * (1 - fy) + bottom * fy
  }
}
