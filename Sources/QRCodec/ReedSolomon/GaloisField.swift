// SPDX-License-Identifier: MIT
// Arithmetic in GF(2⁸) with the QR Code polynomial 0x11D.

/// Arithmetic in the Galois field GF(2⁸) used by QR Code Reed–Solomon codes.
///
/// Elements are bytes. Addition and subtraction are both XOR. Multiplication uses the primitive
/// polynomial *x*⁸ + *x*⁴ + *x*³ + *x*² + 1 (0x11D), with α = 2 as the generator of the
/// multiplicative group, through log/antilog tables. ISO/IEC 18004:2015, 7.5.2 and Annex A.
public enum GaloisField {
  /// The primitive polynomial, bit 8 included.
  public static let primitivePolynomial = 0x11D

  /// αⁱ for *i* in 0..<510: the table runs twice round the group so that a sum of two
  /// logarithms indexes it without a modulo. `exponents[255] == 1` again.
  public static let exponents: [UInt8] = {
    var table = [UInt8](repeating: 0, count: 510)
    var value = 1
    for i in 0..<255 {
      table[i] = UInt8(value)
      table[i + 255] = UInt8(value)
      value <<= 1  // multiply by α = x
      if value & 0x100 != 0 { value ^= primitivePolynomial }
    }
    return table
  }()

  /// log_α(*a*) for *a* in 1…255, in 0…254; entry 0 is unused (zero has no logarithm) and is 0.
  public static let logarithms: [UInt8] = {
    var table = [UInt8](repeating: 0, count: 256)
    for i in 0..<255 { table[Int(exponents[i])] = UInt8(i) }
    return table
  }()

  /// αⁿ for any integer *n* (negative exponents allowed).
  @inlinable
  public static func power(_ n: Int) -> UInt8 {
    let reduced = n % 255
    return exponents[reduced < 0 ? reduced + 255 : reduced]
  }

  /// log_α(*a*), in 0…254.
  ///
  /// - Precondition: `a != 0`.
  @inlinable
  public static func logarithm(_ a: UInt8) -> Int {
    precondition(a != 0, "zero has no logarithm in GF(256)")
    return Int(logarithms[Int(a)])
  }

  /// The product *a* · *b*.
  @inlinable
  public static func multiply(_ a: UInt8, _ b: UInt8) -> UInt8 {
    if a == 0 || b == 0 { return 0 }
    return exponents[Int(logarithms[Int(a)]) + Int(logarithms[Int(b)])]
  }

  /// The quotient *a* / *b*.
  ///
  /// - Precondition: `b != 0`.
  @inlinable
  public static func divide(_ a: UInt8, _ b: UInt8) -> UInt8 {
    precondition(b != 0, "division by zero in GF(256)")
    if a == 0 { return 0 }
    return exponents[Int(logarithms[Int(a)]) + 255 - Int(logarithms[Int(b)])]
  }

  /// The multiplicative inverse 1 / *a*.
  ///
  /// - Precondition: `a != 0`.
  @inlinable
  public static func inverse(_ a: UInt8) -> UInt8 { divide(1, a) }
}
