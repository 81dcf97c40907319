// SPDX-License-Identifier: MIT

import Testing

@testable import QRCodec

/// ISO/IEC 18004:2015, Annex C, Table C.1: rows are levels (M, L, H, Q by indicator 00…11),
/// columns masks 0…7.
// swift-format-ignore
let formatInformationTable: [[UInt16]] = [
  [0x5412, 0x5125, 0x5E7C, 0x5B4B, 0x45F9, 0x40CE, 0x4F97, 0x4AA0],  // M (00)
  [0x77C4, 0x72F3, 0x7DAA, 0x789D, 0x662F, 0x6318, 0x6C41, 0x6976],  // L (01)
  [0x1689, 0x13BE, 0x1CE7, 0x19D0, 0x0762, 0x0255, 0x0D0C, 0x083B],  // H (10)
  [0x355F, 0x3068, 0x3F31, 0x3A06, 0x24B4, 0x2183, 0x2EDA, 0x2BED],  // Q (11)
]

/// Micro QR format information by symbol number (rows 0…7) and Micro mask (columns 0…3).
// swift-format-ignore
let microFormatInformationTable: [[UInt16]] = [
  [0x4445, 0x4172, 0x4E2B, 0x4B1C],  // 0 M1
  [0x55AE, 0x5099, 0x5FC0, 0x5AF7],  // 1 M2-L
  [0x6793, 0x62A4, 0x6DFD, 0x68CA],  // 2 M2-M
  [0x7678, 0x734F, 0x7C16, 0x7921],  // 3 M3-L
  [0x06DE, 0x03E9, 0x0CB0, 0x0987],  // 4 M3-M
  [0x1735, 0x1202, 0x1D5B, 0x186C],  // 5 M4-L
  [0x2508, 0x203F, 0x2F66, 0x2A51],  // 6 M4-M
  [0x34E3, 0x31D4, 0x3E8D, 0x3BBA],  // 7 M4-Q
]

@Test(arguments: ErrorCorrectionLevel.allCases, Mask.allCases)
func formatInformationMatchesAnnexC(level: ErrorCorrectionLevel, mask: Mask) {
  let expected = formatInformationTable[Int(level.formatIndicator)][mask.pattern]
  #expect(FormatInformation(level: level, mask: mask).codeword == expected)
}

@Test func formatInformationListHas32DistinctCodewordsAtLeastDistance7Apart() {
  let codewords = FormatInformation.all.map(\.codeword)
  #expect(Set(codewords).count == 32)
  for (i, a) in codewords.enumerated() {
    for b in codewords[(i + 1)...] { #expect((a ^ b).nonzeroBitCount >= 7) }
  }
}

@Test func microFormatInformationMatchesTable() {
  #expect(MicroFormatInformation.all.count == 32)
  for (information, codeword) in MicroFormatInformation.all {
    let expected =
      microFormatInformationTable[information.symbolNumber][information.mask.microPattern ?? -1]
    #expect(codeword == expected, "\(information)")
  }
}

@Test func levelIndicatorsRoundTrip() {
  for level in ErrorCorrectionLevel.allCases {
    #expect(ErrorCorrectionLevel(formatIndicator: level.formatIndicator) == level)
  }
  #expect(ErrorCorrectionLevel.medium.formatIndicator == 0)
}

@Test func microMasksAreQRPatterns1467() {
  #expect(Mask.microCases.map(\.pattern) == [1, 4, 6, 7])
  #expect(Mask(microPattern: 2)?.pattern == 6)
  #expect(Mask(3)?.microPattern == nil)
}
