// SPDX-License-Identifier: MIT
// A small DEFLATE compressor for QR rasters: fixed Huffman codes, LZ77 at two distances.

/// Compresses bytes as a zlib stream (RFC 1950) holding one DEFLATE block (RFC 1951).
///
/// QR rasters are runs of equal bytes, and every scaled row repeats the one above it, so two
/// match distances find nearly all the redundancy: distance 1 (a run within a row) and the row
/// length (a row equal to the previous one). The matches and literals are then written with
/// Huffman codes built for them (RFC 1951, 3.2.7), which matters because a row holds only a few
/// byte values (at scale 4: 0x00, 0x0F, 0xF0, 0xFF), each worth about 2 bits, not the 8 of the
/// fixed code. Whichever of dynamic codes, fixed codes (3.2.6) or stored blocks is shortest is
/// used. Measured: a version 37 symbol at scale 4 (660 × 660 pixels, 55 KB of scanlines) takes
/// 3.8 KB with dynamic codes and 13 KB with fixed ones, where zlib -9 on the same scanlines
/// takes 4.7 KB and qrencode's PNG 4.9 KB.
///
///     let stream = Deflate.zlib(scanlines, rowLength: 1 + (width + 7) / 8)
public enum Deflate {
  /// A zlib stream of `data`: header `78 01`, the DEFLATE data, then the Adler-32 checksum.
  ///
  /// - Parameter rowLength: The second match distance to try (1…32768), or nil for runs only.
  /// - Complexity: O(*n* × 258) in the worst case, O(*n*) for QR rasters.
  public static func zlib(_ data: [UInt8], rowLength: Int? = nil) -> [UInt8] {
    // CMF 0x78: deflate with a 32 KiB window; FLG 0x01: no dictionary, "fastest" level, and
    // (0x78 << 8 | 0x01) is a multiple of 31 as RFC 1950, 2.2 requires.
    var stream: [UInt8] = [0x78, 0x01]
    stream.append(contentsOf: deflate(data, rowLength: rowLength))
    let checksum = adler32(data)
    for shift in stride(from: 24, through: 0, by: -8) {
      stream.append(UInt8(truncatingIfNeeded: checksum >> UInt32(shift)))
    }
    return stream
  }

  /// Raw DEFLATE data of `data`: the shortest of one block with dynamic codes, one with fixed
  /// codes, and stored blocks.
  ///
  /// - Complexity: O(*n* × 258) in the worst case.
  public static func deflate(_ data: [UInt8], rowLength: Int? = nil) -> [UInt8] {
    let tokens = matches(data, rowLength: rowLength)
    // The sizes of both Huffman blocks are counted from the symbol frequencies, and only the
    // smaller block written: the same bytes as writing both and keeping the shorter.
    let histogram = Histogram(tokens)
    let dynamic = DynamicCodes(histogram)
    let dynamicByteCount = (dynamic.bitCount + 7) / 8
    let fixedByteCount = (histogram.fixedBitCount + 7) / 8
    guard min(dynamicByteCount, fixedByteCount) < data.count + 5 else { return stored(data) }
    if dynamicByteCount < fixedByteCount { return dynamic.block(tokens) }
    return fixedHuffman(tokens, bitCount: histogram.fixedBitCount)
  }

  /// Raw DEFLATE data of `data` in one final block with the fixed Huffman codes.
  ///
  /// - Complexity: O(*n* × 258) in the worst case.
  public static func fixedHuffman(_ data: [UInt8], rowLength: Int? = nil) -> [UInt8] {
    let tokens = matches(data, rowLength: rowLength)
    return fixedHuffman(tokens, bitCount: Histogram(tokens).fixedBitCount)
  }

  /// Raw DEFLATE data of `data` in one final block with Huffman codes built for it.
  ///
  /// - Complexity: O(*n* × 258) in the worst case.
  public static func dynamicHuffman(_ data: [UInt8], rowLength: Int? = nil) -> [UInt8] {
    dynamicHuffman(matches(data, rowLength: rowLength))
  }

  /// Raw DEFLATE data of `data` in stored (uncompressed) blocks of up to 65,535 bytes.
  ///
  /// - Complexity: O(*n*).
  public static func stored(_ data: [UInt8]) -> [UInt8] {
    var bytes: [UInt8] = []
    var start = 0
    repeat {
      let count = min(65_535, data.count - start)
      let isFinal = start + count == data.count
      // BFINAL and BTYPE 00 in the first byte, the rest of it padding to a byte boundary.
      bytes.append(isFinal ? 1 : 0)
      let length = UInt16(count)
      bytes += [
        UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8),
      ]
      bytes.append(contentsOf: data[start..<start + count])
      start += count
    } while start < data.count
    return bytes
  }

  /// The Adler-32 checksum of `data` (RFC 1950, 8.2): two sums modulo 65521.
  ///
  /// Every PNG's scanlines pass through here, so eight bytes are added at a time from one
  /// 64-bit word: with bytes *x*₀…*x*₇, `a` grows by their sum and `b` by 8`a` + 8*x*₀ + 7*x*₁
  /// + … + *x*₇, the same integers as a byte at a time (5552 is a multiple of 8, so a block's
  /// sums are unchanged).
  ///
  /// - Complexity: O(*n*); the modulo is taken every 5552 bytes, the most that cannot overflow
  ///   32 bits.
  public static func adler32(_ data: [UInt8]) -> UInt32 {
    var a: UInt32 = 1
    var b: UInt32 = 0
    data.withUnsafeBytes { bytes in
      guard let base = bytes.baseAddress else { return }
      let count = bytes.count
      let lanes: UInt64 = 0x00FF_00FF_00FF_00FF  // bytes 0, 2, 4, 6 as 16-bit lanes
      var start = 0
      while start < count {
        let end = min(start + 5552, count)
        var position = start
        // Unsafe: each word is `base[position..<position + 8]`, inside `bytes` as
        // `position + 8 <= end <= count`.
        while position + 8 <= end {
          let word = base.loadUnaligned(fromByteOffset: position, as: UInt64.self).littleEndian
          let even = word & lanes  // x0, x2, x4, x6
          let odd = word >> 8 & lanes  // x1, x3, x5, x7
          // Products of 16-bit lanes: the top lane of `even × (2, 4, 6, 8)` is 8x0 + 6x2 + 4x4
          // + 2x6, at most 5100, and no lane carries into the next (each is at most 5100).
          let sum = ((even &+ odd) &* 0x0001_0001_0001_0001) >> 48
          let evenWeighted = (even &* 0x0008_0006_0004_0002) >> 48
          let oddWeighted = (odd &* 0x0007_0005_0003_0001) >> 48
          b &+= 8 &* a &+ UInt32(truncatingIfNeeded: evenWeighted &+ oddWeighted)
          a &+= UInt32(truncatingIfNeeded: sum)
          position &+= 8
        }
        while position < end {
          a &+= UInt32(base.load(fromByteOffset: position, as: UInt8.self))
          b &+= a
          position &+= 1
        }
        a %= 65521
        b %= 65521
        start = end
      }
    }
    return b << 16 | a
  }

  // MARK: - LZ77 at two distances

  /// A literal byte (`length` 0) or a match of `length` 3…258 bytes `distance` back.
  struct Token {
    var literal: UInt8 = 0
    var length: UInt16 = 0
    var distance: UInt16 = 0
  }

  /// Greedy matching at distance 1 and at `rowLength`, the longer match winning (distance 1
  /// when they are as long).
  ///
  /// - Complexity: O(*n* × 258) in the worst case, O(*n*) when matches are long.
  static func matches(_ data: [UInt8], rowLength: Int?) -> [Token] {
    // Distance 1 is always tried; the row distance only where it is another valid one.
    let row = rowLength.flatMap { (2...32768).contains($0) ? $0 : nil } ?? 0
    // At most one token per byte: the tokens are made in storage that long, each initialized
    // in place, without an append's capacity and uniqueness checks. Unsafe: each token takes
    // at least one byte, so `tokenCount` stays below `data.count`.
    return [Token](unsafeUninitializedCapacity: data.count) { tokens, tokenCount in
      // Every match is measured here, for every position of every image: on raw memory, eight
      // bytes at a time. Each load is inside `data`: `position + length + 8 <= count`, and
      // `position - distance >= 0`.
      data.withUnsafeBytes { bytes in
        guard let base = bytes.baseAddress else { return }
        let count = bytes.count
        // The length of the match. The first byte is compared alone first: most positions of a
        // module row's first pixel row match at neither distance.
        @inline(__always)
        func matchLength(_ position: Int, _ distance: Int, _ limit: Int) -> Int {
          guard
            base.load(fromByteOffset: position, as: UInt8.self)
              == base.load(fromByteOffset: position - distance, as: UInt8.self)
          else { return 0 }
          var length = 0
          while length + 8 <= limit {
            let ahead = base.loadUnaligned(fromByteOffset: position + length, as: UInt64.self)
            let back = base.loadUnaligned(
              fromByteOffset: position + length - distance, as: UInt64.self)
            let difference = (ahead ^ back).littleEndian  // the first byte in the low bits
            if difference != 0 { return length + difference.trailingZeroBitCount / 8 }
            length += 8
          }
          while length < limit
            && base.load(fromByteOffset: position + length, as: UInt8.self)
              == base.load(fromByteOffset: position + length - distance, as: UInt8.self)
          {
            length += 1
          }
          return length
        }
        var position = 0
        while position < count {
          let limit = min(258, count - position)
          var length = 0
          var distance = 1
          if position >= 1 { length = matchLength(position, 1, limit) }
          if row != 0 && row <= position {
            let rowMatch = matchLength(position, row, limit)
            if rowMatch > length { (length, distance) = (rowMatch, row) }
          }
          if length >= 3 {
            tokens.initializeElement(
              at: tokenCount, to: Token(length: UInt16(length), distance: UInt16(distance)))
            position += length
          } else {
            tokens.initializeElement(
              at: tokenCount,
              to: Token(literal: base.load(fromByteOffset: position, as: UInt8.self)))
            position += 1
          }
          tokenCount += 1
        }
      }
    }
  }

  /// How often each literal/length symbol and each distance code occurs in a token list (end of
  /// block included), and the extra bits the lengths and distances carry.
  struct Histogram {
    var literals = [Int](repeating: 0, count: 286)
    var distances = [Int](repeating: 0, count: 30)
    var extraBitCount = 0

    init(_ tokens: [Token]) {
      var extraBitCount = 0
      // Every token of every PNG is counted: through buffer pointers, not arrays whose bounds
      // and uniqueness each count would check. Unsafe: a literal is below 256, a length
      // symbol 257 + index below 286 and a distance code below 30, the tables' counts.
      literals.withUnsafeMutableBufferPointer { literals in
        distances.withUnsafeMutableBufferPointer { distances in
          for token in tokens {
            if token.length == 0 {
              literals[Int(token.literal)] &+= 1
            } else {
              let length = lengthCode(Int(token.length))
              let distance = distanceCode(Int(token.distance))
              literals[257 + length.index] &+= 1
              distances[distance.index] &+= 1
              extraBitCount &+= length.extraBitCount + distance.extraBitCount
            }
          }
        }
      }
      self.extraBitCount = extraBitCount
      literals[256] = 1  // end of block
    }

    /// The bits of the block with the fixed codes, its three header bits included.
    var fixedBitCount: Int {
      var bits = 3 + extraBitCount
      for (symbol, frequency) in literals.enumerated() where frequency != 0 {
        bits += frequency * fixedLiteralLength(symbol)
      }
      for frequency in distances { bits += frequency * 5 }
      return bits
    }
  }

  // MARK: - Blocks

  static func fixedHuffman(_ tokens: [Token], bitCount: Int) -> [UInt8] {
    var writer = BitWriter(capacity: (bitCount + 7) / 8)
    writer.write(1, count: 1)  // BFINAL
    writer.write(1, count: 2)  // BTYPE 01: fixed Huffman codes
    write(tokens, literalCodes: fixedLiteralCodes, distanceCodes: fixedDistanceCodes, to: &writer)
    return writer.finish()
  }

  static func dynamicHuffman(_ tokens: [Token]) -> [UInt8] {
    DynamicCodes(Histogram(tokens)).block(tokens)
  }

  /// The Huffman codes of a dynamic block built for a histogram (RFC 1951, 3.2.7), and the
  /// block's size in bits.
  struct DynamicCodes {
    var literalLengths: [Int]
    var distanceLengths: [Int]
    var literalCount: Int
    var distanceCount: Int
    /// The code lengths of both codes, run-length coded.
    var runs: [CodeLengthRun]
    var codeLengthLengths: [Int]
    var codeLengthCount: Int
    /// The bits of the whole block: headers, code lengths, tokens and end of block.
    var bitCount: Int

    static let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    init(_ histogram: Histogram) {
      literalLengths = HuffmanCode.lengths(histogram.literals, limit: 15)
      distanceLengths = HuffmanCode.lengths(histogram.distances, limit: 15)
      // A block needs at least one distance code, even when it has no matches (RFC 1951,
      // 3.2.7).
      if distanceLengths.allSatisfy({ $0 == 0 }) { distanceLengths[0] = 1 }

      literalCount = max(257, (literalLengths.lastIndex { $0 != 0 } ?? 0) + 1)
      distanceCount = max(1, (distanceLengths.lastIndex { $0 != 0 } ?? 0) + 1)
      runs = codeLengthRuns(
        Array(literalLengths[..<literalCount] + distanceLengths[..<distanceCount]))
      var codeLengthFrequencies = [Int](repeating: 0, count: 19)
      for run in runs { codeLengthFrequencies[run.symbol] += 1 }
      let codeLengthLengths = HuffmanCode.lengths(codeLengthFrequencies, limit: 7)
      self.codeLengthLengths = codeLengthLengths
      codeLengthCount = max(4, (Self.order.lastIndex { codeLengthLengths[$0] != 0 } ?? 0) + 1)

      // BFINAL, BTYPE, HLIT, HDIST, HCLEN; 3 bits per code length code length.
      var bits = 3 + 5 + 5 + 4 + 3 * codeLengthCount
      for run in runs { bits += codeLengthLengths[run.symbol] + run.extraBitCount }
      bits += histogram.extraBitCount
      for (symbol, frequency) in histogram.literals.enumerated() where frequency != 0 {
        bits += frequency * literalLengths[symbol]
      }
      for (code, frequency) in histogram.distances.enumerated() where frequency != 0 {
        bits += frequency * distanceLengths[code]
      }
      bitCount = bits
    }

    /// The block: its headers, the code lengths, then the tokens.
    func block(_ tokens: [Token]) -> [UInt8] {
      var writer = BitWriter(capacity: (bitCount + 7) / 8)
      writer.write(1, count: 1)  // BFINAL
      writer.write(2, count: 2)  // BTYPE 10: dynamic Huffman codes
      writer.write(UInt32(literalCount - 257), count: 5)  // HLIT
      writer.write(UInt32(distanceCount - 1), count: 5)  // HDIST
      writer.write(UInt32(codeLengthCount - 4), count: 4)  // HCLEN
      for symbol in Self.order.prefix(codeLengthCount) {
        writer.write(UInt32(codeLengthLengths[symbol]), count: 3)
      }
      let codeLengthCodes = HuffmanCode.canonical(codeLengthLengths)
      for run in runs {
        codeLengthCodes[run.symbol].write(to: &writer)
        writer.write(UInt32(run.extra), count: run.extraBitCount)
      }
      write(
        tokens, literalCodes: HuffmanCode.canonical(literalLengths),
        distanceCodes: HuffmanCode.canonical(distanceLengths), to: &writer)
      return writer.finish()
    }
  }

  /// Writes the tokens and the end-of-block code.
  static func write(
    _ tokens: [Token], literalCodes: [HuffmanCode], distanceCodes: [HuffmanCode],
    to writer: inout BitWriter
  ) {
    for token in tokens {
      if token.length == 0 {
        literalCodes[Int(token.literal)].write(to: &writer)
        continue
      }
      let length = lengthCode(Int(token.length))
      literalCodes[257 + length.index].write(to: &writer)
      writer.write(UInt32(length.extra), count: length.extraBitCount)
      let distance = distanceCode(Int(token.distance))
      distanceCodes[distance.index].write(to: &writer)
      writer.write(UInt32(distance.extra), count: distance.extraBitCount)
    }
    literalCodes[256].write(to: &writer)
  }

  /// One symbol of the run-length coded code lengths, with the extra bits after it.
  ///
  /// A struct, not a labelled tuple: every PNG has a dynamic block, and the metadata of an
  /// array of tuples, made at run time, costs a one-code `qrrender` run twice what a struct's
  /// does.
  struct CodeLengthRun {
    /// The code length code, 0…18.
    var symbol: Int
    /// The value of the extra bits.
    var extra: Int
    /// The number of extra bits: 2, 3 or 7 after 16, 17 or 18, else 0.
    var extraBitCount: Int

    init(_ symbol: Int, _ extra: Int, _ extraBitCount: Int) {
      self.symbol = symbol
      self.extra = extra
      self.extraBitCount = extraBitCount
    }
  }

  /// The code length sequence run-length coded with symbols 0…18 (RFC 1951, 3.2.7): 16 repeats
  /// the previous length 3…6 times, 17 writes 3…10 zeros, 18 writes 11…138 zeros.
  static func codeLengthRuns(_ lengths: [Int]) -> [CodeLengthRun] {
    var runs: [CodeLengthRun] = []
    var index = 0
    while index < lengths.count {
      let length = lengths[index]
      var count = 1
      while index + count < lengths.count, lengths[index + count] == length { count += 1 }
      index += count
      if length == 0 {
        while count >= 11 {
          let run = min(count, 138)
          runs.append(CodeLengthRun(18, run - 11, 7))
          count -= run
        }
        if count >= 3 {
          runs.append(CodeLengthRun(17, count - 3, 3))
          count = 0
        }
      } else {
        runs.append(CodeLengthRun(length, 0, 0))
        count -= 1
        while count >= 3 {
          let run = min(count, 6)
          runs.append(CodeLengthRun(16, run - 3, 2))
          count -= run
        }
      }
      for _ in 0..<count { runs.append(CodeLengthRun(length, 0, 0)) }
    }
    return runs
  }

  // MARK: - Code tables (RFC 1951, 3.2.5 and 3.2.6)

  /// The length code of `length` (3…258): its index (0…28; symbol 257 + index), and the extra
  /// bits after it.
  ///
  /// RFC 1951, 3.2.5's table by its rule: lengths 3…10 have a code each; then every four codes
  /// double the span of lengths, with one more extra bit; 258 has code 28 alone.
  static func lengthCode(_ length: Int) -> (index: Int, extra: Int, extraBitCount: Int) {
    if length < 11 { return (length - 3, 0, 0) }
    if length == 258 { return (28, 0, 0) }
    let offset = length - 3  // 8…254
    let extraBitCount = (Int.bitWidth - 1 - offset.leadingZeroBitCount) - 2  // 1…5
    let index = 4 * (extraBitCount + 1) + (offset >> extraBitCount & 3)
    return (index, offset & (1 << extraBitCount - 1), extraBitCount)
  }

  /// The distance code of `distance` (1…32768): its index (0…29), and the extra bits after it.
  ///
  /// RFC 1951, 3.2.5's table by its rule: distances 1…4 have a code each; then every two codes
  /// double the span, with one more extra bit.
  static func distanceCode(_ distance: Int) -> (index: Int, extra: Int, extraBitCount: Int) {
    if distance < 5 { return (distance - 1, 0, 0) }
    let offset = distance - 1  // 4…32767
    let extraBitCount = (Int.bitWidth - 1 - offset.leadingZeroBitCount) - 1  // 1…13
    let index = 2 * (extraBitCount + 1) + (offset >> extraBitCount & 1)
    return (index, offset & (1 << extraBitCount - 1), extraBitCount)
  }

  /// The length of the fixed literal/length code of `symbol`: 8 bits for 0…143, 9 for
  /// 144…255, 7 for 256…279, 8 for 280…287.
  static func fixedLiteralLength(_ symbol: Int) -> Int {
    switch symbol {
    case 0...143: 8
    case 144...255: 9
    case 256...279: 7
    default: 8
    }
  }

  /// The fixed literal/length code.
  static let fixedLiteralCodes = HuffmanCode.canonical((0..<288).map(fixedLiteralLength))
  /// The fixed distance code: 5 bits each.
  static let fixedDistanceCodes = HuffmanCode.canonical([Int](repeating: 5, count: 30))
}

/// One symbol's Huffman code: `length` bits, most significant first in `code`.
struct HuffmanCode {
  var code: Int = 0
  var length: Int = 0
  /// `code` with its `length` bits reversed: the order the writer takes them in.
  private var reversed: UInt32 = 0

  init() {}

  init(code: Int, length: Int) {
    self.code = code
    self.length = length
    guard length > 0 else { return }
    // The 32 bits reversed by swapping halves, then quarters, … down to single bits; the low
    // `length` bits end up at the top.
    var bits = UInt32(truncatingIfNeeded: code)
    bits = bits >> 16 | bits << 16
    bits = (bits >> 8 & 0x00FF_00FF) | (bits & 0x00FF_00FF) << 8
    bits = (bits >> 4 & 0x0F0F_0F0F) | (bits & 0x0F0F_0F0F) << 4
    bits = (bits >> 2 & 0x3333_3333) | (bits & 0x3333_3333) << 2
    bits = (bits >> 1 & 0x5555_5555) | (bits & 0x5555_5555) << 1
    reversed = bits >> UInt32(32 - length)
  }

  /// Appends the code to `writer` (RFC 1951, 3.1.1: Huffman codes start with their most
  /// significant bit).
  func write(to writer: inout BitWriter) {
    writer.write(reversed, count: length)
  }

  /// Canonical codes for the given lengths (RFC 1951, 3.2.2): shorter codes first, and codes of
  /// one length consecutive in symbol order.
  static func canonical(_ lengths: [Int]) -> [HuffmanCode] {
    let longest = lengths.max() ?? 0
    var countOfLength = [Int](repeating: 0, count: longest + 1)
    for length in lengths where length > 0 { countOfLength[length] += 1 }
    var nextCode = [Int](repeating: 0, count: longest + 2)
    var code = 0
    for bits in stride(from: 1, through: longest, by: 1) {
      code = (code + countOfLength[bits - 1]) << 1
      nextCode[bits] = code
    }
    // A loop, not `map` with a closure: the closure's capture of `nextCode` costs a heap box.
    var codes = [HuffmanCode](repeating: HuffmanCode(), count: lengths.count)
    for (symbol, length) in lengths.enumerated() where length > 0 {
      codes[symbol] = HuffmanCode(code: nextCode[length], length: length)
      nextCode[length] += 1
    }
    return codes
  }

  /// Code lengths of a Huffman code for `frequencies`, none longer than `limit`; 0 for unused
  /// symbols, and 1 for a symbol used alone.
  ///
  /// Too-long codes are avoided by halving the frequencies and building again, which only
  /// happens for skewed counts and costs little.
  /// - Complexity: O(*n* log *n*) per build.
  static func lengths(_ frequencies: [Int], limit: Int) -> [Int] {
    var weights = frequencies
    while true {
      let lengths = unlimitedLengths(weights)
      if (lengths.max() ?? 0) <= limit { return lengths }
      weights = weights.map { $0 == 0 ? 0 : ($0 + 1) / 2 }
    }
  }

  /// Huffman's algorithm with two queues: leaves sorted by weight, and the merged nodes, which
  /// come out in order of weight.
  private static func unlimitedLengths(_ frequencies: [Int]) -> [Int] {
    var lengths = [Int](repeating: 0, count: frequencies.count)
    let leaves = frequencies.indices.filter { frequencies[$0] > 0 }
      .sorted { (frequencies[$0], $0) < (frequencies[$1], $1) }
    if leaves.count == 1 { lengths[leaves[0]] = 1 }
    guard leaves.count > 1 else { return lengths }
    // Nodes 0..<leaves.count are the leaves; merged nodes follow. parent[i] is i's parent.
    var weight = leaves.map { frequencies[$0] }
    var parent = [Int](repeating: -1, count: 2 * leaves.count - 1)
    var nextLeaf = 0
    var nextMerged = leaves.count
    func takeSmallest() -> Int {
      if nextLeaf < leaves.count
        && (nextMerged >= weight.count || weight[nextLeaf] <= weight[nextMerged])
      {
        nextLeaf += 1
        return nextLeaf - 1
      }
      nextMerged += 1
      return nextMerged - 1
    }
    for _ in 0..<leaves.count - 1 {
      let first = takeSmallest()
      let second = takeSmallest()
      parent[first] = weight.count
      parent[second] = weight.count
      weight.append(weight[first] + weight[second])
    }
    // Depths from the root (the last node) down: a parent always comes after its children.
    var depth = [Int](repeating: 0, count: weight.count)
    for node in stride(from: weight.count - 2, through: 0, by: -1) {
      depth[node] = depth[parent[node]] + 1
    }
    for (index, symbol) in leaves.enumerated() { lengths[symbol] = depth[index] }
    return lengths
  }
}

/// Packs bits into bytes least significant bit first, as DEFLATE does.
struct BitWriter {
  /// The bytes, `capacity` of them zeroed in advance; `written` are done.
  private var storage: [UInt8]
  private var written = 0
  private var buffer: UInt64 = 0
  private var bufferedCount = 0

  /// A writer with room for `capacity` bytes made in advance (more may be written).
  init(capacity: Int = 0) { storage = [UInt8](repeating: 0, count: capacity) }

  /// Appends the low `count` (at most 31) bits of `value`, least significant first.
  mutating func write(_ value: UInt32, count: Int) {
    guard count > 0 else { return }
    // Masking shifts and wrapping adds: every code of every block comes here, and the checked
    // forms cost as much again. `count` is at most 31 and `bufferedCount` below 32 (four bytes
    // leave as soon as 32 are buffered), so the bits stay within the 64 of `buffer`.
    let bits = UInt64(value) & (1 &<< UInt64(truncatingIfNeeded: count) &- 1)
    buffer |= bits &<< UInt64(truncatingIfNeeded: bufferedCount)
    bufferedCount &+= count
    // Four bytes at a time: one test per code rather than one per byte.
    if bufferedCount >= 32 {
      for _ in 0..<4 {
        put(UInt8(truncatingIfNeeded: buffer))
        buffer >>= 8
      }
      bufferedCount -= 32
    }
  }

  private mutating func put(_ byte: UInt8) {
    if written < storage.count {
      storage[written] = byte
    } else {
      storage.append(byte)
    }
    written += 1
  }

  /// The bytes written, the last one padded with 0 bits.
  mutating func finish() -> [UInt8] {
    while bufferedCount > 0 {
      put(UInt8(truncatingIfNeeded: buffer))
      buffer >>= 8
      bufferedCount -= 8
    }
    buffer = 0
    bufferedCount = 0
    if written < storage.count { storage.removeLast(storage.count - written) }
    return storage
  }
}
