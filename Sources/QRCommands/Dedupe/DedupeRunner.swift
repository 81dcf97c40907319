// SPDX-License-Identifier: MIT
// qrdedupe's input loop: files or stdin, line by line, into a Deduplicator; messages and status.

import QRCommandLine
import QRDedupe
import QRSystem

/// Runs `qrdedupe` over its operands: the loop that `main.swift` calls.
///
/// The inputs are read in turn as one stream (state carries over from file to file, as with
/// `cat`). A file that cannot be opened or read is reported and skipped, and the run ends with
/// status 2. A line that is too long, or under `--strict` a line that is not a JSON object, ends
/// the run at once with status 2, after everything before it was written.
///
/// Lines are written byte for byte as they came: a last line without a newline is written
/// without one, and the newline is added only if more output follows (another input's lines, or
/// events at the end), so that lines never run together. At the end, a warning tells how many
/// keys and sequences were forgotten early to stay within `--max-memory` and `--max-keys`, and
/// `--summary` reports the counts of the run.
public struct DedupeRunner {
  /// What to do.
  public let configuration: DedupeConfiguration
  /// Where messages go.
  public let diagnostics: Diagnostics
  /// Where records and events go.
  public let output: FileDescriptor
  /// Arrival times.
  public let clock: any ArrivalClock
  /// Whether to report the run's counts on standard error at the end (`--summary`).
  public let showsSummary: Bool

  /// Warnings about non-JSON lines printed per input before they are only counted.
  public static let warningLimit = 20

  /// What the first line that is plain text, not a record, is answered with: the likely cause
  /// is `qrdetect -p text` upstream.
  public static let textInputHint =
    "hint: this is text, not a record: qrdedupe reads qrdetect's JSON records, so give"
    + " qrdetect no '-p text' and print the text after qrdedupe:"
    + " qrdetect | qrdedupe | jq -r .text"

  /// Creates a runner.
  public init(
    configuration: DedupeConfiguration, diagnostics: Diagnostics,
    output: FileDescriptor = .standardOutput, clock: any ArrivalClock = MonotonicClock(),
    showsSummary: Bool = false
  ) {
    self.configuration = configuration
    self.diagnostics = diagnostics
    self.output = output
    self.clock = clock
    self.showsSummary = showsSummary
  }

  /// Filters `operands` (none, or `-`, is standard input) to the output.
  ///
  /// - Returns: `.success`, or `.failure` if an input could not be read or was refused.
  /// - Throws: `Errno` from writing the output (a broken pipe among them).
  public func run(operands: [PathName]) throws -> ExitStatus {
    let writer = LineWriter(output)
    let diagnostics = diagnostics
    let filter = Deduplicator(
      configuration: configuration, report: { diagnostics.error($0) },
      output: { line, lacksNewline in try writer.write(line, lacksNewline: lacksNewline) })
    var status = ExitStatus.success
    var counts = LineCounts()
    inputs: for name in operands.isEmpty ? [PathName.standardStream] : operands {
      switch try read(name, into: filter, writer: writer, counts: &counts) {
      case .completed: break
      case .skipped: status = .failure
      case .stopped: break inputs
      case .refused:
        status = .failure
        break inputs
      }
    }
    if !counts.wasRefused { try filter.finish() }
    reportLimits(filter.statistics, counts: counts, written: writer.lineCount)
    return status
  }

  // MARK: - The end of the run

  /// Lines read and passed through, over all inputs.
  private struct LineCounts {
    var lines = 0
    var foreign = 0
    /// Lines longer than `--max-line-length`, skipped.
    var tooLong = 0
    var wasRefused = false
  }

  /// The warning about early evictions, and with `--summary` the summary line.
  private func reportLimits(_ statistics: DedupeStatistics, counts: LineCounts, written: Int) {
    let memory = ParsedArguments.formatBytes(configuration.maximumMemory)
    if statistics.keysEvicted > 0 {
      var causes: [String] = []
      if statistics.keysEvictedForMemory > 0 {
        causes.append("\(statistics.keysEvictedForMemory) to stay within --max-memory \(memory)")
      }
      if statistics.keysEvictedForCount > 0 {
        causes.append(
          "\(statistics.keysEvictedForCount) to stay within --max-keys \(configuration.maximumKeys)"
        )
      }
      diagnostics.warning(
        "\(plural(statistics.keysEvicted, "key")) forgotten before they expired ("
          + causes.joined(separator: ", ") + "); a forgotten key is new when seen again")
    }
    if statistics.sequencesEvicted > 0 {
      diagnostics.warning(
        "\(plural(statistics.sequencesEvicted, "incomplete structured-append sequence")) "
          + "dropped to stay within --max-memory \(memory)")
    }
    if counts.tooLong > 0 {
      diagnostics.warning(
        "\(plural(counts.tooLong, "line")) longer than --max-line-length"
          + " \(configuration.maximumLineLength) skipped")
    }
    guard showsSummary else { return }
    diagnostics.error(
      "summary: \(plural(counts.lines, "line")) read, \(plural(written, "line")) written; "
        + "\(plural(statistics.records, "record")), \(plural(statistics.parts, "part")), "
        + "\(counts.foreign) not \(counts.foreign == 1 ? "a JSON object" : "JSON objects"), "
        + "\(counts.tooLong) too long; "
        + "\(plural(statistics.keys, "key")) (at most \(statistics.peakKeys)); "
        + "\(Self.formatMemory(statistics.bytes)) (at most \(Self.formatMemory(statistics.peakBytes)) "
        + "of \(memory)); evicted \(statistics.keysEvictedForMemory) for memory, "
        + "\(statistics.keysEvictedForCount) for --max-keys, "
        + "\(plural(statistics.sequencesEvicted, "sequence")); "
        + "\(statistics.sequencesTooLong) sequences too long; "
        + "\(plural(statistics.unusableTimes, "unusable time")), "
        + "\(plural(statistics.cutTimeJumps, "time jump")) cut")
  }

  private func plural(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
  }

  /// Bytes in KiB or MiB with one decimal: `12.5 KiB`.
  static func formatMemory(_ bytes: Int) -> String {
    if bytes < 1024 { return "\(bytes) bytes" }
    let (value, unit) =
      bytes < 1 << 20 ? (Double(bytes) / 1024, "KiB") : (Double(bytes) / 1_048_576, "MiB")
    return "\((value * 10).rounded() / 10) \(unit)"
  }

  // MARK: - One input

  private enum Outcome {
    /// Read to the end.
    case completed
    /// Could not be opened or read; reported.
    case skipped
    /// `--count` was reached.
    case stopped
    /// A line was refused; reported, and the run must end.
    case refused
  }

  private func read(
    _ path: PathName, into filter: Deduplicator, writer: LineWriter, counts: inout LineCounts
  ) throws -> Outcome {
    // Opened by its bytes; named in messages with invalid bytes escaped.
    let name = path.description
    let descriptor: FileDescriptor
    if path.isStandardStream {
      descriptor = .standardInput
    } else {
      do {
        descriptor = try .openForReading(path)
      } catch {
        diagnostics.error(toolMessage(for: error), operand: name)
        return .skipped
      }
    }
    defer { if !path.isStandardStream { descriptor.close() } }
    let reader = LineReader(descriptor, maximumLineLength: configuration.maximumLineLength)
    var seenReads = -1
    var arrival = 0.0
    var rejected = 0
    var timeWarnings = 0
    defer {
      if rejected > Self.warningLimit {
        let fate = configuration.events ? "dropped" : "passed through"
        diagnostics.error("\(rejected) lines were not JSON objects, \(fate)", operand: name)
      }
      if timeWarnings > Self.warningLimit {
        diagnostics.warning("\(timeWarnings) records had times that were not used", operand: name)
      }
    }
    while true {
      let item: LineReader.Item
      do {
        item = try reader.next(timeout: filter.nextDeadline.map { $0 - clock.seconds() })
      } catch .lineTooLong(let number, let limit) {
        if configuration.isStrict {
          diagnostics.error("line \(number): longer than \(limit) bytes", operand: name)
          counts.wasRefused = true
          return .refused
        }
        // Skipped, not fatal: the records after it are as good as before it. Read through in
        // the buffer already held, so the line costs no more memory than the limit.
        let length: Int
        do {
          length = try reader.skipRestOfLine()
        } catch {
          diagnostics.error(toolMessage(for: error), operand: name)
          return .skipped
        }
        counts.lines += 1
        counts.tooLong += 1
        if counts.tooLong <= Self.warningLimit {
          diagnostics.warning(
            "line \(number): \(length) bytes, longer than --max-line-length \(limit): skipped",
            operand: name)
        } else if counts.tooLong == Self.warningLimit + 1 {
          diagnostics.warning(
            "line \(number): longer than \(limit) bytes, skipped; further lines too long are"
              + " only counted", operand: name)
        }
        continue
      } catch {
        diagnostics.error(toolMessage(for: error), operand: name)
        return .skipped
      }
      switch item {
      case .endOfInput:
        return .completed
      case .timedOut:
        try filter.advance(toArrival: clock.seconds())
      case .line(let line):
        // Lines from one read(2) arrived together; one clock reading serves them all.
        if reader.readCount != seenReads {
          seenReads = reader.readCount
          arrival = clock.seconds()
        }
        counts.lines += 1
        if try filter.accept(line.bytes, arrival: arrival) {
          if filter.timeAdjustment != .none {
            timeWarnings += 1
            if timeWarnings <= Self.warningLimit {
              warnAboutTime(filter.timeAdjustment, line: line.number, operand: name)
            } else if timeWarnings == Self.warningLimit + 1 {
              diagnostics.warning(
                "line \(line.number): further records whose times are not used are only counted",
                operand: name)
            }
          }
          if filter.isFinished { return .stopped }
          continue
        }
        let problem = filter.rejection.description
        if configuration.isStrict {
          diagnostics.error("line \(line.number): \(problem)", operand: name)
          counts.wasRefused = true
          return .refused
        }
        // Every line of an event stream is an event: a foreign line is dropped there, not
        // written verbatim among the events (where its control sequences would reach whatever
        // reads them).
        let fate =
          configuration.events ? "dropped (--events writes only events)" : "passed through"
        if !configuration.events {
          try writer.writeForeign(line.bytes, lacksNewline: !line.isTerminated)
        }
        counts.foreign += 1
        rejected += 1
        if rejected <= Self.warningLimit {
          diagnostics.error("line \(line.number): \(problem), \(fate)", operand: name)
          if rejected == 1 && !line.bytes.contains(UInt8(ascii: "{")) {
            diagnostics.error(Self.textInputHint, operand: name)
          }
        } else if rejected == Self.warningLimit + 1 {
          diagnostics.error(
            "line \(line.number): \(problem), \(fate); further lines that are not JSON "
              + "objects are only counted", operand: name)
        }
      }
    }
  }

  private func warnAboutTime(_ adjustment: Timeline.Adjustment, line: Int, operand: String) {
    switch adjustment {
    case .none:
      break
    case .unusable(let time):
      let reason =
        time.isFinite
        ? "is too large to resolve a millisecond" : "is beyond the range of a double"
      diagnostics.warning(
        "line \(line): time \(time) \(reason); the record is timed by its arrival",
        operand: operand)
    case .jumpCut(let jump):
      diagnostics.warning(
        "line \(line): time jumps ahead by \(jump) s, more than --max-time-jump "
          + "(\(configuration.maximumTimeJump) s); counted as \(configuration.maximumTimeJump) s",
        operand: operand)
    }
  }
}

/// Writes output lines, one `write(2)` each, keeping an unterminated last line as it came.
///
/// A line without its newline (the input's last) is written without it; if anything is written
/// after it (the next input's lines, events at the end), the newline goes first, in the same
/// system call, so that lines never run together.
private final class LineWriter {
  let output: FileDescriptor
  /// Lines written so far.
  private(set) var lineCount = 0
  private var owesNewline = false
  private static let newline: [UInt8] = [0x0A]

  /// Whether the output is a terminal, where foreign lines are written escaped.
  private let isTerminal: Bool

  init(_ output: FileDescriptor) {
    self.output = output
    isTerminal = output.isTerminal
  }

  /// Writes a line that is not a JSON object: verbatim, except on a terminal, where its control
  /// characters are escaped as qrdetect escapes payloads (`\x1B`), so that a stream's escape
  /// sequences never act on the terminal.
  func writeForeign(_ line: UnsafeRawBufferPointer, lacksNewline: Bool) throws {
    guard isTerminal else { return try write(line, lacksNewline: lacksNewline) }
    let body = lacksNewline ? line : UnsafeRawBufferPointer(rebasing: line.dropLast())
    let escaped = Array((Diagnostics.sanitized(bytes: body) + (lacksNewline ? "" : "\n")).utf8)
    try escaped.withUnsafeBytes { try write($0, lacksNewline: lacksNewline) }
  }

  /// - Throws: `Errno.brokenPipe` when the reader has gone; any other failure as a
  ///   `CaptureSink.WriteError` naming standard output (`> /dev/full`), not the input.
  func write(_ line: UnsafeRawBufferPointer, lacksNewline: Bool) throws {
    let failure = Self.newline.withUnsafeBytes { newline -> Errno? in
      do throws(Errno) {
        try output.writeAll(owesNewline ? [newline, line] : [line])
        return nil
      } catch {
        return error
      }
    }
    if let failure {
      if failure == .brokenPipe { throw failure }
      throw CaptureSink.WriteError(output: "standard output", errno: failure)
    }
    owesNewline = lacksNewline
    lineCount += 1
  }
}
