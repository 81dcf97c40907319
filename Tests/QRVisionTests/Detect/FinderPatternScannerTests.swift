// SPDX-License-Identifier: MIT
// Finder patterns from row scans, their corners, and what is not one.

import QRCodec
import QRImage
import QRSimulator
import Testing

@testable import QRVision

/// A binarized image of one encoded symbol drawn at `moduleSize`, turned by `degrees`.
private func binarized(moduleSize: Double, degrees: Double) throws -> (BinaryImage, EncodedSymbol) {
  let symbol = try #require(encode("finder patterns"))
  let side = Double(symbol.size) * moduleSize
  let canvas = Int(side * 1.5 + 10 * moduleSize)
  var scene = Canvas(width: canvas, height: canvas)
  scene.draw(
    symbol.matrix,
    corners: Canvas.square(
      centre: Point(x: Double(canvas) / 2, y: Double(canvas) / 2), side: side, degrees: degrees))
  var binarizer = Binarizer()
  binarizer.binarizeLocally(scene.image)
  return (
    BinaryImage(width: binarizer.width, height: binarizer.height, words: binarizer.words), symbol
  )
}

@Test(arguments: [(3.0, 0.0), (4.0, 30.0), (6.0, 45.0), (9.0, 70.0)])
func threeFinderPatternsWithModuleSizes(moduleSize: Double, degrees: Double) throws {
  let (image, _) = try binarized(moduleSize: moduleSize, degrees: degrees)
  let patterns = FinderPatternScanner.scan(
    image, rowStep: 1, region: (0, 0, image.width, image.height))
  // Three real ones, confirmed on many rows; stray confirmations in the data are few.
  let real = patterns.sorted { $0.count > $1.count }.prefix(3)
  #expect(real.count == 3 && real.allSatisfy { $0.count >= 3 })
  for pattern in real {
    // The scan's estimate mixes straight and diagonal extents; within a third is its job.
    #expect(abs(pattern.moduleSize - moduleSize) < moduleSize / 3)
    let corners = try #require(FinderPatternCorners.find(image, pattern))
    // Outer corners of a 7-module square: 3.5√2 modules from the centre.
    for corner in corners {
      let expected = 3.5 * 2.0.squareRoot() * moduleSize
      #expect(abs(corner.distance(to: pattern.centre) - expected) < max(2, moduleSize / 2))
    }
  }
}

@Test func stripesAreNotFinderPatterns() {
  // 1:1:3:1:1 along rows but uniform down the columns.
  let runs = [0, 0, 1, 0, 1, 1, 1, 0, 1, 0, 0]
  var bits: [UInt8] = []
  for _ in 0..<60 {
    for x in 0..<110 { bits.append(UInt8(runs[x / 10])) }
  }
  let image = BinaryImage(width: 110, height: 60, bits: bits)
  #expect(FinderPatternScanner.scan(image, rowStep: 1, region: (0, 0, 110, 60)).isEmpty)
}

@Test(arguments: [1, 2, 3])
func oneRowScanServesBothPolarities(rowStep: Int) throws {
  // A light-on-dark symbol beside a dark-on-light one: the row hits the dark-on-light scan
  // collects for the inverted image, confirmed there, are the patterns a scan of the inverted
  // image finds, in the same order.
  let symbol = try #require(encode("both polarities"))
  var scene = Canvas(width: 300, height: 160)
  scene.draw(
    symbol.matrix, corners: Canvas.square(centre: Point(x: 75, y: 80), side: 100, degrees: 0))
  scene.draw(
    symbol.matrix, corners: Canvas.square(centre: Point(x: 225, y: 80), side: 90, degrees: 20))
  var image = scene.image
  for y in 0..<160 {
    for x in 150..<300 { image[x, y] = 255 - image[x, y] }
  }
  var binarizer = Binarizer()
  binarizer.binarizeLocally(image)
  let region = (0, 0, image.width, image.height)
  var hits: [FinderPatternScanner.RowHit] = []
  let dark = FinderPatternScanner.scan(
    BinaryImage(width: 300, height: 160, bits: binarizer.bits), rowStep: rowStep, region: region,
    stones: false, collectsInverted: true, inverted: &hits)
  binarizer.invert()
  let inverted = BinaryImage(width: 300, height: 160, bits: binarizer.bits)
  let confirmed = FinderPatternScanner.patterns(confirming: hits, in: inverted, rowStep: rowStep)
  let scanned = FinderPatternScanner.scan(inverted, rowStep: rowStep, region: region)
  #expect(confirmed.map(\.centre) == scanned.map(\.centre))
  #expect(confirmed.map(\.count) == scanned.map(\.count))
  // Three patterns each way, on their own side.
  #expect(dark.filter { $0.count >= 2 && $0.centre.x < 150 }.count >= 3)
  #expect(confirmed.filter { $0.count >= 2 && $0.centre.x > 150 }.count >= 3)
}

/// The 1:1:3:1:1 test as plain comparisons: every run positive, seven pixels at least, each
/// ring within 0.7 module of one, the stone within 1.4 modules of three.
private func plainFinderRatio(_ runs: [Int], minimumStone: Int) -> Bool {
  let total = runs.reduce(0, +)
  guard total >= 7, runs.allSatisfy({ $0 > 0 }), runs[2] >= minimumStone else { return false }
  let tolerance = total * 7 / 10
  return [0, 1, 3, 4].allSatisfy { abs(runs[$0] * 7 - total) < tolerance }
    && abs(runs[2] * 7 - 3 * total) < 2 * tolerance
}

@Test func ratioTestWithoutBranchesAgreesWithThePlainComparisons() {
  // Every run sequence up to 12 pixels a run (30 for the stone), as the row scan asks it (a
  // stone of two pixels or more) and as the confirming lines do.
  var disagreements = 0
  for a in 0..<13 {
    for b in 0..<13 {
      for c in 0..<31 {
        for d in 0..<13 {
          for e in 0..<13 {
            for minimumStone in 1...2 {
              let plain = plainFinderRatio([a, b, c, d, e], minimumStone: minimumStone)
              let fast = BinaryImage.isFinderRatio((a, b, c, d, e), minimumStone: minimumStone)
              if plain != fast { disagreements += 1 }
            }
          }
        }
      }
    }
  }
  #expect(disagreements == 0)
}

/// The row scan that tests eight closes at a time finds what the one-at-a-time scan finds, in
/// the same order, on rows of noise at every density and of every width up to a few lanes past
/// a word, with and without the light-on-dark hits, taking every sequence or only the longer
/// ones (as the pyramid's coarser levels do).
@Test(arguments: [BinaryImage.shortestFinderTotal, DetectorTuning.pyramidRowTotal])
func runLengthsFindTheRowScansHits(minimumTotal: Int) {
  var generator = SystemRandomNumberGenerator()
  var found = 0
  var shortest = Int.max
  for width in [7, 8, 9, 31, 64, 65, 127, 200, 641] {
    for darkShare in [0.2, 0.5, 0.8] {
      for runScale in [1, 2, 3] {
        // Runs of random length (a scale of pixels each), dark with the given share.
        var bits: [UInt8] = []
        while bits.count < width * 3 {
          let isDark = Double.random(in: 0..<1, using: &generator) < darkShare
          let length = Int.random(in: 1...4, using: &generator) * runScale
          bits += [UInt8](repeating: isDark ? 1 : 0, count: length)
        }
        bits.removeLast(bits.count - width * 3)
        let image = BinaryImage(width: width, height: 3, bits: bits)
        for collectsInverted in [false, true] {
          var lengths = FinderPatternScanner.RunLengths(
            capacity: width, minimumTotal: minimumTotal)
          #expect(lengths.fitsLanes)
          for y in 0..<3 {
            var (hits, inverted) = (
              [FinderPatternScanner.RowHit](), [FinderPatternScanner.RowHit]()
            )
            FinderPatternScanner.scanRow(
              image, y: y, left: 0, right: width, stones: false,
              collectsInverted: collectsInverted, hits: &hits, inverted: &inverted,
              minimumTotal: minimumTotal)
            var (laneHits, laneInverted) = (
              [FinderPatternScanner.RowHit](), [FinderPatternScanner.RowHit]()
            )
            lengths.scanRow(
              image, y: y, left: 0, right: width, collectsInverted: collectsInverted,
              hits: &laneHits, inverted: &laneInverted)
            #expect(laneHits == hits)
            #expect(laneInverted == inverted)
            found += hits.count + inverted.count
            shortest = (hits + inverted).map(\.total).reduce(shortest, min)
          }
        }
      }
    }
  }
  // Noise is full of runs in proportion: the comparison is not of empty lists.
  #expect(found > 100)
  #expect(shortest >= minimumTotal)
}

/// With a shortest total, both row scans pass over a pattern of one-pixel modules and keep one
/// of two-pixel modules; without, they keep both.
@Test func rowScansTakeSequencesOfTheShortestTotalOrLonger() {
  // Light, a pattern of 1:1:3:1:1 pixels, light, one of 2:2:6:2:2, light.
  let runs = [
    (false, 4), (true, 1), (false, 1), (true, 3), (false, 1), (true, 1), (false, 6),
    (true, 2), (false, 2), (true, 6), (false, 2), (true, 2), (false, 4),
  ]
  let bits = runs.flatMap { [UInt8](repeating: $0.0 ? 1 : 0, count: $0.1) }
  let image = BinaryImage(width: bits.count, height: 1, bits: bits)
  for (minimumTotal, totals) in [(7, [7, 14]), (12, [14])] {
    var (hits, inverted) = ([FinderPatternScanner.RowHit](), [FinderPatternScanner.RowHit]())
    FinderPatternScanner.scanRow(
      image, y: 0, left: 0, right: bits.count, stones: false, collectsInverted: false,
      hits: &hits, inverted: &inverted, minimumTotal: minimumTotal)
    #expect(hits.map(\.total) == totals)
    var lengths = FinderPatternScanner.RunLengths(
      capacity: bits.count, minimumTotal: minimumTotal)
    var laneHits: [FinderPatternScanner.RowHit] = []
    lengths.scanRow(
      image, y: 0, left: 0, right: bits.count, collectsInverted: false, hits: &laneHits,
      inverted: &inverted)
    #expect(laneHits == hits)
  }
}
