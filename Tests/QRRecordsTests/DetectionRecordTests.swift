// SPDX-License-Identifier: MIT
// qrdetect's records: member order, escaping, when "bytes" appears, base64, the symbol facts.

import Foundation
import QRCodec
import QRImage
import Testing

@testable import QRRecords

/// A real decoded symbol: encoded, then read back by the decoder.
func decodedSymbol(_ bytes: [UInt8], options: EncodeOptions = EncodeOptions()) throws
  -> DecodedSymbol
{
  try Decoder.decode(Encoder.encode(bytes, options: options).matrix)
}

func decodedSymbol(text: String, options: EncodeOptions = EncodeOptions()) throws -> DecodedSymbol {
  try Decoder.decode(Encoder.encode(text: text, options: options).matrix)
}

private let square = [
  Point(x: 10, y: 20), Point(x: 110.25, y: 20), Point(x: 110, y: 120.04), Point(x: 10, y: 120),
]

private func record(
  _ decoded: DecodedSymbol, bytes: Bool = false, mirrored: Bool = false,
  origin: FrameOrigin = FrameOrigin(sequence: 7, seconds: 0.25, source: "cam.qrf")
) -> (line: String, object: [String: Any]) {
  var writer = DetectionRecordWriter(alwaysIncludesBytes: bytes)
  let symbol = FoundSymbol(
    decoded: decoded, corners: square, isMirrored: mirrored, isInverted: false)
  let line = writer.line(for: symbol, in: origin)
  let object =
    (try? JSONSerialization.jsonObject(with: Data(line))) as? [String: Any] ?? [:]
  return (String(decoding: line, as: UTF8.self), object)
}

/// The member names of a one-line object, in order (Foundation's dictionaries lose the order).
private func keys(_ line: String) -> [String] {
  var names: [String] = []
  var depth = 0
  var index = line.startIndex
  while index < line.endIndex {
    let character = line[index]
    if character == "\"" {
      var end = line.index(after: index)
      while line[end] != "\"" { end = line.index(end, offsetBy: line[end] == "\\" ? 2 : 1) }
      let after = line.index(after: end)
      if depth == 1, after < line.endIndex, line[after] == ":" {
        names.append(String(line[line.index(after: index)..<end]))
      }
      index = after
      continue
    }
    if character == "{" || character == "[" { depth += 1 }
    if character == "}" || character == "]" { depth -= 1 }
    index = line.index(after: index)
  }
  return names
}

@Test func membersComeInTheDocumentedOrder() throws {
  let (line, object) = record(try decodedSymbol(text: "https://example.com/a"))
  #expect(line.hasSuffix("}\n"))
  #expect(line.filter { $0 == "\n" }.count == 1)
  #expect(
    keys(line) == [
      "frame", "time", "source", "symbology", "text", "text_encoding", "kind", "version",
      "level", "mask", "eci", "gs1", "symbology_identifier", "mirrored", "inverted", "corners",
      "errors",
    ])
  #expect(object["frame"] as? Int == 7)
  #expect(object["time"] as? Double == 0.25)
  #expect(object["source"] as? String == "cam.qrf")
  #expect(object["symbology"] as? String == "qr")
  #expect(object["text"] as? String == "https://example.com/a")
  #expect(object["text_encoding"] as? String == "utf-8")
  #expect(object["kind"] as? String == "url")
  #expect(object["level"] as? String == "M")
  #expect(object["symbology_identifier"] as? String == "]Q1")
  #expect(object["gs1"] as? Bool == false)
  #expect(object["eci"] as? [Int] == [])
  #expect(object["errors"] as? [Int] == [0])
  #expect(line.contains("\"corners\":[[10,20],[110.3,20],[110,120],[10,120]]"))
}

@Test func allMembersOfAStructuredWiFiSymbol() throws {
  let (line, _) = record(
    try decodedSymbol(text: "WIFI:S:home;T:WPA;P:pw;;"), bytes: true, mirrored: true)
  #expect(
    keys(line) == [
      "frame", "time", "source", "symbology", "text", "text_encoding", "bytes", "kind", "content",
      "version", "level", "mask", "eci", "gs1", "symbology_identifier", "mirrored", "inverted",
      "corners", "errors",
    ])
  #expect(
    line.contains(
      "\"kind\":\"wifi\",\"content\":{\"ssid\":\"home\",\"security\":\"WPA\",\"password\":\"pw\","
        + "\"hidden\":false}"))
  #expect(line.contains("\"mirrored\":true"))
}

@Test func textIsEscapedAsRFC8259RequiresAndControlsStayOffTheTerminal() throws {
  let text = "a\"b\\c\nd\re\tf\u{01}g\u{1F}h/ü€😀\u{7F}\u{80}\u{9B}[2J\u{A0}"
  let (line, object) = record(try decodedSymbol(text: text))
  #expect(object["text"] as? String == text)
  // RFC 8259 requires escapes below U+0020; DEL and the C1 controls (U+009B is CSI) are escaped
  // too, and U+00A0, the first character after them, is not.
  #expect(
    line.contains(
      #""text":"a\"b\\c\nd\re\tf\u0001g\u001fh/ü€😀\u007f\u0080\u009b[2J\#u{A0}""#))
  // The text is its bytes in UTF-8, so no "bytes".
  #expect(object["bytes"] == nil)
  #expect(object["kind"] as? String == "binary")
}

@Test func bytesAppearWhenTextWouldAlterThem() throws {
  // Not UTF-8: read as ISO-8859-1, whose UTF-8 differs from the payload.
  let payload: [UInt8] = [0x41, 0xFF, 0xFE, 0x00, 0x80]
  let (_, object) = record(try decodedSymbol(payload))
  #expect(object["text_encoding"] as? String == "iso-8859-1")
  let bytes = try #require(object["bytes"] as? String)
  #expect(Data(base64Encoded: bytes).map(Array.init) == payload)
  #expect(object["kind"] as? String == "binary")

  // Shift_JIS text: the text is right, but its UTF-8 is not the payload.
  var options = EncodeOptions()
  options.charset = .shiftJIS
  let (_, japanese) = record(try decodedSymbol(text: "漢字テキスト", options: options))
  #expect(japanese["text"] as? String == "漢字テキスト")
  #expect(japanese["bytes"] != nil)

  // --bytes: always.
  let (_, always) = record(try decodedSymbol(text: "hello"), bytes: true)
  #expect(always["bytes"] as? String == "aGVsbG8=")
}

@Test func aSymbolWithoutTextHasBytesOnly() throws {
  // ECI 26 (UTF-8) over bytes that are not UTF-8: no text can be derived.
  var options = EncodeOptions()
  options.eci = .utf8
  let (line, object) = record(try decodedSymbol([0xC3, 0x28, 0x41], options: options))
  #expect(object["text"] == nil)
  #expect(object["text_encoding"] as? String == "none:invalid:eci:26")
  #expect(object["bytes"] as? String == "wyhB")
  #expect(object["eci"] as? [Int] == [26])
  #expect(object["symbology_identifier"] as? String == "]Q2")
  #expect(!line.contains("\"text\":"))
}

@Test func structuredAppendGivesTheSequenceQrdedupeReads() throws {
  let parts = try Encoder.encodeParts(
    text: String(repeating: "structured append ", count: 12), count: 3, options: EncodeOptions())
  let decoded = try Decoder.decode(parts[1].matrix)
  let (line, _) = record(decoded)
  let header = try #require(decoded.structuredAppend)
  #expect(
    line.contains(
      "\"symbology_identifier\":\"]Q1\",\"sequence\":{\"index\":1,\"count\":3,\"parity\":"
        + "\(header.parity)},\"mirrored\""))
}

@Test func microQRHasItsOwnVersionMaskAndNoLevelForM1() throws {
  var options = EncodeOptions()
  options.symbolKinds = [.micro]
  options.errorCorrectionLevel = .low
  options.version = SymbolVersion("M1")
  let (_, m1) = record(try decodedSymbol(text: "12345", options: options))
  #expect(m1["symbology"] as? String == "microqr")
  #expect(m1["version"] as? String == "M1")
  #expect(m1["level"] is NSNull)
  #expect((0...3).contains(m1["mask"] as? Int ?? -1))
  options.version = SymbolVersion("M3")
  let (_, m3) = record(try decodedSymbol(text: "MICRO", options: options))
  #expect(m3["version"] as? String == "M3")
  #expect(m3["level"] as? String == "L")
}

@Test func gs1IsFlagged() throws {
  var options = EncodeOptions()
  options.fnc1 = .gs1
  let (_, object) = record(
    try decodedSymbol(text: "01095011010209171719050810ABCD1234", options: options))
  #expect(object["gs1"] as? Bool == true)
  #expect(object["symbology_identifier"] as? String == "]Q3")
}

@Test(arguments: [
  ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="),
  ("fooba", "Zm9vYmE="), ("foobar", "Zm9vYmFy"),
])
func base64MatchesRFC4648TestVectors(plain: String, encoded: String) {
  var output: [UInt8] = []
  Base64.encode(Array(plain.utf8), into: &output)
  #expect(String(decoding: output, as: UTF8.self) == encoded)
}

@Test func base64OfEveryByteValueRoundTripsThroughFoundation() {
  let all = (0...255).map(UInt8.init)
  var output: [UInt8] = []
  Base64.encode(all, into: &output)
  #expect(String(decoding: output, as: UTF8.self) == Data(all).base64EncodedString())
}

@Test func recordsAreWrittenFastEnough() throws {
  // ARCHITECTURE.md, platform facts: a hand-written writer made 1.5 M lines/s optimised; this
  // bound is loose enough for a debug build and still catches an accidentally quadratic writer.
  var writer = DetectionRecordWriter()
  let symbol = FoundSymbol(
    decoded: try decodedSymbol(text: "https://example.com/item/12345"), corners: square,
    isMirrored: false, isInverted: false)
  let count = 100_000
  var total = 0
  let start = ContinuousClock.now
  for frame in 0..<count {
    let origin = FrameOrigin(sequence: UInt64(frame), seconds: Double(frame) / 30, source: "-")
    total &+= writer.line(for: symbol, in: origin).count
  }
  let seconds = (ContinuousClock.now - start) / .seconds(1)
  let rate = Double(count) / seconds
  print("qrdetect records: \(Int(rate)) records/s, \(total / count) bytes each")
  #expect(rate > 2000)
}

@Test func aFileNameThatIsNotUTF8IsEscapedInSourceAndKeptInSourceBytes() throws {
  let name: [UInt8] = Array("x".utf8) + [0xFF] + Array(".pgm".utf8)
  let origin = FrameOrigin(sequence: 0, seconds: 0, source: "x\\xFF.pgm", sourceBytes: name)
  let (line, object) = record(try decodedSymbol(text: "hello"), origin: origin)
  #expect(object["source"] as? String == "x\\xFF.pgm")
  #expect(object["source_bytes"] as? String == "eP8ucGdt")
  #expect(line.contains(#""source":"x\\xFF.pgm","source_bytes":"eP8ucGdt","symbology""#))
  // Read back: the bytes, not the escaped text; a UTF-8 name comes from `source`.
  var reader = DetectionRecordReader()
  #expect(reader.source(Array(line.utf8)) == name)
  let plain = record(try decodedSymbol(text: "hello")).line
  #expect(plain.contains("source_bytes") == false)
  #expect(reader.source(Array(plain.utf8)) == Array("cam.qrf".utf8))
}

@Test func invisibleFormatCharactersAreEscapedAndTheTextFlagged() throws {
  // Issue 28: shown raw, U+202E made this url read ".../exe.jpg".
  let spoof = "https://example.com/\u{202E}gpj.exe"
  let (line, object) = record(try decodedSymbol(text: spoof))
  #expect(line.contains(#""text":"https://example.com/\u202egpj.exe""#))
  #expect(line.contains(#""kind":"url","suspicious":true,"#))
  #expect(object["text"] as? String == spoof)
  // The escape is lossless: the text reads back exactly, so no "bytes" is needed.
  #expect(object["bytes"] == nil)

  let invisible: [Unicode.Scalar] = [
    "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}",
    "\u{2068}", "\u{2069}", "\u{200B}", "\u{200C}", "\u{200D}", "\u{200E}", "\u{200F}",
    "\u{FEFF}", "\u{2028}", "\u{2029}", "\u{00AD}", "\u{061C}", "\u{2060}", "\u{E0041}",
  ]
  for scalar in invisible {
    let text = "a\(scalar)b"
    let (line, object) = record(try decodedSymbol(text: text))
    let escape =
      scalar.value > 0xFFFF
      ? #"\udb40\udc41"# : #"\u"# + String(scalar.value, radix: 16).leftPadded(to: 4)
    #expect(line.contains(#""text":"a"# + escape + #"b""#), "U+\(String(scalar.value, radix: 16))")
    #expect(!line.unicodeScalars.contains(scalar), "raw U+\(String(scalar.value, radix: 16))")
    #expect(object["text"] as? String == text)
    // The joiners are escaped but do not make a text suspicious: emoji and scripts need them.
    let isJoiner = scalar == "\u{200C}" || scalar == "\u{200D}"
    #expect((object["suspicious"] as? Bool) == (isJoiner ? nil : true))
  }
  let (plain, _) = record(try decodedSymbol(text: "https://example.com/é"))
  #expect(!plain.contains("suspicious"))
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: "0", count: max(0, width - count)) + self
  }
}
