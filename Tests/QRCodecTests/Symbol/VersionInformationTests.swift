// SPDX-License-Identifier: MIT

import Testing

@testable import QRCodec

/// ISO/IEC 18004:2015, Annex D, Table D.1: versions 7…40.
// swift-format-ignore
let versionInformationTable: [UInt32] = [
  0x07C94, 0x085BC, 0x09A99, 0x0A4D3, 0x0BBF6, 0x0C762, 0x0D847, 0x0E60D,  //  7–14
  0x0F928, 0x10B78, 0x1145D, 0x12A17, 0x13532, 0x149A6, 0x15683, 0x168C9,  // 15–22
  0x177EC, 0x18EC4, 0x191E1, 0x1AFAB, 0x1B08E, 0x1CC1A, 0x1D33F, 0x1ED75,  // 23–30
  0x1F250, 0x209D5, 0x216F0, 0x228BA, 0x2379F, 0x24B0B, 0x2542E, 0x26A64,  // 31–38
  0x27541, 0x28C69,                                                        // 39–40
]

@Test func versionInformationMatchesAnnexD() throws {
  #expect(VersionInformation.all.count == 34)
  for (version, codeword) in VersionInformation.all {
    #expect(codeword == versionInformationTable[version.number - 7], "version \(version)")
  }
  #expect(VersionInformation.codeword(try #require(Version(7))) == 0x07C94)
}
