// SPDX-License-Identifier: MIT
// Our symbols, rendered with a quiet zone at 4 pixels per module, read back by zxing-cpp.

import Foundation
import Testing

@testable import QRCodec

/// One symbol to read back, and what the reader must report.
struct ReadBackCase: CustomStringConvertible {
  var name: String
  var symbol: EncodedSymbol
  /// The expected payload bytes as zxing-cpp reports them (`Plain` text mode), if checked.
  var bytes: [UInt8]?
  /// The expected text (zxing-cpp's Unicode conversion), if checked.
  var text: String?
  /// The expected symbology identifier (`]Q1`, `]Q3`, …), if checked.
  var symbologyIdentifier: String?

  var description: String { "\(name) (\(symbol.version)-\(symbol.errorCorrectionLevel))" }
}

/// What zxing-cpp read from one image.
struct ReadBackResult {
  var format: String
  var symbologyIdentifier: String
  var bytes: [UInt8]
  var text: String
}

let zxingScript = """
  import sys, zxingcpp
  from PIL import Image
  for path in sys.stdin.read().split():
      found = zxingcpp.read_barcodes(Image.open(path), text_mode=zxingcpp.TextMode.Plain)
      if not found:
          print('NONE')
          continue
      b = found[0]
      print(str(b.format).replace(' ', '_'), b.symbology_identifier or '-', b.bytes.hex() or '-',
            b.text.encode('utf-8').hex() or '-')
  """

/// Renders every case to a PGM and reads them all with one zxing-cpp process.
func readBack(_ symbols: [EncodedSymbol]) throws -> [ReadBackResult?] {
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("qrcodec-readback-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: directory) }
  var paths: [String] = []
  for (i, symbol) in symbols.enumerated() {
    let url = directory.appendingPathComponent("\(i).pgm")
    let quietZone = symbol.version.isMicro ? 2 : 4
    try PGM.data(symbol.matrix, quietZone: quietZone, scale: 4).write(to: url)
    paths.append(url.path)
  }
  let lines = try Oracle.run(zxingScript, input: paths.joined(separator: "\n"))
  try #require(lines.count == symbols.count)
  return lines.map { line in
    let fields = line.split(separator: " ")
    guard fields.count == 4 else { return nil }
    func unhex(_ field: Substring) -> [UInt8] { field == "-" ? [] : Oracle.bytes(hex: field) }
    return ReadBackResult(
      format: String(fields[0]), symbologyIdentifier: String(fields[1]), bytes: unhex(fields[2]),
      text: String(decoding: unhex(fields[3]), as: UTF8.self))
  }
}

func expectReadBack(_ cases: [ReadBackCase]) throws {
  let results = try readBack(cases.map(\.symbol))
  var failures = 0
  for (testCase, result) in zip(cases, results) {
    guard let result else {
      failures += 1
      Issue.record("\(testCase): zxing-cpp found no symbol")
      continue
    }
    var ok = true
    if let bytes = testCase.bytes, bytes != result.bytes { ok = false }
    if let text = testCase.text, text != result.text { ok = false }
    if let identifier = testCase.symbologyIdentifier, identifier != result.symbologyIdentifier {
      ok = false
    }
    if !ok {
      failures += 1
      Issue.record("\(testCase): read \(result)")
    }
  }
  #expect(failures == 0, "\(failures) of \(cases.count) symbols misread")
}

func options(
  _ level: ErrorCorrectionLevel = .medium, kinds: Set<SymbolKind> = [.qr],
  _ change: (inout EncodeOptions) -> Void = { _ in }
) -> EncodeOptions {
  var options = EncodeOptions()
  options.errorCorrectionLevel = level
  options.symbolKinds = kinds
  change(&options)
  return options
}

@Test(.enabled(if: Oracle.isAvailable, Oracle.unavailableReason))
func textAndBinaryPayloadsReadBack() throws {
  let texts = [
    "https://example.com/path?q=1&r=2", "0123456789012345678901234567890123456789",
    "HELLO WORLD 2026: $5.00 + 10% OFF", "Order 4711: 12345678901234567890 shipped to Zürich",
    "点茗", "日本語のテキスト、漢字とかなを含む。QRコード", "grüße, ça va? ½ €", "𝄞 music and emoji 🙂",
    "WIFI:T:WPA;S:my network;P:p@ss;word;;",
  ]
  var cases: [ReadBackCase] = []
  for (i, text) in texts.enumerated() {
    let level = ErrorCorrectionLevel.allCases[i % 4]
    cases.append(
      ReadBackCase(
        name: "text \(i)", symbol: try Encoder.encode(text: text, options: options(level)),
        text: text, symbologyIdentifier: "]Q1"))
    cases.append(
      ReadBackCase(
        name: "text \(i) with ECI",
        symbol: try Encoder.encode(text: text, options: options(level) { $0.eci = .utf8 }),
        text: text))
  }
  let binary: [UInt8] = [0x00, 0xFF, 0x80, 0x1B, 0x0A, 0x00, 0xC3, 0x28, 0x7F, 0xFE]
  cases.append(
    ReadBackCase(
      name: "binary", symbol: try Encoder.encode(binary, options: options()), bytes: binary))
  try expectReadBack(cases)
}

@Test(.enabled(if: Oracle.isAvailable, Oracle.unavailableReason))
func everyVersionAndLevelReadsBack() throws {
  var cases: [ReadBackCase] = []
  for version in Version.all {
    for level in ErrorCorrectionLevel.allCases where (version.number + level.rawValue) % 2 == 0 {
      let symbolVersion = SymbolVersion.qr(version)
      let payload = sweepPayload(.byte, count: sweepCapacity(.byte, symbolVersion, level), seed: 7)
      let symbol = try Encoder.encode(
        payload, options: options(level) { $0.version = symbolVersion })
      cases.append(ReadBackCase(name: "random bytes", symbol: symbol, bytes: payload))
    }
  }
  #expect(cases.count == 80)
  try expectReadBack(cases)
}

@Test(.enabled(if: Oracle.isAvailable, Oracle.unavailableReason))
func microQRReadsBack() throws {
  var cases: [ReadBackCase] = []
  let payloads = [
    "1", "12345", "HELLO", "A1B2C3", "hello", "12345678901234567890123", "Micro QR!", "点茗", "漢字 AB",
  ]
  for version in MicroVersion.allCases {
    for level in version.supportedLevels {
      for (i, text) in payloads.enumerated() {
        let forced = options(level, kinds: [.micro]) { $0.version = .micro(version) }
        guard let symbol = try? Encoder.encode(text: text, options: forced) else { continue }
        cases.append(
          ReadBackCase(name: "\(text) mask \(i)", symbol: symbol, text: text))
      }
    }
  }
  #expect(cases.count >= 25)
  try expectReadBack(cases)
}

@Test(.enabled(if: Oracle.isAvailable, Oracle.unavailableReason))
func kanjiECIAndGS1ReadBack() throws {
  let gs1 = "01095060001343528200ABC\u{1D}10XYZ%12"
  let sjis = options { $0.charset = .shiftJIS }
  let cases = [
    ReadBackCase(
      name: "kanji", symbol: try Encoder.encode(text: "漢字モード", options: options()),
      text: "漢字モード"),
    ReadBackCase(
      name: "shift_jis bytes",
      symbol: try Encoder.encode(
        text: "ｶﾀｶﾅ 漢字",
        options: options {
          $0.charset = .shiftJIS; $0.allowsKanji = false
        }),
      text: "ｶﾀｶﾅ 漢字"),
    ReadBackCase(
      name: "shift_jis kanji", symbol: try Encoder.encode(text: "漢字 ABC", options: sjis),
      text: "漢字 ABC"),
    ReadBackCase(
      name: "latin-1",
      symbol: try Encoder.encode(text: "Grüße", options: options { $0.charset = .iso8859_1 }),
      text: "Grüße"),
    ReadBackCase(
      name: "gs1", symbol: try Encoder.encode(text: gs1, options: options { $0.fnc1 = .gs1 }),
      bytes: Array(gs1.utf8), symbologyIdentifier: "]Q3"),
    ReadBackCase(
      name: "fnc1 second position",
      symbol: try Encoder.encode(
        text: "AB123", options: options { $0.fnc1 = .industry(applicationIndicator: 37) }),
      symbologyIdentifier: "]Q5"),
  ]
  try expectReadBack(cases)
}

@Test(.enabled(if: Oracle.isAvailable, Oracle.unavailableReason))
func structuredAppendPartsReadBackInOrder() throws {
  let text = String(repeating: "Structured append: part of a longer message. ", count: 80)
  let parts = try Encoder.encodeParts(text: text, count: nil, options: options(.low))
  #expect(parts.count >= 2)
  let fixed = try Encoder.encodeParts(text: "0123456789 ABCDEFGHIJ", count: 3, options: options())
  #expect(fixed.count == 3)
  for symbols in [parts, fixed] {
    let results = try readBack(symbols)
    let joined = results.map { $0?.text ?? "<unread>" }.joined()
    #expect(joined == (symbols.count == 3 && symbols == fixed ? "0123456789 ABCDEFGHIJ" : text))
  }
}

/// zbar (0.23, Debian 12) on the ECI rule of `EncodeOptions`: with ECI 26 it reads UTF-8
/// exactly; without one it guesses, and takes short UTF-8 such as "Zürich" for Shift_JIS.
@Test(.enabled(if: Oracle.isZbarAvailable, "zbar skipped: no /usr/bin/zbarimg (zbar-tools)"))
func zbarReadsUTF8WithECIAndGuessesWithout() throws {
  let texts = ["hello zbar", "漢字モード", "grüße, ça va? ½ €", "Zürich 12345678901234567890"]
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("qrcodec-zbar-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: directory) }
  func read(_ symbol: EncodedSymbol, _ name: String) throws -> String {
    let url = directory.appendingPathComponent("\(name).pgm")
    try PGM.data(symbol.matrix, quietZone: 4, scale: 4).write(to: url)
    let lines = try Oracle.run(Oracle.zbarimg, arguments: ["--raw", "-q", url.path], input: "")
    return lines.joined(separator: "\n")
  }
  for (i, text) in texts.enumerated() {
    let withECI = try Encoder.encode(text: text, options: options { $0.eci = .utf8 })
    #expect(try read(withECI, "eci-\(i)") == text)
    let without = try Encoder.encode(text: text, options: options())
    let plain = try read(without, "plain-\(i)")
    let isASCIIOrKanji = i < 2
    if isASCIIOrKanji {
      #expect(plain == text)
    } else {
      withKnownIssue("zbar guesses Shift_JIS for short UTF-8 without ECI", isIntermittent: true) {
        #expect(plain == text)
      }
    }
  }
}

/// zbar joins a structured append sequence seen in one image, checking that index, count and
/// parity agree; zxing-cpp's Python binding does not report the header.
@Test(.enabled(if: Oracle.isZbarAvailable, "zbar skipped: no /usr/bin/zbarimg (zbar-tools)"))
func zbarJoinsStructuredAppendSequence() throws {
  let texts = [
    "0123456789 ABCDEFGHIJ hello structured append",
    String(repeating: "A longer message over several symbols. ", count: 30),
  ]
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("qrcodec-zbar-sa-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: directory) }
  for (i, text) in texts.enumerated() {
    let parts = try Encoder.encodeParts(text: text, count: i == 0 ? 3 : 4, options: options())
    #expect(parts.count == (i == 0 ? 3 : 4))
    #expect(Set(parts.map(\.version)).count == 1)
    let url = directory.appendingPathComponent("\(i).pgm")
    try PGM.data(parts.map(\.matrix), quietZone: 4, scale: 3).write(to: url)
    let lines = try Oracle.run(Oracle.zbarimg, arguments: ["--raw", "-q", url.path], input: "")
    #expect(lines.joined(separator: "\n") == text)
  }
}
