// SPDX-License-Identifier: MIT
// Netpbm input: P1/P2/P3 (plain) and P4/P5/P6 (raw) images, one after another.

import QRImage

extension FrameStreamReader {
  /// Reads one Netpbm image and returns it as 8-bit gray.
  ///
  /// Netpbm formats as specified by the `pbm(5)`, `pgm(5)` and `ppm(5)` pages: `#` comments in the
  /// header (also one right after the last number, ending the header at its line end), maxval 1...65535 (2-byte big-endian samples above 255), samples scaled to 0...255
  /// with rounding; PBM 1 is black (0) and 0 white (255); colour becomes BT.601 luma.
  func readPNMFrame() throws(FrameStreamError) -> DecodedFrame {
    guard try ensure(3) else {
      throw .truncatedHeader(
        frame: frameCount, offset: frameStart, received: input.bufferedCount, expected: nil)
    }
    let format = Int(input.buffered[1] - UInt8(ascii: "0"))
    input.consume(2)
    let width = try readHeaderNumber("width")
    let height = try readHeaderNumber("height")
    let isBitmap = format == 1 || format == 4
    let maxval = isBitmap ? 1 : try readHeaderNumber("maxval")
    // The header ends with exactly one whitespace byte, or with a comment right after the last
    // number, whose line end is that byte (`255#made by x\n`: netpbm's pm_getc and ffmpeg read
    // it so, and some writers put their name there).
    guard var last = try peekByte() else { throw truncatedHeader() }
    if last == UInt8(ascii: "#") {
      repeat {
        input.consume(1)
        guard let next = try peekByte() else { throw truncatedHeader() }
        last = next
      } while last != UInt8(ascii: "\n") && last != UInt8(ascii: "\r")
    }
    guard Self.isWhitespace(last) else {
      throw failure(.pnmSyntax("expected whitespace after the \(isBitmap ? "height" : "maxval")"))
    }
    input.consume(1)
    guard width >= 1, height >= 1 else { throw failure(.zeroSize(width: width, height: height)) }
    guard (1...65535).contains(maxval) else { throw failure(.pnmMaxval(maxval)) }
    try checkLimit(width: width, height: height)
    let image: GrayImage
    switch format {
    case 1, 2, 3:
      image = try readPlainRaster(format: format, width: width, height: height, maxval: maxval)
      skipsLeadingWhitespace = true
    case 4:
      image = try readBitmapRaster(width: width, height: height)
    default:
      image = try readRawRaster(
        channels: format == 6 ? 3 : 1, width: width, height: height, maxval: maxval)
    }
    return DecodedFrame(image: image)
  }

  // MARK: - Rasters

  /// P5 and P6: 1 or 3 samples per pixel, 1 byte each (maxval < 256) or 2 big-endian bytes.
  private func readRawRaster(
    channels: Int, width: Int, height: Int, maxval: Int
  ) throws(FrameStreamError) -> GrayImage {
    let sampleBytes = maxval < 256 ? 1 : 2
    let unit = channels * sampleBytes
    let bytes = width * height * unit
    if unit == 1 {
      var image = try readGrayPlane(
        width: width, height: height, rowStride: width, frameBytes: bytes)
      if maxval != 255 {
        let table = (0..<256).map { Self.scale($0, maxval: maxval) }
        image.pixels.withUnsafeMutableBufferPointer { pixels in
          for index in pixels.indices { pixels[index] = table[Int(pixels[index])] }
        }
      }
      return image
    }
    let table = sampleBytes == 1 ? (0..<256).map { Self.scale($0, maxval: maxval) } : []
    return try readConvertedPlane(
      width: width, height: height, payloadBytes: bytes, frameBytes: bytes, unit: unit
    ) { chunk, next in
      let pixels = chunk.count / unit
      for index in 0..<pixels {
        let base = index * unit
        if sampleBytes == 1 {
          // channels == 3 here.
          next[index] = PixelLayout.luma(
            red: table[Int(chunk[base])], green: table[Int(chunk[base + 1])],
            blue: table[Int(chunk[base + 2])])
        } else {
          let first = Self.scale(Int(chunk[base]) << 8 | Int(chunk[base + 1]), maxval: maxval)
          if channels == 1 {
            next[index] = first
          } else {
            let green = Self.scale(Int(chunk[base + 2]) << 8 | Int(chunk[base + 3]), maxval: maxval)
            let blue = Self.scale(Int(chunk[base + 4]) << 8 | Int(chunk[base + 5]), maxval: maxval)
            next[index] = PixelLayout.luma(red: first, green: green, blue: blue)
          }
        }
      }
      return pixels
    }
  }

  /// P4: rows of width bits, each row padded to a whole byte, most significant bit first.
  private func readBitmapRaster(width: Int, height: Int) throws(FrameStreamError) -> GrayImage {
    let rowBytes = width / 8 + (width % 8 == 0 ? 0 : 1)
    var column = 0
    return try readConvertedPlane(
      width: width, height: height, payloadBytes: rowBytes * height,
      frameBytes: rowBytes * height, unit: 1
    ) { chunk, next in
      var written = 0
      for byte in chunk {
        let bits = min(8, width - column)
        for bit in 0..<bits {
          next[written] = byte & (0x80 >> bit) != 0 ? 0 : 255
          written += 1
        }
        column += bits
        if column == width { column = 0 }
      }
      return written
    }
  }

  /// P1, P2, P3: ASCII samples separated by whitespace (P1 digits need none).
  private func readPlainRaster(
    format: Int, width: Int, height: Int, maxval: Int
  ) throws(FrameStreamError) -> GrayImage {
    let rasterStart = input.offset
    let channels = format == 3 ? 3 : 1
    var pixels = [UInt8](repeating: 0, count: width * height)
    var samples = [UInt8](repeating: 0, count: channels)
    for index in pixels.indices {
      for channel in 0..<channels {
        guard let value = try readPlainSample(isBit: format == 1) else {
          throw .truncatedPayload(
            frame: frameCount, offset: frameStart, received: input.offset - rasterStart,
            expected: nil)
        }
        guard value <= maxval else { throw failure(.pnmSample("'\(value)'")) }
        samples[channel] = format == 1 ? (value == 1 ? 0 : 255) : Self.scale(value, maxval: maxval)
      }
      pixels[index] =
        channels == 1
        ? samples[0] : PixelLayout.luma(red: samples[0], green: samples[1], blue: samples[2])
    }
    return GrayImage(width: width, height: height, pixels: pixels)
  }

  // MARK: - Text

  /// Skips whitespace and `#` comments; returns the next byte without consuming it, or nil.
  private func skipSeparators() throws(FrameStreamError) -> UInt8? {
    while let byte = try peekByte() {
      if Self.isWhitespace(byte) {
        input.consume(1)
      } else if byte == UInt8(ascii: "#") {
        while let skipped = try peekByte() {
          input.consume(1)
          if skipped == UInt8(ascii: "\n") || skipped == UInt8(ascii: "\r") { break }
        }
      } else {
        return byte
      }
    }
    return nil
  }

  /// A decimal header field; nine digits at most, so it cannot overflow.
  private func readHeaderNumber(_ field: String) throws(FrameStreamError) -> Int {
    guard let first = try skipSeparators() else { throw truncatedHeader() }
    let (value, digits) = try readDecimal()
    guard digits > 0 else {
      throw failure(.pnmSyntax("expected the \(field), found \(Self.describe(first))"))
    }
    guard digits <= 9 else { throw failure(.pnmSyntax("\(field) has more than 9 digits")) }
    return value
  }

  /// One plain sample: a single `0`/`1` for P1, else a decimal number; nil at the end of input.
  private func readPlainSample(isBit: Bool) throws(FrameStreamError) -> Int? {
    guard let first = try skipSeparators() else { return nil }
    if isBit {
      guard first == UInt8(ascii: "0") || first == UInt8(ascii: "1") else {
        throw failure(.pnmSample(Self.describe(first)))
      }
      input.consume(1)
      return Int(first - UInt8(ascii: "0"))
    }
    let (value, digits) = try readDecimal()
    guard digits > 0 else { throw failure(.pnmSample(Self.describe(first))) }
    guard digits <= 9 else { throw failure(.pnmSample("with more than 9 digits")) }
    return value
  }

  /// The digits at the current position and their count; stops after a tenth digit, which the
  /// callers refuse, so the value cannot overflow.
  private func readDecimal() throws(FrameStreamError) -> (value: Int, digits: Int) {
    var value = 0
    var digits = 0
    while digits <= 9, let byte = try peekByte(),
      (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    {
      value = value * 10 + Int(byte - UInt8(ascii: "0"))
      digits += 1
      input.consume(1)
    }
    return (value, digits)
  }

  private func truncatedHeader() -> FrameStreamError {
    .truncatedHeader(
      frame: frameCount, offset: frameStart, received: input.offset - frameStart, expected: nil)
  }

  /// `sample` of 0...maxval scaled to 0...255 with rounding; above maxval gives 255.
  static func scale(_ sample: Int, maxval: Int) -> UInt8 {
    guard sample < maxval else { return 255 }
    return UInt8((sample * 255 + maxval / 2) / maxval)
  }

  private static func describe(_ byte: UInt8) -> String {
    (0x21..<0x7F).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "byte \(byte)"
  }
}
