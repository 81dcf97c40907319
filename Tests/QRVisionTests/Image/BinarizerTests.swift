// SPDX-License-Identifier: MIT
// Local and global thresholds, inversion, buffers kept across frames.

import QRStream
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
      let inSquare = (x / 20) % 2 == 0 && (y / 20) % 2 == 0
      image[x, y] = UInt8(inSquare ? background - 50 : background)
    }
  }
  var binarizer = Binarizer()
  binarizer.binarizeLocally(image)
  let bits = binarizer.bits
  #expect(bits[10 * 160 + 10] == 1)  // inside the first square
  #expect(bits[10 * 160 + 30] == 0)  // background between squares
  #expect(bits[50 * 160 + 130] == 1)  // a square on the bright side
  #expect(bits[50 * 160 + 150] == 0)
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
