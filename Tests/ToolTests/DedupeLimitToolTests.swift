// SPDX-License-Identifier: MIT
// qrdedupe's limits on the built binary: peak RSS under --max-memory whatever the keys, warnings
// and --summary, time that cannot switch throttling off, byte-exact last lines, too-deep JSON.

import Foundation
import Testing

private func line(_ time: String, _ text: String) -> String {
  "{\"time\":\(time),\"symbology\":\"qr\",\"text\":\"\(text)\"}"
}

private func input(_ lines: [String]) -> [UInt8] { Array(lines.map { $0 + "\n" }.joined().utf8) }

/// Runs `generator | qrdedupe arguments` under GNU time; returns qrdedupe's peak RSS in bytes,
/// its stderr, and the pipeline's result.
private func peakRSS(of generator: String, _ arguments: [String]) throws -> (
  bytes: Int, errors: String, result: ToolResult
) {
  let report = FileManager.default.temporaryDirectory.appendingPathComponent(
    "qrdedupe-rss-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
  defer { try? FileManager.default.removeItem(at: report) }
  let words = arguments.map { "'\($0)'" }.joined(separator: " ")
  let result = try ToolRunner.shell(
    "\(generator) | /usr/bin/time -f %M -o '\(report.path)' qrdedupe \(words) >/dev/null")
  let text = try String(contentsOf: report, encoding: .utf8)
  let kilobytes = try #require(
    text.split(separator: "\n").last.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) })
  return (kilobytes * 1024, result.errors, result)
}

/// What qrdedupe needs besides its budget: the Swift runtime and libraries (about 12 MB for the
/// debug build), the line buffer and the key buffer (a line each at most), and allocator slack.
private let fixedOverhead = 20 << 20

/// The megabytes each RSS test streams through qrdedupe: enough to hold many times the budget,
/// small enough for the debug build on a shared machine (~10 s each); QRPIPE_DEDUPE_RSS_MB
/// sets more (a release build takes 1 GB of long keys in a few seconds).
private let streamedMegabytes =
  ProcessInfo.processInfo.environment["QRPIPE_DEDUPE_RSS_MB"].flatMap(Int.init) ?? 120

@Test func distinctLongKeysStayWithinMaxMemory() throws {
  // 600-byte payloads, every one new: keys alone would take as much memory as the input.
  let lines = streamedMegabytes * 1_000_000 / 620
  let generator =
    "perl -e '$f = \"k\" x 600; for $i (1..\(lines)) { print \"{\\\"time\\\":$i,\\\"text\\\":\\\"$i-$f\\\"}\\n\" }'"
  let budget = 4 << 20
  let (bytes, errors, result) = try peakRSS(
    of: generator, ["--mode", "once", "--max-memory", "4M"])
  #expect(result.status == 0, "\(errors)")
  #expect(bytes <= budget + fixedOverhead, "peak RSS \(bytes >> 20) MiB for \(lines) keys")
  #expect(
    errors.hasPrefix("qrdedupe: warning: ")
      && errors.contains(" keys forgotten before they expired (")
      && errors.contains(
        " to stay within --max-memory 4 MiB); a forgotten key is new when seen again\n"),
    "\(errors)")
}

@Test func structuredAppendPartsStayWithinMaxMemory() throws {
  // 256 parities × 15 of 16 parts at one timestamp: none completes, none times out.
  let size = max(1000, streamedMegabytes * 1_000_000 / (256 * 15))
  let generator =
    "perl -e '$f = \"p\" x \(size); for $p (0..255) { for $i (0..14) { print \"{\\\"time\\\":1,\\\"text\\\":\\\"$f\\\",\\\"sequence\\\":{\\\"index\\\":$i,\\\"count\\\":16,\\\"parity\\\":$p}}\\n\" } }'"
  let budget = 4 << 20
  let (bytes, errors, result) = try peakRSS(
    of: generator, ["--assemble", "--max-keys", "10", "--max-memory", "4M"])
  #expect(result.status == 0)
  #expect(bytes <= budget + fixedOverhead, "peak RSS \(bytes >> 20) MiB for parts of \(size) bytes")
  #expect(
    errors.contains(
      "incomplete structured-append sequences dropped to stay within --max-memory 4 MiB\n"),
    "\(errors.suffix(400))")
}

@Test func anEndlessLineIsSkippedWithinTheLineLimit() throws {
  // 200 MB without a newline: skipped once it passes 1 MiB, read through in the same buffer.
  let (bytes, errors, result) = try peakRSS(of: "head -c 200000000 /dev/zero | tr '\\0' x", [])
  #expect(result.status == 0)
  #expect(
    errors
      == "qrdedupe: -: warning: line 1: 200000000 bytes, longer than --max-line-length 1048576:"
      + " skipped\nqrdedupe: warning: 1 line longer than --max-line-length 1048576 skipped\n")
  #expect(bytes <= fixedOverhead, "peak RSS \(bytes >> 20) MiB")
}

@Test func wideObjectsCostAFixedAmount() throws {
  // Lines of a megabyte holding 170,000 members each, keys and parts among them.
  let generator =
    "perl -e 'for $i (1..30) { print \"{\\\"time\\\":$i,\\\"text\\\":\\\"$i\\\",\" . (\"\\\"a\\\":1,\" x 170000) . \"\\\"sequence\\\":{\\\"index\\\":0,\\\"count\\\":2,\\\"parity\\\":$i}}\\n\" }'"
  let (bytes, errors, result) = try peakRSS(of: generator, ["--assemble", "--events"])
  #expect(result.status == 0, "\(errors)")
  #expect(bytes <= 64 << 20, "peak RSS \(bytes >> 20) MiB")
}

@Test func summaryCountsRecordsKeysMemoryAndEvictions() throws {
  let lines = (0..<10).map { line("\($0)", "c\($0)") } + ["not json"]
  let result = try ToolRunner.run(
    "qrdedupe", ["--mode", "once", "--max-keys", "4", "--summary"], input: input(lines))
  #expect(result.status == 0)
  let errors = result.errors.split(separator: "\n").map(String.init)
  #expect(errors.first == "qrdedupe: -: line 11: not a JSON object, passed through")
  #expect(errors.dropFirst().first?.hasPrefix("qrdedupe: -: hint: this is text") == true)
  #expect(
    errors.dropFirst(2).first
      == "qrdedupe: warning: 6 keys forgotten before they expired (6 to stay within --max-keys 4); "
      + "a forgotten key is new when seen again")
  let summary = try #require(errors.last)
  #expect(
    summary.hasPrefix(
      "qrdedupe: summary: 11 lines read, 11 lines written; 10 records, 0 parts, 1 not a JSON object, "
        + "0 too long; 4 keys (at most 4); "), "\(summary)")
  #expect(
    summary.hasSuffix(
      " of 64 MiB); evicted 0 for memory, 6 for --max-keys, 0 sequences; 0 sequences too long; "
        + "0 unusable times, 0 time jumps cut"), "\(summary)")
  // Without evictions and without --summary, nothing is said.
  let quiet = try ToolRunner.run("qrdedupe", input: input(lines.prefix(3).map { $0 }))
  #expect(quiet.errors.isEmpty)
}

@Test(arguments: [
  (
    ["--max-memory", "64Q"],
    "invalid value '64Q' for --max-memory: expected a size from 8 KiB to 1 TiB"
  ),
  (
    ["--max-memory", "4K"],
    "invalid value '4K' for --max-memory: expected a size from 8 KiB to 1 TiB"
  ),
  (
    ["--max-memory", "2T"],
    "invalid value '2T' for --max-memory: expected a size from 8 KiB to 1 TiB"
  ),
  (["--max-time-jump", "1w"], "invalid value '1w' for --max-time-jump: expected a duration"),
  (["--max-time-jump", "inf"], "invalid value 'inf' for --max-time-jump: expected a duration"),
  (["--max-time-jump", "0"], "invalid value '0' for --max-time-jump: expected a duration"),
])
func limitUsageErrors(arguments: [String], message: String) throws {
  let result = try ToolRunner.run("qrdedupe", arguments)
  #expect(result.status == 64)
  #expect(result.errors.hasPrefix("qrdedupe: \(message)"), "\(result.errors)")
}

@Test func sizesAndDurationsTakeUnits() throws {
  let lines = (0..<3).map { line("\($0)", "c\($0)") }
  for arguments in [
    ["--max-memory", "65536"], ["--max-memory=64K"], ["--max-memory", "64KiB"],
    ["--max-memory", "1g"], ["--max-time-jump", "90s"], ["--max-time-jump", "1.5h"],
    ["--max-time-jump", "2d"], ["--max-time-jump", "30"],
  ] {
    let result = try ToolRunner.run("qrdedupe", arguments, input: input(lines))
    #expect(result.status == 0, "\(arguments): \(result.errors)")
    #expect(result.output == input(lines).string, "\(arguments)")
  }
}

// MARK: - Time

@Test(arguments: ["interval", "rearm"])
func aTimeOf1e16DoesNotSwitchThrottlingOff(mode: String) throws {
  // The audit's case: one record at 1e16, then 20 sightings of the code 0.05 s apart.
  let lines = [line("1e16", "a")] + (1...20).map { line("\(Double($0) * 0.05)", "a") }
  let result = try ToolRunner.run("qrdedupe", ["--mode", mode], input: input(lines))
  #expect(result.status == 0)
  let expected = mode == "interval" ? [lines[0], lines[20]] : [lines[0]]
  #expect(result.output == input(expected).string)
  #expect(
    result.errors
      == "qrdedupe: -: warning: line 1: time 1e+16 is too large to resolve a millisecond; the "
      + "record is timed by its arrival\n")
  let events = try ToolRunner.run("qrdedupe", ["--events"], input: input(lines))
  #expect(
    events.output.split(separator: "\n").map { $0.prefix(16) } == [
      "{\"event\":\"enter\"", "{\"event\":\"leave\"",
    ])
}

@Test func aJumpAheadIsWarnedAboutAndCut() throws {
  let lines = [
    line("0", "a"), line("0.5", "a"), line("1e9", "a"), line("1", "a"), line("1.5", "a"),
  ]
  let result = try ToolRunner.run(
    "qrdedupe", ["--events", "--max-time-jump", "1m"], input: input(lines))
  #expect(result.status == 0)
  #expect(
    result.errors
      == "qrdedupe: -: warning: line 3: time jumps ahead by 999999999.5 s, more than "
      + "--max-time-jump (60.0 s); counted as 60.0 s\n")
  // Entered at 0, left at 1.5, entered again at 60.5 (not at 1e9); then 1 is a step back (time
  // stands still) and 1.5 half a second later: left at the end, 61.
  let times = result.output.split(separator: "\n").map {
    $0.split(separator: ",").first { $0.hasPrefix("\"time\":") } ?? ""
  }
  #expect(times == ["\"time\":0", "\"time\":1.5", "\"time\":60.5", "\"time\":61"])
}

@Test func manyUnusableTimesAreCountedAfterTwenty() throws {
  let lines = (0..<30).map { line("1e300", "c\($0)") }
  let result = try ToolRunner.run("qrdedupe", input: input(lines))
  let errors = result.errors.split(separator: "\n")
  #expect(errors.count == 22)
  #expect(
    errors[20].hasSuffix("line 21: further records whose times are not used are only counted"))
  #expect(errors[21] == "qrdedupe: -: warning: 30 records had times that were not used")
}

// MARK: - Lines as they came

@Test func aLastLineWithoutNewlineStaysWithout() throws {
  let record = line("0", "a")
  let kept = try ToolRunner.run("qrdedupe", input: Array(record.utf8))
  #expect(kept.output == record)
  let foreign = try ToolRunner.run("qrdedupe", input: Array("head\ntail".utf8))
  #expect(foreign.output == "head\ntail")
  // With events every output line is an event: a foreign line is dropped (issue 28, item 8),
  // and each event is a whole line.
  let events = try ToolRunner.run("qrdedupe", ["--events"], input: Array("tail".utf8))
  #expect(events.output == "")
  let both = try ToolRunner.run("qrdedupe", ["--events"], input: Array((record + "\ntail").utf8))
  #expect(both.output.hasPrefix("{\"event\":\"enter\""))
  #expect(both.output.contains("}\n{\"event\":\"leave\""))
  #expect(!both.output.contains("tail"))
  #expect(both.output.hasSuffix("}\n"))
}

@Test func aFileWithoutFinalNewlineIsStillSeparatedFromTheNext() throws {
  let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
    "qrdedupe-nl-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: directory) }
  let first = directory.appendingPathComponent("first.jsonl")
  let second = directory.appendingPathComponent("second.jsonl")
  try Data((line("0", "a") + "\n" + line("0.5", "b")).utf8).write(to: first)
  try Data((line("2", "a") + "\nlast").utf8).write(to: second)
  let result = try ToolRunner.run("qrdedupe", [first.path, second.path])
  #expect(result.status == 0)
  #expect(
    result.output == line("0", "a") + "\n" + line("0.5", "b") + "\n" + line("2", "a") + "\nlast")
}

@Test func tooDeepJSONIsNamedAsSuch() throws {
  let deep =
    "{\"a\":" + String(repeating: "[", count: 513) + String(repeating: "]", count: 513) + "}"
  let passed = try ToolRunner.run("qrdedupe", input: input([deep, line("0", "a")]))
  #expect(passed.status == 0)
  #expect(passed.output == input([deep, line("0", "a")]).string)
  #expect(
    passed.errors == "qrdedupe: -: line 1: JSON nested deeper than 512 levels, passed through\n")
  let strict = try ToolRunner.run("qrdedupe", ["--strict"], input: input([line("0", "a"), deep]))
  #expect(strict.status == 2)
  #expect(strict.errors == "qrdedupe: -: line 2: JSON nested deeper than 512 levels\n")
  // 511 levels inside the object (512 in all) is fine.
  let fine =
    "{\"a\":" + String(repeating: "[", count: 511) + String(repeating: "]", count: 511) + "}"
  #expect(try ToolRunner.run("qrdedupe", input: input([fine])).errors.isEmpty)
}

extension [UInt8] {
  fileprivate var string: String { String(decoding: self, as: UTF8.self) }
}
