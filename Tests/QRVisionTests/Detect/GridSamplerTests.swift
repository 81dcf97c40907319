// SPDX-License-Identifier: MIT
// Sampling for dark modules grown into their light neighbours.

import QRCodec
import QRImage
import Testing

@testable import QRVision

@Test func thinningDarkReadsNarrowedLightModules() throws {
  // Columns of 5-pixel modules, odd columns light but narrowed by their dark neighbours to
  // pixels 2 and 3 of the module; the grid sits 1.6 pixels right of the truth, so every odd
  // module's centre lands on a dark pixel while a point 0.15 module left of it stays light.
  let size = 21
  let moduleSize = 5
  let side = size * moduleSize
  var bits = [UInt8](repeating: 1, count: side * side)
  for y in 0..<side {
    for x in 0..<side where (x / moduleSize) % 2 == 1 && (2...3).contains(x % moduleSize) {
      bits[y * side + x] = 0
    }
  }
  let image = BinaryImage(width: side, height: side, bits: bits)
  let extent = Double(side)
  let square = [
    Point(x: 0, y: 0), Point(x: Double(size), y: 0), Point(x: Double(size), y: Double(size)),
    Point(x: 0, y: Double(size)),
  ]
  let shifted = [
    Point(x: 1.6, y: 0), Point(x: extent + 1.6, y: 0), Point(x: extent + 1.6, y: extent),
    Point(x: 1.6, y: extent),
  ]
  let transform = try #require(PerspectiveTransform(from: square, to: shifted))
  let (plain, _) = GridSampler.sample(image, transform, size: size)
  let (thinned, unreliable) = GridSampler.sampleThinningDark(image, transform, size: size)
  #expect(plain.darkCount == size * size)
  for y in 0..<size {
    for x in 0..<size {
      #expect(thinned.isDark(x: x, y: y) == (x % 2 == 0), "module \(x), \(y)")
    }
  }
  #expect(unreliable.darkCount == 0)
}

/// `GridSampler.timingRead` reads a symbol's timing patterns whole through the map of its drawing,
/// and gives up on texture (coin-flip pixels) within its first samples, well short of the whole
/// line a version 20 symbol's timing patterns make.
@Test func timingReadsASymbolWholeAndGivesUpOnTexture() throws {
  var options = EncodeOptions()
  options.version = .qr(try #require(Version(20)))
  let symbol = try Encoder.encode(text: "timing", options: options)
  let moduleSize = 3
  let side = symbol.size * moduleSize
  var bits = [UInt8](repeating: 0, count: side * side)
  for y in 0..<side {
    for x in 0..<side where symbol.matrix.isDark(x: x / moduleSize, y: y / moduleSize) {
      bits[y * side + x] = 1
    }
  }
  let drawn = BinaryImage(width: side, height: side, bits: bits)
  let map = { (x: Double, y: Double) in
    Point(x: x * Double(moduleSize), y: y * Double(moduleSize))
  }
  let whole = GridSampler.timingRead(drawn, size: symbol.size, position: map)
  #expect(whole.isComplete && whole.score == 1)

  var state: UInt64 = 0x9E37_79B9_7F4A_7C15  // xorshift64: coin flips
  let noise = BinaryImage(
    width: side, height: side,
    bits: (0..<(side * side)).map { _ in
      state ^= state << 13
      state ^= state >> 7
      state ^= state << 17
      return UInt8(state >> 63)
    })
  var read = 0
  let texture = GridSampler.timingRead(noise, size: symbol.size) { x, y in
    read += 1
    return map(x, y)
  }
  #expect(!texture.isComplete)
  #expect(read < 2 * (symbol.size - 16) / 2, "\(read) modules read")
}
