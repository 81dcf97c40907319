// SPDX-License-Identifier: MIT
// Writes symbols as binary PGM images for the decoding oracle (test-only renderer).

import Foundation
import Testing

@testable import QRCodec

/// Renders a matrix to a binary PGM (P5): dark 0, light 255, with a quiet zone, scaled.
enum PGM {
  static func data(_ matrix: BitMatrix, quietZone: Int, scale: Int) -> Data {
    data([matrix], quietZone: quietZone, scale: scale)
  }

  /// Several matrices of one size side by side in one image, each with its quiet zone.
  static func data(_ matrices: [BitMatrix], quietZone: Int, scale: Int) -> Data {
    let side = ((matrices.first?.size ?? 0) + 2 * quietZone) * scale
    let width = side * matrices.count
    var pixels = [UInt8](repeating: 255, count: width * side)
    for (i, matrix) in matrices.enumerated() {
      for y in 0..<matrix.size {
        for x in 0..<matrix.size where matrix.isDark(x: x, y: y) {
          for dy in 0..<scale {
            let row = ((y + quietZone) * scale + dy) * width + i * side
            for dx in 0..<scale { pixels[row + (x + quietZone) * scale + dx] = 0 }
          }
        }
      }
    }
    return Data("P5\n\(width) \(side)\n255\n".utf8) + Data(pixels)
  }
}
