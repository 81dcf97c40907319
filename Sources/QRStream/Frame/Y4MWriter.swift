// SPDX-License-Identifier: MIT
// Writes gray frames as a YUV4MPEG2 stream (colour space mono), for ffmpeg, mpv and friends.

import QRImage
import QRSystem

/// A Y4M stream could not be written.
public enum Y4MWriteError: ErrnoCarrying, Equatable, Sendable, CustomStringConvertible {
  /// A frame's size differs from the first frame's; y4m has one size per stream.
  case sizeChanged(width: Int, height: Int, streamWidth: Int, streamHeight: Int)
  /// The write failed (`.brokenPipe` when the reader has gone and SIGPIPE is ignored).
  case io(Errno)

  /// The error, lowercase, without a trailing period.
  public var description: String {
    switch self {
    case .sizeChanged(let width, let height, let streamWidth, let streamHeight):
      "frame size changed from \(streamWidth)x\(streamHeight) to \(width)x\(height),"
        + " which y4m cannot express"
    case .io(let errno): "\(errno)"
    }
  }

  /// The failed write's error, if the write failed.
  public var underlyingErrno: Errno? {
    if case .io(let errno) = self { errno } else { nil }
  }
}

/// Writes gray images as YUV4MPEG2 with `Cmono`: one stream header, then `FRAME\n` and the Y
/// plane per image, each frame in one `writev(2)`.
///
///     var writer = Y4MWriter(descriptor: .standardOutput, frameRate: .standard)
///     try writer.write(image)  // ffmpeg -f yuv4mpegpipe -i - ... reads it
public struct Y4MWriter: Sendable {
  /// Where frames go; not closed here.
  public let descriptor: FileDescriptor
  /// The `F` parameter of the stream header.
  public let frameRate: FrameRate
  /// The stream's size, fixed by the first frame.
  public private(set) var size: (width: Int, height: Int)?

  /// A writer to `descriptor` at `frameRate`.
  public init(descriptor: FileDescriptor, frameRate: FrameRate) {
    self.descriptor = descriptor
    self.frameRate = frameRate
  }

  /// Writes `frame`'s image; y4m has no place for its sequence or timestamp.
  ///
  /// - Throws: `.sizeChanged` (nothing written) or `.io`.
  public mutating func write(_ frame: Frame) throws(Y4MWriteError) {
    try write(frame.image)
  }

  /// Writes `image`, preceded by the stream header if it is the first.
  ///
  /// - Throws: `.sizeChanged` (nothing written) or `.io`.
  public mutating func write(_ image: GrayImage) throws(Y4MWriteError) {
    var prefix = ""
    if let size {
      guard size == (image.width, image.height) else {
        throw .sizeChanged(
          width: image.width, height: image.height, streamWidth: size.width,
          streamHeight: size.height)
      }
    } else {
      prefix =
        "YUV4MPEG2 W\(image.width) H\(image.height)"
        + " F\(frameRate.numerator):\(frameRate.denominator) Ip A1:1 Cmono\n"
    }
    let marker = Array((prefix + "FRAME\n").utf8)
    var failure: Errno?
    marker.withUnsafeBytes { marker in
      image.pixels.withUnsafeBytes { pixels in
        do throws(Errno) { try descriptor.writeAll([marker, pixels]) } catch { failure = error }
      }
    }
    if let failure { throw .io(failure) }
    size = (image.width, image.height)
  }
}
