// SPDX-License-Identifier: MIT
// qrdedupe end to end: the built binary in pipes, with files, slow writers and closed readers.

import Foundation
import QRCommandLine
import QRCommands
import QRCore
import Testing

private func line(_ time: Double, _ text: String, frame: Int = 0) -> String {
  "{\"frame\":\(frame),\"time\":\(time),\"source\":\"-\",\"symbology\":\"qr\",\"text\":\"\(text)\"}"
}

private func input(_ lines: [String]) -> [UInt8] { Array(lines.map { $0 + "\n" }.joined().utf8) }

@Test func keptRecordsAndForeignLinesPassThroughByteForByte() throws {
  let lines = [
    line(0, "a"), line(0.5, "a"), "not json", " {\"text\" :\"b\", \"time\":0.6}\r", "[1,2]",
    line(1.0, "a"),
  ]
  let result = try ToolRunner.run("qrdedupe", ["--mode", "interval"], input: input(lines))
  #expect(result.status == 0)
  #expect(result.output == input([lines[0], lines[2], lines[3], lines[4], lines[5]]).string)
  #expect(
    result.errors
      == "qrdedupe: -: line 3: not a JSON object, passed through\n"
      + "qrdedupe: -: " + DedupeRunner.textInputHint + "\n"
      + "qrdedupe: -: line 5: not a JSON object, passed through\n")
}

@Test func strictStopsWithStatusTwoAfterWritingWhatCameBefore() throws {
  let lines = [line(0, "a"), line(0.1, "b"), "{oops", line(0.2, "c")]
  let result = try ToolRunner.run("qrdedupe", ["--strict"], input: input(lines))
  #expect(result.status == 2)
  #expect(result.output == input([lines[0], lines[1]]).string)
  #expect(result.errors == "qrdedupe: -: line 3: not a JSON object\n")
}

@Test func anOverLongLineIsSkippedAndTheStreamGoesOn() throws {
  let long = "{\"text\":\"" + String(repeating: "x", count: 200) + "\"}"
  let lines = [line(0, "a"), long, line(1, "b")]
  let result = try ToolRunner.run("qrdedupe", ["--max-line-length", "100"], input: input(lines))
  #expect(result.status == 0)
  #expect(result.output == line(0, "a") + "\n" + line(1, "b") + "\n")
  #expect(
    result.errors
      == "qrdedupe: -: warning: line 2: 211 bytes, longer than --max-line-length 100: skipped\n"
      + "qrdedupe: warning: 1 line longer than --max-line-length 100 skipped\n")
  // With --strict, it ends the run, after the lines before it.
  let strict = try ToolRunner.run(
    "qrdedupe", ["--strict", "--max-line-length", "100"], input: input(lines))
  #expect(strict.status == 2)
  #expect(strict.output == line(0, "a") + "\n")
  #expect(strict.errors == "qrdedupe: -: line 2: longer than 100 bytes\n")
  // Long lines below the default limit are fine.
  let fine = try ToolRunner.run("qrdedupe", input: input([long]))
  #expect(fine.status == 0)
  #expect(fine.output == long + "\n")
}

@Test func aKeyFieldNoRecordHasIsAWarningNamingTheFieldsSeen() throws {
  // Issue 27, trap 9: `--key txt` (for text) keyed every record as null, silently.
  let lines = [line(0, "a"), line(0.1, "b")]
  let typo = try ToolRunner.run("qrdedupe", ["--key", "txt"], input: input(lines))
  #expect(typo.status == 0)
  #expect(typo.output == input([lines[0]]).string)
  #expect(
    typo.errors
      == "qrdedupe: warning: --key: field 'txt' in none of the first 2 records, so all are keyed"
      + " as if it were null (fields seen: frame, time, source, symbology, text; payload means"
      + " bytes, else text)\n")
  // Fields that exist, payload among them, say nothing.
  let right = try ToolRunner.run("qrdedupe", ["--key", "text,payload"], input: input(lines))
  #expect(right.output == input(lines).string)
  #expect(right.errors == "")
}

@Test func eventTimesAreWrittenToTheMicrosecond() throws {
  // Issue 27, item 10: a leave at 0.2 + 0.1 printed "time":0.30000000000000004.
  let lines = [
    #"{"time":0.1,"text":"a"}"#, #"{"time":0.2,"text":"a"}"#, #"{"time":5,"text":"b"}"#,
  ]
  let result = try ToolRunner.run(
    "qrdedupe", ["--events", "--linger", "0.1", "--clock", "record"], input: input(lines))
  #expect(result.status == 0, "\(result.errors)")
  #expect(
    result.output.contains(#""event":"leave","key":{"text":"a","symbology":null},"time":0.3,"#))
  #expect(!result.output.contains("0000000"))
}

@Test func filesAreReadInTurnAndAMissingOneIsReported() throws {
  let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
    "qrdedupe-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: directory) }
  let first = directory.appendingPathComponent("first.jsonl")
  let second = directory.appendingPathComponent("second.jsonl")
  try Data(input([line(0, "a"), line(0.5, "b")])).write(to: first)
  try Data(input([line(0.7, "a"), line(2, "a")])).write(to: second)
  let result = try ToolRunner.run(
    "qrdedupe", [first.path, "missing.jsonl", "-", second.path], input: input([line(0.6, "c")]))
  #expect(result.status == 2)
  #expect(
    result.output == input([line(0, "a"), line(0.5, "b"), line(0.6, "c"), line(2, "a")]).string)
  #expect(result.errors == "qrdedupe: missing.jsonl: no such file or directory\n")
  let directoryOperand = try ToolRunner.run("qrdedupe", [directory.path])
  #expect(directoryOperand.status == 2)
  #expect(directoryOperand.errors.hasSuffix(": is a directory\n"))
}

@Test func aClosedReaderEndsQuietlyWithStatusZero() throws {
  let result = try ToolRunner.shell(
    """
    seq 1 2000000 | awk '{ printf "{\\"time\\":%d,\\"text\\":\\"c%d\\"}\\n", $1, $1 }' \
      | qrdedupe | head -1; echo "status ${PIPESTATUS[2]}"
    """)
  #expect(result.output == "{\"time\":1,\"text\":\"c1\"}\nstatus 0\n")
  #expect(result.errors.isEmpty)
}

@Test func optionsReachTheFilter() throws {
  let lines = [
    line(0, "a", frame: 1), line(0.2, "a", frame: 2), line(0.4, "b", frame: 3),
    line(3, "a", frame: 4),
  ]
  let cases: [([String], [Int])] = [
    ([], [0, 2, 3]), (["-m", "once"], [0, 2]), (["--mode=global", "-i", "5"], [0]),
    (["--interval", "0.1"], [0, 1, 2, 3]), (["--confirm", "2"], [1]), (["-n", "1"], [0]),
    (["--key", "source"], [0, 3]), (["--mode", "rearm", "--max-keys", "1"], [0, 2, 3]),
    (["--clock", "wall"], [0, 2]),
  ]
  for (arguments, kept) in cases {
    let result = try ToolRunner.run("qrdedupe", arguments, input: input(lines))
    #expect(result.status == 0, "\(arguments): \(result.errors)")
    #expect(result.output == input(kept.map { lines[$0] }).string, "\(arguments)")
  }
}

@Test func eventsAndAssemblyEndToEnd() throws {
  let lines = [
    line(0, "a"), line(0.1, "a"),
    "{\"time\":0.2,\"text\":\"ab\",\"sequence\":{\"index\":0,\"count\":2,\"parity\":3}}",
    "{\"time\":0.3,\"text\":\"cd\",\"sequence\":{\"index\":1,\"count\":2,\"parity\":3}}",
    "{\"time\":0.4,\"text\":\"zz\",\"sequence\":{\"index\":0,\"count\":2,\"parity\":4}}",
  ]
  let result = try ToolRunner.run(
    "qrdedupe", ["-e", "-a", "--linger", "5", "--move", "1"], input: input(lines))
  #expect(result.status == 0)
  let events = result.output.split(separator: "\n").map { $0.prefix(28) }
  #expect(
    events == [
      "{\"event\":\"enter\",\"key\":{\"tex", "{\"event\":\"enter\",\"key\":{\"tex",
      "{\"event\":\"leave\",\"key\":{\"tex", "{\"event\":\"leave\",\"key\":{\"tex",
      "{\"event\":\"incomplete\",\"seque",
    ])
  #expect(result.output.contains("\"text\":\"abcd\""))
}

@Test(arguments: [
  (["--move", "3"], "--move needs --events"), (["--linger", "1"], "--linger needs --events"),
  (["-e", "-m", "once"], "--mode cannot be used with --events: events track presence"),
  (
    ["--mode", "sometimes"],
    "invalid value 'sometimes' for --mode: expected one of interval, rearm, global, once"
  ),
  (
    ["--interval", "-1"],
    "invalid value '-1' for --interval: expected a number from 0.0 to 1000000000.0"
  ),
  (["--key", "a,,b"], "invalid value 'a,,b' for --key: expected field names separated by commas"),
  (
    ["--confirm", "2", "-i", "0"], "--confirm needs a positive --interval to count sightings within"
  ),
  (
    ["--count", "0"], "invalid value '0' for --count: expected a whole number from 1 to 2147483647"
  ),
])
func usageErrors(arguments: [String], message: String) throws {
  let result = try ToolRunner.run("qrdedupe", arguments)
  #expect(result.status == 64)
  #expect(result.errors.hasPrefix("qrdedupe: \(message)\nusage: qrdedupe "))
}

// MARK: - A live pipeline: output must not wait for more input

/// A running qrdedupe whose standard input the test writes a line at a time.
private final class LiveFilter {
  let process = Process()
  let stdin = Pipe()
  let stdout = Pipe()
  private var pending: [UInt8] = []

  init(_ arguments: [String]) throws {
    process.executableURL = URL(fileURLWithPath: ToolRunner.path(of: "qrdedupe"))
    process.arguments = arguments
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = FileHandle.nullDevice
    try process.run()
  }

  func write(_ text: String) {
    stdin.fileHandleForWriting.write(Data((text + "\n").utf8))
  }

  /// The next output line, or nil if none arrives within `timeout` seconds.
  func readLine(timeout: Double) -> String? {
    let deadline = Date().addingTimeInterval(timeout)
    let fd = stdout.fileHandleForReading.fileDescriptor
    while true {
      if let newline = pending.firstIndex(of: 0x0A) {
        let line = String(decoding: pending[..<newline], as: UTF8.self)
        pending.removeSubrange(...newline)
        return line
      }
      let remaining = deadline.timeIntervalSinceNow
      guard remaining > 0 else { return nil }
      var request = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      guard poll(&request, 1, Int32(remaining * 1000) + 1) > 0 else { continue }
      var buffer = [UInt8](repeating: 0, count: 4096)
      let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      guard count > 0 else { return nil }
      pending += buffer[..<count]
    }
  }

  func close() -> Int32 {
    try? stdin.fileHandleForWriting.close()
    process.waitUntilExit()
    return process.terminationStatus
  }
}

@Test func eachRecordReachesTheReaderBeforeTheNextLineIsWritten() throws {
  let filter = try LiveFilter([])
  filter.write(line(0, "a"))
  #expect(filter.readLine(timeout: 5) == line(0, "a"))
  filter.write(line(0.1, "a"))
  filter.write("not json")
  #expect(filter.readLine(timeout: 5) == "not json")
  filter.write(line(2, "a"))
  #expect(filter.readLine(timeout: 5) == line(2, "a"))
  #expect(filter.close() == 0)
  #expect(filter.readLine(timeout: 1) == nil)
}

@Test func wallClockLeavesWhileTheInputIsSilent() throws {
  let filter = try LiveFilter(["--events", "--clock", "wall", "--linger", "0.3"])
  let started = Date()
  filter.write(line(0, "a"))
  let enter = try #require(filter.readLine(timeout: 5))
  #expect(enter.hasPrefix("{\"event\":\"enter\""))
  let leave = try #require(filter.readLine(timeout: 5))
  #expect(leave.hasPrefix("{\"event\":\"leave\""))
  #expect(Date().timeIntervalSince(started) >= 0.3)
  #expect(filter.close() == 0)
}

// MARK: - Documentation

@Test func manPageIsCleanAndNamesEveryOption() throws {
  let path = ToolRunner.packageRoot.appendingPathComponent("man/qrdedupe.1").path
  let page = try String(contentsOfFile: path, encoding: .utf8)
  let unescaped = page.replacingOccurrences(of: "\\-", with: "-")
  for option in DedupeCommand.spec.options {
    #expect(unescaped.contains("Fl -\(option.long)"), "--\(option.long) in man/qrdedupe.1")
  }
  for section in [
    "NAME", "SYNOPSIS", "DESCRIPTION", "EXIT STATUS", "EXAMPLES", "SEE ALSO", "STANDARDS",
    "AUTHORS",
  ] {
    #expect(page.contains(".Sh \(section)\n"), "section \(section)")
  }
  let lint = try ToolRunner.runExecutable("/usr/bin/mandoc", ["-Tlint", "-Wwarning", path])
  #expect(lint.status == 0, "\(lint.output)\(lint.errors)")
  #expect(lint.output.isEmpty, "\(lint.output)")
}

@Test(arguments: ["bash", "zsh", "fish"])
func dedupeCompletionsAreGenerated(shell: String) throws {
  let spec = DedupeCommand.spec
  let expected: String
  switch shell {
  case "bash": expected = Completions.bash(spec)
  case "zsh": expected = Completions.zsh(spec)
  default: expected = Completions.fish(spec)
  }
  let file = ToolRunner.packageRoot.appendingPathComponent(
    "completions/" + Completions.fileName(for: spec, shell: shell))
  if ProcessInfo.processInfo.environment["QRPIPE_UPDATE_COMPLETIONS"] == "1" {
    try expected.write(to: file, atomically: false, encoding: .utf8)
  }
  #expect(
    try String(contentsOf: file, encoding: .utf8) == expected,
    "\(file.lastPathComponent) is stale: QRPIPE_UPDATE_COMPLETIONS=1 swift test --filter dedupeCompletions"
  )
}

extension [UInt8] {
  fileprivate var string: String { String(decoding: self, as: UTF8.self) }
}
