// SPDX-License-Identifier: MIT
// Attempts that read nothing are not repeated by later passes at the same level.

import QRCodec
import QRImage
import QRSimulator
import Testing

@testable import QRVision

private func places(_ centres: [(Double, Double)], module: Double = 4, scale: Double = 1)
  -> FruitlessAttempts.Places
{
  FruitlessAttempts.Places(
    centres.map {
      FinderPattern(centre: Point(x: $0.0 / scale, y: $0.1 / scale), moduleSize: module / scale)
    }, scale: scale, origin: Point(x: 0, y: 0))
}

@Test func fruitlessAttemptsMatchTheSamePatternsAtTheSameLevel() {
  var fruitless = FruitlessAttempts()
  fruitless.insert(places([(100, 100), (200, 100), (100, 200)]))
  // Found again by another threshold: a fraction of a module off, a little larger.
  #expect(fruitless.contains(places([(102.5, 99), (197, 101), (100, 203.5)], module: 4.6)))
  // Another pattern: more than a module away, or half again as large.
  #expect(!fruitless.contains(places([(105, 100), (200, 100), (100, 200)])))
  #expect(!fruitless.contains(places([(100, 100), (200, 100), (100, 200)], module: 6)))
  // The same patterns in other roles, or fewer of them, are another attempt.
  #expect(!fruitless.contains(places([(200, 100), (100, 100), (100, 200)])))
  #expect(!fruitless.contains(places([(100, 100)])))
  // At another level the modules are sampled at another size: tried again.
  #expect(!fruitless.contains(places([(100, 100), (200, 100), (100, 200)], scale: 2)))
}

/// A lone finder pattern (what a code cut off by the frame's edge shows) promises a symbol, so
/// balanced effort looks at it with every threshold; each level tries it as Micro QR once.
@Test func aLonePatternIsTriedAsMicroQROncePerLevel() throws {
  var ring = BitMatrix(size: 7)
  for y in 0..<7 {
    for x in 0..<7 where max(abs(x - 3), abs(y - 3)) != 2 { ring.setDark(true, x: x, y: y) }
  }
  var scene = Canvas(width: 320, height: 240)
  scene.draw(ring, corners: Canvas.square(centre: Point(x: 160, y: 120), side: 42, degrees: 8))
  var detector = Detector()
  #expect(detector.detect(in: scene.image).isEmpty)
  let work = detector.lastWork
  // The frame and its half size (where the modules are 3 pixels) at most, in 5 passes or more.
  #expect(work.passes >= 5)
  #expect(work.microAttempts >= 1 && work.microAttempts <= 2)
}

/// A strong triple sampled and not read marks its patterns' place (within a module of the
/// rectangle of their centres) and the window around it (eight modules wider each way); a
/// neighbouring symbol's pattern a quiet zone away is not taken for one of its patterns.
@Test func symbolsLocatedAndNotReadMarkTheirPatterns() {
  var fruitless = FruitlessAttempts()
  #expect(!fruitless.isInUnread(Point(x: 100, y: 100)))
  fruitless.insertUnread(
    [Point(x: 100, y: 100), Point(x: 172, y: 100), Point(x: 100, y: 172)], moduleSize: 4)
  for centre in [(100.0, 100.0), (172.0, 100.0), (100.0, 172.0), (172.0, 172.0), (97.0, 175.0)] {
    #expect(fruitless.isInUnread(Point(x: centre.0, y: centre.1)))
  }
  // The next symbol of a sheet: its pattern 5 modules past this one's edge.
  #expect(!fruitless.isInUnread(Point(x: 100 + 72 + 3.5 * 4 + 5 * 4 + 3.5 * 4, y: 100)))
  let area = fruitless.unread[0]
  #expect(area.x0 == 100 - 32 && area.y0 == 100 - 32 && area.x1 == 172 + 32 && area.y1 == 172 + 32)
}
