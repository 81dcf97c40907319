// SPDX-License-Identifier: MIT
// Which frames qrcapture writes: --skip, --every, --count, --duration, --restamp.

import QRStream

/// Decides, frame by frame, what a capture writes; it never holds a frame.
///
/// Frames it passes over are not "dropped" (that field is for frames the source lost), but the
/// source's drop counts of the frames it passes over are carried into the next frame written, so
/// no loss is hidden.
public struct FrameSelection: Sendable {
  /// Frames to discard at the start (`--skip`).
  public var skip: Int
  /// Keep one frame in this many (`--every`), counted after the skipped ones.
  public var every: Int
  /// Stop after writing this many (`--count`).
  public var count: Int?
  /// Stop at the first frame this many nanoseconds of stream time after the first (`--duration`).
  public var duration: UInt64?
  /// Renumber from 0 with media timestamps at `framesPerSecond` (`--restamp`).
  public var restamp: Bool
  /// The rate used by `restamp`.
  public var framesPerSecond: Double

  private var seen = 0
  private var written = 0
  private var carriedDrops: UInt32 = 0
  private var elapsed: UInt64 = 0
  private var lastTimestamp: UInt64?

  /// Creates a selection; the defaults write every frame.
  public init(
    skip: Int = 0, every: Int = 1, count: Int? = nil, duration: UInt64? = nil,
    restamp: Bool = false, framesPerSecond: Double = 30
  ) {
    precondition(skip >= 0 && every >= 1 && framesPerSecond > 0, "FrameSelection ranges")
    self.skip = skip
    self.every = every
    self.count = count
    self.duration = duration
    self.restamp = restamp
    self.framesPerSecond = framesPerSecond
  }

  /// Whether the capture has written all it was asked to; check after each write, so that a
  /// camera is not waited on for a frame that would be thrown away.
  public var isComplete: Bool {
    if let count, written >= count { return true }
    return false
  }

  /// The frame to write (possibly renumbered), or nil to pass over it; sets `isComplete` when the
  /// stream time is up.
  ///
  /// Stream time adds up the forward steps between consecutive timestamps, so a second input whose
  /// clock starts again at 0 continues the count instead of resetting it.
  public mutating func select(_ frame: Frame) -> Frame? {
    if isComplete { return nil }
    defer { seen += 1 }
    if let lastTimestamp, frame.timestamp > lastTimestamp {
      elapsed += frame.timestamp - lastTimestamp
    }
    lastTimestamp = frame.timestamp
    if seen < skip || (seen - skip) % every != 0 {
      carriedDrops = Self.saturatingSum(carriedDrops, frame.dropped)
      return nil
    }
    // Stream time counts from the first frame written.
    if written == 0 { elapsed = 0 }
    if let duration, elapsed >= duration {
      count = written
      return nil
    }
    var selected = frame
    selected.dropped = Self.saturatingSum(carriedDrops, frame.dropped)
    carriedDrops = 0
    if restamp {
      selected.sequence = UInt64(written)
      selected.timestamp = UInt64((Double(written) * 1e9 / framesPerSecond).rounded())
      selected.clock = .media
    }
    written += 1
    return selected
  }

  private static func saturatingSum(_ a: UInt32, _ b: UInt32) -> UInt32 {
    let (sum, overflow) = a.addingReportingOverflow(b)
    return overflow ? .max : sum
  }

  /// How many frames were selected so far.
  public var writtenCount: Int { written }
}
