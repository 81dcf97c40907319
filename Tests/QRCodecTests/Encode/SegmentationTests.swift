// SPDX-License-Identifier: MIT
// Optimal segmentation: exact bit lengths, and never worse than segno or qrencode.

import Foundation
import Testing

@testable import QRCodec

@Test func singleModeLengthsAreExact() throws {
  let version = SymbolVersion.qr(Version.minimum)
  func bits(_ text: String) throws -> Int {
    let plan = try Segmentation(text: text, charset: .utf8, allowsKanji: true, isFNC1: false)
      .plan(version, forcedMode: nil).get()
    return plan.bitCount
  }
  #expect(try bits("0123456789") == 4 + 10 + 34)
  #expect(try bits("AC-42") == 4 + 9 + 28)
  #expect(try bits("hello") == 4 + 8 + 40)
  #expect(try bits("点茗") == 4 + 8 + 26)
  #expect(try bits("") == 0)
}

@Test func switchesModesOnlyWhenItSavesBits() throws {
  let version = SymbolVersion.qr(Version.minimum)
  func modes(_ text: String) throws -> [Mode] {
    try Segmentation(text: text, charset: .utf8, allowsKanji: true, isFNC1: false)
      .plan(version, forcedMode: nil).get().segments.map(\.mode)
  }
  #expect(try modes("a1b") == [.byte])
  #expect(try modes("abc0123456789012def") == [.byte, .numeric, .byte])
  #expect(try modes("ABCDEFGH1234") == [.alphanumeric])
  #expect(try modes("ABCDEFGH12345678") == [.alphanumeric, .numeric])  // 98 bits, not 101
  #expect(try modes("漢字abc") == [.kanji, .byte])
}

/// Compares the brute-force minimum over every mode sequence with the plan, for short strings.
@Test func planMatchesExhaustiveSearchOnShortStrings() throws {
  let alphabet = Array("09AZ a%点")
  let version = SymbolVersion.qr(Version.minimum)
  var state: UInt32 = 12_345
  for _ in 0..<300 {
    var text = ""
    for _ in 0..<Int(state % 6 + 1) {
      state = state &* 1_664_525 &+ 1_013_904_223
      text.append(alphabet[Int(state >> 16) % alphabet.count])
    }
    let payload = try Segmentation(text: text, charset: .utf8, allowsKanji: true, isFNC1: false)
    let plan = try payload.plan(version, forcedMode: nil).get()
    #expect(plan.bitCount == bruteForceMinimum(payload, version), "\(text)")
    let written = plan.segments.reduce(0) { $0 + ($1.bitCount(version) ?? 1_000_000) }
    #expect(written == plan.bitCount, "\(text)")
  }
}

/// The fewest bits over all assignments of modes to characters (exponential; short input only).
func bruteForceMinimum(_ payload: Segmentation, _ version: SymbolVersion) -> Int {
  let count = payload.characters.count
  var best = Int.max
  var assignment = [Int](repeating: 0, count: count)
  func search(_ i: Int) {
    if i == count {
      var total = 0
      var start = 0
      for end in 1...count where end == count || assignment[end] != assignment[start] {
        let mode = Mode.dataModes[assignment[start]]
        let characters = payload.characters[start..<end]
        let usable = characters.allSatisfy { character in
          switch mode {
          case .numeric: character.isDigit
          case .alphanumeric: character.alphanumeric != nil
          case .kanji: character.kanjiValue != nil
          default: true
          }
        }
        guard usable, let bits = payload.makeSegment(start..<end, mode).bitCount(version) else {
          return
        }
        total += bits
        start = end
      }
      best = min(best, total)
      return
    }
    for m in 0..<4 {
      assignment[i] = m
      search(i + 1)
    }
  }
  search(0)
  return count == 0 ? 0 : best
}

/// Mixed payloads for the optimality comparison.
let optimalityCorpus: [String] = [
  "https://example.com/", "https://www.example.org/path/to/page?id=12345&lang=en",
  "HTTPS://EXAMPLE.COM/ABC/12345", "0123456789", String(repeating: "9876543210", count: 30),
  "HELLO WORLD", "ORDER 123456789012345678901234567890 shipped", "Tel: +41 44 123 45 67",
  "WIFI:T:WPA;S:home;P:correct horse battery staple;;", "点茗", "日本語のテキスト",
  "東京都千代田区1-2-3 電話03-1234-5678", "MECARD:N:山田,太郎;TEL:0312345678;;",
  String(repeating: "ABC123", count: 40), "a1b2c3d4e5f6g7h8i9j0",
  "mixed CASE text with 2026 numbers and 1234567890123 digits",
  "BEGIN:VCARD\nVERSION:3.0\nN:Doe;John\nEMAIL:john@example.com\nEND:VCARD",
]

@Test(.enabled(if: Oracle.isAvailable, Oracle.unavailableReason))
func segmentationIsNoWorseThanSegno() throws {
  var lines: [String] = []
  var ours: [(text: String, level: ErrorCorrectionLevel, symbol: EncodedSymbol)] = []
  for text in optimalityCorpus {
    for level in ErrorCorrectionLevel.allCases {
      var options = EncodeOptions()
      options.errorCorrectionLevel = level
      options.allowsKanji = true  // the optimal mix, not the form every reader reads
      ours.append((text, level, try Encoder.encode(text: text, options: options)))
      // segno gets the UTF-8 bytes (so both encode the same bytes), except text it can write
      // in Kanji mode alone.
      let isAllKanji = text.unicodeScalars.allSatisfy { ShiftJIS.kanjiValue($0) != nil }
      lines.append(
        "\(isAllKanji ? "text" : "bytes") \(Oracle.hex(Array(text.utf8))) \(level.letter)")
    }
  }
  let results = try Oracle.run(
    """
    import sys, segno
    from segno import consts, encoder
    for line in sys.stdin:
        kind, data, level = line.split()
        content = bytes.fromhex(data)
        if kind == 'text':
            content = content.decode('utf-8')
        qr = segno.make(content, error=level, boost_error=False, micro=False)
        vr = encoder.version_range(qr.version)
        segments = encoder.prepare_data(content, None, None)
        bits = sum(4 + consts.CHAR_COUNT_INDICATOR_LENGTH[s.mode][vr] + len(s.bits)
                   for s in segments)
        print(qr.version, bits)
    """, input: lines.joined(separator: "\n"))
  try #require(results.count == ours.count)
  var smallerVersions = 0
  for (result, mine) in zip(results, ours) {
    let fields = result.split(separator: " ").compactMap { Int($0) }
    guard case .qr(let version) = mine.symbol.version else { continue }
    #expect(version.number <= fields[0], "\(mine.text) at \(mine.level): segno \(fields[0])")
    #expect(mine.symbol.dataBitCount <= fields[1], "\(mine.text) at \(mine.level)")
    if version.number < fields[0] { smallerVersions += 1 }
  }
  #expect(smallerVersions > 0, "optimal segmentation never beat segno's single mode")
}

@Test(
  .enabled(
    if: FileManager.default.isExecutableFile(atPath: "/usr/bin/qrencode"),
    "qrencode skipped: no /usr/bin/qrencode"))
func versionIsNoLargerThanQrencodes() throws {
  for text in optimalityCorpus {
    for level in ErrorCorrectionLevel.allCases {
      var options = EncodeOptions()
      options.errorCorrectionLevel = level
      options.allowsKanji = true  // the optimal mix, not the form every reader reads
      let symbol = try Encoder.encode(text: text, options: options)
      let rows = try Oracle.run(
        URL(fileURLWithPath: "/usr/bin/qrencode"),
        arguments: ["-t", "ASCII", "-m", "0", "-l", String(level.letter), "-o", "-", text],
        input: "")
      // ASCII output draws each module two characters wide, one row per line.
      let qrencodeVersion = (rows.count - 17) / 4
      #expect(symbol.size <= rows.count, "\(text) at \(level): qrencode version \(qrencodeVersion)")
    }
  }
}
