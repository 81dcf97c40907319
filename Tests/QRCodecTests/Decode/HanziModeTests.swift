// SPDX-License-Identifier: MIT
// Hanzi mode (GB/T 18284: mode 1101, subset 0001, GB 2312 in 13 bits) on hand-made bit streams.

import Testing

@testable import QRCodec

/// Bits written as (value, bit count) pairs, packed into codewords and zero-padded to
/// `codewords`.
private func stream(_ fields: [(UInt32, Int)], codewords: Int) -> [UInt8] {
  var buffer = BitBuffer()
  for (value, count) in fields { buffer.append(value, count: count) }
  return buffer.bytes + [UInt8](repeating: 0, count: max(0, codewords - buffer.bytes.count))
}

private func parse(_ fields: [(UInt32, Int)], version: Int = 1) throws(DecodeError)
  -> (result: SegmentParser.Result, text: String?, derivation: TextDerivation)
{
  let codewords = stream(fields, codewords: 40)
  let result = try SegmentParser.parse(
    codewords, bitCount: codewords.count * 8, version: .qr(Version(uncheckedNumber: version)))
  let derived = DecodedSymbol.text(
    result.bytes, segments: result.segments, eciDesignators: result.eciDesignators)
  return (result, derived.text, derived.derivation)
}

/// A Hanzi segment header in versions 1…9: mode 1101, subset 1 (GB 2312), an 8-bit count.
private func hanzi(_ values: [UInt32]) -> [(UInt32, Int)] {
  [(0b1101, 4), (1, 4), (UInt32(values.count), 8)] + values.map { ($0, 13) }
}

@Test func hanziSegmentKnownAnswer() throws {
  // 中文 is GB 2312 D6D0 CEC4: rows from 0xB0 count from 0xA6A1, so
  // (0xD6 − 0xA6) × 0x60 + (0xD0 − 0xA1) = 4655 and (0xCE − 0xA6) × 0x60 + (0xC4 − 0xA1) = 3875.
  let decoded = try parse(hanzi([4655, 3875]))
  #expect(decoded.result.bytes == [0xD6, 0xD0, 0xCE, 0xC4])
  #expect(decoded.result.segments.map(\.description) == ["hanzi(2)"])
  #expect(decoded.result.segments.first?.bitRange == 0..<42)
  #expect(decoded.text == "中文")
  #expect(decoded.derivation == .gb2312)
  #expect(decoded.derivation.description == "gb2312")
}

@Test func hanziRowsBelowTheHanziCountFromA1A1() throws {
  // Rows 0xA1…0xAA count from 0xA1A1: value 0 is 0xA1A1 (U+3000), 2 × 0x60 + 0x20 is 0xA3C1
  // (full-width A), 3 × 0x60 + 5 is 0xA4A6 (hiragana u).
  let decoded = try parse(hanzi([0, 2 * 0x60 + 0x20, 3 * 0x60 + 0x05]))
  #expect(decoded.result.bytes == [0xA1, 0xA1, 0xA3, 0xC1, 0xA4, 0xA6])
  #expect(decoded.text == "\u{3000}Ａう")
}

@Test func hanziCountIndicatorIsAsLongAsKanjis() throws {
  #expect(Mode(indicator: 0b1101) == .hanzi)
  #expect(Mode.hanzi.isDataMode && !Mode.dataModes.contains(.hanzi))
  let counts = [1, 9, 10, 26, 27, 40].map {
    Mode.hanzi.characterCountBitCount(.qr(Version(uncheckedNumber: $0)))
  }
  #expect(counts == [8, 8, 10, 10, 12, 12])
  #expect(Mode.hanzi.characterCountBitCount(.micro(.m4)) == nil)
  // Version 10: a 10-bit count.
  let decoded = try parse([(0b1101, 4), (1, 4), (1, 10), (4655, 13)], version: 10)
  #expect(decoded.text == "中")
}

@Test func hanziBesideOtherSegments() throws {
  // As in the corpus photo qrcode-2/33: bytes 01 10 "AD:SUB:", Hanzi 阿 (B0A2), bytes ";;".
  let prefix = [0x01, 0x10] + Array("AD:SUB:".utf8)
  let fields =
    [(0b0100, 4), (UInt32(prefix.count), 8)] + prefix.map { (UInt32($0), 8) }
    + hanzi([(0xB0 - 0xA6) * 0x60 + 0x01]) + [(0b0100, 4), (2, 8), (0x3B, 8), (0x3B, 8)]
  let decoded = try parse(fields)
  #expect(decoded.text == "\u{01}\u{10}AD:SUB:阿;;")
  #expect(decoded.derivation == .gb2312)
  #expect(decoded.result.segments.map(\.mode) == [.byte, .hanzi, .byte])
  // Byte segments that are not UTF-8 but GB 2312 are read as GB 2312 beside Hanzi.
  let guessed = try parse(
    [(0b0100, 4), (2, 8), (0xCE, 8), (0xC4, 8)] + hanzi([4655]) + [(0b0001, 4), (1, 10), (7, 4)])
  #expect(guessed.text == "文中7")
  #expect(guessed.derivation == .guessedGB2312)
  #expect(guessed.derivation.description == "guessed:gb2312")
}

@Test func hanziErrors() {
  #expect(throws: DecodeError.unsupportedHanziSubset(2, bitOffset: 4)) {
    try parse([(0b1101, 4), (2, 4), (1, 8), (4655, 13)])
  }
  // Column 0x5E would be trail byte 0xFF; row 0x52 lead byte 0xF8.
  #expect(throws: DecodeError.invalidHanziValue(0x5E, bitOffset: 16)) { try parse(hanzi([0x5E])) }
  #expect(throws: DecodeError.invalidHanziValue(0x52 * 0x60, bitOffset: 16)) {
    try parse(hanzi([0x52 * 0x60]))
  }
  #expect(throws: DecodeError.truncatedSegment(.hanzi, bitOffset: 0)) {
    try SegmentParser.parse(
      stream(hanzi([4655, 3875]), codewords: 4), bitCount: 32,
      version: .qr(Version(uncheckedNumber: 1)))
  }
  #expect(
    DecodeError.invalidHanziValue(94, bitOffset: 16).description
      == "invalid Hanzi value 94 at bit 16")
}

@Test func unassignedHanziLeavesNoText() throws {
  // Row 0xAA is unassigned in GB 2312: the bytes are kept, the text is not made.
  let decoded = try parse(hanzi([9 * 0x60]))
  #expect(decoded.result.bytes == [0xAA, 0xA1])
  #expect(decoded.text == nil)
  #expect(decoded.derivation.description == "none:invalid:hanzi")
}

@Test func eci29ReadsGB2312() throws {
  let designator = ECIDesignator(uncheckedValue: 29)
  let decoded = try parse(
    [(0b0111, 4), (designator.encodedValue, designator.bitCount), (0b0100, 4), (5, 8)]
      + [0xD6, 0xD0, 0x41, 0xCE, 0xC4].map { (UInt32($0), 8) })
  #expect(decoded.text == "中A文")
  #expect(decoded.derivation == .eci([designator]))
  #expect(GB2312.assignedCount == 7445)
}

@Test func encoderDoesNotWriteHanzi() {
  var options = EncodeOptions()
  options.mode = .hanzi
  #expect(throws: EncodeError.notADataMode(.hanzi)) {
    try Encoder.encode(text: "中文", options: options)
  }
}
