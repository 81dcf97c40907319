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
public struct Timeline: Sendable {
  /// Which times to believe.
  public let clock: DedupeClock
  /// The latest stamp given, or nil before the first record.
  public private(set) var now: Double? = nil
  /// What is added to record times (grows when they go backwards).
  public private(set) var offset = 0.0
  /// The arrival time of the latest record.
  private var lastArrival = 0.0

  /// Creates a timeline that believes `clock`.
  public init(clock: DedupeClock) { self.clock = clock }

  /// Stamps a record that carries `recordTime` (nil if it has none) and arrived at `arrival`.
  ///
  /// - Returns: The record's time, never less than the previous stamp.
  public mutating func stamp(recordTime: Double?, arrival: Double) -> Double {
    let time: Double
    if clock == .record, let recordTime {
      if let now, recordTime + offset < now {
        offset = now - recordTime
        time = now
      } else {
        time = recordTime + offset
      }
    } else {
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
