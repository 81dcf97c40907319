// SPDX-License-Identifier: MIT
// Grids made by segno decode to segno's input: guards against encoder and decoder sharing a
// mistake.

import Testing

@testable import QRCodec

/// One symbol (or sequence) for segno to make: the text and `segno.make` keyword arguments as a
/// Python dict literal.
private struct SegnoCase {
  var text: String
  var arguments: String
  var isSequence = false
}

/// ECI cases pass `'micro': False`: segno (1.6) otherwise picks Micro QR when the data fits and
/// writes the ECI header into it, which Micro QR does not have.
private let segnoCases: [SegnoCase] = {
  var cases = [
    SegnoCase(text: "HELLO WORLD", arguments: "{}"),
    SegnoCase(text: "https://example.com/path?query=1&x=%20", arguments: "{'error': 'q'}"),
    SegnoCase(text: String(repeating: "0123456789", count: 70), arguments: "{'error': 'h'}"),
    SegnoCase(text: "漢字テスト、ＱＲコード", arguments: "{'mode': 'kanji'}"),
    SegnoCase(text: "点茗荷 mixed 漢字 and ASCII 12345", arguments: "{}"),
    SegnoCase(text: "Grüße aus Zürich", arguments: "{}"),  // ISO-8859-1 bytes, no ECI
    SegnoCase(text: "Grüße 東京 🚀", arguments: "{'micro': False, 'eci': True, 'encoding': 'utf-8'}"),
    SegnoCase(
      text: "Привет, мир", arguments: "{'micro': False, 'eci': True, 'encoding': 'iso-8859-5'}"),
    SegnoCase(
      text: "Καλημέρα", arguments: "{'micro': False, 'eci': True, 'encoding': 'iso-8859-7'}"),
    SegnoCase(text: "Łódź żółw", arguments: "{'micro': False, 'eci': True, 'encoding': 'cp1250'}"),
    SegnoCase(text: "東京タワー", arguments: "{'micro': False, 'eci': True, 'encoding': 'shift_jis'}"),
    SegnoCase(
      text: "UTF-16 テキスト", arguments: "{'micro': False, 'eci': True, 'encoding': 'utf-16-be'}"),
    SegnoCase(text: "12345", arguments: "{'micro': True}"),
    SegnoCase(text: "MICRO QR 42", arguments: "{'micro': True, 'error': 'm'}"),
    SegnoCase(text: "bytes?", arguments: "{'micro': True}"),
    SegnoCase(text: "漢字", arguments: "{'micro': True}"),
    SegnoCase(
      text: String(repeating: "Structured append across symbols. ", count: 20), arguments: "{}",
      isSequence: true),
  ]
  for version in [1, 5, 10, 17, 26, 33, 40] {
    for (level, fill) in [("l", 0.9), ("m", 0.7), ("q", 0.5), ("h", 0.4)] {
      let count = Int(
        Double(
          DecodeFixture.capacity(
            .byte, .qr(Version(uncheckedNumber: version)),
            ErrorCorrectionLevel.allCases[["l", "m", "q", "h"].firstIndex(of: level) ?? 0])) * fill)
      let bytes = DecodeFixture.payload(.alphanumeric, count: count, seed: UInt64(version))
      cases.append(
        SegnoCase(
          text: String(decoding: bytes, as: UTF8.self).lowercased(),
          arguments: "{'version': \(version), 'error': '\(level)', 'mask': \(version % 8)}"))
    }
  }
  return cases
}()

private let segnoDecodeScript = """
  import sys, segno
  for line in sys.stdin:
      number, text, arguments, sequence = line.rstrip('\\n').split('\\t')
      text = bytes.fromhex(text).decode('utf-8')
      arguments = eval(arguments)
      if sequence == '1':
          symbols = segno.make_sequence(text, symbol_count=3, **arguments)
      else:
          symbols = [segno.make(text, boost_error=False, **arguments)]
      for qr in symbols:
          bits = ''.join(''.join(str(b) for b in row) for row in qr.matrix)
          print(number, qr.version, qr.error or '-', qr.mask, bits)
  """

@Test(.enabled(if: Oracle.isAvailable, Oracle.unavailableReason))
func segnoGridsDecodeToSegnoInput() throws {
  let input = segnoCases.enumerated().map { number, item in
    "\(number)\t\(Oracle.hex(Array(item.text.utf8)))\t\(item.arguments)\t"
      + (item.isSequence ? "1" : "0")
  }.joined(separator: "\n")
  let lines = try Oracle.run(segnoDecodeScript, input: input + "\n")
  var sequenceText = ""
  var decodedCount = 0
  for line in lines {
    let fields = line.split(separator: " ")
    guard fields.count == 5, let number = Int(fields[0]) else {
      Issue.record("unexpected oracle line \(line)")
      continue
    }
    let item = segnoCases[number]
    let bits = Array(fields[4].utf8)
    let size = Int(Double(bits.count).squareRoot())
    var grid = BitMatrix(size: size)
    for (i, bit) in bits.enumerated() where bit == UInt8(ascii: "1") {
      grid.setDark(true, x: i % size, y: i / size)
    }
    let decoded: DecodedSymbol
    do {
      decoded = try Decoder.decode(grid, allowsMirrored: false)
    } catch {
      Issue.record("case \(number) \(item.arguments): \(error)")
      continue
    }
    decodedCount += 1
    #expect(decoded.version.description == fields[1], "case \(number)")
    if fields[2] != "-" { #expect(String(decoded.errorCorrectionLevel.letter) == fields[2]) }
    let mask = decoded.version.isMicro ? decoded.mask.microPattern : decoded.mask.pattern
    #expect(mask.map(String.init) == String(fields[3]), "case \(number)")
    if item.isSequence {
      #expect(decoded.structuredAppend?.count == 3)
      sequenceText += decoded.text ?? "<nil>"
    } else {
      #expect(
        decoded.text == item.text, "case \(number) \(item.arguments) \(decoded.textDerivation)")
    }
  }
  if let sequence = segnoCases.first(where: \.isSequence) { #expect(sequenceText == sequence.text) }
  #expect(decodedCount == segnoCases.count + 2)
}
