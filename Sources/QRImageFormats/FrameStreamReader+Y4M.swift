// SPDX-License-Identifier: MIT
// YUV4MPEG2 input: the stream header line, FRAME lines, and the Y plane of each frame.

import QRImage
import QRStream

/// A YUV4MPEG2 colour space (the `C` parameter), as far as taking the Y plane needs it.
struct Y4MColorSpace: Equatable {
  /// How chroma is subsampled, which fixes the bytes that follow the Y plane.
  enum Sampling: Equatable {
    case mono, yuv420, yuv422, yuv444, yuv411, yuv444Alpha
  }

  /// The name as written after `C`.
  let name: String
  let sampling: Sampling
  /// Bits per sample: 8, or 9...16 stored as 2 little-endian bytes.
  let depth: Int

  /// Bytes per sample.
  var sampleBytes: Int { depth > 8 ? 2 : 1 }

  /// Recognises the colour spaces ffmpeg's yuv4mpegpipe muxer writes: `mono`, `420jpeg`,
  /// `420paldv`, `420mpeg2`, `420`, `422`, `444`, `411`, `444alpha`, and the high-depth
  /// `monoN`, `420pN`, `422pN`, `444pN` for N in 9...16.
  init?(_ name: String) {
    self.name = name
    switch name {
    case "mono": (sampling, depth) = (.mono, 8)
    case "420jpeg", "420paldv", "420mpeg2", "420": (sampling, depth) = (.yuv420, 8)
    case "422": (sampling, depth) = (.yuv422, 8)
    case "444": (sampling, depth) = (.yuv444, 8)
    case "411": (sampling, depth) = (.yuv411, 8)
    case "444alpha": (sampling, depth) = (.yuv444Alpha, 8)
    default:
      let prefixes: [(String, Sampling)] = [
        ("mono", .mono), ("420p", .yuv420), ("422p", .yuv422), ("444p", .yuv444),
      ]
      guard
        let (prefix, sampling) = prefixes.first(where: { name.hasPrefix($0.0) }),
        let depth = Int(name.dropFirst(prefix.count)), (9...16).contains(depth)
      else { return nil }
      (self.sampling, self.depth) = (sampling, depth)
    }
  }

  /// Samples after the Y plane in one frame (chroma, and alpha for `444alpha`), or nil on
  /// overflow.
  func trailingSamples(width: Int, height: Int) -> Int? {
    let halfWidth = width / 2 + width % 2
    let halfHeight = height / 2 + height % 2
    let quarterWidth = (width + 3) / 4
    let (plane, planes): (Int?, Int)
    switch sampling {
    case .mono: (plane, planes) = (0, 0)
    case .yuv420: (plane, planes) = (product(halfWidth, halfHeight), 2)
    case .yuv422: (plane, planes) = (product(halfWidth, height), 2)
    case .yuv444: (plane, planes) = (product(width, height), 2)
    case .yuv411: (plane, planes) = (product(quarterWidth, height), 2)
    case .yuv444Alpha: (plane, planes) = (product(width, height), 3)
    }
    return plane.flatMap { product($0, planes) }
  }

  private func product(_ a: Int, _ b: Int) -> Int? {
    let (value, overflow) = a.multipliedReportingOverflow(by: b)
    return overflow ? nil : value
  }
}

/// The parameters of a `YUV4MPEG2` stream header line that matter here.
struct Y4MStreamHeader: Equatable {
  var width: Int
  var height: Int
  var frameRate: FrameRate
  var colorSpace: Y4MColorSpace
  /// Bytes of one frame after its `FRAME` line.
  var frameBytes: Int
}

extension FrameStreamReader {
  /// The longest header line accepted; ffmpeg's are under 100 bytes.
  static let y4mLineLimit = 4096

  /// Parses `YUV4MPEG2 W.. H.. [F..] [I.] [A..] [C..] [X..]` and makes it the stream in force.
  ///
  /// YUV4MPEG2 as documented by the mjpegtools `yuv4mpeg(5)` page and written by ffmpeg.
  func readY4MStreamHeader() throws(FrameStreamError) {
    let line = try readLine()
    var width: Int?
    var height: Int?
    var rate = FrameRate.standard
    var colorSpaceName = "420jpeg"
    for token in line.split(separator: UInt8(ascii: " ")).dropFirst() {
      let text = String(decoding: token, as: UTF8.self)
      let value = text.dropFirst()
      switch token.first {
      case UInt8(ascii: "W"):
        guard let number = Int(value), number >= 0 else { throw failure(.y4mParameter(text)) }
        width = number
      case UInt8(ascii: "H"):
        guard let number = Int(value), number >= 0 else { throw failure(.y4mParameter(text)) }
        height = number
      case UInt8(ascii: "F"):
        // F0:0 means unknown; keep the default then.
        if value != "0:0" {
          guard let parsed = FrameRate(value) else { throw failure(.y4mParameter(text)) }
          rate = parsed
        }
      case UInt8(ascii: "C"):
        colorSpaceName = String(value)
      default:
        break  // I (interlacing), A (aspect), X (extensions) do not change the Y plane.
      }
    }
    guard let width, let height else { throw failure(.y4mMissingSize) }
    guard width >= 1, height >= 1 else { throw failure(.zeroSize(width: width, height: height)) }
    guard let colorSpace = Y4MColorSpace(colorSpaceName) else {
      throw failure(.y4mColorSpace(colorSpaceName))
    }
    try checkLimit(width: width, height: height)
    guard
      let trailing = colorSpace.trailingSamples(width: width, height: height),
      case let (samples, overflow) = trailing.addingReportingOverflow(width * height), !overflow,
      case let (bytes, overflow2) = samples.multipliedReportingOverflow(by: colorSpace.sampleBytes),
      !overflow2
    else {
      throw .tooLarge(
        frame: frameCount, offset: frameStart, width: width, height: height,
        limit: options.maximumPixelCount)
    }
    y4mStream = Y4MStreamHeader(
      width: width, height: height, frameRate: rate, colorSpace: colorSpace, frameBytes: bytes)
  }

  /// Reads `FRAME[ params]\n` and the frame after it; returns its Y plane in 8 bits.
  func readY4MFrame() throws(FrameStreamError) -> DecodedFrame {
    // swift-format-ignore: NeverForceUnwrap
    // Called only after a stream header was read, which sets y4mStream.
    let stream = y4mStream!
    let line = try readLine()
    guard line.split(separator: UInt8(ascii: " ")).first?.elementsEqual(Self.y4mFrameMarker) == true
    else {
      throw failure(.lostSync(previous: .y4m, found: Array(line.prefix(4))))
    }
    let width = stream.width
    let height = stream.height
    let image: GrayImage
    if stream.colorSpace.sampleBytes == 1 {
      image = try readGrayPlane(
        width: width, height: height, rowStride: width, frameBytes: stream.frameBytes)
    } else {
      image = try readWidePlane(stream)
    }
    return DecodedFrame(image: image, frameRate: stream.frameRate)
  }

  /// A Y plane of 2-byte little-endian samples of `depth` bits, reduced to their top 8 bits.
  private func readWidePlane(_ stream: Y4MStreamHeader) throws(FrameStreamError) -> GrayImage {
    let shift = UInt16(stream.colorSpace.depth - 8)
    return try readConvertedPlane(
      width: stream.width, height: stream.height, payloadBytes: stream.width * stream.height * 2,
      frameBytes: stream.frameBytes, unit: 2
    ) { chunk, next in
      let pixels = chunk.count / 2
      for index in 0..<pixels {
        let sample = UInt16(chunk[2 * index]) | UInt16(chunk[2 * index + 1]) << 8
        // A sample above 2^depth - 1 is out of range; clamp rather than wrap.
        next[index] = UInt8(clamping: sample >> shift)
      }
      return pixels
    }
  }

  /// One `\n`-terminated line without its `\n`, consumed.
  private func readLine() throws(FrameStreamError) -> [UInt8] {
    var scanned = 0
    while true {
      let buffered = input.buffered
      if let end = buffered[scanned...].firstIndex(of: UInt8(ascii: "\n")) {
        // A whole line may have arrived in one read of up to 64 KiB: its length is checked
        // here too, not only while a longer one is still being read.
        guard end <= Self.y4mLineLimit else { throw failure(.y4mLineTooLong(Self.y4mLineLimit)) }
        let line = Array(buffered[..<end])
        input.consume(end + 1)
        return line
      }
      scanned = buffered.count
      guard scanned < Self.y4mLineLimit else { throw failure(.y4mLineTooLong(Self.y4mLineLimit)) }
      guard try ensure(scanned + 1) else {
        throw .truncatedHeader(
          frame: frameCount, offset: frameStart, received: input.offset - frameStart + scanned,
          expected: nil)
      }
    }
  }
}
