// SPDX-License-Identifier: MIT
// What each finder strategy keeps of a pass's patterns, and what it lets the pass try.

import QRImage
import Testing

@testable import QRVision

/// Patterns in a row, the i-th seen on `counts[i]` scan lines.
private func patterns(_ counts: [Int]) -> [FinderPattern] {
  counts.enumerated().map { index, count in
    FinderPattern(centre: Point(x: Double(20 * index), y: 10), moduleSize: 2, count: count)
  }
}

@Test func ringsKeepEveryPatternInItsOrderAndEverySighting() {
  let scanned = patterns(Array(repeating: 1, count: 50) + [3, 1, 2])
  #expect(FinderStrategy.rings.kept(scanned) == scanned)
  #expect(FinderStrategy.rings.counts(scanned))
  #expect(FinderStrategy.rings.triesPairsAndMicroQR && FinderStrategy.rings.triesWithoutQR)
  #expect(FinderStrategy.rings.sharesRowScanWithTwin && FinderStrategy.rings.name == nil)
}

@Test func stonesKeepThoseSeenTwiceAndAtMostTheirLimitMostSeenFirst() {
  let stones = FinderStrategy.stones
  let limit = DetectorTuning.stonePatterns
  // Few stones: those seen on one scan line are dropped, the others keep their order.
  let few = patterns([1, 3, 2, 1, 5])
  #expect(stones.kept(few) == [few[1], few[2], few[4]])
  // Many: the `limit` seen on the most lines, most first.
  let counts = (0..<(limit + 10)).map { 2 + $0 % 7 } + [1, 1, 1]
  let kept = stones.kept(patterns(counts))
  #expect(kept.count == limit)
  #expect(kept.map(\.count) == counts.sorted(by: >).prefix(limit).map { $0 })
  #expect(kept.allSatisfy { $0.count >= 2 })
  // A few stones may be washed-out rings; many are texture, and promise nothing.
  #expect(stones.counts(patterns(Array(repeating: 2, count: DetectorTuning.promisingStones))))
  #expect(!stones.counts(patterns(Array(repeating: 2, count: DetectorTuning.promisingStones + 1))))
  #expect(!stones.triesPairsAndMicroQR && !stones.triesWithoutQR && !stones.hasRings)
  #expect(stones.attempts == DetectorTuning.stoneAttempts && stones.name == "stones")
  #expect(stones != .rings)
}
