// SPDX-License-Identifier: MIT
// One frame of a stream: pixels plus the metadata that qrframe(5) carries.

import QRImage

/// Which clock a frame's timestamp is measured on.
public enum FrameClock: UInt8, Sendable, CaseIterable {
  /// Media time: nanoseconds since the start of the source (a file's frame rate, a y4m stream).
  case media = 0
  /// The capture clock: `CLOCK_MONOTONIC` nanoseconds, as V4L2 stamps buffers.
  case monotonic = 1
  /// Wall-clock time: nanoseconds since the Unix epoch (`CLOCK_REALTIME`).
  case realtime = 2
}

/// One gray frame with its place in the stream.
public struct Frame: Equatable, Sendable {
  /// The pixels.
  public var image: GrayImage
  /// The frame's sequence number in its source (0, 1, 2, ...; gaps mean dropped frames).
  public var sequence: UInt64
  /// When the frame was captured, in nanoseconds on `clock`.
  public var timestamp: UInt64
  /// The clock `timestamp` is measured on.
  public var clock: FrameClock
  /// How many frames the source dropped between the previous frame and this one.
  public var dropped: UInt32

  /// Creates a frame.
  public init(
    image: GrayImage, sequence: UInt64, timestamp: UInt64, clock: FrameClock = .media,
    dropped: UInt32 = 0
  ) {
    self.image = image
    self.sequence = sequence
    self.timestamp = timestamp
    self.clock = clock
    self.dropped = dropped
  }

  /// The timestamp in seconds (what JSON records carry as `time`).
  public var seconds: Double { Double(timestamp) / 1_000_000_000 }
}

/// Anything that yields frames one at a time: a camera, a file reader, a simulation.
public protocol FrameSource {
  /// The next frame, or nil at a clean end of input.
  ///
  /// - Throws: an error describing the fault; every frame returned before it was complete.
  mutating func next() throws -> Frame?
}
