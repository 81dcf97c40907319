// SPDX-License-Identifier: MIT
// Dividing a payload over up to 16 symbols with structured append.

extension Encoder {
  /// Encodes text over several symbols linked by structured append headers.
  ///
  /// With `count` nil, a payload that fits one symbol gives one symbol without a header, and a
  /// larger one is divided into as few symbols as the largest allowed version needs, all of the
  /// smallest version that then suffices. With a `count`, the payload is divided into exactly
  /// that many symbols of one version (`count` 1 gives a plain symbol). Every symbol repeats the
  /// ECI and FNC1 headers, so each can be read alone. ISO/IEC 18004:2015, 8.
  ///
  /// - Parameter count: The number of symbols, in 1…16, or nil for automatic.
  /// - Throws: `EncodeError` if the payload needs more than 16 symbols, does not fit `count`, or
  ///   only Micro QR (which has no structured append) is allowed.
  /// - Complexity: O(*n* log *n*) segmentation work plus O(*size*²) per mask and symbol.
  public static func encodeParts(
    text: String, count: Int?, options: EncodeOptions
  ) throws(EncodeError) -> [EncodedSymbol] {
    let options = textOptions(text, options)
    let payload = try Segmentation(
      text: text, charset: options.charset, allowsKanji: allowsKanji(options),
      isFNC1: options.fnc1 != nil)
    return try encodeParts(
      payload, headers: headers(payload, options, isText: true), count: count, options: options)
  }

  /// Encodes bytes over several symbols linked by structured append headers.
  ///
  /// See `encodeParts(text:count:options:)`.
  /// - Complexity: O(*n* log *n*) segmentation work plus O(*size*²) per mask and symbol.
  public static func encodeParts(
    _ bytes: [UInt8], count: Int?, options: EncodeOptions
  ) throws(EncodeError) -> [EncodedSymbol] {
    let payload = Segmentation(bytes: bytes, isFNC1: options.fnc1 != nil)
    return try encodeParts(
      payload, headers: headers(payload, options, isText: false), count: count, options: options)
  }

  static func encodeParts(
    _ payload: Segmentation, headers: [Segment], count: Int?, options: EncodeOptions
  ) throws(EncodeError) -> [EncodedSymbol] {
    if let count, !(1...StructuredAppendHeader.maximumCount).contains(count) {
      throw .invalidPartCount(count)
    }
    if count == 1 { return [try encode(payload, headers: headers, options: options)] }
    if count == nil {
      do {
        return [try encode(payload, headers: headers, options: options)]
      } catch .payloadTooLarge {
        // Too large for one symbol: divide it below.
      } catch .versionTooSmall {
        // Too large for the forced version: divide it below.
      }
    }
    var qrOptions = options
    if let version = options.version, version.isMicro {
      throw .modeUnsupportedInMicroQR(.structuredAppend)
    }
    if options.version == nil {
      guard options.allowsQR else { throw .modeUnsupportedInMicroQR(.structuredAppend) }
      qrOptions.allowsMicro = false
    }
    // A placeholder header of the right length: its bits do not change its size.
    let placeholder = Segment.structuredAppend(StructuredAppendHeader(uncheckedIndex: 0, count: 1))
    let partHeaders = [placeholder] + headers
    let versions = try candidates(qrOptions, headers: partHeaders)
    let level = options.errorCorrectionLevel
    guard let largest = versions.last else { throw .partsTooSmall(count: count ?? 0) }

    // Fewest parts the largest version allows, then the smallest version that keeps that count.
    let limit = count ?? StructuredAppendHeader.maximumCount
    guard let fewest = greedyParts(payload, partHeaders, largest, level, options.mode),
      fewest.count <= limit
    else {
      if let count { throw .partsTooSmall(count: count) }
      let bits = payload.plan(largest, forcedMode: options.mode).map(\.bitCount)
      throw .tooLargeForStructuredAppend(bitCount: (try? bits.get()) ?? 0)
    }
    var chosen: (version: SymbolVersion, ranges: [Range<Int>]) = (largest, fewest)
    for version in versions {
      if let ranges = greedyParts(payload, partHeaders, version, level, options.mode),
        ranges.count <= fewest.count
      {
        chosen = (version, ranges)
        break
      }
    }
    if let count, chosen.ranges.count != count {
      // Exactly `count` parts: cut at equal byte shares, growing the version until all fit.
      guard payload.characters.count >= count else { throw .partsTooSmall(count: count) }
      let ranges = evenParts(payload, count)
      guard
        let version = versions.first(where: { version in
          ranges.allSatisfy {
            fits(payload.slice($0), partHeaders, version, level, options.mode)
          }
        })
      else { throw .partsTooSmall(count: count) }
      chosen = (version, ranges)
    }
    let parity = StructuredAppendHeader.parity(payload.bytes)
    var symbols: [EncodedSymbol] = []
    for (index, range) in chosen.ranges.enumerated() {
      guard
        let header = StructuredAppendHeader(
          index: index, count: chosen.ranges.count, parity: parity)
      else { throw .invalidPartCount(chosen.ranges.count) }
      let part = payload.slice(range)
      guard case .success(let plan) = part.plan(chosen.version, forcedMode: options.mode) else {
        throw .partsTooSmall(count: chosen.ranges.count)
      }
      symbols.append(
        try encode(
          segments: [.structuredAppend(header)] + headers + plan.segments,
          version: chosen.version, level: level, mask: options.mask))
    }
    return symbols
  }

  /// Whether `part` fits `version` at `level` with `headers`.
  static func fits(
    _ part: Segmentation, _ headers: [Segment], _ version: SymbolVersion,
    _ level: ErrorCorrectionLevel, _ forcedMode: Mode?
  ) -> Bool {
    guard let capacity = version.dataBitCapacity(level),
      case .success(let plan) = part.plan(version, forcedMode: forcedMode)
    else { return false }
    let headerBits = headers.reduce(0) { $0 + ($1.bitCount(version) ?? 0) }
    return headerBits + plan.bitCount <= capacity
  }

  /// Divides the payload front to back, each part the longest prefix of the rest that fits
  /// (found by binary search); nil if a single character does not fit.
  ///
  /// - Complexity: O(*n* log *n*).
  static func greedyParts(
    _ payload: Segmentation, _ headers: [Segment], _ version: SymbolVersion,
    _ level: ErrorCorrectionLevel, _ forcedMode: Mode?
  ) -> [Range<Int>]? {
    guard let capacity = version.dataBitCapacity(level) else { return nil }
    var ranges: [Range<Int>] = []
    var start = 0
    let total = payload.characters.count
    while start < total {
      // No character takes fewer than 10/3 bits, which bounds a part's length.
      var low = start  // largest end known to fit
      var high = min(total, start + capacity * 3 / 10 + 1)  // bound on the end
      while low < high {
        let middle = (low + high + 1) / 2
        if fits(payload.slice(start..<middle), headers, version, level, forcedMode) {
          low = middle
        } else {
          high = middle - 1
        }
      }
      guard low > start else { return nil }
      ranges.append(start..<low)
      start = low
      if ranges.count > StructuredAppendHeader.maximumCount { return ranges }
    }
    return ranges
  }

  /// Divides the characters into `count` runs of about equal byte length.
  static func evenParts(_ payload: Segmentation, _ count: Int) -> [Range<Int>] {
    let characters = payload.characters
    var ranges: [Range<Int>] = []
    var start = 0
    for part in 1...count {
      let target = payload.bytes.count * part / count
      var end = start + 1
      while end < characters.count - (count - part),
        characters[end - 1].byteRange.upperBound < target
      {
        end += 1
      }
      if part == count { end = characters.count }
      ranges.append(start..<end)
      start = end
    }
    return ranges
  }
}
