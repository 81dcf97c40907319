// SPDX-License-Identifier: MIT
// What the caller can choose about a symbol.

/// The choices an encoder caller can make; every default gives a standard, widely readable
/// symbol.
///
///     var options = EncodeOptions()
///     options.errorCorrectionLevel = .quartile
///     options.symbolKinds = [.micro, .qr]   // smallest symbol of either kind
///     let symbol = try Encoder.encode(text: "HELLO 123", options: options)
///
/// ## Text every reader reads the same
///
/// By default (`writesTextForEveryReader`), UTF-8 text that is not all ASCII is written after
/// ECI 26 in one byte segment, and never in Kanji mode: zxing-cpp, zbar and OpenCV then all read
/// it exactly (`Tests/ToolTests/ReaderAgreementTests`). Each of the smaller choices garbles it in
/// one of them: without ECI 26, zbar 0.23 guesses the charset and reads "Zürich" or
/// "東京 Tokyo 2026" as Shift_JIS; Kanji mode (Shift_JIS in 13 bits) comes back as Shift_JIS
/// bytes from OpenCV, and mixed with UTF-8 bytes as mojibake in zbar and OpenCV; and OpenCV 5.1
/// reads the segments after an ECI header correctly only when the data bits end four or more
/// bits before a byte boundary, which a lone byte segment always does (not after a structured
/// append header, whose 20 bits leave it 4 short: OpenCV reads no part of a divided non-ASCII
/// payload that has pad codewords, nor does it join parts). ASCII text keeps the
/// optimal mix of modes and no ECI. The cost is measured in `Benchmarks/README.md` (text
/// segments): nothing for ASCII, 2 bytes for Latin text, up to a third more for Japanese than
/// Kanji mode.
///
/// ## When an ECI header is written
///
/// When `eci` is set; for UTF-8 text that is not all ASCII (the rule above) unless only Micro QR
/// is allowed (Micro QR has no ECI); and (ECI 20) when text in the `.shiftJIS` charset puts
/// non-ASCII bytes in byte mode, because readers would otherwise guess UTF-8 or ISO-8859-1.
/// Never for ASCII or ISO-8859-1 text, nor for bytes: byte mode carries the bytes as they are,
/// and some older readers misread or reject a symbol that starts with an ECI header. Under an
/// ECI other than Shift_JIS, Kanji mode is not used (see `allowsKanji`).
public struct EncodeOptions: Hashable, Sendable {
  /// The error correction level to reach at least. Default `.medium`.
  public var errorCorrectionLevel: ErrorCorrectionLevel = .medium

  /// The kinds of symbol to choose from, smallest first; default QR Code only. `[.micro, .qr]`
  /// picks the smallest symbol of either kind. Ignored when `version` is set.
  public var symbolKinds: Set<SymbolKind> {
    get { Set(SymbolKind.allCases.filter(allows)) }
    set {
      allowsQR = newValue.contains(.qr)
      allowsMicro = newValue.contains(.micro)
    }
  }

  /// Whether `symbolKinds` holds `kind`.
  ///
  /// The kinds are kept as two flags, and the set made only when asked for: making the first
  /// `Set<SymbolKind>` of a process looks up `SymbolKind`'s conformance to `Hashable` by
  /// scanning every conformance in the binary, a tenth of a one-code `qrrender` run.
  public func allows(_ kind: SymbolKind) -> Bool {
    switch kind {
    case .qr: allowsQR
    case .micro: allowsMicro
    }
  }

  /// Whether QR Code symbols are allowed (`symbolKinds` holds `.qr`).
  var allowsQR = true
  /// Whether Micro QR symbols are allowed (`symbolKinds` holds `.micro`).
  var allowsMicro = false

  /// A version to use instead of the smallest that fits; encoding fails if the data does not fit.
  public var version: SymbolVersion?

  /// The smallest version to choose (qrencode's `-v`): the symbol is the smallest that fits
  /// among this version and those above it (`SymbolVersion`'s order: M1 to M4, then 1 to 40).
  /// Ignored when `version` is set.
  public var minimumVersion: SymbolVersion?

  /// A mask pattern to use instead of the one the evaluation rules choose; in QR Code numbering
  /// (see `Mask.init(microPattern:)` for Micro QR's 0…3).
  public var mask: Mask?

  /// Whether to raise the error correction level as far as the chosen version still holds the
  /// data. Default false.
  public var boostsErrorCorrectionLevel = false

  /// The charset text is written in (byte segments). Default UTF-8.
  public var charset: Charset = .utf8

  /// An ECI designator to write before the data; nil for the default rule (see above).
  public var eci: ECIDesignator?

  /// A single data mode for all the data, instead of the optimal mix; encoding fails if a
  /// character cannot be written in it.
  public var mode: Mode?

  /// Whether text may use Kanji mode for characters Shift_JIS can write (13 bits instead of 16
  /// or 24). Default false: OpenCV returns Kanji segments as Shift_JIS bytes, and zbar and
  /// OpenCV garble them beside UTF-8 bytes (see above). Ignored (false) under an ECI other than
  /// Shift_JIS, since some readers then decode Kanji segments in the ECI's charset. Setting it
  /// also gives up `writesTextForEveryReader`: asking for Kanji mode is asking for the smallest
  /// symbol.
  public var allowsKanji = false

  /// Whether UTF-8 text that is not all ASCII is written after ECI 26 in one byte segment, the
  /// form every common reader reads exactly (see above). Default true. Applies only with the
  /// UTF-8 charset, no forced `mode`, no FNC1, `eci` nil or UTF-8, Kanji mode not allowed, and
  /// QR Code symbols allowed; false gives the optimal mix of modes (and no ECI unless set).
  public var writesTextForEveryReader = true

  /// FNC1, for GS1 or industry formatted data; nil for none.
  public var fnc1: FNC1?

  /// Creates the default options.
  public init() {}

  /// FNC1 mode: the data follows GS1 or another industry's rules.
  ///
  /// In alphanumeric segments `%` then stands for FNC1 (the GS1 separator, byte 0x1D in the
  /// data) and a literal `%` is written `%%`; the encoder does both. ISO/IEC 18004:2015, 7.4.8.
  public enum FNC1: Hashable, Sendable {
    /// FNC1 in first position: GS1 data (symbology identifier `]Q3`).
    case gs1
    /// FNC1 in second position with an application indicator: two digits as their value
    /// (0…99) or a letter as its ASCII value + 100 (symbology identifier `]Q5`).
    case industry(applicationIndicator: UInt8)
  }
}
