// SPDX-License-Identifier: MIT
// Optimal segmentation: the mix of modes with the fewest bits, by dynamic programming.

/// The payload as a sequence of characters, each with the modes that can write it, and the
/// optimal division of it into segments.
///
/// A character is a byte (binary payloads) or a Unicode scalar (text). The division minimises
/// the total bit length, headers included, by dynamic programming over (character, mode): the
/// cheapest way to write the first *i* characters ending in mode *m* is either the cheapest
/// ending in *m* after *i* − 1 characters plus the character's cost in *m*, or the cheapest
/// ending in any mode, rounded up to whole bits, plus a new segment header in *m* and the
/// character's cost. Costs are counted in sixths of a bit so that numeric (10/3 bits a digit) and
/// alphanumeric (11/2 bits a character) stay exact; a segment's rounded-up cost equals its real
/// length. Character count indicator lengths depend on the version, so there is one plan per
/// QR Code version range (1–9, 10–26, 27–40) and per Micro QR version.
/// ISO/IEC 18004:2015, 7.4 and Annex J (optimisation of bit stream length).
struct Segmentation {
  /// One character of the payload.
  struct Character {
    /// The range of the character's bytes in `bytes`.
    var byteRange: Range<Int>
    /// Whether it is a digit `0`…`9`.
    var isDigit: Bool
    /// Its alphanumeric form, if it has one: `count` (1 or 2) times `character` of the
    /// 45-set.
    var alphanumeric: (character: UInt8, count: Int)?
    /// Its Kanji mode value, if it has one.
    var kanjiValue: UInt16?
  }

  /// The payload bytes (text in its charset).
  let bytes: [UInt8]
  /// The characters, covering `bytes` in order.
  let characters: [Character]

  /// Splits binary data into one character per byte.
  ///
  /// - Parameter isFNC1: Whether FNC1 is on, so that 0x1D is written `%` and `%` is `%%` in
  ///   alphanumeric mode.
  /// - Complexity: O(*n*).
  init(bytes: [UInt8], isFNC1: Bool) {
    self.bytes = bytes
    self.characters = bytes.indices.map { i in
      Self.character(bytes[i], byteRange: i..<i + 1, isFNC1: isFNC1)
    }
  }

  /// Splits text into Unicode scalars written in `charset`.
  ///
  /// - Throws: `EncodeError.characterNotInCharset` for a scalar the charset lacks.
  /// - Complexity: O(*n*).
  init(
    text: String, charset: Charset, allowsKanji: Bool, isFNC1: Bool
  ) throws(EncodeError) {
    var bytes: [UInt8] = []
    var characters: [Character] = []
    bytes.reserveCapacity(text.utf8.count)
    characters.reserveCapacity(text.utf8.count)
    // UTF-8 and ISO-8859-1 write ASCII as itself (Shift_JIS does not: 0x5C is the yen sign).
    let isASCIIItself = charset != .shiftJIS
    for (offset, scalar) in text.unicodeScalars.enumerated() {
      if isASCIIItself && scalar.isASCII {
        let byte = UInt8(truncatingIfNeeded: scalar.value)
        characters.append(
          Self.character(byte, byteRange: bytes.count..<bytes.count + 1, isFNC1: isFNC1))
        bytes.append(byte)
        continue
      }
      guard let encoded = charset.bytes(scalar) else {
        throw .characterNotInCharset(scalar, offset: offset, charset: charset)
      }
      let range = bytes.count..<bytes.count + encoded.count
      bytes += encoded
      if encoded.count == 1 && scalar.isASCII {
        characters.append(Self.character(encoded[0], byteRange: range, isFNC1: isFNC1))
      } else {
        let kanji = allowsKanji ? ShiftJIS.kanjiValue(scalar) : nil
        characters.append(
          Character(byteRange: range, isDigit: false, alphanumeric: nil, kanjiValue: kanji))
      }
    }
    self.bytes = bytes
    self.characters = characters
  }

  private init(bytes: [UInt8], characters: [Character]) {
    self.bytes = bytes
    self.characters = characters
  }

  private static func character(_ byte: UInt8, byteRange: Range<Int>, isFNC1: Bool) -> Character {
    let percent = UInt8(ascii: "%")
    var alphanumeric: (character: UInt8, count: Int)? =
      Segment.alphanumericValue(byte) != nil ? (byte, 1) : nil
    if isFNC1 {
      if byte == percent { alphanumeric = (percent, 2) }
      if byte == 0x1D { alphanumeric = (percent, 1) }
    }
    return Character(
      byteRange: byteRange, isDigit: (0x30...0x39).contains(byte), alphanumeric: alphanumeric,
      kanjiValue: nil)
  }

  /// The characters in `range` as a payload of their own.
  ///
  /// - Complexity: O(*n*).
  func slice(_ range: Range<Int>) -> Segmentation {
    guard let first = characters[range].first else {
      return Segmentation(bytes: [], characters: [])
    }
    let offset = first.byteRange.lowerBound
    let moved = characters[range].map { character in
      var character = character
      character.byteRange =
        character.byteRange.lowerBound - offset..<character.byteRange.upperBound - offset
      return character
    }
    let end = characters[range.upperBound - 1].byteRange.upperBound
    return Segmentation(bytes: Array(bytes[offset..<end]), characters: moved)
  }

  // MARK: - Planning

  /// The optimal segments for `version` and their total length in bits (mode and character count
  /// indicators included), or an error if the version cannot write some character.
  ///
  /// - Parameter forcedMode: A single mode to use, or nil for the optimal mix.
  /// - Complexity: O(*n*) time and memory.
  func plan(
    _ version: SymbolVersion, forcedMode: Mode?
  ) -> Result<(segments: [Segment], bitCount: Int), EncodeError> {
    // Modes by `Mode.dataModeIndex`, and no arrays of `Mode` or `Int?`: their metadata is made
    // at run time, together a fiftieth of a one-code `qrrender` run.
    let modeCount = Mode.dataModeCount
    // headers[m]: a new segment's mode and character count indicators, in sixths of a bit; 0
    // where mode m is not used (not the forced mode, or not in the version), as no header is
    // that short.
    var headers = [Int](repeating: 0, count: modeCount)
    for m in 0..<modeCount {
      let mode = Mode(dataModeIndex: m)
      if forcedMode == nil || forcedMode == mode,
        let countBits = mode.characterCountBitCount(version)
      {
        headers[m] = (version.modeIndicatorBitCount + countBits) * 6
      }
    }
    let unreachable = Int.max / 4
    var costs = [Int](repeating: 0, count: modeCount)
    var next = costs
    // previous[i * modeCount + m]: the mode of character i − 1 on the best path that writes
    // character i in mode m; modeCount where character i starts the payload.
    var previous = [UInt8](repeating: 0, count: characters.count * modeCount)
    for (i, character) in characters.enumerated() {
      var bestIndex = 0
      for m in 1..<modeCount where costs[m] < costs[bestIndex] { bestIndex = m }
      let bestRounded = (costs[bestIndex] + 5) / 6 * 6
      for m in 0..<modeCount { next[m] = unreachable }
      for m in 0..<modeCount {
        let header = headers[m]
        guard header > 0, let cost = Self.cost(character, Mode(dataModeIndex: m)) else {
          continue
        }
        let switched = (i == 0 ? 0 : bestRounded) + header
        let continued = i == 0 ? unreachable : costs[m]
        if continued <= switched {
          next[m] = continued + cost
          previous[i * modeCount + m] = UInt8(m)
        } else {
          next[m] = switched + cost
          previous[i * modeCount + m] = UInt8(i == 0 ? modeCount : bestIndex)
        }
      }
      guard next.contains(where: { $0 < unreachable }) else {
        if let forcedMode { return .failure(.characterNotInMode(forcedMode, offset: i)) }
        return .failure(.characterUnsupported(version: version, offset: i))
      }
      swap(&costs, &next)
    }
    if characters.isEmpty { return .success(([], 0)) }
    // Walk back from the cheapest final mode, then cut into runs of equal mode.
    var mode = (0..<modeCount).min { costs[$0] < costs[$1] } ?? 0
    let bitCount = (costs[mode] + 5) / 6
    var modesByCharacter = [Int](repeating: 0, count: characters.count)
    for i in characters.indices.reversed() {
      modesByCharacter[i] = mode
      let before = Int(previous[i * modeCount + mode])
      if i > 0 { mode = before == modeCount ? mode : before }
    }
    var segments: [Segment] = []
    var start = 0
    for i in 1...characters.count
    where i == characters.count
      || modesByCharacter[i] != modesByCharacter[start]
    {
      segments.append(makeSegment(start..<i, Mode(dataModeIndex: modesByCharacter[start])))
      start = i
    }
    if segments.contains(where: { $0.bitCount(version) == nil }) {
      // A run longer than its character count indicator allows is longer than any symbol of
      // the version holds (checked for every version and mode), so call it too large.
      return .success((segments, Int.max / 8))
    }
    return .success((segments, bitCount))
  }

  /// The segment that writes `range` of the characters in `mode`.
  func makeSegment(_ range: Range<Int>, _ mode: Mode) -> Segment {
    let run = characters[range]
    switch mode {
    case .numeric:
      return .numeric(run.map { bytes[$0.byteRange.lowerBound] })
    case .alphanumeric:
      var text: [UInt8] = []
      text.reserveCapacity(2 * run.count)
      for character in run {
        guard let form = character.alphanumeric else { continue }
        for _ in 0..<form.count { text.append(form.character) }
      }
      return .alphanumeric(text)
    case .kanji:
      return .kanji(run.map { $0.kanjiValue ?? 0 })
    default:
      let first = run.first?.byteRange.lowerBound ?? 0
      let last = run.last?.byteRange.upperBound ?? 0
      return .byte(Array(bytes[first..<last]))
    }
  }

  /// The cost of `character` in `mode`, in sixths of a bit, or nil if the mode cannot write it.
  private static func cost(_ character: Character, _ mode: Mode) -> Int? {
    switch mode {
    case .numeric: character.isDigit ? 20 : nil
    case .alphanumeric: character.alphanumeric.map { 33 * $0.count }
    case .kanji: character.kanjiValue != nil ? 78 : nil
    default: 48 * character.byteRange.count
    }
  }
}
