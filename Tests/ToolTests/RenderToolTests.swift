// SPDX-License-Identifier: MIT
// qrrender end to end: every format read back by zxing-cpp (and zbar), pipes, batches, errors.

import Foundation
import QRCommandLine
import QRCommands
import QRCore
import Testing

/// Reads qrrender's output back with zxing-cpp from the package's Python venv.
private enum ReadBack {
  static let python = ToolRunner.packageRoot.appendingPathComponent(".venv/bin/python").path
  static let isAvailable = FileManager.default.isExecutableFile(atPath: python)
  static let zbarimg = "/usr/bin/zbarimg"
  static let isZbarAvailable = FileManager.default.isExecutableFile(atPath: zbarimg)
  static let skipped: Comment =
    "oracle skipped: no Python venv at .venv/bin/python (zxing-cpp, Pillow)"

  /// Turns any qrrender format into a Pillow image, then prints one line per symbol found:
  /// hex of the bytes, the format, the symbology identifier, level, mask and version. (The
  /// binding does not report
  /// structured append headers; zbar checks those.)
  static let script = #"""
    import re, sys, zxingcpp
    from PIL import Image, ImageDraw

    def art(rows, ink):
        width = max(len(r) for r in rows)
        image = Image.new('L', (width, len(rows)), 255)
        for y, row in enumerate(rows):
            for x, cell in enumerate(row):
                image.putpixel((x, y), 0 if cell == ink else 255)
        return image

    def load(path, kind):
        data = open(path, 'rb').read()
        if kind in ('pbm', 'pbm-plain', 'pgm', 'png', 'xpm'):
            return Image.open(path)
        text = data.decode('utf-8')
        if kind == 'svg':
            side = int(re.search(r'viewBox="0 0 (\d+) ', text).group(1))
            image = Image.new('L', (side * 4, side * 4), 255)
            draw = ImageDraw.Draw(image)
            for x, y, w in re.findall(r'M(\d+),(\d+)h(\d+)v1h-\d+z', text):
                x, y, w = int(x), int(y), int(w)
                draw.rectangle([x * 4, y * 4, (x + w) * 4 - 1, y * 4 + 3], fill=0)
            return image
        lines = text.rstrip('\n').split('\n')
        if kind in ('ascii', 'ascii-inverted'):
            rows = [[line[i] for i in range(0, len(line), 2)] for line in lines]
            return art(rows, '#' if kind == 'ascii' else ' ')
        if kind in ('utf8', 'utf8-inverted'):
            rows = []
            for line in lines:
                rows.append(['X' if c in '█▀' else '.' for c in line])
                rows.append(['X' if c in '█▄' else '.' for c in line])
            # Blocks are light modules in utf8, dark ones in utf8-inverted.
            return art(rows, '.' if kind == 'utf8' else 'X')
        if kind == 'ansi-utf8':
            rows = []
            for line in lines:
                upper, lower, fg, bg = [], [], None, None
                for code, text in re.findall(r'\x1b\[([0-9;]*)m([^\x1b]*)', line):
                    if code in ('30', '37') or code.startswith('38;2;'):
                        fg = 'D' if code == '30' else 'L'
                    elif code in ('40', '47') or code.startswith('48;2;'):
                        bg = 'D' if code == '40' else 'L'
                    for c in text:
                        upper.append(fg if c == '▀' else bg)
                        lower.append(bg)
                rows += [upper, lower]
            return art(rows, 'D')
        if kind == 'ansi':
            rows = []
            for line in lines:
                row, colour = [], None
                for code, spaces in re.findall(r'\x1b\[([0-9;]*)m( *)', line):
                    if code.startswith('48;2;') or code in ('40', '47'):
                        colour = code
                    row += [colour] * (len(spaces) // 2)
                rows.append(row)
            return art(rows, '40')
        raise SystemExit('unknown kind ' + kind)

    kind = sys.argv[1]
    for path in sys.argv[2:]:
        for found in zxingcpp.read_barcodes(load(path, kind), try_invert=True):
            print(found.bytes.hex(), found.format.name, found.symbology_identifier,
                  'level=' + found.ec_level, 'mask=' + str(found.extra.get('DataMask')),
                  'version=' + str(found.extra.get('Version')))
    """#

  /// What zxing-cpp finds in each of `images` (all of format `kind`).
  static func decode(_ images: [[UInt8]], kind: String) throws -> [String] {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("qrrender-readback-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    var paths: [String] = []
    for (index, image) in images.enumerated() {
      let path = directory.appendingPathComponent("\(index)").path
      try Data(image).write(to: URL(fileURLWithPath: path))
      paths.append(path)
    }
    let result = try ToolRunner.runExecutable(python, ["-c", script, kind] + paths)
    #expect(result.status == 0, "\(result.errors)")
    return result.output.split(separator: "\n").map(String.init)
  }

  static func hex(_ text: String) -> String { hex(Array(text.utf8)) }
  static func hex(_ bytes: [UInt8]) -> String {
    bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
  }
}

private let payload = "https://example.com/qrpipe?id=42"

@Test(
  .enabled(if: ReadBack.isAvailable, ReadBack.skipped),
  arguments: [
    "pbm", "pbm-plain", "pgm", "ascii", "ascii-inverted", "utf8", "utf8-inverted", "ansi", "svg",
    "png", "xpm", "ansi-utf8",
  ])
func everyFormatDecodesWithZXing(format: String) throws {
  let result = try ToolRunner.run("qrrender", ["-f", format, payload])
  #expect(result.status == 0, "\(result.errors)")
  #expect(result.stderr.isEmpty)
  #expect(
    try ReadBack.decode([result.stdout], kind: format).first?.hasPrefix(
      ReadBack.hex(payload) + " QRCode") == true)
}

@Test(.enabled(if: ReadBack.isAvailable, ReadBack.skipped), arguments: ["qrframe", "y4m"])
func framesBecomePGMThroughQRCaptureAndDecode(format: String) throws {
  let result = try ToolRunner.shell("qrrender -f \(format) '\(payload)' | qrcapture -o pgm")
  #expect(result.status == 0, "\(result.errors)")
  #expect(
    try ReadBack.decode([result.stdout], kind: "pgm").first?.hasPrefix(ReadBack.hex(payload))
      == true)
}

@Test func qrframeRoundTripEqualsThePGMFormat() throws {
  let frames = try ToolRunner.shell("qrrender -f qrframe -s 3 hello | qrcapture -o pgm")
  let pgm = try ToolRunner.run("qrrender", ["-f", "pgm", "-s", "3", "hello"])
  #expect(frames.status == 0, "\(frames.errors)")
  #expect(frames.stdout == pgm.stdout)
  let parsed = try #require(
    parseQRFrames(try ToolRunner.run("qrrender", ["-f", "qrframe", "hello"]).stdout))
  #expect(parsed.count == 1 && parsed[0].width == 29 * 4)
}

@Test(.enabled(if: ReadBack.isZbarAvailable, "zbarimg not installed"), arguments: ["pbm", "png"])
func zbarReadsPBMAndPNG(format: String) throws {
  let path = FileManager.default.temporaryDirectory.appendingPathComponent(
    "qrrender-zbar-\(UUID().uuidString).\(format)"
  ).path
  defer { try? FileManager.default.removeItem(atPath: path) }
  let result = try ToolRunner.run("qrrender", ["-f", format, "-o", path, payload])
  #expect(result.status == 0 && result.stdout.isEmpty, "\(result.errors)")
  let zbar = try ToolRunner.runExecutable(ReadBack.zbarimg, ["-q", "--raw", path])
  #expect(zbar.output == payload + "\n")
}

@Test(.enabled(if: ReadBack.isAvailable, ReadBack.skipped))
func standardInputIsOnePayloadByteForByte() throws {
  let bytes: [UInt8] = Array("a\u{0}b\nline two\n\u{0}".utf8) + [0xFF, 0xFE, 0x00, 0x80]
  for arguments in [[], ["-"]] {
    let result = try ToolRunner.run("qrrender", ["-f", "png"] + arguments, input: bytes)
    #expect(result.status == 0, "\(result.errors)")
    #expect(
      try ReadBack.decode([result.stdout], kind: "png").first?.hasPrefix(ReadBack.hex(bytes))
        == true)
  }
  let text: [UInt8] = Array("NUL\u{0}inside\u{0}".utf8)
  let result = try ToolRunner.run("qrrender", ["-f", "png"], input: text)
  #expect(
    try ReadBack.decode([result.stdout], kind: "png").first?.hasPrefix(ReadBack.hex(text)) == true)
}

/// Splits a stream of raw PBM images.
private func pbmImages(_ bytes: [UInt8]) -> [[UInt8]]? {
  var images: [[UInt8]] = []
  var offset = 0
  while offset < bytes.count {
    guard bytes[offset..<min(offset + 3, bytes.count)].elementsEqual("P4\n".utf8) else {
      return nil
    }
    var end = offset + 3
    while end < bytes.count, bytes[end] != 0x0A { end += 1 }
    let size = String(decoding: bytes[(offset + 3)..<end], as: UTF8.self).split(separator: " ")
    guard size.count == 2, let width = Int(size[0]), let height = Int(size[1]) else { return nil }
    let length = (width + 7) / 8 * height
    guard end + 1 + length <= bytes.count else { return nil }
    images.append(Array(bytes[offset..<end + 1 + length]))
    offset = end + 1 + length
  }
  return images
}

@Test func linesMakeOneImagePerLine() throws {
  let lines = (1...1000).map { "https://example.com/item/\($0)" }
  let input = Array((lines.joined(separator: "\n") + "\n").utf8)
  let result = try ToolRunner.run("qrrender", ["--lines"], input: input)
  #expect(result.status == 0, "\(result.errors)")
  let images = try #require(pbmImages(result.stdout))
  #expect(images.count == 1000)
  if ReadBack.isAvailable {
    let sample = [0, 499, 999]
    let found = try ReadBack.decode(sample.map { images[$0] }, kind: "pbm")
    #expect(
      found.map { $0.split(separator: " ")[0] } == sample.map { Substring(ReadBack.hex(lines[$0])) }
    )
  }
}

@Test func linesGoToFilesNamedByLineNumber() throws {
  let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
    "qrrender-lines-\(UUID().uuidString)"
  ).path
  defer { try? FileManager.default.removeItem(atPath: directory) }
  let result = try ToolRunner.run(
    "qrrender", ["--lines", "-f", "png", "--output-dir", directory],
    input: Array("one\r\ntwo\nthree".utf8))
  #expect(result.status == 0, "\(result.errors)")
  #expect(
    try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
      == ["000001.png", "000002.png", "000003.png"])
  if ReadBack.isAvailable {
    let images = try (1...3).map {
      Array(try Data(contentsOf: URL(fileURLWithPath: directory + "/00000\($0).png")))
    }
    #expect(
      try ReadBack.decode(images, kind: "png").map { String($0.split(separator: " ")[0]) }
        == ["one", "two", "three"].map(ReadBack.hex))
  }
}

/// zbar joins a structured append sequence seen in one image, checking index, count and parity.
@Test(.enabled(if: ReadBack.isAvailable && ReadBack.isZbarAvailable, ReadBack.skipped))
func splitPartsJoinAgainInZbar() throws {
  let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
    "qrrender-split-\(UUID().uuidString)"
  ).path
  defer { try? FileManager.default.removeItem(atPath: directory) }
  let text = (0..<120).map { "word\($0) " }.joined()
  let result = try ToolRunner.run(
    "qrrender", ["--split", "3", "-f", "png", "--output-dir", directory, text])
  #expect(result.status == 0, "\(result.errors)")
  let names = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
  #expect(names == ["part-01.png", "part-02.png", "part-03.png"])
  let paths = names.map { directory + "/" + $0 }
  let images = try paths.map { Array(try Data(contentsOf: URL(fileURLWithPath: $0))) }
  let found = try ReadBack.decode(images, kind: "png").map { $0.split(separator: " ") }
  #expect(found.map { String($0[0]) }.joined() == ReadBack.hex(text))
  let joined = directory + "/joined.png"
  let paste = try ToolRunner.runExecutable(
    ReadBack.python,
    [
      "-c",
      """
      import sys
      from PIL import Image
      parts = [Image.open(p) for p in sys.argv[2:]]
      out = Image.new('1', (sum(p.size[0] for p in parts), parts[0].size[1]), 1)
      for i, p in enumerate(parts):
          out.paste(p, (i * parts[0].size[0], 0))
      out.save(sys.argv[1])
      """, joined,
    ] + paths)
  #expect(paste.status == 0, "\(paste.errors)")
  #expect(
    try ToolRunner.runExecutable(ReadBack.zbarimg, ["-q", "--raw", joined]).output == text + "\n")
}

@Test func automaticSplittingStreamsEveryPart() throws {
  let text = String(repeating: "0123456789abcdef", count: 250)  // 4000 bytes, beyond 40-M
  let result = try ToolRunner.run("qrrender", [text])
  #expect(result.status == 0, "\(result.errors)")
  #expect(try #require(pbmImages(result.stdout)).count == 2)
}

@Test(.enabled(if: ReadBack.isAvailable, ReadBack.skipped))
func microGS1AndECIOptionsReachTheSymbol() throws {
  let micro = try ToolRunner.run("qrrender", ["--micro", "-f", "png", "12345"])
  #expect(try ReadBack.decode([micro.stdout], kind: "png").first?.contains("MicroQRCode") == true)
  let gs1 = try ToolRunner.run(
    "qrrender", ["--gs1", "-f", "png", "01095011010209171719050810ABCD1234"])
  #expect(try ReadBack.decode([gs1.stdout], kind: "png").first?.contains(" ]Q3 ") == true)
  let boosted = try ToolRunner.run("qrrender", ["-l", "L", "--boost", "-f", "png", "x"])
  #expect(try ReadBack.decode([boosted.stdout], kind: "png").first?.contains(" level=H ") == true)
  let masked = try ToolRunner.run("qrrender", ["--mask", "5", "-v", "3", "-f", "png", "x"])
  #expect(
    try ReadBack.decode([masked.stdout], kind: "png").first?.hasSuffix(" mask=5 version=3") == true)
  let forced = try ToolRunner.run(
    "qrrender", ["-v", "7", "-l", "H", "--mask", "3", "-f", "pgm", "x"])
  #expect(forced.status == 0)
  #expect(forced.output.hasPrefix("P5\n\((45 + 8) * 4) "))
}

@Test(.enabled(if: ReadBack.isZbarAvailable, "zbarimg not installed"))
func eciLetsZbarReadShortUTF8() throws {
  let path = FileManager.default.temporaryDirectory.appendingPathComponent(
    "qrrender-eci-\(UUID().uuidString).png"
  ).path
  defer { try? FileManager.default.removeItem(atPath: path) }
  _ = try ToolRunner.run("qrrender", ["--eci", "-f", "png", "-o", path, "Zürich"])
  #expect(
    try ToolRunner.runExecutable(ReadBack.zbarimg, ["-q", "--raw", path]).output == "Zürich\n")
}

@Test(arguments: [
  (["--micro", "-v", "30", "x"], "--micro cannot be combined with --symbol-version 30"),
  (["-f", "gif", "x"], "invalid value 'gif' for --format"),
  (["-l", "X", "x"], "invalid value 'X' for --level"),
  (["-v", "41", "x"], "invalid value '41' for --symbol-version"),
  (["--mask", "8", "x"], "--mask"),
  (["--dark", "red", "-f", "svg", "x"], "invalid value 'red' for --dark"),
  (["--dark", "#000", "-f", "pbm", "x"], "--dark has no effect with --format pbm"),
  (["--lines", "x"], "--lines reads standard input or --file"),
  (["--lines", "-f", "png"], "--lines with --format png needs --output-dir"),
  (["--charset", "ebcdic", "x"], "invalid value 'ebcdic' for --charset"),
  (["-o", "a", "--output-dir", "b", "x"], "give either --output or --output-dir"),
  (["a", "b"], "too many operands"),
  (["--scale", "0", "x"], "--scale"),
])
func badCommandLinesAreUsageErrors(arguments: [String], message: String) throws {
  let result = try ToolRunner.run("qrrender", arguments)
  #expect(result.status == 64)
  #expect(result.stdout.isEmpty)
  #expect(result.errors.hasPrefix("qrrender: "))
  #expect(result.errors.contains(message), "\(result.errors)")
}

@Test func payloadTooLargeSaysWhatFitsAndLeavesNoFile() throws {
  let path = FileManager.default.temporaryDirectory.appendingPathComponent(
    "qrrender-large-\(UUID().uuidString).pbm"
  ).path
  let input = [UInt8](repeating: 0xAB, count: 2000)
  let result = try ToolRunner.run(
    "qrrender", ["-l", "H", "--split", "1", "-o", path], input: input)
  #expect(result.status == 2)
  #expect(
    result.errors
      == "qrrender: -: payload of 2000 bytes does not fit version 40-H (capacity 1273 bytes);"
      + " use --level L or --split\n")
  #expect(!FileManager.default.fileExists(atPath: path))
  let huge = try ToolRunner.run("qrrender", [], input: [UInt8](repeating: 0xAB, count: 50_000))
  #expect(huge.status == 2 && huge.stdout.isEmpty)
  #expect(huge.errors.contains("does not fit 16 symbols"))
  let small = try ToolRunner.run(
    "qrrender", ["-v", "2", "--strict-version", String(repeating: "a", count: 100)])
  #expect(small.status == 2)
  #expect(small.errors.hasSuffix("the smallest version that fits is 6\n"))
  let png = try ToolRunner.run(
    "qrrender", ["-f", "png"], input: [UInt8](repeating: 0xAB, count: 3000))
  #expect(png.status == 2 && png.stdout.isEmpty)
  #expect(png.errors.hasPrefix("qrrender: -: the payload needs 2 symbols"))
  #expect(png.errors.contains("use --output-dir"))
  let unwritable = try ToolRunner.run("qrrender", ["-o", "/nonexistent/dir/x.pbm", "x"])
  #expect(unwritable.status == 2)
  #expect(unwritable.errors == "qrrender: /nonexistent/dir/x.pbm: no such file or directory\n")
}

@Test func aBadLineIsReportedAndTheRestRendered() throws {
  let input = Array("ok\n\(String(repeating: "x", count: 40)) \n".utf8)
  let result = try ToolRunner.run("qrrender", ["--lines", "--micro"], input: input)
  #expect(result.status == 2)
  #expect(result.errors.hasPrefix("qrrender: -:2: payload of 41 bytes does not fit Micro QR M4-M"))
  #expect(try #require(pbmImages(result.stdout)).count == 1)
}

@Test func aClosedPipeEndsQuietly() throws {
  let result = try ToolRunner.shell(
    "seq 1 20000 | qrrender --lines -s 8 | head -c 10 > /dev/null; echo \"${PIPESTATUS[1]}\"")
  #expect(result.output == "0\n")
  #expect(result.stderr.isEmpty, "\(result.errors)")
}

@Test func outputToADeviceWritesToIt() throws {
  let result = try ToolRunner.run("qrrender", ["-o", "/dev/null", "x"])
  #expect(result.status == 0 && result.stderr.isEmpty, "\(result.errors)")
  let type =
    try FileManager.default.attributesOfItem(atPath: "/dev/null")[.type] as? FileAttributeType
  #expect(type == .typeCharacterSpecial)
  let fifo = try ToolRunner.shell(
    "d=$(mktemp -d) && mkfifo \"$d/f\" && { cat \"$d/f\" | head -c 3 & } && qrrender -o \"$d/f\" x"
      + " && wait && test -p \"$d/f\" && rm -r \"$d\"")
  #expect(fifo.status == 0, "\(fifo.errors)")
  #expect(fifo.output == "P4\n")
}

@Test func verifyDecodesWhatWasRendered() throws {
  let good = try ToolRunner.run(
    "qrrender", ["--verify", "-f", "png", "-s", "2", "--invert", "verify me"])
  #expect(good.status == 0 && good.stderr.isEmpty, "\(good.errors)")
  let faint = try ToolRunner.run(
    "qrrender", ["--verify", "-f", "png", "--dark", "#777777", "--light", "#888888", "x"])
  #expect(faint.status == 2 && faint.stdout.isEmpty)
  #expect(faint.errors.hasPrefix("qrrender: verification failed: dark and light differ"))
  let lines = try ToolRunner.run(
    "qrrender", ["--verify", "--lines", "-f", "qrframe"], input: Array("a\nb\u{0}c\n".utf8))
  #expect(lines.status == 0, "\(lines.errors)")
  #expect(parseQRFrames(lines.stdout)?.count == 2)
}

@Test func verifyGradeFailsBelowA() throws {
  for arguments in [
    ["-f", "png", "-s", "1"], ["-f", "pgm", "--invert"], ["--micro", "-f", "pgm"],
    ["-f", "svg"], ["--lines", "-f", "qrframe"],
  ] {
    let operand = arguments.contains("--lines") ? [] : ["12345"]
    let good = try ToolRunner.run(
      "qrrender", ["--verify", "--grade"] + arguments + operand, input: Array("a\nb\n".utf8))
    #expect(good.status == 0 && good.stderr.isEmpty, "\(arguments): \(good.errors)")
  }
  let grey = try ToolRunner.run(
    "qrrender", ["--verify", "--grade", "-f", "pgm", "--dark", "#777777", "x"])
  #expect(grey.status == 2 && grey.stdout.isEmpty)
  #expect(grey.errors.contains("grades 2.0/C, not 4.0/A (symbolContrast C)"), "\(grey.errors)")
  #expect(try ToolRunner.run("qrrender", ["--grade", "x"]).status == 64)
}

@Test func fileInputAndOutputFile() throws {
  let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
    "qrrender-files-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: directory) }
  let input = directory.appendingPathComponent("payload").path
  try Data("from a file".utf8).write(to: URL(fileURLWithPath: input))
  let output = directory.appendingPathComponent("code.svg").path
  let result = try ToolRunner.run("qrrender", ["--file", input, "-f", "svg", "-o", output])
  #expect(result.status == 0, "\(result.errors)")
  let svg = try String(contentsOfFile: output, encoding: .utf8)
  #expect(svg.contains("shape-rendering=\"crispEdges\""))
  #expect(
    try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == [
      "code.svg", "payload",
    ])
  let missing = try ToolRunner.run(
    "qrrender", ["--file", directory.appendingPathComponent("nope").path])
  #expect(missing.status == 2)
  #expect(missing.errors.hasSuffix("nope: no such file or directory\n"))
}

// MARK: - Content helpers and --json

// The escaping itself is ContentPayload's, tested in QRToolTests/Content.

@Test(.enabled(if: ReadBack.isAvailable, ReadBack.skipped))
func contentOptionsMakeTheirPayloads() throws {
  let cases: [([String], String)] = [
    (
      ["--wifi", "home;net", "--password", "pa:ss", "--hidden"],
      #"WIFI:T:WPA;S:home\;net;P:pa\:ss;H:true;;"#
    ),
    (["--mecard", "Ada", "--tel", "1", "--email", "a@b.c"], "MECARD:N:Ada;TEL:1;EMAIL:a@b.c;;"),
    (["--tel", "+15550100"], "tel:+15550100"),
    (["--sms", "555", "--body", "hi"], "SMSTO:555:hi"),
    (["--geo", "48.8584,2.2945"], "geo:48.8584,2.2945"),
    (["--mailto", "a@b.c", "--subject", "x y"], "mailto:a@b.c?subject=x%20y"),
  ]
  for (arguments, payload) in cases {
    let result = try ToolRunner.run("qrrender", ["--verify", "-f", "png"] + arguments)
    #expect(result.status == 0, "\(arguments): \(result.errors)")
    #expect(
      try ReadBack.decode([result.stdout], kind: "png").first?.hasPrefix(ReadBack.hex(payload))
        == true, "\(arguments)")
  }
}

@Test(arguments: [
  (["--password", "x", "y"], "--password needs --wifi"),
  (["--wifi", "a", "--geo", "1,2"], "--wifi and --geo cannot be combined"),
  (["--wifi", "a", "payload"], "content options build the payload"),
  (["--geo", "91,0"], "invalid value '91,0' for --geo"),
  (["--wifi", "a", "--security", "WPA4"], "invalid value 'WPA4' for --security"),
  (["--subject", "s", "--sms", "1"], "--subject needs --mailto"),
  (["--json", "--lines"], "--json already reads one record per line"),
  (["--tel", "call me"], "is not a telephone number"),
  (["--wifi", "", "--password", "x"], "network name (SSID) is empty"),
])
func badContentOptionsAreUsageErrors(arguments: [String], message: String) throws {
  let result = try ToolRunner.run("qrrender", arguments)
  #expect(result.status == 64)
  #expect(result.errors.contains(message), "\(result.errors)")
}

@Test func jsonRecordsRenderTheirExactPayloads() throws {
  var reader = DetectionRecordReader()
  #expect(reader.payload(Array(#"{"frame":0,"text":"h\u00e9\n"}"#.utf8)) == Array("hé\n".utf8))
  #expect(reader.payload(Array(#"{"text":"lossy","bytes":"AP8A"}"#.utf8)) == [0, 0xFF, 0])
  #expect(reader.payload(Array(#"{"bytes":"!!"}"#.utf8)) == nil)
  #expect(reader.payload(Array(#"{"frame":1}"#.utf8)) == nil)
  #expect(reader.payload(Array("not json".utf8)) == nil)

  let input =
    Array(#"{"text":"one"}"#.utf8) + [0x0A] + Array("junk\n".utf8)
    + Array(#"{"bytes":"AP8A"}"#.utf8) + [0x0A]
  let result = try ToolRunner.run("qrrender", ["--json", "--verify"], input: input)
  #expect(result.status == 2)
  #expect(result.errors == "qrrender: -:2: not a qrdetect record with \"text\" or \"bytes\"\n")
  #expect(try #require(pbmImages(result.stdout)).count == 2)
}

@Test func detectorRecordsRoundTripThroughJSON() throws {
  let result = try ToolRunner.shell(
    "printf 'one\\ntwo\\n' | qrrender --lines -f qrframe | qrdetect"
      + " | qrrender --json -f qrframe | qrdetect | grep -o '\"text\":\"[a-z]*\"'")
  #expect(result.status == 0, "\(result.errors)")
  #expect(result.output == "\"text\":\"one\"\n\"text\":\"two\"\n")
}

@Test func formatNamesAgreeBetweenTheCommandLineAndTheRenderer() {
  #expect(RenderCommand.formats == ImageFormat.allCases.map(\.rawValue))
  #expect(
    RenderCommandOptions.colourFormats
      == Set(ImageFormat.allCases.filter(\.usesColors).map(\.rawValue)))
  #expect(
    RenderCommandOptions.singleImageFormats
      == Set(ImageFormat.allCases.filter { !$0.holdsSeveralImages }.map(\.rawValue)))
  #expect(RenderCommandOptions.format(ofFileName: "a/code.PNG") == "png")
  #expect(RenderCommandOptions.format(ofFileName: "dir.svg/code") == nil)
  #expect(RenderCommandOptions.format(ofFileName: "notes.txt") == nil)
}

@Test func theOutputFileNameChoosesTheFormat() throws {
  let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
    "qrrender-ext-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: directory) }
  for (name, magic) in [
    ("a.png", [0x89, 0x50]), ("a.svg", [0x3C, 0x3F]), ("a.pgm", [0x50, 0x35]),
  ] {
    let path = directory.appendingPathComponent(name).path
    let result = try ToolRunner.run("qrrender", ["-o", path, "x"])
    #expect(result.status == 0, "\(result.errors)")
    #expect(
      Array(try Data(contentsOf: URL(fileURLWithPath: path)).prefix(2)) == magic.map(UInt8.init))
  }
}

@Test func aStoppedBatchLeavesNoOutputFile() throws {
  // qrrender is the last command of the background pipeline, so $! is its process id.
  let result = try ToolRunner.shell(
    """
    d=$(mktemp -d)
    (echo one; sleep 5) | qrrender --lines -o "$d/out.pbm" &
    pid=$!
    sleep 1
    kill -TERM "$pid"
    wait "$pid"
    echo "status $?"
    ls -A "$d"
    rm -r "$d"
    """)
  #expect(result.output == "status 143\n", "\(result.errors)")
}

/// The EXAMPLES in qrrender(1) run as written (jq's man tests), except those that need a camera
/// or a tool that is not installed.
@Test func manPageExamplesRun() throws {
  let page = try String(
    contentsOf: ToolRunner.packageRoot.appendingPathComponent("man/qrrender.1"), encoding: .utf8)
  let examples = page.split(separator: "\n").filter { $0.hasPrefix(".Dl $ ") }.map {
    String($0.dropFirst(".Dl $ ".count)).replacingOccurrences(of: "\\-", with: "-")
  }
  #expect(examples.count >= 6)
  for example in examples where !example.contains("qrcapture") {
    let result = try ToolRunner.shell(
      """
      d=$(mktemp -d) && cd "$d" && printf 'https://example.com/1\\nhttps://example.com/2\\n' > urls.txt
      for tool in $(echo '\(example)' | tr '|' '\\n' | awk '{ print $1 }'); do
        command -v "$tool" > /dev/null || { echo skipped; rm -r "$d"; exit 0; }
      done
      \(example) > /dev/null; status=$?; rm -r "$d"; exit $status
      """)
    #expect(result.status == 0, "\(example): \(result.errors)")
  }
}

@Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "no script(1)"))
func binaryFormatsAreNotWrittenToATerminal() throws {
  // script(1) runs the command on a pseudo-terminal.
  let result = try ToolRunner.shell(
    "script -qec 'qrrender -f png x; echo \"status $?\"; qrrender -f ascii x > /dev/null;"
      + " echo \"status $?\"' /dev/null")
  #expect(result.output.contains("qrrender: standard output is a terminal: not writing png data"))
  #expect(result.output.contains("status 2"))
  #expect(result.output.contains("status 0"))
}

/// `--jobs` changes nothing but the speed: the same images, the same files and the same
/// messages in input order (good lines, blank lines and lines too long for the symbol mixed),
/// with one thread or several.
@Test func jobsWriteTheSameInInputOrder() throws {
  let lines = (1...300).map { number -> String in
    number % 50 == 7 ? "" : number % 70 == 3 ? String(repeating: "x", count: 41) : "line \(number)"
  }
  let input = Array((lines.joined(separator: "\n") + "\n").utf8)
  let one = try ToolRunner.run("qrrender", ["--lines", "--micro", "-j", "1"], input: input)
  #expect(one.status == 2)
  // Five lines too long for Micro QR, and one warning counting the six blank lines skipped.
  #expect(one.errors.split(separator: "\n").count == 6, "\(one.errors)")
  #expect(one.errors.hasSuffix("qrrender: -: warning: skipped 6 blank lines\n"))
  #expect(try #require(pbmImages(one.stdout)).count == 289)
  for jobs in ["2", "3"] {
    let many = try ToolRunner.run("qrrender", ["--lines", "--micro", "-j", jobs], input: input)
    #expect(many.status == one.status)
    #expect(many.stdout == one.stdout, "-j \(jobs): other images")
    #expect(many.errors == one.errors, "-j \(jobs): other messages")
  }

  let root = FileManager.default.temporaryDirectory.appendingPathComponent(
    "qrrender-jobs-\(UUID().uuidString)"
  ).path
  try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(atPath: root) }
  var trees: [[String: Data]] = []
  for jobs in ["1", "3"] {
    let directory = root + "/" + jobs
    let result = try ToolRunner.run(
      "qrrender", ["--lines", "-f", "png", "-j", jobs, "--output-dir", directory], input: input)
    #expect(result.status == 0, "\(result.errors)")  // blank lines skipped: every line fits QR
    let names = try FileManager.default.contentsOfDirectory(atPath: directory)
    trees.append(
      Dictionary(
        uniqueKeysWithValues: try names.map {
          ($0, try Data(contentsOf: URL(fileURLWithPath: directory + "/" + $0)))
        }))
  }
  #expect(trees[0].count == 294)
  #expect(trees[0] == trees[1], "-j 3 wrote other files")
}

/// With threads, a line is still written as soon as it is encoded, not when more lines (or the
/// end of input) come: a line typed alone reaches the next tool at once.
@Test func jobsStillWriteEachLineAtOnce() throws {
  let result = try ToolRunner.shell(
    "start=$(date +%s%N); { echo hello; sleep 4; } | qrrender --lines -j 2 | {"
      + " head -c 3 > /dev/null; echo $(( ($(date +%s%N) - start) / 1000000 )); cat > /dev/null; }"
  )
  #expect(result.status == 0, "\(result.errors)")
  let output = result.output.trimmingCharacters(in: .whitespacesAndNewlines)
  let milliseconds = try #require(Int(output))
  #expect(milliseconds < 2_000, "the first image came after \(milliseconds) ms, at the input's end")
}

@Test func jobsOutOfRangeIsAUsageError() throws {
  for value in ["0", "257", "two"] {
    let result = try ToolRunner.run("qrrender", ["--lines", "-j", value], input: Array("a\n".utf8))
    #expect(result.status == 64, "-j \(value): \(result.errors)")
    #expect(result.errors.hasPrefix("qrrender: "), "\(result.errors)")
  }
}

/// A batch renders its files in advance only up to a few megabytes (large symbols at a large
/// scale make megabytes each); the lines past that are rendered as they are written, and their
/// files are the same as those rendered alone.
@Test func largeFilesAreTheSameRenderedLate() throws {
  let root = FileManager.default.temporaryDirectory.appendingPathComponent(
    "qrrender-late-\(UUID().uuidString)"
  ).path
  try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(atPath: root) }
  // Version 10 or so at scale 20: some 1.7 MB of XPM text each, so that four pass 4 MiB.
  let payloads = (1...4).map { "line \($0) " + String(repeating: "payload ", count: 30) }
  let batch = try ToolRunner.run(
    "qrrender", ["--lines", "-f", "xpm", "-s", "20", "-j", "1", "--output-dir", root + "/dir"],
    input: Array((payloads.joined(separator: "\n") + "\n").utf8))
  #expect(batch.status == 0, "\(batch.errors)")
  for (index, payload) in payloads.enumerated() {
    let alone = root + "/alone-\(index).xpm"
    let single = try ToolRunner.run("qrrender", ["-f", "xpm", "-s", "20", "-o", alone, payload])
    #expect(single.status == 0, "\(single.errors)")
    let late = try Data(contentsOf: URL(fileURLWithPath: root + "/dir/00000\(index + 1).xpm"))
    #expect(late.count > 1_000_000)
    #expect(late == (try Data(contentsOf: URL(fileURLWithPath: alone))), "line \(index + 1)")
  }
}
