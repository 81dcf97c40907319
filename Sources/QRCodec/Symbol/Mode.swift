// SPDX-License-Identifier: MIT
// Segment modes, their indicators and character count indicator lengths.

/// The mode of a segment: how its data is packed, or which header it is.
///
/// ISO/IEC 18004:2015, 7.3 and 7.4; indicators in Table 2, character count indicator lengths in
/// Table 3.
public enum Mode: Hashable, Sendable, CaseIterable, CustomStringConvertible {
  /// Digits 0–9, three per 10 bits.
  case numeric
  /// The 45 characters `0`–`9`, `A`–`Z`, space and `$%*+-./:`, two per 11 bits.
  case alphanumeric
  /// Any 8-bit bytes.
  case byte
  /// Shift_JIS double-byte characters (JIS X 0208), one per 13 bits.
  case kanji
  /// Extended Channel Interpretation: a designator that changes how later bytes are read.
  case eci
  /// FNC1 in first position: the data is GS1 formatted.
  case fnc1FirstPosition
  /// FNC1 in second position: the data follows an industry format named by an application
  /// indicator.
  case fnc1SecondPosition
  /// Structured append: this symbol is one of up to 16 that carry one message.
  case structuredAppend
  /// Hanzi: GB 2312 double-byte characters, one per 13 bits, after a 4-bit subset indicator
  /// (1 for GB 2312). The Chinese national extension, GB/T 18284; QR Code only, and read but
  /// not written here, so it is not among `dataModes`.
  case hanzi

  /// The data modes, which carry characters and a character count indicator.
  public static let dataModes: [Mode] = [.numeric, .alphanumeric, .byte, .kanji]

  /// The number of `dataModes`.
  static let dataModeCount = 4

  /// The mode's place in `dataModes` (numeric 0, alphanumeric 1, byte 2, Kanji 3), or nil for
  /// the other modes.
  ///
  /// A switch, not a search of `dataModes`: the encoder asks for every version it tries, and
  /// making the metadata of a `[Mode]` at run time costs a one-code `qrrender` run a hundredth.
  var dataModeIndex: Int? {
    switch self {
    case .numeric: 0
    case .alphanumeric: 1
    case .byte: 2
    case .kanji: 3
    default: nil
    }
  }

  /// The data mode at `index` of `dataModes`.
  ///
  /// - Precondition: `index` is in 0..<`dataModeCount`.
  init(dataModeIndex index: Int) {
    switch index {
    case 0: self = .numeric
    case 1: self = .alphanumeric
    case 2: self = .byte
    default:
      precondition(index == 3, "no data mode \(index)")
      self = .kanji
    }
  }

  /// Whether the mode carries characters (and so a character count indicator): the
  /// `dataModes` and Hanzi.
  public var isDataMode: Bool { self == .hanzi || dataModeIndex != nil }

  /// The 4-bit QR Code mode indicator. ISO/IEC 18004:2015, Table 2.
  public var indicator: UInt8 {
    switch self {
    case .numeric: 0b0001
    case .alphanumeric: 0b0010
    case .byte: 0b0100
    case .kanji: 0b1000
    case .eci: 0b0111
    case .fnc1FirstPosition: 0b0101
    case .fnc1SecondPosition: 0b1001
    case .structuredAppend: 0b0011
    case .hanzi: 0b1101
    }
  }

  /// The QR Code mode whose 4-bit indicator is `indicator`; nil for the terminator (0000) and
  /// unassigned values.
  public init?(indicator: UInt8) {
    guard let mode = Self.allCases.first(where: { $0.indicator == indicator }) else { return nil }
    self = mode
  }

  /// The Micro QR mode indicator in `version`: 0 bits in M1, 1 in M2, 2 in M3, 3 in M4, or nil
  /// where the version cannot hold the mode (Micro QR has only the four data modes, and M1/M2
  /// lack byte and Kanji, M1 alphanumeric). The value is the data mode's index (0…3).
  ///
  /// ISO/IEC 18004:2015, Table 2.
  public func microIndicator(_ version: MicroVersion) -> (value: UInt8, bitCount: Int)? {
    guard let index = dataModeIndex, index < Self.microModeCount(version) else { return nil }
    return (UInt8(index), version.rawValue - 1)
  }

  /// The Micro QR data mode whose indicator in `version` is `value`.
  public init?(microIndicator value: UInt8, _ version: MicroVersion) {
    guard Int(value) < Self.microModeCount(version) else { return nil }
    self = Self.dataModes[Int(value)]
  }

  /// How many data modes a Micro QR version supports: M1 1, M2 2, M3 and M4 4.
  static func microModeCount(_ version: MicroVersion) -> Int {
    switch version {
    case .m1: 1
    case .m2: 2
    case .m3, .m4: 4
    }
  }

  /// The length of the character count indicator for this data mode in `version`, or nil where
  /// the mode has none (headers) or the version cannot hold the mode.
  ///
  /// QR Code lengths change between versions 9/10 and 26/27. ISO/IEC 18004:2015, Table 3;
  /// Hanzi's are Kanji's (GB/T 18284), and Micro QR has no Hanzi mode.
  public func characterCountBitCount(_ version: SymbolVersion) -> Int? {
    if self == .hanzi {
      guard case .qr = version else { return nil }
      return Mode.kanji.characterCountBitCount(version)
    }
    guard let index = dataModeIndex else { return nil }
    switch version {
    case .qr(let version):
      return Self.characterCountTable[3 * index + CountClass(version).rawValue]
    case .micro(let version):
      return Self.microCharacterCountTable[index][version.rawValue - 1]
    }
  }

  /// The largest character count the mode's indicator can express in `version`.
  public func maximumCharacterCount(_ version: SymbolVersion) -> Int? {
    characterCountBitCount(version).map { (1 << $0) - 1 }
  }

  /// The mode's name in lowercase: `numeric`, `alphanumeric`, `byte`, `kanji`, `eci`, `fnc1`,
  /// `fnc1-second`, `structured-append`, `hanzi`.
  public var description: String {
    switch self {
    case .numeric: "numeric"
    case .alphanumeric: "alphanumeric"
    case .byte: "byte"
    case .kanji: "kanji"
    case .eci: "eci"
    case .fnc1FirstPosition: "fnc1"
    case .fnc1SecondPosition: "fnc1-second"
    case .structuredAppend: "structured-append"
    case .hanzi: "hanzi"
    }
  }

  // MARK: - Tables

  /// The three QR Code version ranges that share character count indicator lengths.
  public enum CountClass: Int, CaseIterable, Sendable {
    /// Versions 1…9.
    case small
    /// Versions 10…26.
    case medium
    /// Versions 27…40.
    case large

    /// The class of `version`.
    public init(_ version: Version) {
      self = version.number <= 9 ? .small : version.number <= 26 ? .medium : .large
    }

    /// The versions in the class.
    public var versions: ClosedRange<Int> {
      switch self {
      case .small: 1...9
      case .medium: 10...26
      case .large: 27...40
      }
    }
  }

  /// QR Code character count indicator lengths; rows of three are data modes, columns version
  /// ranges (`CountClass`), one row after another. ISO/IEC 18004:2015, Table 3.
  ///
  /// One flat array, like the tables of `BlockStructure` and `Version`: the metadata of an array
  /// of arrays, made at run time, would cost a one-code `qrrender` run a fiftieth.
  // swift-format-ignore
  static let characterCountTable: [Int] = [
    // 1–9 10–26 27–40
         10,   12,   14,   // numeric
          9,   11,   13,   // alphanumeric
          8,   16,   16,   // byte
          8,   10,   12,   // kanji
  ]

  /// Micro QR character count indicator lengths; rows are data modes, columns M1…M4; nil where
  /// the version lacks the mode. ISO/IEC 18004:2015, Table 3.
  // swift-format-ignore
  static let microCharacterCountTable: [[Int?]] = [
    //  M1   M2   M3   M4
    [    3,   4,   5,   6],  // numeric
    [  nil,   3,   4,   5],  // alphanumeric
    [  nil, nil,   4,   5],  // byte
    [  nil, nil,   3,   4],  // kanji
  ]
}

extension SymbolVersion {
  /// The length of a mode indicator: 4 bits in QR Code, 0…3 bits in Micro QR M1…M4.
  public var modeIndicatorBitCount: Int {
    switch self {
    case .qr: 4
    case .micro(let version): version.rawValue - 1
    }
  }

  /// The length of the terminator (all zero bits): 4 in QR Code; 3, 5, 7, 9 in M1…M4.
  ///
  /// ISO/IEC 18004:2015, 7.4.9 and Table 2.
  public var terminatorBitCount: Int {
    switch self {
    case .qr: 4
    case .micro(let version): 2 * version.rawValue + 1
    }
  }
}
