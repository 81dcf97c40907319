// SPDX-License-Identifier: MIT
// Still images numbered and timed the same whichever route (issue 27, item 8), and
// --source-name naming a stream's source.

import Foundation
import Testing

/// Three PGM images with a code each, in a fresh directory.
private func images() throws -> URL {
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("one-clock-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  for name in ["a", "b", "c"] {
    let result = try ToolRunner.run(
      "qrrender", ["-f", "pgm", "-o", directory.path + "/\(name).pgm", "code \(name)"])
    #expect(result.status == 0, "\(result.errors)")
  }
  return directory
}

/// The `"frame":N,"time":T` of each record.
private func clock(_ output: String) -> [String] {
  output.split(separator: "\n").compactMap { line in
    line.firstRange(of: #/"frame":[0-9]+,"time":[0-9.e-]+/#).map { String(line[$0]) }
  }
}

@Test func stillImagesGetOneClockWhicheverRoute() throws {
  let directory = try images()
  defer { try? FileManager.default.removeItem(at: directory) }
  let routes = [
    "cat a.pgm b.pgm c.pgm | qrdetect",
    "qrdetect a.pgm b.pgm c.pgm",
    "qrcapture a.pgm b.pgm c.pgm | qrdetect",
    "cat a.pgm b.pgm c.pgm | qrcapture | qrdetect",
    "qrcapture a.pgm - c.pgm < b.pgm | qrdetect",
  ]
  let expected = [#""frame":0,"time":0"#, #""frame":1,"time":0.04"#, #""frame":2,"time":0.08"#]
  for route in routes {
    let result = try ToolRunner.shell("cd '\(directory.path)' && \(route)")
    #expect(result.status == 0, "\(route): \(result.errors)")
    #expect(clock(result.output) == expected, "\(route)")
  }
  // So qrdedupe decides the same on every route: one record per code at these times.
  for route in [routes[0], routes[1], routes[2]] {
    let result = try ToolRunner.shell("cd '\(directory.path)' && \(route) | qrdedupe")
    #expect(result.output.split(separator: "\n").count == 3, "\(route)")
  }
}

@Test func aVideoAfterImagesContinuesTheirClock() throws {
  let directory = try images()
  defer { try? FileManager.default.removeItem(at: directory) }
  let result = try ToolRunner.shell(
    "cd '\(directory.path)' && qrrender -f y4m v > v.y4m && qrdetect a.pgm v.y4m b.pgm")
  #expect(result.status == 0, "\(result.errors)")
  #expect(
    clock(result.output) == [
      #""frame":0,"time":0"#, #""frame":1,"time":0.04"#, #""frame":2,"time":0.08"#,
    ])
}

@Test func sourceNameNamesAStreamSoKeysBySourceWorkThroughPipes() throws {
  let directory = try images()
  defer { try? FileManager.default.removeItem(at: directory) }
  // The same code seen by two cameras, through pipes: without names every record says "-",
  // and qrdedupe --key payload,source keeps one; named, it keeps one per camera.
  let script = """
    cd '\(directory.path)'
    { qrcapture a.pgm | qrdetect --source-name door; qrcapture a.pgm | qrdetect --source-name gate; } \
      | qrdedupe --key payload,source
    """
  let named = try ToolRunner.shell(script)
  #expect(named.status == 0, "\(named.errors)")
  #expect(named.output.contains(#""source":"door""#))
  #expect(named.output.contains(#""source":"gate""#))
  #expect(named.output.split(separator: "\n").count == 2)
  let unnamed = try ToolRunner.shell(
    "cd '\(directory.path)' && { qrcapture a.pgm | qrdetect; qrcapture a.pgm | qrdetect; }"
      + " | qrdedupe --key payload,source")
  #expect(unnamed.output.split(separator: "\n").count == 1)
  // Files keep their own names.
  let files = try ToolRunner.run(
    "qrdetect", ["--source-name", "door", "a.pgm"], currentDirectory: directory)
  #expect(files.output.contains(#""source":"a.pgm""#))
  #expect(try ToolRunner.run("qrdetect", ["--source-name", ""]).status == 64)
}
