// SPDX-License-Identifier: MIT
// Byte layouts of uncompressed video frames, and how to take their luma as a GrayImage.

/// How the samples of one uncompressed 8-bit video frame are arranged in memory.
///
/// Names follow ffmpeg's `-pix_fmt` (`yuv420p`, `nv12`, `rgb24`); V4L2 fourccs map onto them
/// through `init?(v4l2FourCC:)`. Only the luma matters to a QR pipeline, so the one conversion is
/// `luma(from:width:height:rowStride:)`.
///
/// The row stride is always the distance between the starts of two luma rows: for the planar and
/// semi-planar layouts that is the Y plane's stride, for the packed ones (`yuyv`, `rgb24`, ...)
/// the stride of the packed rows. Chroma planes follow the V4L2 convention: a semi-planar
/// interleaved CbCr plane has the luma stride, a planar Cb or Cr plane half of it (rounded up,
/// which is also what ffmpeg's tightly packed rawvideo uses for odd widths).
///
///     let layout = PixelLayout(name: "yuyv422")  // .yuyv
///     let count = layout?.frameByteCount(width: 640, height: 480)  // 614400
public enum PixelLayout: String, CaseIterable, Sendable {
  /// 8-bit gray (V4L2 `GREY`, ffmpeg `gray`): one byte per pixel.
  case gray
  /// Packed 4:2:2, bytes Y0 Cb Y1 Cr (V4L2 `YUYV`, ffmpeg `yuyv422`).
  case yuyv
  /// Packed 4:2:2, bytes Cb Y0 Cr Y1 (V4L2 `UYVY`, ffmpeg `uyvy422`).
  case uyvy
  /// Semi-planar 4:2:0: the Y plane, then one plane of interleaved Cb Cr (V4L2 `NV12`).
  case nv12
  /// Semi-planar 4:2:0: the Y plane, then one plane of interleaved Cr Cb (V4L2 `NV21`).
  case nv21
  /// Planar 4:2:0: Y, Cb, Cr planes (V4L2 `YU12`, ffmpeg `yuv420p`, I420).
  case yuv420p
  /// Planar 4:2:0: Y, Cr, Cb planes (V4L2 `YV12`).
  case yvu420p
  /// Planar 4:2:2: Y, Cb, Cr planes, chroma full height (V4L2 `422P`, ffmpeg `yuv422p`).
  case yuv422p
  /// Planar 4:4:4: three full-size planes Y, Cb, Cr (ffmpeg `yuv444p`).
  case yuv444p
  /// Packed R G B, 3 bytes per pixel (V4L2 `RGB3`, ffmpeg `rgb24`).
  case rgb24
  /// Packed B G R, 3 bytes per pixel (V4L2 `BGR3`, ffmpeg `bgr24`).
  case bgr24

  // MARK: - Names

  /// The layout called `name`, ignoring case: a case name or an ffmpeg/V4L2 alias.
  ///
  /// Aliases: `grey`, `gray8`, `y8`, `y800`, `mono` (gray); `yuyv422`, `yuy2` (yuyv);
  /// `uyvy422` (uyvy); `i420`, `iyuv`, `yu12` (yuv420p); `yv12` (yvu420p); `i422`, `422p`
  /// (yuv422p); `i444` (yuv444p); `rgb`, `rgb3` (rgb24); `bgr`, `bgr3` (bgr24).
  public init?(name: String) {
    let key = name.lowercased()
    if let layout = PixelLayout(rawValue: key) {
      self = layout
      return
    }
    switch key {
    case "grey", "gray8", "y8", "y800", "mono": self = .gray
    case "yuyv422", "yuy2": self = .yuyv
    case "uyvy422": self = .uyvy
    case "i420", "iyuv", "yu12": self = .yuv420p
    case "yv12": self = .yvu420p
    case "i422", "422p": self = .yuv422p
    case "i444": self = .yuv444p
    case "rgb", "rgb3": self = .rgb24
    case "bgr", "bgr3": self = .bgr24
    default: return nil
    }
  }

  /// The V4L2 pixel format code (`V4L2_PIX_FMT_*`), or nil for `yuv444p`, which V4L2 has only
  /// as a multi-planar format.
  public var v4l2FourCC: UInt32? {
    let code: String
    switch self {
    case .gray: code = "GREY"
    case .yuyv: code = "YUYV"
    case .uyvy: code = "UYVY"
    case .nv12: code = "NV12"
    case .nv21: code = "NV21"
    case .yuv420p: code = "YU12"
    case .yvu420p: code = "YV12"
    case .yuv422p: code = "422P"
    case .yuv444p: return nil
    case .rgb24: code = "RGB3"
    case .bgr24: code = "BGR3"
    }
    // v4l2_fourcc(a, b, c, d) puts the first character in the low byte.
    return code.utf8.reversed().reduce(0) { ($0 << 8) | UInt32($1) }
  }

  /// The layout whose V4L2 pixel format code is `v4l2FourCC`, if it is one of these.
  public init?(v4l2FourCC: UInt32) {
    guard let layout = PixelLayout.allCases.first(where: { $0.v4l2FourCC == v4l2FourCC }) else {
      return nil
    }
    self = layout
  }

  // MARK: - Geometry

  /// Bytes per pixel in the luma rows: 1 for the planar and semi-planar layouts and gray,
  /// 2 for packed 4:2:2, 3 for RGB.
  public var lumaRowBytesPerPixel: Int {
    switch self {
    case .gray, .nv12, .nv21, .yuv420p, .yvu420p, .yuv422p, .yuv444p: 1
    case .yuyv, .uyvy: 2
    case .rgb24, .bgr24: 3
    }
  }

  /// The smallest row stride for `width` pixels (the tightly packed one), or nil on overflow.
  ///
  /// Packed 4:2:2 rows hold whole pixel pairs, so an odd width rounds up to the next pair.
  public func minimumRowStride(width: Int) -> Int? {
    guard width >= 1 else { return nil }
    switch self {
    case .yuyv, .uyvy:
      let pairs = width / 2 + width % 2
      let (bytes, overflow) = pairs.multipliedReportingOverflow(by: 4)
      return overflow ? nil : bytes
    default:
      let (bytes, overflow) = width.multipliedReportingOverflow(by: lumaRowBytesPerPixel)
      return overflow ? nil : bytes
    }
  }

  /// Bytes of one frame of width×height with the luma rows `rowStride` bytes apart (nil = tightly
  /// packed); nil on overflow, for a size below 1×1, or for a stride shorter than a row.
  ///
  /// - Complexity: O(1); every product is overflow-checked, so untrusted sizes are safe to pass.
  public func frameByteCount(width: Int, height: Int, rowStride: Int? = nil) -> Int? {
    guard let planes = planeGeometry(width: width, height: height, rowStride: rowStride) else {
      return nil
    }
    return planes.total
  }

  // MARK: - Luma

  /// The luma (Y) plane, or ITU-R BT.601 luma computed from RGB, as a tightly packed GrayImage.
  ///
  /// RGB uses the full-range BT.601 weights 0.299, 0.587, 0.114 (as `ppmtopgm` does) in 16.16
  /// fixed point, so white stays 255 and black 0. Y planes are copied as they are.
  ///
  /// - Precondition: `width`, `height` >= 1, the stride is at least a row, and `bytes.count` is at
  ///   least `frameByteCount(width:height:rowStride:)`.
  /// - Complexity: O(`width * height`), one allocation (the result); gray with packed rows is a
  ///   single copy.
  public func luma(
    from bytes: UnsafeRawBufferPointer, width: Int, height: Int, rowStride: Int? = nil
  ) -> GrayImage {
    guard let planes = planeGeometry(width: width, height: height, rowStride: rowStride) else {
      preconditionFailure("PixelLayout.luma: invalid geometry \(width)x\(height)")
    }
    precondition(bytes.count >= planes.total, "PixelLayout.luma: buffer shorter than a frame")
    let pixels = [UInt8](unsafeUninitializedCapacity: width * height) { destination, count in
      // Safe to force: the precondition above proved the buffer non-empty, and capacity >= 1.
      // swift-format-ignore: NeverForceUnwrap
      let source = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
      // swift-format-ignore: NeverForceUnwrap
      let target = destination.baseAddress!
      extractLuma(from: source, stride: planes.stride, into: target, width: width, height: height)
      count = width * height
    }
    return GrayImage(width: width, height: height, pixels: pixels)
  }

  /// Writes the luma of the frame at `source` (luma rows `stride` bytes apart) tightly packed into
  /// `target`, which has room for `width * height` bytes.
  ///
  /// The frame reader uses this to convert into an array it allocated itself.
  func extractLuma(
    from source: UnsafePointer<UInt8>, stride: Int, into target: UnsafeMutablePointer<UInt8>,
    width: Int, height: Int
  ) {
    switch self {
    case .gray, .nv12, .nv21, .yuv420p, .yvu420p, .yuv422p, .yuv444p:
      if stride == width {
        target.update(from: source, count: width * height)
      } else {
        for y in 0..<height {
          (target + y * width).update(from: source + y * stride, count: width)
        }
      }
    case .yuyv, .uyvy:
      // Y sits in the even bytes of YUYV and the odd bytes of UYVY.
      let first = self == .yuyv ? 0 : 1
      for y in 0..<height {
        let row = source + y * stride + first
        let out = target + y * width
        for x in 0..<width { out[x] = row[x &<< 1] }
      }
    case .rgb24, .bgr24:
      let (redOffset, blueOffset) = self == .rgb24 ? (0, 2) : (2, 0)
      for y in 0..<height {
        let row = source + y * stride
        let out = target + y * width
        for x in 0..<width {
          let pixel = row + x &* 3
          out[x] = Self.luma(red: pixel[redOffset], green: pixel[1], blue: pixel[blueOffset])
        }
      }
    }
  }

  /// Full-range ITU-R BT.601 luma, 0.299 R + 0.587 G + 0.114 B, rounded.
  @inline(__always)
  public static func luma(red: UInt8, green: UInt8, blue: UInt8) -> UInt8 {
    // 19595 + 38470 + 7471 = 65536 (the weights in 16.16 fixed point): the sum fits in UInt32,
    // and >> 16 rounds it into 0...255.
    let sum = 19595 &* UInt32(red) &+ 38470 &* UInt32(green) &+ 7471 &* UInt32(blue) &+ 32768
    return UInt8(truncatingIfNeeded: sum &>> 16)
  }

  // MARK: - Plane arithmetic

  /// The luma stride and the total byte count of a frame, or nil if invalid or overflowing.
  private func planeGeometry(width: Int, height: Int, rowStride: Int?)
    -> (stride: Int, total: Int)?
  {
    guard width >= 1, height >= 1, let minimum = minimumRowStride(width: width) else { return nil }
    let stride = rowStride ?? minimum
    guard stride >= minimum, let luma = multiply(stride, height) else { return nil }
    let halfWidth = width / 2 + width % 2
    let halfHeight = height / 2 + height % 2
    // Planar chroma rows are half the luma stride, rounded up (V4L2 and ffmpeg agree).
    let halfStride = max(stride / 2 + stride % 2, halfWidth)
    let chroma: Int?
    switch self {
    case .gray, .yuyv, .uyvy, .rgb24, .bgr24:
      chroma = 0
    case .nv12, .nv21:
      // Interleaved CbCr rows hold halfWidth pairs, stride at least that.
      chroma = multiply(halfWidth, 2).flatMap { multiply(max(stride, $0), halfHeight) }
    case .yuv420p, .yvu420p:
      chroma = multiply(halfStride, halfHeight).flatMap { multiply($0, 2) }
    case .yuv422p:
      chroma = multiply(halfStride, height).flatMap { multiply($0, 2) }
    case .yuv444p:
      chroma = multiply(stride, 2).flatMap { multiply($0, height) }
    }
    guard let chroma else { return nil }
    let (total, overflow) = luma.addingReportingOverflow(chroma)
    return overflow ? nil : (stride, total)
  }

  private func multiply(_ a: Int, _ b: Int) -> Int? {
    let (product, overflow) = a.multipliedReportingOverflow(by: b)
    return overflow ? nil : product
  }
}
