// SPDX-License-Identifier: MIT
// The formats a frame stream may be in: what readers recognise and faults and messages name.

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
  /// WebP images, still or animated (every frame).
  case webp
  /// TIFF images, every page a frame; the whole rest of the input.
  case tiff
  /// GIF images, every frame composited as a viewer shows it.
  case gif
  /// BMP images (uncompressed 1, 4, 8, 16, 24 and 32 bits, bit fields, RLE).
  case bmp
  /// HEIF images (HEIC, AVIF): the primary image, decoded by libheif when it is installed.
  case heif
  /// Headerless frames of a size and pixel layout given by the caller.
  case raw
}
