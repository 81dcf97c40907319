// SPDX-License-Identifier: MIT
// The encoder's entry points: payload and options in, finished symbol(s) out.

/// Encodes payloads as QR Code or Micro QR symbols (ISO/IEC 18004:2015).
///
/// Three layers, as in Nayuki's generator:
/// - `encode(text:options:)` and `encode(_:options:)` pick the optimal segments, the smallest
///   version that holds them and the best mask;
/// - `encodeParts(text:count:options:)` and `encodeParts(_:count:options:)` divide a payload
///   over up to 16 symbols with structured append;
/// - `encode(segments:version:level:mask:)` builds a symbol from segments you made yourself.
///
///     let symbol = try Encoder.encode(text: "https://example.com", options: EncodeOptions())
///     print(symbol.version, symbol.errorCorrectionLevel)  // Prints "2 M"
public enum Encoder {
  /// Encodes text, written in `options.charset`, in one symbol.
  ///
  /// - Throws: `EncodeError` if the text does not fit, cannot be written in the charset or the
  ///   forced mode, or asks for something the allowed symbols cannot do.
  /// - Complexity: O(*n*) for the segmentation plus O(*size*²) per mask tried.
  public static func encode(text: String, options: EncodeOptions) throws(EncodeError)
    -> EncodedSymbol
  {
    let options = textOptions(text, options)
    let payload = try Segmentation(
      text: text, charset: options.charset, allowsKanji: allowsKanji(options),
      isFNC1: options.fnc1 != nil)
    return try encode(payload, headers: headers(payload, options, isText: true), options: options)
  }

  /// Encodes bytes, exactly as given, in one symbol.
  ///
  /// - Throws: `EncodeError` (see `encode(text:options:)`).
  /// - Complexity: O(*n*) for the segmentation plus O(*size*²) per mask tried.
  public static func encode(_ bytes: [UInt8], options: EncodeOptions) throws(EncodeError)
    -> EncodedSymbol
  {
    let payload = Segmentation(bytes: bytes, isFNC1: options.fnc1 != nil)
    return try encode(payload, headers: headers(payload, options, isText: false), options: options)
  }

  /// Builds a symbol from explicit segments at a fixed version and level.
  ///
  /// - Parameter mask: The mask, or nil to choose by the evaluation rules.
  /// - Throws: `EncodeError.versionTooSmall` if the segments do not fit, or an error for a
  ///   level, mode or mask the version lacks.
  /// - Complexity: O(*size*²) per mask tried.
  public static func encode(
    segments: [Segment], version: SymbolVersion, level: ErrorCorrectionLevel, mask: Mask?
  ) throws(EncodeError) -> EncodedSymbol {
    guard let capacity = version.dataBitCapacity(level) else {
      throw .levelUnsupported(version, level)
    }
    if let mask, version.isMicro, mask.microPattern == nil {
      throw .maskUnsupportedInMicroQR(mask)
    }
    var bitCount = 0
    for segment in segments {
      guard let bits = segment.bitCount(version) else {
        if version.isMicro && !segment.mode.isDataMode {
          throw .modeUnsupportedInMicroQR(segment.mode)
        }
        throw .characterUnsupported(version: version, offset: 0)
      }
      bitCount += bits
    }
    guard bitCount <= capacity else {
      throw .versionTooSmall(
        version: version, level: level, bitCount: bitCount, capacity: capacity,
        smallestFitting: nil)
    }
    let (matrix, chosenMask) = SymbolBuilder.build(
      segments: segments, version: version, level: level, mask: mask)
    let header = segments.first { $0.mode == .structuredAppend }.flatMap { segment in
      // Read back the 16 header bits: index, count − 1, parity.
      let bits = segment.data.bits.reduce(0) { $0 << 1 | ($1 ? 1 : 0) }
      return StructuredAppendHeader(
        index: bits >> 12, count: (bits >> 8 & 0xF) + 1, parity: UInt8(bits & 0xFF))
    }
    return EncodedSymbol(
      matrix: matrix, version: version, errorCorrectionLevel: level, mask: chosenMask,
      segments: segments, dataBitCount: bitCount, structuredAppend: header)
  }

  // MARK: - Choosing the version

  /// A segmentation chosen for one version, with the bits it takes including headers.
  struct Fit {
    var version: SymbolVersion
    var segments: [Segment]
    var bitCount: Int
  }

  /// The options `text` is written with: `options`, with ECI 26 and byte mode when
  /// `writesTextForEveryReader` applies to it (see `EncodeOptions`).
  ///
  /// - Complexity: O(*n*) in the text's UTF-8 bytes, to find a non-ASCII one.
  static func textOptions(_ text: String, _ options: EncodeOptions) -> EncodeOptions {
    guard options.writesTextForEveryReader, options.charset == .utf8, options.mode == nil,
      options.fnc1 == nil, options.eci == nil || options.eci == .utf8, !allowsKanji(options),
      options.allowsQR, options.version?.isMicro != true,
      text.utf8.contains(where: { $0 >= 0x80 })
    else { return options }
    var readable = options
    readable.eci = .utf8
    readable.mode = .byte
    return readable
  }

  /// Whether text may use Kanji mode: as asked, except under an ECI other than Shift_JIS.
  ///
  /// The standard always reads Kanji mode as Shift_JIS, but once a symbol has an ECI, zxing-cpp
  /// (2.x) decodes Kanji segments in the ECI's charset too, which garbles them; byte mode in the
  /// ECI's charset is read correctly by every reader tried.
  static func allowsKanji(_ options: EncodeOptions) -> Bool {
    options.allowsKanji && (options.eci == nil || options.eci == .shiftJIS)
  }

  /// The ECI and FNC1 headers the options call for. See `EncodeOptions` for the ECI rule.
  static func headers(_ payload: Segmentation, _ options: EncodeOptions, isText: Bool) -> [Segment]
  {
    var headers: [Segment] = []
    if let eci = options.eci {
      headers.append(.eci(eci))
    } else if isText && options.charset == .shiftJIS
      && payload.bytes.contains(where: { $0 >= 0x80 })
    {
      headers.append(.eci(.shiftJIS))
    }
    switch options.fnc1 {
    case nil: break
    case .gs1: headers.append(.fnc1FirstPosition)
    case .industry(let indicator):
      headers.append(.fnc1SecondPosition(applicationIndicator: indicator))
    }
    return headers
  }

  /// The versions to try, smallest first: the forced one, or those of the allowed kinds that
  /// have the level and can hold the headers and the forced mask.
  static func candidates(
    _ options: EncodeOptions, headers: [Segment]
  ) throws(EncodeError) -> [SymbolVersion] {
    let level = options.errorCorrectionLevel
    if let mode = options.mode, !Mode.dataModes.contains(mode) { throw .notADataMode(mode) }
    if let version = options.version {
      if version.isMicro {
        if let header = headers.first { throw .modeUnsupportedInMicroQR(header.mode) }
        if let mask = options.mask, mask.microPattern == nil {
          throw .maskUnsupportedInMicroQR(mask)
        }
      }
      guard version.supportedLevels.contains(level) else { throw .levelUnsupported(version, level) }
      return [version]
    }
    var versions: [SymbolVersion] = []
    if options.allowsMicro {
      let microAllowed = headers.isEmpty && options.mask.map { $0.microPattern != nil } ?? true
      if !microAllowed && !options.allowsQR {
        if let header = headers.first { throw .modeUnsupportedInMicroQR(header.mode) }
        if let mask = options.mask { throw .maskUnsupportedInMicroQR(mask) }
      }
      if microAllowed {
        versions += SymbolVersion.all(.micro).filter { $0.supportedLevels.contains(level) }
        if versions.isEmpty && !options.allowsQR {
          throw .levelUnsupported(.micro(.m4), level)
        }
      }
    }
    if options.allowsQR || !options.allowsMicro {
      versions += SymbolVersion.all(.qr)
    }
    if let minimum = options.minimumVersion {
      versions.removeAll { $0 < minimum }
      if versions.isEmpty { throw .levelUnsupported(minimum, level) }
    }
    return versions
  }

  /// What `smallestFit` found: the smallest fit, or why there is none.
  ///
  /// Not `Result<Fit, EncodeError>`: that generic type's metadata is made at run time, and
  /// making it looks up `EncodeError`'s conformance to `Error` by scanning every conformance in
  /// the binary, which a one-code process pays in full.
  enum FitSearch {
    case found(Fit)
    case notFound(EncodeError)
  }

  /// The smallest candidate that holds the payload at `level`, with its segments.
  ///
  /// Plans are computed once per character count class and reused when `versions` lists the
  /// versions of each class together (as `candidates` does, smallest first).
  /// - Returns: The fit, or `.payloadTooLarge` measured at the largest candidate, which a caller
  ///   with a forced version turns into `.versionTooSmall`.
  /// - Throws: Errors no other version would fix (a character the forced mode cannot write).
  /// - Complexity: O(*n*) per character count class.
  static func smallestFit(
    _ payload: Segmentation, headers: [Segment], versions: [SymbolVersion],
    level: ErrorCorrectionLevel, forcedMode: Mode?
  ) throws(EncodeError) -> FitSearch {
    // The plan of the last PlanKey planned. Not one plan per key in an array: the metadata of
    // an array of optional tuples is made at run time, a fiftieth of a one-code `qrrender` run
    // (a dictionary would cost a conformance lookup too, and hashing for every version tried).
    var planned: (key: Int, plan: (segments: [Segment], bitCount: Int))?
    var lastFit: (version: SymbolVersion, plan: (segments: [Segment], bitCount: Int))?
    var lastError: EncodeError?
    for version in versions {
      let key = PlanKey(version).index
      let plan: (segments: [Segment], bitCount: Int)
      if let planned, planned.key == key {
        plan = planned.plan
      } else {
        switch payload.plan(version, forcedMode: forcedMode) {
        case .success(let made): plan = made
        case .failure(let error):
          // A character that a forced mode cannot write fails every version with that mode;
          // a version without the mode (M1 and byte, say) just drops out.
          if let forcedMode, forcedMode.characterCountBitCount(version) != nil { throw error }
          lastError = error
          continue
        }
        planned = (key, plan)
      }
      var headerBits = 0
      for header in headers { headerBits += header.bitCount(version) ?? 0 }
      if let capacity = version.dataBitCapacity(level), headerBits + plan.bitCount <= capacity {
        return .found(
          Fit(
            version: version, segments: headers + plan.segments,
            bitCount: headerBits + plan.bitCount))
      }
      lastFit = (version, plan)
    }
    guard let lastFit, let capacity = lastFit.version.dataBitCapacity(level) else {
      return .notFound(lastError ?? .levelUnsupported(versions.last ?? .micro(.m1), level))
    }
    let headerBits = headers.reduce(0) { $0 + ($1.bitCount(lastFit.version) ?? 0) }
    return .notFound(
      .payloadTooLarge(
        bitCount: headerBits + lastFit.plan.bitCount, capacity: capacity,
        largest: lastFit.version, level: level))
  }

  /// Identifies versions that share character count indicator lengths (and so plans).
  struct PlanKey {
    var micro: MicroVersion?
    var countClass: Mode.CountClass?

    init(_ version: SymbolVersion) {
      switch version {
      case .qr(let qrVersion): countClass = Mode.CountClass(qrVersion)
      case .micro(let microVersion): micro = microVersion
      }
    }

    /// The number of distinct keys: M1…M4 and the three QR Code count classes.
    static let count = 7

    /// The key's place in 0..<`count`.
    var index: Int {
      if let micro { return micro.rawValue - 1 }
      return 4 + (countClass?.rawValue ?? 0)
    }
  }

  /// Encodes a prepared payload in one symbol.
  static func encode(
    _ payload: Segmentation, headers: [Segment], options: EncodeOptions
  ) throws(EncodeError) -> EncodedSymbol {
    let level = options.errorCorrectionLevel
    let versions = try candidates(options, headers: headers)
    let fit: Fit
    switch try smallestFit(
      payload, headers: headers, versions: versions, level: level, forcedMode: options.mode)
    {
    case .found(let found):
      fit = found
    case .notFound(let error):
      guard let forced = options.version else { throw error }
      // Say which version of the same kind would have held it.
      var wider = options
      wider.version = nil
      wider.symbolKinds = [forced.kind]
      var smallest: Fit?
      if case .found(let found) = try? smallestFit(
        payload, headers: headers, versions: candidates(wider, headers: headers), level: level,
        forcedMode: options.mode)
      {
        smallest = found
      }
      guard case .payloadTooLarge(let bits, let capacity, _, _) = error else { throw error }
      throw .versionTooSmall(
        version: forced, level: level, bitCount: bits, capacity: capacity,
        smallestFitting: smallest?.version)
    }
    var chosenLevel = level
    if options.boostsErrorCorrectionLevel {
      for higher in fit.version.supportedLevels where higher > chosenLevel {
        if let capacity = fit.version.dataBitCapacity(higher), fit.bitCount <= capacity {
          chosenLevel = higher
        }
      }
    }
    return try encode(
      segments: fit.segments, version: fit.version, level: chosenLevel, mask: options.mask)
  }
}
