// SPDX-License-Identifier: MIT
// The four error correction levels and their format information indicators.

/// The error correction level of a symbol: how much of it can be damaged and still be read.
///
/// ISO/IEC 18004:2015, 5.3.8 and Table 12 (format information indicators). The levels recover
/// roughly 7 %, 15 %, 25 % and 30 % of the codewords. Micro QR supports `.low` and `.medium` from
/// M2, `.quartile` in M4 only, and never `.high`; M1 detects errors but cannot correct them and is
/// reported as `.low`.
public enum ErrorCorrectionLevel: Int, CaseIterable, Comparable, Hashable, Sendable,
  CustomStringConvertible
{
  /// Level L: about 7 % of the codewords can be restored.
  case low
  /// Level M: about 15 % of the codewords can be restored.
  case medium
  /// Level Q: about 25 % of the codewords can be restored.
  case quartile
  /// Level H: about 30 % of the codewords can be restored.
  case high

  /// The 2-bit indicator written into QR Code format information (L = 01, M = 00, Q = 11, H = 10).
  ///
  /// ISO/IEC 18004:2015, Table 12.
  public var formatIndicator: UInt8 {
    switch self {
    case .low: 0b01
    case .medium: 0b00
    case .quartile: 0b11
    case .high: 0b10
    }
  }

  /// Creates the level that a QR Code format information indicator (two bits) stands for.
  ///
  /// - Parameter formatIndicator: A value in 0…3.
  public init?(formatIndicator: UInt8) {
    guard let level = Self.allCases.first(where: { $0.formatIndicator == formatIndicator }) else {
      return nil
    }
    self = level
  }

  /// The letter the standard uses for the level: `L`, `M`, `Q` or `H`.
  public var letter: Character {
    switch self {
    case .low: "L"
    case .medium: "M"
    case .quartile: "Q"
    case .high: "H"
    }
  }

  /// Creates the level whose letter (`letter`) is `letter`: `L`, `M`, `Q` or `H`, upper case only.
  ///
  /// A switch, not a search of `allCases`: that array's metadata is made at run time, a hundredth
  /// of a one-code `qrrender` run.
  public init?(letter: Character) {
    switch letter {
    case "L": self = .low
    case "M": self = .medium
    case "Q": self = .quartile
    case "H": self = .high
    default: return nil
    }
  }

  /// The level's letter.
  public var description: String { String(letter) }

  /// Orders levels from least (`.low`) to most (`.high`) error correction.
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}
