// SPDX-License-Identifier: MIT
// qrdedupe's command line.

import QRCommandLine
import QRDedupe

/// The declaration of `qrdedupe`'s options.
public enum DedupeCommand {
  /// The option table; it drives parsing, help and the completions.
  public static let spec = CommandSpec(
    name: "qrdedupe",
    summary:
      "Pass on the first of repeated QR records in a stream of JSON lines, or report codes as they enter, move and leave.",
    operands: "[file ...]",
    notes: [
      "Records are keyed by payload and symbology (--key track: by qrdetect's number for each showing of a code) and timed by their \"time\" field; kept records are written unchanged, one line at a time.",
      "Modes: rearm (again after absent for INTERVAL: once each time a code comes into view), interval (again after INTERVAL since last written), global (one record per INTERVAL), once (once per key).",
    ],
    options: [
      .value(
        "m", "mode", "mode", "rearm (default), interval, global or once",
        completion: .choices(DedupeMode.allCases.map(\.rawValue))),
      .value("i", "interval", "seconds", "the suppression interval (default 1.0)"),
      .value(
        "k", "key", "field[,field]",
        "fields that identify a code (default payload,symbology; payload = bytes, else text)"),
      .value("n", "count", "n", "stop after writing n records (with --events, n enter events)"),
      .value(nil, "confirm", "k", "write a key only once seen in k frames within the interval"),
      .flag("e", "events", "write enter, update and leave events instead of records"),
      .value(
        nil, "move", "px", "with --events: update when a corner moves more than px (default 10)"),
      .value(
        nil, "linger", "seconds", "with --events: leave after absent this long (default: interval)"),
      .flag("a", "assemble", "join structured-append parts into one record"),
      .value(
        nil, "clock", "clock",
        "time by the records' time field (record, default) or arrival (wall)",
        completion: .choices(DedupeClock.allCases.map(\.rawValue))),
      .value(
        nil, "max-keys", "n",
        "remember at most n keys, forgetting the least recently seen (default 1000000)"),
      .value(
        nil, "max-memory", "size",
        "keep keys and structured-append parts within size bytes (K, M, G; default 64M)"),
      .value(
        nil, "max-time-jump", "duration",
        "cut a record time jumping ahead by more than this (s, m, h, d; default 1d)"),
      .flag(nil, "summary", "at exit, report records, keys, memory and evictions on stderr"),
      .flag(nil, "strict", "treat a line that is not a JSON object as an error"),
      .value(
        nil, "max-line-length", "size", "refuse lines longer than size bytes (K, M; default 1M)"),
    ])
}

/// The long names of `qrdedupe`'s options, for reading them back (`Options<DedupeOption>`);
/// `DedupeCommand.spec` declares each, which the tests check.
public enum DedupeOption: String, OptionName {
  /// `--mode`.
  case mode
  /// `--interval`.
  case interval
  /// `--key`.
  case key
  /// `--count`.
  case count
  /// `--confirm`.
  case confirm
  /// `--events`.
  case events
  /// `--move`.
  case move
  /// `--linger`.
  case linger
  /// `--assemble`.
  case assemble
  /// `--clock`.
  case clock
  /// `--max-keys`.
  case maxKeys = "max-keys"
  /// `--max-memory`.
  case maxMemory = "max-memory"
  /// `--max-time-jump`.
  case maxTimeJump = "max-time-jump"
  /// `--summary`.
  case summary
  /// `--strict`.
  case strict
  /// `--max-line-length`.
  case maxLineLength = "max-line-length"
}
