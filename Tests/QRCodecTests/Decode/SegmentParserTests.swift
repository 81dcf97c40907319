// SPDX-License-Identifier: MIT
// The data bit stream parser on hand-made bit streams: leniency, errors, headers, text.

import Testing

@testable import QRCodec

/// Bits written as (value, bit count) pairs, packed into codewords and padded to `codewords`.
private func stream(_ fields: [(UInt32, Int)], codewords: Int, pad: [UInt8] = []) -> [UInt8] {
  var buffer = BitBuffer()
  for (value, count) in fields { buffer.append(value, count: count) }
  var bytes = buffer.bytes + pad
  bytes += [UInt8](repeating: 0, count: max(0, codewords - bytes.count))
  return bytes
}

private let version1 = SymbolVersion.qr(Version(uncheckedNumber: 1))

private func parse(_ bytes: [UInt8], _ version: SymbolVersion = version1) throws(DecodeError)
  -> SegmentParser.Result
{
  try SegmentParser.parse(bytes, bitCount: bytes.count * 8, version: version)
}

@Test func segmentEndingExactlyAtCapacityNeedsNoTerminator() throws {
  // Byte mode, count 2, "AB": 4 + 8 + 16 = 28 bits of a 4-codeword stream (32 bits): the 4
  // bits left are the terminator, cut to what fits; then a 3-codeword stream with 24 bits.
  let bytes = stream([(0b0100, 4), (2, 8), (0x41, 8), (0x42, 8)], codewords: 4)
  #expect(try parse(bytes).bytes == Array("AB".utf8))
  // Numeric "123" in 4 + 10 + 10 = 24 bits, nothing after it.
  let numeric = stream([(0b0001, 4), (3, 10), (123, 10)], codewords: 3)
  #expect(try parse(numeric).bytes == Array("123".utf8))
}

@Test func padCodewordsWithoutTerminatorAreAccepted() throws {
  let bytes = stream(
    [(0b0100, 4), (1, 8), (0x5A, 8), (0, 4)], codewords: 8, pad: [0xEC, 0x11, 0xEC, 0x11, 0xEC])
  // The 4 zero bits end the byte segment at a codeword boundary as a terminator would; without
  // them the pad codewords follow directly.
  #expect(try parse(bytes).bytes == [0x5A])
  let direct = stream([(0b0100, 4), (1, 8), (0x5A, 8), (0xF, 4)], codewords: 3)
  #expect(throws: DecodeError.invalidModeIndicator(0xF, bitOffset: 20)) { try parse(direct) }
  let padded: [UInt8] = [0x40, 0x15, 0xA0, 0xEC, 0x11, 0xEC]
  #expect(try parse(padded).bytes == [0x5A])
}

@Test func anythingAfterTheTerminatorIsIgnored() throws {
  let bytes = stream(
    [(0b0100, 4), (1, 8), (0x5A, 8), (0, 4)], codewords: 6, pad: [0xFF, 0x00, 0x37])
  #expect(try parse(bytes).bytes == [0x5A])
}

@Test func segmentRunningPastTheDataIsAnError() {
  let bytes = stream([(0b0100, 4), (10, 8), (0x41, 8), (0x42, 8)], codewords: 4)
  #expect(throws: DecodeError.truncatedSegment(.byte, bitOffset: 0)) { try parse(bytes) }
  let numeric = stream([(0b0001, 4), (7, 10), (123, 10)], codewords: 4)
  #expect(throws: DecodeError.truncatedSegment(.numeric, bitOffset: 0)) { try parse(numeric) }
}

@Test func valuesOutOfRangeAreErrors() {
  #expect(throws: DecodeError.invalidNumericValue(1000, bitOffset: 14)) {
    try parse(stream([(0b0001, 4), (3, 10), (1000, 10)], codewords: 4))
  }
  #expect(throws: DecodeError.invalidNumericValue(100, bitOffset: 14)) {
    try parse(stream([(0b0001, 4), (2, 10), (100, 7)], codewords: 4))
  }
  #expect(throws: DecodeError.invalidAlphanumericValue(2025, bitOffset: 13)) {
    try parse(stream([(0b0010, 4), (2, 9), (2025, 11)], codewords: 4))
  }
  #expect(throws: DecodeError.invalidAlphanumericValue(45, bitOffset: 13)) {
    try parse(stream([(0b0010, 4), (1, 9), (45, 6)], codewords: 4))
  }
  // Row 0, trail 0x7F.
  #expect(throws: DecodeError.invalidKanjiValue(0x3F, bitOffset: 12)) {
    try parse(stream([(0b1000, 4), (1, 8), (0x3F, 13)], codewords: 4))
  }
  #expect(throws: DecodeError.invalidModeIndicator(0b1110, bitOffset: 0)) {
    try parse(stream([(0b1110, 4), (0xFF, 8)], codewords: 4))
  }
}

@Test func eciDesignatorsInOneTwoAndThreeBytes() throws {
  for value in [3, 127, 128, 899, 16_383, 16_384, 999_999] {
    let designator = ECIDesignator(uncheckedValue: value)
    let bytes = stream(
      [
        (0b0111, 4), (designator.encodedValue, designator.bitCount), (0b0100, 4), (1, 8), (0x41, 8),
      ],
      codewords: 8)
    let result = try parse(bytes)
    #expect(result.eciDesignators == [designator])
    #expect(result.segments.map(\.eci) == [designator, designator])
  }
  #expect(throws: DecodeError.invalidECIDesignator(bitOffset: 0)) {
    try parse(stream([(0b0111, 4), (0xE0, 8)], codewords: 4))
  }
  #expect(throws: DecodeError.invalidECIDesignator(bitOffset: 0)) {
    try parse(stream([(0b0111, 4), (0b110 << 21 | 1_000_000, 24)], codewords: 6))
  }
}

@Test func structuredAppendHeader() throws {
  let bytes = stream(
    [(0b0011, 4), (2, 4), (4, 4), (0xA5, 8), (0b0100, 4), (1, 8), (0x41, 8)],
    codewords: 8)
  let result = try parse(bytes)
  #expect(result.structuredAppend == StructuredAppendHeader(index: 2, count: 5, parity: 0xA5))
  #expect(throws: DecodeError.invalidStructuredAppend(index: 5, count: 3)) {
    try parse(stream([(0b0011, 4), (5, 4), (2, 4), (0, 8)], codewords: 4))
  }
}

@Test func microQRModeIndicatorsAndTerminators() throws {
  // M1: numeric only, no mode indicator, 3-bit count, terminator 000.
  let m1 = stream([(5, 3), (123, 10), (45, 7), (0, 3)], codewords: 3)
  #expect(
    try SegmentParser.parse(m1, bitCount: 20 + 3, version: .micro(.m1)).bytes
      == Array("12345".utf8))
  // M4: mode indicators are 3 bits, 0…3; 4…7 are invalid.
  #expect(throws: DecodeError.invalidModeIndicator(5, bitOffset: 0)) {
    try SegmentParser.parse(
      stream([(5, 3), (9, 5)], codewords: 3), bitCount: 24,
      version: .micro(.m4))
  }
}

// MARK: - Text

private func text(_ bytes: [UInt8], eci: Int? = nil, kanji: [UInt8] = [])
  -> (String?, TextDerivation)
{
  var fields: [(UInt32, Int)] = []
  if let eci {
    let designator = ECIDesignator(uncheckedValue: eci)
    fields.append((0b0111, 4))
    fields.append((designator.encodedValue, designator.bitCount))
  }
  fields += [(0b0100, 4), (UInt32(bytes.count), 16)] + bytes.map { (UInt32($0), 8) }
  let version = SymbolVersion.qr(Version(uncheckedNumber: 10))
  let codewords = stream(fields, codewords: bytes.count + 8)
  guard
    let result = try? SegmentParser.parse(
      codewords, bitCount: codewords.count * 8, version: version)
  else { return (nil, .ascii) }
  let derived = DecodedSymbol.text(
    result.bytes, segments: result.segments, eciDesignators: result.eciDesignators)
  return (derived.text, derived.derivation)
}

@Test func textWithoutECIFollowsTheRule() {
  #expect(text(Array("plain".utf8)) == ("plain", .utf8))
  #expect(text(Array("Zürich".utf8)) == ("Zürich", .utf8))
  // "東京" in Shift_JIS is not UTF-8.
  #expect(text([0x93, 0x8C, 0x8B, 0x9E]) == ("東京", .guessedShiftJIS))
  // Latin-1 "Grüße": not UTF-8, not Shift_JIS (0xFC cannot lead).
  #expect(text([0x47, 0x72, 0xFC, 0xDF, 0x65]) == ("Grüße", .iso8859_1))
  // Two half-width katakana bytes are too little evidence: Latin-1 "±²".
  #expect(text([0xB1, 0xB2]) == ("±²", .iso8859_1))
  // A run of three or more is half-width katakana ("ﾃﾞｻﾞｲﾝQR", as on Japanese signs).
  #expect(
    text([0xC3, 0xDE, 0xBB, 0xDE, 0xB2, 0xDD, 0x51, 0x52]) == ("ﾃﾞｻﾞｲﾝQR", .guessedShiftJIS))
}

@Test func textUnderECI() {
  #expect(text([0x80, 0x41], eci: 23) == ("€A", .eci([ECIDesignator(uncheckedValue: 23)])))
  #expect(text([0xC4, 0x80], eci: 26) == ("Ā", .eci([ECIDesignator(uncheckedValue: 26)])))
  #expect(text([0xC4], eci: 26) == (nil, .invalidText(ECIDesignator(uncheckedValue: 26))))
  #expect(text([0xA4, 0xA4], eci: 28) == (nil, .unsupportedECI(ECIDesignator(uncheckedValue: 28))))
  #expect(text([0x30, 0xC6], eci: 25) == ("テ", .eci([ECIDesignator(uncheckedValue: 25)])))
  #expect(text([0xDB], eci: 27) == (nil, .invalidText(ECIDesignator(uncheckedValue: 27))))
  #expect(text([0xE9], eci: 3) == ("é", .eci([ECIDesignator(uncheckedValue: 3)])))
  #expect(text([0xE9], eci: 19) == (nil, .unsupportedECI(ECIDesignator(uncheckedValue: 19))))
  #expect(text([0x82], eci: 0) == ("é", .eci([ECIDesignator(uncheckedValue: 0)])))
}

@Test func derivationDescriptions() {
  #expect(TextDerivation.eci([ECIDesignator(uncheckedValue: 26)]).description == "eci:26")
  #expect(TextDerivation.guessedShiftJIS.description == "guessed:shift_jis")
  #expect(TextDerivation.invalidText(nil).description == "none:invalid:kanji")
  #expect(
    DecodeError.blockBeyondCapacity(block: 2, blockCount: 4, reason: .uncorrectable).description
      == "block 3 of 4: too many errors to correct")
}
