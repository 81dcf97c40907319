// SPDX-License-Identifier: MIT
// Writes qrframe(5): one header and one payload per frame, in a single writev(2).

import QRSystem

/// Writes frames as a qrframe(5) stream.
///
/// Each frame is one `writev(2)` of its 64-byte header and its pixels (looping only over short
/// writes), so a reader on a pipe sees whole frames as early as possible, and nothing is copied.
///
///     let writer = FrameWriter(descriptor: .standardOutput)
///     try writer.write(frame)  // throws Errno.brokenPipe once the reader has gone
public struct FrameWriter: Sendable {
  /// Where frames go; not closed here.
  public let descriptor: FileDescriptor

  /// A writer to `descriptor`.
  public init(descriptor: FileDescriptor) {
    self.descriptor = descriptor
  }

  /// Writes `frame` with its sequence, timestamp, clock and drop count.
  ///
  /// - Throws: the `Errno` of the failed write, untouched (`.brokenPipe` when SIGPIPE is ignored
  ///   and the reader has gone).
  public func write(_ frame: Frame) throws(Errno) {
    var failure: Errno?
    frame.image.pixels.withUnsafeBytes { pixels in
      do throws(Errno) {
        try write(header: FrameHeader(of: frame), pixels: pixels)
      } catch {
        failure = error
      }
    }
    if let failure { throw failure }
  }

  /// Writes a GREY frame straight from `pixels` (a capture buffer, say), whose `height` rows of
  /// `width` bytes start `rowStride` bytes apart; the padding is written too.
  ///
  /// - Precondition: `pixels.count >= rowStride * height`, and the geometry is valid for
  ///   `FrameHeader`.
  public func write(
    pixels: UnsafeRawBufferPointer, width: Int, height: Int, rowStride: Int? = nil,
    sequence: UInt64, timestamp: UInt64, clock: FrameClock, dropped: UInt32 = 0
  ) throws(Errno) {
    let header = FrameHeader(
      width: width, height: height, rowStride: rowStride, sequence: sequence,
      timestamp: timestamp, clock: clock, dropped: dropped)
    let length = Int(header.payloadLength)
    precondition(pixels.count >= length, "FrameWriter: fewer pixels than the header announces")
    try write(header: header, pixels: UnsafeRawBufferPointer(rebasing: pixels[..<length]))
  }

  private func write(header: FrameHeader, pixels: UnsafeRawBufferPointer) throws(Errno) {
    // 64 bytes on the stack: no allocation per frame for the header.
    var encoded: (SIMD32<UInt8>, SIMD32<UInt8>) = (.zero, .zero)
    var failure: Errno?
    withUnsafeMutableBytes(of: &encoded) { bytes in
      header.encode(into: bytes)
      do throws(Errno) {
        try descriptor.writeAll([UnsafeRawBufferPointer(bytes), pixels])
      } catch {
        failure = error
      }
    }
    if let failure { throw failure }
  }
}
