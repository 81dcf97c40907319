// SPDX-License-Identifier: MIT
// From the corrected data codewords to segments and payload bytes.

/// Reads the data bit stream of a symbol: segments, ECI, FNC1 and structured append headers, up
/// to the terminator. ISO/IEC 18004:2015, 7.4.
///
/// Lenient where real encoders differ and nothing can be misread: the data may end without a
/// terminator (a segment ending at capacity, or a terminator cut short), leftover bits too few
/// for a segment header end the data, and whatever follows a terminator is ignored, so pad
/// codewords other than 0xEC/0x11 are accepted; pad codewords written without a terminator are
/// recognised at a codeword boundary. Strict where the data is wrong: a segment whose character
/// count runs past the data, an unassigned mode indicator, or a value out of range is an error.
struct SegmentParser {
  /// What the data bit stream holds.
  struct Result {
    var bytes: [UInt8] = []
    var segments: [DecodedSegment] = []
    var eciDesignators: [ECIDesignator] = []
    var structuredAppend: StructuredAppendHeader?
    var fnc1: DecodedSymbol.FNC1?
  }

  private var reader: BitReader
  private let version: SymbolVersion
  private var result = Result()
  private var eci: ECIDesignator?

  /// Parses the first `bitCount` bits of `codewords` as the data bit stream of `version`.
  ///
  /// - Throws: `DecodeError` for an invalid mode indicator, a truncated segment or a value out
  ///   of range.
  /// - Complexity: O(*n*) in the number of bits.
  static func parse(
    _ codewords: [UInt8], bitCount: Int, version: SymbolVersion
  ) throws(DecodeError) -> Result {
    var parser = SegmentParser(
      reader: BitReader(codewords: codewords, bitCount: bitCount), version: version)
    try parser.parseAll()
    return parser.result
  }

  private init(reader: BitReader, version: SymbolVersion) {
    self.reader = reader
    self.version = version
  }

  // MARK: - Segments

  private mutating func parseAll() throws(DecodeError) {
    while !isAtEnd() {
      let start = reader.offset
      guard let mode = try readMode() else { return }
      switch mode {
      case .eci:
        let designator = try readECIDesignator(start: start)
        eci = designator
        result.eciDesignators.append(designator)
        appendHeader(mode, start: start, eci: designator)
      case .fnc1FirstPosition:
        result.fnc1 = .gs1
        appendHeader(mode, start: start)
      case .fnc1SecondPosition:
        guard reader.remaining >= 8 else { throw .truncatedSegment(mode, bitOffset: start) }
        result.fnc1 = .industry(applicationIndicator: UInt8(reader.read(8)))
        appendHeader(mode, start: start)
      case .structuredAppend:
        guard reader.remaining >= 16 else { throw .truncatedSegment(mode, bitOffset: start) }
        let index = reader.read(4)
        let count = reader.read(4) + 1
        let parity = UInt8(reader.read(8))
        guard let header = StructuredAppendHeader(index: index, count: count, parity: parity)
        else { throw .invalidStructuredAppend(index: index, count: count) }
        result.structuredAppend = header
        appendHeader(mode, start: start)
      case .numeric, .alphanumeric, .byte, .kanji, .hanzi:
        let subsetBits = mode == .hanzi ? 4 : 0
        guard let countBits = mode.characterCountBitCount(version),
          reader.remaining >= subsetBits + countBits
        else { return }  // a header cut short by the end of the data: nothing more to read
        if mode == .hanzi {
          let offset = reader.offset
          let subset = reader.read(4)
          guard subset == 1 else { throw .unsupportedHanziSubset(subset, bitOffset: offset) }
        }
        let count = reader.read(countBits)
        let byteStart = result.bytes.count
        switch mode {
        case .numeric: try readNumeric(count, start: start)
        case .alphanumeric: try readAlphanumeric(count, start: start)
        case .byte: try readBytes(count, start: start)
        case .hanzi: try readHanzi(count, start: start)
        default: try readKanji(count, start: start)
        }
        result.segments.append(
          DecodedSegment(
            mode: mode, characterCount: count, byteRange: byteStart..<result.bytes.count,
            bitRange: start..<reader.offset, eci: eci))
      }
    }
  }

  private mutating func appendHeader(_ mode: Mode, start: Int, eci: ECIDesignator? = nil) {
    let end = result.bytes.count
    result.segments.append(
      DecodedSegment(
        mode: mode, characterCount: 0, byteRange: end..<end, bitRange: start..<reader.offset,
        eci: eci))
  }

  /// Whether the data ends here: no bits left, a terminator (all zero bits, possibly cut short
  /// by the end of the data), too few bits for a mode indicator, or pad codewords from a
  /// codeword boundary on. ISO/IEC 18004:2015, 7.4.9 and 7.4.10.
  private func isAtEnd() -> Bool {
    let remaining = reader.remaining
    let terminator = min(version.terminatorBitCount, remaining)
    if remaining == 0 || reader.peek(terminator) == 0 { return true }
    if remaining < version.modeIndicatorBitCount { return true }
    return reader.offset % 8 == 0 && reader.isPadCodewords()
  }

  /// Reads a mode indicator. Nil when the leftover bits cannot hold one.
  private mutating func readMode() throws(DecodeError) -> Mode? {
    let start = reader.offset
    switch version {
    case .qr:
      let bits = UInt8(reader.read(4))
      guard let mode = Mode(indicator: bits) else {
        throw .invalidModeIndicator(bits, bitOffset: start)
      }
      return mode
    case .micro(let micro):
      let bits = UInt8(reader.read(version.modeIndicatorBitCount))
      guard let mode = Mode(microIndicator: bits, micro) else {
        throw .invalidModeIndicator(bits, bitOffset: start)
      }
      return mode
    }
  }

  /// Reads an ECI designator in one, two or three bytes (0xxxxxxx, 10xxxxxx…, 110xxxxx…).
  /// ISO/IEC 18004:2015, 7.4.2.2 and Table 4.
  private mutating func readECIDesignator(start: Int) throws(DecodeError) -> ECIDesignator {
    guard reader.remaining >= 8 else { throw .truncatedSegment(.eci, bitOffset: start) }
    let first = reader.read(8)
    let value: Int
    if first & 0x80 == 0 {
      value = first
    } else if first & 0xC0 == 0x80 {
      guard reader.remaining >= 8 else { throw .truncatedSegment(.eci, bitOffset: start) }
      value = (first & 0x3F) << 8 | reader.read(8)
    } else if first & 0xE0 == 0xC0 {
      guard reader.remaining >= 16 else { throw .truncatedSegment(.eci, bitOffset: start) }
      value = (first & 0x1F) << 16 | reader.read(16)
    } else {
      throw .invalidECIDesignator(bitOffset: start)
    }
    guard let designator = ECIDesignator(value) else {
      throw .invalidECIDesignator(bitOffset: start)
    }
    return designator
  }

  // MARK: - Data modes

  /// Digits in groups of three (10 bits), a final pair (7 bits) or single (4 bits).
  /// ISO/IEC 18004:2015, 7.4.3.
  private mutating func readNumeric(_ count: Int, start: Int) throws(DecodeError) {
    let bitCount = count / 3 * 10 + [0, 4, 7][count % 3]
    guard reader.remaining >= bitCount else { throw .truncatedSegment(.numeric, bitOffset: start) }
    var left = count
    while left > 0 {
      let digits = min(left, 3)
      let offset = reader.offset
      let value = reader.read(digits * 3 + 1)
      let limit = [0, 9, 99, 999][digits]
      guard value <= limit else { throw .invalidNumericValue(value, bitOffset: offset) }
      var divisor = [1, 1, 10, 100][digits]
      while divisor > 0 {
        result.bytes.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
        divisor /= 10
      }
      left -= digits
    }
  }

  /// Character pairs in 11 bits (45 × first + second), a final single in 6. With FNC1, `%`
  /// stands for the GS1 separator (0x1D) and `%%` for `%`. ISO/IEC 18004:2015, 7.4.4 and 7.4.8.
  private mutating func readAlphanumeric(_ count: Int, start: Int) throws(DecodeError) {
    let bitCount = count / 2 * 11 + count % 2 * 6
    guard reader.remaining >= bitCount else {
      throw .truncatedSegment(.alphanumeric, bitOffset: start)
    }
    var characters: [UInt8] = []
    characters.reserveCapacity(count)
    var left = count
    while left > 0 {
      let offset = reader.offset
      if left >= 2 {
        let value = reader.read(11)
        guard value < 45 * 45 else { throw .invalidAlphanumericValue(value, bitOffset: offset) }
        characters.append(Segment.alphanumericCharacters[value / 45])
        characters.append(Segment.alphanumericCharacters[value % 45])
        left -= 2
      } else {
        let value = reader.read(6)
        guard value < 45 else { throw .invalidAlphanumericValue(value, bitOffset: offset) }
        characters.append(Segment.alphanumericCharacters[value])
        left -= 1
      }
    }
    guard result.fnc1 != nil else {
      result.bytes += characters
      return
    }
    var i = 0
    while i < characters.count {
      if characters[i] == UInt8(ascii: "%") {
        let isEscaped = i + 1 < characters.count && characters[i + 1] == UInt8(ascii: "%")
        result.bytes.append(isEscaped ? UInt8(ascii: "%") : 0x1D)
        i += isEscaped ? 2 : 1
      } else {
        result.bytes.append(characters[i])
        i += 1
      }
    }
  }

  /// Bytes, 8 bits each. ISO/IEC 18004:2015, 7.4.5.
  private mutating func readBytes(_ count: Int, start: Int) throws(DecodeError) {
    guard reader.remaining >= count * 8 else { throw .truncatedSegment(.byte, bitOffset: start) }
    for _ in 0..<count { result.bytes.append(UInt8(reader.read(8))) }
  }

  /// Kanji in 13 bits each, back to Shift_JIS: value / 0xC0 is the lead byte's row and
  /// value % 0xC0 + 0x40 the trail byte; rows below 0x1F start at lead 0x81, the rest at 0xE0.
  /// ISO/IEC 18004:2015, 7.4.6.
  private mutating func readKanji(_ count: Int, start: Int) throws(DecodeError) {
    guard reader.remaining >= count * 13 else { throw .truncatedSegment(.kanji, bitOffset: start) }
    for _ in 0..<count {
      let offset = reader.offset
      let value = reader.read(13)
      let row = value / 0xC0
      let trail = value % 0xC0 + 0x40
      let lead = row < 0x1F ? 0x81 + row : 0xC1 + row
      guard trail != 0x7F, trail <= 0xFC, lead <= 0xEA || trail <= 0xBF else {
        throw .invalidKanjiValue(value, bitOffset: offset)
      }
      result.bytes.append(UInt8(lead))
      result.bytes.append(UInt8(trail))
    }
  }

  /// Hanzi in 13 bits each, back to GB 2312 in EUC-CN form: value / 0x60 and value % 0x60
  /// are the row and column from 0xA1A1 for rows 0xA1…0xAA (value / 0x60 below 0x0A), from
  /// 0xB0A1 for rows 0xB0…0xF7. The segment header is mode 1101, subset 0001 (GB 2312) and a
  /// count as long as Kanji mode's. GB/T 18284-2000.
  private mutating func readHanzi(_ count: Int, start: Int) throws(DecodeError) {
    guard reader.remaining >= count * 13 else { throw .truncatedSegment(.hanzi, bitOffset: start) }
    for _ in 0..<count {
      let offset = reader.offset
      let value = reader.read(13)
      let row = value / 0x60
      let trail = value % 0x60 + 0xA1
      let lead = row < 0x0A ? 0xA1 + row : 0xA6 + row
      guard trail <= 0xFE, lead <= 0xF7 else { throw .invalidHanziValue(value, bitOffset: offset) }
      result.bytes.append(UInt8(lead))
      result.bytes.append(UInt8(trail))
    }
  }
}

/// Reads bits, most significant first, from the first `bitCount` bits of codewords.
struct BitReader {
  let codewords: [UInt8]
  let bitCount: Int
  private(set) var offset = 0

  init(codewords: [UInt8], bitCount: Int) {
    precondition(bitCount <= codewords.count * 8)
    self.codewords = codewords
    self.bitCount = bitCount
  }

  /// The bits not read yet.
  var remaining: Int { bitCount - offset }

  /// The next `count` bits (at most 24) as a number, without consuming them.
  ///
  /// - Precondition: `count` ≤ `remaining`.
  func peek(_ count: Int) -> Int {
    precondition(count <= remaining && count <= 24)
    var value = 0
    for i in offset..<offset + count {
      value = value << 1 | Int(codewords[i >> 3] >> (7 - (i & 7)) & 1)
    }
    return value
  }

  /// Reads the next `count` bits (at most 24).
  ///
  /// - Precondition: `count` ≤ `remaining`.
  mutating func read(_ count: Int) -> Int {
    let value = peek(count)
    offset += count
    return value
  }

  /// Whether every whole codeword from here on is a pad codeword, 0xEC and 0x11 alternating
  /// (from either), and there is at least one. ISO/IEC 18004:2015, 7.4.10.
  func isPadCodewords() -> Bool {
    let first = offset >> 3
    let end = bitCount >> 3
    guard first < end else { return false }
    let pads: [UInt8] = codewords[first] == 0xEC ? [0xEC, 0x11] : [0x11, 0xEC]
    for i in first..<end where codewords[i] != pads[(i - first) % 2] { return false }
    return true
  }
}
