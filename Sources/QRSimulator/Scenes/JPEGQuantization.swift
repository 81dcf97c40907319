// SPDX-License-Identifier: MIT
// What baseline JPEG does to a gray image: 8 × 8 DCT, quantized coefficients, inverse DCT.

import Glibc
import QRImage

/// The loss of a baseline JPEG round trip of a gray image, without the file: each 8 × 8 block
/// (edge blocks padded by repeating the last row and column, as encoders do) goes through the
/// forward DCT, its coefficients are rounded to multiples of the luminance quantization table
/// (ISO/IEC 10918-1 Annex K, table K.1) scaled for `quality` as libjpeg scales it, and back.
/// Entropy coding is lossless, so this is the image a decoder would show: ringing around the
/// modules' edges and blocking in flat areas, which a photo's codes carry and drawn ones do not.
enum JPEGQuantization {
  /// Table K.1, in row-major order (row = vertical frequency).
  private static let luminance: [Double] = [
    16, 11, 10, 16, 24, 40, 51, 61,
    12, 12, 14, 19, 26, 58, 60, 55,
    14, 13, 16, 24, 40, 57, 69, 56,
    14, 17, 22, 29, 51, 87, 80, 62,
    18, 22, 37, 56, 68, 109, 103, 77,
    24, 35, 55, 64, 81, 104, 113, 92,
    49, 64, 78, 87, 103, 121, 120, 101,
    72, 92, 95, 98, 112, 100, 103, 99,
  ]

  /// Table K.1 scaled for `quality` (1–100) as libjpeg's `jpeg_quality_scaling` does: 50 is
  /// the table itself, 100 all ones.
  static func table(quality: Int) -> [Double] {
    let q = min(max(quality, 1), 100)
    let scale = q < 50 ? 5000 / q : 200 - 2 * q
    return luminance.map { min(max(((Int($0) * scale + 50) / 100), 1), 255) }.map(Double.init)
  }

  /// `cosines[u * 8 + x]` = C(u) / 2 × cos((2x + 1)uπ / 16), the orthonormal DCT-II basis.
  private static let cosines: [Double] = (0..<64).map { index in
    let (u, x) = (index / 8, index % 8)
    let c = u == 0 ? (0.5).squareRoot() : 1
    return c / 2 * cos(Double(2 * x + 1) * Double(u) * Double.pi / 16)
  }

  /// `image` as a baseline JPEG of `quality` would decode.
  ///
  /// - Complexity: O(*pixels*) (1,024 multiplications a block each way).
  static func degrade(_ image: GrayImage, quality: Int) -> GrayImage {
    let table = table(quality: quality)
    let (width, height) = (image.width, image.height)
    var output = image.pixels
    var block = [Double](repeating: 0, count: 64)
    var rows = [Double](repeating: 0, count: 64)
    for top in stride(from: 0, to: height, by: 8) {
      for left in stride(from: 0, to: width, by: 8) {
        for y in 0..<8 {
          let row = min(top + y, height - 1) * width
          for x in 0..<8 {
            block[y * 8 + x] = Double(image.pixels[row + min(left + x, width - 1)]) - 128
          }
        }
        // Forward: along rows, then down columns; quantize; back the same way.
        transform(&block, &rows, inverse: false)
        for k in 0..<64 { block[k] = (block[k] / table[k]).rounded() * table[k] }
        transform(&block, &rows, inverse: true)
        for y in 0..<min(8, height - top) {
          for x in 0..<min(8, width - left) {
            let value = (block[y * 8 + x] + 128).rounded()
            output[(top + y) * width + left + x] = UInt8(min(max(value, 0), 255))
          }
        }
      }
    }
    return GrayImage(width: width, height: height, pixels: output)
  }

  /// The 2-D DCT (or its inverse) of the 8 × 8 `block`, in place; `scratch` holds the rows.
  private static func transform(_ block: inout [Double], _ scratch: inout [Double], inverse: Bool) {
    for pass in 0..<2 {
      for line in 0..<8 {
        for k in 0..<8 {
          var sum = 0.0
          for n in 0..<8 {
            let value = pass == 0 ? block[line * 8 + n] : scratch[n * 8 + line]
            sum += value * (inverse ? cosines[n * 8 + k] : cosines[k * 8 + n])
          }
          if pass == 0 { scratch[line * 8 + k] = sum } else { block[k * 8 + line] = sum }
        }
      }
    }
  }
}
