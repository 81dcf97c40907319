// SPDX-License-Identifier: MIT
// What a FrameStreamReader may allocate, and how to read headerless input.

import QRImage
import QRStream

/// The geometry of headerless frames: read only when an input starts with no known magic.
public struct RawFrameFormat: Equatable, Sendable {
  /// Width in pixels (>= 1).
  public var width: Int
  /// Height in pixels (>= 1).
  public var height: Int
  /// How the bytes of a frame are laid out.
  public var layout: PixelLayout
  /// Bytes between luma rows; nil for tightly packed rows.
  public var rowStride: Int?

  /// Raw frames of width×height in `layout`.
  public init(width: Int, height: Int, layout: PixelLayout = .gray, rowStride: Int? = nil) {
    self.width = width
    self.height = height
    self.layout = layout
    self.rowStride = rowStride
  }
}

/// How a `FrameStreamReader` reads: its memory limit, and what to do with headerless input.
public struct FrameStreamOptions: Equatable, Sendable {
  /// The largest `width * height` a frame may have; larger headers are errors, not allocations.
  public var maximumPixelCount: Int
  /// The most memory, in bytes, decoding one PNG or JPEG image may take besides its gray pixels
  /// (at most `maximumPixelCount` bytes): the image's compressed bytes held in memory plus the
  /// decoder's working memory (libjpeg's coefficient buffers for a progressive or multi-scan
  /// JPEG, 2 bytes a sample of every component). An image that needs more is an error.
  public var maximumDecodingMemory: Int
  /// The bytes a returned frame holds of the memory budget a pixel while it is in use: 1 (its
  /// pixels), or more when its consumer's own work grows with its size (qrdetect's detector).
  public var inFlightBytesPerPixel: Int
  /// The most frames one multi-frame image (a GIF or WebP animation, a TIFF's pages) gives;
  /// the rest is skipped, with `FrameStreamError.workLimit` after the last frame given.
  public var maximumFramesPerImage: Int
  /// The most pixels all the frames of one multi-frame image may have, summed; four times the
  /// pixel limit unless set.
  public var maximumPixelsPerImage: Int {
    get { pixelsPerImage ?? maximumPixelCount.multipliedReportingOverflow(by: 4).partialValue }
    set { pixelsPerImage = newValue }
  }
  private var pixelsPerImage: Int?
  /// The geometry of raw frames, or nil to refuse input without a known magic.
  public var raw: RawFrameFormat?
  /// The frame rate that gives raw frames their media timestamps. Still images (PNM, PNG,
  /// JPEG…) are always stamped at `imageFrameRate`, so that they get the same times whichever
  /// tool reads them (qrframe(5), "One clock for still images").
  public var frameRate: FrameRate

  /// The rate still images are stamped at: 25 frames a second, y4m's customary rate.
  public static let imageFrameRate = FrameRate.standard

  /// The default pixel limit, 16384 × 16384.
  public static let defaultMaximumPixelCount = 16384 * 16384
  /// The default decoding memory, 256 MiB: a progressive 4:2:0 JPEG of 85 megapixels, a
  /// progressive gray one of 128.
  public static let defaultMaximumDecodingMemory = 256 << 20
  /// The default frame count of one multi-frame image: 65536 (at 25 frames a second, 44 minutes).
  public static let defaultMaximumFramesPerImage = 1 << 16

  /// Options with the default limits, no raw format and 25 frames per second.
  public init(
    maximumPixelCount: Int = FrameStreamOptions.defaultMaximumPixelCount,
    maximumDecodingMemory: Int = FrameStreamOptions.defaultMaximumDecodingMemory,
    raw: RawFrameFormat? = nil, frameRate: FrameRate = .standard,
    inFlightBytesPerPixel: Int = 1,
    maximumFramesPerImage: Int = FrameStreamOptions.defaultMaximumFramesPerImage
  ) {
    self.maximumPixelCount = maximumPixelCount
    self.maximumDecodingMemory = maximumDecodingMemory
    self.inFlightBytesPerPixel = max(1, inFlightBytesPerPixel)
    self.maximumFramesPerImage = max(1, maximumFramesPerImage)
    self.raw = raw
    self.frameRate = frameRate
  }
}
