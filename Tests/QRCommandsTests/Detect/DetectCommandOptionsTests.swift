// SPDX-License-Identifier: MIT
// qrdetect's option validation: defaults, ranges, and the options that must go together.

import QRCore
import Testing

@testable import QRCommandLine
@testable import QRCommands

private func options(_ arguments: [String]) throws(UsageError) -> DetectCommandOptions {
  try DetectCommandOptions(DetectCommand.spec.parse(arguments))
}

private func usageError(_ arguments: [String]) -> String? {
  do {
    _ = try options(arguments)
    return nil
  } catch {
    return error.message
  }
}

@Test func defaults() throws {
  let defaults = try options([])
  #expect(defaults.inputs == ["-"])
  #expect(defaults.printMode == .json)
  #expect(defaults.textTerminator == 0x0A)
  #expect(!defaults.alwaysIncludesBytes)
  #expect(defaults.count == nil)
  #expect(defaults.jobs == 1)
  #expect(defaults.detector == DetectorOptions())
  #expect(defaults.annotation == nil)
  #expect(defaults.records == .standardOutput)
  #expect(defaults.streamOptions.raw == nil)
}

@Test func everyOptionIsRead() throws {
  let all = try options([
    "-p", "text", "-0", "-n", "3", "-m", "5", "-r", "10,20,300,200", "-e", "accurate", "-j4",
    "-s", "640x480", "--max-pixels=1000000", "--annotate=view.y4m", "--annotate-text",
    "--json-output", "found.txt", "a.pgm", "-", "b.qrf",
  ])
  #expect(all.inputs == ["a.pgm", "-", "b.qrf"])
  #expect(all.printMode == .text)
  #expect(all.textTerminator == 0)
  #expect(all.count == 3)
  #expect(all.detector.maxSymbols == 5)
  #expect(all.detector.region == DetectorOptions.Region(x: 10, y: 20, width: 300, height: 200))
  #expect(all.detector.effort == .accurate)
  #expect(all.jobs == 4)
  #expect(all.streamOptions.raw == RawFrameFormat(width: 640, height: 480, layout: .gray))
  #expect(all.maximumPixels == 1_000_000)
  #expect(all.annotation == .file("view.y4m"))
  #expect(all.annotatesText)
  #expect(all.records == .file("found.txt"))
}

@Test func annotateToStandardOutputNeedsTheRecordsElsewhere() throws {
  #expect(
    usageError(["--annotate"])?.hasPrefix("--annotate writes video to standard output") == true)
  #expect(usageError(["--annotate=-"]) != nil)
  #expect(try options(["--annotate", "--json-fd", "3"]).records == .descriptor(3))
  #expect(try options(["--annotate", "--json-output", "x.jsonl"]).annotation == .standardOutput)
  #expect(try options(["--annotate=v.y4m"]).records == .standardOutput)
}

@Test(arguments: [
  (["-0"], "-0 (--null) separates payloads with --print text or raw, or names with --files-from"),
  (["--print", "xml"], "invalid value 'xml' for --print: expected one of json, text, raw"),
  (
    ["-p", "text", "--bytes"],
    "--bytes adds a field to JSON records; --print text writes no records (--print raw writes"
      + " each payload's bytes)"
  ),
  (
    ["-n", "0"],
    "invalid value '0' for --count: expected a whole number from 1 to 9223372036854775807"
  ),
  (["-j", "0"], "invalid value '0' for --jobs: expected a whole number from 1 to 256"),
  (["-m", "0"], "invalid value '0' for --max-symbols: expected a whole number from 1 to 4096"),
  (["-e", "max"], "invalid value 'max' for --effort: expected one of fast, balanced, accurate"),
  (
    ["-r", "1,2,3"],
    "invalid value '1,2,3' for --region: expected x,y,width,height in pixels such as 0,0,640,480"
  ),
  (
    ["-r", "0,0,0,10"],
    "invalid value '0,0,0,10' for --region: expected x,y,width,height in pixels such as 0,0,640,480"
  ),
  (
    ["-r", "-1,0,5,5"],
    "invalid value '-1,0,5,5' for --region: expected x,y,width,height in pixels such as 0,0,640,480"
  ),
  (["-s", "640"], "invalid value '640' for --size: expected WIDTHxHEIGHT such as 1280x720"),
  (["--annotate-text"], "--annotate-text needs --annotate"),
  (["--json-output", "a", "--json-fd", "3"], "give --json-output or --json-fd, not both"),
  (["--json-fd", "0"], "--json-fd 0 is standard input"),
  (["-", "-"], "standard input ('-') can be read only once"),
])
func usageErrors(arguments: [String], message: String) {
  #expect(usageError(arguments) == message)
}

@Test func jsonFdOneIsStandardOutput() throws {
  #expect(try options(["--json-fd", "1"]).records == .standardOutput)
  #expect(try options(["--json-output", "-"]).records == .standardOutput)
}

@Test func symbologyFilesFromAndNullSeparation() throws {
  let both = try options(["--symbology", "qr,microqr"]).detector
  #expect(both.findsQR && both.findsMicroQR)
  let micro = try options(["--symbology", "microqr"]).detector
  #expect(!micro.findsQR && micro.findsMicroQR)
  let listed = try options(["-0", "--files-from", "-", "a.png"])
  #expect(listed.fileList == "-" && listed.usesNullSeparator && listed.inputs == ["a.png"])
  // With a list and no operand, standard input is the list's, not an input.
  #expect(try options(["--files-from", "names"]).inputs == [])
  #expect(usageError(["--files-from", "-", "-"]) == "standard input ('-') can be read only once")
  #expect(usageError(["--files-from="]) == "--files-from needs a path")
}

@Test func pathValuesKeepArgvBytes() throws {
  let raw: [[UInt8]] = [
    Array("--json-output=o".utf8) + [0xFF], Array("--annotate=v".utf8) + [0xFE],
    Array("x".utf8) + [0xFD],
  ]
  let parsed = try DetectCommandOptions(DetectCommand.spec.parse(raw: raw))
  #expect(parsed.records == .file(PathName(bytes: Array("o".utf8) + [0xFF])))
  #expect(parsed.annotation == .file(PathName(bytes: Array("v".utf8) + [0xFE])))
  #expect(parsed.inputs == [PathName(bytes: Array("x".utf8) + [0xFD])])
  // Short options with attached values keep the bytes after the letter.
  let short = try CaptureCommand.spec.parse(raw: [Array("-oy4m".utf8), [0x2D, 0x2D], [0xFC]])
  #expect(short.operandPaths == [PathName(bytes: [0xFC])])
  #expect(short.value("output") == "y4m")
}
