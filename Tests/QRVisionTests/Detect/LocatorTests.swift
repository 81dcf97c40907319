// SPDX-License-Identifier: MIT
// The locators on their own: finder patterns in, sampled grids out, checked against the symbol
// that was drawn.

import QRCodec
import QRImage
import QRSimulator
import Testing

@testable import QRVision

/// `symbol` drawn at `moduleSize` pixels a module, turned by `degrees`, binarized as a pass
/// would: the bits and the finder patterns the scanner finds on them.
private func scanned(_ symbol: EncodedSymbol, moduleSize: Double, degrees: Double)
  -> (binary: BinaryImage, patterns: [FinderPattern])
{
  let side = Double(symbol.size) * moduleSize
  let extent = Int(side * 1.6) + 40
  var canvas = Canvas(width: extent, height: extent)
  let centre = Point(x: Double(extent) / 2, y: Double(extent) / 2)
  canvas.draw(
    symbol.matrix, corners: Canvas.square(centre: centre, side: side, degrees: degrees))
  var bits = Binarizer()
  bits.binarizeLocally(canvas.image)
  let binary = BinaryImage(width: bits.width, height: bits.height, words: bits.words)
  let patterns = FinderPatternScanner.scan(
    binary, rowStep: 1, region: (0, 0, extent, extent))
  return (binary, patterns)
}

/// `QRLocator.locate` settles the version from the timing patterns (and from the version
/// information from 7 up) and samples every module of the symbol drawn, at each version, at
/// 4 px a module, square and turned.
@Test(arguments: [1, 3, 6, 7, 12, 20])
func qrLocatorSamplesTheSymbolDrawn(version: Int) throws {
  var options = EncodeOptions()
  options.version = .qr(try #require(Version(version)))
  let symbol = try Encoder.encode(text: "locate \(version)", options: options)
  for degrees in [0.0, 17.0] {
    let (binary, patterns) = scanned(symbol, moduleSize: 4, degrees: degrees)
    let triples = QRLocator.triples(patterns)
    let triple = try #require(triples.first, "version \(version) at \(degrees)°")
    let readings = QRLocator.locate(binary, patterns, triple) {
      FinderPatternCorners.find(binary, patterns[$0])
    }
    let first = try #require(readings.first, "version \(version) at \(degrees)°")
    #expect(first.version == .qr(try #require(Version(version))))
    let best = readings.map { reading in
      reading.isMirrored ? Int.max : mismatches(reading.matrix, symbol.matrix)
    }.min()
    #expect(best == 0, "version \(version) at \(degrees)°: \(best ?? -1) modules wrong")
  }
}

/// `MicroQRLocator.locate` finds the orientation and version (format information) of a lone
/// finder pattern and samples every module, for M1 to M4, in each quarter turn.
@Test(arguments: ["1", "12345", "MICRO QR", "micro qr M4 x"])
func microLocatorSamplesTheSymbolDrawn(text: String) throws {
  var options = EncodeOptions()
  options.symbolKinds = [.micro]
  let symbol = try Encoder.encode(text: text, options: options)
  for degrees in [0.0, 90.0, 180.0, 270.0] {
    let (binary, patterns) = scanned(symbol, moduleSize: 5, degrees: degrees)
    let pattern = try #require(patterns.first, "\(text) at \(degrees)°")
    let readings = MicroQRLocator.locate(
      binary, pattern, corners: FinderPatternCorners.find(binary, pattern))
    #expect(
      readings.contains { mismatches($0.matrix, symbol.matrix) == 0 },
      "\(text) at \(degrees)°")
  }
}

/// A guessed third pattern is worth locating only where dark points show around it: on a
/// pattern's stone, or up to a module and a half off it, the guess may hold a pattern; on
/// light paper beside it, not.
@Test func aGuessMayHoldAPatternOnlyWhereDarkPointsShow() {
  // A finder pattern of 4-pixel modules at (20, 20)…(48, 48) on light paper, 100 × 60 pixels.
  let (width, height, module) = (100, 60, 4)
  var bits = [UInt8](repeating: 0, count: width * height)
  for y in 0..<(7 * module) {
    for x in 0..<(7 * module) where max(abs(x / module - 3), abs(y / module - 3)) != 2 {
      bits[(20 + y) * width + 20 + x] = 1
    }
  }
  let image = BinaryImage(width: width, height: height, bits: bits)
  func guess(_ x: Double, _ y: Double) -> FinderPattern {
    FinderPattern(centre: Point(x: x, y: y), moduleSize: Double(module), count: 0)
  }
  #expect(QRLocator.mayHoldPattern(image, guess(34, 34)))
  #expect(QRLocator.mayHoldPattern(image, guess(34 + 1.5 * 4, 34 - 1.5 * 4)))
  #expect(!QRLocator.mayHoldPattern(image, guess(80, 34)))
  #expect(!QRLocator.mayHoldPattern(image, guess(34, 54.5)))
}
