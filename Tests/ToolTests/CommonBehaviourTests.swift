// SPDX-License-Identifier: MIT
// What every tool does the same way: --help, --version, usage errors.

import Foundation
import QRCommandLine
import QRCommands
import QRCore
import Testing

@Test(arguments: ToolCatalog.all.map(\.name))
func helpGoesToStandardOutputWithStatusZero(tool: String) throws {
  let result = try ToolRunner.run(tool, ["--help"])
  #expect(result.status == 0)
  #expect(result.output.hasPrefix("usage: \(tool) "))
  #expect(result.stderr.isEmpty)
}

@Test(arguments: ToolCatalog.all.map(\.name))
func versionNamesTheTool(tool: String) throws {
  let result = try ToolRunner.run(tool, ["-V"])
  #expect(result.status == 0)
  #expect(result.output == "\(tool) (qrpipe) \(QRPipeVersion.current)\n")
}

@Test(arguments: ToolCatalog.all.map(\.name))
func unknownOptionIsAUsageError(tool: String) throws {
  let result = try ToolRunner.run(tool, ["--frobnicate"])
  #expect(result.status == 64)
  #expect(result.stdout.isEmpty)
  #expect(result.errors.hasPrefix("\(tool): unknown option '--frobnicate'\nusage: \(tool) "))
  #expect(result.errors.hasSuffix("See '\(tool) --help' for more information.\n"))
}

@Test func longOptionsAbbreviateOrSuggestTheNearestName() throws {
  // Issue 44: getopt_long's habit, in the built tools.
  let render = try ToolRunner.shell("qrrender --lev H --form pgm hi | qrdetect --summ -p text")
  #expect(render.status == 0, "\(render.errors)")
  #expect(render.output == "hi\n")
  let ambiguous = try ToolRunner.run("qrdetect", ["--mis"])
  #expect(ambiguous.status == 64)
  #expect(
    ambiguous.errors.hasPrefix(
      "qrdetect: option '--mis' is ambiguous: it could be --misses, --miss-status\n"))
  let mistyped = try ToolRunner.run("qrdedupe", ["--intervall", "2"])
  #expect(mistyped.status == 64)
  #expect(
    mistyped.errors.hasPrefix(
      "qrdedupe: unknown option '--intervall'; did you mean '--interval'?\n"))
}

@Test func optionValuesAreTakenInAnyCase() throws {
  // Issue 27, trap 10: `-e FAST`, `--symbology QR`, `-m ONCE` and `-o Y4M` were refused while
  // qrrender's `-t png` and `-l h` were not; every enumerated value is now taken in any case.
  let detect = try ToolRunner.shell(
    "qrrender hi | qrdetect -e FAST --symbology QR,MicroQR -p TEXT")
  #expect(detect.status == 0, "\(detect.errors)")
  #expect(detect.output == "hi\n")
  let capture = try ToolRunner.run(
    "qrcapture", ["--simulate", "--fast", "-n", "1", "-o", "Y4M", "x"])
  #expect(capture.status == 0, "\(capture.errors)")
  #expect(capture.stdout.starts(with: Array("YUV4MPEG2 ".utf8)))
  let record = #"{"frame":0,"time":0,"text":"a"}"# + "\n"
  let dedupe = try ToolRunner.run(
    "qrdedupe", ["-m", "ONCE", "--clock", "Record"], input: Array((record + record).utf8))
  #expect(dedupe.status == 0, "\(dedupe.errors)")
  #expect(dedupe.output == record)
  let render = try ToolRunner.run("qrrender", ["--micro=AUTO", "-f", "PGM", "hi"])
  #expect(render.status == 0, "\(render.errors)")
  #expect(render.stdout.starts(with: Array("P5".utf8)))
  // The message for a value that is none of them still lists the values as declared.
  let wrong = try ToolRunner.run("qrdetect", ["-e", "FASTEST"])
  #expect(wrong.status == 64)
  #expect(wrong.errors.contains("invalid value 'FASTEST' for --effort: expected one of fast,"))
}

@Test(arguments: ToolCatalog.all.map(\.name))
func helpFitsEightyColumns(tool: String) throws {
  // Issue 27, item 10: qrdedupe's --help ran to 154 columns, 28 of qrrender's lines past 80.
  let result = try ToolRunner.run(tool, ["--help"])
  let long = result.output.split(separator: "\n").filter { $0.count > 80 }
  #expect(long.isEmpty, "\(long.joined(separator: "\n"))")
}
