// SPDX-License-Identifier: MIT
// Micro QR Code versions M1…M4.

/// A Micro QR Code version, M1…M4: version M*n* is 9 + 2*n* modules wide.
///
/// A Micro QR symbol has one finder pattern, timing patterns along its top row and left column,
/// one block of codewords and no alignment patterns. ISO/IEC 18004:2015, 5.3.1 and Table 1.
public enum MicroVersion: Int, CaseIterable, Comparable, Hashable, Sendable,
  CustomStringConvertible
{
  /// M1: 11 × 11, numeric data only, error detection only.
  case m1 = 1
  /// M2: 13 × 13, numeric and alphanumeric data, levels L and M.
  case m2
  /// M3: 15 × 15, all four data modes, levels L and M.
  case m3
  /// M4: 17 × 17, all four data modes, levels L, M and Q.
  case m4

  /// The version number without its `M`, in 1…4.
  public var number: Int { rawValue }

  /// Creates the version whose size is `size` modules (11, 13, 15 or 17).
  public init?(size: Int) {
    guard size >= 11, size % 2 == 1, let version = Self(rawValue: (size - 9) / 2) else {
      return nil
    }
    self = version
  }

  /// The number of modules on each side: 9 + 2 × `number`, in 11…17.
  public var size: Int { 9 + 2 * rawValue }

  /// The error correction levels the version supports, lowest first.
  ///
  /// M1 has only error detection and lists `.low` for it. ISO/IEC 18004:2015, Table 9.
  public var supportedLevels: [ErrorCorrectionLevel] {
    switch self {
    case .m1: [.low]
    case .m2, .m3: [.low, .medium]
    case .m4: [.low, .medium, .quartile]
    }
  }

  /// Whether the version can only detect errors, not correct them (M1).
  public var isErrorDetectionOnly: Bool { self == .m1 }

  /// Whether the final data codeword has 4 bits instead of 8 (M1 and M3).
  ///
  /// ISO/IEC 18004:2015, 7.4.10 and Table 7.
  public var hasHalfFinalDataCodeword: Bool { self == .m1 || self == .m3 }

  /// The number of modules for codewords: the square less the finder pattern with its separator
  /// (64), the two timing patterns and format information (15). In 36…192.
  public var dataModuleCount: Int { size * size - 64 - 2 * (size - 8) - 15 }

  /// The number of codewords, counting M1's and M3's 4-bit codeword as one: 5, 10, 17 or 24.
  public var totalCodewordCount: Int { (dataModuleCount + 7) / 8 }

  /// The version as the standard writes it: `M1` … `M4`.
  public var description: String { "M\(rawValue)" }

  /// Orders versions by size.
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}
