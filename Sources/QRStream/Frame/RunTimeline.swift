// SPDX-License-Identifier: MIT
// The frames of several inputs on one timeline, as if the inputs had been joined by cat.

/// Numbers and times the frames of a run's inputs as one stream: each input continues where the
/// one before it ended.
///
/// A reader numbers each input's frames from 0 and times them from 0 (images at 25 frames a
/// second), so `qrdetect a.pgm b.pgm` or `qrcapture a.pgm b.pgm` would give every file's frame
/// the number 0 and the time 0, where `cat a.pgm b.pgm | qrdetect` gives 0 and 1, 0 s and
/// 0.04 s. Through a timeline every route gives the latter: the first input's frames keep their
/// numbers and times; each later input is shifted so that its first frame comes one number and
/// one frame interval after the last frame of the input before (the interval is that input's
/// last two frames' distance, or 1/25 s after a single frame). Gaps within an input (frames a
/// camera dropped) are kept.
///
///     var timeline = RunTimeline()
///     for input in inputs {
///       while let frame = try input.next() { write(timeline.place(frame)) }
///       timeline.endInput()
///     }
public struct RunTimeline: Sendable {
  /// The number and time the next input's first frame gets; nil before the first input ends.
  private var next: (sequence: UInt64, timestamp: UInt64)?
  /// How this input's frames are shifted, from its first frame.
  private var shift: (sequence: UInt64, timestamp: UInt64, first: (UInt64, UInt64))?
  /// The last two frames placed in this input, as placed.
  private var last: (sequence: UInt64, timestamp: UInt64)?
  private var beforeLast: UInt64?

  /// A timeline before any frame.
  public init() {}

  /// `frame` with its number and time on the run's timeline.
  public mutating func place(_ frame: Frame) -> Frame {
    if shift == nil {
      shift = (
        next?.sequence ?? frame.sequence, next?.timestamp ?? frame.timestamp,
        (frame.sequence, frame.timestamp)
      )
    }
    var placed = frame
    if let shift {
      // Saturating: a later frame never goes back before the input's first.
      placed.sequence = shift.sequence &+ (frame.sequence &- min(frame.sequence, shift.first.0))
      placed.timestamp =
        shift.timestamp &+ (frame.timestamp &- min(frame.timestamp, shift.first.1))
    }
    beforeLast = last?.timestamp
    last = (placed.sequence, placed.timestamp)
    return placed
  }

  /// Ends the current input: the next frame placed starts the next one.
  public mutating func endInput() {
    guard let last else { return }
    var interval = Self.imageInterval
    if let beforeLast, last.timestamp > beforeLast { interval = last.timestamp - beforeLast }
    next = (last.sequence &+ 1, last.timestamp &+ interval)
    shift = nil
    self.last = nil
    beforeLast = nil
  }

  /// The interval after a single frame, in nanoseconds: one frame at 25 frames a second, the
  /// rate still images are stamped at.
  public static let imageInterval = FrameRate.standard.nanoseconds(atFrame: 1)
}
