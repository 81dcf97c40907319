// SPDX-License-Identifier: MIT
// The character sets that ECI designators name, and turning their bytes into text.

/// A character set the decoder can meet: the one an ECI designator names, or one it guesses.
///
/// Designator assignments follow AIM ECI (ITS/04-001) as ISO/IEC 18004:2015, 7.4.2 refers to
/// them: 0 and 2 code page 437, 1 and 3 ISO-8859-1, 4…18 ISO-8859-2…16 (no 8859-12), 20
/// Shift_JIS, 21–23 Windows-1250…1252, 24 Windows-1256, 25 UTF-16BE, 26 UTF-8, 27 and 170 ASCII,
/// 28 Big5, 29 GB2312, 30 EUC-KR, 31 GBK, 32 GB18030, 33 UTF-16LE, 34 UTF-32BE, 35 UTF-32LE,
/// 899 binary.
enum TextCharset: Hashable, Sendable, CustomStringConvertible {
  /// ISO-8859-1: every byte is the Unicode scalar of the same number.
  case iso8859_1
  /// One of the single-byte charsets with a generated table.
  case singleByte(SingleByteCharset)
  /// US-ASCII: bytes 0x00…0x7F only.
  case ascii
  /// Shift_JIS: ASCII, half-width katakana, and JIS X 0208 double-byte characters.
  case shiftJIS
  /// GB 2312 in EUC-CN form: ASCII and double-byte characters 0xA1A1…0xF7FE.
  case gb2312
  /// UTF-8.
  case utf8
  /// UTF-16, big-endian (`isBigEndian`) or little-endian.
  case utf16(isBigEndian: Bool)
  /// UTF-32, big-endian (`isBigEndian`) or little-endian.
  case utf32(isBigEndian: Bool)
  /// A charset without a table here (Big5, EUC-KR, GBK, GB18030) or binary data: the
  /// bytes are kept and no text is made.
  case unsupported(name: String)

  /// The charset `designator` names, or nil if the designator is unassigned.
  init?(_ designator: ECIDesignator) {
    switch designator.value {
    case 0, 2: self = .singleByte(.cp437)
    case 1, 3: self = .iso8859_1
    case 4...18:
      guard let charset = SingleByteCharset(iso8859Part: designator.value - 2) else { return nil }
      self = .singleByte(charset)
    case 20: self = .shiftJIS
    case 21: self = .singleByte(.windows1250)
    case 22: self = .singleByte(.windows1251)
    case 23: self = .singleByte(.windows1252)
    case 24: self = .singleByte(.windows1256)
    case 25: self = .utf16(isBigEndian: true)
    case 26: self = .utf8
    case 27, 170: self = .ascii
    case 28: self = .unsupported(name: "Big5")
    case 29: self = .gb2312
    case 30: self = .unsupported(name: "EUC-KR")
    case 31: self = .unsupported(name: "GBK")
    case 32: self = .unsupported(name: "GB18030")
    case 33: self = .utf16(isBigEndian: false)
    case 34: self = .utf32(isBigEndian: true)
    case 35: self = .utf32(isBigEndian: false)
    case 899: self = .unsupported(name: "binary")
    default: return nil
    }
  }

  /// The charset's usual name.
  var description: String {
    switch self {
    case .iso8859_1: "ISO-8859-1"
    case .singleByte(let charset): charset.description
    case .ascii: "US-ASCII"
    case .shiftJIS: "Shift_JIS"
    case .gb2312: "GB2312"
    case .utf8: "UTF-8"
    case .utf16(let isBigEndian): isBigEndian ? "UTF-16BE" : "UTF-16LE"
    case .utf32(let isBigEndian): isBigEndian ? "UTF-32BE" : "UTF-32LE"
    case .unsupported(let name): name
    }
  }

  /// The text of `bytes` in this charset, or nil if a byte sequence is invalid in it or the
  /// charset is unsupported.
  ///
  /// - Complexity: O(*n*).
  func text(_ bytes: ArraySlice<UInt8>) -> String? {
    switch self {
    case .iso8859_1:
      var text = String()
      text.unicodeScalars.append(contentsOf: bytes.map { Unicode.Scalar($0) })
      return text
    case .singleByte(let charset):
      let table = SingleByteCharset.upperHalf(charset)
      var text = String()
      for byte in bytes {
        if byte < 0x80 {
          text.unicodeScalars.append(Unicode.Scalar(byte))
        } else {
          let value = table[Int(byte) - 0x80]
          guard value != 0xFFFD, let scalar = Unicode.Scalar(value) else { return nil }
          text.unicodeScalars.append(scalar)
        }
      }
      return text
    case .ascii:
      guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
      return String(decoding: bytes, as: UTF8.self)
    case .shiftJIS:
      return Self.shiftJISText(bytes)
    case .gb2312:
      return Self.gb2312Text(bytes)
    case .utf8:
      return String(validating: bytes, as: UTF8.self)
    case .utf16(let isBigEndian):
      guard bytes.count % 2 == 0 else { return nil }
      let units = stride(from: bytes.startIndex, to: bytes.endIndex, by: 2).map { i in
        let (high, low) = isBigEndian ? (bytes[i], bytes[i + 1]) : (bytes[i + 1], bytes[i])
        return UInt16(high) << 8 | UInt16(low)
      }
      return String(validating: units, as: UTF16.self)
    case .utf32(let isBigEndian):
      guard bytes.count % 4 == 0 else { return nil }
      var text = String()
      for i in stride(from: bytes.startIndex, to: bytes.endIndex, by: 4) {
        let ordered = isBigEndian ? Array(bytes[i..<i + 4]) : bytes[i..<i + 4].reversed()
        let value = ordered.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        guard let scalar = Unicode.Scalar(value) else { return nil }
        text.unicodeScalars.append(scalar)
      }
      return text
    case .unsupported:
      return nil
    }
  }

  /// Shift_JIS text: single bytes 0x00…0x7F (ASCII) and 0xA1…0xDF (half-width katakana,
  /// U+FF61…U+FF9F); double bytes with lead 0x81…0x9F or 0xE0…0xEB as JIS X 0208 through the
  /// Kanji mode table (`ShiftJIS`). Nil at the first invalid or unassigned sequence.
  ///
  /// - Complexity: O(*n*).
  static func shiftJISText(_ bytes: ArraySlice<UInt8>) -> String? {
    var text = String()
    var i = bytes.startIndex
    while i < bytes.endIndex {
      let lead = bytes[i]
      switch lead {
      case 0x00...0x7F:
        text.unicodeScalars.append(Unicode.Scalar(lead))
        i += 1
      case 0xA1...0xDF:
        guard let scalar = Unicode.Scalar(0xFF61 + UInt32(lead) - 0xA1) else { return nil }
        text.unicodeScalars.append(scalar)
        i += 1
      default:
        guard i + 1 < bytes.endIndex,
          let value = ShiftJIS.kanjiValue(lead: lead, trail: bytes[i + 1]),
          let scalar = ShiftJIS.scalar(kanjiValue: value)
        else { return nil }
        text.unicodeScalars.append(scalar)
        i += 2
      }
    }
    return text
  }

  /// GB 2312 text in EUC-CN form: single bytes 0x00…0x7F (ASCII), double bytes with lead
  /// 0xA1…0xF7 and trail 0xA1…0xFE through the `GB2312` table. Nil at the first invalid or
  /// unassigned sequence.
  ///
  /// - Complexity: O(*n*).
  static func gb2312Text(_ bytes: ArraySlice<UInt8>) -> String? {
    var text = String()
    var i = bytes.startIndex
    while i < bytes.endIndex {
      let lead = bytes[i]
      if lead < 0x80 {
        text.unicodeScalars.append(Unicode.Scalar(lead))
        i += 1
        continue
      }
      guard i + 1 < bytes.endIndex, let scalar = GB2312.scalar(lead: lead, trail: bytes[i + 1])
      else { return nil }
      text.unicodeScalars.append(scalar)
      i += 2
    }
    return text
  }

  /// Whether `bytes` read as Shift_JIS rather than ISO-8859-1: valid Shift_JIS with at least one
  /// double-byte character, or with a run of three or more half-width katakana (0xA1…0xDF).
  ///
  /// A run of three is the evidence: in ISO-8859-1 those bytes are the upper-case accented
  /// letters and symbols, which text rarely strings together, while Japanese signage text written
  /// in half-width katakana (ﾃﾞｻﾞｲﾝ) does nothing else.
  /// - Complexity: O(*n*).
  static func looksLikeShiftJIS(_ bytes: ArraySlice<UInt8>) -> Bool {
    guard shiftJISText(bytes) != nil else { return false }
    var katakanaRun = 0
    for byte in bytes {
      if (0x81...0x9F).contains(byte) || (0xE0...0xEB).contains(byte) { return true }
      katakanaRun = (0xA1...0xDF).contains(byte) ? katakanaRun + 1 : 0
      if katakanaRun >= 3 { return true }
    }
    return false
  }
}

/// The single-byte charsets whose upper halves are tabulated in `SingleByteCharset+Tables.swift`.
enum SingleByteCharset: Hashable, Sendable, CaseIterable, CustomStringConvertible {
  /// IBM code page 437.
  case cp437
  /// ISO/IEC 8859-2 (Latin-2).
  case iso8859_2
  /// ISO/IEC 8859-3 (Latin-3).
  case iso8859_3
  /// ISO/IEC 8859-4 (Latin-4).
  case iso8859_4
  /// ISO/IEC 8859-5 (Cyrillic).
  case iso8859_5
  /// ISO/IEC 8859-6 (Arabic).
  case iso8859_6
  /// ISO/IEC 8859-7 (Greek).
  case iso8859_7
  /// ISO/IEC 8859-8 (Hebrew).
  case iso8859_8
  /// ISO/IEC 8859-9 (Latin-5).
  case iso8859_9
  /// ISO/IEC 8859-10 (Latin-6).
  case iso8859_10
  /// ISO/IEC 8859-11 (Thai).
  case iso8859_11
  /// ISO/IEC 8859-13 (Latin-7).
  case iso8859_13
  /// ISO/IEC 8859-14 (Latin-8).
  case iso8859_14
  /// ISO/IEC 8859-15 (Latin-9).
  case iso8859_15
  /// ISO/IEC 8859-16 (Latin-10).
  case iso8859_16
  /// Windows-1250 (Central European).
  case windows1250
  /// Windows-1251 (Cyrillic).
  case windows1251
  /// Windows-1252 (Western European).
  case windows1252
  /// Windows-1256 (Arabic).
  case windows1256

  /// ISO/IEC 8859-`part`, or nil for parts 1 (not tabulated: it is the identity), 12 (never
  /// published) and outside 2…16.
  init?(iso8859Part part: Int) {
    let parts: [Int: SingleByteCharset] = [
      2: .iso8859_2, 3: .iso8859_3, 4: .iso8859_4, 5: .iso8859_5, 6: .iso8859_6,
      7: .iso8859_7, 8: .iso8859_8, 9: .iso8859_9, 10: .iso8859_10, 11: .iso8859_11,
      13: .iso8859_13, 14: .iso8859_14, 15: .iso8859_15, 16: .iso8859_16,
    ]
    guard let charset = parts[part] else { return nil }
    self = charset
  }

  /// The charset's usual name: `IBM437`, `ISO-8859-2`, `windows-1252`.
  var description: String {
    switch self {
    case .cp437: "IBM437"
    case .iso8859_2: "ISO-8859-2"
    case .iso8859_3: "ISO-8859-3"
    case .iso8859_4: "ISO-8859-4"
    case .iso8859_5: "ISO-8859-5"
    case .iso8859_6: "ISO-8859-6"
    case .iso8859_7: "ISO-8859-7"
    case .iso8859_8: "ISO-8859-8"
    case .iso8859_9: "ISO-8859-9"
    case .iso8859_10: "ISO-8859-10"
    case .iso8859_11: "ISO-8859-11"
    case .iso8859_13: "ISO-8859-13"
    case .iso8859_14: "ISO-8859-14"
    case .iso8859_15: "ISO-8859-15"
    case .iso8859_16: "ISO-8859-16"
    case .windows1250: "windows-1250"
    case .windows1251: "windows-1251"
    case .windows1252: "windows-1252"
    case .windows1256: "windows-1256"
    }
  }
}

/// GB 2312, the simplified Chinese charset of Hanzi mode (GB/T 18284) and ECI 29, in its EUC-CN
/// form: each character a lead byte 0xA1…0xF7 and a trail byte 0xA1…0xFE (row and column + 0xA0).
enum GB2312 {
  /// The character of the double-byte code `lead` `trail`, or nil if GB 2312 assigns none.
  static func scalar(lead: UInt8, trail: UInt8) -> Unicode.Scalar? {
    guard (0xA1...0xF7).contains(lead), (0xA1...0xFE).contains(trail) else { return nil }
    let value = scalars[(Int(lead) - 0xA1) * 94 + Int(trail) - 0xA1]
    return value == 0xFFFD ? nil : Unicode.Scalar(value)
  }
}
