// SPDX-License-Identifier: MIT
// The decoder's result: the payload, its text, and how the symbol was read.

/// A decoded symbol: the exact payload bytes, their text where it can be derived, and what the
/// decoder learned and corrected on the way.
public struct DecodedSymbol: Hashable, Sendable {
  /// The payload bytes, exactly as encoded: digits and alphanumeric characters as ASCII, byte
  /// segments as they are, Kanji segments as Shift_JIS double bytes, Hanzi segments as GB 2312
  /// double bytes (EUC-CN), FNC1 separators as 0x1D.
  public let bytes: [UInt8]
  /// The payload as text, or nil when it cannot be derived (see `textDerivation`).
  public let text: String?
  /// How `text` was derived from `bytes`.
  public let textDerivation: TextDerivation
  /// The version (and with it the symbology).
  public let version: SymbolVersion
  /// The error correction level (`.low` for M1, which only detects errors).
  public let errorCorrectionLevel: ErrorCorrectionLevel
  /// The mask pattern, in QR Code numbering (see `Mask.microPattern` for Micro QR's).
  public let mask: Mask
  /// The segments, headers included, in order.
  public let segments: [DecodedSegment]
  /// The ECI designators, in order of appearance; empty when there is none.
  public let eciDesignators: [ECIDesignator]
  /// The structured append header, when the symbol is one of a sequence.
  public let structuredAppend: StructuredAppendHeader?
  /// FNC1 mode, when the data follows GS1 or an industry format.
  public let fnc1: FNC1?
  /// Whether the symbol was read from the transposed grid (a mirror image).
  public let isMirrored: Bool
  /// The format information copy used: 0 around the top-left finder pattern (the only one in
  /// Micro QR), 1 beside the other two.
  public let formatInformationCopy: Int
  /// The bit errors corrected in that copy, in 0…3.
  public let formatInformationBitErrors: Int
  /// The version information copy used (0 bottom-left, 1 top-right), nil below version 7.
  public let versionInformationCopy: Int?
  /// What error correction did in each block, in block order.
  public let blocks: [BlockCorrection]
  /// Whether the symbol is a QR Code Model 1 symbol (see `Model1`); `version` then names its
  /// Model 1 version, and segment bit offsets count from after its four leading zero bits.
  public let isModel1: Bool

  /// The symbology.
  public var kind: SymbolKind { version.kind }

  /// The symbology identifier a reader transmits before the data (ISO/IEC 18004:2015, Annex F
  /// and ISO/IEC 15424): `]Q1` plain, `]Q2` with ECI, `]Q3`/`]Q4` FNC1 in first position
  /// without/with ECI, `]Q5`/`]Q6` FNC1 in second position without/with ECI. Micro QR is `]Q1`.
  /// QR Code Model 1 is `]Q0` (as zxing-cpp reports it).
  public var symbologyIdentifier: String {
    if isModel1 { return "]Q0" }
    let hasECI = !eciDesignators.isEmpty
    switch fnc1 {
    case nil: return hasECI ? "]Q2" : "]Q1"
    case .gs1: return hasECI ? "]Q4" : "]Q3"
    case .industry: return hasECI ? "]Q6" : "]Q5"
    }
  }

  /// The smallest margin left in any block: how many more codewords' worth of correction
  /// (2 per error, 1 per erasure) the weakest block could still have taken.
  public var errorCorrectionMargin: Int { blocks.map(\.margin).min() ?? 0 }

  /// FNC1 mode. ISO/IEC 18004:2015, 7.4.8.
  public enum FNC1: Hashable, Sendable {
    /// FNC1 in first position: GS1 data.
    case gs1
    /// FNC1 in second position: an industry format named by the application indicator (0…99
    /// for two digits, or a letter's ASCII value + 100).
    case industry(applicationIndicator: UInt8)
  }
}

/// One segment as it was read from the data bit stream.
public struct DecodedSegment: Hashable, Sendable, CustomStringConvertible {
  /// The mode.
  public let mode: Mode
  /// The character count (digits, characters, bytes or Kanji); 0 for headers.
  public let characterCount: Int
  /// The range of `DecodedSymbol.bytes` the segment produced; empty for headers.
  public let byteRange: Range<Int>
  /// The segment's bits in the data bit stream, mode indicator included.
  public let bitRange: Range<Int>
  /// For an ECI header its designator; for data segments the ECI in effect, if any.
  public let eci: ECIDesignator?

  /// The mode and, for data modes, the character count: `byte(12)`, `eci`.
  public var description: String {
    mode.isDataMode ? "\(mode)(\(characterCount))" : mode.description
  }
}

/// What Reed–Solomon error correction did in one block.
public struct BlockCorrection: Hashable, Sendable {
  /// The number of data codewords (a 4-bit final codeword counts as one).
  public let dataCodewordCount: Int
  /// The number of error correction codewords.
  public let errorCorrectionCodewordCount: Int
  /// The errors corrected at unknown positions.
  public let errorCount: Int
  /// The erasures (codewords with a module marked unreliable) used.
  public let erasureCount: Int
  /// The largest 2 × errors + erasures the block may correct: the error correction codewords
  /// less the misdecode protection codewords (ISO/IEC 18004:2015, Table 9).
  public let capacity: Int

  /// What is left of the capacity: `capacity` − (2 × `errorCount` + `erasureCount`).
  public var margin: Int { capacity - 2 * errorCount - erasureCount }
}

/// How a decoded symbol's text was derived from its bytes.
///
/// With ECI, each byte segment is read in the charset of the ECI in effect. Without, the
/// standard says ISO-8859-1 but most symbols hold UTF-8 and Japanese ones often Shift_JIS, so the
/// byte segments are read by this rule: valid UTF-8 as UTF-8; otherwise valid Shift_JIS that has
/// double-byte characters or a run of three half-width katakana (or sits beside Kanji segments) as
/// Shift_JIS; otherwise ISO-8859-1.
/// Numeric and alphanumeric segments are ASCII, Kanji segments Shift_JIS and Hanzi segments
/// GB 2312 in every case; beside Hanzi segments, byte segments without ECI that are ASCII or
/// not UTF-8 are read as GB 2312 too.
public enum TextDerivation: Hashable, Sendable, CustomStringConvertible {
  /// Read in the charsets the ECI designators name.
  case eci([ECIDesignator])
  /// No byte segments: only numeric and alphanumeric, ASCII by definition.
  case ascii
  /// No ECI, and the byte segments are valid UTF-8.
  case utf8
  /// No byte segments, but Kanji segments: Shift_JIS by definition.
  case shiftJIS
  /// No ECI; not UTF-8, but valid Shift_JIS.
  case guessedShiftJIS
  /// Hanzi segments, and byte segments (if any) only ASCII: GB 2312 by definition.
  case gb2312
  /// No ECI, Hanzi segments, and byte segments that are not UTF-8 but valid GB 2312.
  case guessedGB2312
  /// No ECI, neither UTF-8 nor Shift_JIS: the standard's default, ISO-8859-1.
  case iso8859_1
  /// No text: the ECI names a charset without a table here, or an unassigned designator.
  case unsupportedECI(ECIDesignator)
  /// No text: the bytes are invalid in the charset of this ECI (or, nil, a Kanji value is
  /// unassigned in JIS X 0208).
  case invalidText(ECIDesignator?)
  /// No text: a Hanzi value is unassigned in GB 2312.
  case invalidHanzi

  /// `eci:26`, `ascii`, `utf-8`, `shift_jis`, `guessed:shift_jis`, `gb2312`, `guessed:gb2312`,
  /// `iso-8859-1`, `none:unsupported-eci:28`, `none:invalid:eci:26`, `none:invalid:kanji` or
  /// `none:invalid:hanzi`.
  public var description: String {
    switch self {
    case .eci(let designators): "eci:" + designators.map { String($0.value) }.joined(separator: ",")
    case .ascii: "ascii"
    case .utf8: "utf-8"
    case .shiftJIS: "shift_jis"
    case .guessedShiftJIS: "guessed:shift_jis"
    case .gb2312: "gb2312"
    case .guessedGB2312: "guessed:gb2312"
    case .iso8859_1: "iso-8859-1"
    case .unsupportedECI(let designator): "none:unsupported-eci:\(designator.value)"
    case .invalidText(let designator):
      designator.map { "none:invalid:eci:\($0.value)" } ?? "none:invalid:kanji"
    case .invalidHanzi: "none:invalid:hanzi"
    }
  }
}
