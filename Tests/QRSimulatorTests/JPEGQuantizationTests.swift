// SPDX-License-Identifier: MIT
// The generator's JPEG loss: libjpeg's quantization tables, and what a round trip keeps.

import QRImage
import Testing

@testable import QRSimulator

@Test func jpegTablesAreLibjpegsScalingOfTableK1() {
  // Quality 50 is table K.1 itself; 75 halves it (rounded); 100 is all ones.
  let fifty = JPEGQuantization.table(quality: 50)
  #expect(fifty.prefix(8) == [16, 11, 10, 16, 24, 40, 51, 61])
  #expect(fifty.last == 99)
  #expect(JPEGQuantization.table(quality: 75).prefix(4) == [8, 6, 5, 8])
  #expect(JPEGQuantization.table(quality: 100).allSatisfy { $0 == 1 })
  // Below 50 the scale grows as 5000 / q, clamped at 255.
  #expect(JPEGQuantization.table(quality: 10).prefix(2) == [80, 55])
  #expect(JPEGQuantization.table(quality: 1).allSatisfy { $0 == 255 })
}

@Test func jpegRoundTripKeepsFlatImagesAndLosesEdgesByQuality() {
  // A flat image (not a multiple of 8 wide or high) comes back exactly.
  let flat = GrayImage(width: 13, height: 11, pixels: [UInt8](repeating: 77, count: 143))
  #expect(JPEGQuantization.degrade(flat, quality: 30).pixels == flat.pixels)
  // Hard-edged modules (4 px, 40 levels apart): quality 100 keeps them within a level or two,
  // quality 60 rings around the edges, by more.
  var modules = [UInt8](repeating: 0, count: 64 * 64)
  for y in 0..<64 {
    for x in 0..<64 { modules[y * 64 + x] = (x / 4 + y / 4) % 2 == 0 ? 100 : 140 }
  }
  let image = GrayImage(width: 64, height: 64, pixels: modules)
  func largestError(_ quality: Int) -> Int {
    zip(JPEGQuantization.degrade(image, quality: quality).pixels, modules).map {
      abs(Int($0) - Int($1))
    }.max() ?? 0
  }
  #expect(largestError(100) <= 2)
  #expect(largestError(60) > 4)
  #expect(largestError(60) < 40)
}
