// SPDX-License-Identifier: MIT
// Candidates: mirroring, area, what counts as the same symbol.

import QRCodec
import QRImage
import Testing

@testable import QRVision

private func candidate(_ corners: [Point]) throws -> SymbolCandidate {
  let symbol = try #require(encode("candidate"))
  return SymbolCandidate(
    version: symbol.version, corners: corners, matrix: symbol.matrix,
    unreliable: BitMatrix(size: symbol.size), isInverted: false, isMirrored: false,
    formatDistance: 0, finderPatterns: [])
}

@Test func areaAndOverlap() throws {
  let big = try candidate([
    Point(x: 0, y: 0), Point(x: 100, y: 0), Point(x: 100, y: 100), Point(x: 0, y: 100),
  ])
  let shifted = try candidate([
    Point(x: 10, y: 10), Point(x: 110, y: 10), Point(x: 110, y: 110), Point(x: 10, y: 110),
  ])
  let nested = try candidate([
    Point(x: 40, y: 40), Point(x: 60, y: 40), Point(x: 60, y: 60), Point(x: 40, y: 60),
  ])
  #expect(big.area == 10_000)
  #expect(big.overlaps(shifted))
  #expect(!big.overlaps(nested))  // a small symbol printed inside a large one is another
}

@Test func mirroringTwiceRestores() throws {
  let original = try candidate([
    Point(x: 0, y: 0), Point(x: 100, y: 0), Point(x: 100, y: 100), Point(x: 0, y: 100),
  ])
  let mirrored = original.mirrored()
  #expect(mirrored.isMirrored)
  #expect(mirrored.matrix == original.matrix.transposed())
  #expect(mirrored.corners[1] == original.corners[3])
  let back = mirrored.mirrored()
  #expect(back.matrix == original.matrix && back.corners == original.corners && !back.isMirrored)
}
