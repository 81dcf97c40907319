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
    let dynamic = dynamicHuffman(tokens)
    let fixed = fixedHuffman(tokens)
    let best = dynamic.count < fixed.count ? dynamic : fixed
    return best.count < data.count + 5 ? best : stored(data)
  }

  /// Raw DEFLATE data of `data` in one final block with the fixed Huffman codes.
  ///
  /// - Complexity: O(*n* × 258) in the worst case.
  public static func fixedHuffman(_ data: [UInt8], rowLength: Int? = nil) -> [UInt8] {
    fixedHuffman(matches(data, rowLength: rowLength))
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
  /// - Complexity: O(*n*); the modulo is taken every 5552 bytes, the most that cannot overflow
  ///   32 bits.
  public static func adler32(_ data: [UInt8]) -> UInt32 {
    var a: UInt32 = 1
    var b: UInt32 = 0
    var start = 0
    while start < data.count {
      let end = min(start + 5552, data.count)
      for byte in data[start..<end] {
        a &+= UInt32(byte)
        b &+= a
      }
      a %= 65521
      b %= 65521
      start = end
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

  /// Greedy matching at distance 1 and at `rowLength`, the longer match winning.
  ///
  /// - Complexity: O(*n* × 258) in the worst case, O(*n*) when matches are long.
  static func matches(_ data: [UInt8], rowLength: Int?) -> [Token] {
    let distances = [1, rowLength ?? 1].filter { (1...32768).contains($0) }
    var tokens: [Token] = []
    var position = 0
    while position < data.count {
      var best = (length: 0, distance: 0)
      for distance in distances where distance <= position {
        let limit = min(258, data.count - position)
        var length = 0
        while length < limit, data[position + length] == data[position + length - distance] {
          length += 1
        }
        if length > best.length { best = (length, distance) }
      }
      if best.length >= 3 {
        tokens.append(Token(length: UInt16(best.length), distance: UInt16(best.distance)))
        position += best.length
      } else {
        tokens.append(Token(literal: data[position]))
        position += 1
      }
    }
    return tokens
  }

  // MARK: - Blocks

  static func fixedHuffman(_ tokens: [Token]) -> [UInt8] {
    var writer = BitWriter()
    writer.write(1, count: 1)  // BFINAL
    writer.write(1, count: 2)  // BTYPE 01: fixed Huffman codes
    write(tokens, literalCodes: fixedLiteralCodes, distanceCodes: fixedDistanceCodes, to: &writer)
    return writer.finish()
  }

  static func dynamicHuffman(_ tokens: [Token]) -> [UInt8] {
    var literalFrequencies = [Int](repeating: 0, count: 286)
    var distanceFrequencies = [Int](repeating: 0, count: 30)
    for token in tokens {
      if token.length == 0 {
        literalFrequencies[Int(token.literal)] += 1
      } else {
        literalFrequencies[257 + lengthIndex(Int(token.length))] += 1
        distanceFrequencies[distanceIndex(Int(token.distance))] += 1
      }
    }
    literalFrequencies[256] = 1  // end of block
    let literalLengths = HuffmanCode.lengths(literalFrequencies, limit: 15)
    var distanceLengths = HuffmanCode.lengths(distanceFrequencies, limit: 15)
    // A block needs at least one distance code, even when it has no matches (RFC 1951, 3.2.7).
    if distanceLengths.allSatisfy({ $0 == 0 }) { distanceLengths[0] = 1 }

    let literalCount = max(257, (literalLengths.lastIndex { $0 != 0 } ?? 0) + 1)
    let distanceCount = max(1, (distanceLengths.lastIndex { $0 != 0 } ?? 0) + 1)
    let lengths = Array(literalLengths[..<literalCount] + distanceLengths[..<distanceCount])
    let runs = codeLengthRuns(lengths)
    var codeLengthFrequencies = [Int](repeating: 0, count: 19)
    for run in runs { codeLengthFrequencies[run.symbol] += 1 }
    let codeLengthLengths = HuffmanCode.lengths(codeLengthFrequencies, limit: 7)
    let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
    let codeLengthCount = max(4, (order.lastIndex { codeLengthLengths[$0] != 0 } ?? 0) + 1)

    var writer = BitWriter()
    writer.write(1, count: 1)  // BFINAL
    writer.write(2, count: 2)  // BTYPE 10: dynamic Huffman codes
    writer.write(UInt32(literalCount - 257), count: 5)  // HLIT
    writer.write(UInt32(distanceCount - 1), count: 5)  // HDIST
    writer.write(UInt32(codeLengthCount - 4), count: 4)  // HCLEN
    for symbol in order.prefix(codeLengthCount) {
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
      let length = Int(token.length)
      let lengthSymbol = lengthIndex(length)
      literalCodes[257 + lengthSymbol].write(to: &writer)
      writer.write(
        UInt32(length - lengthBases[lengthSymbol]), count: lengthExtraBits[lengthSymbol])
      let distance = Int(token.distance)
      let distanceSymbol = distanceIndex(distance)
      distanceCodes[distanceSymbol].write(to: &writer)
      writer.write(
        UInt32(distance - distanceBases[distanceSymbol]), count: distanceExtraBits[distanceSymbol])
    }
    literalCodes[256].write(to: &writer)
  }

  /// The code length sequence run-length coded with symbols 0…18 (RFC 1951, 3.2.7): 16 repeats
  /// the previous length 3…6 times, 17 writes 3…10 zeros, 18 writes 11…138 zeros.
  static func codeLengthRuns(
    _ lengths: [Int]
  ) -> [(symbol: Int, extra: Int, extraBitCount: Int)] {
    var runs: [(symbol: Int, extra: Int, extraBitCount: Int)] = []
    var index = 0
    while index < lengths.count {
      let length = lengths[index]
      var count = 1
      while index + count < lengths.count, lengths[index + count] == length { count += 1 }
      index += count
      if length == 0 {
        while count >= 11 {
          let run = min(count, 138)
          runs.append((18, run - 11, 7))
          count -= run
        }
        if count >= 3 {
          runs.append((17, count - 3, 3))
          count = 0
        }
      } else {
        runs.append((length, 0, 0))
        count -= 1
        while count >= 3 {
          let run = min(count, 6)
          runs.append((16, run - 3, 2))
          count -= run
        }
      }
      for _ in 0..<count { runs.append((length, 0, 0)) }
    }
    return runs
  }

  // MARK: - Code tables (RFC 1951, 3.2.5 and 3.2.6)

  /// The index (0…28) of the length code for `length` (3…258); symbol 257 + index.
  static func lengthIndex(_ length: Int) -> Int {
    var index = lengthBases.count - 1
    while lengthBases[index] > length { index -= 1 }
    return index
  }

  /// The distance code (0…29) for `distance` (1…32768).
  static func distanceIndex(_ distance: Int) -> Int {
    var index = distanceBases.count - 1
    while distanceBases[index] > distance { index -= 1 }
    return index
  }

  /// The fixed literal/length code: 8 bits for 0…143, 9 for 144…255, 7 for 256…279, 8 for
  /// 280…287.
  static let fixedLiteralCodes: [HuffmanCode] = HuffmanCode.canonical(
    (0..<288).map { symbol in
      switch symbol {
      case 0...143: 8
      case 144...255: 9
      case 256...279: 7
      default: 8
      }
    })
  /// The fixed distance code: 5 bits each.
  static let fixedDistanceCodes = HuffmanCode.canonical([Int](repeating: 5, count: 30))

  // swift-format-ignore: the tables of RFC 1951, 3.2.5, laid out as there.
  static let lengthBases = [
    3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31,
    35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258,
  ]
  // swift-format-ignore
  static let lengthExtraBits = [
    0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2,
    3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
  // swift-format-ignore
  static let distanceBases = [
    1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193,
    257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577]
  // swift-format-ignore
  static let distanceExtraBits = [
    0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6,
    7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]
}

/// One symbol's Huffman code: `length` bits, most significant first in `code`.
struct HuffmanCode {
  var code: Int = 0
  var length: Int = 0

  /// Appends the code to `writer` (RFC 1951, 3.1.1: Huffman codes start with their most
  /// significant bit).
  func write(to writer: inout BitWriter) {
    writer.writeHuffman(code, count: length)
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
    return lengths.map { length in
      guard length > 0 else { return HuffmanCode() }
      defer { nextCode[length] += 1 }
      return HuffmanCode(code: nextCode[length], length: length)
    }
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
  private(set) var bytes: [UInt8] = []
  private var buffer: UInt64 = 0
  private var bufferedCount = 0

  /// Appends the low `count` bits of `value`, least significant first (extra bits, headers).
  mutating func write(_ value: UInt32, count: Int) {
    guard count > 0 else { return }
    buffer |= UInt64(value & (1 << UInt32(count) - 1)) << UInt64(bufferedCount)
    bufferedCount += count
    while bufferedCount >= 8 {
      bytes.append(UInt8(truncatingIfNeeded: buffer))
      buffer >>= 8
      bufferedCount -= 8
    }
  }

  /// Appends a Huffman code of `count` bits, most significant bit first (RFC 1951, 3.1.1).
  mutating func writeHuffman(_ code: Int, count: Int) {
    var reversed: UInt32 = 0
    for bit in 0..<count { reversed |= UInt32((code >> bit) & 1) << UInt32(count - 1 - bit) }
    write(reversed, count: count)
  }

  /// The bytes written, the last one padded with 0 bits.
  mutating func finish() -> [UInt8] {
    if bufferedCount > 0 { bytes.append(UInt8(truncatingIfNeeded: buffer)) }
    buffer = 0
    bufferedCount = 0
    return bytes
  }
}
