// SPDX-License-Identifier: MIT
// PNG and JPEG input: each image's extent found here, its pixels decoded by libpng or libjpeg.

import CImageCodecs
import QRImage
import QRSystem

extension FrameStreamReader {
  static let pngMagic: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
  static let jpegMagic: [UInt8] = [0xFF, 0xD8, 0xFF]
  /// Bytes beyond its pixels' needs an image may carry (metadata, ICC profiles, thumbnails).
  static let imageMetadataAllowance = 16 << 20
  /// The most scans a JPEG may have: real progressive files have about ten, and each scan costs
  /// a pass over the whole image, which a hostile file could repeat without end.
  static let maximumJPEGScans = 256
  /// The fewest scans any JPEG may have, whatever its size.
  static let minimumJPEGScanLimit = 32
  /// The most samples (pixels × components) all of a JPEG's scans may visit, summed: each scan of
  /// a progressive image is a pass over its whole coefficient buffer.
  static let jpegScanWork = 1 << 33

  /// The most scans a JPEG of `pixels` pixels in `components` components may have:
  /// `jpegScanWork / (pixels × components)`, within 32...256 (32 scans of the largest image the
  /// default memory limit lets through take a few seconds).
  static func maximumJPEGScans(pixels: Int, components: Int) -> Int {
    let samples = max(1, pixels * components)
    return min(maximumJPEGScans, max(minimumJPEGScanLimit, jpegScanWork / samples))
  }

  // MARK: - PNG

  /// Reads one PNG, from its signature to its IEND chunk, and decodes it to gray.
  ///
  /// The chunks are walked here, so that the image ends exactly where its IEND does and the next
  /// image can follow: the size in IHDR is checked against the pixel limit before anything else
  /// is read, and the image's bytes are bounded by what its pixels can need plus
  /// `imageMetadataAllowance`.
  func readPNGFrame() throws(FrameStreamError) -> DecodedFrame {
    var data: [UInt8] = []
    try take(Self.pngMagic.count, into: &data, format: "PNG")
    var size: (width: Int, height: Int)?
    var limit = Int.max
    while true {
      guard try ensure(8) else { throw truncatedImage(data, format: "PNG") }
      let length = Self.bigEndian(input.buffered, at: 0, count: 4)
      let type = Array(input.buffered[4..<8])
      guard length <= 0x7FFF_FFFF else {
        throw failure(.malformedImage(format: "PNG", detail: "chunk length \(length) above 2^31-1"))
      }
      if size == nil {
        guard type == Array("IHDR".utf8), length == 13 else {
          throw failure(.malformedImage(format: "PNG", detail: "the first chunk is not IHDR"))
        }
        guard try ensure(8 + 13) else { throw truncatedImage(data, format: "PNG") }
        let width = Self.bigEndian(input.buffered, at: 8, count: 4)
        let height = Self.bigEndian(input.buffered, at: 12, count: 4)
        let depth = min(Int(input.buffered[16]), 16)
        let channels = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][Int(input.buffered[17])] ?? 4
        guard width >= 1, height >= 1 else {
          throw failure(.zeroSize(width: width, height: height))
        }
        try checkLimit(width: width, height: height)
        // The raw data: rows of samples with a filter byte each (Adam7's seven passes have
        // under twice the rows, each rounded up to a byte), which deflate's stored blocks
        // enlarge by well under a quarter.
        let raw = (height + 8) * (4 + (width * channels * depth + 7) / 8)
        limit = raw + raw / 4 + Self.imageMetadataAllowance
        size = (width, height)
      }
      try checkImageBytes(data.count + 12 + length, limit: limit, format: "PNG")
      try take(12 + length, into: &data, format: "PNG")
      if type == Array("IEND".utf8) { break }
    }
    // The loop leaves only after IHDR has set the size.
    guard let size else { throw truncatedImage(data, format: "PNG") }
    // libpng decodes a row at a time; its limit is for the ancillary chunks it inflates.
    let image = try decode(
      data, size: size, format: "PNG", decoding: 16 * size.width + (8 << 20), extra: 0,
      with: qr_png_decode)
    skipsLeadingWhitespace = true
    return DecodedFrame(image: image)
  }

  // MARK: - JPEG

  /// Reads one JPEG, from SOI to EOI, and decodes it to gray with its EXIF orientation applied.
  ///
  /// The markers and the entropy-coded data are walked here, so that the image ends exactly at its
  /// EOI marker: the size in the frame header (SOF) is checked against the pixel limit before the
  /// scans are read, the bytes are bounded by what the pixels can need plus
  /// `imageMetadataAllowance`, and at most `maximumJPEGScans` scans are accepted. The EXIF
  /// orientation (APP1 tag 0x0112) is read here too and applied to the decoded pixels, so that
  /// positions are those of the image as a viewer shows it.
  func readJPEGFrame() throws(FrameStreamError) -> DecodedFrame {
    var data: [UInt8] = []
    try take(2, into: &data, format: "JPEG")
    var size: (width: Int, height: Int)?
    var limit = Self.imageMetadataAllowance
    var orientation = 1
    var scans = 0
    var components = 1
    var scanLimit = Self.maximumJPEGScans
    markers: while true {
      guard try ensure(2) else { throw truncatedImage(data, format: "JPEG") }
      let buffered = input.buffered
      guard buffered[0] == 0xFF else {
        throw failure(
          .malformedImage(format: "JPEG", detail: "expected a marker, found byte \(buffered[0])"))
      }
      let marker = buffered[1]
      switch marker {
      case 0xFF:
        // A fill byte before a marker.
        input.consume(1)
        continue markers
      case 0xD9:
        try take(2, into: &data, format: "JPEG")
        break markers
      case 0x01, 0xD0...0xD7:
        try take(2, into: &data, format: "JPEG")
        continue markers
      case 0x00, 0xD8:
        throw failure(
          .malformedImage(format: "JPEG", detail: "unexpected marker 0xff\(Self.hexByte(marker))"))
      default:
        break
      }
      guard try ensure(4) else { throw truncatedImage(data, format: "JPEG") }
      let length = Self.bigEndian(input.buffered, at: 2, count: 2)
      guard length >= 2 else {
        throw failure(.malformedImage(format: "JPEG", detail: "segment length \(length)"))
      }
      let start = data.count
      try checkImageBytes(start + 2 + length, limit: limit, format: "JPEG")
      try take(2 + length, into: &data, format: "JPEG")
      let segment = data[(start + 4)...]
      switch marker {
      case 0xC0...0xC3, 0xC5...0xC7, 0xC9...0xCB, 0xCD...0xCF:
        guard size == nil else {
          throw failure(.malformedImage(format: "JPEG", detail: "a second frame header"))
        }
        guard segment.count >= 6 else {
          throw failure(.malformedImage(format: "JPEG", detail: "short frame header"))
        }
        let base = segment.startIndex
        let height = Int(segment[base + 1]) << 8 | Int(segment[base + 2])
        let width = Int(segment[base + 3]) << 8 | Int(segment[base + 4])
        components = max(1, Int(segment[base + 5]))
        guard width >= 1, height >= 1 else {
          throw failure(.zeroSize(width: width, height: height))
        }
        try checkLimit(width: width, height: height)
        size = (width, height)
        // Worst-case entropy-coded data is under 2 bytes a sample.
        limit = width * height * components * 2 + Self.imageMetadataAllowance
        scanLimit = Self.maximumJPEGScans(pixels: width * height, components: components)
      case 0xE1:
        if let found = Self.exifOrientation(segment) { orientation = found }
      case 0xDA:
        guard size != nil else {
          throw failure(.malformedImage(format: "JPEG", detail: "a scan before the frame header"))
        }
        scans += 1
        guard scans <= scanLimit else {
          let (width, height) = size ?? (0, 0)
          throw failure(.jpegScans(limit: scanLimit, width: width, height: height))
        }
        try takeEntropyCodedData(into: &data, limit: limit)
      default:
        break
      }
    }
    guard let size else {
      throw failure(.malformedImage(format: "JPEG", detail: "no frame header before EOI"))
    }
    // libjpeg's memory: the coefficients of every component (2 bytes a sample) when the image
    // has several scans (progressive, or components scanned apart); a band of MCU rows when it
    // has one. A rotation (EXIF) copies the pixels once more.
    let pixelCount = size.width * size.height
    let decoding =
      (scans > 1 ? 2 * components * pixelCount : 64 * components * size.width) + (4 << 20)
    let image = try decode(
      data, size: size, format: "JPEG", decoding: decoding,
      extra: orientation == 1 ? 0 : pixelCount
    ) {
      data, count, width, height, memory, gray, message, messageSize in
      qr_jpeg_decode(
        data, count, width, height, memory, Int32(scanLimit), gray, message, messageSize)
    }
    skipsLeadingWhitespace = true
    return DecodedFrame(image: Self.oriented(image, exif: orientation))
  }

  /// Copies a scan's entropy-coded bytes up to the next marker that is not a restart marker
  /// (`FF` followed by anything but `00` and `D0`...`D7`).
  private func takeEntropyCodedData(into data: inout [UInt8], limit: Int) throws(FrameStreamError) {
    while true {
      guard try ensure(2) else { throw truncatedImage(data, format: "JPEG") }
      let buffered = input.buffered
      var index = 0
      var atMarker = false
      while index < buffered.count - 1 {
        if buffered[index] != 0xFF {
          index += 1
          continue
        }
        let next = buffered[index + 1]
        if next == 0x00 || (0xD0...0xD7).contains(next) {
          index += 2
        } else {
          atMarker = true
          break
        }
      }
      try checkImageBytes(data.count + index, limit: limit, format: "JPEG")
      data.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffered[0..<index]))
      input.consume(index)
      if atMarker { return }
    }
  }

  // MARK: - Shared

  /// Throws unless an image may hold `count` bytes: at most `limit`, what its size can need, and
  /// at most the decoding memory.
  func checkImageBytes(_ count: Int, limit: Int, format: String) throws(FrameStreamError) {
    let memory = options.maximumDecodingMemory
    guard count > min(limit, memory) else { return }
    throw failure(
      memory < limit
        ? .imageMemory(format: format, limit: memory)
        : .imageDataTooLarge(format: format, limit: limit))
  }

  /// Appends the next `count` input bytes to `data`.
  ///
  /// The bytes are read in steps no larger than what `data` already holds (and at least 1 MiB),
  /// so memory grows with the bytes that arrive, never ahead of them by more than that: a chunk
  /// that claims 2 GB and ends at once costs what it held.
  func take(
    _ count: Int, into data: inout [UInt8], format: String
  ) throws(FrameStreamError) {
    var remaining = count
    while remaining > 0 {
      let start = data.count
      let step = min(remaining, max(Self.imageReadStep, start))
      data.append(contentsOf: repeatElement(0, count: step))
      var outcome: Result<Int, Errno> = .success(0)
      data.withUnsafeMutableBytes { buffer in
        let destination = UnsafeMutableRawBufferPointer(rebasing: buffer[start...])
        outcome = Result { () throws(Errno) in try input.read(into: destination) }
      }
      let received = try io { () throws(Errno) in try outcome.get() }
      guard received == step else {
        data.removeLast(step - received)
        throw truncatedImage(data, format: format)
      }
      remaining -= step
    }
  }

  /// The least `take(_:into:format:)` reads at a time.
  static let imageReadStep = 1 << 20

  func truncatedImage(_ data: [UInt8], format: String) -> FrameStreamError {
    .truncatedImage(frame: frameCount, offset: frameStart, received: data.count, format: format)
  }

  /// Decodes a whole image held in `data` with one of the C decoders, giving it the decoding
  /// memory that `data` leaves, at most `decoding`, what it can need; that, the bytes and
  /// `extra` are reserved from the budget until the frame is returned.
  private func decode(
    _ data: [UInt8], size: (width: Int, height: Int), format: String, decoding needs: Int,
    extra: Int,
    with decoder: (
      UnsafePointer<UInt8>?, Int, UInt32, UInt32, Int, UnsafeMutablePointer<UInt8>?,
      UnsafeMutablePointer<CChar>?, Int
    ) -> Int32
  ) throws(FrameStreamError) -> GrayImage {
    let memory = options.maximumDecodingMemory
    let decoding = max(1, min(memory - data.count, needs))
    try reserveWork(data.count + decoding + extra, width: size.width, height: size.height)
    var message = [CChar](repeating: 0, count: 200)
    var status: Int32 = -1
    let pixels = [UInt8](unsafeUninitializedCapacity: size.width * size.height) {
      buffer, initialized in
      status = data.withUnsafeBufferPointer { source in
        message.withUnsafeMutableBufferPointer { text in
          decoder(
            source.baseAddress, source.count, UInt32(size.width), UInt32(size.height),
            decoding, buffer.baseAddress, text.baseAddress, text.count)
        }
      }
      // UInt8 is trivial: on failure nothing needs deinitializing, and the array is discarded.
      initialized = status == 0 ? buffer.count : 0
    }
    if status == QR_IMAGE_MEMORY {
      throw failure(.imageMemory(format: format, limit: memory))
    }
    guard status == 0 else {
      let detail = String(
        decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) },
        as: UTF8.self)
      throw failure(.malformedImage(format: format, detail: detail.lowercased()))
    }
    return GrayImage(width: size.width, height: size.height, pixels: pixels)
  }

  /// The unsigned big-endian number of `count` bytes at `offset` of `bytes`.
  static func bigEndian(_ bytes: UnsafeRawBufferPointer, at offset: Int, count: Int) -> Int {
    (offset..<offset + count).reduce(0) { $0 << 8 | Int(bytes[$1]) }
  }

  static func hexByte(_ byte: UInt8) -> String {
    let digits = Array("0123456789abcdef")
    return String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
  }

  // MARK: - EXIF orientation

  /// The orientation (1...8) in an APP1 segment's EXIF data, or nil when it has none.
  ///
  /// Only what is needed is parsed: the TIFF header (`II` or `MM`), IFD0's entries, and tag
  /// 0x0112 as a SHORT; every offset is checked against the segment.
  static func exifOrientation(_ segment: ArraySlice<UInt8>) -> Int? {
    let bytes = Array(segment)
    guard bytes.count >= 14, bytes.starts(with: Array("Exif".utf8) + [0, 0]) else { return nil }
    return tiffOrientation(Array(bytes[6...]))
  }

  /// The orientation (1...8) in EXIF data that starts with its TIFF header, or nil.
  static func tiffOrientation(_ tiff: [UInt8]) -> Int? {
    guard tiff.count >= 8 else { return nil }
    let isLittleEndian: Bool
    switch (tiff[0], tiff[1]) {
    case (0x49, 0x49): isLittleEndian = true
    case (0x4D, 0x4D): isLittleEndian = false
    default: return nil
    }
    func number(_ offset: Int, _ count: Int) -> Int? {
      guard offset >= 0, offset + count <= tiff.count else { return nil }
      let range = tiff[offset..<offset + count]
      return (isLittleEndian ? range.reversed() : Array(range)).reduce(0) { $0 << 8 | Int($1) }
    }
    guard number(2, 2) == 42, let directory = number(4, 4), let entries = number(directory, 2)
    else { return nil }
    for entry in 0..<min(entries, 1024) {
      let at = directory + 2 + entry * 12
      guard let tag = number(at, 2) else { return nil }
      guard tag == 0x0112 else { continue }
      guard number(at + 2, 2) == 3, let value = number(at + 8, 2), (1...8).contains(value)
      else { return nil }
      return value
    }
    return nil
  }

  /// `image` as a viewer shows it under EXIF orientation `exif` (1 is as stored; 6 rotates a
  /// quarter turn clockwise, 8 counter-clockwise, 3 a half turn; 2, 4, 5 and 7 mirror).
  static func oriented(_ image: GrayImage, exif: Int) -> GrayImage {
    guard (2...8).contains(exif) else { return image }
    let (width, height) = (image.width, image.height)
    let swaps = exif >= 5
    let (outWidth, outHeight) = swaps ? (height, width) : (width, height)
    let source = image.pixels
    var pixels = [UInt8](repeating: 0, count: source.count)
    pixels.withUnsafeMutableBufferPointer { out in
      source.withUnsafeBufferPointer { pixel in
        for y in 0..<outHeight {
          for x in 0..<outWidth {
            // Where displayed pixel (x, y) is stored.
            let (sx, sy) =
              switch exif {
              case 2: (width - 1 - x, y)
              case 3: (width - 1 - x, height - 1 - y)
              case 4: (x, height - 1 - y)
              case 5: (y, x)
              case 6: (y, height - 1 - x)
              case 7: (width - 1 - y, height - 1 - x)
              default: (width - 1 - y, x)
              }
            out[y * outWidth + x] = pixel[sy * width + sx]
          }
        }
      }
    }
    return GrayImage(width: outWidth, height: outHeight, pixels: pixels)
  }
}
