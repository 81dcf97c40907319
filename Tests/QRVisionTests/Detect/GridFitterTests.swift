// SPDX-License-Identifier: MIT
// The corner fit: a grid a fraction of a module off is moved back.

import QRCodec
import QRImage
import QRSimulator
import Testing

@testable import QRVision

@Test func functionModulesOfVersionOne() throws {
  let modules = GridFitter.functionModules(try #require(Version(1)))
  // Three finder patterns with the separator parts inside the symbol (8 × 8 each) and the
  // two timing patterns between them (5 modules each).
  #expect(modules.count == 3 * 64 + 2 * 5)
}

@Test func misplacedCornersAreFittedBack() throws {
  let symbol = try #require(encode("grid fitter test payload"))
  let moduleSize = 6.0
  let truth = Canvas.square(
    centre: Point(x: 150, y: 150), side: Double(symbol.size) * moduleSize, degrees: 12)
  var scene = Canvas(width: 300, height: 300)
  scene.draw(symbol.matrix, corners: truth)
  var binarizer = Binarizer()
  binarizer.binarizeLocally(scene.image)
  let image = BinaryImage(width: binarizer.width, height: binarizer.height, bits: binarizer.bits)
  // A candidate whose bottom-right corner is a module off.
  var corners = truth
  corners[2] = corners[2] + Point(x: 5, y: -4)
  let square = [
    Point(x: 0, y: 0), Point(x: Double(symbol.size), y: 0),
    Point(x: Double(symbol.size), y: Double(symbol.size)), Point(x: 0, y: Double(symbol.size)),
  ]
  let transform = try #require(PerspectiveTransform(from: square, to: corners))
  let (matrix, unreliable) = GridSampler.sample(image, transform, size: symbol.size)
  let candidate = SymbolCandidate(
    version: symbol.version, corners: corners, matrix: matrix, unreliable: unreliable,
    isInverted: false, isMirrored: false, formatDistance: 0, finderPatterns: [])
  #expect(mismatches(matrix, symbol.matrix) > 0)
  var searches = 0
  let fitted = try #require(GridFitter.refine(image, candidate, searches: &searches))
  #expect(fitted.corners[2].distance(to: truth[2]) < moduleSize / 2)
  #expect(mismatches(fitted.matrix, symbol.matrix) == 0)
  #expect(searches == 1)
}
