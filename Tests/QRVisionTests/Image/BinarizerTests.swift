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

/// The local threshold as its documentation states it, pixel by pixel and block by block, with
/// no shortcut: what the binarizer's vector loops and sliding sums must reproduce exactly.
private func referenceLocalThreshold(_ image: GrayImage, smoothsFlatBlocks: Bool) -> (
  bits: [UInt8], straddling: Int
) {
  let (w, h) = (image.width, image.height)
  let side = Binarizer.blockSide
  let (wide, high) = ((w + side - 1) / side, (h + side - 1) / side)
  var levels = [Int](repeating: 0, count: wide * high)
  var hasContrast = [Bool](repeating: false, count: wide * high)
  var ranges = [ClosedRange<Int>](repeating: 0...0, count: wide * high)
  for by in 0..<high {
    for bx in 0..<wide {
      // The last block of a row or column is moved back inside the image.
      let (left, top) = (min(bx * side, w - side), min(by * side, h - side))
      var values: [Int] = []
      for y in top..<(top + side) {
        for x in left..<(left + side) { values.append(Int(image[x, y])) }
      }
      let darkest = values.min() ?? 0
      ranges[by * wide + bx] = darkest...(values.max() ?? 0)
      hasContrast[by * wide + bx] = (values.max() ?? 0) - darkest >= Binarizer.flatContrast
      var level = values.reduce(0, +) / values.count
      if !hasContrast[by * wide + bx] {
        level = darkest / 2
        if by > 0 && bx > 0 {
          let neighbours =
            (levels[(by - 1) * wide + bx] + 2 * levels[by * wide + bx - 1]
              + levels[(by - 1) * wide + bx - 1]) / 4
          if darkest < neighbours { level = neighbours }
        }
      }
      levels[by * wide + bx] = level
    }
  }
  var smoothed = levels
  var straddling = 0
  for by in 0..<high {
    // Smoothing flat blocks, every block takes the mean; else a flat block keeps its guess,
    // unless the mean of the blocks with contrast around it lies among its pixels' values
    // (below its brightest, which it would otherwise leave light).
    for bx in 0..<wide {
      var (sum, count) = (0, 0)
      let (x0, y0) = (min(max(bx - 2, 0), wide - 5), min(max(by - 2, 0), high - 5))
      for j in y0..<(y0 + 5) {
        for i in x0..<(x0 + 5) where smoothsFlatBlocks || hasContrast[j * wide + i] {
          sum += levels[j * wide + i]
          count += 1
        }
      }
      guard count > 0 else { continue }
      let block = by * wide + bx
      let mean = sum / count
      let range = ranges[block]
      if smoothsFlatBlocks || hasContrast[block] {
        smoothed[block] = mean
      } else if mean >= range.lowerBound && mean < range.upperBound {
        smoothed[block] = mean
        straddling += 1
      }
    }
  }
  var bits = [UInt8](repeating: 0, count: w * h)
  for y in 0..<h {
    for x in 0..<w {
      let level = min(max(smoothed[(y / side) * wide + x / side], 0), 255)
      bits[y * w + x] = Int(image[x, y]) <= level ? 1 : 0
    }
  }
  return (bits, straddling)
}

@Test(arguments: [(40, 40), (41, 47), (43, 57), (127, 65), (129, 83), (200, 41), (333, 211)])
func localThresholdMatchesItsDefinition(width: Int, height: Int) {
  // Noise over gradients, with flat patches (a large dark module, a light margin) and sharp
  // edges off the block grid, at sizes that are and are not multiples of the block.
  var image = GrayImage(width: width, height: height)
  var state: UInt64 = 0x9E37_79B9_7F4A_7C15
  for y in 0..<height {
    for x in 0..<width {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let noise = Int(state >> 59)  // 0…31
      var value = 30 + (x * 3 + y * 2) % 190 + noise
      if (x / 13 + y / 11) % 3 == 0 { value = 200 }  // light, flat
      if x > width / 2 && y > height / 2 && x < width / 2 + 20 { value = 15 }  // dark, flat
      image[x, y] = UInt8(min(value, 255))
    }
  }
  var binarizer = Binarizer()
  for smooths in [true, false] {
    binarizer.binarizeLocally(image, smoothsFlatBlocks: smooths)
    let expected = referenceLocalThreshold(image, smoothsFlatBlocks: smooths).bits
    let bits = binarizer.bits  // unpacked once: the property makes a new array
    let wrong = bits.indices.filter { bits[$0] != expected[$0] }
    let first = wrong.first.map { "(\($0 % width), \($0 / width))" } ?? "none"
    #expect(
      wrong.isEmpty, "\(wrong.count) pixels differ, the first at \(first), smoothing: \(smooths)")
    // The blocks' levels taken again from the other smoothing of the same image (a global
    // threshold in between): the same bits.
    var again = Binarizer()
    again.binarizeLocally(image, smoothsFlatBlocks: !smooths)
    again.binarizeGlobally(image)
    again.binarizeLocally(image, smoothsFlatBlocks: smooths, sameImage: true)
    #expect(again.bits == expected, "levels taken again, smoothing: \(smooths)")
  }
}

/// A faint patch (modules 18 gray levels apart, so its blocks are flat) whose neighbours above
/// and to the left are darker than its dark modules, and those below lighter: the guess leaves
/// its blocks light, and the contrast-only threshold gives them the mean of the blocks with
/// contrast around, which splits the modules (a label a few gray levels darker than its light
/// modules). As the definition states it.
@Test func contrastOnlyThresholdSplitsAFaintPatch() {
  let (width, height) = (96, 64)
  var image = GrayImage(width: width, height: height)
  for y in 0..<height {
    for x in 0..<width {
      let checker = (x / 2 + y / 2) % 2 == 0
      var value = y < height / 2 ? (checker ? 60 : 170) : (checker ? 100 : 220)
      let faint = (32..<64).contains(x) && (16..<48).contains(y)
      if faint { value = (x / 4 + y / 4) % 2 == 0 ? 124 : 142 }
      image[x, y] = UInt8(value)
    }
  }
  var binarizer = Binarizer()
  binarizer.binarizeLocally(image, smoothsFlatBlocks: false)
  let (expected, straddling) = referenceLocalThreshold(image, smoothsFlatBlocks: false)
  let bits = binarizer.bits
  #expect(bits.indices.filter { bits[$0] != expected[$0] }.isEmpty, "pixels differ")
  #expect(straddling > 0)
  let patch = (16..<48).flatMap { y in (32..<64).map { x in expected[y * width + x] } }
  #expect(patch.contains(0) && patch.contains(1), "the faint modules are not split")
}

@Test(arguments: [1, 3, 40, 63, 64, 65, 100, 128, 131])
func wordsHoldEveryWidthWithLightPadding(width: Int) {
  // Every threshold and its inversion, at widths below, at and past a word: the words are the
  // bytes packed, and the bits past the width stay light.
  let height = 43
  var image = GrayImage(width: width, height: height)
  var state: UInt64 = 0x2545_F491_4F6C_DD1D
  for i in image.pixels.indices {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    image.pixels[i] = UInt8(truncatingIfNeeded: state >> 56)
  }
  var binarizer = Binarizer()
  func check(_ what: String) {
    let bits = binarizer.bits
    let packed = BinaryImage(width: width, height: height, bits: bits)
    #expect(binarizer.words == packed.words, "\(what)")
  }
  binarizer.binarizeGlobally(image)
  check("global")
  // One level for all: every dark pixel is darker than every light one.
  let values = zip(image.pixels, binarizer.bits)
  let darkest = values.filter { $0.1 == 0 }.map(\.0).min() ?? 255
  #expect(values.filter { $0.1 == 1 }.allSatisfy { $0.0 < darkest })
  let global = binarizer.bits
  binarizer.invert()
  check("inverted")
  #expect(binarizer.bits == global.map { 1 - $0 })
  binarizer.binarizeLocally(image)
  check("local")
  binarizer.invert()
  check("local inverted")
}
