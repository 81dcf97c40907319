// SPDX-License-Identifier: MIT
// The character sets text can be encoded in.

/// A character set for turning text into the bytes of byte mode segments.
public enum Charset: Hashable, Sendable, CaseIterable, CustomStringConvertible {
  /// UTF-8, what most readers assume when no ECI says otherwise.
  case utf8
  /// ISO/IEC 8859-1, the standard's default interpretation of byte mode.
  case iso8859_1
  /// Shift_JIS (JIS X 0208), common in Japan.
  case shiftJIS

  /// The ECI designator that names this charset.
  public var eciDesignator: ECIDesignator {
    switch self {
    case .utf8: .utf8
    case .iso8859_1: .iso8859_1
    case .shiftJIS: .shiftJIS
    }
  }

  /// Parses a charset name: `utf-8`, `iso-8859-1`/`latin1`, `shift_jis`/`sjis`
  /// (case-insensitive, `-` and `_` alike).
  public init?(name: String) {
    let key = String(name.lowercased().map { $0 == "_" ? "-" : $0 })
    switch key {
    case "utf-8", "utf8": self = .utf8
    case "iso-8859-1", "latin1", "latin-1", "iso8859-1": self = .iso8859_1
    case "shift-jis", "sjis", "shiftjis": self = .shiftJIS
    default: return nil
    }
  }

  /// The bytes of `scalar` in this charset, or nil if the charset cannot write it.
  public func bytes(_ scalar: Unicode.Scalar) -> [UInt8]? {
    switch self {
    case .utf8: Array(String(scalar).utf8)
    case .iso8859_1: scalar.value <= 0xFF ? [UInt8(scalar.value)] : nil
    case .shiftJIS: ShiftJIS.bytes(scalar)
    }
  }

  /// The charset's usual name: `UTF-8`, `ISO-8859-1`, `Shift_JIS`.
  public var description: String {
    switch self {
    case .utf8: "UTF-8"
    case .iso8859_1: "ISO-8859-1"
    case .shiftJIS: "Shift_JIS"
    }
  }
}
