// SPDX-License-Identifier: MIT
// --assemble: structured-append parts joined across frames; incomplete sequences reported.

import Testing

private func part(_ time: Double, _ text: String, index: Int, count: Int = 3, parity: Int = 17)
  -> String
{
  record(
    time, text, extra: "\"sequence\":{\"index\":\(index),\"count\":\(count),\"parity\":\(parity)}")
}

private let assembling = configuration { $0.assemble = true }

@Test func partsAreJoinedIntoOneRecord() throws {
  let input = [
    part(0, "ab", index: 0), record(0.05, "plain"), part(0.1, "cd", index: 1),
    part(0.2, "ab", index: 0), part(0.3, "ef", index: 2),
  ]
  let run = try dedupe(assembling, input)
  #expect(
    run.lines == [
      input[1],
      "{\"time\":0.3,\"source\":\"-\",\"symbology\":\"qr\",\"text\":\"abcdef\","
        + "\"sequence\":{\"count\":3,\"parity\":17},\"bytes\":\"YWJjZGVm\"}",
    ])
  #expect(run.reports.isEmpty)
}

@Test func partsInAnyOrderAndTheAssembledRecordIsThrottled() throws {
  let input = [
    part(0, "ef", index: 2), part(0, "ab", index: 0), part(0, "cd", index: 1),
    part(0.5, "cd", index: 1), part(0.5, "ef", index: 2), part(0.5, "ab", index: 0),
  ]
  let run = try dedupe(assembling, input)
  #expect(run.lines.count == 1)
  #expect(run.lines.first?.contains("\"text\":\"abcdef\"") == true)
}

@Test func binaryPayloadsAreJoinedAsBytes() throws {
  // 0xC3 then 0xA9 ("é" split across two symbols), and a lone 0xFF that is not UTF-8.
  let first = "{\"time\":0,\"bytes\":\"ww==\",\"sequence\":{\"index\":0,\"count\":2,\"parity\":1}}"
  let second =
    "{\"time\":0.1,\"bytes\":\"qQ==\",\"sequence\":{\"index\":1,\"count\":2,\"parity\":1}}"
  let text =
    "{\"time\":0,\"text\":\"x\",\"bytes\":\"/w==\",\"sequence\":{\"index\":0,\"count\":2,\"parity\":2}}"
  let rest = "{\"time\":0.1,\"text\":\"y\",\"sequence\":{\"index\":1,\"count\":2,\"parity\":2}}"
  let run = try dedupe(assembling, [first, second, text, rest])
  #expect(
    run.lines == [
      "{\"time\":0.1,\"bytes\":\"w6k=\",\"sequence\":{\"count\":2,\"parity\":1}}",
      "{\"time\":0.1,\"sequence\":{\"count\":2,\"parity\":2},\"bytes\":\"/3k=\"}",
    ])
}

@Test func incompleteSequencesAreReportedAtEndOfInput() throws {
  let input = [
    part(0, "ab", index: 0), part(0.1, "ef", index: 2),
    part(0.2, "x", index: 0, count: 2, parity: 9),
  ]
  let run = try dedupe(assembling, input)
  #expect(run.lines.isEmpty)
  #expect(
    run.reports == [
      "incomplete structured-append sequence (count 2, parity 9): missing part 1",
      "incomplete structured-append sequence (count 3, parity 17): missing part 1",
    ])
}

@Test func incompleteSequencesAreEventsWithEvents() throws {
  let input = [part(0, "ab", index: 0), part(0.1, "ef", index: 2)]
  let run = try dedupe(
    configuration {
      $0.assemble = true; $0.events = true
    }, input)
  #expect(
    run.lines == [
      "{\"event\":\"incomplete\",\"sequence\":{\"count\":3,\"parity\":17},\"parts\":[0,2],"
        + "\"missing\":[1],\"time\":0.1,\"first\":0,\"last\":0.1,\"sightings\":2}"
    ])
  #expect(run.reports.isEmpty)
}

@Test func aStalledSequenceIsGivenUp() throws {
  // Ten seconds without a new part (ten intervals when that is longer).
  let input = [
    part(0, "ab", index: 0), record(9.9, "a"), record(10, "b"), part(10.1, "cd", index: 1),
  ]
  let run = try dedupe(assembling, input, finish: false)
  #expect(run.lines == [input[1], input[2]])
  #expect(
    run.reports == [
      "incomplete structured-append sequence (count 3, parity 17): missing parts 1, 2"
    ])
}

@Test func malformedSequencesAreOrdinaryRecords() throws {
  let input = [
    part(0, "a", index: 3, count: 3), part(0, "b", index: 0, count: 17),
    part(0, "c", index: 0, parity: 256), record(0, "d", extra: "\"sequence\":[0,3,17]"),
  ]
  let run = try dedupe(assembling, input)
  #expect(run.lines == input)
}

@Test func withoutAssembleThePartsAreRecords() throws {
  let input = [part(0, "ab", index: 0), part(0.1, "cd", index: 1)]
  #expect(try dedupe(configuration(), input).lines == input)
}
