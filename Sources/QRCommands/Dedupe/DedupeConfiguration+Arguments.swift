// SPDX-License-Identifier: MIT
// qrdedupe's options, checked and gathered into a `DedupeConfiguration`.

import QRCommandLine
import QRDedupe

extension DedupeConfiguration {
  /// Reads and cross-checks `qrdedupe`'s options.
  ///
  /// - Throws: `UsageError` for a bad value or a combination that would silently do nothing:
  ///   `--move` or `--linger` without `--events`, `--mode` with `--events`, `--confirm` above 1
  ///   with a zero interval.
  public init(arguments parsed: ParsedArguments) throws(UsageError) {
    let arguments = Options<DedupeOption>(parsed)
    self.init()
    mode = try arguments.choice(.mode, as: DedupeMode.self) ?? mode
    interval = try arguments.number(.interval, in: 0...1e9) ?? interval
    if let key = arguments.value(.key) {
      let fields = key.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
      guard !fields.contains(where: \.isEmpty) else {
        throw UsageError(
          "invalid value '\(Diagnostics.sanitized(key))' for --key: expected field names "
            + "separated by commas")
      }
      keyFields = fields
    }
    count = try arguments.integer(.count, in: 1...Int(Int32.max))
    confirm = try arguments.integer(.confirm, in: 1...1000) ?? confirm
    events = arguments.has(.events)
    move = try arguments.number(.move, in: 0...1e9) ?? move
    linger = try arguments.number(.linger, in: 0.001...1e9)
    assemble = arguments.has(.assemble)
    clock = try arguments.choice(.clock, as: DedupeClock.self) ?? clock
    maximumKeys = try arguments.integer(.maxKeys, in: 1...Int(Int32.max) - 1) ?? maximumKeys
    maximumMemory =
      try arguments.byteCount(.maxMemory, in: (8 << 10)...(1 << 40)) ?? maximumMemory
    maximumTimeJump =
      try arguments.duration(.maxTimeJump, in: 0.001...1e9) ?? maximumTimeJump
    isStrict = arguments.has(.strict)
    maximumLineLength =
      try arguments.byteCount(.maxLineLength, in: 16...(1 << 30)) ?? maximumLineLength

    if !events {
      for option in [DedupeOption.move, .linger] where arguments.has(option) {
        throw UsageError("--\(option.rawValue) needs --events")
      }
    } else if arguments.has(.mode) {
      throw UsageError("--mode cannot be used with --events: events track presence")
    }
    if confirm > 1 && interval == 0 {
      throw UsageError("--confirm needs a positive --interval to count sightings within")
    }
  }
}
