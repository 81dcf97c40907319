// SPDX-License-Identifier: MIT
// The homography: four-point maps, affine maps, least-squares fits.

import Testing

@testable import QRImage

private func isClose(_ a: Point, _ b: Point, within tolerance: Double = 1e-6) -> Bool {
  a.distance(to: b) <= tolerance
}

@Test func fourPointMapHitsItsPoints() throws {
  let from = [Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 0, y: 10), Point(x: 10, y: 10)]
  let to = [Point(x: 5, y: 7), Point(x: 90, y: 12), Point(x: 2, y: 80), Point(x: 70, y: 95)]
  let transform = try #require(PerspectiveTransform(from: from, to: to))
  for (p, q) in zip(from, to) { #expect(isClose(transform.apply(p), q)) }
}

@Test func affineMapKeepsParallelograms() throws {
  let from = (Point(x: 3.5, y: 3.5), Point(x: 17.5, y: 3.5), Point(x: 3.5, y: 17.5))
  let to = (Point(x: 100, y: 100), Point(x: 200, y: 120), Point(x: 80, y: 200))
  let transform = try #require(PerspectiveTransform(affineFrom: from, to: to))
  #expect(isClose(transform.apply(x: 17.5, y: 17.5), Point(x: 180, y: 220)))
  #expect(isClose(transform.apply(x: 10.5, y: 10.5), Point(x: 140, y: 160)))
}

@Test func leastSquaresFitRecoversAProjectiveMap() throws {
  let square = [Point(x: 0, y: 0), Point(x: 21, y: 0), Point(x: 0, y: 21), Point(x: 21, y: 21)]
  let quad = [
    Point(x: 40, y: 30), Point(x: 300, y: 60), Point(x: 20, y: 260), Point(x: 250, y: 240),
  ]
  let truth = try #require(PerspectiveTransform(from: square, to: quad))
  let from = (0..<20).map { Point(x: Double($0 % 5) * 5 + 0.5, y: Double($0 / 5) * 6 + 1) }
  let fitted = try #require(PerspectiveTransform(fitting: from, to: from.map(truth.apply)))
  for point in [Point(x: 3.5, y: 3.5), Point(x: 20, y: 1), Point(x: 10.5, y: 17)] {
    #expect(isClose(fitted.apply(point), truth.apply(point), within: 1e-6))
  }
}

@Test func degenerateInputsGiveNil() {
  let line = [Point(x: 0, y: 0), Point(x: 1, y: 1), Point(x: 2, y: 2), Point(x: 3, y: 3)]
  #expect(PerspectiveTransform(from: line, to: line) == nil)
  #expect(PerspectiveTransform(fitting: Array(line.prefix(3)), to: Array(line.prefix(3))) == nil)
}

@Test func theSquareMapAndItsInverseRoundTrip() throws {
  let quad = [
    Point(x: 10, y: 20), Point(x: 110, y: 30), Point(x: 120, y: 140), Point(x: 5, y: 100),
  ]
  let map = try #require(PerspectiveTransform(square: 29, to: quad))
  let corners = [Point(x: 0, y: 0), Point(x: 29, y: 0), Point(x: 29, y: 29), Point(x: 0, y: 29)]
  for (corner, expected) in zip(corners, quad) {
    let mapped = map.apply(corner)
    #expect(mapped.distance(to: expected) < 1e-9)
    #expect(map.inverse.apply(mapped).distance(to: corner) < 1e-9)
  }
}
