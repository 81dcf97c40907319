// SPDX-License-Identifier: MIT
// Segments: a mode, a character count and the data bits; also the ECI, FNC1 and structured
// append headers.

/// One segment of a symbol's data: a data mode with its characters, or a header (ECI, FNC1,
/// structured append).
///
/// A segment knows its data bits; the mode indicator and character count indicator are added
/// when it is written into a version, since their lengths depend on it.
/// ISO/IEC 18004:2015, 7.4.
public struct Segment: Hashable, Sendable, CustomStringConvertible {
  /// The mode.
  public let mode: Mode

  /// The number of characters: digits, alphanumeric characters, bytes or Kanji characters; 0
  /// for headers.
  public let characterCount: Int

  /// The bits after the mode indicator and character count indicator.
  let data: BitBuffer

  /// The characters of alphanumeric mode, in value order 0…44. ISO/IEC 18004:2015, Table 5.
  public static let alphanumericCharacters = Array(
    "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:".utf8)

  /// The alphanumeric value (0…44) of an ASCII byte, or nil if it is not in the set.
  public static func alphanumericValue(_ byte: UInt8) -> UInt8? {
    let value = alphanumericValues[Int(byte)]
    return value < 45 ? value : nil
  }

  /// The alphanumeric value of each byte, 0xFF for those not in the set.
  ///
  /// Not `[UInt8?]`: that array's metadata is made at run time, which a one-code `qrrender`
  /// run would pay; `[UInt8]`'s comes with the standard library.
  private static let alphanumericValues: [UInt8] = {
    var table = [UInt8](repeating: 0xFF, count: 256)
    for (value, byte) in alphanumericCharacters.enumerated() { table[Int(byte)] = UInt8(value) }
    return table
  }()

  // MARK: - Data segments

  /// A numeric segment: each group of three digits takes 10 bits, a final pair 7, a single 4.
  ///
  /// ISO/IEC 18004:2015, 7.4.3.
  /// - Parameter digits: ASCII digits `0`…`9`.
  /// - Complexity: O(*n*).
  public static func numeric(_ digits: [UInt8]) -> Segment {
    var data = BitBuffer()
    var start = 0
    while start < digits.count {
      let group = digits[start..<min(start + 3, digits.count)]
      let value = group.reduce(0) { $0 * 10 + UInt32($1 - UInt8(ascii: "0")) }
      data.append(value, count: group.count * 3 + 1)
      start += 3
    }
    return Segment(mode: .numeric, characterCount: digits.count, data: data)
  }

  /// An alphanumeric segment: each pair takes 11 bits (45 × first + second), a final single
  /// character 6. ISO/IEC 18004:2015, 7.4.4.
  ///
  /// - Parameter text: ASCII bytes of the 45-character set.
  /// - Complexity: O(*n*).
  public static func alphanumeric(_ text: [UInt8]) -> Segment {
    var data = BitBuffer()
    let values = text.map { UInt32(alphanumericValue($0) ?? 0) }
    var start = 0
    while start + 1 < values.count {
      data.append(values[start] * 45 + values[start + 1], count: 11)
      start += 2
    }
    if start < values.count { data.append(values[start], count: 6) }
    return Segment(mode: .alphanumeric, characterCount: text.count, data: data)
  }

  /// A byte segment: 8 bits per byte. ISO/IEC 18004:2015, 7.4.5.
  ///
  /// - Complexity: O(*n*).
  public static func byte(_ bytes: [UInt8]) -> Segment {
    var data = BitBuffer()
    data.reserveCapacity(bitCount: bytes.count * 8)
    for byte in bytes { data.append(UInt32(byte), count: 8) }
    return Segment(mode: .byte, characterCount: bytes.count, data: data)
  }

  /// A Kanji segment: 13 bits per character. ISO/IEC 18004:2015, 7.4.6.
  ///
  /// - Parameter values: Kanji mode values (see `ShiftJIS.kanjiValue(_:)`), each below 8,192.
  /// - Complexity: O(*n*).
  public static func kanji(_ values: [UInt16]) -> Segment {
    var data = BitBuffer()
    for value in values { data.append(UInt32(value), count: 13) }
    return Segment(mode: .kanji, characterCount: values.count, data: data)
  }

  // MARK: - Headers

  /// An ECI header. ISO/IEC 18004:2015, 7.4.2.
  public static func eci(_ designator: ECIDesignator) -> Segment {
    var data = BitBuffer()
    data.append(designator.encodedValue, count: designator.bitCount)
    return Segment(mode: .eci, characterCount: 0, data: data)
  }

  /// The FNC1 in first position header: the data that follows is GS1 formatted.
  ///
  /// ISO/IEC 18004:2015, 7.4.8.
  public static let fnc1FirstPosition = Segment(
    mode: .fnc1FirstPosition, characterCount: 0, data: BitBuffer())

  /// The FNC1 in second position header with its 8-bit application indicator: two digits
  /// `00`…`99` as their value, or a letter as its ASCII value + 100. ISO/IEC 18004:2015, 7.4.8.
  public static func fnc1SecondPosition(applicationIndicator: UInt8) -> Segment {
    var data = BitBuffer()
    data.append(UInt32(applicationIndicator), count: 8)
    return Segment(mode: .fnc1SecondPosition, characterCount: 0, data: data)
  }

  /// A structured append header: this symbol's position (0…15), the number of symbols (1…16)
  /// and the parity byte shared by all of them. ISO/IEC 18004:2015, 8.
  public static func structuredAppend(_ header: StructuredAppendHeader) -> Segment {
    var data = BitBuffer()
    data.append(UInt32(header.index), count: 4)
    data.append(UInt32(header.count - 1), count: 4)
    data.append(UInt32(header.parity), count: 8)
    return Segment(mode: .structuredAppend, characterCount: 0, data: data)
  }

  // MARK: - Writing

  /// The bits this segment takes in `version`: mode indicator, character count indicator and
  /// data. Nil if the version cannot hold the mode or the count overflows its indicator.
  public func bitCount(_ version: SymbolVersion) -> Int? {
    guard let header = headerBitCount(version) else { return nil }
    return header + data.count
  }

  private func headerBitCount(_ version: SymbolVersion) -> Int? {
    switch version {
    case .qr:
      guard mode.isDataMode else { return 4 }
    case .micro(let micro):
      guard mode.microIndicator(micro) != nil else { return nil }
    }
    guard let countBits = mode.characterCountBitCount(version),
      characterCount < 1 << countBits
    else { return nil }
    return version.modeIndicatorBitCount + countBits
  }

  /// Writes the segment into `buffer` as it appears in `version`.
  ///
  /// - Precondition: `bitCount(version) != nil`.
  func write(to buffer: inout BitBuffer, _ version: SymbolVersion) {
    switch version {
    case .qr:
      buffer.append(UInt32(mode.indicator), count: 4)
    case .micro(let micro):
      guard let indicator = mode.microIndicator(micro) else {
        preconditionFailure("\(mode) segment in Micro QR \(micro)")
      }
      buffer.append(UInt32(indicator.value), count: indicator.bitCount)
    }
    if let countBits = mode.characterCountBitCount(version) {
      buffer.append(UInt32(characterCount), count: countBits)
    }
    buffer.append(data)
  }

  /// The mode and, for data modes, the character count: `byte(12)`, `eci`.
  public var description: String {
    mode.isDataMode ? "\(mode)(\(characterCount))" : mode.description
  }
}
