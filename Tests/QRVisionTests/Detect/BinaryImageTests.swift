// SPDX-License-Identifier: MIT
// The packed binary image: its layout, and walks along lines against a byte-per-pixel walk.

import Testing

@testable import QRVision

/// Bytes of 0 or 1 in runs of random lengths (up to `longest`), dark with probability `share`.
private func noise(
  _ count: Int, share: Double, longest: Int, using generator: inout some RandomNumberGenerator
) -> [UInt8] {
  var bits: [UInt8] = []
  while bits.count < count {
    let isDark = Double.random(in: 0..<1, using: &generator) < share
    bits += [UInt8](
      repeating: isDark ? 1 : 0, count: Int.random(in: 1...longest, using: &generator))
  }
  return Array(bits.prefix(count))
}

@Test(arguments: [1, 7, 63, 64, 65, 130])
func packingPutsPixelXInBitXOfItsWord(width: Int) {
  var generator = SystemRandomNumberGenerator()
  let height = 5
  let bits = noise(width * height, share: 0.5, longest: 3, using: &generator)
  let image = BinaryImage(width: width, height: height, bits: bits)
  #expect(image.wordsPerRow == (width + 63) / 64)
  #expect(image.words.count == image.wordsPerRow * height)
  for y in 0..<height {
    for x in 0..<width {
      #expect(image.isDark(x, y) == (bits[y * width + x] != 0))
      #expect(
        image.words[y * image.wordsPerRow + x / 64] >> UInt64(x % 64) & 1 == bits[y * width + x])
    }
    // Past the width, in the row's last word, all light.
    if width % 64 != 0 {
      #expect(image.words[y * image.wordsPerRow + image.wordsPerRow - 1] >> UInt64(width % 64) == 0)
    }
  }
  #expect(!image.isDark(width, 0) && !image.isDark(-1, 0) && !image.isDark(0, height))
}

/// `BinaryImage.runs` as it was on bytes: step by step along the line.
private func plainRuns(
  _ bits: [UInt8], width: Int, height: Int, x: Int, y: Int, dx: Int, dy: Int, count: Int,
  maxRun: Int, startsDark: Bool, limit: Int
) -> (Int, Int, Int)? {
  guard x >= 0, y >= 0, x < width, y < height else { return nil }
  let most = maxRun < 0 ? 1 : maxRun < Int.max ? maxRun + 1 : maxRun
  var lengths = [0, 0, 0]
  var (px, py, read) = (x, y, 0)
  var dark = true
  for run in 0..<count {
    var length = 0
    while length < most, read < limit, px >= 0, py >= 0, px < width, py < height,
      (bits[py * width + px] != 0) == dark
    {
      length += 1
      read += 1
      px += dx
      py += dy
    }
    if length == most && run != count - 1 { return nil }
    if length == 0 && !(run == 0 && startsDark) && run < 2 { return nil }
    lengths[run] = length
    dark.toggle()
  }
  return lengths[2] > 0 ? (lengths[0], lengths[1], lengths[2]) : nil
}

@Test func runsAlongEveryDirectionMatchAPlainWalk() {
  // Short runs, and runs across several words (which the row walk counts a word at a time).
  var generator = SystemRandomNumberGenerator()
  for (width, height, longest) in [
    (9, 7, 4), (64, 20, 4), (70, 66, 4), (150, 40, 4), (300, 30, 90), (129, 129, 40),
  ] {
    let bits = noise(width * height, share: 0.5, longest: longest, using: &generator)
    let image = BinaryImage(width: width, height: height, bits: bits)
    var measured = 0
    for _ in 0..<2000 {
      let (x, y) = (
        Int.random(in: -1...width, using: &generator),
        Int.random(in: -1...height, using: &generator)
      )
      let (dx, dy) = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1), (1, -1), (-1, 1)]
        .randomElement(using: &generator)!
      let maxRun = Int.random(in: 1...(longest * 3 / 2 + 1), using: &generator)
      let limit =
        Bool.random(using: &generator)
        ? Int.max : Int.random(in: 0...(longest * 5), using: &generator)
      let startsDark = Bool.random(using: &generator)
      let fast = image.runs(
        x: x, y: y, dx: dx, dy: dy, count: 3, maxRun: maxRun, startsDark: startsDark,
        limit: limit)
      let plain = plainRuns(
        bits, width: width, height: height, x: x, y: y, dx: dx, dy: dy, count: 3, maxRun: maxRun,
        startsDark: startsDark, limit: limit)
      #expect(fast.map { [$0.0, $0.1, $0.2] } == plain.map { [$0.0, $0.1, $0.2] })
      if plain != nil { measured += 1 }
    }
    // Not only failures compared.
    #expect(measured > 100)
  }
}

@Test func rowScanFromAnyColumnMatchesTheScanOfTheCroppedRow() {
  // The row scan reads 64 pixels from `left` on, two words combined when `left` is not at a
  // word's start: a region's hits are those of an image cut to the region, shifted.
  var generator = SystemRandomNumberGenerator()
  let (width, height) = (300, 4)
  let bits = noise(width * height, share: 0.5, longest: 5, using: &generator)
  let image = BinaryImage(width: width, height: height, bits: bits)
  var found = 0
  for (left, right) in [
    (0, 300), (1, 300), (37, 101), (63, 64), (63, 128), (64, 129), (100, 299), (250, 300),
  ] {
    let cropped = BinaryImage(
      width: right - left, height: height,
      bits: (0..<height).flatMap { y in bits[(y * width + left)..<(y * width + right)] })
    for y in 0..<height {
      for stones in [false, true] {
        var (hits, inverted) = ([FinderPatternScanner.RowHit](), [FinderPatternScanner.RowHit]())
        FinderPatternScanner.scanRow(
          image, y: y, left: left, right: right, stones: stones, collectsInverted: !stones,
          hits: &hits, inverted: &inverted)
        var (expected, expectedInverted) = (
          [FinderPatternScanner.RowHit](), [FinderPatternScanner.RowHit]()
        )
        FinderPatternScanner.scanRow(
          cropped, y: y, left: 0, right: right - left, stones: stones, collectsInverted: !stones,
          hits: &expected, inverted: &expectedInverted)
        let shift = { (hit: FinderPatternScanner.RowHit) in
          FinderPatternScanner.RowHit(x: hit.x + left, y: hit.y, total: hit.total)
        }
        #expect(hits == expected.map(shift))
        #expect(inverted == expectedInverted.map(shift))
        found += hits.count + inverted.count
      }
    }
  }
  #expect(found > 20)
}
