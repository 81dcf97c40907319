// SPDX-License-Identifier: MIT
// The decoder's entry point: a sampled module grid in, a verified payload out.

/// Decodes QR Code and Micro QR symbols from module grids (ISO/IEC 18004:2015, 12 and Annex B).
///
/// The steps: the grid size gives the symbology and version; format information (level and
/// mask) is read from the better of its copies and corrected by BCH; versions 7…40 check their
/// version information against the size; the data modules are unmasked and read in placement
/// order into codewords, de-interleaved into blocks, and each block is corrected by
/// Reed–Solomon and verified; the data bit stream is then parsed into segments. Nothing is
/// returned that error correction has not verified.
///
/// A grid of versions 1…14 that fails as Model 2 is read as QR Code Model 1 (`Model1`) when its
/// format information is nearer a Model 1 codeword; such a symbol has `isModel1` set.
///
///     let symbol = try Decoder.decode(grid)
///     print(symbol.text ?? "", symbol.version, symbol.errorCorrectionLevel)
public enum Decoder {
  /// Decodes the symbol in `grid`.
  ///
  /// - Parameters:
  ///   - grid: The modules, without quiet zone: 21…177 (QR Code) or 11…17 (Micro QR) wide.
  ///   - unreliableModules: Dark where the detector could not tell dark from light; a codeword
  ///     with such a module counts as an erasure (half an error). Same size as `grid`.
  ///   - allowsMirrored: Whether to try the transposed grid (a symbol seen from the back) when
  ///     the grid as given does not decode.
  /// - Returns: The payload and how it was read.
  /// - Throws: `DecodeError` from reading the grid as given (not from the mirrored attempt).
  /// - Complexity: O(*size*²) to read the modules, plus O(*n* (*n* − *k*)) per block that needs
  ///   correction.
  public static func decode(
    _ grid: BitMatrix, unreliableModules: BitMatrix? = nil, allowsMirrored: Bool = true
  ) throws(DecodeError) -> DecodedSymbol {
    precondition(
      unreliableModules.map { $0.size == grid.size } ?? true,
      "unreliable module mask of another size than the grid")
    do {
      return try decodeOnce(grid, unreliableModules: unreliableModules, isMirrored: false)
    } catch {
      let isSizeError = if case .invalidGridSize = error { true } else { false }
      if allowsMirrored && !isSizeError,
        let mirrored = try? decodeOnce(
          grid.transposed(), unreliableModules: unreliableModules?.transposed(), isMirrored: true)
      {
        return mirrored
      }
      throw error
    }
  }

  /// Decodes `grid` read as given: as QR Code Model 2 (or Micro QR), and when that fails, as
  /// QR Code Model 1 where its format information says so.
  static func decodeOnce(
    _ grid: BitMatrix, unreliableModules: BitMatrix?, isMirrored: Bool
  ) throws(DecodeError) -> DecodedSymbol {
    do {
      return try decodeModel2Once(
        grid, unreliableModules: unreliableModules, isMirrored: isMirrored)
    } catch {
      if let symbol = try? decodeModel1Once(
        grid, unreliableModules: unreliableModules, isMirrored: isMirrored)
      {
        return symbol
      }
      throw error
    }
  }

  /// Decodes `grid` as QR Code Model 2 or Micro QR.
  static func decodeModel2Once(
    _ grid: BitMatrix, unreliableModules: BitMatrix?, isMirrored: Bool
  ) throws(DecodeError) -> DecodedSymbol {
    let symbolInformation = try readSymbolInformation(grid)
    let version = symbolInformation.version
    let level = symbolInformation.level
    let mask = symbolInformation.mask
    guard let structure = version.blockStructure(level) else {
      // Format information only names levels its version supports.
      preconditionFailure("\(version) has no level \(level)")
    }
    let layout = DecodingLayout.of(version)
    let (codewords, erased) = readCodewords(
      grid, unreliableModules: unreliableModules, layout: layout, structure: structure,
      mask: mask)
    let (data, blocks) = try correctBlocks(
      codewords, erased: erased, structure: structure, version: version, level: level)
    guard data.contains(where: { $0 != 0 }) else { throw .noData }
    let parsed = try SegmentParser.parse(
      data, bitCount: structure.dataBitCapacity, version: version)
    return makeSymbol(
      parsed, information: symbolInformation, isMirrored: isMirrored, blocks: blocks,
      isModel1: false)
  }

  /// Decodes `grid` as QR Code Model 1 (see `Model1`): only a grid of a Model 1 size whose
  /// format information is nearer a Model 1 codeword than any Model 2 codeword, so that a Model 2
  /// symbol whose format information reads within 2 bits is never read as Model 1, and whose
  /// two copies name the same format information (each within 3 bits) or one copy is within
  /// 1 bit.
  ///
  /// The first codeword's high half (the bottom-right corner modules) holds the four zero bits
  /// the Model 1 data bit stream starts with: it is read as zero, as zxing-cpp does, and must
  /// still be zero after correction.
  static func decodeModel1Once(
    _ grid: BitMatrix, unreliableModules: BitMatrix?, isMirrored: Bool
  ) throws(DecodeError) -> DecodedSymbol {
    guard let qrVersion = Version(size: grid.size), Model1.versionRange.contains(qrVersion.number)
    else { throw .invalidGridSize(grid.size) }
    let layout = DecodingLayout.model1(qrVersion)
    var format: (information: FormatInformation, bitErrors: Int, copy: Int)?
    var copies: [FormatInformation?] = []
    var model2BitErrors = 4
    for (copy, positions) in layout.formatInformation.enumerated() {
      let codeword = UInt16(read(positions, in: grid))
      let nearest = FormatInformation.nearestModel1(to: codeword)
      copies.append(nearest?.information)
      if let (information, bitErrors) = nearest, bitErrors < format?.bitErrors ?? 4 {
        format = (information, bitErrors, copy)
      }
      if let (_, bitErrors) = FormatInformation.nearest(to: codeword) {
        model2BitErrors = min(model2BitErrors, bitErrors)
      }
    }
    // Stricter than Model 2's one copy within 3 bits: on corpus photos one in seven grids that
    // fail as Model 2 read within 3 bits of a Model 1 codeword by chance, and each costs a
    // failed Reed–Solomon decoding; agreeing copies or a copy within 1 bit cut that to one in
    // 25.
    guard let format, format.bitErrors < model2BitErrors,
      format.bitErrors <= 1 || copies.allSatisfy({ $0 == format.information })
    else { throw .formatInformationUnreadable }
    let level = format.information.level
    let mask = format.information.mask
    guard let structure = BlockStructure(model1: qrVersion, level) else {
      preconditionFailure("Model 1 version \(qrVersion) has no level \(level)")
    }
    let modules = readCodewords(
      grid, unreliableModules: unreliableModules, layout: layout, structure: structure,
      mask: mask)
    var codewords = modules.codewords
    codewords[0] &= 0x0F
    let version = SymbolVersion.qr(qrVersion)
    let (data, blocks) = try correctBlocks(
      codewords, erased: modules.erased, structure: structure, version: version, level: level,
      isInterleaved: false)
    guard data[0] & 0xF0 == 0 else {
      throw .blockBeyondCapacity(block: 0, blockCount: blocks.count, reason: .uncorrectable)
    }
    guard data.contains(where: { $0 != 0 }) else { throw .noData }
    // The bit stream without its four leading zero bits.
    var stream = [UInt8](repeating: 0, count: data.count)
    for i in data.indices {
      stream[i] = data[i] << 4 | (i + 1 < data.count ? data[i + 1] >> 4 : 0)
    }
    let parsed = try SegmentParser.parse(
      stream, bitCount: structure.dataBitCapacity - 4, version: version)
    let information = SymbolInformation(
      version: version, level: level, mask: mask, formatCopy: format.copy,
      formatBitErrors: format.bitErrors, versionCopy: nil)
    return makeSymbol(
      parsed, information: information, isMirrored: isMirrored, blocks: blocks, isModel1: true)
  }

  private static func makeSymbol(
    _ parsed: SegmentParser.Result, information: SymbolInformation, isMirrored: Bool,
    blocks: [BlockCorrection], isModel1: Bool
  ) -> DecodedSymbol {
    let (text, derivation) = DecodedSymbol.text(
      parsed.bytes, segments: parsed.segments, eciDesignators: parsed.eciDesignators)
    return DecodedSymbol(
      bytes: parsed.bytes, text: text, textDerivation: derivation, version: information.version,
      errorCorrectionLevel: information.level, mask: information.mask, segments: parsed.segments,
      eciDesignators: parsed.eciDesignators, structuredAppend: parsed.structuredAppend,
      fnc1: parsed.fnc1, isMirrored: isMirrored, formatInformationCopy: information.formatCopy,
      formatInformationBitErrors: information.formatBitErrors,
      versionInformationCopy: information.versionCopy, blocks: blocks, isModel1: isModel1)
  }

  // MARK: - Format and version information

  /// What the function modules say about the symbol.
  struct SymbolInformation {
    var version: SymbolVersion
    var level: ErrorCorrectionLevel
    var mask: Mask
    var formatCopy: Int
    var formatBitErrors: Int
    var versionCopy: Int?
  }

  /// Reads the version (from the size, checked against version information), level and mask.
  ///
  /// - Complexity: O(1): at most 66 modules and 98 codeword comparisons.
  static func readSymbolInformation(_ grid: BitMatrix) throws(DecodeError) -> SymbolInformation {
    let size = grid.size
    if let micro = MicroVersion(size: size), micro.size == size {
      let layout = DecodingLayout.of(.micro(micro))
      let codeword = UInt16(read(layout.formatInformation[0], in: grid))
      guard let (information, bitErrors) = MicroFormatInformation.nearest(to: codeword) else {
        throw .formatInformationUnreadable
      }
      guard information.version == micro else {
        throw .versionMismatch(grid: .micro(micro), information: .micro(information.version))
      }
      return SymbolInformation(
        version: .micro(micro), level: information.level, mask: information.mask, formatCopy: 0,
        formatBitErrors: bitErrors, versionCopy: nil)
    }
    guard let qrVersion = Version(size: size) else { throw .invalidGridSize(size) }
    let layout = DecodingLayout.of(.qr(qrVersion))
    var format: (information: FormatInformation, bitErrors: Int, copy: Int)?
    for (copy, positions) in layout.formatInformation.enumerated() {
      guard
        let (information, bitErrors) = FormatInformation.nearest(
          to: UInt16(read(positions, in: grid)))
      else { continue }
      if bitErrors < format?.bitErrors ?? 4 { format = (information, bitErrors, copy) }
    }
    guard let format else { throw .formatInformationUnreadable }
    var versionCopy: Int?
    if qrVersion.hasVersionInformation {
      var best: (version: Version, bitErrors: Int, copy: Int)?
      for (copy, positions) in layout.versionInformation.enumerated() {
        guard let (version, bitErrors) = VersionInformation.nearest(to: read(positions, in: grid))
        else { continue }
        if bitErrors < best?.bitErrors ?? 4 { best = (version, bitErrors, copy) }
      }
      guard let best else { throw .versionInformationUnreadable }
      guard best.version == qrVersion else {
        throw .versionMismatch(grid: .qr(qrVersion), information: .qr(best.version))
      }
      versionCopy = best.copy
    }
    return SymbolInformation(
      version: .qr(qrVersion), level: format.information.level, mask: format.information.mask,
      formatCopy: format.copy, formatBitErrors: format.bitErrors, versionCopy: versionCopy)
  }

  /// The number whose bit *i* is the module at `positions[i]` (1 for dark).
  private static func read(_ positions: [Int], in grid: BitMatrix) -> UInt32 {
    var value: UInt32 = 0
    for (bit, index) in positions.enumerated() where grid.modules[index] {
      value |= 1 << UInt32(bit)
    }
    return value
  }

  // MARK: - Codewords and blocks

  /// The codewords in placement order, unmasked, with whether each has an unreliable module.
  /// A 4-bit final data codeword (M1, M3) sits in the high half of its byte.
  ///
  /// - Complexity: O(*n*) in the number of data modules.
  static func readCodewords(
    _ grid: BitMatrix, unreliableModules: BitMatrix?, layout: DecodingLayout,
    structure: BlockStructure, mask: Mask
  ) -> (codewords: [UInt8], erased: [Bool]) {
    let total = structure.dataCodewordCount + structure.errorCorrectionCodewordCount
    let halfIndex = structure.hasHalfFinalDataCodeword ? structure.dataCodewordCount - 1 : -1
    let maskBit = UInt8(1) << UInt8(mask.pattern)
    var codewords = [UInt8](repeating: 0, count: total)
    var erased = [Bool](repeating: false, count: unreliableModules == nil ? 0 : total)
    grid.modules.withUnsafeBufferPointer { modules in
      layout.dataModules.withUnsafeBufferPointer { positions in
        layout.maskBits.withUnsafeBufferPointer { masks in
          var bit = 0
          for i in 0..<total {
            let width = i == halfIndex ? 4 : 8
            var value: UInt8 = 0
            for _ in 0..<width {
              let isDark = modules[Int(positions[bit])] != (masks[bit] & maskBit != 0)
              value = value << 1 | (isDark ? 1 : 0)
              bit += 1
            }
            codewords[i] = width == 8 ? value : value << 4
          }
        }
      }
    }
    if let unreliableModules {
      var bit = 0
      for i in 0..<total {
        let width = i == halfIndex ? 4 : 8
        for _ in 0..<width {
          if unreliableModules.modules[Int(layout.dataModules[bit])] { erased[i] = true }
          bit += 1
        }
      }
    }
    return (codewords, erased)
  }

  /// The number of misdecode protection codewords *p*: error correction codewords that only
  /// detect errors, so that 2*e* + *f* ≤ *n* − *k* − *p*. ISO/IEC 18004:2015, Table 9 (the
  /// footnoted (*c*, *k*, *r*) entries); M1's two codewords only detect.
  static func misdecodeProtectionCodewordCount(
    _ version: SymbolVersion, _ level: ErrorCorrectionLevel
  ) -> Int {
    switch (version, level) {
    case (.qr(let qrVersion), _):
      switch (qrVersion.number, level) {
      case (1, .low): 3
      case (1, .medium), (2, .low): 2
      case (1, .quartile), (1, .high), (3, .low): 1
      default: 0
      }
    case (.micro(.m1), _), (.micro(.m2), .medium), (.micro(.m3), .low), (.micro(.m4), .low): 2
    case (.micro(.m2), .low): 3
    case (.micro, _): 0
    }
  }

  /// Syndromes an erasure-aided correction leaves unused to verify itself.
  static let erasureVerificationMargin = 3

  /// De-interleaves the codewords into blocks (ISO/IEC 18004:2015, 7.6), corrects each, and
  /// returns the data codewords in order with what each block needed.
  ///
  /// QR Code Model 1 does not interleave (`isInterleaved` false): the blocks' data codewords
  /// follow one another, then their error correction codewords, block after block.
  ///
  /// An erasure-aided correction that fails is retried without the erasures, since a detector's
  /// unreliable modules may be right after all.
  /// - Throws: `DecodeError.blockBeyondCapacity` for the first block that cannot be corrected.
  /// - Complexity: O(*n*) plus O(*n* (*n* − *k*)) per block with errors.
  static func correctBlocks(
    _ codewords: [UInt8], erased: [Bool], structure: BlockStructure, version: SymbolVersion,
    level: ErrorCorrectionLevel, isInterleaved: Bool = true
  ) throws(DecodeError) -> (data: [UInt8], blocks: [BlockCorrection]) {
    let dataLengths = structure.dataCodewordsPerBlock
    let parity = structure.errorCorrectionCodewordsPerBlock
    let blockCount = dataLengths.count
    var blocks = dataLengths.map { [UInt8](repeating: 0, count: $0 + parity) }
    var erasures = [[Int]](repeating: [], count: blockCount)
    let longest = dataLengths.max() ?? 0
    var index = 0
    func take(_ block: Int, _ position: Int) {
      blocks[block][position] = codewords[index]
      if !erased.isEmpty && erased[index] { erasures[block].append(position) }
      index += 1
    }
    if isInterleaved {
      for position in 0..<longest {
        for block in 0..<blockCount where position < dataLengths[block] { take(block, position) }
      }
      for position in 0..<parity {
        for block in 0..<blockCount { take(block, dataLengths[block] + position) }
      }
    } else {
      for block in 0..<blockCount {
        for position in 0..<dataLengths[block] { take(block, position) }
      }
      for block in 0..<blockCount {
        for position in 0..<parity { take(block, dataLengths[block] + position) }
      }
    }

    let limit = parity - misdecodeProtectionCodewordCount(version, level)
    var data: [UInt8] = []
    data.reserveCapacity(structure.dataCodewordCount)
    var corrections: [BlockCorrection] = []
    corrections.reserveCapacity(blockCount)
    for block in 0..<blockCount {
      var codeword = blocks[block]
      let correction: ReedSolomonDecoder.Correction
      do {
        // Erasures come from a detector's heuristics and may be wrong; a correction that spends
        // every parity codeword leaves no syndrome to check it with, and fuzzing found such
        // corrections landing on other codewords. So an erasure-aided correction keeps three
        // syndromes unused (the p = 3 of the smallest codes, ISO/IEC 18004:2015, Table 9).
        correction = try ReedSolomonDecoder.correct(
          &codeword, errorCorrectionCodewordCount: parity, erasures: erasures[block],
          limit: erasures[block].isEmpty ? limit : max(0, limit - Self.erasureVerificationMargin))
      } catch {
        guard !erasures[block].isEmpty,
          let retried = try? ReedSolomonDecoder.correct(
            &codeword, errorCorrectionCodewordCount: parity, limit: limit)
        else { throw .blockBeyondCapacity(block: block, blockCount: blockCount, reason: error) }
        correction = retried
      }
      // The low half of a 4-bit final data codeword has no modules: zero by construction, or
      // all ones from some encoders (printed Micro QR M3 labels whose last codeword corrects
      // with one error to 0xF). Anything else means the correction went to another codeword.
      let spareHalf = codeword[dataLengths[block] - 1] & 0x0F
      if structure.hasHalfFinalDataCodeword && spareHalf != 0 && spareHalf != 0x0F {
        throw .blockBeyondCapacity(block: block, blockCount: blockCount, reason: .uncorrectable)
      }
      data += codeword[0..<dataLengths[block]]
      corrections.append(
        BlockCorrection(
          dataCodewordCount: dataLengths[block], errorCorrectionCodewordCount: parity,
          errorCount: correction.errorCount, erasureCount: correction.erasureCount,
          capacity: limit))
    }
    return (data, corrections)
  }
}
