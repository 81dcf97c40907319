// SPDX-License-Identifier: MIT
// qrdedupe's input loop: files or stdin, line by line, into a Deduplicator; messages and status.

import QRDedupe
import QRStream

/// Runs `qrdedupe` over its operands: the loop that `main.swift` calls.
///
/// The inputs are read in turn as one stream (state carries over from file to file, as with
/// `cat`). A file that cannot be opened or read is reported and skipped, and the run ends with
/// status 2. A line that is too long, or under `--strict` a line that is not a JSON object, ends
/// the run at once with status 2, after everything before it was written.
public struct DedupeRunner {
  /// What to do.
  public let configuration: DedupeConfiguration
  /// Where messages go.
  public let diagnostics: Diagnostics
  /// Where records and events go.
  public let output: FileDescriptor
  /// Arrival times.
  public let clock: any ArrivalClock

  /// Warnings about non-JSON lines printed per input before they are only counted.
  public static let warningLimit = 20

  /// Creates a runner.
  public init(
    configuration: DedupeConfiguration, diagnostics: Diagnostics,
    output: FileDescriptor = .standardOutput, clock: any ArrivalClock = MonotonicClock()
  ) {
    self.configuration = configuration
    self.diagnostics = diagnostics
    self.output = output
    self.clock = clock
  }

  /// Filters `operands` (none, or `-`, is standard input) to the output.
  ///
  /// - Returns: `.success`, or `.failure` if an input could not be read or was refused.
  /// - Throws: `Errno` from writing the output (a broken pipe among them).
  public func run(operands: [PathName]) throws -> ExitStatus {
    let output = output
    let diagnostics = diagnostics
    let filter = Deduplicator(
      configuration: configuration, report: { diagnostics.error($0) },
      output: { line, appendNewline in try Self.write(line, appendNewline, to: output) })
    var status = ExitStatus.success
    inputs: for name in operands.isEmpty ? [PathName.standardStream] : operands {
      switch try read(name, into: filter) {
      case .completed: break
      case .skipped: status = .failure
      case .stopped: break inputs
      case .refused: return .failure
      }
    }
    try filter.finish()
    return status
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

  private func read(_ path: PathName, into filter: Deduplicator) throws -> Outcome {
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
    defer {
      if rejected > Self.warningLimit {
        diagnostics.error("\(rejected) lines were not JSON objects, passed through", operand: name)
      }
    }
    while true {
      let item: LineReader.Item
      do {
        item = try reader.next(timeout: filter.nextDeadline.map { $0 - clock.seconds() })
      } catch {
        diagnostics.error(toolMessage(for: error), operand: name)
        switch error {
        case .lineTooLong: return .refused
        case .readFailed: return .skipped
        }
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
        if try filter.accept(line.bytes, arrival: arrival) {
          if filter.isFinished { return .stopped }
          continue
        }
        if configuration.isStrict {
          diagnostics.error("line \(line.number): not a JSON object", operand: name)
          return .refused
        }
        try Self.write(line.bytes, !line.isTerminated, to: output)
        rejected += 1
        if rejected <= Self.warningLimit {
          diagnostics.error(
            "line \(line.number): not a JSON object, passed through", operand: name)
        } else if rejected == Self.warningLimit + 1 {
          diagnostics.error(
            "line \(line.number): not a JSON object, passed through; further such lines are "
              + "only counted", operand: name)
        }
      }
    }
  }

  /// Writes one line with one system call, adding the newline a last line may lack.
  private static func write(
    _ line: UnsafeRawBufferPointer, _ appendNewline: Bool, to output: FileDescriptor
  ) throws {
    guard appendNewline else { return try output.writeAll(line) }
    try newline.withUnsafeBytes { newline in try output.writeAll([line, newline]) }
  }

  private static let newline: [UInt8] = [0x0A]
}
