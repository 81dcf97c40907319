// SPDX-License-Identifier: MIT
// Reading format and version information: the nearest valid codeword by Hamming distance.

extension FormatInformation {
  /// The format information whose codeword is nearest `codeword`, with the number of bits that
  /// differ; nil when more than 3 differ.
  ///
  /// The BCH(15,5) code has minimum distance 7, so up to 3 bit errors leave exactly one codeword
  /// within 3 bits. ISO/IEC 18004:2015, 7.9.1 and Annex C.
  /// - Complexity: O(1): 32 comparisons.
  public static func nearest(to codeword: UInt16) -> (information: Self, bitErrors: Int)? {
    nearestEntry(codeword, in: all.lazy.map { ($0.information, UInt32($0.codeword)) })
  }

  /// The QR Code Model 1 format information whose codeword (masked with `Model1.formatMask`) is
  /// nearest `codeword`, with the number of bits that differ; nil when more than 3 differ.
  ///
  /// A Model 1 codeword is at least 5 bits from every Model 2 codeword, so a read within 2 bits
  /// of one is farther from all of the other.
  /// - Complexity: O(1): 32 comparisons.
  public static func nearestModel1(to codeword: UInt16) -> (information: Self, bitErrors: Int)? {
    nearestEntry(codeword, in: allModel1.lazy.map { ($0.information, UInt32($0.codeword)) })
  }
}

extension MicroFormatInformation {
  /// The Micro QR format information whose codeword is nearest `codeword`, with the number of
  /// bits that differ; nil when more than 3 differ. ISO/IEC 18004:2015, 7.9.2.
  ///
  /// - Complexity: O(1): 32 comparisons.
  public static func nearest(to codeword: UInt16) -> (information: Self, bitErrors: Int)? {
    nearestEntry(codeword, in: all.lazy.map { ($0.information, UInt32($0.codeword)) })
  }
}

extension VersionInformation {
  /// The version whose version information codeword is nearest `codeword`, with the number of
  /// bits that differ; nil when more than 3 differ.
  ///
  /// The BCH(18,6) code has minimum distance 8. ISO/IEC 18004:2015, 7.10 and Annex D.
  /// - Complexity: O(1): 34 comparisons.
  public static func nearest(to codeword: UInt32) -> (version: Version, bitErrors: Int)? {
    nearestEntry(codeword, in: all.lazy.map { ($0.version, $0.codeword) })
  }
}

/// The entry of `table` whose codeword differs from `codeword` in the fewest bits (the first on
/// a tie), if that is at most 3.
private func nearestEntry<Value, Codeword: BinaryInteger>(
  _ codeword: Codeword, in table: some Sequence<(Value, UInt32)>
) -> (Value, Int)? {
  var best: (Value, Int)?
  for (value, candidate) in table {
    let distance = (UInt32(codeword) ^ candidate).nonzeroBitCount
    if distance < best?.1 ?? 4 { best = (value, distance) }
  }
  return best
}
