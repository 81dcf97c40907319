// SPDX-License-Identifier: MIT
// A small DEFLATE compressor for QR rasters: fixed Huffman codes, LZ77 at two distances.

/// Compresses bytes as a zlib stream (RFC 1950) holding one DEFLATE block (RFC 1951).
///
/// QR rasters are runs of equal bytes, and every scaled row repeats the one above it, so two
/// match distances find nearly all the redundancy: distance 1 (a run within a row) and the row
/// length (a row equal to the previous one). The block uses the fixed Huffman codes of RFC 1951,
/// 3.2.6, so no code tables are built or sent. Measured: a version 37 symbol at scale 4 (660 ×
/// 660 pixels, 55 KB of scanlines) takes 13 KB, where zlib -9 with dynamic codes takes 4.7 KB,
/// since a fixed code spends 8 bits on each of the few byte values a row holds. If compressing
/// would not pay, the data goes in stored blocks instead.
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
    let compressed = fixedHuffman(data, rowLength: rowLength)
    stream.append(contentsOf: compressed.count < data.count + 5 ? compressed : stored(data))
    let checksum = adler32(data)
    for shift in stride(from: 24, through: 0, by: -8) {
      stream.append(UInt8(truncatingIfNeeded: checksum >> UInt32(shift)))
    }
    return stream
  }

  /// Raw DEFLATE data of `data` in one final block with the fixed Huffman codes.
  ///
  /// - Complexity: O(*n* × 258) in the worst case.
  public static func fixedHuffman(_ data: [UInt8], rowLength: Int? = nil) -> [UInt8] {
    var writer = BitWriter()
    writer.write(1, count: 1)  // BFINAL
    writer.write(1, count: 2)  // BTYPE 01: fixed Huffman codes
    let distances = [1, rowLength ?? 1].filter { (1...32768).contains($0) }
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
        writeLength(best.length, to: &writer)
        writeDistance(best.distance, to: &writer)
        position += best.length
      } else {
        writeLiteral(Int(data[position]), to: &writer)
        position += 1
      }
    }
    writeLiteral(256, to: &writer)  // end of block
    return writer.finish()
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

  // MARK: - Fixed Huffman codes (RFC 1951, 3.2.5 and 3.2.6)

  /// Writes literal/length symbol `symbol` (0…287) with its fixed code.
  static func writeLiteral(_ symbol: Int, to writer: inout BitWriter) {
    let (code, length): (Int, Int) =
      switch symbol {
      case 0...143: (0x30 + symbol, 8)
      case 144...255: (0x190 + symbol - 144, 9)
      case 256...279: (symbol - 256, 7)
      default: (0xC0 + symbol - 280, 8)
      }
    writer.writeHuffman(code, count: length)
  }

  /// Writes a match length (3…258): its symbol, then its extra bits.
  static func writeLength(_ length: Int, to writer: inout BitWriter) {
    var index = lengthBases.count - 1
    while lengthBases[index] > length { index -= 1 }
    writeLiteral(257 + index, to: &writer)
    writer.write(UInt32(length - lengthBases[index]), count: lengthExtraBits[index])
  }

  /// Writes a match distance (1…32768): its 5-bit code, then its extra bits.
  static func writeDistance(_ distance: Int, to writer: inout BitWriter) {
    var index = distanceBases.count - 1
    while distanceBases[index] > distance { index -= 1 }
    writer.writeHuffman(index, count: 5)
    writer.write(UInt32(distance - distanceBases[index]), count: distanceExtraBits[index])
  }

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
