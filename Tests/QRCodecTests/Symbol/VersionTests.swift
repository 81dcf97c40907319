// SPDX-License-Identifier: MIT

import Testing

@testable import QRCodec

@Test func versionRangeAndSizes() {
  #expect(Version.all.count == 40)
  #expect(Version(0) == nil && Version(41) == nil)
  #expect(Version.all.map(\.size).first == 21 && Version.all.map(\.size).last == 177)
  #expect(Version(size: 45)?.number == 7)
  #expect(MicroVersion.allCases.map(\.size) == [11, 13, 15, 17])
  #expect(SymbolVersion("M3") == .micro(.m3))
  #expect(SymbolVersion("m5") == nil && SymbolVersion("41") == nil)
}

/// ISO/IEC 18004:2015, Table 1: remainder bits are 0 (1), 7 (2–6), 0 (7–13), 3 (14–20),
/// 4 (21–27), 3 (28–34), 0 (35–40).
@Test(arguments: Version.all)
func remainderBitsMatchTable1(version: Version) {
  let expected: Int
  switch version.number {
  case 2...6: expected = 7
  case 14...20, 28...34: expected = 3
  case 21...27: expected = 4
  default: expected = 0
  }
  #expect(version.remainderBitCount == expected)
}

@Test func alignmentPatternCentreSpotChecks() throws {
  #expect(try #require(Version(1)).alignmentPatternCentres.isEmpty)
  #expect(try #require(Version(2)).alignmentPatternCentres == [6, 18])
  #expect(try #require(Version(7)).alignmentPatternCentres == [6, 22, 38])
  #expect(try #require(Version(32)).alignmentPatternCentres == [6, 34, 60, 86, 112, 138])
  for version in Version.all.dropFirst() {
    let centres = version.alignmentPatternCentres
    #expect(centres.first == 6 && centres.last == version.size - 7, "version \(version)")
    #expect(centres.count == version.number / 7 + 2, "version \(version)")
    // Spacing is even and equal after the first gap. ISO/IEC 18004:2015, Annex E.
    let gaps = zip(centres.dropFirst(), centres).map { $0 - $1 }
    #expect(Set(gaps.dropFirst()).count <= 1 && gaps.allSatisfy { $0 % 2 == 0 })
  }
}

@Test func characterCountIndicatorLengths() throws {
  let v9 = SymbolVersion.qr(try #require(Version(9)))
  let v10 = SymbolVersion.qr(try #require(Version(10)))
  let v27 = SymbolVersion.qr(try #require(Version(27)))
  #expect(Mode.dataModes.map { $0.characterCountBitCount(v9) } == [10, 9, 8, 8])
  #expect(Mode.dataModes.map { $0.characterCountBitCount(v10) } == [12, 11, 16, 10])
  #expect(Mode.dataModes.map { $0.characterCountBitCount(v27) } == [14, 13, 16, 12])
  #expect(Mode.dataModes.map { $0.characterCountBitCount(.micro(.m1)) } == [3, nil, nil, nil])
  #expect(Mode.dataModes.map { $0.characterCountBitCount(.micro(.m4)) } == [6, 5, 5, 4])
  let indicator = try #require(Mode.byte.microIndicator(.m3))
  #expect(indicator.value == 2 && indicator.bitCount == 2)
}
