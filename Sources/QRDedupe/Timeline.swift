// SPDX-License-Identifier: MIT
// The one clock qrdedupe decides by: record times made monotonic, arrival times as fallback.

import Glibc

/// A source of arrival times: seconds on a clock that never goes backwards.
public protocol ArrivalClock {
  /// The current time in seconds; only differences between readings mean anything.
  func seconds() -> Double
}

/// `CLOCK_MONOTONIC`: unaffected by changes to the wall-clock time.
public struct MonotonicClock: ArrivalClock, Sendable {
  /// Creates the clock.
  public init() {}

  /// The time since an arbitrary fixed point (boot). The corresponding C function is
  /// `clock_gettime`.
  public func seconds() -> Double {
    var now = timespec()
    _ = clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
  }
}

/// Turns each record's time into the time qrdedupe decides by, which never decreases.
///
/// With the record clock a record is stamped `time + offset`. The offset starts at 0, so a
/// well-ordered stream is judged by its own timestamps, exactly. When a stamp would fall before
/// the latest one (timestamps out of order, a second recording concatenated after a first, a
/// new source), the offset grows so that the record happens at the latest time instead: time
/// stands still for it, and later records move on from there by their own differences. A
/// record without a numeric `time`, and every record under the wall clock, is stamped by its
/// arrival: the latest time plus the time that has passed since the previous record arrived.
/// Starting from 0 at the first record, the wall clock's stamps are seconds since the start.
///
/// Two kinds of record time would switch throttling off if believed, and are not:
/// - A time whose magnitude is `maximumMagnitude` (2^43 s, about 280,000 years) or more, where
///   a double no longer resolves a millisecond (at 1e16, `t + 1 == t`, so every key would
///   expire the moment it is seen), and a time that is not finite (a JSON number beyond the
///   double range, such as `1e999`): the record is stamped by its arrival instead, as if it had
///   no time.
/// - A time more than `maximumJump` after the latest stamp: the record happens `maximumJump`
///   after it instead, and later records move on from there by their own differences (as after
///   a step back). A long absence still counts as long, but one wrong time cannot carry the
///   clock so far ahead that every later record is stuck at its moment.
///
/// `adjustment` tells the caller which of these the latest stamp was, for a warning.
public struct Timeline: Sendable {
  /// What a stamp did to a record's own time.
  public enum Adjustment: Sendable, Equatable {
    /// Nothing: the time was used, or there was none, or it went back (which is normal).
    case none
    /// The time was too large to resolve or not finite, and the arrival was used instead.
    case unusable(Double)
    /// The time jumped forward by this many seconds, more than `maximumJump`, and was cut.
    case jumpCut(Double)
  }

  /// The smallest record time magnitude not believed: 2^43 s, where the spacing of doubles
  /// reaches 2^-9 s (about 2 ms).
  public static let maximumMagnitude = 0x1p43

  /// Which times to believe.
  public let clock: DedupeClock
  /// The largest step forward a record time may take, in seconds.
  public let maximumJump: Double
  /// The latest stamp given, or nil before the first record.
  public private(set) var now: Double? = nil
  /// What is added to record times (grows when they go backwards, shrinks when a jump is cut).
  public private(set) var offset = 0.0
  /// What the latest stamp did to its record's time.
  public private(set) var adjustment = Adjustment.none
  /// The arrival time of the latest record.
  private var lastArrival = 0.0

  /// Creates a timeline that believes `clock`, cutting forward jumps of more than `maximumJump`.
  public init(clock: DedupeClock, maximumJump: Double = 86_400) {
    self.clock = clock
    self.maximumJump = maximumJump
  }

  /// Stamps a record that carries `recordTime` (nil if it has none) and arrived at `arrival`.
  ///
  /// - Returns: The record's time, never less than the previous stamp.
  public mutating func stamp(recordTime: Double?, arrival: Double) -> Double {
    adjustment = .none
    var time: Double
    if clock == .record, let recordTime, abs(recordTime) < Self.maximumMagnitude {
      time = recordTime + offset
      if let now {
        if time < now {
          offset = now - recordTime
          time = now
        } else if time - now > maximumJump {
          adjustment = .jumpCut(time - now)
          time = now + maximumJump
          offset = time - recordTime
        }
      }
    } else {
      if clock == .record, let recordTime { adjustment = .unusable(recordTime) }
      time = (now ?? 0) + max(0, arrival - (now == nil ? arrival : lastArrival))
    }
    now = time
    lastArrival = arrival
    return time
  }
  /// The time it would be at `arrival` if no record came in between (for idle deadlines).
  public func time(atArrival arrival: Double) -> Double {
    (now ?? 0) + max(0, arrival - lastArrival)
  }

  /// The arrival time at which the timeline would reach `time` if no record came in between.
  public func arrival(atTime time: Double) -> Double {
    lastArrival + max(0, time - (now ?? 0))
  }
}
