// SPDX-License-Identifier: MIT
// Why a module grid could not be decoded.

/// Why a module grid did not decode to a payload.
///
/// Each case names the first check that failed, in decoding order: grid size, format
/// information, version information, error correction per block, then the data bit stream.
/// Bit offsets count from the first bit of the data bit stream (ISO/IEC 18004:2015, 7.4).
public enum DecodeError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The grid is not 11, 13, 15 or 17 (Micro QR) or 21…177 in steps of 4 (QR Code) modules.
  case invalidGridSize(Int)
  /// Neither copy of the format information is within 3 bit errors of a valid codeword.
  case formatInformationUnreadable
  /// Neither copy of the version information (versions 7…40) is within 3 bit errors of a valid
  /// codeword.
  case versionInformationUnreadable
  /// The version information or the Micro QR format information names a version of another
  /// size than the grid.
  case versionMismatch(grid: SymbolVersion, information: SymbolVersion)
  /// Block `block` (0-based, of `blockCount`) has more errors than its error correction can
  /// correct.
  case blockBeyondCapacity(block: Int, blockCount: Int, reason: ReedSolomonError)
  /// Every data codeword is zero: a valid Reed–Solomon codeword, but no encoder writes it (even
  /// an empty payload is padded with 0xEC 0x11, ISO/IEC 18004:2015, 7.4.10), while a texture that
  /// matches a mask pattern (mask 0 is a checkerboard) unmasks to it.
  case noData
  /// A mode indicator that no mode has in this version.
  case invalidModeIndicator(UInt8, bitOffset: Int)
  /// The data ends inside a segment whose character count runs past it.
  case truncatedSegment(Mode, bitOffset: Int)
  /// A numeric group above 999 (10 bits), 99 (7 bits) or 9 (4 bits).
  case invalidNumericValue(Int, bitOffset: Int)
  /// An alphanumeric pair above 2,024 or a single character above 44.
  case invalidAlphanumericValue(Int, bitOffset: Int)
  /// A Kanji mode value that is no Shift_JIS double-byte code.
  case invalidKanjiValue(Int, bitOffset: Int)
  /// A Hanzi mode subset indicator other than 1 (GB 2312), the only subset GB/T 18284 defines.
  case unsupportedHanziSubset(Int, bitOffset: Int)
  /// A Hanzi mode value that is no GB 2312 double-byte code.
  case invalidHanziValue(Int, bitOffset: Int)
  /// An ECI designator starting with 111, or above 999,999.
  case invalidECIDesignator(bitOffset: Int)
  /// A structured append header whose position is not below its symbol count.
  case invalidStructuredAppend(index: Int, count: Int)

  /// The reason, lowercase, context first.
  public var description: String {
    switch self {
    case .invalidGridSize(let size):
      "invalid grid size \(size): not a QR Code (21…177, steps of 4) or Micro QR (11…17) size"
    case .formatInformationUnreadable: "format information unreadable"
    case .versionInformationUnreadable: "version information unreadable"
    case .versionMismatch(let grid, let information):
      "version mismatch: the grid has the size of version \(grid), its information says "
        + "\(information)"
    case .blockBeyondCapacity(let block, let count, let reason):
      "block \(block + 1) of \(count): \(reason)"
    case .invalidModeIndicator(let bits, let offset):
      "invalid mode indicator \(bits) at bit \(offset)"
    case .truncatedSegment(let mode, let offset):
      "bitstream ends inside the \(mode) segment at bit \(offset)"
    case .invalidNumericValue(let value, let offset):
      "invalid numeric value \(value) at bit \(offset)"
    case .invalidAlphanumericValue(let value, let offset):
      "invalid alphanumeric value \(value) at bit \(offset)"
    case .invalidKanjiValue(let value, let offset):
      "invalid Kanji value \(value) at bit \(offset)"
    case .unsupportedHanziSubset(let subset, let offset):
      "unsupported Hanzi subset \(subset) at bit \(offset)"
    case .invalidHanziValue(let value, let offset):
      "invalid Hanzi value \(value) at bit \(offset)"
    case .invalidECIDesignator(let offset): "invalid ECI designator at bit \(offset)"
    case .noData: "no data: every data codeword is zero"
    case .invalidStructuredAppend(let index, let count):
      "invalid structured append header: symbol \(index + 1) of \(count)"
    }
  }
}
