// SPDX-License-Identifier: MIT
// What a deduplicator is asked to do, gathered into one value.

/// When a key that was written may be written again.
public enum DedupeMode: String, CaseIterable, Sendable {
  /// Again once at least the interval has passed since it was last written (a scan interval).
  case interval
  /// Again only after it has been absent for the interval; every sighting restarts the wait.
  case rearm
  /// At most one record per interval, whatever its key.
  case global
  /// Once for the whole run (until the key is forgotten to stay within the limits).
  case once
}

/// Where a record's time comes from.
public enum DedupeClock: String, CaseIterable, Sendable {
  /// The record's own `time` field; records without one are timed by arrival.
  case record
  /// The moment the line arrived (monotonic clock).
  case wall
}

/// Everything `qrdedupe` was asked to do.
public struct DedupeConfiguration: Sendable, Equatable {
  /// The suppression policy: by default a key is written again only after it was absent for
  /// the interval, so that a code in view is reported once each time it comes into view.
  public var mode: DedupeMode = .rearm
  /// The policy's interval in seconds.
  public var interval = 1.0
  /// The fields whose values make up a record's key; `payload` is the decoded `bytes`, else `text`.
  /// (`track`, qrdetect's number for a code followed through a stream, keys each showing of a
  /// code, and two identical codes in view apart.)
  public var keyFields: [String] = ["payload", "symbology"]
  /// Stop after this many records (or enter events) have been written.
  public var count: Int? = nil
  /// Sightings (in distinct frames) within the interval needed before a key is first written.
  public var confirm = 1
  /// Write enter/update/leave events instead of records.
  public var events = false
  /// With `events`: the corner displacement in pixels above which a sighting is an update.
  public var move = 10.0
  /// With `events`: how long a key may be absent before it leaves; nil means `interval`.
  public var linger: Double? = nil
  /// Join structured-append parts.
  public var assemble = false
  /// Where times come from.
  public var clock: DedupeClock = .record
  /// The most keys remembered at once.
  public var maximumKeys = 1_000_000
  /// The most bytes the remembered keys and the incomplete structured-append sequences may
  /// hold together; the least recently seen are forgotten first to stay within it.
  public var maximumMemory = 64 << 20
  /// The largest step forward a record's time may take, in seconds; a longer one is cut to it.
  public var maximumTimeJump = 86_400.0
  /// Whether a line that is not a JSON object is an error rather than passed through.
  public var isStrict = false
  /// The longest line accepted, in bytes, not counting its newline.
  public var maximumLineLength = 1 << 20

  /// The configuration with every default.
  public init() {}

  /// How long a key may be absent before it leaves (events).
  public var effectiveLinger: Double { linger ?? interval }
}
