// SPDX-License-Identifier: MIT
// qrdetect over a batch: which inputs had no symbol (issue 27, item 7).

import Foundation
import Testing

/// A directory holding `a.pgm` and `b.pgm` (codes) and `blank.pgm` (none), made by qrrender.
private func batch() throws -> URL {
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("qrdetect-misses-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  for name in ["a", "b"] {
    let result = try ToolRunner.run(
      "qrrender", ["-f", "pgm", "-o", directory.path + "/\(name).pgm", name])
    #expect(result.status == 0, "\(result.errors)")
  }
  let blank = Array("P5\n40 40\n255\n".utf8) + [UInt8](repeating: 255, count: 1600)
  try Data(blank).write(to: directory.appendingPathComponent("blank.pgm"))
  return directory
}

@Test func summaryNamesTheInputsWithNoSymbol() throws {
  let directory = try batch()
  defer { try? FileManager.default.removeItem(at: directory) }
  let result = try ToolRunner.run(
    "qrdetect", ["--summary", "a.pgm", "blank.pgm", "b.pgm"], currentDirectory: directory)
  #expect(result.status == 0)
  #expect(result.errors.contains("scanned 2 symbols in 3 frames from 3 files"))
  #expect(
    result.errors.hasSuffix("qrdetect: no symbol in 1 input: blank.pgm\n"), "\(result.errors)")
}

@Test(arguments: ["1", "3"])
func missesAreRecordsInInputOrder(jobs: String) throws {
  let directory = try batch()
  defer { try? FileManager.default.removeItem(at: directory) }
  let result = try ToolRunner.run(
    "qrdetect", ["--misses", "-j", jobs, "blank.pgm", "a.pgm", "blank.pgm", "b.pgm", "blank.pgm"],
    currentDirectory: directory)
  #expect(result.status == 0, "\(result.errors)")
  let lines = result.output.split(separator: "\n")
  let miss = #"{"source":"blank.pgm","frames":1,"symbols":0}"#
  #expect(lines.count == 5)
  #expect(lines.map { $0 == miss } == [true, false, true, false, true], "\(result.output)")
  // A stream is one input: a code in any of its frames means no miss.
  let stream = try ToolRunner.shell(
    "cd '\(directory.path)' && cat blank.pgm a.pgm | qrdetect --misses --miss-status")
  #expect(stream.status == 0)
  #expect(!stream.output.contains(#""symbols":0"#))
  let text = try ToolRunner.run(
    "qrdetect", ["--misses", "-p", "text", "a.pgm", "blank.pgm"], currentDirectory: directory)
  #expect(text.output == "a\n")
  #expect(text.errors == "qrdetect: blank.pgm: no symbol found\n")
}

@Test func missStatusIsFourAsZbarimgsWhenSomeInputHadNone() throws {
  let directory = try batch()
  defer { try? FileManager.default.removeItem(at: directory) }
  func status(_ arguments: [String]) throws -> Int32 {
    try ToolRunner.run("qrdetect", arguments, currentDirectory: directory).status
  }
  // Without the option, as before: 0 when anything was found.
  #expect(try status(["a.pgm", "blank.pgm"]) == 0)
  #expect(try status(["--miss-status", "a.pgm", "blank.pgm"]) == 4)
  #expect(try status(["--miss-status", "a.pgm", "b.pgm"]) == 0)
  #expect(try status(["--miss-status", "blank.pgm"]) == 4)  // none had one: zbarimg says 4 too
  #expect(try status(["--miss-status", "a.pgm", "missing.pgm"]) == 2)
  #expect(try status(["--miss-status", "."]) == 4)
  if FileManager.default.isExecutableFile(atPath: "/usr/bin/zbarimg") {
    let zbar = try ToolRunner.runExecutable(
      "/usr/bin/zbarimg", ["-q", "a.pgm", "blank.pgm"], currentDirectory: directory)
    #expect(zbar.status == 4)
  }
}
