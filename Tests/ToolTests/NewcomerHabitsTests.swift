// SPDX-License-Identifier: MIT
// The habits of issue 44 that broke scripts: zbarimg's options and statuses, raw payload bytes,
// qrencode's -v, -8, -S, -i, -c, --verbose and -M -v 3, raw video without its rate or with the
// wrong size, blank lines in --lines, and payload text piped into qrdedupe.

import Foundation
import Testing

private func scratchDirectory() throws -> URL {
  let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
    "habits-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  return directory
}

/// The JSON records of `output`, one a line.
private func jsonRecords(_ output: String) -> [[String: Any]] {
  output.split(separator: "\n").compactMap {
    try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
  }
}

private let hasQrencode = FileManager.default.isExecutableFile(atPath: "/usr/bin/qrencode")
private let hasZbarimg = FileManager.default.isExecutableFile(atPath: "/usr/bin/zbarimg")

// MARK: - qrdetect: zbarimg's habits and raw bytes

@Test func printRawWritesEveryBinaryPayloadExactly() throws {
  // 40 payloads of random bytes (seeded): -p raw gives back each one exactly, where -p text
  // writes the bytes as ISO 8859-1 text in UTF-8 (1 of these 40 came back unchanged).
  var state: UInt64 = 44
  func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
  var changedByText = 0
  for _ in 0..<40 {
    let payload = (0..<(1 + Int(next() % 60))).map { _ in UInt8(truncatingIfNeeded: next()) }
    let code = try ToolRunner.run("qrrender", ["-f", "pgm"], input: payload)
    try #require(code.status == 0, "\(code.errors)")
    let raw = try ToolRunner.run("qrdetect", ["-p", "raw", "-0"], input: code.stdout)
    #expect(raw.status == 0, "\(raw.errors)")
    #expect(raw.stdout == payload + [0], "\(payload)")
    let text = try ToolRunner.run("qrdetect", ["-p", "text", "-0"], input: code.stdout)
    if text.stdout != payload + [0] { changedByText += 1 }
  }
  #expect(changedByText > 30, "-p text is text, not bytes")
  // Text payloads come out the same either way; --bytes and --grade are refused with -p raw.
  let hello = try ToolRunner.shell("qrrender hello | qrdetect -p raw")
  #expect(hello.output == "hello\n")
  let refused = try ToolRunner.run("qrdetect", ["-p", "raw", "--bytes"])
  #expect(refused.status == 64)
  #expect(refused.errors.hasPrefix("qrdetect: --bytes adds a field to JSON records;"))
}

@Test func zbarimgsRawQuietAndOneShotWork() throws {
  // --raw alone prints each payload's text, as zbarimg --raw does.
  let raw = try ToolRunner.shell("qrrender hi | qrdetect --raw")
  #expect(raw.status == 0, "\(raw.errors)")
  #expect(raw.output == "hi\n")
  #expect(try ToolRunner.run("qrdetect", ["--raw", "-p", "json"]).status == 64)
  // -q: no warnings (here: a payload holding the newline that ends payloads).
  let loud = try ToolRunner.shell("printf 'a\\nb' | qrrender | qrdetect -p text")
  #expect(loud.errors.contains("warning: frame 0: payload of 3 bytes holds a newline"))
  let quiet = try ToolRunner.shell("printf 'a\\nb' | qrrender | qrdetect -p text -q")
  #expect(quiet.status == 0)
  #expect(quiet.output == "a\nb\n")
  #expect(quiet.stderr.isEmpty, "\(quiet.errors)")
  // -1: the first symbol, then stop; the same as --count 1.
  let first = try ToolRunner.shell(
    "{ qrrender -f pgm one; qrrender -f pgm two; } | qrdetect -1 -p text")
  #expect(first.status == 0)
  #expect(first.output == "one\n")
  #expect(try ToolRunner.run("qrdetect", ["-1", "--count", "2"]).status == 64)
}

@Test func missStatusIsFourWhenNoInputHadACodeAsZbarimgs() throws {
  let directory = try scratchDirectory()
  defer { try? FileManager.default.removeItem(at: directory) }
  let blank = Array("P5\n32 32\n255\n".utf8) + [UInt8](repeating: 200, count: 1024)
  try Data(blank).write(to: directory.appendingPathComponent("blank.pgm"))
  let ours = try ToolRunner.run(
    "qrdetect", ["--miss-status", "blank.pgm"], currentDirectory: directory)
  #expect(ours.status == 4)
  // Without --miss-status: grep's 1.
  #expect(try ToolRunner.run("qrdetect", ["blank.pgm"], currentDirectory: directory).status == 1)
  if hasZbarimg {
    let zbar = try ToolRunner.runExecutable(
      "/usr/bin/zbarimg", ["-q", "blank.pgm"], currentDirectory: directory)
    #expect(zbar.status == ours.status)
  }
}

// MARK: - qrdedupe: payload text instead of records

@Test func payloadTextPipedIntoQrdedupeGetsOneHint() throws {
  let result = try ToolRunner.shell(
    "{ qrrender -f pgm a; qrrender -f pgm b; qrrender -f pgm c; } | qrdetect -p text | qrdedupe")
  #expect(result.output == "a\nb\nc\n", "passed through as before")
  let hints = result.errors.components(separatedBy: "hint:").count - 1
  #expect(hints == 1, "\(result.errors)")
  #expect(result.errors.contains("give qrdetect no '-p text'"))
  #expect(result.errors.contains("qrdetect | qrdedupe | jq -r .text"))
  // Records get no hint.
  let records = try ToolRunner.shell("qrrender -f pgm a | qrdetect | qrdedupe")
  #expect(records.stderr.isEmpty, "\(records.errors)")
}

// MARK: - qrrender: qrencode's habits

/// The version and level of the symbols qrdetect reads in `image`.
private func symbols(_ image: [UInt8]) throws -> [(version: String, text: String)] {
  let result = try ToolRunner.run("qrdetect", [], input: image)
  return jsonRecords(result.output).map {
    ("\($0["version"] ?? "")", ($0["text"] as? String) ?? "")
  }
}

@Test func symbolVersionIsTheSmallestAsInQrencode() throws {
  let payload = String(repeating: "x", count: 33)
  // -v 1 with 33 bytes: qrencode goes up to the version that fits; so do we.
  let ours = try ToolRunner.run("qrrender", ["-v", "1", "-f", "pgm", payload])
  #expect(ours.status == 0, "\(ours.errors)")
  let read = try symbols(ours.stdout)
  #expect(read.map(\.version) == ["3"])
  // -v 5 keeps version 5 for a payload that would fit version 1.
  #expect(
    try symbols(try ToolRunner.run("qrrender", ["-v", "5", "-f", "pgm", "hi"]).stdout)
      .map(\.version) == ["5"])
  // --strict-version: that version exactly, or an error.
  let strict = try ToolRunner.run(
    "qrrender", ["-v", "1", "--strict-version", "-f", "pgm", payload])
  #expect(strict.status == 2)
  #expect(strict.errors.hasPrefix("qrrender: "))
  #expect(try ToolRunner.run("qrrender", ["--strict-version", "hi"]).status == 64)
  if hasQrencode {
    let theirs = try ToolRunner.runExecutable(
      "/usr/bin/qrencode", ["-l", "M", "-v", "1", "-o", "-", payload])
    #expect(try symbols(theirs.stdout).map(\.version) == ["3"])
  }
}

@Test func qrencodesModeAndCaseOptionsWork() throws {
  // -8: thirty digits in byte mode need version 3 at level M, not numeric mode's version 1.
  let digits = String(repeating: "1234567890", count: 3)
  let numeric = try ToolRunner.run("qrrender", ["-f", "pgm", digits])
  let bytes = try ToolRunner.run("qrrender", ["-8", "-f", "pgm", digits])
  #expect(try symbols(numeric.stdout).map(\.version) == ["1"])
  #expect(try symbols(bytes.stdout).map { $0.version + " " + $0.text } == ["3 " + digits])
  // -i: lowercase letters written as capitals, the alphanumeric mode's; -c is the default.
  let lower = "https://example.com/abc"
  let ignored = try ToolRunner.run("qrrender", ["-i", "-f", "pgm", lower])
  #expect(try symbols(ignored.stdout).map(\.text) == [lower.uppercased()])
  let kept = try ToolRunner.run("qrrender", ["-c", "-f", "pgm", lower])
  #expect(try symbols(kept.stdout).map(\.text) == [lower])
  #expect(try ToolRunner.run("qrrender", ["-i", "-c", "x"]).status == 64)
  if hasQrencode {
    for flags in [["-8"], ["-i"]] {
      let text = flags == ["-8"] ? digits : lower
      let theirs = try ToolRunner.runExecutable(
        "/usr/bin/qrencode", ["-l", "M"] + flags + ["-o", "-", text])
      let ours = try ToolRunner.run("qrrender", ["-f", "pgm"] + flags + [text])
      #expect(
        try symbols(ours.stdout).map { $0.version + $0.text }
          == (try symbols(theirs.stdout).map { $0.version + $0.text }), "\(flags)")
    }
  }
}

@Test func structuredMicroAndVerboseWorkAsInQrencode() throws {
  // -S -v 1: a 60-byte payload over as many version 1 symbols as it needs, which qrdedupe
  // --assemble joins again.
  let payload = String(repeating: "abcdef", count: 10)
  let parts = try ToolRunner.run("qrrender", ["-S", "-v", "1", "-f", "pgm", payload])
  #expect(parts.status == 0, "\(parts.errors)")
  let read = try symbols(parts.stdout)
  #expect(read.count > 1 && read.allSatisfy { $0.version == "1" }, "\(read)")
  let joined = try ToolRunner.shell(
    "qrrender -S -v 1 -f pgm \(payload) | qrdetect | qrdedupe --assemble | jq -r .text")
  #expect(joined.output == payload + "\n", "\(joined.errors)")
  #expect(try ToolRunner.run("qrrender", ["-S", "x"]).status == 64)
  // -M -v 3 is Micro QR version M3, as qrencode reads it.
  let micro = try ToolRunner.run("qrrender", ["-M", "-v", "3", "-f", "pgm", "12345"])
  #expect(micro.status == 0, "\(micro.errors)")
  #expect(try symbols(micro.stdout).map(\.version) == ["M3"])
  // --verbose: each symbol's version, level, mask and size on standard error.
  let verbose = try ToolRunner.run("qrrender", ["--verbose", "-f", "pgm", "hello"])
  #expect(verbose.status == 0)
  #expect(
    verbose.errors.range(
      of:
        #"^qrrender: version 1, level M, mask [0-7], 21x21 modules, quiet zone 4, 116 pixels a side\n$"#,
      options: .regularExpression) != nil, "\(verbose.errors)")
}

@Test func qrencodesDefaultsAreTwoOptionsAway() throws {
  // qrencode's defaults are 3 pixels a module and level L; ours 4 and M (the man page says
  // why). -s 3 -l L makes qrencode's image: 87 pixels for 'text', where ours is 116.
  guard hasQrencode else { return }
  let directory = try scratchDirectory()
  defer { try? FileManager.default.removeItem(at: directory) }
  let theirs = try ToolRunner.runExecutable(
    "/usr/bin/qrencode", ["-o", "q.png", "text"], currentDirectory: directory)
  #expect(theirs.status == 0)
  let ours = try ToolRunner.run(
    "qrrender", ["-s", "3", "-l", "L", "-o", "r.png", "text"], currentDirectory: directory)
  #expect(ours.status == 0)
  let ownDefault = try ToolRunner.run(
    "qrrender", ["-o", "d.png", "text"], currentDirectory: directory)
  #expect(ownDefault.status == 0)
  func width(_ name: String) throws -> Int {
    let bytes = Array(try Data(contentsOf: directory.appendingPathComponent(name)))
    return bytes[16...19].reduce(0) { $0 << 8 | Int($1) }  // IHDR width, big-endian
  }
  #expect(try width("q.png") == 87)
  #expect(try width("r.png") == 87)
  #expect(try width("d.png") == 116)
}

// MARK: - qrrender --lines: blank lines

@Test func blankLinesAreSkippedAndCounted() throws {
  let result = try ToolRunner.run(
    "qrrender", ["--lines", "-f", "pgm"], input: Array("a\n\nb\r\n\n".utf8))
  #expect(result.status == 0, "\(result.errors)")
  #expect(try symbols(result.stdout).map(\.text) == ["a", "b"])
  #expect(result.errors == "qrrender: -: warning: skipped 2 blank lines\n")
  let none = try ToolRunner.run("qrrender", ["--lines"], input: Array("\n\n".utf8))
  #expect(none.status == 1)
  #expect(none.errors == "qrrender: -: no input data: 2 blank lines and no payload\n")
}

// MARK: - qrcapture: raw video's rate and size

@Test func rawFramesWithoutARateAreTimedWithAWarning() throws {
  let frames = [UInt8](repeating: 128, count: 3 * 8 * 4)
  let untimed = try ToolRunner.run("qrcapture", ["-s", "8x4"], input: frames)
  #expect(untimed.status == 0)
  #expect(
    untimed.errors.hasPrefix(
      "qrcapture: -: warning: raw frames carry no frame rate: timing them at 30 fps, the"
        + " default; give the video's rate with --fps"), "\(untimed.errors)")
  #expect(untimed.errors.components(separatedBy: "\n").count == 2, "one warning a run")
  let timed = try ToolRunner.run("qrcapture", ["-s", "8x4", "--fps", "25/1"], input: frames)
  #expect(timed.status == 0)
  #expect(timed.stderr.isEmpty)
  // A y4m stream carries its rate: no warning.
  let y4m = try ToolRunner.shell("qrrender -f y4m hi | qrcapture | qrdetect -p text")
  #expect(y4m.output == "hi\n")
  #expect(y4m.stderr.isEmpty, "\(y4m.errors)")
}

@Test func aSizeThatDoesNotDivideTheStreamIsNamed() throws {
  // 10 frames of 64x48, read as 60x48: the stream ends inside frame 10.
  let frames = [UInt8](repeating: 90, count: 10 * 64 * 48)
  let result = try ToolRunner.run("qrcapture", ["-s", "60x48", "-r", "25"], input: frames)
  #expect(result.status == 2)
  #expect(
    result.errors.contains(
      "; the input is not a whole number of 60x48 gray frames of 2880 bytes (10 and 1920"
        + " bytes), so --size is likely not the video's size"), "\(result.errors)")
}
