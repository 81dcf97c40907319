// SPDX-License-Identifier: MIT
// Helpers of the detector tests: encoding, comparing grids, turning images.

import QRCodec
import QRImage

/// Encodes `text` as the smallest QR Code (or Micro QR when `micro`) at level M.
func encode(_ text: String, micro: Bool = false, level: ErrorCorrectionLevel = .medium)
  -> EncodedSymbol?
{
  var options = EncodeOptions()
  options.errorCorrectionLevel = level
  if micro { options.symbolKinds = [.micro] }
  return try? Encoder.encode(text: text, options: options)
}

/// The number of modules where `a` and `b` differ (Int.max if their sizes differ).
func mismatches(_ a: BitMatrix, _ b: BitMatrix) -> Int {
  guard a.size == b.size else { return Int.max }
  var count = 0
  for y in 0..<a.size {
    for x in 0..<a.size where a.isDark(x: x, y: y) != b.isDark(x: x, y: y) { count += 1 }
  }
  return count
}

/// `image` turned clockwise by `quarterTurns` × 90° (as Benchmarks/DetectBench turns it).
func rotated(_ image: GrayImage, quarterTurns: Int) -> GrayImage {
  let turns = ((quarterTurns % 4) + 4) % 4
  guard turns != 0 else { return image }
  let (width, height) = (image.width, image.height)
  var result =
    turns == 2 ? GrayImage(width: width, height: height) : GrayImage(width: height, height: width)
  for y in 0..<height {
    for x in 0..<width {
      switch turns {
      case 1: result[height - 1 - y, x] = image[x, y]
      case 2: result[width - 1 - x, height - 1 - y] = image[x, y]
      default: result[y, width - 1 - x] = image[x, y]
      }
    }
  }
  return result
}
