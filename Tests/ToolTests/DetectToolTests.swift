// SPDX-License-Identifier: MIT
// qrdetect end to end: rendered frames through the built binary, in pipes, files and descriptors.

import Foundation
import QRCore
import Testing

/// Gray frames with symbols drawn on them, as binary PGM.
private enum Scene {
  /// The frame size every scene uses (one size, so y4m can carry them).
  static let width = 240
  static let height = 200
  /// Pixels per module.
  static let scale = 4
  /// Where the symbol's top-left corner goes.
  static let origin = (x: 40, y: 30)

  /// A PGM frame holding the symbol of `text`, or a blank frame for nil.
  static func frame(_ text: String?) throws -> [UInt8] {
    var pixels = [UInt8](repeating: 235, count: width * height)
    if let text {
      let matrix = try Encoder.encode(text: text, options: EncodeOptions()).matrix
      for y in 0..<matrix.size * scale {
        for x in 0..<matrix.size * scale where matrix.isDark(x: x / scale, y: y / scale) {
          pixels[(origin.y + y) * width + origin.x + x] = 20
        }
      }
    }
    return Array("P5\n\(width) \(height)\n255\n".utf8) + pixels
  }

  /// The corners a symbol of `text` has in `frame(text)`.
  static func corners(_ text: String) throws -> [[Double]] {
    let side = Double(try Encoder.encode(text: text, options: EncodeOptions()).matrix.size * scale)
    let (x, y) = (Double(origin.x), Double(origin.y))
    return [[x, y], [x + side, y], [x + side, y + side], [x, y + side]]
  }

  /// Frames concatenated into one stream.
  static func stream(_ texts: [String?]) throws -> [UInt8] {
    try texts.flatMap { try frame($0) }
  }
}

private func temporaryDirectory() throws -> URL {
  let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
    "qrdetect-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  return directory
}

@Test func aRenderedSymbolBecomesOneRecordWithTextAndCorners() throws {
  let text = "https://example.com/qrdetect"
  let result = try ToolRunner.run("qrdetect", input: try Scene.frame(text))
  #expect(result.status == 0)
  #expect(result.stderr.isEmpty, "\(result.errors)")
  let found = records(result.output)
  #expect(found.count == 1)
  let record = try #require(found.first)
  #expect(record["text"] as? String == text)
  #expect(record["kind"] as? String == "url")
  #expect(record["source"] as? String == "-")
  #expect(record["frame"] as? Int == 0)
  let corners = try #require(record["corners"] as? [[Double]])
  for (corner, expected) in zip(corners, try Scene.corners(text)) {
    #expect(abs(corner[0] - expected[0]) <= 2 && abs(corner[1] - expected[1]) <= 2, "\(corners)")
  }
  #expect(
    result.output.hasPrefix(
      "{\"frame\":0,\"time\":0,\"source\":\"-\",\"track\":1,\"frames_used\":1,\"symbology\":\"qr\","
    ))
}

@Test func framesAreNumberedAndBlankOnesWriteNothing() throws {
  let result = try ToolRunner.run("qrdetect", input: try Scene.stream(["one", nil, "three"]))
  #expect(result.status == 0)
  let found = records(result.output)
  #expect(found.map { $0["text"] as? String } == ["one", "three"])
  #expect(found.map { $0["frame"] as? Int } == [0, 2])
  #expect(found.map { $0["time"] as? Double } == [0, 0.08])
}

@Test func nothingFoundIsStatusOne() throws {
  let result = try ToolRunner.run("qrdetect", input: try Scene.frame(nil))
  #expect(result.status == 1)
  #expect(result.stdout.isEmpty)
  #expect(result.stderr.isEmpty)
  let empty = try ToolRunner.run("qrdetect", input: [])
  #expect(empty.status == 1)
}

@Test func printTextWritesPayloadsNewlineOrNULSeparated() throws {
  let input = try Scene.stream(["first", "line one\nline two", "third"])
  // A payload holding the separator is written as it is, as zbarimg --raw writes it, with one
  // warning pointing to -0 and JSON; the status is that of what was found.
  let lines = try ToolRunner.run("qrdetect", ["--print", "text"], input: input)
  #expect(lines.status == 0)
  #expect(lines.output == "first\nline one\nline two\nthird\n")
  #expect(
    lines.errors
      == "qrdetect: -: warning: frame 1: payload of 17 bytes holds a newline, which also ends"
      + " payloads: written as it is (-0 or --print json keeps payloads apart)\n")
  let nul = try ToolRunner.run("qrdetect", ["-p", "text", "-0"], input: input)
  #expect(nul.status == 0)
  #expect(nul.stdout == Array("first\0line one\nline two\0third\0".utf8))
  let withNUL = try Scene.stream(["a\0b", "c"])
  let ambiguous = try ToolRunner.run("qrdetect", ["-p", "text", "-0"], input: withNUL)
  #expect(ambiguous.status == 0)
  #expect(ambiguous.stdout == Array("a\0b\0c\0".utf8))
  #expect(
    ambiguous.errors
      == "qrdetect: -: warning: frame 0: payload of 3 bytes holds a NUL byte, which -0 also ends"
      + " payloads with: written as it is (--print json keeps payloads apart)\n")
}

@Test func printTextEscapesControlsOnATerminalUnlessRaw() throws {
  let directory = try temporaryDirectory()
  defer { try? FileManager.default.removeItem(at: directory) }
  // OSC 0 (set the window title), a backslash, C1 CSI as UTF-8 (clear the screen), tab, DEL,
  // newline: each could act on a terminal or hide where the payload ends.
  let hostile = [UInt8]("a\u{1B}]0;pwned\u{07}\\ \u{9B}2J\tz\u{7F}\nend".utf8)
  let tame = [UInt8]("b\u{1B}]0;title\u{07}".utf8)
  let file = directory.appendingPathComponent("codes.pgm")
  try Data(try Scene.frame(String(decoding: hostile, as: UTF8.self))).write(to: file)
  let tameFile = directory.appendingPathComponent("tame.pgm")
  try Data(try Scene.frame(String(decoding: tame, as: UTF8.self))).write(to: tameFile)

  /// qrdetect with standard output on a pseudo-terminal (script(1)), output processing off so
  /// that the bytes arrive as written.
  func onATerminal(_ arguments: String) throws -> ToolResult {
    try ToolRunner.runExecutable(
      "/usr/bin/script",
      [
        "-q", "-e", "-c", "stty -opost; exec '\(ToolRunner.path(of: "qrdetect"))' \(arguments)",
        "/dev/null",
      ])
  }
  let shown = try onATerminal("-p text '\(file.path)'")
  #expect(shown.status == 0, "\(shown.errors)")
  #expect(shown.output == #"a\x1B]0;pwned\x07\\ \u{009B}2J\tz\x7F\nend"# + "\n")
  let nul = try onATerminal("-p text -0 '\(file.path)'")
  #expect(nul.output == #"a\x1B]0;pwned\x07\\ \u{009B}2J\tz\x7F\nend"# + "\0")
  // --raw: the bytes as in a pipe.
  let raw = try onATerminal("-p text --raw '\(tameFile.path)'")
  #expect(raw.stdout == tame + [0x0A])
  let piped = try ToolRunner.run("qrdetect", ["-p", "text", tameFile.path])
  #expect(piped.stdout == tame + [0x0A])
  // --raw alone is zbarimg's: each payload's text, as -p text --raw writes it.
  let alone = try onATerminal("--raw '\(tameFile.path)'")
  #expect(alone.stdout == tame + [0x0A])
  let usage = try ToolRunner.run("qrdetect", ["--raw", "-p", "json", tameFile.path])
  #expect(usage.status == 64)
}

@Test func countStopsAfterNSymbolsWithoutReadingTheRest() throws {
  let directory = try temporaryDirectory()
  defer { try? FileManager.default.removeItem(at: directory) }
  let frame = directory.appendingPathComponent("frame.pgm")
  try Data(try Scene.frame("again")).write(to: frame)
  // An endless producer: qrdetect must stop by itself.
  let result = try ToolRunner.shell(
    """
    set +o pipefail
    while cat '\(frame.path)'; do :; done 2>/dev/null | timeout 60 qrdetect --count 2 --print text
    echo "status ${PIPESTATUS[1]}"
    """)
  #expect(result.output == "again\nagain\nstatus 0\n")
  #expect(result.stderr.isEmpty, "\(result.errors)")
}

@Test func detectEndsQuietlyWhenItsReaderCloses() throws {
  let directory = try temporaryDirectory()
  defer { try? FileManager.default.removeItem(at: directory) }
  let frame = directory.appendingPathComponent("frame.pgm")
  try Data(try Scene.frame("endless")).write(to: frame)
  for jobs in ["1", "2"] {
    let result = try ToolRunner.shell(
      """
      set +o pipefail
      while cat '\(frame.path)'; do :; done 2>/dev/null | timeout 60 qrdetect -j \(jobs) | head -1 \
        >/dev/null
      echo "status ${PIPESTATUS[1]}"
      """)
    #expect(result.output == "status 0\n", "--jobs \(jobs)")
    #expect(result.stderr.isEmpty, "--jobs \(jobs): \(result.errors)")
  }
}

@Test func aTruncatedStreamKeepsEarlierRecordsAndFailsNamingTheInput() throws {
  let good = try Scene.stream(["alpha", "beta"])
  let truncated = Array(try Scene.frame("gamma").prefix(1000))
  let result = try ToolRunner.run("qrdetect", ["-p", "text"], input: good + truncated)
  #expect(result.status == 2)
  #expect(result.output == "alpha\nbeta\n")
  let header = "P5\n\(Scene.width) \(Scene.height)\n255\n".utf8.count
  #expect(
    result.errors
      == "qrdetect: -: truncated frame 2 at byte \(good.count): got \(1000 - header) of "
      + "\(Scene.width * Scene.height) bytes\n")
}

@Test func aStreamsFaultIsReportedAfterTheRecordsOfTheFramesBeforeIt() throws {
  // The frames are read on one thread and searched on another (`--jobs 1` too): on one output,
  // the records of the frames read before the fault still come first.
  let directory = try temporaryDirectory()
  defer { try? FileManager.default.removeItem(at: directory) }
  let stream = directory.appendingPathComponent("cut.pgm")
  let good = try Scene.stream(["alpha", "beta", "gamma"])
  try Data(good + Array(try Scene.frame("delta").prefix(1000))).write(to: stream)
  for jobs in ["1", "3"] {
    let result = try ToolRunner.shell("qrdetect -j \(jobs) -p text < '\(stream.path)' 2>&1")
    #expect(result.status == 2)
    #expect(
      result.output.hasPrefix("alpha\nbeta\ngamma\nqrdetect: -: truncated frame 3 at byte "),
      "--jobs \(jobs): \(result.output)")
  }
}

@Test func filesAreReadInOrderAndAMissingOneIsReported() throws {
  let directory = try temporaryDirectory()
  defer { try? FileManager.default.removeItem(at: directory) }
  let first = directory.appendingPathComponent("first.pgm")
  let second = directory.appendingPathComponent("second.pgm")
  try Data(try Scene.frame("from a file")).write(to: first)
  try Data(try Scene.frame("from another")).write(to: second)
  let result = try ToolRunner.run(
    "qrdetect", [first.path, "missing.pgm", "-", second.path], input: try Scene.frame("stdin"))
  #expect(result.status == 2)
  let found = records(result.output)
  #expect(found.map { $0["text"] as? String } == ["from a file", "stdin", "from another"])
  #expect(found.map { $0["source"] as? String } == [first.path, "-", second.path])
  #expect(result.errors == "qrdetect: missing.pgm: no such file or directory\n")
}

@Test func jobsTwoWritesExactlyWhatJobsOneWrites() throws {
  let texts: [String?] = (0..<24).map { $0 % 5 == 3 ? nil : "frame \($0) payload" }
  let input = try Scene.stream(texts)
  let one = try ToolRunner.run("qrdetect", ["--jobs", "1"], input: input)
  let two = try ToolRunner.run("qrdetect", ["--jobs", "2"], input: input)
  let four = try ToolRunner.run("qrdetect", ["-j4"], input: input)
  #expect(one.status == 0)
  #expect(records(one.output).count == texts.compactMap { $0 }.count)
  #expect(two.output == one.output)
  #expect(four.output == one.output)
}

@Test func bytesAndRawInput() throws {
  let frame = try Scene.frame("raw gray")
  let header = "P5\n\(Scene.width) \(Scene.height)\n255\n".utf8.count
  let raw = Array(frame.dropFirst(header))
  let result = try ToolRunner.run(
    "qrdetect", ["--size", "\(Scene.width)x\(Scene.height)", "--bytes"], input: raw + raw)
  #expect(result.status == 0)
  let found = records(result.output)
  #expect(found.map { $0["bytes"] as? String } == ["cmF3IGdyYXk=", "cmF3IGdyYXk="])
  let unrecognised = try ToolRunner.run("qrdetect", input: raw)
  #expect(unrecognised.status == 2)
  #expect(unrecognised.errors.hasPrefix("qrdetect: -: unrecognised input at byte 0"))
}

@Test func regionLimitsWhereSymbolsAreSought() throws {
  let frame = try Scene.frame("somewhere")
  let outside = try ToolRunner.run("qrdetect", ["--region", "150,120,90,80"], input: frame)
  #expect(outside.status == 1)
  let inside = try ToolRunner.run(
    "qrdetect", ["--region", "0,0,240,200", "-e", "fast"], input: frame)
  #expect(inside.status == 0)
}

@Test func annotateSendsVideoToStandardOutputAndRecordsToADescriptor() throws {
  let directory = try temporaryDirectory()
  defer { try? FileManager.default.removeItem(at: directory) }
  let input = directory.appendingPathComponent("in.pgm")
  try Data(try Scene.stream(["shown", nil])).write(to: input)
  let found = directory.appendingPathComponent("found.jsonl")
  let video = directory.appendingPathComponent("out.y4m")
  let result = try ToolRunner.shell(
    "qrdetect --annotate --annotate-text --json-fd 3 '\(input.path)' 3>'\(found.path)'"
      + " >'\(video.path)'")
  #expect(result.status == 0, "\(result.errors)")
  let written = records(try String(contentsOf: found, encoding: .utf8))
  #expect(written.map { $0["text"] as? String } == ["shown"])
  let y4m = try Data(contentsOf: video)
  let header = "YUV4MPEG2 W\(Scene.width) H\(Scene.height) F25:1 Ip A1:1 Cmono\n"
  let frameBytes = "FRAME\n".utf8.count + Scene.width * Scene.height
  #expect(y4m.count == header.utf8.count + 2 * frameBytes)
  #expect(y4m.prefix(header.utf8.count) == Data(header.utf8))
  // The first frame was drawn on; the blank second frame is passed through unchanged.
  let first = y4m.dropFirst(header.utf8.count + 6).prefix(Scene.width * Scene.height)
  #expect(first.contains(255))
  let second = y4m.suffix(Scene.width * Scene.height)
  #expect(second.allSatisfy { $0 == 235 })

  // The video may go to a path instead, and the records stay on standard output.
  let toPath = try ToolRunner.run(
    "qrdetect", ["--annotate=\(video.path)", input.path])
  #expect(toPath.status == 0)
  #expect(records(toPath.output).count == 1)
  #expect(try Data(contentsOf: video).count == y4m.count)
}

@Test func annotateWithoutARecordDestinationIsAUsageError() throws {
  let result = try ToolRunner.run("qrdetect", ["--annotate"])
  #expect(result.status == 64)
  #expect(result.stdout.isEmpty)
  #expect(result.errors.hasPrefix("qrdetect: --annotate writes video to standard output"))
  // The redirection belongs to the command line: a missing one is a usage error too.
  let closed = try ToolRunner.run("qrdetect", ["--annotate", "--json-fd", "99"], input: [])
  #expect(closed.status == 64)
  #expect(
    closed.errors.hasPrefix(
      "qrdetect: --json-fd 99: descriptor is not open (give it as 99>file)\nusage: qrdetect "))
  let readOnly = try ToolRunner.shell("qrdetect --json-fd 3 3</dev/null </dev/null")
  #expect(readOnly.status == 64)
  #expect(
    readOnly.errors.hasPrefix(
      "qrdetect: --json-fd 3: descriptor is open for reading only (give it as 3>file)\n"))
}

@Test func jsonOutputWritesTheRecordsToAFile() throws {
  let directory = try temporaryDirectory()
  defer { try? FileManager.default.removeItem(at: directory) }
  let found = directory.appendingPathComponent("found.jsonl")
  let result = try ToolRunner.run(
    "qrdetect", ["--json-output", found.path], input: try Scene.frame("to a file"))
  #expect(result.status == 0)
  #expect(result.stdout.isEmpty)
  #expect(records(try String(contentsOf: found, encoding: .utf8)).count == 1)
}

@Test func readsWhatQrrenderWritesInEveryFrameFormat() throws {
  let result = try ToolRunner.shell(
    """
    qrrender -f pgm 'from a PGM' | qrdetect -p text
    qrrender -f pbm --invert 'light on dark' | qrdetect | grep -o '"inverted":true'
    qrrender -f qrframe --micro 'MICRO1' | qrdetect | grep -o '"symbology":"microqr"'
    printf 'one\\ntwo\\n' | qrrender --lines -f pgm | qrdetect -p text -j 2
    """)
  #expect(result.status == 0, "\(result.errors)")
  #expect(
    result.output
      == "from a PGM\n\"inverted\":true\n\"symbology\":\"microqr\"\none\ntwo\n")
}

@Test func structuredAppendPartsJoinInQrdedupe() throws {
  let payload = String(repeating: "structured append through the pipeline. ", count: 8)
  let result = try ToolRunner.shell(
    "qrrender -f pgm --split 3 '\(payload)' | qrdetect | qrdedupe --assemble")
  #expect(result.status == 0, "\(result.errors)")
  let joined = records(result.output)
  #expect(joined.count == 1)
  #expect(joined.first?["text"] as? String == payload)
}

@Test func annotatedVideoIsTheSameWithMoreJobs() throws {
  let texts: [String?] = (0..<10).map { $0 % 3 == 1 ? nil : "annotated \($0)" }
  let input = try Scene.stream(texts)
  let one = try ToolRunner.run(
    "qrdetect", ["--annotate", "--annotate-text", "--json-output", "/dev/null"], input: input)
  let three = try ToolRunner.run(
    "qrdetect", ["-j", "3", "--annotate", "--annotate-text", "--json-output", "/dev/null"],
    input: input)
  #expect(one.status == 0, "\(one.errors)")
  #expect(one.stdout.count > 10 * Scene.width * Scene.height)
  #expect(three.stdout == one.stdout)
}

@Test func gradeAddsEveryParameterToTheRecord() throws {
  let result = try ToolRunner.run(
    "qrdetect", ["--grade", "--grade-aperture", "0.5"], input: try Scene.frame("GRADE ME"))
  #expect(result.status == 0, "\(result.errors)")
  let record = try #require(records(result.output).first)
  let grade = try #require(record["grade"] as? [String: Any])
  // A clean synthetic frame (gray 20 on 235): symbol contrast 0.84, everything A.
  #expect(grade["letter"] as? String == "A")
  #expect(grade["overall"] as? Int == 4)
  #expect((grade["parameter_set"] as? String)?.contains("15415") == true)
  #expect(abs((grade["aperture_px"] as? Double ?? 0) - 2) < 0.2)
  let parameters = try #require(grade["parameters"] as? [String: [String: Any]])
  #expect(
    Set(parameters.keys) == [
      "decode", "symbol_contrast", "minimum_reflectance", "minimum_edge_contrast", "modulation",
      "reflectance_margin", "axial_nonuniformity", "grid_nonuniformity",
      "unused_error_correction", "fixed_pattern_damage", "print_growth",
    ])
  #expect(abs((parameters["symbol_contrast"]?["value"] as? Double ?? 0) - 215.0 / 255) < 0.01)
  for (name, parameter) in parameters {
    #expect(parameter["letter"] as? String == "A", "\(name)")
  }
}

@Test func gradeOptionsAreCheckedAsUsage() throws {
  for arguments in [
    ["--grade-aperture", "0.8"], ["--grade", "--grade-aperture", "3"],
    ["--grade", "--print", "text"],
  ] {
    let result = try ToolRunner.run("qrdetect", arguments, input: try Scene.frame("X"))
    #expect(result.status == 64, "\(arguments)")
  }
}

@Test func theReadmeScanOncePrintsAPayloadHoldingNewlines() throws {
  // Issue 27, trap 1: `qrcapture | qrdetect --count 1 --print text` dropped every vCard (and
  // every `echo URL | qrencode` code) with status 2; zbarimg --raw prints them as they are.
  let result = try ToolRunner.shell(
    #"qrcapture --simulate --fast -n 30 "$(printf 'BEGIN:VCARD\nFN:Ann\nEND:VCARD')""#
      + " | qrdetect --count 1 --print text")
  #expect(result.status == 0, "\(result.errors)")
  #expect(result.output == "BEGIN:VCARD\nFN:Ann\nEND:VCARD\n")
  #expect(result.errors.contains("qrdetect: -: warning: frame "))
  #expect(result.errors.contains("holds a newline, which also ends payloads: written as it is"))
}

@Test func microQRVersionsAreNamedAsQRRenderTakesThem() throws {
  // A Micro QR M2 is reported as "M2", the name -v takes, not as version 2 (issue 27).
  for version in ["M1", "M2", "M3", "M4"] {
    let result = try ToolRunner.shell(
      "qrrender -v \(version) -l \(version == "M1" ? "L" : "M") -f pgm 12345 | qrdetect")
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output.contains(#""symbology":"microqr""#))
    #expect(result.output.contains(#""version":"\#(version)""#), "\(result.output)")
  }
  let qr = try ToolRunner.shell("qrrender -v 2 -f pgm 12345 | qrdetect")
  #expect(qr.output.contains(#""version":2,"#))
}

@Test func manPageSampleRecordIsWhatQRDetectWrites() throws {
  // qrdetect(1)'s sample record: the same members in the same order, with the same values for
  // what does not depend on where the code is, as a real record of the same code.
  let page = try String(
    contentsOf: ToolRunner.packageRoot.appendingPathComponent("man/qrdetect.1"), encoding: .utf8)
  let lines = page.split(separator: "\n", omittingEmptySubsequences: false)
  let start = try #require(lines.firstIndex { $0.hasPrefix("{\"frame\":") })
  let end = try #require(lines[start...].firstIndex { $0 == ".Ed" })
  let sample = lines[start..<end].map { $0.trimmingCharacters(in: .whitespaces) }.joined()
  let result = try ToolRunner.shell("qrrender -f pgm https://example.com | qrdetect")
  #expect(result.status == 0, "\(result.errors)")
  func members(_ line: String) throws -> (keys: [String], object: [String: Any]) {
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    // Top-level keys in order: each `"key":` at nesting depth one.
    var keys: [String] = []
    var depth = 0
    var inString = false
    var escaped = false
    var current = ""
    var last = ""
    for character in line {
      if inString {
        if escaped {
          escaped = false
        } else if character == "\\" {
          escaped = true
        } else if character == "\"" {
          inString = false
          last = current
        } else {
          current.append(character)
        }
        continue
      }
      switch character {
      case "\"": inString = true; current = ""
      case "{", "[": depth += 1
      case "}", "]": depth -= 1
      case ":" where depth == 1: keys.append(last)
      default: break
      }
    }
    return (keys, object)
  }
  let expected = try members(sample)
  let real = try members(result.output.trimmingCharacters(in: .newlines))
  #expect(expected.keys == real.keys)
  for key in [
    "symbology", "text", "text_encoding", "kind", "version", "level", "gs1",
    "symbology_identifier", "mirrored", "inverted",
  ] {
    #expect("\(expected.object[key] ?? "")" == "\(real.object[key] ?? "")", "\(key)")
  }
}

/// The EXAMPLES and sample output lines of qrdetect(1) against the built tools (jq's man tests):
/// each example runs in a directory of fixtures named as the page names them (a simulated
/// camera for `qrcapture`), except those that need a display or a real camera; each sample line
/// of `--summary` has the form of a line the tool writes.
@Test func manPageExamplesRunAndSamplesMatch() throws {
  let page = try String(
    contentsOf: ToolRunner.packageRoot.appendingPathComponent("man/qrdetect.1"), encoding: .utf8)
  let lines = page.split(separator: "\n").map {
    $0.replacingOccurrences(of: "\\-", with: "-").replacingOccurrences(of: "\\(dq", with: "\"")
      .replacingOccurrences(of: "\\e", with: "\\").replacingOccurrences(of: "\\&", with: "")
  }
  let examples = lines.filter { $0.hasPrefix(".Dl $ ") }.map { String($0.dropFirst(6)) }
  #expect(examples.count >= 12)
  let fixtures = """
    set -e
    d=$(mktemp -d); cd "$d"; mkdir photos scans
    qrrender -f pgm -s 3 'WIFI:T:WPA;S:home;P:secret;;' > photo.pgm
    qrrender -f png -s 3 https://example.com/1 > photo.jpg
    cp photo.jpg photos/a.jpg; cp photo.pgm photos/b.pgm
    printf 'P5\\n40 40\\n255\\n' > photos/blank.pgm; head -c 1600 /dev/zero | tr '\\0' '\\377' >> photos/blank.pgm
    qrrender -f pgm -s 3 "$(printf 'two\\nlines')" > scans/01.pgm; cp photo.pgm scans/02.pgm; cp photos/blank.pgm scans/07.pgm
    qrrender -M -f png -s 4 M1CRO > labels.png
    qrrender -f y4m -s 4 clip > clip.y4m; ffmpeg -v error -i clip.y4m -pix_fmt yuv420p clip.mp4
    qrcapture() { command qrcapture --simulate --fast --size 320x240 --count 40 'WIFI:T:WPA;S:home;;'; }
    """
  for example in examples
  where !example.contains("ffplay") && !example.contains("/dev/video") {
    let result = try ToolRunner.shell(
      fixtures + "\n" + example
        + " > out; status=$?; [ -s out ] || status=9; rm -r \"$d\"; exit $status")
    #expect(result.status == 0, "\(example): \(result.errors)")
  }
  // The sample lines of --summary, with numbers and names as patterns.
  let summary = try ToolRunner.shell(
    fixtures + "\nqrdetect --summary photos/ scans/ > /dev/null; rm -r \"$d\"")
  let written = summary.errors.split(separator: "\n").map(String.init)
  for sample in lines.filter({ $0.hasPrefix(".Dl qrdetect: ") }) {
    var pattern = String(sample.dropFirst(4))
    pattern = pattern.replacing(#/[0-9]+(\.[0-9]+)?/#, with: "NUMBER")
    pattern = pattern.replacing(#/: [^:]+$/#) { match in
      pattern.hasPrefix("qrdetect: no symbol") ? ": NAMES" : String(match.output)
    }
    let regex = try Regex(
      "^"
        + NSRegularExpression.escapedPattern(for: pattern)
        .replacingOccurrences(of: "NUMBER", with: "[0-9]+(\\.[0-9]+)?")
        .replacingOccurrences(of: "NAMES", with: ".+") + "$")
    #expect(written.contains { $0.wholeMatch(of: regex) != nil }, "\(sample) in \(written)")
  }
}
