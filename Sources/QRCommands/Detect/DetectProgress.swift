// SPDX-License-Identifier: MIT
// qrdetect's progress line and summary on standard error.

import Glibc
import QRCommandLine
import QRSystem

/// Shows how far a qrdetect run is, on standard error, and its totals at the end.
///
/// On a terminal the line is redrawn in place (`\r`, at most five times a second) and erased at
/// the end or before any message; elsewhere, with `--progress` only, one line is written per
/// second. Without `--progress`, the line appears only on a terminal, only when standard output
/// is not that terminal too, and only once the run has taken two seconds.
final class DetectProgress {
  /// Totals so far.
  struct Counts {
    /// Files read to their end (or to an error).
    var files = 0
    /// Files under directories skipped silently as not images.
    var skipped = 0
    /// Files under directories skipped with a warning: images or videos in a format not read.
    var unread = 0
    /// Inputs that could not be opened or were malformed.
    var failed = 0
    /// Frames read.
    var frames = 0
    /// Symbols written.
    var symbols = 0
  }

  /// Seconds before the automatic progress line appears.
  static let automaticDelay = 2.0

  private let program: String
  private let output: FileDescriptor
  /// Whether the display is shown at all (on a terminal, or with `--progress`).
  let isEnabled: Bool
  private let isExplicit: Bool
  private let isTerminal: Bool
  private let total: Int?
  private let start = DetectProgress.now()
  private var lastShown = -Double.infinity
  private var isLineShown = false

  /// A progress display for `program` on `output`.
  ///
  /// - Parameters:
  ///   - explicit: `--progress` was given.
  ///   - total: The number of files, when known before starting.
  init(
    program: String, output: FileDescriptor, explicit: Bool, automatic: Bool = true,
    standardOutputIsTerminal: Bool, total: Int?
  ) {
    self.program = program
    self.output = output
    isTerminal = output.isTerminal
    isExplicit = explicit
    isEnabled = explicit || (automatic && isTerminal && !standardOutputIsTerminal)
    self.total = total
  }

  /// Seconds since the run started.
  var elapsed: Double { Self.now() - start }

  /// Shows `counts` if the line is due.
  func update(_ counts: Counts) {
    guard isEnabled else { return }
    let now = Self.now()
    guard isExplicit || now - start >= Self.automaticDelay else { return }
    guard now - lastShown >= (isTerminal ? 0.2 : 1) else { return }
    lastShown = now
    let line = "\(program): " + describe(counts, elapsed: now - start)
    if isTerminal {
      write("\r" + line + "\u{1B}[K")
      isLineShown = true
    } else {
      write(line + "\n")
    }
  }

  /// Erases the line on a terminal (before a message, and at the end).
  func clear() {
    guard isLineShown else { return }
    write("\r\u{1B}[K")
    isLineShown = false
  }

  /// The summary line: `scanned N symbols in F frames from M files in T s`, then what was
  /// skipped or failed; then, when some input had no symbol, a line naming the first few.
  func summary(_ counts: Counts, misses: Misses = Misses()) -> String {
    var line =
      "\(program): scanned \(Self.plural(counts.symbols, "symbol"))"
      + " in \(Self.plural(counts.frames, "frame")) from \(Self.plural(counts.files, "file"))"
      + " in \(Self.seconds(elapsed)) s"
    if counts.skipped > 0 {
      line +=
        counts.skipped == 1
        ? "; skipped 1 file that is not an image"
        : "; skipped \(counts.skipped) files that are not images"
    }
    if counts.unread > 0 {
      line +=
        counts.unread == 1
        ? "; skipped 1 file in a format not read (named above)"
        : "; skipped \(counts.unread) files in formats not read (named above)"
    }
    if counts.failed > 0 { line += "; \(Self.plural(counts.failed, "input")) failed" }
    line += "\n"
    if misses.count > 0 {
      let names = misses.names.map { Diagnostics.sanitized($0) }.joined(separator: ", ")
      let more = misses.count - misses.names.count
      line +=
        "\(program): no symbol in \(Self.plural(misses.count, "input")): \(names)"
        + (more > 0 ? " and \(more) more (--misses lists them all)" : "") + "\n"
    }
    return line
  }

  /// Writes the summary (after erasing the progress line).
  func writeSummary(_ counts: Counts, misses: Misses = Misses()) {
    clear()
    write(summary(counts, misses: misses))
  }

  private func describe(_ counts: Counts, elapsed: Double) -> String {
    let rate = elapsed > 0 ? Double(counts.frames) / elapsed : 0
    var text = total.map { "\(counts.files)/\($0) files" } ?? Self.plural(counts.files, "file")
    text += ", \(Self.plural(counts.frames, "frame")) (\(Self.tenths(rate))/s)"
    text += ", \(Self.plural(counts.symbols, "symbol"))"
    if let total, counts.files > 0, counts.files < total {
      let remaining = elapsed / Double(counts.files) * Double(total - counts.files)
      text += ", ETA " + Self.clock(remaining)
    }
    return text
  }

  private func write(_ text: String) {
    // Progress that cannot be shown is not worth failing the run for.
    try? output.writeAll(Array(text.utf8))
  }

  static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  static func plural(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
  }

  /// `value` with one decimal.
  static func tenths(_ value: Double) -> String {
    let tenths = Int((value * 10).rounded())
    return "\(tenths / 10).\(tenths % 10)"
  }

  /// `value` seconds with two decimals.
  static func seconds(_ value: Double) -> String {
    let hundredths = Int((value * 100).rounded())
    let fraction = hundredths % 100
    return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
  }

  /// `value` seconds as `m:ss` or `h:mm:ss`.
  static func clock(_ value: Double) -> String {
    let total = Int(min(value, 360_000).rounded())
    let (hours, minutes, seconds) = (total / 3600, total / 60 % 60, total % 60)
    let ss = seconds < 10 ? "0\(seconds)" : "\(seconds)"
    if hours == 0 { return "\(minutes):\(ss)" }
    return "\(hours):\(minutes < 10 ? "0" : "")\(minutes):\(ss)"
  }
}
