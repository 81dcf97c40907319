// SPDX-License-Identifier: MIT
// What can go wrong while reading a frame stream, in words a user can act on.

/// The kinds of input a `FrameStreamReader` recognises.
public enum InputKind: String, Sendable, CaseIterable {
  /// qrframe(5): a 64-byte header starting with "QRFM", then the payload.
  case qrframe
  /// YUV4MPEG2, as `ffmpeg -f yuv4mpegpipe` writes it.
  case y4m
  /// Netpbm images P1 to P6, one after another.
  case pnm
  /// PNG images (any bit depth, palette and alpha), one after another.
  case png
  /// JPEG images (gray, YCbCr, RGB, CMYK), one after another.
  case jpeg
  /// Headerless frames of a size and pixel layout given by the caller.
  case raw
}

/// Why a header (a qrframe header, a y4m stream or frame header, a PNM header) was refused.
public enum HeaderFault: Error, Equatable, Sendable, CustomStringConvertible {
  /// The bytes at a qrframe boundary do not start with "QRFM"; `found` holds up to 4 of them.
  case notAHeader(found: [UInt8])
  /// A qrframe major version other than 1.
  case majorVersion(UInt8)
  /// A qrframe header length below 64.
  case headerLength(Int)
  /// The stored CRC-32 differs from the one computed over the header.
  case checksum(stored: UInt32, computed: UInt32)
  /// A clock number qrframe 1 does not define.
  case clock(UInt8)
  /// A qrframe pixel format other than "GREY".
  case pixelFormat(UInt32)
  /// A width or height of 0.
  case zeroSize(width: Int, height: Int)
  /// A row stride shorter than a row.
  case rowStride(Int, width: Int)
  /// A qrframe payload length other than `rowStride * height`.
  case payloadLength(UInt64, expected: UInt64)
  /// A y4m `C` parameter this reader does not know.
  case y4mColorSpace(String)
  /// A y4m stream header parameter that does not parse.
  case y4mParameter(String)
  /// A y4m stream header without `W` or `H`.
  case y4mMissingSize
  /// A y4m header or `FRAME` line longer than the reader accepts.
  case y4mLineTooLong(Int)
  /// A PNM header whose width, height or maxval is not a decimal number.
  case pnmSyntax(String)
  /// A PNM maxval outside 1...65535.
  case pnmMaxval(Int)
  /// A plain (ASCII) PNM sample that is not a number in 0...maxval.
  case pnmSample(String)
  /// After a frame of `previous` kind, bytes that start no frame of any known kind.
  case lostSync(previous: InputKind, found: [UInt8])
  /// A PNG or JPEG image whose structure or data libpng or libjpeg refused.
  case malformedImage(format: String, detail: String)
  /// A PNG or JPEG image with more bytes than its pixels can need plus the metadata allowance.
  case imageDataTooLarge(format: String, limit: Int)
  /// A PNG or JPEG image whose bytes, or whose decoder's working memory, would exceed
  /// `FrameStreamOptions.maximumDecodingMemory` (`limit` bytes).
  case imageMemory(format: String, limit: Int)
  /// A JPEG image with more scans than `limit`, the most its size allows.
  case jpegScans(limit: Int, width: Int, height: Int)

  /// The fault, lowercase, without a trailing period.
  public var description: String {
    switch self {
    case .notAHeader(let found):
      "not a qrframe header (found \(Self.hex(found)) instead of 51 52 46 4d \"QRFM\")"
    case .majorVersion(let major):
      "unsupported qrframe major version \(major) (this reader knows version 1)"
    case .headerLength(let length): "qrframe header length \(length) is below 64"
    case .checksum(let stored, let computed):
      "header checksum mismatch (corrupt stream): stored \(Self.hex32(stored)),"
        + " computed \(Self.hex32(computed))"
    case .clock(let clock): "unknown clock \(clock) (qrframe 1 defines 0, 1 and 2)"
    case .pixelFormat(let code): "unsupported pixel format \(Self.fourCC(code)) (only GREY)"
    case .zeroSize(let width, let height): "zero-sized frame \(width)x\(height)"
    case .rowStride(let stride, let width): "row stride \(stride) is less than the width \(width)"
    case .payloadLength(let length, let expected):
      "payload length \(length) differs from stride × height = \(expected)"
    case .y4mColorSpace(let name): "unsupported y4m colour space '\(name)'"
    case .y4mParameter(let text): "malformed y4m header parameter '\(text)'"
    case .y4mMissingSize: "y4m stream header without a width (W) or a height (H)"
    case .y4mLineTooLong(let limit): "y4m header line longer than \(limit) bytes"
    case .pnmSyntax(let text): "malformed PNM header: \(text)"
    case .pnmMaxval(let maxval): "PNM maxval \(maxval) is outside 1...65535"
    case .pnmSample(let text): "malformed plain PNM sample \(text)"
    case .lostSync(let previous, let found):
      "not a qrframe, y4m, PNM, PNG or JPEG header after \(previous) frames"
        + " (found \(Self.hex(found)))"
    case .malformedImage(let format, let detail): "malformed \(format) image: \(detail)"
    case .imageDataTooLarge(let format, let limit):
      "\(format) image data exceed \(limit) bytes, more than its size can need"
    case .imageMemory(let format, let limit):
      "\(format) image needs more than the decoding memory limit of \(Self.bytes(limit))"
    case .jpegScans(let limit, let width, let height):
      "JPEG image has more than \(limit) scans, the most a \(width)x\(height) image may have"
    }
  }

  /// `bytes` in the largest binary unit that divides it: `256 MiB`, `1536 KiB`, `100 bytes`.
  static func bytes(_ count: Int) -> String {
    for (shift, unit) in [(40, "TiB"), (30, "GiB"), (20, "MiB"), (10, "KiB")]
    where count >= 1 << shift && count % (1 << shift) == 0 {
      return "\(count >> shift) \(unit)"
    }
    return "\(count) bytes"
  }

  private static func hex(_ bytes: [UInt8]) -> String {
    bytes.isEmpty ? "nothing" : bytes.map { hex2($0) }.joined(separator: " ")
  }

  private static func hex2(_ byte: UInt8) -> String {
    let digits = Array("0123456789abcdef")
    return String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
  }

  private static func hex32(_ value: UInt32) -> String {
    "0x" + (0..<4).reversed().map { hex2(UInt8(truncatingIfNeeded: value >> ($0 * 8))) }.joined()
  }

  private static func fourCC(_ code: UInt32) -> String {
    let bytes = (0..<4).map { UInt8(truncatingIfNeeded: code >> ($0 * 8)) }
    if bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
      return "'" + String(decoding: bytes, as: UTF8.self) + "'"
    }
    return hex(bytes)
  }
}

/// A frame stream could not be read; every frame returned before the error was complete.
///
/// Each case carries `frame`, the 0-based index of the frame in this input, and `offset`, the
/// byte offset in the input where that frame starts.
public enum FrameStreamError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The input starts with no known magic and no raw frame size was given.
  case unrecognizedInput(offset: Int, found: [UInt8])
  /// The input ended inside a header after `received` of `expected` bytes (nil for text
  /// headers, whose length is unknown until they end).
  case truncatedHeader(frame: Int, offset: Int, received: Int, expected: Int?)
  /// The input ended inside a payload after `received` of `expected` bytes (nil for plain PNM,
  /// whose length depends on its text).
  case truncatedPayload(frame: Int, offset: Int, received: Int, expected: Int?)
  /// A header was refused.
  case invalidHeader(frame: Int, offset: Int, fault: HeaderFault)
  /// A frame is larger than the reader's pixel limit (checked before anything is allocated).
  case tooLarge(frame: Int, offset: Int, width: Int, height: Int, limit: Int)
  /// Reading failed.
  case io(frame: Int, offset: Int, errno: Errno)
  /// The input ended inside a PNG or JPEG image after `received` bytes of it.
  case truncatedImage(frame: Int, offset: Int, received: Int, format: String)
  /// An image or video format this reader does not decode, recognised by its magic.
  case unsupportedFormat(frame: Int, offset: Int, format: ForeignFormat)

  /// The 0-based index of the frame being read.
  public var frame: Int {
    switch self {
    case .unrecognizedInput: 0
    case .truncatedHeader(let frame, _, _, _), .truncatedPayload(let frame, _, _, _),
      .invalidHeader(let frame, _, _), .tooLarge(let frame, _, _, _, _), .io(let frame, _, _),
      .truncatedImage(let frame, _, _, _), .unsupportedFormat(let frame, _, _):
      frame
    }
  }

  /// The byte offset where the frame being read starts.
  public var offset: Int {
    switch self {
    case .unrecognizedInput(let offset, _), .truncatedHeader(_, let offset, _, _),
      .truncatedPayload(_, let offset, _, _), .invalidHeader(_, let offset, _),
      .tooLarge(_, let offset, _, _, _), .io(_, let offset, _),
      .truncatedImage(_, let offset, _, _), .unsupportedFormat(_, let offset, _):
      offset
    }
  }

  /// The error, lowercase, without a trailing period, for `program: input: <description>`.
  public var description: String {
    switch self {
    case .unrecognizedInput(let offset, _):
      "unrecognised input at byte \(offset): not qrframe, y4m, PNM, PNG or JPEG"
        + " (raw frames need a size)"
    case .truncatedHeader(let frame, let offset, let received, let expected?):
      "truncated frame \(frame) at byte \(offset): got \(received) of \(expected) header bytes"
    case .truncatedHeader(let frame, let offset, let received, nil):
      "truncated frame \(frame) at byte \(offset): input ends \(received) bytes into the header"
    case .truncatedPayload(let frame, let offset, let received, let expected?):
      "truncated frame \(frame) at byte \(offset): got \(received) of \(expected) bytes"
    case .truncatedPayload(let frame, let offset, let received, nil):
      "truncated frame \(frame) at byte \(offset): input ends \(received) bytes into the pixels"
    case .invalidHeader(let frame, let offset, let fault):
      "frame \(frame) at byte \(offset): \(fault)"
    case .tooLarge(let frame, let offset, let width, let height, let limit):
      "frame \(frame) at byte \(offset): \(width)x\(height) exceeds the limit of \(limit) pixels"
    case .io(let frame, let offset, let errno):
      "frame \(frame) at byte \(offset): read error: \(errno)"
    case .truncatedImage(let frame, let offset, let received, let format):
      "truncated frame \(frame) at byte \(offset): input ends \(received) bytes into a \(format)"
        + " image"
    case .unsupportedFormat(let frame, let offset, let format):
      "frame \(frame) at byte \(offset): \(format.name) is not read here; convert it with"
        + " '\(format.conversion)'"
    }
  }
}
