// SPDX-License-Identifier: MIT
// Why a payload could not be encoded, in words a user can act on.

/// Why a payload could not be encoded.
///
/// `description` is a lowercase message without a trailing period, ready for
/// `prog: message` diagnostics.
public enum EncodeError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The data needs `bitCount` bits, more than the largest allowed symbol (`largest` at `level`)
  /// holds (`capacity` bits).
  case payloadTooLarge(
    bitCount: Int, capacity: Int, largest: SymbolVersion, level: ErrorCorrectionLevel)
  /// The forced version holds `capacity` bits at `level`, fewer than the `bitCount` the data
  /// needs; `smallestFitting` is the smallest version of the same kind that would do, if any.
  case versionTooSmall(
    version: SymbolVersion, level: ErrorCorrectionLevel, bitCount: Int, capacity: Int,
    smallestFitting: SymbolVersion?)
  /// No allowed version has the level (Micro QR has no H, M1 only L, M2/M3 no Q).
  case levelUnsupported(SymbolVersion, ErrorCorrectionLevel)
  /// Micro QR cannot hold this mode: ECI, FNC1, structured append.
  case modeUnsupportedInMicroQR(Mode)
  /// The forced version cannot hold a character: M1 holds digits only, M2 no bytes or Kanji.
  case characterUnsupported(version: SymbolVersion, offset: Int)
  /// The mask is not one of Micro QR's four (QR patterns 1, 4, 6, 7).
  case maskUnsupportedInMicroQR(Mask)
  /// The charset cannot write the character at `offset` (in Unicode scalars).
  case characterNotInCharset(Unicode.Scalar, offset: Int, charset: Charset)
  /// The forced mode cannot write the character at `offset` (in Unicode scalars or bytes).
  case characterNotInMode(Mode, offset: Int)
  /// A forced mode was not a data mode.
  case notADataMode(Mode)
  /// Structured append asked for a number of symbols outside 1…16.
  case invalidPartCount(Int)
  /// The data needs more than 16 symbols even at the largest version (`bitCount` bits).
  case tooLargeForStructuredAppend(bitCount: Int)
  /// The data cannot be divided into `count` symbols of the allowed versions.
  case partsTooSmall(count: Int)

  /// A one-line message saying what is wrong and what would fit.
  public var description: String {
    switch self {
    case .payloadTooLarge(let bits, let capacity, let largest, let level):
      let excess = bits - capacity
      return "payload too large: needs \(bits) data bits, but the largest symbol "
        + "(\(Self.name(largest))-\(level)) holds \(capacity); "
        + "\(excess) bits (about \((excess + 7) / 8) bytes) too many"
    case .versionTooSmall(let version, let level, let bits, let capacity, let smallest):
      let advice =
        smallest.map { "; the smallest that fits is \(Self.name($0))" }
        ?? "; no \(version.kind == .micro ? "Micro QR" : "QR Code") version fits"
      return "\(Self.name(version))-\(level) holds \(capacity) data bits, "
        + "but the payload needs \(bits)\(advice)"
    case .levelUnsupported(let version, let level):
      return "\(Self.name(version)) has no error correction level \(level)"
    case .modeUnsupportedInMicroQR(let mode):
      return "Micro QR cannot hold \(Self.name(mode))"
    case .characterUnsupported(let version, let offset):
      return "\(Self.name(version)) cannot hold the character at offset \(offset)"
    case .maskUnsupportedInMicroQR(let mask):
      return "mask \(mask) is not a Micro QR mask (Micro QR uses QR patterns 1, 4, 6 and 7)"
    case .characterNotInCharset(let scalar, let offset, let charset):
      return "\(Self.name(scalar)) at offset \(offset) cannot be written in \(charset)"
    case .characterNotInMode(let mode, let offset):
      return "the character at offset \(offset) cannot be written in \(mode) mode"
    case .notADataMode(let mode):
      return "\(mode) is not a data mode (numeric, alphanumeric, byte, kanji)"
    case .invalidPartCount(let count):
      return "structured append needs 1 to 16 symbols, not \(count)"
    case .tooLargeForStructuredAppend(let bits):
      return "payload too large: \(bits) data bits do not fit in 16 symbols"
    case .partsTooSmall(let count):
      return "payload does not fit in \(count) symbols"
    }
  }

  private static func name(_ version: SymbolVersion) -> String {
    version.isMicro ? "Micro QR \(version)" : "version \(version)"
  }

  private static func name(_ mode: Mode) -> String {
    switch mode {
    case .eci: "an ECI designator"
    case .fnc1FirstPosition, .fnc1SecondPosition: "FNC1 (GS1) data"
    case .structuredAppend: "structured append"
    default: "\(mode) data"
    }
  }

  private static func name(_ scalar: Unicode.Scalar) -> String {
    let hex = String(scalar.value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }
}
