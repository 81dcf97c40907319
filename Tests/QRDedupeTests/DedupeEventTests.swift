// SPDX-License-Identifier: MIT
// --events: enter, update (--move), leave (--linger, end of input, eviction).

import Foundation
import Testing

@testable import QRDedupe

/// An output line decoded for inspection.
private func object(_ line: String) throws -> [String: Any] {
  let value = try JSONSerialization.jsonObject(with: Data(line.utf8))
  return try #require(value as? [String: Any])
}

private func corners(_ x: Int) -> String {
  "\"corners\":[[\(x),10],[\(x + 80),10],[\(x + 80),90],[\(x),90]]"
}

private let eventConfiguration = configuration { $0.events = true }

@Test func enterUpdateAndLeave() throws {
  let input = [
    record(0, "a", extra: corners(10)),
    record(0.1, "a", extra: corners(15)),  // moved 5: no update
    record(0.2, "a", extra: corners(25)),  // moved 15 from the enter: update
    record(0.3, "b", extra: corners(300)),
    record(1.25, "b", extra: corners(300)),  // a absent since 0.2: left at 1.2; b stays
  ]
  let run = try dedupe(eventConfiguration, input)
  let events = try run.lines.map(object)
  #expect(events.map { $0["event"] as? String } == ["enter", "update", "enter", "leave", "leave"])
  #expect(
    run.lines[0].hasPrefix(
      "{\"event\":\"enter\",\"key\":{\"text\":\"a\",\"symbology\":\"qr\"},\"time\":0,"))
  #expect(run.lines[0].hasSuffix(",\"sightings\":1,\"record\":" + input[0] + "}"))
  #expect(events[1]["moved"] as? Double == 15)
  #expect(run.lines[1].hasSuffix("\"record\":" + input[2] + "}"))
  // a left at its last sighting plus the linger.
  #expect(events[3]["time"] as? Double == 1.2)
  #expect(events[3]["first"] as? Double == 0)
  #expect(events[3]["last"] as? Double == 0.2)
  #expect(events[3]["sightings"] as? Int == 3)
  // End of input: b leaves at the last time seen in the stream.
  #expect((events[4]["key"] as? [String: Any])?["text"] as? String == "b")
  #expect(events[4]["time"] as? Double == 1.25)
  #expect(events[4]["sightings"] as? Int == 2)
  #expect(run.lines[4].hasSuffix("\"record\":" + input[4] + "}"))
}

@Test func moveThresholdAndLingerAreOptions() throws {
  let input = [
    record(0, "a", extra: corners(10)), record(0.1, "a", extra: corners(15)),
    record(0.5, "b"), record(0.9, "a", extra: corners(15)),
  ]
  let run = try dedupe(
    configuration {
      $0.events = true
      $0.move = 4
      $0.linger = 0.3
    }, input)
  #expect(
    try run.lines.map { try object($0)["event"] as? String } == [
      "enter", "update", "leave", "enter", "leave", "enter", "leave",
    ])
}

@Test func confirmDelaysEnter() throws {
  let input = [record(0, "a", frame: 1), record(0.1, "a", frame: 2), record(0.2, "a", frame: 3)]
  let run = try dedupe(
    configuration {
      $0.events = true; $0.confirm = 2
    }, input)
  let events = try run.lines.map(object)
  #expect(events.map { $0["event"] as? String } == ["enter", "leave"])
  #expect(events[0]["first"] as? Double == 0)
  #expect(events[0]["time"] as? Double == 0.1)
  #expect(events[1]["sightings"] as? Int == 3)
}

@Test func countCountsEntersAndThenEverythingLeaves() throws {
  let input = [record(0, "a"), record(0.1, "b"), record(0.2, "c")]
  let run = try dedupe(
    configuration {
      $0.events = true; $0.count = 2
    }, input)
  #expect(
    try run.lines.map { try object($0)["event"] as? String } == [
      "enter", "enter", "leave", "leave",
    ])
}

@Test func evictionSaysLeave() throws {
  let input = [record(0, "a"), record(0.1, "b"), record(0.2, "a")]
  let run = try dedupe(
    configuration {
      $0.events = true; $0.maximumKeys = 1
    }, input)
  let events = try run.lines.map(object)
  #expect(
    events.map { $0["event"] as? String } == ["enter", "leave", "enter", "leave", "enter", "leave"])
  #expect(events[1]["time"] as? Double == 0.1)
}

@Test func wallClockLeavesWithoutInput() throws {
  let input = [record(0, "a")]
  let run = try dedupe(
    configuration {
      $0.events = true; $0.clock = .wall
    }, input, arrivals: [100], finish: false)
  let filter = try #require(run.filter)
  #expect(filter.nextDeadline == 101)
  var lines: [String] = []
  let probe = Deduplicator(configuration: filter.configuration) { line, _ in
    lines.append(String(decoding: line, as: UTF8.self))
  }
  _ = try Array((input[0] + "\n").utf8).withUnsafeBytes { try probe.accept($0, arrival: 100) }
  try probe.advance(toArrival: 100.5)
  #expect(lines.count == 1)
  try probe.advance(toArrival: 101)
  #expect(lines.count == 2)
  #expect(lines[1].hasPrefix("{\"event\":\"leave\""))
  #expect(probe.nextDeadline == nil)
}

@Test func recordClockLetsTimePassWhileNoRecordArrives() throws {
  // On a live stream the last record of a code may be the last record for a while: its leave
  // is due a linger after it, by the wall clock since it arrived, not with the next record.
  let run = try dedupe(eventConfiguration, [record(0, "a")], finish: false)
  let filter = try #require(run.filter)
  let deadline = try #require(filter.nextDeadline)
  #expect(deadline > 0)
  // Before the deadline the code is still in view; at it, it has left (nothing waits).
  try filter.advance(toArrival: deadline - 0.01)
  #expect(filter.nextDeadline == deadline)
  try filter.advance(toArrival: deadline + 0.01)
  #expect(filter.nextDeadline == nil)
}

@Test func keyFieldsAppearUnderKey() throws {
  let input = ["{\"source\":\"cam1\",\"n\":1.0,\"time\":0}", "{\"source\":\"cam1\",\"time\":0.1}"]
  let run = try dedupe(
    configuration {
      $0.events = true; $0.keyFields = ["source", "n"]
    }, input)
  #expect(run.lines.count == 4)
  #expect(run.lines[0].hasPrefix("{\"event\":\"enter\",\"key\":{\"source\":\"cam1\",\"n\":1.0},"))
  #expect(run.lines[1].hasPrefix("{\"event\":\"enter\",\"key\":{\"source\":\"cam1\",\"n\":null},"))
}

@Test func defaultModeReportsEachShowing() throws {
  // A code in view at 30 fps for a second, away for two, back for half a second: two records,
  // as a camera scanner reports it (and zbarcam: once per appearance).
  let times = (0..<30).map { Double($0) / 30 } + (90..<105).map { Double($0) / 30 }
  let input = times.map { record($0, "a") }
  let run = try dedupe(DedupeConfiguration(), input)
  #expect(writtenIndices(run, of: input) == [0, 30])
}

@Test func keyTrackReportsEachTrackEnteringAndLeaving() throws {
  let input = [
    "{\"time\":0,\"text\":\"a\",\"track\":1}", "{\"time\":0,\"text\":\"a\",\"track\":2}",
    "{\"time\":0.5,\"text\":\"a\",\"track\":1}", "{\"time\":3,\"text\":\"a\",\"track\":3}",
  ]
  let run = try dedupe(
    configuration {
      $0.events = true; $0.keyFields = ["track"]
    }, input)
  let events = run.lines.map { String($0.prefix(while: { $0 != "," })) }
  #expect(
    events == [
      "{\"event\":\"enter\"", "{\"event\":\"enter\"", "{\"event\":\"leave\"",
      "{\"event\":\"leave\"", "{\"event\":\"enter\"", "{\"event\":\"leave\"",
    ])
  #expect(run.lines[0].contains("\"key\":{\"track\":1}"))
  #expect(run.lines[1].contains("\"key\":{\"track\":2}"))
}
