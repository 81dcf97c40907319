// SPDX-License-Identifier: MIT
// BCH decoding of format and version information: every codeword with every pattern of up to
// 3 bit errors, and what 4 errors do.

import Testing

@testable import QRCodec

/// Every pattern of up to `maximum` set bits among the low `width` bits.
private func errorPatterns(width: Int, maximum: Int) -> [UInt32] {
  (0..<(UInt32(1) << width)).filter { $0.nonzeroBitCount <= maximum }
}

@Test func formatInformationCorrectsEveryPatternOfUpToThreeErrors() {
  let patterns = errorPatterns(width: 15, maximum: 3)
  #expect(patterns.count == 1 + 15 + 105 + 455)
  for (information, codeword) in FormatInformation.all {
    for pattern in patterns {
      let read = FormatInformation.nearest(to: codeword ^ UInt16(pattern))
      #expect(read?.information == information)
      #expect(read?.bitErrors == pattern.nonzeroBitCount)
    }
  }
}

@Test func microFormatInformationCorrectsEveryPatternOfUpToThreeErrors() {
  for (information, codeword) in MicroFormatInformation.all {
    for pattern in errorPatterns(width: 15, maximum: 3) {
      #expect(
        MicroFormatInformation.nearest(to: codeword ^ UInt16(pattern))?.information
          == information)
    }
  }
}

/// With minimum distance 7, four errors can never decode to the right value within 3 bits:
/// they are either rejected or land within 3 bits of another codeword.
@Test func formatInformationWithFourErrorsIsRejectedOrAnotherCodeword() {
  var rejected = 0
  var other = 0
  for (information, codeword) in FormatInformation.all {
    for pattern in errorPatterns(width: 15, maximum: 4) where pattern.nonzeroBitCount == 4 {
      if let read = FormatInformation.nearest(to: codeword ^ UInt16(pattern)) {
        #expect(read.information != information)
        #expect(read.bitErrors == 3)
        other += 1
      } else {
        rejected += 1
      }
    }
  }
  #expect(rejected + other == 32 * 1365)
  #expect(rejected > other)
}

@Test func versionInformationCorrectsEveryPatternOfUpToThreeErrors() {
  let patterns = errorPatterns(width: 18, maximum: 3)
  for (version, codeword) in VersionInformation.all {
    for pattern in patterns {
      let read = VersionInformation.nearest(to: codeword ^ pattern)
      #expect(read?.version == version)
      #expect(read?.bitErrors == pattern.nonzeroBitCount)
    }
    // Four errors: minimum distance 8, so never within 3 bits of another codeword.
    #expect(VersionInformation.nearest(to: codeword ^ 0b1111) == nil)
  }
}

/// ISO/IEC 18004:2015, Annex C: level M, mask 101 is 100000011001110 after masking.
@Test func annexCFormatInformationKnownAnswer() {
  let read = FormatInformation.nearest(to: 0b100_0000_1100_1110)
  #expect(read?.information == FormatInformation(level: .medium, mask: Mask(uncheckedPattern: 5)))
  #expect(read?.bitErrors == 0)
}
