// SPDX-License-Identifier: MIT
// Keys (--key, payload equivalences), expiry, --max-keys, and the clock (--clock, missing times).

import Testing

@testable import QRDedupe

@Test func payloadIsTheSameGivenAsTextOrBytes() throws {
  let input = [
    "{\"time\":0,\"symbology\":\"qr\",\"text\":\"hello\"}",
    "{\"time\":0.1,\"symbology\":\"qr\",\"bytes\":\"aGVsbG8=\"}",
    "{\"time\":0.2,\"symbology\":\"qr\",\"text\":\"h\\u0065llo\"}",
    "{\"time\":0.3,\"symbology\":\"qr\",\"text\":\"hello\",\"bytes\":\"aGVsbG8=\"}",
    "{\"time\":0.4,\"symbology\":\"microqr\",\"text\":\"hello\"}",
    "{\"time\":0.5,\"symbology\":\"qr\",\"text\":\"Hello\"}",
    "{\"time\":0.6,\"symbology\":\"qr\",\"bytes\":\"not base64!\"}",
  ]
  let run = try dedupe(configuration(), input)
  #expect(writtenIndices(run, of: input) == [0, 4, 5, 6])
}

@Test func keyFieldsChooseWhatIsTheSame() throws {
  let input = [
    record(0, "a", source: "cam1"), record(0.1, "a", source: "cam2"),
    record(0.2, "b", source: "cam1"), record(0.3, "b", source: "cam2"),
  ]
  let bySource = try dedupe(configuration { $0.keyFields = ["source"] }, input)
  #expect(writtenIndices(bySource, of: input) == [0, 1])
  let byBoth = try dedupe(configuration { $0.keyFields = ["payload", "source"] }, input)
  #expect(writtenIndices(byBoth, of: input) == [0, 1, 2, 3])
}

@Test func keyValuesCompareAsWrittenExceptStrings() throws {
  let input = [
    "{\"n\":1,\"time\":0}", "{\"n\":1.0,\"time\":0}", "{\"n\":\"1\",\"time\":0}",
    "{\"n\":null,\"time\":0}", "{\"time\":0}", "{\"n\":[1, 2],\"time\":0}",
    "{\"n\":[1,2],\"time\":0}",
    "{\"n\":[1,2],\"time\":0}",
  ]
  let run = try dedupe(configuration { $0.keyFields = ["n"] }, input)
  #expect(writtenIndices(run, of: input) == [0, 1, 2, 3, 5, 6])
}

@Test func expiredKeysAreForgotten() throws {
  // 10,000 distinct codes, ten per second: only the last second's stay remembered.
  let input = (0..<10_000).map { record(Double($0) / 10, "code\($0)") }
  for mode in [DedupeMode.interval, .rearm, .global] {
    let run = try dedupe(configuration { $0.mode = mode }, input, finish: false)
    let remembered = try #require(run.filter?.rememberedKeyCount)
    #expect(remembered <= 11, "\(mode)")
  }
  let pending = try dedupe(configuration { $0.confirm = 2 }, input, finish: false)
  #expect(try #require(pending.filter?.rememberedKeyCount) <= 11)
}

@Test func onceRemembersUntilMaxKeys() throws {
  let input = (0..<100).map { record(Double($0), "code\($0 % 50)") }
  let unlimited = try dedupe(configuration { $0.mode = .once }, input)
  #expect(unlimited.lines.count == 50)
  #expect(unlimited.filter?.rememberedKeyCount == 50)
  let capped = try dedupe(
    configuration {
      $0.mode = .once; $0.maximumKeys = 10
    }, input)
  #expect(capped.lines.count == 100)
  #expect(capped.filter?.rememberedKeyCount == 10)
}

@Test func maxKeysEvictsTheLeastRecentlySeen() throws {
  let input = [
    record(0, "a"), record(1, "b"), record(2, "a"), record(3, "c"), record(4, "a"), record(5, "b"),
  ]
  let run = try dedupe(
    configuration {
      $0.mode = .once; $0.maximumKeys = 2
    }, input)
  // c evicts b (a was seen more recently); b then evicts c.
  #expect(writtenIndices(run, of: input) == [0, 1, 3, 5])
}

@Test func wallClockIgnoresRecordTimes() throws {
  let input = [record(0, "a"), record(100, "a"), record(200, "a"), record(300, "a")]
  let run = try dedupe(configuration { $0.clock = .wall }, input, arrivals: [5, 5.5, 6.0, 6.2])
  #expect(writtenIndices(run, of: input) == [0, 2])
}

@Test func recordsWithoutTimeAreTimedByArrival() throws {
  let input = [
    record(nil, "a", frame: 1), record(nil, "a", frame: 2), record(nil, "a", frame: 3),
    record(nil, "b", frame: 4),
  ]
  let run = try dedupe(configuration(), input, arrivals: [50, 50.9, 51.0, 51.0])
  #expect(writtenIndices(run, of: input) == [0, 2, 3])
}

@Test func aRecordWithoutTimeContinuesFromTheLastRecordTime() throws {
  // After time 10, a line without a time 0.5 s later is at 10.5; then time 10.2 is late, which
  // moves the record clock on by 0.3 s: 10.75 is at 11.05, an interval after the first a.
  let input = [record(10, "a"), record(nil, "b"), record(10.2, "a"), record(10.75, "a")]
  let run = try dedupe(configuration(), input, arrivals: [0, 0.5, 0.6, 0.7])
  #expect(writtenIndices(run, of: input) == [0, 1, 3])
}

@Test func timelineStampsNeverDecrease() {
  var timeline = Timeline(clock: .record)
  let stamps = [(5.0, 0.0), (4.0, 0.0), (6.0, 0.0), (1.0, 0.0), (1.5, 0.0)].map {
    timeline.stamp(recordTime: $0.0, arrival: $0.1)
  }
  #expect(stamps == [5, 5, 7, 7, 7.5])
  var wall = Timeline(clock: .wall)
  #expect([3.0, 3.5, 10].map { wall.stamp(recordTime: 99, arrival: $0) } == [0, 0.5, 7])
}
