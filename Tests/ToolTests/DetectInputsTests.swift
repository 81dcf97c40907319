// SPDX-License-Identifier: MIT
// qrdetect's inputs end to end: directories, --files-from and -0, --symbology, --progress and
// --summary, and file names that are not UTF-8 in every tool.

import Foundation
import Testing

/// A scratch directory with `code.png` (a QR Code of `text`), `micro.png` (a Micro QR of
/// `micro`) and `blank.pgm`; scripts run in it with the built tools first on PATH.
private final class Scratch {
  let directory: URL
  static let text = "https://example.com/inputs"
  static let micro = "12345"

  init() throws {
    directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "inputs-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let made = try shell(
      """
      qrrender -f png -s 4 -o code.png '\(Self.text)' &&
      qrrender -f png -s 4 --micro -o micro.png '\(Self.micro)' &&
      printf 'P5\\n8 8\\n255\\n' > blank.pgm && head -c 64 /dev/zero | tr '\\0' '\\377' >> blank.pgm
      """)
    #expect(made.status == 0, "\(made.errors)")
  }

  deinit { try? FileManager.default.removeItem(at: directory) }

  func shell(_ script: String) throws -> ToolResult {
    try ToolRunner.shell("cd '\(directory.path)' && " + script)
  }
}

// MARK: - Directories

@Test func aDirectoryIsWalkedInByteOrderWithImagesByMagicAndLoopsSkipped() throws {
  let scratch = try Scratch()
  let result = try scratch.shell(
    """
    mkdir -p tree/b tree/sub/deeper && cp code.png tree/a.png && cp code.png tree/sub/deeper/z &&
    cp code.png tree/b/c.PNG && cp code.png tree/a.b.png && echo notes > tree/readme.txt &&
    printf '\\0\\0\\0\\014jP  \\r\\n\\207\\n' > tree/sub/photo.jp2 && : > tree/empty &&
    ln -s .. tree/sub/loop && ln -s ../a.png tree/b/link.png && mkfifo tree/fifo &&
    ln -s nowhere tree/dangling &&
    qrdetect --summary tree
    """)
  #expect(result.status == 0, "\(result.errors)")
  // Whole paths in byte order ("a.b.png" < "a.png" < "b/..."), the link followed, the file
  // without an extension read by its magic, the loop entered once, the FIFO and the dangling
  // link passed over (opening the FIFO would wait for ever).
  #expect(
    records(result.output).compactMap { $0["source"] as? String } == [
      "tree/a.b.png", "tree/a.png", "tree/b/c.PNG", "tree/b/link.png", "tree/sub/deeper/z",
    ])
  let lines = result.errors.split(separator: "\n").map(String.init)
  #expect(lines.count == 3, "\(result.errors)")
  #expect(
    lines.first
      == "qrdetect: tree/sub/loop: warning: not walked again: a directory already walked"
      + " (a symbolic link loop?)")
  #expect(
    lines.dropFirst().first
      == "qrdetect: tree/sub/photo.jp2: warning: skipped: a JPEG 2000 image is not read here;"
      + " read it through ffmpeg: 'ffmpeg -v error -i tree/sub/photo.jp2 -pix_fmt gray -f"
      + " image2pipe -c:v pgm - | qrdetect'")
  // The text file and the empty one are skipped silently, and counted as not images; the image
  // warned of is counted apart.
  #expect(
    lines.last?.hasPrefix(
      "qrdetect: scanned 5 symbols in 5 frames from 5 files in ") == true, "\(lines)")
  #expect(
    lines.last?.hasSuffix(
      " s; skipped 2 files that are not images; skipped 1 file in a format not read (named above)")
      == true, "\(lines)")
}

@Test func theSummaryCountsOneSkippedFileInTheSingular() throws {
  let scratch = try Scratch()
  let result = try scratch.shell(
    "mkdir one && cp code.png one/ && echo notes > one/readme.txt && qrdetect --summary one")
  #expect(result.status == 0, "\(result.errors)")
  #expect(result.errors.hasSuffix(" s; skipped 1 file that is not an image\n"), "\(result.errors)")
}

// MARK: - --files-from

@Test func filesFromReadsNamesOneALineOrNULSeparatedFromAFileOrStandardInput() throws {
  let scratch = try Scratch()
  // A name with a newline in it needs -0 (as find -print0 | xargs -0).
  let result = try scratch.shell(
    """
    cp code.png $'two\\nlines.png' && printf 'code.png\\n\\nmicro.png\\n' > list &&
    qrdetect --files-from list blank.pgm | jq -r .source &&
    printf '%s\\0' code.png $'two\\nlines.png' | qrdetect -0 --files-from - | jq -c .source &&
    find . -name '*.png' -print0 | qrdetect --null --print text --files-from - | tr '\\0' '|'
    """)
  #expect(result.status == 0, "\(result.errors)")
  #expect(result.stderr.isEmpty, "\(result.errors)")
  let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false)
  // Operands first, then the list; the empty line names nothing.
  #expect(Array(lines.prefix(2)) == ["code.png", "micro.png"])
  #expect(Array(lines.dropFirst(2).prefix(2)) == [#""code.png""#, #""two\nlines.png""#])
  let texts = lines.dropFirst(4).joined(separator: "\n").split(separator: "|").sorted()
  #expect(texts == [Scratch.micro, Scratch.text, Scratch.text].map { Substring($0) })
}

@Test func filesFromStreamsTenThousandNamesInOneProcess() throws {
  let scratch = try Scratch()
  // (100,000 names take 53 s of a debug build on a loaded machine, at 14 MB peak RSS.)
  let result = try scratch.shell(
    "yes blank.pgm | head -n 10000 | qrdetect --files-from - --summary")
  // Nothing is found in blank frames: status 1, and the summary counts every file.
  #expect(result.status == 1, "\(result.errors)")
  #expect(
    result.errors.hasPrefix("qrdetect: scanned 0 symbols in 10000 frames from 10000 files in "),
    "\(result.errors)")
}

@Test func filesFromFaultsAreReportedAndTheRestIsRead() throws {
  let scratch = try Scratch()
  let result = try scratch.shell(
    "printf 'missing.png\\ncode.png\\n' | qrdetect --files-from - && echo unreachable")
  #expect(result.status == 2)
  #expect(records(result.output).count == 1)
  #expect(result.errors == "qrdetect: missing.png: no such file or directory\n")
  let usage = try scratch.shell("qrdetect -0 code.png")
  #expect(usage.status == 64)
  #expect(
    usage.errors.hasPrefix(
      "qrdetect: -0 (--null) separates payloads with --print text or raw, or names with"
        + " --files-from"))
  let twice = try scratch.shell("echo code.png | qrdetect --files-from - -")
  #expect(twice.status == 64)
  #expect(twice.errors.hasPrefix("qrdetect: standard input ('-') can be read only once"))
}

// MARK: - --symbology

@Test func symbologyChoosesWhichKindsAreLookedFor() throws {
  let scratch = try Scratch()
  func sources(_ arguments: String) throws -> [String] {
    let result = try scratch.shell("qrdetect \(arguments) code.png micro.png")
    return records(result.output).compactMap { $0["symbology"] as? String }
  }
  #expect(try sources("") == ["qr", "microqr"])
  #expect(try sources("--symbology qr,microqr") == ["qr", "microqr"])
  #expect(try sources("--symbology microqr,qr") == ["qr", "microqr"])
  #expect(try sources("--symbology qr") == ["qr"])
  #expect(try sources("--symbology=microqr") == ["microqr"])
  let nothing = try scratch.shell("qrdetect --symbology qr micro.png")
  #expect(nothing.status == 1)
  for bad in ["aztec", "qr,", ""] {
    let refused = try scratch.shell("qrdetect --symbology '\(bad)' code.png")
    #expect(refused.status == 64)
    #expect(
      refused.errors.hasPrefix(
        "qrdetect: invalid value '\(bad)' for --symbology: expected qr, microqr or both"))
  }
}

// MARK: - --progress and --summary

@Test func progressOffATerminalIsOnlyWithTheOptionAndOneLineAnUpdate() throws {
  let scratch = try Scratch()
  let quiet = try scratch.shell("qrdetect code.png code.png code.png > /dev/null")
  #expect(quiet.status == 0)
  #expect(quiet.stderr.isEmpty, "no progress when stderr is not a terminal")
  let shown = try scratch.shell("qrdetect --progress code.png blank.pgm code.png > /dev/null")
  #expect(shown.status == 0)
  let lines = shown.errors.split(separator: "\n")
  // Rate-limited to one a second: the first update at once, then at most one a second.
  #expect(lines.first?.hasPrefix("qrdetect: 0/3 files, 1 frame (") == true, "\(shown.errors)")
  #expect(lines.first?.hasSuffix("/s), 1 symbol") == true, "\(shown.errors)")
  #expect(lines.allSatisfy { $0.hasPrefix("qrdetect: ") && $0.contains("/3 files, ") })
  #expect(shown.errors.contains("\r") == false)
}

/// Runs `script` with standard error on a pseudo-terminal (standard output elsewhere); returns
/// what the terminal received.
private func onTerminal(_ script: String, in scratch: Scratch) throws -> [UInt8] {
  let driver = """
    import os, pty, subprocess, sys
    master, slave = pty.openpty()
    child = subprocess.Popen(["bash", "-c", sys.argv[1]], stderr=slave, stdout=subprocess.DEVNULL,
        stdin=subprocess.DEVNULL)
    os.close(slave)
    data = b""
    while True:
        try:
            chunk = os.read(master, 4096)
        except OSError:
            break
        if not chunk:
            break
        data += chunk
    child.wait()
    sys.stdout.buffer.write(data)
    """
  let path =
    ToolRunner.productsDirectory.path + ":"
    + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
  let result = try ToolRunner.runExecutable(
    "/usr/bin/env", ["python3", "-c", driver, "cd '\(scratch.directory.path)' && " + script],
    environment: ["PATH": path])
  #expect(result.status == 0, "\(result.errors)")
  return result.stdout
}

@Test func progressOnATerminalAppearsAfterTwoSecondsOverwritesItselfAndIsErased() throws {
  let scratch = try Scratch()
  // A short run shows nothing; one that takes over 2 s shows the line, redrawn with \r and
  // erased at the end, so the terminal is left as it was.
  let short = try onTerminal("qrdetect code.png > out.jsonl", in: scratch)
  #expect(short.isEmpty, "\(String(decoding: short, as: UTF8.self))")
  let long = String(
    decoding: try onTerminal(
      "(cat code.png; sleep 2.3; cat code.png) | qrdetect > out.jsonl", in: scratch),
    as: UTF8.self)
  #expect(long.hasPrefix("\rqrdetect: 0/1 files, 2 frames ("), "\(long.debugDescription)")
  #expect(long.hasSuffix("/s), 2 symbols\u{1B}[K\r\u{1B}[K"), "\(long.debugDescription)")
  // With --summary, the totals are what stays.
  let summary = String(
    decoding: try onTerminal("qrdetect --progress --summary code.png > out.jsonl", in: scratch),
    as: UTF8.self)
  #expect(summary.contains("\r\u{1B}[Kqrdetect: scanned 1 symbol in 1 frame from 1 file in "))
}

// MARK: - File names as bytes

// Each tool opens the name it was given, byte for byte: qrdetect's inputs, list and
// --json-output; qrcapture's inputs, --truth and --payloads; qrdedupe's inputs; qrrender's --file, --output
// and --output-dir. (Swift's CommandLine.arguments would have replaced 0xFF with U+FFFD.)

@Test func fileNamesThatAreNotUTF8ReachTheSystemUnchangedInEveryTool() throws {
  let scratch = try Scratch()
  let result = try scratch.shell(
    """
    bad=$'x\\xff.png' && cp code.png "$bad" &&
    qrdetect "$bad" --json-output $'out\\xfe.jsonl' && ls $'out\\xfe.jsonl' > /dev/null &&
    jq -r '.source, .source_bytes' $'out\\xfe.jsonl' && echo "$bad" | qrdetect --files-from - -b |
      jq -r .source_bytes | base64 -d | od -An -c | tr -s ' ' &&
    qrcapture "$bad" -o pgm > /dev/null && qrdetect "$bad" > $'d\\xfd.jsonl' &&
    qrdedupe $'d\\xfd.jsonl' | jq -r .text &&
    echo hi > $'l\\xf8' &&
    qrcapture --simulate -n 2 --fast --truth $'t\\xfc.jsonl' --payloads $'l\\xf8' > /dev/null &&
    test -s $'t\\xfc.jsonl' &&
    printf payload > $'p\\xf9' && qrrender -f png --file $'p\\xf9' -o $'c\\xfb.png' &&
    qrrender -f svg --output-dir $'dir\\xfa' hi && test -s $'dir\\xfa/part-01.svg' &&
    qrdetect -p text $'c\\xfb.png' &&
    qrdetect $'missing\\xff.png'
    """)
  #expect(result.status == 2, "\(result.errors)")
  let lines = result.output.split(separator: "\n").map(String.init)
  #expect(lines.first == "x\\xFF.png")
  #expect(lines.dropFirst().first == "eP8ucG5n")
  #expect(lines.dropFirst(2).first?.trimmingCharacters(in: .whitespaces) == "x 377 . p n g")
  #expect(lines.dropLast().last == Scratch.text)
  #expect(lines.last == "payload")
  #expect(result.errors == "qrdetect: missing\\xFF.png: no such file or directory\n")
}
