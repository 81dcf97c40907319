// SPDX-License-Identifier: MIT
// The four --mode policies, --count and --confirm over crafted streams.

import Testing

@testable import QRDedupe

/// One crafted stream and the records a policy must keep.
struct PolicyCase: CustomTestStringConvertible, Sendable {
  var name: String
  var mode: DedupeMode
  var interval = 1.0
  var confirm = 1
  /// (time, text, frame) per record.
  var stream: [(Double, String, Int?)]
  /// Indices of the records written.
  var kept: [Int]

  var testDescription: String { "\(mode.rawValue): \(name)" }
}

private let cases: [PolicyCase] = [
  // interval: again once INTERVAL has passed since last written (>=), per key.
  PolicyCase(
    name: "repeats inside the interval are dropped, at the boundary kept", mode: .interval,
    stream: [
      (0, "a", nil), (0.5, "a", nil), (0.99, "a", nil), (1.0, "a", nil), (1.5, "a", nil),
      (2.0, "a", nil),
    ],
    kept: [0, 3, 5]),
  PolicyCase(
    name: "keys are throttled independently", mode: .interval,
    stream: [
      (0, "a", nil), (0.1, "b", nil), (0.5, "a", nil), (0.6, "b", nil), (1.0, "a", nil),
      (1.05, "b", nil), (1.1, "b", nil),
    ],
    kept: [0, 1, 4, 6]),
  PolicyCase(
    name: "equal timestamps", mode: .interval,
    stream: [(0, "a", nil), (0, "a", nil), (0, "b", nil), (0, "b", nil), (1, "a", nil)],
    kept: [0, 2, 4]),
  PolicyCase(
    name: "a gap", mode: .interval, stream: [(0, "a", nil), (5, "a", nil), (5.5, "a", nil)],
    kept: [0, 1]),
  PolicyCase(
    name: "a late record happens at the latest time", mode: .interval,
    // 1.5 after 2 is stamped 2 (offset 0.5): 2.9 is then 3.4, 3.0 is 3.5.
    stream: [(0, "a", nil), (2, "a", nil), (1.5, "a", nil), (2.9, "a", nil), (3.0, "a", nil)],
    kept: [0, 1, 3]),
  PolicyCase(
    name: "a second recording starting again at 0 continues the first", mode: .interval,
    stream: [(0, "a", nil), (1, "a", nil), (0, "a", nil), (0.9, "a", nil), (1.0, "a", nil)],
    kept: [0, 1, 4]),
  PolicyCase(
    name: "interval 0 keeps everything", mode: .interval, interval: 0,
    stream: [(0, "a", nil), (0, "a", nil), (0.1, "a", nil)], kept: [0, 1, 2]),
  // rearm: again only after absent for INTERVAL; each sighting restarts the wait.
  PolicyCase(
    name: "kept out while seen, back after an absence", mode: .rearm,
    stream: [(0, "a", nil), (0.5, "a", nil), (1.2, "a", nil), (2.0, "a", nil), (3.5, "a", nil)],
    kept: [0, 4]),
  PolicyCase(
    name: "an absence of exactly the interval rearms", mode: .rearm,
    stream: [(0, "a", nil), (1.0, "a", nil), (1.5, "a", nil)], kept: [0, 1]),
  PolicyCase(
    name: "keys rearm independently", mode: .rearm,
    stream: [(0, "a", nil), (0.5, "b", nil), (0.9, "a", nil), (1.6, "b", nil), (2.0, "a", nil)],
    kept: [0, 1, 3, 4]),
  // global: at most one record per INTERVAL, whatever the key.
  PolicyCase(
    name: "one record per interval", mode: .global,
    stream: [
      (0, "a", nil), (0.2, "b", nil), (0.9, "c", nil), (1.0, "b", nil), (1.5, "a", nil),
      (2.1, "c", nil),
    ],
    kept: [0, 3, 5]),
  // once: each key once for the run.
  PolicyCase(
    name: "each key once", mode: .once,
    stream: [(0, "a", nil), (5, "a", nil), (100, "b", nil), (1000, "a", nil), (1001, "b", nil)],
    kept: [0, 2]),
  // --confirm K: K distinct frames within INTERVAL before the first write.
  PolicyCase(
    name: "confirmed on the third frame", mode: .interval, confirm: 3,
    stream: [(0, "a", 1), (0.1, "a", 2), (0.2, "a", 3), (0.3, "a", 4), (1.2, "a", 12)],
    kept: [2, 4]),
  PolicyCase(
    name: "the same frame twice counts once", mode: .interval, confirm: 3,
    stream: [(0, "a", 1), (0, "a", 1), (0, "a", 1), (0.1, "a", 2), (0.2, "a", 3)], kept: [4]),
  PolicyCase(
    name: "sightings spread wider than the interval do not confirm", mode: .interval, confirm: 3,
    stream: [(0, "a", 1), (0.6, "a", 2), (1.2, "a", 3), (1.3, "a", 4)], kept: [3]),
  PolicyCase(
    name: "a single misread is never written", mode: .rearm, confirm: 2,
    stream: [(0, "b", 1), (0.1, "a", 2), (0.2, "a", 3), (0.3, "a", 4)], kept: [2]),
  PolicyCase(
    name: "after an absence a key is confirmed again", mode: .rearm, confirm: 2,
    stream: [(0, "a", 1), (0.1, "a", 2), (3, "a", 90), (3.1, "a", 91)], kept: [1, 3]),
  PolicyCase(
    name: "once with confirm", mode: .once, confirm: 2,
    stream: [(0, "a", 1), (5, "a", 2), (5.1, "a", 3), (9, "a", 4), (9.1, "a", 5)], kept: [2]),
  PolicyCase(
    name: "global waits for confirmation too", mode: .global, confirm: 2,
    stream: [(0, "a", 1), (0.1, "b", 2), (0.2, "b", 3), (0.3, "a", 4), (1.2, "a", 5)],
    kept: [2, 4]),
]

@Test(arguments: cases)
func policyKeepsTheExpectedRecords(_ testCase: PolicyCase) throws {
  let input = testCase.stream.map { record($0.0, $0.1, frame: $0.2) }
  let run = try dedupe(
    configuration {
      $0.mode = testCase.mode
      $0.interval = testCase.interval
      $0.confirm = testCase.confirm
    }, input)
  #expect(writtenIndices(run, of: input) == testCase.kept)
}

@Test func recordsAreWrittenByteForByte() throws {
  let input = [
    "  {\"text\" : \"a\\u0041\",\"time\":0 , \"x\":[1, {\"y\":\"}\"}]}\t\r",
    "{\"text\":\"\u{1F600}\",\"time\":5}",
  ]
  let run = try dedupe(configuration(), input)
  #expect(run.lines == input)
}

@Test(arguments: DedupeMode.allCases)
func countStopsAfterNRecords(mode: DedupeMode) throws {
  let input = (0..<10).map { record(Double($0) * 2, "code\($0)") }
  let run = try dedupe(
    configuration {
      $0.mode = mode; $0.count = 3
    }, input)
  #expect(run.lines == Array(input.prefix(3)))
  #expect(run.filter?.isFinished == true)
}

@Test func countOneScansOnce() throws {
  let input = [record(0, "a"), record(0.1, "a"), record(0.2, "b")]
  let run = try dedupe(configuration { $0.count = 1 }, input)
  #expect(run.lines == [input[0]])
}

@Test func endOfInputWritesNothingMoreForRecords() throws {
  let input = [record(0, "a"), record(0.5, "a")]
  let run = try dedupe(configuration(), input)
  #expect(run.lines == [input[0]])
  #expect(run.reports.isEmpty)
}
