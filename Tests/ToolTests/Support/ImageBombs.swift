// SPDX-License-Identifier: MIT
// Small PNG and JPEG files that claim or expand to huge images, made at test time.

import QRCore

/// Image bombs for the bad-input table: each is a few bytes to a few megabytes that claims, or
/// decodes to, an image of hundreds of megabytes or more.
enum ImageBombs {
  // MARK: - PNG

  /// A PNG chunk: length, type, data, CRC-32 of type and data.
  static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let body = Array(type.utf8) + data
    let crc = body.withUnsafeBytes { CRC32.checksum(of: $0) }
    return bigEndian(UInt32(data.count)) + body + bigEndian(crc)
  }

  /// A PNG signature and IHDR chunk: `width`×`height`, `depth` bits, colour type `color`.
  static func pngHeader(
    width: Int, height: Int, depth: UInt8, color: UInt8, interlaced: Bool = false
  ) -> [UInt8] {
    [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
      + chunk(
        "IHDR",
        bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [
          depth, color, 0, 0, interlaced ? 1 : 0,
        ])
  }

  /// The 41-byte PNG of issue 28: a 16384×16384 RGBA 16-bit header, then a chunk whose length
  /// claims 2^31−1 bytes, then the end of the file.
  static let claimedChunk: [UInt8] =
    pngHeader(width: 16384, height: 16384, depth: 16, color: 6) + bigEndian(0x7FFF_FFFF)
    + Array("IDAT".utf8)

  /// The seven passes of Adam7 interlacing as (first column, column step, first row, row step);
  /// a plain image is the one pass (0, 1, 0, 1).
  static let adam7 = [
    (0, 8, 0, 8), (4, 8, 0, 8), (0, 4, 4, 8), (2, 4, 0, 4), (0, 2, 2, 4), (1, 2, 0, 2),
    (0, 1, 1, 2),
  ]

  /// A PNG of `width`×`height` whose samples are all 0, deflated as runs of 258 zeros (about 160
  /// to 1): `bytesPerPixel` is 1 for 8-bit gray, 8 for 16-bit RGBA; Adam7 if `interlaced`.
  static func zeroPNG(
    width: Int, height: Int, depth: UInt8, color: UInt8, bytesPerPixel: Int, interlaced: Bool
  ) -> [UInt8] {
    // Each row is a filter byte (0, none) and its samples; Adam7 has seven passes of sub-images.
    let passes = interlaced ? adam7 : [(0, 1, 0, 1)]
    var raw = 0
    for (x0, dx, y0, dy) in passes {
      let (columns, rows) = ((width - x0 + dx - 1) / dx, (height - y0 + dy - 1) / dy)
      if columns > 0 && rows > 0 { raw += rows * (1 + columns * bytesPerPixel) }
    }
    return pngHeader(
      width: width, height: height, depth: depth, color: color, interlaced: interlaced)
      + chunk("IDAT", zlibZeros(raw)) + chunk("IEND", [])
  }

  /// A zlib stream (RFC 1950) of `count` zero bytes: one fixed-Huffman deflate block (RFC 1951,
  /// 3.2.6) of a literal 0, then matches of length 258 at distance 1, then literal zeros.
  static func zlibZeros(_ count: Int) -> [UInt8] {
    var bits = BitWriter()
    bits.write(1, count: 1)  // BFINAL
    bits.write(1, count: 2)  // BTYPE 01, fixed Huffman codes
    var left = count
    if left > 0 {
      bits.writeCode(0x30, count: 8)  // literal 0
      left -= 1
    }
    while left >= 258 {
      bits.writeCode(0xC5, count: 8)  // length code 285: 258
      bits.writeCode(0, count: 5)  // distance code 0: 1
      left -= 258
    }
    for _ in 0..<left { bits.writeCode(0x30, count: 8) }
    bits.writeCode(0, count: 7)  // end of block (256)
    // Adler-32 of zeros: the sum stays 1 and the second sum gains 1 a byte.
    let adler = UInt32(count % 65521) << 16 | 1
    return [0x78, 0x01] + bits.bytesFlushed + bigEndian(adler)
  }

  /// A zlib stream (RFC 1950) of `bytes` in stored deflate blocks (RFC 1951, 3.2.4).
  static func zlibStored(_ bytes: [UInt8]) -> [UInt8] {
    var output: [UInt8] = [0x78, 0x01]
    var start = 0
    repeat {
      let end = min(bytes.count, start + 65535)
      let length = end - start
      output.append(end == bytes.count ? 1 : 0)
      output += [UInt8(length & 0xFF), UInt8(length >> 8)]
      output += [UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF)]
      output += bytes[start..<end]
      start = end
    } while start < bytes.count
    var (a, b): (UInt32, UInt32) = (1, 0)
    for byte in bytes {
      a = (a + UInt32(byte)) % 65521
      b = (b + a) % 65521
    }
    return output + bigEndian(b << 16 | a)
  }

  /// A PNG of RGBA 16-bit `pixels` (`width` × `height`, 4 samples each), Adam7-interlaced or not.
  static func rgba16PNG(width: Int, height: Int, pixels: [UInt16], interlaced: Bool) -> [UInt8] {
    let passes = interlaced ? adam7 : [(0, 1, 0, 1)]
    var raw: [UInt8] = []
    for (x0, dx, y0, dy) in passes where x0 < width && y0 < height {
      for y in stride(from: y0, to: height, by: dy) {
        raw.append(0)
        for x in stride(from: x0, to: width, by: dx) {
          for sample in pixels[(y * width + x) * 4..<(y * width + x) * 4 + 4] {
            raw += [UInt8(sample >> 8), UInt8(sample & 0xFF)]
          }
        }
      }
    }
    return pngHeader(width: width, height: height, depth: 16, color: 6, interlaced: interlaced)
      + chunk("IDAT", zlibStored(raw)) + chunk("IEND", [])
  }

  // MARK: - JPEG

  /// A JPEG of `side`×`side` pixels in `components` components, each sampled 1×1 (4:4:4),
  /// progressive or baseline, with `scans` scans of 16 bytes each (zeros); libjpeg fills what
  /// the data do not cover with zero coefficients and warns, so the whole image is decoded from a
  /// file of a few hundred bytes.
  static func jpeg(side: Int, components: Int, progressive: Bool, scans: Int = 1) -> [UInt8] {
    func segment(_ marker: UInt8, _ data: [UInt8]) -> [UInt8] {
      [0xFF, marker] + bigEndian16(data.count + 2) + data
    }
    var bytes: [UInt8] = [0xFF, 0xD8]
    bytes += segment(0xDB, [0] + [UInt8](repeating: 1, count: 64))
    bytes += segment(
      progressive ? 0xC2 : 0xC0,
      [8] + bigEndian16(side) + bigEndian16(side) + [UInt8(components)]
        + (0..<components).flatMap { index -> [UInt8] in [UInt8(index + 1), 0x11, 0] })
    // One DC and one AC table, each with a single 1-bit code for symbol 0.
    let counts: [UInt8] = [1] + [UInt8](repeating: 0, count: 15)
    bytes += segment(0xC4, [0x00] + counts + [0] + [0x10] + counts + [0])
    for _ in 0..<scans {
      let selectors = (0..<components).flatMap { index -> [UInt8] in [UInt8(index + 1), 0] }
      // Progressive: DC first scans (Ss = Se = 0); baseline: the whole spectrum (0...63).
      bytes += segment(0xDA, [UInt8(components)] + selectors + [0, progressive ? 0 : 63, 0])
      bytes += [UInt8](repeating: 0, count: 16)
    }
    return bytes + [0xFF, 0xD9]
  }

  // MARK: - Helpers

  static func bigEndian(_ value: UInt32) -> [UInt8] {
    [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
  }

  static func bigEndian16(_ value: Int) -> [UInt8] {
    [UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)]
  }

  /// Bits packed from the least significant bit of each byte, as deflate packs them.
  struct BitWriter {
    var bytes: [UInt8] = []
    private var pending: UInt64 = 0
    private var pendingCount = 0

    /// Writes the low `count` bits of `value`, least significant first (deflate's header
    /// fields and extra bits).
    mutating func write(_ value: UInt32, count: Int) {
      pending |= UInt64(value) << pendingCount
      pendingCount += count
      while pendingCount >= 8 {
        bytes.append(UInt8(truncatingIfNeeded: pending))
        pending >>= 8
        pendingCount -= 8
      }
    }

    /// Writes a Huffman code of `count` bits, most significant first.
    mutating func writeCode(_ code: UInt32, count: Int) {
      var reversed: UInt32 = 0
      for bit in 0..<count { reversed |= (code >> bit & 1) << (count - 1 - bit) }
      write(reversed, count: count)
    }

    /// The bytes written, the last one padded with zeros.
    var bytesFlushed: [UInt8] {
      pendingCount > 0 ? bytes + [UInt8(truncatingIfNeeded: pending)] : bytes
    }
  }
}
