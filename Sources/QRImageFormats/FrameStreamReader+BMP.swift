// SPDX-License-Identifier: MIT
// BMP input, decoded here: 1, 4, 8, 16, 24 and 32 bits, bit fields, RLE4 and RLE8.

import QRImage
import QRSystem

extension FrameStreamReader {
  /// Reads one BMP (Windows or OS/2 header) and decodes it to gray.
  ///
  /// The headers and palette are read first (at most `imageMetadataAllowance` bytes before the
  /// pixels), the size is checked against the pixel limit before any pixel memory is allocated,
  /// and then the pixel rows are converted as they arrive, a row at a time, bottom-up or
  /// top-down. The image ends after its pixels (or at the file size its header gives, when that
  /// is a little more), so that another image may follow.
  func readBMPFrame() throws(FrameStreamError) -> DecodedFrame {
    var data: [UInt8] = []
    try take(18, into: &data, format: "BMP")
    let fileSize = Self.littleEndian(data, at: 2, count: 4)
    let pixelOffset = Self.littleEndian(data, at: 10, count: 4)
    let headerSize = Self.littleEndian(data, at: 14, count: 4)
    guard pixelOffset >= 14 + headerSize, pixelOffset <= Self.imageMetadataAllowance else {
      throw failure(.malformedImage(format: "BMP", detail: "pixel data at byte \(pixelOffset)"))
    }
    try take(pixelOffset - 18, into: &data, format: "BMP")
    let header = Array(data[14..<14 + headerSize])
    func field(_ offset: Int, _ count: Int) -> Int {
      offset + count <= header.count ? Self.littleEndian(header, at: offset, count: count) : 0
    }
    let width: Int
    var height: Int
    let bits: Int
    var compression = 0
    var colours = 0
    if headerSize == 12 {
      (width, height, bits) = (field(4, 2), field(6, 2), field(10, 2))
    } else {
      width = Int(Int32(truncatingIfNeeded: field(4, 4)))
      height = Int(Int32(truncatingIfNeeded: field(8, 4)))
      bits = field(14, 2)
      compression = field(16, 4)
      colours = field(32, 4)
    }
    let isTopDown = height < 0
    height = abs(height)
    // Only the height's sign means something (the row order); a negative width is no size.
    guard width >= 0 else {
      throw failure(.malformedImage(format: "BMP", detail: "negative width \(width)"))
    }
    guard width >= 1, height >= 1 else { throw failure(.zeroSize(width: width, height: height)) }
    try checkLimit(width: width, height: height)
    // The colour masks: in the header from version 2 (52 bytes) on, else after a 40-byte one.
    var masks: [Int] = []
    if compression == 3 || compression == 6 {
      let count = compression == 6 ? 4 : 3
      if headerSize >= 52 {
        masks = (0..<(headerSize >= 56 ? 4 : 3)).map { field(40 + 4 * $0, 4) }
      } else if 14 + headerSize + 4 * count <= data.count {
        masks = (0..<count).map { Self.littleEndian(data, at: 14 + headerSize + 4 * $0, count: 4) }
      }
    } else if bits == 16 {
      masks = [0x7C00, 0x03E0, 0x001F]
    } else if bits == 32 {
      masks = [0xFF_0000, 0xFF00, 0xFF]
    }
    if bits == 32 && compression == 0 { masks = [0xFF_0000, 0xFF00, 0xFF] }
    // The palette: after the header and its masks, 4 bytes an entry (3 in OS/2's).
    var palette = [UInt8](repeating: 0, count: 256)
    if bits <= 8 {
      let entry = headerSize == 12 ? 3 : 4
      let start = 14 + headerSize + (compression == 3 && headerSize == 40 ? 12 : 0)
      let count = min(256, colours > 0 ? colours : 1 << bits)
      for index in 0..<count where start + entry * index + 2 < data.count {
        let at = start + entry * index
        palette[index] = Self.luma(data[at + 2], data[at + 1], data[at])
      }
    }
    var image: GrayImage
    switch (bits, compression) {
    case (1, 0), (4, 0), (8, 0), (16, 0), (24, 0), (32, 0), (16, 3), (32, 3), (16, 6), (32, 6):
      let rowBytes = (bits * width + 31) / 32 * 4
      // A row at a time through the input buffer: rows wider than it (a 24-bit row of over
      // 349 525 pixels) are refused rather than buffered.
      guard rowBytes <= input.capacity else {
        throw failure(
          .malformedImage(format: "BMP", detail: "rows of \(rowBytes) bytes are not read"))
      }
      let pixels = BMPPixels(bits: bits, width: width, palette: palette, masks: masks)
      do {
        image = try readConvertedPlane(
          width: width, height: height, payloadBytes: rowBytes * height,
          frameBytes: rowBytes * height, unit: rowBytes
        ) { chunk, out in
          var written = 0
          for start in stride(from: 0, to: chunk.count, by: rowBytes) {
            pixels.convert(
              UnsafeRawBufferPointer(rebasing: chunk[start..<start + rowBytes]),
              into: out + written)
            written += width
          }
          return written
        }
      } catch .truncatedPayload(let frame, let offset, let received, _) {
        throw .truncatedImage(
          frame: frame, offset: offset, received: pixelOffset + received, format: "BMP")
      }
      try skipTrailer(fileSize: fileSize, end: pixelOffset + rowBytes * height)
    case (8, 1), (4, 2):
      let size = Self.littleEndian(header, at: 20, count: 4)
      let bound = 2 * width * height + 2 * height + 2
      let length = size > 0 ? size : max(0, fileSize - pixelOffset)
      guard length > 0, length <= bound + Self.imageMetadataAllowance else {
        throw failure(.malformedImage(format: "BMP", detail: "RLE data of \(length) bytes"))
      }
      var encoded: [UInt8] = []
      try checkImageBytes(length, limit: Int.max, format: "BMP")
      try reserveWork(length, width: width, height: height)
      try take(length, into: &encoded, format: "BMP")
      image = Self.decodeRLE(
        encoded, nibbles: compression == 2, width: width, height: height, palette: palette)
      try skipTrailer(fileSize: fileSize, end: pixelOffset + length)
    default:
      throw failure(
        .malformedImage(
          format: "BMP", detail: "\(bits)-bit pixels with compression \(compression) are not read"))
    }
    skipsLeadingWhitespace = true
    if !isTopDown { Self.flip(&image) }
    return DecodedFrame(image: image)
  }

  /// Skips what the header's file size says follows the pixels (an ICC profile), when it is a
  /// plausible amount; the input may end before it.
  private func skipTrailer(fileSize: Int, end: Int) throws(FrameStreamError) {
    guard fileSize > end, fileSize - end <= Self.imageMetadataAllowance else { return }
    _ = try io { () throws(Errno) in try input.skip(fileSize - end) }
  }

  /// Turns `image` upside down in place, with no copy of its pixels (BMP rows are stored
  /// bottom-up unless the height is negative).
  static func flip(_ image: inout GrayImage) {
    let (width, height) = (image.width, image.height)
    image.pixels.withUnsafeMutableBufferPointer { buffer in
      for y in 0..<height / 2 {
        let other = height - 1 - y
        for x in 0..<width { buffer.swapAt(y * width + x, other * width + x) }
      }
    }
  }

  /// BT.601 luma, as QRImage's PixelLayout and the C decoders weigh it.
  static func luma(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> UInt8 {
    let sum = 19595 * UInt32(red) + 38470 * UInt32(green) + 7471 * UInt32(blue) + 32768
    return UInt8(truncatingIfNeeded: sum >> 16)
  }

  /// Decodes BMP run-length data (RLE8, or RLE4 when `nibbles`) into rows as stored,
  /// bottom row first; pixels the data skips or never reaches are palette entry 0.
  static func decodeRLE(
    _ data: [UInt8], nibbles: Bool, width: Int, height: Int, palette: [UInt8]
  ) -> GrayImage {
    var pixels = [UInt8](repeating: palette[0], count: width * height)
    var (x, y, at) = (0, 0, 0)
    func put(_ index: Int) {
      if x < width && y < height { pixels[y * width + x] = palette[index & 0xFF] }
      x += 1
    }
    while at + 1 < data.count, y < height {
      let (count, value) = (Int(data[at]), Int(data[at + 1]))
      at += 2
      if count > 0 {
        for i in 0..<count { put(nibbles ? (i % 2 == 0 ? value >> 4 : value & 15) : value) }
        continue
      }
      switch value {
      case 0:
        (x, y) = (0, y + 1)
      case 1:
        y = height
      case 2:
        guard at + 1 < data.count else { y = height; break }
        (x, y) = (x + Int(data[at]), y + Int(data[at + 1]))
        at += 2
      default:
        let bytes = nibbles ? (value + 1) / 2 : value
        for i in 0..<value {
          let index = nibbles ? i / 2 : i
          guard at + index < data.count else { break }
          let byte = Int(data[at + index])
          put(nibbles ? (i % 2 == 0 ? byte >> 4 : byte & 15) : byte)
        }
        at += bytes + bytes % 2
      }
    }
    return GrayImage(width: width, height: height, pixels: pixels)
  }
}

/// How one row of uncompressed BMP pixels becomes gray.
private struct BMPPixels {
  let bits: Int
  let width: Int
  let palette: [UInt8]
  /// Red, green, blue and (optional) alpha masks of 16- and 32-bit pixels.
  let channels: [(mask: UInt32, shift: UInt32, maximum: UInt32)]

  init(bits: Int, width: Int, palette: [UInt8], masks: [Int]) {
    self.bits = bits
    self.width = width
    self.palette = palette
    channels = masks.map { value in
      let mask = UInt32(truncatingIfNeeded: value)
      let shift = mask == 0 ? 0 : UInt32(mask.trailingZeroBitCount)
      return (mask, shift, mask >> shift)
    }
  }

  func convert(_ row: UnsafeRawBufferPointer, into out: UnsafeMutablePointer<UInt8>) {
    switch bits {
    case 1, 4, 8:
      let perByte = 8 / bits
      let mask = (1 << bits) - 1
      for x in 0..<width {
        let byte = Int(row[x / perByte])
        let shift = 8 - bits * (x % perByte + 1)
        out[x] = palette[(byte >> shift) & mask]
      }
    case 24:
      for x in 0..<width {
        out[x] = FrameStreamReader.luma(row[3 * x + 2], row[3 * x + 1], row[3 * x])
      }
    default:
      let size = bits / 8
      for x in 0..<width {
        var pixel: UInt32 = 0
        for byte in 0..<size { pixel |= UInt32(row[size * x + byte]) << (8 * UInt32(byte)) }
        out[x] = gray(pixel)
      }
    }
  }

  /// The channel's value scaled to 0...255. In 64 bits: a mask may be up to 32 bits wide, and
  /// its maximum times 255 then needs 40 (a 32-bit product trapped on masks over 24 bits).
  private func sample(_ pixel: UInt32, _ channel: Int) -> UInt32 {
    let (mask, shift, maximum) = channels[channel]
    guard maximum > 0 else { return 0 }
    return UInt32(UInt64((pixel & mask) >> shift) * 255 / UInt64(maximum))
  }

  private func gray(_ pixel: UInt32) -> UInt8 {
    guard channels.count >= 3 else { return 0 }
    let value = FrameStreamReader.luma(
      UInt8(sample(pixel, 0)), UInt8(sample(pixel, 1)), UInt8(sample(pixel, 2)))
    guard channels.count == 4, channels[3].maximum > 0 else { return value }
    let alpha = sample(pixel, 3)
    return UInt8((UInt32(value) * alpha + 255 * (255 - alpha) + 127) / 255)
  }
}
