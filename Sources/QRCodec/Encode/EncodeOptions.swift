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
/// ## When an ECI header is written
///
/// By default, never for UTF-8 or ISO-8859-1 text, nor for bytes: byte mode carries the bytes
/// as they are, as qrencode, segno and Nayuki's generator do. Phone cameras and zxing-cpp take
/// valid UTF-8 as UTF-8 without being told, and some older readers misread or reject a symbol
/// that starts with an ECI header. The cost, measured in the tests: zbar 0.23 guesses the
/// charset and reads short UTF-8 such as "Zürich" as Shift_JIS unless ECI 26 is present; with
/// it, zbar and zxing-cpp both read UTF-8 exactly. So set `eci` to `.utf8` when zbar-based
/// readers matter.
///
/// An ECI is written when `eci` is set, and automatically (ECI 20) when text in the `.shiftJIS`
/// charset puts non-ASCII bytes in byte mode, because readers would otherwise guess UTF-8 or
/// ISO-8859-1. Under an ECI other than Shift_JIS, Kanji mode is not used (see `allowsKanji`).
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
  /// or 24). Default true. Ignored (false) under an ECI other than Shift_JIS, since some readers
  /// then decode Kanji segments in the ECI's charset.
  public var allowsKanji = true

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
