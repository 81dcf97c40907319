// SPDX-License-Identifier: MIT
// The traps of issue 15 that qrrender, qrcapture and qrdetect share: '-', output extensions,
// binary output on a terminal, --annotate's frame rate, y4m frame sizes in --lines, empty
// payloads, art wider than the terminal, qrencode's options and colours; and the EPS, PDF and
// XPM formats read back by other programs.

import Foundation
import QRCommandLine
import QRCommands
import QRCore
import Testing

private func scratchDirectory() throws -> URL {
  let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
    "qrrender-habits-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  return directory
}

private func entries(_ directory: URL) throws -> [String] {
  try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
}

/// The texts qrdetect reads in `bytes` (any format it reads).
private func detectedTexts(_ bytes: [UInt8]) throws -> [String] {
  let result = try ToolRunner.run("qrdetect", ["-p", "text"], input: bytes)
  return result.output.split(separator: "\n").map(String.init)
}

private let hasScript = FileManager.default.isExecutableFile(atPath: "/usr/bin/script")
private let hasGhostscript = FileManager.default.isExecutableFile(atPath: "/usr/bin/gs")
private let python = ToolRunner.packageRoot.appendingPathComponent(".venv/bin/python").path
private let hasPillow = FileManager.default.isExecutableFile(atPath: python)

// MARK: - Trap 2: '-' is standard input or output for every file option

@Test func dashIsStandardInputOrOutputForEveryFileOption() throws {
  let directory = try scratchDirectory()
  defer { try? FileManager.default.removeItem(at: directory) }
  // qrrender -o - writes to standard output, a PNG as qrencode -o - writes (issue 27, trap 3);
  // a bare qrrender in a pipe keeps PBM, and an explicit format wins.
  let toStdout = try ToolRunner.run("qrrender", ["-o", "-", "hi"], currentDirectory: directory)
  #expect(toStdout.status == 0, "\(toStdout.errors)")
  #expect(toStdout.stdout.starts(with: [0x89] + Array("PNG\r\n".utf8)))
  #expect(try detectedTexts(toStdout.stdout) == ["hi"])
  let bare = try ToolRunner.run("qrrender", ["hi"], currentDirectory: directory)
  #expect(bare.stdout.starts(with: Array("P4\n".utf8)))
  for explicit in [["-t", "SVG"], ["-f", "pbm"]] {
    let chosen = try ToolRunner.run(
      "qrrender", ["-o", "-"] + explicit + ["hi"], currentDirectory: directory)
    #expect(chosen.status == 0, "\(chosen.errors)")
    #expect(chosen.stdout.starts(with: Array((explicit[1] == "SVG" ? "<" : "P4\n").utf8)))
  }
  // --file - (and -r -, qrencode's --read-from) read standard input.
  for option in ["--file", "-r"] {
    let fromStdin = try ToolRunner.run(
      "qrrender", [option, "-", "-f", "pgm"], input: Array("from stdin".utf8),
      currentDirectory: directory)
    #expect(fromStdin.status == 0, "\(fromStdin.errors)")
    #expect(try detectedTexts(fromStdin.stdout) == ["from stdin"])
  }
  // --output-dir - cannot be standard output: a usage error that says what to use.
  let dashDirectory = try ToolRunner.run(
    "qrrender", ["--output-dir", "-", "--lines"], currentDirectory: directory)
  #expect(dashDirectory.status == 64)
  #expect(dashDirectory.errors.contains("--output-dir names a directory"))
  // qrcapture --truth - would mix JSON into the frames on standard output: refused, with advice.
  let truth = try ToolRunner.run(
    "qrcapture", ["--simulate", "--fast", "-n", "1", "--truth", "-", "hi"],
    currentDirectory: directory)
  #expect(truth.status == 64)
  #expect(truth.errors.hasPrefix("qrcapture: --truth -: standard output carries the frames"))
  #expect(truth.stdout.isEmpty)
  // ... and a descriptor works as the message says.
  let viaDescriptor = try ToolRunner.shell(
    "cd '\(directory.path)' && qrcapture --simulate --fast -n 2 --truth /dev/fd/3 hi"
      + " 3>truth.jsonl | qrdetect -p text > /dev/null; wc -l < truth.jsonl")
  #expect(viaDescriptor.output.trimmingCharacters(in: .whitespacesAndNewlines) == "2")
  // qrcapture -d - reads standard input as a '-' operand does.
  let pgm = try ToolRunner.run("qrrender", ["-f", "pgm", "device dash"]).stdout
  let device = try ToolRunner.run("qrcapture", ["-d", "-"], input: pgm)
  #expect(device.status == 0, "\(device.errors)")
  #expect(try detectedTexts(device.stdout) == ["device dash"])
  // qrdetect: --json-output - is standard output, and --annotate=- too.
  let records = try ToolRunner.run("qrdetect", ["--json-output", "-", "-p", "text"], input: pgm)
  #expect(records.output == "device dash\n")
  let video = try ToolRunner.shell(
    "qrrender -f pgm x | qrdetect --annotate=- --json-output /dev/null | head -c 9")
  #expect(video.output == "YUV4MPEG2")
  // No option created a file named '-' (the old behaviour).
  #expect(try entries(directory) == ["truth.jsonl"])
}

// MARK: - Trap 3: an output extension that names no format is a usage error

@Test func unknownOutputExtensionsAreUsageErrorsNamingTheFormats() throws {
  let directory = try scratchDirectory()
  defer { try? FileManager.default.removeItem(at: directory) }
  for name in ["x.jpg", "x.txt", "x.JPEG", "dir.d/x.gif"] {
    let result = try ToolRunner.run("qrrender", ["-o", name, "hi"], currentDirectory: directory)
    #expect(result.status == 64, "\(name)")
    #expect(result.errors.contains("cannot tell the format of '\(name)' from its extension"))
    #expect(result.errors.contains(".png, .svg, .eps, .pdf, .xpm"))
    #expect(result.errors.contains("--format (pbm, pbm-plain, pgm"))
  }
  #expect(try entries(directory).isEmpty)
  // With --format the name is the user's business; without an extension the format is pbm;
  // .eps, .pdf and .xpm now name their formats.
  let named = try ToolRunner.run(
    "qrrender", ["-f", "png", "-o", "x.jpg", "hi"], currentDirectory: directory)
  #expect(named.status == 0)
  _ = try ToolRunner.run("qrrender", ["-o", "plain", "hi"], currentDirectory: directory)
  for name in ["x.eps", "x.pdf", "x.XPM"] {
    let result = try ToolRunner.run("qrrender", ["-o", name, "hi"], currentDirectory: directory)
    #expect(result.status == 0, "\(name): \(result.errors)")
  }
  func head(_ name: String, _ count: Int) throws -> String {
    String(
      decoding: try Data(contentsOf: directory.appendingPathComponent(name)).prefix(count),
      as: UTF8.self)
  }
  #expect(
    try Data(contentsOf: directory.appendingPathComponent("x.jpg")).prefix(4)
      == Data([0x89, 0x50, 0x4E, 0x47]))
  #expect(try head("plain", 3) == "P4\n")
  #expect(try head("x.eps", 23) == "%!PS-Adobe-3.0 EPSF-3.0")
  #expect(try head("x.pdf", 8) == "%PDF-1.4")
  #expect(try head("x.XPM", 9) == "/* XPM */")
}

// MARK: - Trap 4: no tool writes binary data to a terminal

@Test(.enabled(if: hasScript, "no script(1)"))
func noToolWritesBinaryDataToATerminal() throws {
  // script(1) runs each command on a pseudo-terminal; each says so and exits 2, writing nothing.
  let commands = [
    "qrcapture --simulate -n 5 hi",
    "qrcapture --simulate -o y4m -n 5 hi",
    "qrrender -f pgm hi | qrdetect --annotate=- --json-output /dev/null",
    "qrrender -f pgm hi | qrdetect --annotate --json-fd 2",
    "qrrender -f pdf hi",
    "qrrender -o - -f png hi",
    "qrrender -o /dev/tty -f qrframe hi",
    "qrrender -f pgm hi | qrdetect --annotate=/dev/tty",
  ]
  let script = commands.map { "\($0); echo \"status $?\"" }.joined(separator: "; ")
  let result = try ToolRunner.shell("script -qec '\(script)' /dev/null")
  let lines = result.output.split(whereSeparator: \.isNewline).map {
    $0.trimmingCharacters(in: .whitespaces)
  }
  #expect(lines.filter { $0 == "status 2" }.count == commands.count, "\(result.output)")
  #expect(lines.filter { $0.contains("standard output is a terminal: not writing") }.count == 6)
  #expect(result.output.contains("qrrender: /dev/tty: a terminal: not writing qrframe data"))
  #expect(result.output.contains("qrdetect: /dev/tty: a terminal: not writing y4m data"))
  #expect(result.output.contains("qrcapture: standard output is a terminal: not writing qrframe"))
  #expect(result.output.contains("qrdetect: standard output is a terminal: not writing y4m data"))
  #expect(!result.output.contains("QRFM") && !result.output.contains("YUV4MPEG2"))
  // Redirected, the same commands write their data.
  let redirected = try ToolRunner.shell(
    "script -qec 'qrcapture --simulate --fast -n 5 hi | head -c 4; echo; qrrender -f pdf hi"
      + " > /dev/null; echo \"status $?\"' /dev/null")
  #expect(redirected.output.hasPrefix("QRFM"), "\(redirected.output)")
  #expect(redirected.output.contains("status 0"))
}

// MARK: - Trap 7: --annotate keeps the input's frame rate

/// A y4m stream of `count` copies of a rendered PGM image at rate `rate` (y4m's `F`).
private func y4m(rate: String, count: Int) throws -> [UInt8] {
  let pgm = try ToolRunner.run("qrrender", ["-f", "pgm", "-s", "2", "rate"]).stdout
  // The PGM header is "P5\n<w> <h>\n255\n".
  let text = String(decoding: pgm.prefix(32), as: UTF8.self)
  let fields = text.split(whereSeparator: \.isWhitespace)
  let width = Int(fields[1]) ?? 0
  let height = Int(fields[2]) ?? 0
  let pixels = Array(pgm.suffix(width * height))
  var bytes = Array("YUV4MPEG2 W\(width) H\(height) F\(rate) Ip A1:1 Cmono\n".utf8)
  for _ in 0..<count { bytes += Array("FRAME\n".utf8) + pixels }
  return bytes
}

private func annotatedHeader(_ input: [UInt8], _ extra: [String] = []) throws -> String {
  let result = try ToolRunner.run(
    "qrdetect", ["--annotate=-", "--json-output", "/dev/null"] + extra, input: input)
  #expect(result.status != 2, "\(result.errors)")
  return String(decoding: result.stdout.prefix { $0 != 0x0A }, as: UTF8.self)
}

@Test func annotateKeepsTheInputFrameRate() throws {
  for (rate, expected) in [
    ("25:1", "F25:1"), ("30000:1001", "F30000:1001"), ("15:2", "F15:2"), ("60:1", "F60:1"),
  ] {
    #expect(try annotatedHeader(y4m(rate: rate, count: 3)).contains(" \(expected) "), "\(rate)")
  }
  // A qrframe stream's timestamps: the simulated camera at 12 frames per second.
  let frames = try ToolRunner.run(
    "qrcapture", ["--simulate", "--fast", "-n", "3", "-r", "12", "--size", "320x240", "hi"])
  #expect(frames.status == 0, "\(frames.errors)")
  #expect(try annotatedHeader(frames.stdout).contains(" F12:1 "))
  // The first frame is held until the second gives the rate; a one-frame input is still
  // written whole, at 25 frames per second.
  let single = try y4m(rate: "50:1", count: 1)
  let one = try ToolRunner.run(
    "qrdetect", ["--annotate=-", "--json-output", "/dev/null"], input: single)
  #expect(String(decoding: one.stdout.prefix(60), as: UTF8.self).contains(" F25:1 "))
  #expect(one.stdout.count == single.count)  // the same header length, one whole frame
}

// MARK: - Trap 8: --lines -f y4m does not stop at the first larger payload

@Test func y4mLinesFitEveryPayload() throws {
  let long = String(repeating: "https://example.com/a-rather-long-path/", count: 8)
  let input = Array("short\n\(long)\ntiny\n".utf8)
  let result = try ToolRunner.run("qrrender", ["--lines", "-f", "y4m"], input: input)
  #expect(result.status == 0, "\(result.errors)")
  #expect(result.stderr.isEmpty)
  // Frames for version 40 with its quiet zone at 4 pixels per module: (177 + 8) × 4.
  #expect(result.stdout.starts(with: Array("YUV4MPEG2 W740 H740 ".utf8)))
  #expect(try detectedTexts(result.stdout) == ["short", long, "tiny"])
  // --micro: M4's 17 modules and a 2-module zone.
  let micro = try ToolRunner.run(
    "qrrender", ["--lines", "-f", "y4m", "--micro", "-s", "3"], input: Array("1\n22\n".utf8))
  #expect(micro.stdout.starts(with: Array("YUV4MPEG2 W63 H63 ".utf8)))
  // --frame-size: a symbol too large is reported and skipped, the others are all written.
  let sized = try ToolRunner.run(
    "qrrender", ["--lines", "-f", "y4m", "--frame-size", "200x150", "-s", "2"], input: input)
  #expect(sized.status == 2)
  #expect(sized.stdout.starts(with: Array("YUV4MPEG2 W200 H150 ".utf8)))
  #expect(sized.errors.hasPrefix("qrrender: -:2: a "))
  #expect(sized.errors.contains("does not fit the 200x150 frames of --frame-size"))
  #expect(try detectedTexts(sized.stdout) == ["short", "tiny"])
  let misplaced = try ToolRunner.run("qrrender", ["--frame-size", "9x9", "-f", "png", "x"])
  #expect(misplaced.status == 64)
  #expect(misplaced.errors.contains("--frame-size sizes y4m frames"))
}

// MARK: - Trap 9: empty payloads are refused

@Test func emptyPayloadsAreRefusedAsQrencodeDoes() throws {
  for (arguments, input, operand) in [
    ([""], "", ""), ([], "", "-: "), (["-"], "", "-: "),
    (["-r", "/dev/null"], "", "/dev/null: "),
  ] as [([String], String, String)] {
    let result = try ToolRunner.run("qrrender", arguments, input: Array(input.utf8))
    #expect(result.status == 1, "\(arguments)")
    #expect(result.stdout.isEmpty)
    #expect(result.errors == "qrrender: \(operand)no input data: the payload is empty\n")
  }
  // qrencode agrees on the status.
  if FileManager.default.isExecutableFile(atPath: "/usr/bin/qrencode") {
    let qrencode = try ToolRunner.runExecutable("/usr/bin/qrencode", ["-o", "-", ""])
    #expect(qrencode.status == 1)
  }
  // Blank lines in --lines are skipped and counted (issue 44); the others are rendered.
  let lines = try ToolRunner.run(
    "qrrender", ["--lines", "-f", "pgm"], input: Array("one\n\r\ntwo\n\n".utf8))
  #expect(lines.status == 0)
  #expect(lines.errors == "qrrender: -: warning: skipped 2 blank lines\n")
  #expect(try detectedTexts(lines.stdout) == ["one", "two"])
}

// MARK: - Trap 10: terminal art wider than the terminal is warned about

@Test func artWiderThanTheTerminalIsWarnedAbout() throws {
  // A version 1 symbol with its quiet zone is 29 modules: 58 columns of ASCII, 29 of utf8.
  let narrow = try ToolRunner.run(
    "qrrender", ["-f", "ascii", "hi"], environment: ["COLUMNS": "40"])
  #expect(narrow.status == 0)
  #expect(
    narrow.errors
      == "qrrender: warning: the symbol is 58 columns wide but the terminal has 40: it wraps"
      + " and cannot be scanned; widen the terminal, use -f utf8 (half the width), or write an"
      + " image\n")
  #expect(!narrow.stdout.isEmpty)
  let fits = try ToolRunner.run("qrrender", ["-f", "utf8", "hi"], environment: ["COLUMNS": "40"])
  #expect(fits.errors.isEmpty)
  // Art already in half blocks is not told to use them (issue 27, item 10).
  let halfBlocks = try ToolRunner.run(
    "qrrender", ["-f", "utf8", "hi"], environment: ["COLUMNS": "20"])
  #expect(
    halfBlocks.errors
      == "qrrender: warning: the symbol is 29 columns wide but the terminal has 20: it wraps"
      + " and cannot be scanned; widen the terminal, or write an image\n")
  let scaled = try ToolRunner.run(
    "qrrender", ["-f", "utf8", "-s", "2", "hi"], environment: ["COLUMNS": "40"])
  #expect(
    scaled.errors
      == "qrrender: warning: the symbol is 58 columns wide but the terminal has 40: it wraps"
      + " and cannot be scanned; widen the terminal, use a smaller -s, or write an image\n")
  let wide = try ToolRunner.run("qrrender", ["-f", "ascii", "hi"], environment: ["COLUMNS": "80"])
  #expect(wide.errors.isEmpty)
  // Once per run, however many symbols are too wide.
  let many = try ToolRunner.run(
    "qrrender", ["--lines", "-f", "ansi"], input: Array("a\nb\nc\n".utf8),
    environment: ["COLUMNS": "20"])
  #expect(many.errors.components(separatedBy: "warning").count == 2)
  // On a real terminal its width is asked (TIOCGWINSZ), whatever COLUMNS says.
  if hasScript {
    let tty = try ToolRunner.shell(
      "script -qec 'stty cols 30; qrrender -f utf8 hi > /dev/tty; COLUMNS=200 qrrender -f ascii hi'"
        + " /dev/null", environment: ["COLUMNS": "200"])
    #expect(tty.output.contains("the symbol is 58 columns wide but the terminal has 30"))
    #expect(!tty.output.contains("29 columns"))
  }
}

// MARK: - Trap 11: qrencode's options mean what they mean in qrencode

@Test func qrencodeOptionsMeanTheSameHere() throws {
  // -t with qrencode's names in any case, and -f in upper case.
  for arguments in [
    ["-t", "PNG"], ["-t", "png"], ["-t", "PNG32"], ["-f", "PNG"], ["--type=Png"],
  ] {
    let result = try ToolRunner.run("qrrender", arguments + ["hi"])
    #expect(result.status == 0, "\(arguments): \(result.errors)")
    #expect(result.stdout.starts(with: [0x89, 0x50, 0x4E, 0x47]), "\(arguments)")
  }
  for (type, magic) in [
    ("EPS", "%!PS"), ("SVG", "<?xml"), ("XPM", "/* XPM */"), ("ASCII", "  "), ("UTF8i", "  "),
    ("ANSI256", "\u{1B}[47m"),
  ] {
    let result = try ToolRunner.run("qrrender", ["-t", type, "hi"])
    #expect(result.status == 0, "\(type): \(result.errors)")
    #expect(result.output.hasPrefix(magic), "\(type)")
  }
  let unmade = try ToolRunner.run("qrrender", ["-t", "ANSIUTF8i", "hi"])
  #expect(unmade.status == 64)
  #expect(unmade.errors.contains("qrencode's type ANSIUTF8i"))
  // ANSIUTF8 (and ANSI256UTF8): half blocks in colour, one column per module.
  for type in ["ANSIUTF8", "ansi256utf8", "ansi-utf8"] {
    let art = try ToolRunner.run("qrrender", ["-t", type, "hi"])
    #expect(art.status == 0, "\(type): \(art.errors)")
    let first = art.output.split(separator: "\n").first ?? ""
    #expect(first == "\u{1B}[47m" + String(repeating: " ", count: 29) + "\u{1B}[0m", "\(type)")
    #expect(art.output.split(separator: "\n").count == 15)  // 29 rows, two a line
  }
  let clash = try ToolRunner.run("qrrender", ["-t", "SVG", "-f", "png", "hi"])
  #expect(clash.errors.contains("--format png and --type svg disagree"))

  // -s size, -m margin, -l level, -v version: the same PNG size as qrencode's, module for module.
  func pngWidth(_ bytes: [UInt8]) -> Int {
    bytes.count > 20 ? bytes[16..<20].reduce(0) { $0 << 8 | Int($1) } : -1
  }
  let ours = try ToolRunner.run(
    "qrrender", ["-s", "3", "-m", "2", "-l", "H", "-v", "2", "-t", "PNG", "hi"])
  #expect(pngWidth(ours.stdout) == (25 + 2 * 2) * 3)
  if FileManager.default.isExecutableFile(atPath: "/usr/bin/qrencode") {
    let theirs = try ToolRunner.runExecutable(
      "/usr/bin/qrencode",
      ["-s", "3", "-m", "2", "-l", "H", "-v", "2", "-t", "PNG", "-o", "-", "hi"])
    #expect(pngWidth(theirs.stdout) == pngWidth(ours.stdout))
  }
  // The mask is a long option only; -m is the margin.
  let margin = try ToolRunner.run("qrrender", ["-m", "0", "-s", "1", "-f", "pbm", "hi"])
  #expect(margin.output.hasPrefix("P4\n21 21\n"))
  let mask = try ToolRunner.run("qrrender", ["--mask", "6", "-f", "pgm", "hi"])
  #expect(mask.status == 0)
  #expect(try detectedTexts(mask.stdout) == ["hi"])
  let records = try ToolRunner.run("qrdetect", [], input: mask.stdout)
  #expect(records.output.contains("\"mask\":6"))

  // -d is the PNG's DPI: a pHYs chunk of 300 / 0.0254 = 11811 pixels per metre, unit 1.
  let dpi = try ToolRunner.run("qrrender", ["-d", "300", "-t", "PNG", "hi"])
  let phys: [UInt8] = [0, 0, 0, 9] + Array("pHYs".utf8) + [0, 0, 0x2E, 0x23, 0, 0, 0x2E, 0x23, 1]
  #expect(dpi.stdout.firstRange(of: phys) != nil)
  let dpiSVG = try ToolRunner.run("qrrender", ["-d", "300", "-t", "SVG", "hi"])
  #expect(dpiSVG.status == 64)
  // -M is Micro QR, as qrencode's -M.
  let micro = try ToolRunner.run("qrrender", ["-M", "-s", "1", "-f", "pbm", "123"])
  // M2 (M1 has no level M) is 13 modules, with a 2-module zone.
  #expect(micro.output.hasPrefix("P4\n17 17\n"))

  // Colours as qrencode takes them: RRGGBB[AA], with or without '#', in either case.
  for (option, value) in [
    ("--foreground", "1A73E8"), ("--dark", "#1a73e8"), ("--foreground", "1a73e8ff"),
    ("--dark", "1a73e8"),
  ] {
    let result = try ToolRunner.run("qrrender", [option, value, "-f", "svg", "hi"])
    #expect(result.status == 0, "\(option) \(value): \(result.errors)")
    #expect(result.output.contains("<path fill=\"#1a73e8\" d="), "\(option) \(value)")
  }
  let both = try ToolRunner.run(
    "qrrender", ["--dark", "000", "--foreground", "000", "-f", "svg", "x"])
  #expect(both.status == 64)
  #expect(both.errors.contains("--dark and --foreground are the same option"))
}

// MARK: - Alpha: PNG (tRNS), SVG (fill-opacity), PDF (/ca); refused where it cannot be

@Test func alphaIsHonouredWhereTheFormatHasIt() throws {
  let svg = try ToolRunner.run(
    "qrrender", ["--background", "ffffff00", "--foreground", "00000080", "-f", "svg", "hi"])
  #expect(svg.output.contains("fill=\"#ffffff\" fill-opacity=\"0\"/>"))
  #expect(svg.output.contains("<path fill=\"#000000\" fill-opacity=\"0.502\" d="))

  let png = try ToolRunner.run("qrrender", ["--background", "FFFFFF00", "-f", "png", "hi"])
  let plte: [UInt8] = [0, 0, 0, 6] + Array("PLTE".utf8) + [0, 0, 0, 255, 255, 255]
  let trns: [UInt8] = [0, 0, 0, 2] + Array("tRNS".utf8) + [255, 0]
  #expect(png.stdout.firstRange(of: plte) != nil)
  #expect(png.stdout.firstRange(of: trns) != nil)
  if hasPillow {
    let directory = try scratchDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("a.png").path
    try Data(png.stdout).write(to: URL(fileURLWithPath: path))
    let read = try ToolRunner.runExecutable(
      python,
      [
        "-c",
        "import sys; from PIL import Image; im = Image.open(sys.argv[1]).convert('RGBA');"
          + " print(im.getpixel((0, 0)), im.getpixel((16, 16)))", path,
      ])
    #expect(read.output == "(255, 255, 255, 0) (0, 0, 0, 255)\n", "\(read.errors)")
  }

  let pdf = try ToolRunner.run("qrrender", ["--foreground", "0000ff80", "-f", "pdf", "hi"])
  #expect(pdf.output.contains("/ExtGState << /Dark << /Type /ExtGState /ca 0.502 >> >>"))
  #expect(pdf.output.contains("/Dark gs\n0 0 1 rg\n"))

  let xpm = try ToolRunner.run("qrrender", ["--background", "ffffff00", "-f", "xpm", "hi"])
  #expect(xpm.output.contains("\". c None\",\n"))
  for (format, value) in [
    ("eps", "ffffff80"), ("xpm", "ffffff80"), ("ansi", "ffffff00"), ("pgm", "fff0"),
  ] {
    let refused = try ToolRunner.run("qrrender", ["--light", value, "-f", format, "hi"])
    #expect(refused.status == 64, "\(format) \(value)")
    #expect(refused.errors.contains("--format \(format) has no"), "\(format): \(refused.errors)")
  }
}

// MARK: - EPS, PDF and XPM read back by other programs

/// `bytes` (EPS or PDF) rendered by Ghostscript to an 8-bit PGM at 72 dpi: one pixel a point.
private func ghostscript(_ bytes: [UInt8], eps: Bool) throws -> [UInt8] {
  let directory = try scratchDirectory()
  defer { try? FileManager.default.removeItem(at: directory) }
  let input = directory.appendingPathComponent(eps ? "in.eps" : "in.pdf")
  try Data(bytes).write(to: input)
  let result = try ToolRunner.runExecutable(
    "/usr/bin/gs",
    ["-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-sDEVICE=pgmraw", "-r72", "-sOutputFile=-"]
      + (eps ? ["-dEPSCrop"] : []) + [input.path])
  #expect(result.status == 0, "\(result.errors)")
  return result.stdout
}

@Test(.enabled(if: hasGhostscript, "ghostscript not installed"))
func epsAndPDFRenderInGhostscriptModuleForModule() throws {
  let text = "https://example.com/vector?id=7"
  let pgm = try ToolRunner.run("qrrender", ["-f", "pgm", "-s", "3", text]).stdout
  for format in ["eps", "pdf"] {
    let vector = try ToolRunner.run("qrrender", ["-f", format, "-s", "3", text])
    #expect(vector.status == 0, "\(vector.errors)")
    let rendered = try ghostscript(vector.stdout, eps: format == "eps")
    // At 72 dpi a point is a pixel: the page is our own PGM, pixel for pixel.
    let side = (29 + 8) * 3  // version 3
    #expect(pgm.count > side * side && rendered.count > side * side)
    #expect(
      rendered.suffix(side * side) == pgm.suffix(side * side),
      "\(format): \(rendered.count) bytes, PGM \(pgm.count)")
    #expect(
      String(decoding: rendered.suffix(side * side + 12).prefix(12), as: UTF8.self)
        .contains("\(side) \(side)\n255\n"))
    #expect(try detectedTexts(rendered) == [text])
  }
  // Colours reach the page: dark blue is luma 18 in gs's gray, the quiet zone stays white.
  let blue = try ToolRunner.run("qrrender", ["-f", "pdf", "--dark", "0000ff", "-s", "2", "x"])
  let gray = try ghostscript(blue.stdout, eps: false)
  #expect(Set(gray.suffix(58 * 58)).count == 2)
}

/// The byte offset after `marker` in `bytes`.
private func offset(of marker: String, in bytes: [UInt8], from start: Int = 0) -> Int? {
  bytes[start...].firstRange(of: Array(marker.utf8))?.lowerBound
}

@Test func pdfStructureIsConsistent() throws {
  let bytes = try ToolRunner.run("qrrender", ["-f", "pdf", "-s", "5", "-m", "4", "structure"])
    .stdout
  #expect(bytes.starts(with: Array("%PDF-1.4\n".utf8)))
  let text = String(decoding: bytes, as: UTF8.self)
  #expect(text.hasSuffix("%%EOF\n"))
  // startxref points at the xref table, whose entries point at each "N 0 obj".
  let tail = text.split(separator: "\n").suffix(2)
  let xref = try #require(Int(tail.first ?? ""))
  #expect(bytes[xref...].starts(with: Array("xref\n0 5\n0000000000 65535 f \n".utf8)))
  for object in 1...4 {
    let entryStart = xref + "xref\n0 5\n".utf8.count + 20 * object
    let entry = String(decoding: bytes[entryStart..<entryStart + 20], as: UTF8.self)
    #expect(entry.hasSuffix(" 00000 n \n"), "\(entry)")
    let position = try #require(Int(entry.prefix(10)))
    #expect(bytes[position...].starts(with: Array("\(object) 0 obj\n".utf8)), "object \(object)")
  }
  // The stream's /Length is the bytes between "stream\n" and "\nendstream".
  let lengthAt = try #require(offset(of: "/Length ", in: bytes))
  let digits = bytes[(lengthAt + 8)...].prefix { (0x30...0x39).contains($0) }
  let length = try #require(Int(String(decoding: digits, as: UTF8.self)))
  let streamStart = try #require(offset(of: "stream\n", in: bytes, from: lengthAt)) + 7
  #expect(bytes[(streamStart + length)...].starts(with: Array("\nendstream".utf8)))
  // One page of the symbol's size: (21 + 8) modules × 5 points, one rectangle per dark run.
  #expect(text.contains("/MediaBox [0 0 145 145]"))
  #expect(text.contains("/Count 1"))
  #expect(text.contains("5 0 0 5 0 0 cm\n1 1 1 rg\n0 0 29 29 re\nf\n0 0 0 rg\n"))
  let rectangles = text.split(separator: "\n").filter { $0.hasSuffix(" 1 re") }
  let pbm = try ToolRunner.run("qrrender", ["-f", "pbm-plain", "-s", "1", "structure"]).output
  let rows = pbm.split(separator: "\n").dropFirst(2).map {
    $0.replacingOccurrences(of: " ", with: "")
  }
  let runs = rows.map { row in row.split(separator: "0").count }.reduce(0, +)
  #expect(rectangles.count == runs)
}

@Test(.enabled(if: hasPillow, "no Python venv with Pillow"))
func xpmReadsBackInPillowPixelForPixel() throws {
  let directory = try scratchDirectory()
  defer { try? FileManager.default.removeItem(at: directory) }
  let xpm = directory.appendingPathComponent("a.xpm")
  let pgm = directory.appendingPathComponent("a.pgm")
  _ = try ToolRunner.run("qrrender", ["-s", "2", "-o", xpm.path, "--dark", "1a73e8", "xpm"])
  _ = try ToolRunner.run("qrrender", ["-s", "2", "-o", pgm.path, "xpm"])
  let result = try ToolRunner.runExecutable(
    python,
    [
      "-c",
      """
      import sys
      from PIL import Image
      a = Image.open(sys.argv[1]); b = Image.open(sys.argv[2])
      print(a.format, a.size == b.size, a.convert('RGB').getpixel((8, 8)))
      dark = [p == (0x1a, 0x73, 0xe8) for p in a.convert('RGB').getdata()]
      print(dark == [p == 0 for p in b.getdata()])
      """, xpm.path, pgm.path,
    ])
  #expect(result.output == "XPM True (26, 115, 232)\nTrue\n", "\(result.errors)")
}

// MARK: - Issue 27, item 12: qrencode's long option names

@Test func qrencodesLongNamesAreTaken() throws {
  let directory = try scratchDirectory()
  defer { try? FileManager.default.removeItem(at: directory) }
  let payload = directory.appendingPathComponent("payload")
  try Data("from a file".utf8).write(to: payload)
  let long = try ToolRunner.run(
    "qrrender", ["--size=2", "--symversion=3", "--read-from=" + payload.path, "-f", "pgm"])
  let short = try ToolRunner.run(
    "qrrender", ["-s", "2", "-v", "3", "-r", payload.path, "-f", "pgm"])
  #expect(long.status == 0, "\(long.errors)")
  #expect(long.stdout == short.stdout)
  #expect(try detectedTexts(long.stdout) == ["from a file"])
  let both = try ToolRunner.run("qrrender", ["--size", "2", "--scale", "3", "hi"])
  #expect(both.status == 64)
  #expect(both.errors.contains("--scale and --size are the same option: give one of them"))
}
