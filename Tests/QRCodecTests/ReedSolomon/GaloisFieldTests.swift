// SPDX-License-Identifier: MIT

import Testing

@testable import QRCodec

@Test func exponentTableStartsWithPowersOfTwoThenReduces() {
  #expect(Array(GaloisField.exponents[0..<10]) == [1, 2, 4, 8, 16, 32, 64, 128, 0x1D, 0x3A])
  #expect(GaloisField.exponents[254] == 0x8E)
  #expect(GaloisField.exponents[255] == 1)
}

@Test func logarithmsInvertExponents() {
  for i in 0..<255 { #expect(GaloisField.logarithm(GaloisField.power(i)) == i) }
  #expect(Set(GaloisField.exponents[0..<255]).count == 255)
}

@Test func multiplicationAgreesWithCarrylessProductModulo0x11D() {
  func slow(_ a: UInt8, _ b: UInt8) -> UInt8 {
    var product = 0
    for bit in 0..<8 where b >> bit & 1 == 1 { product ^= Int(a) << bit }
    for bit in stride(from: 14, through: 8, by: -1) where product >> bit & 1 == 1 {
      product ^= 0x11D << (bit - 8)
    }
    return UInt8(product)
  }
  for a in stride(from: 0, through: 255, by: 7) {
    for b in 0...255 {
      #expect(GaloisField.multiply(UInt8(a), UInt8(b)) == slow(UInt8(a), UInt8(b)))
    }
  }
}

@Test func divisionAndInverseUndoMultiplication() {
  for a in 1...255 {
    let element = UInt8(a)
    #expect(GaloisField.multiply(element, GaloisField.inverse(element)) == 1)
    #expect(GaloisField.divide(GaloisField.multiply(element, 0x53), 0x53) == element)
  }
}
