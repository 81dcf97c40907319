// SPDX-License-Identifier: MIT
// V4L2 fourcc pixel formats, and which of them qrcapture can reduce to gray.

import CV4L2
import QRImage

/// A V4L2 pixel format code (a fourcc such as `YUYV`).
public struct V4L2PixelFormat: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  /// The little-endian fourcc, as `V4L2_PIX_FMT_*` defines it.
  public var rawValue: UInt32

  /// Wraps a raw fourcc.
  public init(rawValue: UInt32) { self.rawValue = rawValue }

  /// `V4L2_PIX_FMT_GREY`: 8-bit luma only.
  public static let grey = V4L2PixelFormat(rawValue: CV4L2_PIX_FMT_GREY)
  /// `V4L2_PIX_FMT_YUYV`: packed 4:2:2, Y0 U Y1 V.
  public static let yuyv = V4L2PixelFormat(rawValue: CV4L2_PIX_FMT_YUYV)
  /// `V4L2_PIX_FMT_UYVY`: packed 4:2:2, U Y0 V Y1.
  public static let uyvy = V4L2PixelFormat(rawValue: CV4L2_PIX_FMT_UYVY)
  /// `V4L2_PIX_FMT_NV12`: Y plane, then interleaved CbCr at half resolution.
  public static let nv12 = V4L2PixelFormat(rawValue: CV4L2_PIX_FMT_NV12)
  /// `V4L2_PIX_FMT_NV21`: Y plane, then interleaved CrCb at half resolution.
  public static let nv21 = V4L2PixelFormat(rawValue: CV4L2_PIX_FMT_NV21)
  /// `V4L2_PIX_FMT_YUV420` (`YU12`): Y, Cb and Cr planes.
  public static let yuv420 = V4L2PixelFormat(rawValue: CV4L2_PIX_FMT_YUV420)
  /// `V4L2_PIX_FMT_YVU420` (`YV12`): Y, Cr and Cb planes.
  public static let yvu420 = V4L2PixelFormat(rawValue: CV4L2_PIX_FMT_YVU420)
  /// `V4L2_PIX_FMT_YUV422P` (`422P`): Y, Cb and Cr planes, chroma halved horizontally.
  public static let yuv422p = V4L2PixelFormat(rawValue: CV4L2_PIX_FMT_YUV422P)
  /// `V4L2_PIX_FMT_RGB24` (`RGB3`): packed 8-bit red, green, blue.
  public static let rgb24 = V4L2PixelFormat(rawValue: CV4L2_PIX_FMT_RGB24)
  /// `V4L2_PIX_FMT_BGR24` (`BGR3`): packed 8-bit blue, green, red.
  public static let bgr24 = V4L2PixelFormat(rawValue: CV4L2_PIX_FMT_BGR24)
  /// `V4L2_PIX_FMT_MJPEG` (`MJPG`): motion JPEG, readable only through libv4l2.
  public static let mjpeg = V4L2PixelFormat(rawValue: CV4L2_PIX_FMT_MJPEG)

  /// Builds a format from its four-character code, such as `"YUYV"`; nil unless exactly four
  /// ASCII characters.
  public init?(code: String) {
    let bytes = Array(code.utf8)
    guard bytes.count == 4, bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
    rawValue = bytes.reversed().reduce(0) { $0 << 8 | UInt32($1) }
  }

  /// The four-character code, such as `YUYV` (trailing spaces kept; unprintable bytes as `.`).
  public var code: String {
    var text = ""
    for shift in stride(from: 0, to: 32, by: 8) {
      let byte = UInt8(truncatingIfNeeded: rawValue >> UInt32(shift))
      text.append(byte >= 0x20 && byte < 0x7F ? Character(Unicode.Scalar(byte)) : ".")
    }
    return text
  }

  /// The code: `YUYV`.
  public var description: String { code }

  /// The formats qrcapture reduces to gray itself, most preferred first (GREY needs no work;
  /// the packed ones need no plane arithmetic).
  public static let native: [V4L2PixelFormat] = [
    .grey, .yuyv, .uyvy, .nv12, .nv21, .yuv420, .yvu420,
  ]

  /// The source formats libv4lconvert can turn into YU12 (its `supported_src_pixfmts` table,
  /// v4l-utils 1.22), less those read natively: compressed and vendor formats, RGB, Bayer.
  public static let convertibleByLibV4L2: Set<String> = [
    "MJPG", "JPEG", "PJPG", "S910", "S561", "S505", "S508", "S501", "SN9C", "SONX", "HM12",
    "RGBP", "BA81", "GBRG", "GRBG", "RGGB", "YVYU", "NV16", "NV61", "JL20",
    "CPIA", "KONI", "M310", "SQ90", "STV0", "OV51", "OV61",
  ]

  /// Whether qrcapture reads this format without help.
  public var isNative: Bool { Self.native.contains(self) }

  /// Whether libv4l2, when loaded, can convert this format to one qrcapture reads.
  public var isConvertibleByLibV4L2: Bool { Self.convertibleByLibV4L2.contains(code) }

  /// How the buffers of a native format are laid out, or nil for other formats.
  public var layout: PixelLayout? {
    Self.native.contains(self) ? PixelLayout(v4l2FourCC: rawValue) : nil
  }
}
