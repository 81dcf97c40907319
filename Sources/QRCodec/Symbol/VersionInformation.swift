// SPDX-License-Identifier: MIT
// Version information for QR Code versions 7…40, BCH(18,6) coded.

/// The 18-bit version information of QR Code versions 7…40.
///
/// Six bits of version number followed by twelve BCH(18,6) check bits, generator
/// *x*¹² + *x*¹¹ + *x*¹⁰ + *x*⁹ + *x*⁸ + *x*⁵ + *x*² + 1 (0x1F25); no XOR mask.
/// ISO/IEC 18004:2015, 7.10 and Annex D.
///
///     VersionInformation.codeword(Version(7)!)  // 0x07C94
public enum VersionInformation {
  /// The 18-bit codeword for `version`, bit 17 first.
  ///
  /// - Precondition: `version.hasVersionInformation`.
  public static func codeword(_ version: Version) -> UInt32 {
    precondition(version.hasVersionInformation, "version \(version) has no version information")
    let data = UInt32(version.number)
    let generator: UInt32 = 0x1F25
    var remainder = data << 12
    for bit in stride(from: 17, through: 12, by: -1) where remainder & (1 << bit) != 0 {
      remainder ^= generator << (bit - 12)
    }
    return data << 12 | remainder
  }

  /// All 34 valid codewords (versions 7…40); a decoder picks the nearest by Hamming distance.
  public static let all: [(version: Version, codeword: UInt32)] =
    Version.all.filter(\.hasVersionInformation).map { ($0, codeword($0)) }
}
