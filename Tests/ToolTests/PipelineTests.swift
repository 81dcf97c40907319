// SPDX-License-Identifier: MIT
// A reader that leaves early (`| head -1`) ends every tool quietly: status 0, nothing on stderr,
// whether the tools start with SIGPIPE at its default action or ignored.

import Foundation
import Testing

/// Inputs far larger than what `head` reads, written once for all the pipelines.
private enum PipelineInputs {
  /// The directory holding `frames.pgm` (40 symbols), `records.jsonl` (100,000 distinct
  /// records, 6 MB) and `lines.txt` (2,000 lines).
  static let directory: String = {
    // swift-format-ignore: NeverUseForceTry
    // The temporary directory is writable, or no test here can run.
    let directory = try! ProcessScratch.directory("pipelines")
    let frames = (0..<40).flatMap { BadInputData.pgm(Array("frame \($0)".utf8)) }
    let records = (0..<100_000).flatMap { BadInputData.record("r\($0)", time: Double($0)) }
    let lines = (0..<2000).map { "line \($0)\n" }.joined()
    for (name, bytes) in [
      ("frames.pgm", frames), ("records.jsonl", records), ("lines.txt", Array(lines.utf8)),
    ] {
      // swift-format-ignore: NeverUseForceTry
      try! Data(bytes).write(to: directory.appendingPathComponent(name))
    }
    return directory.path
  }()
}

/// Pipelines whose last command reads a little and leaves; `$D` is the inputs' directory.
let earlyClosingPipelines: [(name: String, script: String, stages: Int)] = [
  ("qrcapture qrframe", "qrcapture $D/frames.pgm | head -c 1", 2),
  ("qrcapture y4m", "qrcapture --output y4m $D/frames.pgm | head -c 1", 2),
  ("qrcapture pgm", "qrcapture --output pgm $D/frames.pgm | head -c 1", 2),
  (
    "qrcapture raw from stdin",
    "head -c 8000000 /dev/zero | qrcapture -s 100x100 -r 30 | head -c 1", 3
  ),
  ("qrdetect records", "qrdetect $D/frames.pgm | head -1", 2),
  ("qrdetect --jobs 2", "qrdetect --jobs 2 $D/frames.pgm | head -1", 2),
  ("qrdetect --print text", "qrdetect --print text $D/frames.pgm | head -1", 2),
  (
    "qrdetect --annotate",
    "qrdetect --annotate --json-output /dev/null $D/frames.pgm | head -c 1", 2
  ),
  ("qrdedupe records", "qrdedupe $D/records.jsonl | head -1", 2),
  ("qrdedupe from a pipe", "cat $D/records.jsonl | qrdedupe | head -1", 3),
  ("qrdedupe --events", "qrdedupe --events $D/records.jsonl | head -1", 2),
  ("qrrender one large image", "qrrender -f pgm -s 40 hello | head -c 1", 2),
  ("qrrender --lines", "qrrender --lines -f pbm < $D/lines.txt | head -c 1", 2),
  ("qrrender --lines y4m", "qrrender --lines -f y4m < $D/lines.txt | head -c 1", 2),
  (
    "the whole pipeline",
    "qrrender --lines -f qrframe < $D/lines.txt | qrcapture | qrdetect | qrdedupe | head -1", 5
  ),
]

@Test(arguments: earlyClosingPipelines.map(\.name), [false, true])
func aReaderLeavingEarlyEndsEveryToolQuietly(pipeline: String, ignoresBrokenPipe: Bool) throws {
  let entry = try #require(earlyClosingPipelines.first { $0.name == pipeline })
  let result = try ToolRunner.shell(
    entry.script + "; echo \"status ${PIPESTATUS[*]}\"",
    environment: ["D": PipelineInputs.directory], ignoresBrokenPipe: ignoresBrokenPipe)
  let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false)
  #expect(result.stdout.count > "status".count, "nothing reached head")
  // `cat` and `head -c` from /dev/zero are not ours: with SIGPIPE at its default action they
  // die of it (141), else they say "Broken pipe"; only the qr tools must be quiet and succeed.
  let statuses = try #require(lines.dropLast().last).split(separator: " ").dropFirst()
  #expect(statuses.count == entry.stages, "\(result.output)")
  let ours = entry.script.split(separator: "|").map {
    $0.trimmingCharacters(in: .whitespaces).hasPrefix("qr")
  }
  for (status, isOurs) in zip(statuses, ours) where isOurs {
    #expect(status == "0", "statuses \(statuses) in \(entry.script): \(result.errors)")
  }
  let foreignLines = result.errors.split(separator: "\n").filter {
    !$0.hasPrefix("cat: ") && !$0.hasPrefix("head: ")
  }
  #expect(foreignLines.isEmpty, "stderr: \(result.errors)")
}

@Test(arguments: [SIGINT, SIGTERM])
func aStopSignalLeavesNoHalfWrittenOutputFile(signal: Int32) throws {
  let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
    "stop-\(getpid())-\(signal)")
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: directory) }
  let process = Process()
  process.executableURL = URL(fileURLWithPath: ToolRunner.path(of: "qrrender"))
  process.arguments = [
    "--lines", "-f", "pbm", "-o", directory.appendingPathComponent("out.pbm").path,
  ]
  let input = Pipe()
  process.standardInput = input
  process.standardError = FileHandle.nullDevice
  try process.run()
  // The first line is rendered into the temporary file while the input stays open.
  try input.fileHandleForWriting.write(contentsOf: Data("first\n".utf8))
  let deadline = Date().addingTimeInterval(10)
  while (try FileManager.default.contentsOfDirectory(atPath: directory.path)).isEmpty
    && Date() < deadline
  {
    usleep(20_000)
  }
  usleep(100_000)
  kill(process.processIdentifier, signal)
  process.waitUntilExit()
  try? input.fileHandleForWriting.close()
  #expect(process.terminationReason == .uncaughtSignal)
  #expect(process.terminationStatus == signal)
  #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
}
