// SPDX-License-Identifier: MIT
// From segments to a finished matrix: bit stream, codewords, blocks, placement, masking.

/// Builds the module matrix of a symbol from its segments, at a version and level that hold them.
///
/// The steps of ISO/IEC 18004:2015, 7.1: data bit stream with terminator and pad codewords
/// (7.4.9–7.4.10), division into blocks with Reed–Solomon codewords (7.5), interleaving (7.6),
/// placement in the zig-zag order (7.7), masking (7.8), format and version information (7.9,
/// 7.10).
enum SymbolBuilder {
  /// The pad codewords, used alternately. ISO/IEC 18004:2015, 7.4.10.
  static let padCodewords: [UInt8] = [0b1110_1100, 0b0001_0001]

  /// Builds the symbol.
  ///
  /// - Precondition: the segments fit `version` at `level`, and `mask`, if any, suits the kind.
  /// - Complexity: O(*size*²) per mask tried.
  static func build(
    segments: [Segment], version: SymbolVersion, level: ErrorCorrectionLevel, mask: Mask?
  ) -> (matrix: BitMatrix, mask: Mask) {
    guard let structure = version.blockStructure(level) else {
      preconditionFailure("\(version) has no level \(level)")
    }
    let data = dataCodewords(segments: segments, version: version, structure: structure)
    let stream = interleavedBits(data, structure)
    let layout = EncodingLayout.of(version)
    var unmasked = layout.functionPatterns
    precondition(stream.count <= layout.dataModules.count, "more bits than data modules")
    // Every index in dataModules is a module of this version's matrix (EncodingLayout), and
    // every bit index below is in the stream's bytes. Data modules are light in
    // `functionPatterns`, so each is set to its bit, without a branch on the (random) bit.
    unmasked.modules.withUnsafeMutableBufferPointer { modules in
      layout.dataModules.withUnsafeBufferPointer { order in
        stream.bytes.withUnsafeBufferPointer { bytes in
          for index in 0..<stream.count {
            modules[Int(order[index])] = bytes[index >> 3] & (0x80 >> (index & 7)) != 0
          }
        }
      }
    }
    if case .qr(let qrVersion) = version, qrVersion.hasVersionInformation {
      draw(
        UInt32(VersionInformation.codeword(qrVersion)), bitCount: 18, layout.versionInformation,
        on: &unmasked)
    }
    if let mask { return (masked(unmasked, mask, version, level, layout), mask) }
    if !layout.maskLines.isEmpty {
      let chosen = wordBestMask(unmasked, version, level, layout)
      return (masked(unmasked, chosen, version, level, layout), chosen)
    }
    let candidates = version.isMicro ? Mask.microCases : Mask.allCases
    var best: (matrix: BitMatrix, mask: Mask, score: Int)?
    for candidate in candidates {
      let matrix = masked(unmasked, candidate, version, level, layout)
      // Micro QR keeps the highest score, QR Code the lowest penalty: negate the Micro score.
      let score = version.isMicro ? -matrix.microMaskScore() : matrix.penaltyScore()
      if best == nil || score < best?.score ?? 0 { best = (matrix, candidate, score) }
    }
    guard let best else { preconditionFailure("no mask candidates") }
    return (best.matrix, best.mask)
  }

  /// The symbol with `mask` applied to its data modules and the format information drawn.
  static func masked(
    _ unmasked: BitMatrix, _ mask: Mask, _ version: SymbolVersion, _ level: ErrorCorrectionLevel,
    _ layout: EncodingLayout
  ) -> BitMatrix {
    var matrix = unmasked
    if !layout.maskLines.isEmpty {
      // The mask's rows, XORed in a module at a time. Every index is in 0..<n × n.
      let n = matrix.size
      let first = mask.pattern * 2 * n
      matrix.modules.withUnsafeMutableBufferPointer { modules in
        for y in 0..<n {
          let row = layout.maskLines[first + y]
          for x in 0..<n {
            modules[y * n + x] = modules[y * n + x] != (row &>> UInt64(x) & 1 != 0)
          }
        }
      }
      draw(
        formatCodeword(version, level, mask), bitCount: 15, layout.formatInformation, on: &matrix)
      return matrix
    }
    let patternBit = UInt8(1) << mask.pattern
    matrix.modules.withUnsafeMutableBufferPointer { modules in
      layout.dataModules.withUnsafeBufferPointer { order in
        layout.maskBits.withUnsafeBufferPointer { masks in
          // Without a branch per module: the pattern's bit XORed in.
          for index in 0..<order.count {
            let module = Int(order[index])
            modules[module] = modules[module] != (masks[index] & patternBit != 0)
          }
        }
      }
    }
    draw(formatCodeword(version, level, mask), bitCount: 15, layout.formatInformation, on: &matrix)
    return matrix
  }

  /// The QR Code mask of lowest penalty (the first of them on a tie), scored on rows and columns
  /// as 64-bit words: the unmasked symbol's lines, each mask's lines over the data modules
  /// (`EncodingLayout.maskLines`) XORed in, the format information set, and
  /// `BitMatrix.wordPenaltyScore(lines:size:)`. The same choice as masking and scoring whole
  /// matrices, without building eight of them.
  ///
  /// - Precondition: the layout has `maskLines` (the size is at most
  ///   `BitMatrix.largestWordSize`).
  static func wordBestMask(
    _ unmasked: BitMatrix, _ version: SymbolVersion, _ level: ErrorCorrectionLevel,
    _ layout: EncodingLayout
  ) -> Mask {
    let n = unmasked.size
    let lineCount = 2 * n
    let base = unmasked.lineWords()
    var lines = base
    var best: (mask: Mask, score: Int)?
    precondition(layout.maskLines.count >= 8 * lineCount, "mask lines missing")
    // Every symbol of `qrrender --lines` has its eight masks set up here: on buffer pointers,
    // not arrays whose bounds and uniqueness every store would check. Unsafe: `line` is below
    // `lineCount`, the count of `lines` and `base`; `first + line` below 8 × `lineCount`; and a
    // format module's x and y below n.
    lines.withUnsafeMutableBufferPointer { lines in
      base.withUnsafeBufferPointer { base in
        layout.maskLines.withUnsafeBufferPointer { maskLines in
          // Patterns 0…7, not `Mask.allCases`: that array's metadata is made at run time, more
          // than a hundredth of a one-code `qrrender` run.
          for pattern in 0..<8 {
            let mask = Mask(uncheckedPattern: pattern)
            let first = mask.pattern * lineCount
            for line in 0..<lineCount { lines[line] = base[line] ^ maskLines[first + line] }
            let codeword = UInt64(formatCodeword(version, level, mask))
            var bit: UInt64 = 0  // i % 15 for the i-th format module
            for index in layout.formatInformation {
              let isDark = codeword >> bit & 1
              bit = bit == 14 ? 0 : bit + 1
              let x = index % n
              let y = index / n
              lines[y] = lines[y] & ~(1 << UInt64(x)) | isDark << UInt64(x)
              lines[n + x] = lines[n + x] & ~(1 << UInt64(y)) | isDark << UInt64(y)
            }
            let score = BitMatrix.wordPenaltyScore(lines: UnsafeBufferPointer(lines), size: n)
            if best == nil || score < best?.score ?? 0 { best = (mask, score) }
          }
        }
      }
    }
    guard let best else { preconditionFailure("no mask candidates") }
    return best.mask
  }

  /// The data codewords: segments, terminator, zero bits to a codeword boundary, pad codewords.
  /// In M1 and M3 the final data codeword has 4 bits, stored in the high half of its byte.
  ///
  /// ISO/IEC 18004:2015, 7.4.9 and 7.4.10.
  /// - Complexity: O(*n*).
  static func dataCodewords(
    segments: [Segment], version: SymbolVersion, structure: BlockStructure
  ) -> [UInt8] {
    let capacity = structure.dataBitCapacity
    var buffer = BitBuffer()
    buffer.reserveCapacity(bitCount: capacity)
    for segment in segments { segment.write(to: &buffer, version) }
    precondition(buffer.count <= capacity, "segments exceed \(version) capacity")
    buffer.append(0, count: min(version.terminatorBitCount, capacity - buffer.count))
    buffer.append(0, count: min((8 - buffer.count % 8) % 8, capacity - buffer.count))
    var padIndex = 0
    while buffer.count + 8 <= capacity {
      buffer.append(UInt32(padCodewords[padIndex % 2]), count: 8)
      padIndex += 1
    }
    buffer.append(0, count: capacity - buffer.count)  // M1/M3: the 4-bit final codeword
    let codewords = buffer.bytes
    assert(codewords.count == structure.dataCodewordCount)
    return codewords
  }

  /// The bits to place, packed most significant first into `bytes`: data codewords
  /// interleaved across blocks, then error correction codewords interleaved likewise. A 4-bit
  /// final data codeword contributes 4 bits, so `count` may be 4 short of `bytes.count` × 8.
  ///
  /// ISO/IEC 18004:2015, 7.5.2 and 7.6.
  /// - Complexity: O(*n* × error correction codewords per block).
  static func interleavedBits(
    _ data: [UInt8], _ structure: BlockStructure
  ) -> (bytes: [UInt8], count: Int) {
    let generator = ReedSolomonEncoder.generator(
      degree: structure.errorCorrectionCodewordsPerBlock)
    // Block b is data[starts[b]..<starts[b] + lengths[b]]. Offsets, not an array of slices (nor
    // `map(\.count)`): that array's metadata and the key path's are made at run time, a
    // twentieth of a one-code `qrrender` run.
    let lengths = structure.dataCodewordsPerBlock
    var starts: [Int] = []
    starts.reserveCapacity(lengths.count)
    var start = 0
    for length in lengths {
      starts.append(start)
      start += length
    }
    let errorCorrection = lengths.indices.map { b in
      ReedSolomonEncoder.remainder(
        dividing: Array(data[starts[b]..<starts[b] + lengths[b]]), by: generator)
    }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(data.count + structure.errorCorrectionCodewordCount)
    // Only Micro QR has a half codeword, and it has one block: the half codeword is the last
    // data codeword, and the error correction codewords after it start 4 bits into a byte.
    var pending: UInt16 = 0
    var pendingCount = 0
    func append(_ codeword: UInt8, bitCount: Int = 8) {
      pending = pending << bitCount | UInt16(codeword >> (8 - bitCount))
      pendingCount += bitCount
      if pendingCount >= 8 {
        pendingCount -= 8
        bytes.append(UInt8(truncatingIfNeeded: pending >> pendingCount))
      }
    }
    let longest = lengths.max() ?? 0
    for i in 0..<longest {
      for b in lengths.indices where i < lengths[b] {
        let isHalf = structure.hasHalfFinalDataCodeword && i == lengths[b] - 1
        append(data[starts[b] + i], bitCount: isHalf ? 4 : 8)
      }
    }
    for i in 0..<structure.errorCorrectionCodewordsPerBlock {
      for block in errorCorrection { append(block[i]) }
    }
    let count = bytes.count * 8 + pendingCount
    if pendingCount > 0 { bytes.append(UInt8(truncatingIfNeeded: pending << (8 - pendingCount))) }
    return (bytes, count)
  }

  /// The 15-bit format information codeword of a symbol.
  static func formatCodeword(
    _ version: SymbolVersion, _ level: ErrorCorrectionLevel, _ mask: Mask
  ) -> UInt32 {
    switch version {
    case .qr:
      return UInt32(FormatInformation(level: level, mask: mask).codeword)
    case .micro(let micro):
      guard let information = MicroFormatInformation(version: micro, level: level, mask: mask)
      else {
        preconditionFailure("no Micro QR format information for \(micro)-\(level) mask \(mask)")
      }
      return UInt32(information.codeword)
    }
  }

  /// Sets each copy's modules from the `bitCount` bits of `codeword`: `copies` holds the copies
  /// one after another, and element *i* of a copy is the row-major index of the module of bit
  /// *i*.
  static func draw(
    _ codeword: UInt32, bitCount: Int, _ copies: [Int], on matrix: inout BitMatrix
  ) {
    for (i, index) in copies.enumerated() {
      matrix.modules[index] = codeword >> (i % bitCount) & 1 == 1
    }
  }
}
