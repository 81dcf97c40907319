// SPDX-License-Identifier: MIT
// What a FrameStreamReader may allocate, and how to read headerless input.

import QRImage

/// A frame rate as an exact fraction, frames per second = `numerator / denominator`.
public struct FrameRate: Equatable, Hashable, Sendable, CustomStringConvertible {
  /// Frames (> 0).
  public let numerator: UInt64
  /// Per this many seconds (> 0).
  public let denominator: UInt64

  /// A rate of `numerator / denominator` frames per second; nil if either is 0.
  public init?(numerator: UInt64, denominator: UInt64 = 1) {
    guard numerator > 0, denominator > 0 else { return nil }
    self.numerator = numerator
    self.denominator = denominator
  }

  /// Parses `30`, `30000/1001` or `30000:1001` (y4m's spelling); nil for anything else or 0.
  public init?(_ text: some StringProtocol) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    let fraction =
      parts.count == 1 ? text.split(separator: ":", omittingEmptySubsequences: false) : parts
    guard fraction.count <= 2, let numerator = UInt64(fraction[0]) else { return nil }
    let denominator = fraction.count == 2 ? UInt64(fraction[1]) : 1
    guard let denominator else { return nil }
    self.init(numerator: numerator, denominator: denominator)
  }

  /// 25 frames per second, what ffmpeg assumes for rawvideo and y4m without an `F` parameter.
  public static let standard = FrameRate(checked: 25, 1)

  private init(checked numerator: UInt64, _ denominator: UInt64) {
    self.numerator = numerator
    self.denominator = denominator
  }

  /// The start of frame `index` in nanoseconds, `index * 10^9 * denominator / numerator`
  /// rounded down, saturating at `UInt64.max`.
  public func nanoseconds(atFrame index: UInt64) -> UInt64 {
    let (high, low) = index.multipliedFullWidth(by: 1_000_000_000)
    // Multiply the 128-bit product by the denominator, then divide; give up (saturate) when the
    // intermediate or the quotient needs more than 128 or 64 bits.
    let (lowHigh, lowLow) = low.multipliedFullWidth(by: denominator)
    let (highHigh, highLow) = high.multipliedFullWidth(by: denominator)
    let (middle, carry) = highLow.addingReportingOverflow(lowHigh)
    guard highHigh == 0, !carry, middle < numerator else { return UInt64.max }
    return numerator.dividingFullWidth((middle, lowLow)).quotient
  }

  /// `numerator/denominator`, or just the numerator when the denominator is 1.
  public var description: String {
    denominator == 1 ? "\(numerator)" : "\(numerator)/\(denominator)"
  }
}

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
  /// The geometry of raw frames, or nil to refuse input without a known magic.
  public var raw: RawFrameFormat?
  /// The frame rate that gives raw and PNM frames their media timestamps.
  public var frameRate: FrameRate

  /// The default pixel limit, 16384 × 16384.
  public static let defaultMaximumPixelCount = 16384 * 16384
  /// The default decoding memory, 256 MiB: a progressive 4:2:0 JPEG of 85 megapixels, a
  /// progressive gray one of 128.
  public static let defaultMaximumDecodingMemory = 256 << 20

  /// Options with the default limits, no raw format and 25 frames per second.
  public init(
    maximumPixelCount: Int = FrameStreamOptions.defaultMaximumPixelCount,
    maximumDecodingMemory: Int = FrameStreamOptions.defaultMaximumDecodingMemory,
    raw: RawFrameFormat? = nil, frameRate: FrameRate = .standard
  ) {
    self.maximumPixelCount = maximumPixelCount
    self.maximumDecodingMemory = maximumDecodingMemory
    self.raw = raw
    self.frameRate = frameRate
  }
}
