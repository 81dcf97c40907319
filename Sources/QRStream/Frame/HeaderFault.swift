// SPDX-License-Identifier: MIT
// Why a header was refused, in words a user can act on: qrframe's, y4m's or PNM's.

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
      "not a qrframe, y4m, PNM, PNG, JPEG, WebP, TIFF, GIF, BMP, HEIF or AVIF header after"
        + " \(previous) frames"
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
