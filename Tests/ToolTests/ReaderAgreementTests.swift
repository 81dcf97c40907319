// SPDX-License-Identifier: MIT
// qrrender's default codes read back exactly by zxing-cpp, zbar and OpenCV (issue 27, item 4).

import Foundation
import Testing

/// The three common readers, run over PNG files in one Python process of the package's venv.
private enum Readers {
  static let python = ToolRunner.packageRoot.appendingPathComponent(".venv/bin/python").path
  static let isAvailable = FileManager.default.isExecutableFile(atPath: python)
  static let zbarimg = "/usr/bin/zbarimg"
  static let isZbarimgAvailable = FileManager.default.isExecutableFile(atPath: zbarimg)
  static let skipped: Comment =
    "oracles skipped: no Python venv at .venv/bin/python (zxing-cpp, pyzbar, OpenCV)"

  /// For each PNG operand, one line: the hex of what zxing-cpp, zbar (pyzbar) and OpenCV read as
  /// text, in UTF-8, separated by spaces (`-` when a reader found nothing).
  static let script = #"""
    import sys, zxingcpp, cv2, numpy
    from PIL import Image
    from pyzbar import pyzbar

    for path in sys.argv[1:]:
        image = Image.open(path).convert('L')
        zxing = [r.text for r in zxingcpp.read_barcodes(image)]
        zbar = [r.data for r in pyzbar.decode(image, symbols=[pyzbar.ZBarSymbol.QRCODE])]
        try:
            opencv, _, _ = cv2.QRCodeDetector().detectAndDecode(numpy.array(image))
        except (cv2.error, UnicodeDecodeError):
            opencv = ''
        print(zxing[0].encode('utf-8').hex() if zxing else '-',
              zbar[0].hex() if zbar else '-',
              opencv.encode('utf-8').hex() if opencv else '-')
    """#
}

/// Text people put in codes, in the scripts a phone may show (issue 27's examples first).
private let corpus: [String] = [
  "Hello, world! Ünïcödé ✓ 日本語",
  "日本語のテキストです",
  "東京 Tokyo 2026",
  "Zürich",
  "Café crème brûlée, 12,50 €",
  "Ελληνικά και Русский текст",
  "中文测试：二维码扫描",
  "繁體中文與日本語の混在",
  "안녕하세요, 세계!",
  "😀 emoji 🎉 and ✓ marks",
  "mixed: ABC 123 ü 日本 한국 中文 😀",
  "https://example.com/ドキュメント?q=ü",
  "WIFI:S:Café 日本;T:WPA;P:pässwörd;;",
  String(repeating: "長いテキスト long text ü 1234567890 ", count: 20),
]

/// Renders each payload with `arguments` and returns what the three readers read, in order.
private func readBack(_ payloads: [String], _ arguments: [String] = []) throws -> [[String]] {
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("reader-agreement-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: directory) }
  var paths: [String] = []
  for (index, payload) in payloads.enumerated() {
    let path = directory.appendingPathComponent("\(index).png").path
    // Six pixels a module: OpenCV does not find the long text's version 24 symbol at four.
    let result = try ToolRunner.run(
      "qrrender", ["-s", "6"] + arguments + ["-o", path, "--", payload])
    #expect(result.status == 0, "\(payload): \(result.errors)")
    paths.append(path)
  }
  let result = try ToolRunner.runExecutable(Readers.python, ["-c", Readers.script] + paths)
  #expect(result.status == 0, "\(result.errors)")
  return result.output.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
}

private func hex(_ bytes: some Sequence<UInt8>) -> String {
  bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
}

@Test(.enabled(if: Readers.isAvailable, Readers.skipped))
func everyReaderReadsTheDefaultCodesExactly() throws {
  let read = try readBack(corpus)
  #expect(read.count == corpus.count)
  for (payload, readers) in zip(corpus, read) {
    let expected = hex(payload.utf8)
    for (reader, text) in zip(["zxing-cpp", "zbar", "OpenCV"], readers) {
      #expect(text == expected, "\(reader) misread \(payload)")
    }
  }
}

@Test(.enabled(if: Readers.isAvailable, Readers.skipped))
func kanjiModeOnlyWhenAsked() throws {
  // With -k, Japanese is smaller and zxing-cpp and zbar still read it; OpenCV returns the
  // Kanji segment as Shift_JIS bytes, which is why it is not the default.
  let japanese = "日本語のテキストです"
  let plain = try ToolRunner.run("qrrender", ["-f", "ascii", japanese])
  let kanji = try ToolRunner.run("qrrender", ["-k", "-f", "ascii", japanese])
  #expect(plain.status == 0 && kanji.status == 0)
  #expect(kanji.stdout.count < plain.stdout.count, "Kanji mode makes a smaller symbol")
  let read = try readBack([japanese], ["-k"])
  #expect(read.first.map { Array($0.prefix(2)) } == [hex(japanese.utf8), hex(japanese.utf8)])
}

@Test(.enabled(if: Readers.isAvailable && Readers.isZbarimgAvailable, Readers.skipped))
func bytesThatAreNotUTF8ComeBackAsTheBytes() throws {
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("reader-agreement-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: directory) }
  let payload: [UInt8] = [0x00, 0x01, 0xFF, 0xFE, 0x80, 0x1B] + Array("binary".utf8)
  let path = directory.appendingPathComponent("binary.png").path
  let render = try ToolRunner.run("qrrender", ["-r", "-", "-o", path], input: payload)
  #expect(render.status == 0, "\(render.errors)")
  let zxing = try ToolRunner.runExecutable(
    Readers.python,
    [
      "-c",
      "import sys, zxingcpp; from PIL import Image; "
        + "print(zxingcpp.read_barcodes(Image.open(sys.argv[1]))[0].bytes.hex())",
      path,
    ])
  #expect(zxing.output == hex(payload) + "\n", "\(zxing.errors)")
  let zbar = try ToolRunner.runExecutable(Readers.zbarimg, ["-q", "--raw", "-Sbinary", path])
  #expect(zbar.stdout == payload)
}
