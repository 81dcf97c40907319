// SPDX-License-Identifier: MIT
// Reed–Solomon error correction codewords: generator polynomials and polynomial division.

/// Computes Reed–Solomon error correction codewords over GF(2⁸).
///
/// The generator polynomial of degree *n* is (*x* − α⁰)(*x* − α¹)…(*x* − αⁿ⁻¹). The error
/// correction codewords of a block are the remainder of data(*x*) · *x*ⁿ divided by it.
/// ISO/IEC 18004:2015, 7.5.2 and Annex A.
///
///     let generator = ReedSolomonEncoder.generator(degree: 5)
///     let ecc = ReedSolomonEncoder.remainder(dividing: [0x10, 0x20], by: generator)
public enum ReedSolomonEncoder {
  /// The generator polynomial of degree `degree`, without its leading coefficient (which is 1),
  /// highest power first: degree 5 gives [0x1F, 0xC6, 0x3F, 0x93, 0x74], meaning
  /// *x*⁵ + 0x1F *x*⁴ + 0xC6 *x*³ + 0x3F *x*² + 0x93 *x* + 0x74.
  ///
  /// - Parameter degree: The number of error correction codewords, in 1…255.
  /// - Complexity: O(*degree*²).
  public static func generator(degree: Int) -> [UInt8] {
    precondition((1...255).contains(degree), "generator degree \(degree) outside 1...255")
    // Multiply out one factor at a time: p(x) · (x + αⁱ) = p(x) · x + αⁱ · p(x), since − is +
    // in GF(2⁸). Coefficients are highest power first, so p(x) · x shifts them up by one: in
    // place, coefficient j takes αⁱ times coefficient j − 1, from the top down so that j − 1 is
    // still the old one. Logarithms, not `multiply`: log αⁱ is i.
    var product = [UInt8](repeating: 0, count: degree + 1)
    product[0] = 1
    let exponents = GaloisField.exponents
    let logarithms = GaloisField.logarithms
    for i in 0..<degree {
      for j in stride(from: i + 1, through: 1, by: -1) where product[j - 1] != 0 {
        product[j] ^= exponents[Int(logarithms[Int(product[j - 1])]) + i]
      }
    }
    return Array(product.dropFirst())
  }

  /// The remainder of `data`(*x*) · *x*ⁿ divided by the generator: the *n* error correction
  /// codewords of a block, first to be transmitted first.
  ///
  /// - Parameters:
  ///   - data: The block's data codewords, first codeword the highest power.
  ///   - generator: A generator from `generator(degree:)`; *n* is its count.
  /// - Complexity: O(*data.count* × *n*).
  public static func remainder(dividing data: [UInt8], by generator: [UInt8]) -> [UInt8] {
    // Polynomial long division of data(x) · xⁿ, kept to its last n terms: each data codeword
    // in turn enters the register, and the leading coefficient, times the (monic) generator,
    // is subtracted (XORed) from the terms below it. What is left is the remainder.
    let count = generator.count
    guard count > 0 else { return [] }
    // The generator's logarithms, taken once; -1 marks a zero coefficient, which adds nothing.
    let generatorLogarithms = generator.map { $0 == 0 ? -1 : GaloisField.logarithm($0) }
    let exponents = GaloisField.exponents
    let logarithms = GaloisField.logarithms
    var remainder = [UInt8](repeating: 0, count: count)
    // Every block of every symbol is divided here: on buffer pointers, and the shift by one
    // term fused with the subtraction. Unsafe: j < count indexes `remainder` and
    // `generatorLogarithms`, j + 1 < count too, and a logarithm sum is below 2 × 255, the
    // length of `exponents`.
    remainder.withUnsafeMutableBufferPointer { remainder in
      generatorLogarithms.withUnsafeBufferPointer { generator in
        exponents.withUnsafeBufferPointer { exponents in
          for codeword in data {
            let factor = codeword ^ remainder[0]
            guard factor != 0 else {
              for j in 0..<count - 1 { remainder[j] = remainder[j + 1] }
              remainder[count - 1] = 0
              continue
            }
            let factorLogarithm = Int(logarithms[Int(factor)])
            func term(_ j: Int) -> UInt8 {
              generator[j] < 0 ? 0 : exponents[generator[j] + factorLogarithm]
            }
            for j in 0..<count - 1 { remainder[j] = remainder[j + 1] ^ term(j) }
            remainder[count - 1] = term(count - 1)
          }
        }
      }
    }
    return remainder
  }
}
