// SPDX-License-Identifier: MIT
// The outer corners of a finder pattern, from rays cast to the edge of its dark ring.

import QRImage
import Testing

@testable import QRVision

/// A finder pattern of `module` pixels a module with its top-left outer corner at pixel
/// (`left`, `top`), on a light image.
private func finder(module: Int, left: Int, top: Int, size: Int) -> BinaryImage {
  var bits = [UInt8](repeating: 0, count: size * size)
  for y in 0..<(7 * module) {
    for x in 0..<(7 * module) {
      let ring = max(abs(x / module - 3), abs(y / module - 3))
      if ring != 2 { bits[(top + y) * size + left + x] = 1 }
    }
  }
  return BinaryImage(width: size, height: size, bits: bits)
}

/// Where a march from `centre` along `direction` in quarter-pixel steps, starting dark, meets
/// its third change of colour (half a step before that step), or nil within `limit` pixels: the
/// contract `FinderPatternCorners.edgeByPixels` keeps.
private func quarterPixelMarch(
  _ image: BinaryImage, _ centre: Point, _ direction: Point, limit: Double
) -> Point? {
  var position = centre
  var (dark, transitions) = (true, 0)
  for _ in 0..<Int((limit * 4).rounded(.up)) {
    position = position + direction * 0.25
    let isDark = image.isDark(position)
    guard isDark != dark else { continue }
    (dark, transitions) = (isDark, transitions + 1)
    if transitions == 3 { return position - direction * 0.125 }
  }
  return nil
}

/// Sharp pixel edges give the corners to a fraction of a pixel, at every module size the rays
/// walk pixel by pixel and at the coarse steps above, whatever the centre's place in its pixel:
/// on a half pixel, axis-parallel rays step exactly onto pixel boundaries (a step there belongs
/// to the pixel on its right or below; given to the next pixel on leftward and upward rays,
/// the left and top edges came out a pixel off).
@Test(arguments: [2, 3, 4, 5, 7, 9, 11, 12, 16])
func cornersOfASharpPatternAreItsOuterCorners(module: Int) throws {
  let (left, top) = (13, 17)
  let side = Double(7 * module)
  let image = finder(module: module, left: left, top: top, size: 7 * module + 40)
  let expected = [
    Point(x: Double(left), y: Double(top)), Point(x: Double(left) + side, y: Double(top)),
    Point(x: Double(left) + side, y: Double(top) + side),
    Point(x: Double(left), y: Double(top) + side),
  ]
  for offset in [0.0, 0.25, 0.5] {
    let centre = Point(x: Double(left) + side / 2 + offset, y: Double(top) + side / 2 - offset)
    let pattern = FinderPattern(centre: centre, moduleSize: Double(module))
    let corners = try #require(FinderPatternCorners.find(image, pattern))
    #expect(corners.count == 4)
    for corner in expected {
      let nearest = corners.map { $0.distance(to: corner) }.min() ?? .infinity
      #expect(nearest < 0.35, "module \(module), centre offset \(offset): \(corners)")
    }
  }
}

/// A ray that leaves the image before it crosses the ring finds no edge; with more than a
/// quarter of the rays lost the pattern has no corners.
@Test func aPatternCutByTheImageEdgeHasNoCorners() {
  let image = finder(module: 4, left: 0, top: 0, size: 60)
  // Moved so that its left third lies outside the image.
  var bits = [UInt8](repeating: 0, count: 60 * 60)
  for y in 0..<60 {
    for x in 0..<50 where image.isDark(x + 10, y) { bits[y * 60 + x] = 1 }
  }
  let cut = BinaryImage(width: 60, height: 60, bits: bits)
  let pattern = FinderPattern(centre: Point(x: 4, y: 14), moduleSize: 4)
  #expect(FinderPatternCorners.find(cut, pattern) == nil)
}

/// The pixel walk's contract: the edge a march in quarter-pixel steps finds (the point half a
/// step before its first step past the third change of colour), for every ray direction and
/// centres anywhere in their pixel, the half pixel included (where axis-parallel rays step
/// exactly onto boundaries).
@Test func thePixelWalkFindsTheEdgeTheQuarterPixelMarchFinds() {
  let image = finder(module: 3, left: 10, top: 12, size: 50)
  var compared = 0
  for (dx, dy) in [(0.5, 0.5), (0.0, 0.0), (0.25, 0.75), (0.9, 0.1), (0.5, 0.3)] {
    let centre = Point(x: 20 + dx, y: 22 + dy)
    for direction in FinderPatternCorners.directions {
      let walked = FinderPatternCorners.edgeByPixels(image, centre, direction: direction, limit: 21)
      let marched = quarterPixelMarch(image, centre, direction, limit: 21)
      #expect((walked == nil) == (marched == nil))
      if let walked, let marched {
        #expect(walked.distance(to: marched) < 1e-6, "centre \(centre), ray \(direction)")
        compared += 1
      }
    }
  }
  #expect(compared >= 300)
}

/// The same contract on noise of runs one to four pixels long (most pixels a march steps over
/// or clips change colour), with rays that leave the image and a dark band along its top edge
/// that rays leave the image through while dark.
@Test func thePixelWalkFindsTheMarchsEdgeOnNoiseAndAtTheImageEdges() {
  var generator = SystemRandomNumberGenerator()
  let (width, height) = (41, 37)
  var bits = [UInt8](repeating: 0, count: width * height)
  var index = 0
  while index < bits.count {
    let run = Int.random(in: 1...4, using: &generator)
    let isDark: UInt8 = Bool.random(using: &generator) ? 1 : 0
    for i in index..<min(index + run, bits.count) { bits[i] = isDark }
    index += run
  }
  for i in 0..<(3 * width) { bits[i] = 1 }
  let image = BinaryImage(width: width, height: height, bits: bits)
  var (compared, lost) = (0, 0)
  for _ in 0..<200 {
    let centre = Point(
      x: Double.random(in: 0..<Double(width), using: &generator),
      y: Double.random(in: 0..<Double(height), using: &generator))
    let limit = Double.random(in: 2...40, using: &generator)
    for direction in FinderPatternCorners.directions {
      let walked = FinderPatternCorners.edgeByPixels(
        image, centre, direction: direction, limit: limit)
      let marched = quarterPixelMarch(image, centre, direction, limit: limit)
      #expect((walked == nil) == (marched == nil), "centre \(centre), ray \(direction)")
      if let walked, let marched {
        #expect(walked.distance(to: marched) < 1e-6, "centre \(centre), ray \(direction)")
        compared += 1
      } else {
        lost += 1
      }
    }
  }
  #expect(compared >= 1000)
  #expect(lost >= 100)
}
