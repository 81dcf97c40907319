// SPDX-License-Identifier: MIT

import Testing

@testable import QRCodec

/// Known answer in Nayuki's coefficient order (c/qrcodegen-test.c): highest power first,
/// leading 1 omitted.
@Test func generatorPolynomialDegree5() {
  #expect(ReedSolomonEncoder.generator(degree: 5) == [0x1F, 0xC6, 0x3F, 0x93, 0x74])
}

/// ISO/IEC 18004:2015, Annex A, Table A.1, as exponents of α: degree 7 is
/// x⁷ + α⁸⁷x⁶ + α²²⁹x⁵ + α¹⁴⁶x⁴ + α¹⁴⁹x³ + α²³⁸x² + α¹⁰²x + α²¹.
@Test func generatorPolynomialDegree7MatchesAnnexA() {
  let exponents = [87, 229, 146, 149, 238, 102, 21]
  #expect(ReedSolomonEncoder.generator(degree: 7) == exponents.map(GaloisField.power))
}

@Test(arguments: [2, 5, 6, 7, 8, 10, 13, 16, 22, 28, 30])
func generatorRootsAreConsecutivePowersOfAlpha(degree: Int) {
  let polynomial: [UInt8] = [1] + ReedSolomonEncoder.generator(degree: degree)
  for i in 0..<degree {
    let root = GaloisField.power(i)
    let value = polynomial.reduce(UInt8(0)) { GaloisField.multiply($0, root) ^ $1 }
    #expect(value == 0, "α^\(i) is not a root of degree \(degree)")
  }
}

/// ISO/IEC 18004:2015, Annex I: "01234567" at 1-M gives these error correction codewords.
@Test func annexIErrorCorrectionCodewords() {
  let data: [UInt8] = [
    0x10, 0x20, 0x0C, 0x56, 0x61, 0x80, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11,
  ]
  let ecc = ReedSolomonEncoder.remainder(
    dividing: data, by: ReedSolomonEncoder.generator(degree: 10))
  #expect(ecc == [0xA5, 0x24, 0xD4, 0xC1, 0xED, 0x36, 0xC7, 0x87, 0x2C, 0x55])
}

@Test(.enabled(if: Oracle.isAvailable, Oracle.unavailableReason))
func generatorPolynomialsMatchSegnoTable() throws {
  let lines = try Oracle.run(
    """
    from segno import consts
    for degree, exps in sorted(consts.GEN_POLY.items()):
        print(degree, ' '.join(map(str, exps)))
    """, input: "")
  #expect(lines.count >= 15)
  for line in lines {
    let numbers = line.split(separator: " ").compactMap { Int($0) }
    let degree = numbers[0]
    #expect(
      ReedSolomonEncoder.generator(degree: degree) == numbers.dropFirst().map(GaloisField.power),
      "degree \(degree)")
  }
}
