// SPDX-License-Identifier: MIT
// Format information: error correction level (or Micro QR symbol number) and mask, BCH coded.

/// The 15-bit format information of a QR Code symbol: error correction level and mask pattern.
///
/// Five data bits (level indicator, then mask reference) are extended with ten BCH(15,5) check
/// bits, generator *x*¹⁰ + *x*⁸ + *x*⁵ + *x*⁴ + *x*² + *x* + 1 (0x537), and XORed with 0x5412 so
/// that no codeword is all zero. ISO/IEC 18004:2015, 7.9.1 and Annex C.
///
///     FormatInformation(level: .medium, mask: Mask(0)!).codeword  // 0x5412
public struct FormatInformation: Hashable, Sendable {
  /// The error correction level.
  public let level: ErrorCorrectionLevel
  /// The mask pattern.
  public let mask: Mask

  /// Creates format information for a level and mask.
  public init(level: ErrorCorrectionLevel, mask: Mask) {
    self.level = level
    self.mask = mask
  }

  /// The XOR mask applied to every QR Code format information codeword.
  public static let qrMask: UInt16 = 0x5412

  /// The XOR mask applied to every Micro QR format information codeword.
  public static let microMask: UInt16 = 0x4445

  /// The 15-bit codeword as placed in the symbol, bit 14 first.
  public var codeword: UInt16 {
    Self.bchCodeword(data: UInt16(level.formatIndicator) << 3 | UInt16(mask.pattern)) ^ Self.qrMask
  }

  /// All 32 valid QR Code format information values, with their codewords; a decoder picks the
  /// one nearest, by Hamming distance, to what it read.
  public static let all: [(information: FormatInformation, codeword: UInt16)] =
    ErrorCorrectionLevel.allCases.flatMap { level in
      Mask.allCases.map { mask in
        let information = FormatInformation(level: level, mask: mask)
        return (information, information.codeword)
      }
    }

  /// The BCH(15,5) codeword of five data bits: the data followed by ten check bits.
  ///
  /// The check bits are the remainder of data × *x*¹⁰ divided by the generator polynomial.
  /// - Parameter data: A value in 0…31.
  public static func bchCodeword(data: UInt16) -> UInt16 {
    assert(data < 32)
    let generator: UInt32 = 0x537
    var remainder = UInt32(data) << 10
    for bit in stride(from: 14, through: 10, by: -1) where remainder & (1 << bit) != 0 {
      remainder ^= generator << (bit - 10)
    }
    return data << 10 | UInt16(remainder)
  }
}

/// The 15-bit format information of a Micro QR symbol: symbol number (version and level) and
/// mask.
///
/// The symbol number 0…7 stands for M1, M2-L, M2-M, M3-L, M3-M, M4-L, M4-M, M4-Q. Three bits of
/// symbol number and two of Micro QR mask reference get the same BCH(15,5) check bits as QR Code
/// and are XORed with 0x4445. ISO/IEC 18004:2015, 7.9.2 and Table 13.
public struct MicroFormatInformation: Hashable, Sendable {
  /// The Micro QR version.
  public let version: MicroVersion
  /// The error correction level (`.low` for M1, which only detects errors).
  public let level: ErrorCorrectionLevel
  /// The mask; one of `Mask.microCases`.
  public let mask: Mask

  /// Creates Micro QR format information, or nil if the version lacks the level or the mask is
  /// not one of Micro QR's four.
  public init?(version: MicroVersion, level: ErrorCorrectionLevel, mask: Mask) {
    guard version.supportedLevels.contains(level), mask.microPattern != nil else { return nil }
    self.version = version
    self.level = level
    self.mask = mask
  }

  /// The symbol number, in 0…7. ISO/IEC 18004:2015, Table 13.
  public var symbolNumber: Int {
    Self.symbols.firstIndex { $0 == (version, level) } ?? 0
  }

  /// The 15-bit codeword as placed in the symbol, bit 14 first.
  public var codeword: UInt16 {
    let data = UInt16(symbolNumber) << 2 | UInt16(mask.microPattern ?? 0)
    return FormatInformation.bchCodeword(data: data) ^ FormatInformation.microMask
  }

  /// All 32 valid Micro QR format information values with their codewords.
  public static let all: [(information: MicroFormatInformation, codeword: UInt16)] =
    symbols.flatMap { version, level in
      Mask.microCases.compactMap { mask in
        MicroFormatInformation(version: version, level: level, mask: mask).map { ($0, $0.codeword) }
      }
    }

  /// The version and level of each symbol number. ISO/IEC 18004:2015, Table 13.
  // swift-format-ignore
  static let symbols: [(MicroVersion, ErrorCorrectionLevel)] = [
    (.m1, .low),                                  // 0 (error detection only)
    (.m2, .low), (.m2, .medium),                  // 1, 2
    (.m3, .low), (.m3, .medium),                  // 3, 4
    (.m4, .low), (.m4, .medium), (.m4, .quartile), // 5, 6, 7
  ]
}
