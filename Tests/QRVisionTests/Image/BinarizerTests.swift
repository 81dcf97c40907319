// SPDX-License-Identifier: MIT
// Local and global thresholds, inversion, buffers kept across frames.

import QRImage
import Testing

@testable import QRVision

@Test func otsuSplitsTwoPeaks() {
  var histogram = [Int](repeating: 0, count: 256)
  histogram[40] = 500
  histogram[200] = 700
  let level = Binarizer.otsuThreshold(histogram)
  #expect(level >= 40 && level < 200)
}

@Test func localThresholdFollowsAGradient() {
  // A dark square on a background that brightens left to right: one global level cannot
  // separate them everywhere, the local one does.
  var image = GrayImage(width: 160, height: 120)
  for y in 0..<120 {
    for x in 0..<160 {
      let background = 60 + x  // 60…219
      // Squares offset from the 8-pixel block grid, as real edges are.
      let inSquare = ((x + 4) / 20) % 2 == 0 && ((y + 4) / 20) % 2 == 0
      image[x, y] = UInt8(inSquare ? background - 50 : background)
    }
  }
  var binarizer = Binarizer()
  // Flat background blocks beside the squares must not pull the threshold below them.
  binarizer.binarizeLocally(image, smoothsFlatBlocks: false)
  let bits = binarizer.bits
  #expect(bits[54 * 160 + 54] == 1)  // inside a square on the dark side
  #expect(bits[54 * 160 + 74] == 0)  // background between squares
  #expect(bits[54 * 160 + 134] == 1)  // a square on the bright side
  #expect(bits[54 * 160 + 154] == 0)
}

@Test func invertingTwiceRestoresAndBuffersAreKept() {
  var image = GrayImage(width: 64, height: 48)
  for i in image.pixels.indices { image.pixels[i] = UInt8((i * 37) % 256) }
  var binarizer = Binarizer()
  binarizer.binarizeGlobally(image)
  let first = binarizer.bits
  binarizer.invert()
  #expect(zip(first, binarizer.bits).allSatisfy { $0 != $1 })
  binarizer.invert()
  #expect(binarizer.bits == first)
  binarizer.binarizeLocally(image)  // same size: no reallocation needed, same count
  #expect(binarizer.bits.count == 64 * 48)
}
