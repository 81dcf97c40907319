// SPDX-License-Identifier: MIT
// Limits that hold whatever the input: bytes (--max-memory), key digests, and record times that
// would otherwise switch throttling off (1e16, 1e300, 1e999, jumps).

import Foundation
import Testing

@testable import QRDedupe

// MARK: - Digests

@Test func digestsTellKeysApartAndRepeatForTheSameBytes() {
  let seed = KeyDigest.Seed(a: 1, b: 2)
  var seen = Set<KeyDigest>()
  for length in 0..<40 {
    for fill in (length == 0 ? [0] : [0, 1, 0xFF]) as [UInt8] {
      let key = [UInt8](repeating: fill, count: length)
      #expect(seen.insert(KeyDigest(key, seed: seed)).inserted, "length \(length), fill \(fill)")
      #expect(KeyDigest(key, seed: seed) == KeyDigest(key, seed: seed))
    }
  }
  // 100,000 keys differing in one counter: no collision in either lane alone.
  var lanes = (a: Set<UInt64>(), b: Set<UInt64>())
  for counter in 0..<100_000 {
    let digest = KeyDigest(Array("code \(counter) of a long run".utf8), seed: seed)
    lanes.a.insert(digest.a)
    lanes.b.insert(digest.b)
  }
  #expect(lanes.a.count == 100_000 && lanes.b.count == 100_000)
  // Another seed, another digest.
  #expect(KeyDigest([1, 2, 3], seed: seed) != KeyDigest([1, 2, 3], seed: .init(a: 1, b: 3)))
}

@Test func anEntryIsSixtyFourBytes() {
  // As qrdedupe(1) says: about 75 bytes a key with its share of the index.
  #expect(MemoryLayout<KeyTable.Entry>.stride == 64)
  #expect(MemoryLayout<KeyTable.Details>.stride == 56)
}

@Test func aKeyCostsTheSameWhateverItsLength() throws {
  func bytes(textLength: Int) throws -> Int {
    let filler = String(repeating: "x", count: textLength)
    let input = (0..<2000).map { record(Double($0) * 0.001, "\($0)-\(filler)") }
    let run = try dedupe(configuration { $0.mode = .once }, input, finish: false)
    return try #require(run.filter?.statistics.bytes)
  }
  let short = try bytes(textLength: 1)
  #expect(try bytes(textLength: 10_000) == short)
  #expect(short < 2000 * 100)
}

// MARK: - The byte budget

@Test func distinctLongKeysStayWithinTheBudget() throws {
  let filler = String(repeating: "y", count: 2000)
  let input = (0..<20_000).map { record(Double($0), "\($0)-\(filler)") }
  let budget = 256 << 10
  let run = try dedupe(
    configuration {
      $0.mode = .once
      $0.maximumMemory = budget
    }, input, finish: false)
  let statistics = try #require(run.filter?.statistics)
  #expect(statistics.peakBytes <= budget)
  #expect(statistics.keysEvictedForMemory > 0)
  #expect(statistics.keysEvictedForCount == 0)
  #expect(statistics.keys + statistics.keysEvictedForMemory == 20_000)
  // Every key was new, so every record was written, and the table is still well used.
  #expect(run.lines.count == 20_000)
  #expect(statistics.keys > 1000)
}

@Test func memoryEvictionForgetsTheLeastRecentlySeen() throws {
  // A budget that holds a few thousand keys; "keep" is seen again and again, the rest once.
  var input: [String] = []
  for index in 0..<30_000 {
    input.append(record(Double(index), "other \(index)"))
    if index % 100 == 0 { input.append(record(Double(index), "keep")) }
  }
  let run = try dedupe(
    configuration {
      $0.mode = .once
      $0.maximumMemory = 128 << 10
    }, input, finish: false)
  #expect(run.lines.filter { $0.contains("\"keep\"") }.count == 1)
  let statistics = try #require(run.filter?.statistics)
  #expect(statistics.keysEvictedForMemory > 20_000)
  // An "other" seen again long after was forgotten, so it is written again.
  let again = try dedupe(
    configuration {
      $0.mode = .once
      $0.maximumMemory = 128 << 10
    }, input + [record(40_000, "other 0")])
  #expect(again.lines.last == record(40_000, "other 0"))
}

@Test func eventRecordsCountAgainstTheBudgetAndEvictedKeysLeave() throws {
  let filler = String(repeating: "z", count: 5000)
  let input = (0..<300).map { record(Double($0) * 0.01, "\($0)-\(filler)") }
  let budget = 256 << 10
  let run = try dedupe(
    configuration {
      $0.events = true
      $0.linger = 1000
      $0.maximumMemory = budget
    }, input, finish: false)
  let statistics = try #require(run.filter?.statistics)
  #expect(statistics.peakBytes <= budget)
  #expect(statistics.keysEvictedForMemory > 200)
  let leaves = run.lines.filter { $0.hasPrefix("{\"event\":\"leave\"") }
  #expect(leaves.count == statistics.keysEvictedForMemory)
  // The first code entered first and was forgotten first.
  #expect(leaves.first?.contains("\"text\":\"0-") == true)
}

@Test func maxKeysEvictionsAreCountedApart() throws {
  let input = (0..<10).map { record(Double($0), "c\($0)") }
  let run = try dedupe(
    configuration {
      $0.mode = .once
      $0.maximumKeys = 3
    }, input, finish: false)
  let statistics = try #require(run.filter?.statistics)
  #expect(statistics.keysEvictedForCount == 7)
  #expect(statistics.keysEvictedForMemory == 0)
  #expect(statistics.keys == 3 && statistics.peakKeys == 3)
}

private func part(_ time: Double, _ text: String, index: Int, count: Int, parity: Int) -> String {
  record(
    time, text, extra: "\"sequence\":{\"index\":\(index),\"count\":\(count),\"parity\":\(parity)}")
}

@Test func structuredAppendPartsStayWithinTheBudget() throws {
  // 256 parities × 15 parts of 10 KB at one time: 38 MB of parts, none complete.
  let filler = String(repeating: "p", count: 10_000)
  var input: [String] = []
  for parity in 0..<256 {
    for index in 0..<15 { input.append(part(5, filler, index: index, count: 16, parity: parity)) }
  }
  let budget = 1 << 20
  let run = try dedupe(
    configuration {
      $0.assemble = true
      $0.maximumKeys = 10
      $0.maximumMemory = budget
    }, input, finish: false)
  let statistics = try #require(run.filter?.statistics)
  #expect(statistics.peakBytes <= budget)
  #expect(statistics.sequencesEvicted > 150)
  #expect(statistics.parts == 256 * 15)
  #expect(run.lines.isEmpty)
  // The latest sequences are kept: the last parity's last part completes it.
  let completed = try dedupe(
    configuration {
      $0.assemble = true
      $0.maximumMemory = budget
    }, input + [part(5, "end", index: 15, count: 16, parity: 255)], finish: false)
  #expect(completed.lines.count == 1)
  #expect(completed.lines.first?.contains(filler + filler) == true)
}

@Test func aSequenceLongerThanALineIsGivenUp() throws {
  let filler = String(repeating: "q", count: 600)
  let input = (0..<3).map { part(Double($0), filler, index: $0, count: 3, parity: 1) }
  let run = try dedupe(
    configuration {
      $0.assemble = true
      $0.maximumLineLength = 1000
    }, input)
  #expect(run.lines.isEmpty)
  #expect(
    run.reports.first
      == "structured-append sequence (count 3, parity 1) would be longer than 1000 bytes when "
      + "joined: given up")
  #expect(run.filter?.statistics.sequencesTooLong == 1)
}

// MARK: - Times that cannot switch throttling off

/// 21 sightings of one code, 0.05 s apart, after a first record at `strange` (its JSON text).
private func stream(after strange: String) -> [String] {
  [record(0, "a").replacingOccurrences(of: "\"time\":0.0", with: "\"time\":\(strange)")]
    + (1...20).map { record(Double($0) * 0.05, "a") }
}

/// Arrivals 0.05 s apart, like the record times.
private let arrivals = (0..<21).map { Double($0) * 0.05 }

@Test(arguments: ["1e16", "1e300", "-1e300", "1e999", "-1e999", "\"NaN\"", "\"Infinity\""])
func anUnusableTimeIsTimedByArrival(strange: String) throws {
  for mode in [DedupeMode.interval, .rearm] {
    let run = try dedupe(
      configuration { $0.mode = mode }, stream(after: strange), arrivals: arrivals)
    // The strange record at arrival 0, then the code again once a second has passed (interval);
    // rearm: never again, as the code never leaves.
    #expect(run.lines.count == (mode == .interval ? 2 : 1), "\(strange) \(mode): \(run.lines)")
    let isNumber = !strange.hasPrefix("\"")
    #expect(run.filter?.statistics.unusableTimes == (isNumber ? 1 : 0), "\(strange)")
  }
  let events = try dedupe(
    configuration { $0.events = true }, stream(after: strange), arrivals: arrivals)
  #expect(events.lines.count == 2, "\(strange): \(events.lines)")
  #expect(events.lines.first?.hasPrefix("{\"event\":\"enter\"") == true)
  #expect(events.lines.last?.hasPrefix("{\"event\":\"leave\"") == true)
}

@Test func minusZeroIsZero() throws {
  let input = [
    record(0, "a").replacingOccurrences(of: "\"time\":0.0", with: "\"time\":-0"),
    record(0.5, "a"), record(1, "a"),
  ]
  #expect(writtenIndices(try dedupe(configuration(), input), of: input) == [0, 2])
  var timeline = Timeline(clock: .record)
  #expect(timeline.stamp(recordTime: -0.0, arrival: 0) == 0)
  #expect(timeline.stamp(recordTime: 0.5, arrival: 0) == 0.5)
}

@Test func decreasingTimesStandStill() throws {
  // Each record earlier than the one before: time stands still, so the code stays throttled.
  let input = (0..<20).map { record(Double(100 - $0), "a") }
  for mode in [DedupeMode.interval, .rearm] {
    #expect(try dedupe(configuration { $0.mode = mode }, input).lines.count == 1, "\(mode)")
  }
  let events = try dedupe(configuration { $0.events = true }, input)
  #expect(events.lines.count == 2)
}

@Test func aJumpBackAndOnIsThrottledByDifferences() throws {
  // 0…1 s, then back to 0.2 (a second recording): it continues from 1.0 by its own steps.
  let input =
    (0...10).map { record(Double($0) * 0.1, "a") }
    + (2...14).map {
      record(Double($0) * 0.1, "a")
    }
  let run = try dedupe(configuration(), input)
  // Written at 0, at 1.0, and 1.0 s after that: the second recording's 1.2 (index 21).
  #expect(writtenIndices(run, of: input) == [0, 10, 21])
  #expect(run.filter?.statistics.cutTimeJumps == 0)
}

@Test func aJumpAheadIsCutToTheMaximum() throws {
  // A record 10^9 s ahead, then the stream's own times again (quarter seconds: exact sums).
  let input =
    [record(0, "a"), record(0.25, "a"), record(1e9, "a")]
    + (1...12).map { record(0.25 + Double($0) * 0.25, "a") }
  for mode in [DedupeMode.interval, .rearm] {
    let run = try dedupe(
      configuration {
        $0.mode = mode
        $0.maximumTimeJump = 64
      }, input)
    // The jump counts as 64 s, long enough for an absence; then the clock stands still for
    // 0.5 (a step back) and moves on by the stream's differences: 1.5 is a second later.
    let expected = mode == .interval ? [0, 2, 7, 11] : [0, 2]
    #expect(writtenIndices(run, of: input) == expected, "\(mode)")
    #expect(run.filter?.statistics.cutTimeJumps == 1)
  }
  let events = try dedupe(
    configuration {
      $0.events = true
      $0.maximumTimeJump = 64
    }, input)
  #expect(
    events.lines.map { $0.prefix(16) } == [
      "{\"event\":\"enter\"", "{\"event\":\"leave\"", "{\"event\":\"enter\"",
      "{\"event\":\"leave\"",
    ])
  #expect(events.lines[2].contains("\"time\":64.25,"))
  var timeline = Timeline(clock: .record, maximumJump: 60)
  #expect(timeline.stamp(recordTime: 5, arrival: 0) == 5)
  #expect(timeline.stamp(recordTime: 1e9, arrival: 0) == 65)
  #expect(timeline.adjustment == .jumpCut(1e9 - 5))
  #expect(timeline.stamp(recordTime: 1e9 + 2, arrival: 0) == 67)
  #expect(timeline.adjustment == .none)
}

@Test func tooDeepJSONHasItsOwnReason() throws {
  let deep =
    "{\"a\":" + String(repeating: "[", count: 600) + String(repeating: "]", count: 600) + "}"
  let run = try dedupe(configuration(), [deep, "{oops", record(0, "a")])
  #expect(run.refused == [0, 1])
  let filter = try #require(run.filter)
  let reasons = try [deep, "{oops"].map { line in
    _ = try Array((line + "\n").utf8).withUnsafeBytes { try filter.accept($0, arrival: 0) }
    return filter.rejection
  }
  #expect(reasons == [.nestedTooDeeply, .notAnObject])
  #expect(DedupeRejection.nestedTooDeeply.description == "JSON nested deeper than 512 levels")
}
