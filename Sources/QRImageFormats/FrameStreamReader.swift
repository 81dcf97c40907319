// SPDX-License-Identifier: MIT
// The shared frame reader: qrframe, y4m, PNM, image and raw input, recognised frame by frame.

import QRImage
import QRStream
import QRSystem

/// Reads gray frames from a descriptor, recognising each frame's kind by its first bytes.
///
/// Recognised: qrframe(5) (`QRFM`), YUV4MPEG2 (`YUV4MPEG2 `, then `FRAME` lines), Netpbm P1–P6,
/// PNG and JPEG (decoded by libpng and libjpeg; JPEG's EXIF orientation applied), WebP (libwebp;
/// every frame of an animation; EXIF orientation applied), TIFF (libtiff; every page; its
/// Orientation tag applied), GIF (giflib; every frame), BMP (decoded here), HEIF and AVIF
/// (libheif, loaded at run time when installed; its rotation and mirroring applied), and, only
/// when the input starts with none of those and `options.raw` is set, headerless frames of that
/// size and layout (then every frame is raw). The kind is recognised again at every frame
/// boundary, so `cat a.pgm b.qrframe c.y4m d.png | qrdetect` works (a TIFF, whose parts may be
/// anywhere in it, takes the rest of the input). Other image and video formats (JPEG 2000, JPEG
/// XL, MP4...) are recognised by their magic and refused with the ffmpeg command that reads them
/// (`FrameStreamError.unsupportedFormat`).
///
/// Reading streams: one header at a time, payloads straight into each frame's own array, and
/// nothing allocated before the size has been checked against `options.maximumPixelCount`.
///
///     let reader = FrameStreamReader(descriptor: .standardInput, name: "-")
///     while let frame = try reader.next() { use(frame.image) }
///
/// qrframe frames keep their header's sequence, timestamp, clock and drop count. Other frames are
/// numbered from 0 in this input and stamped in media time from their frame rate (a y4m `F`
/// parameter; `options.frameRate` for raw frames; 25 frames a second for still images).
///
/// After `next()` throws, the stream position is undefined: report the error and stop.
public final class FrameStreamReader: FrameSource {
  /// The input's name for messages (`-` for standard input).
  public let name: String
  /// Limits and the raw format.
  public let options: FrameStreamOptions
  /// The kind of the last frame returned, nil before the first.
  public private(set) var kind: InputKind?
  /// Frames returned so far; also the index of the next frame.
  public private(set) var frameCount = 0

  let input: ByteInput
  /// Where the frame being read starts.
  var frameStart = 0
  /// The y4m stream header in force, from the last `YUV4MPEG2` line.
  var y4mStream: Y4MStreamHeader?
  /// Whether whitespace may precede the next frame (after a plain PNM image).
  var skipsLeadingWhitespace = false
  /// The frames still to come from a multi-frame image (TIFF pages, GIF and WebP animations).
  var photoFrames: PhotoFrames?
  private var mediaClock = MediaClock()
  private var rawScratch: [UInt8] = []
  /// The budget every frame's memory is reserved from (the process's, unless a test says).
  let budget: MemoryBudget
  /// What the frame being read, or the one last returned, holds of `budget`: until the caller
  /// takes it (`takeReservation()`) or asks for the next frame.
  private var frameReservation: MemoryReservation?
  /// What the frame being read needs only while it is decoded (compressed bytes, a decoder's
  /// buffers); released before it is returned.
  private var workReservation: MemoryReservation?
  /// What the multi-frame image being read holds for all its frames (its bytes, its decoder's
  /// canvases).
  var photoReservation: MemoryReservation?
  /// Frames and pixels decoded so far from the multi-frame image being read.
  var photoWork = (frames: 0, pixels: 0)

  /// A reader of `descriptor`, which it does not close, reserving from `budget`.
  public init(
    descriptor: FileDescriptor, name: String, options: FrameStreamOptions = FrameStreamOptions(),
    budget: MemoryBudget = .process
  ) {
    self.input = ByteInput(descriptor: descriptor)
    self.name = name
    self.options = options
    self.budget = budget
  }

  /// The memory the frame last returned holds of the process budget, for the caller to keep as
  /// long as the frame is in use (the budget counts it until the reservation is freed); without
  /// this call, the next `next()` releases it.
  public func takeReservation() -> MemoryReservation? {
    defer { frameReservation = nil }
    return frameReservation
  }

  /// Bytes consumed from the input so far.
  public var offset: Int { input.offset }

  /// The next frame, or nil when the input ends cleanly at a frame boundary.
  ///
  /// - Throws: `FrameStreamError`; the input ending inside a frame is `.truncatedHeader` or
  ///   `.truncatedPayload`.
  public func next() throws(FrameStreamError) -> Frame? {
    // The caller did not keep the last frame's reservation: it is done with that frame.
    frameReservation = nil
    defer { workReservation = nil }
    if let photo = photoFrames, let kind {
      if let decoded = try nextPhotoFrame(photo) { return deliver(decoded, kind: kind) }
      photoFrames = nil
      photoReservation = nil
    }
    if kind == .raw, let raw = options.raw {
      frameStart = input.offset
      guard try ensure(1) else { return nil }
      return try deliver(readRawFrame(raw), kind: .raw)
    }
    if skipsLeadingWhitespace {
      // After a PNG or JPEG, NUL padding too (some cameras pad their files).
      let padding: UInt8? = kind == .pnm ? nil : 0
      while let byte = try peekByte(), Self.isWhitespace(byte) || byte == padding {
        // A HEIF image starts with its first box's length, whose high bytes are NULs.
        if byte == 0, try ensure(32) || true, Self.photoKind(input.buffered) == .heif { break }
        input.consume(1)
      }
      skipsLeadingWhitespace = false
    }
    frameStart = input.offset
    guard try ensure(1) else { return nil }
    _ = try ensure(Self.y4mMagic.count)
    var head = Array(input.buffered.prefix(Self.y4mMagic.count))
    // A stream header with no frame after it is a complete stream of no frames (what ffmpeg
    // writes when a seek passes the end): the input may end there, or go on with another stream
    // header or another kind of frame. A loop, not a recursion: headers may follow by millions.
    while Self.matches(head, Self.y4mMagic) {
      try readY4MStreamHeader()
      frameStart = input.offset
      guard try ensure(1) else { return nil }
      _ = try ensure(Self.y4mMagic.count)
      head = Array(input.buffered.prefix(Self.y4mMagic.count))
    }
    if Self.matches(head, FrameHeader.magic) {
      return try deliver(readQRFrame(), kind: .qrframe)
    }
    if y4mStream != nil, Self.matches(head, Self.y4mFrameMarker) {
      return try deliver(readY4MFrame(), kind: .y4m)
    }
    if Self.isPNMMagic(head) {
      return try deliver(readPNMFrame(), kind: .pnm)
    }
    if Self.matches(head, Self.pngMagic) {
      return try deliver(readPNGFrame(), kind: .png)
    }
    if Self.matches(head, Self.jpegMagic) {
      return try deliver(readJPEGFrame(), kind: .jpeg)
    }
    _ = try ensure(32)
    if let photo = Self.photoKind(input.buffered) {
      if photo == .bmp { return try deliver(readBMPFrame(), kind: .bmp) }
      let frames =
        switch photo {
        case .webp: try readWebP()
        case .gif: try readGIF()
        case .tiff: try readTIFF()
        default: try readHEIF()
        }
      photoFrames = frames
      self.kind = photo
      guard let decoded = try nextPhotoFrame(frames) else {
        throw failure(.malformedImage(format: frames.format, detail: "no image in it"))
      }
      return deliver(decoded, kind: photo)
    }
    if let raw = options.raw, frameCount == 0 {
      return try deliver(readRawFrame(raw), kind: .raw)
    }
    _ = try ensure(ForeignFormat.magicLength)
    if let foreign = ForeignFormat(recognizing: input.buffered) {
      throw .unsupportedFormat(
        frame: frameCount, offset: frameStart, format: foreign.reading(name))
    }
    let found = Array(head.prefix(4))
    guard let previous = kind else {
      throw .unrecognizedInput(offset: frameStart, found: found)
    }
    throw failure(
      previous == .qrframe ? .notAHeader(found: found) : .lostSync(previous: previous, found: found)
    )
  }

  /// What an input starts with, as `start()` sees it.
  public enum Start: Equatable, Sendable {
    /// Nothing: the input is empty.
    case empty
    /// A frame of a kind this reader decodes.
    case known(InputKind)
    /// An image or video format this reader does not decode.
    case foreign(ForeignFormat)
    /// Bytes of no format known here (text, archives, raw frames).
    case unknown
  }

  /// What the input starts with, read from its first bytes without consuming them; call it
  /// before the first `next()` to pick images out of a directory's files.
  public func start() throws(FrameStreamError) -> Start {
    guard try ensure(1) else { return .empty }
    _ = try ensure(32)
    let head = Array(input.buffered.prefix(ForeignFormat.magicLength))
    let prefix = Array(head.prefix(Self.y4mMagic.count))
    if Self.matches(prefix, FrameHeader.magic) { return .known(.qrframe) }
    if Self.matches(prefix, Self.y4mMagic) { return .known(.y4m) }
    if head.count >= 3, Self.isPNMMagic(prefix) { return .known(.pnm) }
    if Self.matches(prefix, Self.pngMagic) { return .known(.png) }
    if Self.matches(prefix, Self.jpegMagic) { return .known(.jpeg) }
    if let photo = Self.photoKind(input.buffered) { return .known(photo) }
    if let foreign = ForeignFormat(recognizing: head) { return .foreign(foreign.reading(name)) }
    return .unknown
  }

  // MARK: - Delivery

  /// What a kind-specific reader produces: the pixels, plus the qrframe metadata if any.
  struct DecodedFrame {
    var image: GrayImage
    var header: FrameHeader?
    var frameRate: FrameRate?
  }

  private func deliver(_ decoded: DecodedFrame, kind: InputKind) -> Frame {
    if kind != .y4m { y4mStream = nil }
    self.kind = kind
    // Large frames: keep header fills small so the next payload takes the direct path.
    let size = decoded.image.pixels.count
    input.readAhead = size >= input.capacity / 4 ? 4096 : input.capacity
    // From here the frame holds only its pixels (times what its consumer adds a pixel).
    frameReservation?.shrink(to: size * options.inFlightBytesPerPixel)
    workReservation = nil
    let frame: Frame
    if let header = decoded.header {
      frame = Frame(
        image: decoded.image, sequence: header.sequence, timestamp: header.timestamp,
        clock: header.clock, dropped: header.dropped)
    } else {
      let rate =
        decoded.frameRate ?? (kind == .raw ? options.frameRate : FrameStreamOptions.imageFrameRate)
      frame = Frame(
        image: decoded.image, sequence: UInt64(frameCount),
        timestamp: mediaClock.stamp(rate: rate))
    }
    frameCount += 1
    return frame
  }

  // MARK: - qrframe

  private func readQRFrame() throws(FrameStreamError) -> DecodedFrame {
    guard try ensure(8) else {
      throw .truncatedHeader(
        frame: frameCount, offset: frameStart, received: input.bufferedCount,
        expected: FrameHeader.minimumLength)
    }
    let length: Int
    do throws(HeaderFault) {
      length = try FrameHeader.announcedLength(input.buffered)
    } catch {
      throw failure(error)
    }
    guard try ensure(length) else {
      throw .truncatedHeader(
        frame: frameCount, offset: frameStart, received: input.bufferedCount, expected: length)
    }
    let header: FrameHeader
    do throws(HeaderFault) {
      header = try FrameHeader(
        decoding: UnsafeRawBufferPointer(rebasing: input.buffered[..<length]))
    } catch {
      throw failure(error)
    }
    try checkLimit(width: header.width, height: header.height)
    input.consume(header.length)
    let image = try readGrayPlane(
      width: header.width, height: header.height, rowStride: header.rowStride,
      frameBytes: header.rowStride * header.height)
    return DecodedFrame(image: image, header: header)
  }

  // MARK: - Raw

  private func readRawFrame(_ raw: RawFrameFormat) throws(FrameStreamError) -> DecodedFrame {
    let layout = raw.layout
    guard raw.width >= 1, raw.height >= 1 else {
      throw failure(.zeroSize(width: raw.width, height: raw.height))
    }
    try checkLimit(width: raw.width, height: raw.height)
    let minimum = layout.minimumRowStride(width: raw.width) ?? Int.max
    let stride = raw.rowStride ?? minimum
    guard stride >= minimum,
      let total = layout.frameByteCount(width: raw.width, height: raw.height, rowStride: stride)
    else { throw failure(.rowStride(stride, width: raw.width)) }
    switch layout {
    case .gray, .nv12, .nv21, .yuv420p, .yvu420p, .yuv422p, .yuv444p:
      let image = try readGrayPlane(
        width: raw.width, height: raw.height, rowStride: stride, frameBytes: total)
      return DecodedFrame(image: image)
    case .yuyv, .uyvy, .rgb24, .bgr24:
      if rawScratch.count != total { rawScratch = [UInt8](repeating: 0, count: total) }
      var outcome: Result<Int, Errno> = .success(0)
      rawScratch.withUnsafeMutableBytes { buffer in
        outcome = Result { () throws(Errno) in try input.read(into: buffer) }
      }
      let received = try io { () throws(Errno) in try outcome.get() }
      guard received == total else {
        throw .truncatedPayload(
          frame: frameCount, offset: frameStart, received: received, expected: total)
      }
      let image = rawScratch.withUnsafeBytes {
        layout.luma(from: $0, width: raw.width, height: raw.height, rowStride: stride)
      }
      return DecodedFrame(image: image)
    }
  }

  // MARK: - Shared pieces

  /// Reads a frame whose first `rowStride * height` bytes are 8-bit luma rows, and skips the rest
  /// of its `frameBytes`; padding is dropped, the result tightly packed.
  func readGrayPlane(
    width: Int, height: Int, rowStride: Int, frameBytes: Int
  ) throws(FrameStreamError) -> GrayImage {
    let count = width * height
    var received = 0
    var failure: Errno?
    let pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
      let destination = UnsafeMutableRawBufferPointer(buffer)
      do throws(Errno) {
        if rowStride == width {
          received = try input.read(into: destination)
        } else {
          for y in 0..<height {
            let row = UnsafeMutableRawBufferPointer(
              rebasing: destination[y * width..<(y + 1) * width])
            let got = try input.read(into: row)
            received += got
            guard got == width else { break }
            let skipped = try input.skip(rowStride - width)
            received += skipped
            guard skipped == rowStride - width else { break }
          }
        }
        if received == rowStride * height, frameBytes > received {
          received += try input.skip(frameBytes - received)
        }
      } catch {
        failure = error
      }
      // UInt8 is trivial, so a short read leaves nothing to deinitialize; the array is discarded.
      initialized = received == frameBytes ? count : 0
    }
    if let failure { throw .io(frame: frameCount, offset: frameStart, errno: failure) }
    guard received == frameBytes else {
      throw .truncatedPayload(
        frame: frameCount, offset: frameStart, received: received, expected: frameBytes)
    }
    return GrayImage(width: width, height: height, pixels: pixels)
  }

  /// Reads a width×height image from the next `frameBytes` bytes, passing them through `convert`
  /// in chunks whose lengths are multiples of `unit`, of which `convert` turns the first
  /// `payloadBytes` into pixels (it receives a chunk and the next pixel to write, and returns the
  /// pixels it wrote); the rest of `frameBytes` is skipped.
  func readConvertedPlane(
    width: Int, height: Int, payloadBytes: Int, frameBytes: Int, unit: Int,
    _ convert: (UnsafeRawBufferPointer, UnsafeMutablePointer<UInt8>) -> Int
  ) throws(FrameStreamError) -> GrayImage {
    let count = width * height
    var received = 0
    var failure: Errno?
    let pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
      // swift-format-ignore: NeverForceUnwrap
      // The capacity is width * height >= 1, so the buffer has an address.
      var next = buffer.baseAddress!
      do throws(Errno) {
        received = try input.stream(payloadBytes, unit: unit) { chunk in
          next += convert(chunk, next)
        }
        if received == payloadBytes { received += try input.skip(frameBytes - received) }
      } catch {
        failure = error
      }
      initialized = received == frameBytes ? count : 0
    }
    if let failure { throw .io(frame: frameCount, offset: frameStart, errno: failure) }
    guard received == frameBytes else {
      throw .truncatedPayload(
        frame: frameCount, offset: frameStart, received: received, expected: frameBytes)
    }
    return GrayImage(width: width, height: height, pixels: pixels)
  }

  /// Refuses a frame above the pixel limit, before anything is allocated for it, and reserves
  /// its pixels (times `options.inFlightBytesPerPixel`) from the memory budget, waiting for
  /// frames in flight to be done if need be.
  func checkLimit(width: Int, height: Int) throws(FrameStreamError) {
    let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
    guard overflow || pixels > options.maximumPixelCount else {
      frameReservation = nil
      let bytes = pixels * options.inFlightBytesPerPixel
      guard let held = budget.reserve(bytes, holding: heldBytes) else {
        throw .overBudget(
          frame: frameCount, offset: frameStart, width: width, height: height,
          needed: bytes + heldBytes, budget: budget.capacity)
      }
      frameReservation = held
      return
    }
    throw .tooLarge(
      frame: frameCount, offset: frameStart, width: width, height: height,
      limit: options.maximumPixelCount)
  }

  /// Reserves `bytes` more for decoding the frame being read (`width` × `height`), released
  /// once it is decoded; an error naming the budget when even all of it would not do.
  func reserveWork(_ bytes: Int, width: Int, height: Int) throws(FrameStreamError) {
    let holding = heldBytes
    guard let held = budget.reserve(bytes, holding: holding) else {
      throw .overBudget(
        frame: frameCount, offset: frameStart, width: width, height: height,
        needed: bytes + holding, budget: budget.capacity)
    }
    if let workReservation {
      workReservation.absorb(held)
    } else {
      workReservation = held
    }
  }

  /// Reserves `bytes` for a multi-frame image's life (its bytes and canvases), as `reserveWork`.
  func reservePhoto(_ bytes: Int, width: Int, height: Int) throws(FrameStreamError) {
    let holding = heldBytes
    guard let held = budget.reserve(bytes, holding: holding) else {
      throw .overBudget(
        frame: frameCount, offset: frameStart, width: width, height: height,
        needed: bytes + holding, budget: budget.capacity)
    }
    photoReservation = held
  }

  /// What this reader holds of the budget now.
  var heldBytes: Int {
    (frameReservation?.bytes ?? 0) + (workReservation?.bytes ?? 0)
      + (photoReservation?.bytes ?? 0)
  }

  /// `fault` as an error of the frame being read.
  func failure(_ fault: HeaderFault) -> FrameStreamError {
    .invalidHeader(frame: frameCount, offset: frameStart, fault: fault)
  }

  /// Runs an input call, reporting `Errno` as an error of the frame being read.
  func io<T>(_ body: () throws(Errno) -> T) throws(FrameStreamError) -> T {
    do { return try body() } catch {
      throw .io(frame: frameCount, offset: frameStart, errno: error)
    }
  }

  func ensure(_ count: Int) throws(FrameStreamError) -> Bool {
    try io { () throws(Errno) in try input.ensure(count) }
  }

  func peekByte() throws(FrameStreamError) -> UInt8? {
    try io { () throws(Errno) in try input.peekByte() }
  }

  // MARK: - Recognition

  static let y4mMagic: [UInt8] = Array("YUV4MPEG2 ".utf8)
  static let y4mFrameMarker: [UInt8] = Array("FRAME".utf8)

  /// Whether `head` starts with `magic`, or is a proper prefix of it (input ending early; the
  /// kind's reader then reports the truncation).
  static func matches(_ head: [UInt8], _ magic: [UInt8]) -> Bool {
    head.count >= magic.count ? head.starts(with: magic) : magic.starts(with: head)
  }

  /// `P1` to `P6` followed by whitespace or a comment, or a prefix of that at the end of input.
  static func isPNMMagic(_ head: [UInt8]) -> Bool {
    guard head.first == UInt8(ascii: "P") else { return false }
    guard head.count >= 2 else { return true }
    guard (UInt8(ascii: "1")...UInt8(ascii: "6")).contains(head[1]) else { return false }
    return head.count == 2 || isWhitespace(head[2]) || head[2] == UInt8(ascii: "#")
  }

  /// Netpbm whitespace: space, tab, CR, LF, VT, FF.
  static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || (0x09...0x0D).contains(byte)
  }
}

/// Media timestamps: frame index × frame duration, restarted from the running time whenever the
/// rate changes, so that mixed inputs never go back in time.
private struct MediaClock {
  private var origin: UInt64 = 0
  private var index: UInt64 = 0
  private var rate: FrameRate?

  /// The timestamp of the next frame at `rate`, in nanoseconds.
  mutating func stamp(rate newRate: FrameRate) -> UInt64 {
    if rate != newRate {
      if let rate {
        let (sum, overflow) = origin.addingReportingOverflow(rate.nanoseconds(atFrame: index))
        origin = overflow ? UInt64.max : sum
      }
      rate = newRate
      index = 0
    }
    let (time, overflow) = origin.addingReportingOverflow(newRate.nanoseconds(atFrame: index))
    index += 1
    return overflow ? UInt64.max : time
  }
}
