// SPDX-License-Identifier: MIT

import Testing

@testable import QRImage

@Test func namesAndAliasesResolve() {
  for layout in PixelLayout.allCases {
    #expect(PixelLayout(name: layout.rawValue) == layout)
    #expect(PixelLayout(name: layout.rawValue.uppercased()) == layout)
  }
  #expect(PixelLayout(name: "yuyv422") == .yuyv)
  #expect(PixelLayout(name: "uyvy422") == .uyvy)
  #expect(PixelLayout(name: "i420") == .yuv420p)
  #expect(PixelLayout(name: "yv12") == .yvu420p)
  #expect(PixelLayout(name: "grey") == .gray)
  #expect(PixelLayout(name: "gray8") == .gray)
  #expect(PixelLayout(name: "Y8") == .gray)
  #expect(PixelLayout(name: "mjpeg") == nil)
}

@Test func v4l2FourCCsRoundTrip() {
  // V4L2_PIX_FMT_GREY = v4l2_fourcc('G','R','E','Y') = 0x59455247.
  #expect(PixelLayout.gray.v4l2FourCC == 0x5945_5247)
  #expect(PixelLayout.yuyv.v4l2FourCC == 0x5659_5559)
  #expect(PixelLayout.yuv420p.v4l2FourCC == 0x3231_5559)
  for layout in PixelLayout.allCases {
    if let code = layout.v4l2FourCC { #expect(PixelLayout(v4l2FourCC: code) == layout) }
  }
  #expect(PixelLayout(v4l2FourCC: 0) == nil)
}

@Test(arguments: [
  (PixelLayout.gray, 640, 480, 307_200), (.yuyv, 640, 480, 614_400), (.uyvy, 3, 2, 16),
  (.nv12, 640, 480, 460_800), (.nv21, 5, 3, 15 + 6 * 2), (.yuv420p, 640, 480, 460_800),
  (.yuv420p, 5, 3, 15 + 2 * 3 * 2), (.yvu420p, 4, 4, 24), (.yuv422p, 640, 480, 614_400),
  (.yuv422p, 5, 2, 10 + 2 * 3 * 2), (.yuv444p, 7, 3, 63), (.rgb24, 640, 480, 921_600),
  (.bgr24, 1, 1, 3),
])
func tightFrameByteCounts(layout: PixelLayout, width: Int, height: Int, bytes: Int) {
  #expect(layout.frameByteCount(width: width, height: height) == bytes)
}

@Test func stridedFrameByteCounts() {
  #expect(PixelLayout.gray.frameByteCount(width: 640, height: 480, rowStride: 768) == 768 * 480)
  // NV12 chroma rows share the luma stride; I420 chroma rows are half of it.
  #expect(PixelLayout.nv12.frameByteCount(width: 4, height: 2, rowStride: 8) == 16 + 8)
  #expect(PixelLayout.yuv420p.frameByteCount(width: 4, height: 2, rowStride: 8) == 16 + 2 * 4)
  #expect(PixelLayout.yuyv.frameByteCount(width: 4, height: 2, rowStride: 7) == nil)
  #expect(PixelLayout.gray.frameByteCount(width: 0, height: 2) == nil)
  #expect(PixelLayout.gray.frameByteCount(width: Int.max, height: 2) == nil)
  #expect(PixelLayout.rgb24.frameByteCount(width: Int.max / 2, height: 1) == nil)
  #expect(PixelLayout.yuv444p.frameByteCount(width: 1 << 31, height: 1 << 31) == nil)
}

/// A width×height frame whose Y at (x, y) is `x + 10 * y` and whose chroma bytes are 0xEE.
private func synthesize(_ layout: PixelLayout, width: Int, height: Int, stride: Int? = nil)
  -> [UInt8]
{
  let count = layout.frameByteCount(width: width, height: height, rowStride: stride) ?? 0
  var bytes = [UInt8](repeating: 0xEE, count: count)
  let rowStride = stride ?? layout.minimumRowStride(width: width) ?? 0
  for y in 0..<height {
    for x in 0..<width {
      let value = UInt8(x + 10 * y)
      switch layout {
      case .yuyv: bytes[y * rowStride + 2 * x] = value
      case .uyvy: bytes[y * rowStride + 2 * x + 1] = value
      case .rgb24, .bgr24:
        for channel in 0..<3 { bytes[y * rowStride + 3 * x + channel] = value }
      default: bytes[y * rowStride + x] = value
      }
    }
  }
  return bytes
}

@Test(arguments: PixelLayout.allCases, [nil, 20] as [Int?])
func lumaIsTheYPlane(layout: PixelLayout, stride: Int?) {
  let width = 5
  let height = 3
  let bytes = synthesize(layout, width: width, height: height, stride: stride)
  let image = bytes.withUnsafeBytes {
    layout.luma(from: $0, width: width, height: height, rowStride: stride)
  }
  #expect(image.width == width && image.height == height)
  let expected = (0..<height).flatMap { y in (0..<width).map { x in UInt8(x + 10 * y) } }
  #expect(image.pixels == expected)
}

@Test func rgbLumaUsesBT601Weights() {
  let pixels: [UInt8] = [255, 255, 255, 0, 0, 0, 255, 0, 0, 0, 255, 0, 0, 0, 255]
  let rgb = pixels.withUnsafeBytes { PixelLayout.rgb24.luma(from: $0, width: 5, height: 1) }
  // 0.299, 0.587, 0.114 of 255 are 76.2, 149.7, 29.1.
  #expect(rgb.pixels == [255, 0, 76, 150, 29])
  let bgr = pixels.withUnsafeBytes { PixelLayout.bgr24.luma(from: $0, width: 5, height: 1) }
  #expect(bgr.pixels == [255, 0, 29, 150, 76])
}
