// SPDX-License-Identifier: MIT
// qrdedupe's options, checked and gathered into one value.

/// When a key that was written may be written again.
public enum DedupeMode: String, CaseIterable, Sendable {
  /// Again once at least the interval has passed since it was last written (a scan interval).
  case interval
  /// Again only after it has been absent for the interval; every sighting restarts the wait.
  case rearm
  /// At most one record per interval, whatever its key.
  case global
  /// Once for the whole run (until the key is forgotten by `--max-keys`).
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
  /// The suppression policy.
  public var mode: DedupeMode = .interval
  /// The policy's interval in seconds.
  public var interval = 1.0
  /// The fields whose values make up a record's key; `payload` is the decoded `bytes`, else `text`.
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
  /// Whether a line that is not a JSON object is an error rather than passed through.
  public var isStrict = false
  /// The longest line accepted, in bytes, not counting its newline.
  public var maximumLineLength = 1 << 20

  /// The configuration with every default.
  public init() {}

  /// How long a key may be absent before it leaves (events).
  public var effectiveLinger: Double { linger ?? interval }

  /// Reads and cross-checks `qrdedupe`'s options.
  ///
  /// - Throws: `UsageError` for a bad value or a combination that would silently do nothing:
  ///   `--move` or `--linger` without `--events`, `--mode` with `--events`, `--confirm` above 1
  ///   with a zero interval.
  public init(arguments: ParsedArguments) throws(UsageError) {
    if let mode = try arguments.choice("mode", from: DedupeMode.allCases.map(\.rawValue)) {
      // choice(_:from:) only returns one of the raw values.
      self.mode = DedupeMode(rawValue: mode) ?? .interval
    }
    interval = try arguments.number("interval", in: 0...1e9) ?? interval
    if let key = arguments.value("key") {
      let fields = key.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
      guard !fields.contains(where: \.isEmpty) else {
        throw UsageError(
          "invalid value '\(Diagnostics.sanitized(key))' for --key: expected field names "
            + "separated by commas")
      }
      keyFields = fields
    }
    count = try arguments.integer("count", in: 1...Int(Int32.max))
    confirm = try arguments.integer("confirm", in: 1...1000) ?? confirm
    events = arguments.has("events")
    move = try arguments.number("move", in: 0...1e9) ?? move
    linger = try arguments.number("linger", in: 0.001...1e9)
    assemble = arguments.has("assemble")
    if let clock = try arguments.choice("clock", from: DedupeClock.allCases.map(\.rawValue)) {
      self.clock = DedupeClock(rawValue: clock) ?? .record
    }
    maximumKeys = try arguments.integer("max-keys", in: 1...Int(Int32.max) - 1) ?? maximumKeys
    isStrict = arguments.has("strict")
    maximumLineLength =
      try arguments.integer("max-line-length", in: 16...(1 << 30)) ?? maximumLineLength

    if !events {
      for option in ["move", "linger"] where arguments.has(option) {
        throw UsageError("--\(option) needs --events")
      }
    } else if arguments.has("mode") {
      throw UsageError("--mode cannot be used with --events: events track presence")
    }
    if confirm > 1 && interval == 0 {
      throw UsageError("--confirm needs a positive --interval to count sightings within")
    }
  }
}
