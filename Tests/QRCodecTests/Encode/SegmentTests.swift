// SPDX-License-Identifier: MIT

import Testing

@testable import QRCodec

@Test func numericPacksThreeDigitsInTenBits() {
  let segment = Segment.numeric(Array("01234567".utf8))
  // ISO/IEC 18004:2015, 7.4.3: 012 → 0000001100, 345 → 0101011001, 67 → 1000011.
  #expect(segment.data.bits.map { $0 ? "1" : "0" }.joined() == "000000110001010110011000011")
  #expect(segment.bitCount(.qr(Version.minimum)) == 4 + 10 + 27)
}

@Test func alphanumericPacksPairsInElevenBits() {
  // ISO/IEC 18004:2015, 7.4.4: "AC-42" → (10,12) 462, (41,4) 1849, (2) 2.
  let segment = Segment.alphanumeric(Array("AC-42".utf8))
  let expected = "00111001110" + "11100111001" + "000010"
  #expect(segment.data.bits.map { $0 ? "1" : "0" }.joined() == expected)
}

@Test func kanjiValuesFollowShiftJIS() throws {
  // ISO/IEC 18004:2015, 7.4.6: 点 (0x935F) → 0x0D9F, 茗 (0xE4AA) → 0x1AAA.
  #expect(ShiftJIS.kanjiValue("点") == 0x0D9F)
  #expect(ShiftJIS.kanjiValue("茗") == 0x1AAA)
  #expect(ShiftJIS.kanjiValue(lead: 0x93, trail: 0x5F) == 0x0D9F)
  let (lead, trail) = ShiftJIS.doubleByte(kanjiValue: 0x1AAA)
  #expect(lead == 0xE4 && trail == 0xAA)
  #expect(ShiftJIS.kanjiValue("A") == nil && ShiftJIS.kanjiValue("é") == nil)
  #expect(ShiftJIS.kanjiValuesByScalar.count == ShiftJIS.kanjiCount)
}

@Test func eciDesignatorLengths() throws {
  #expect(try #require(ECIDesignator(26)).bitCount == 8)
  #expect(try #require(ECIDesignator(128)).encodedValue == 0x8080)
  #expect(try #require(ECIDesignator(999_999)).bitCount == 24)
  #expect(ECIDesignator(1_000_000) == nil)
}

@Test func structuredAppendParityIsXOR() {
  #expect(StructuredAppendHeader.parity([0x01, 0x02, 0x04]) == 0x07)
  #expect(StructuredAppendHeader(index: 16, count: 16, parity: 0) == nil)
}
