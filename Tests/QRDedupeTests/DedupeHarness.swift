// SPDX-License-Identifier: MIT
// Feeds crafted JSON lines to a Deduplicator and collects what it writes.

import Testing

@testable import QRDedupe

/// What a Deduplicator wrote for a stream.
struct DedupeRun {
  /// Output lines without their newlines.
  var lines: [String] = []
  /// Messages meant for standard error.
  var reports: [String] = []
  /// Lines the filter refused as not JSON objects, by input index.
  var refused: [Int] = []
  /// The filter, for inspecting its state afterwards.
  var filter: Deduplicator? = nil
}

/// Collects output from the filter's closures.
private final class Sink {
  var lines: [String] = []
  var reports: [String] = []
}

/// Runs `lines` through a filter; `arrivals[i]` is line i's arrival time (default i × 0.001 s).
func dedupe(
  _ configuration: DedupeConfiguration, _ lines: [String], arrivals: [Double]? = nil,
  finish: Bool = true
) throws -> DedupeRun {
  let sink = Sink()
  let filter = Deduplicator(
    configuration: configuration, report: { sink.reports.append($0) },
    output: { line, lacksNewline in
      var bytes = Array(line)
      if !lacksNewline {
        #expect(bytes.last == 0x0A, "every output line ends in a newline")
        bytes.removeLast()
      }
      sink.lines.append(String(decoding: bytes, as: UTF8.self))
    })
  var run = DedupeRun()
  for (index, line) in lines.enumerated() {
    if filter.isFinished { break }
    let arrival = arrivals?[index] ?? Double(index) * 0.001
    let accepted = try Array((line + "\n").utf8).withUnsafeBytes {
      try filter.accept($0, arrival: arrival)
    }
    if !accepted { run.refused.append(index) }
  }
  if finish { try filter.finish() }
  run.lines = sink.lines
  run.reports = sink.reports
  run.filter = filter
  return run
}

/// A qrdetect-style record: `{"frame":…,"time":…,"source":"-","symbology":"qr","text":…}`.
func record(
  _ time: Double?, _ text: String, frame: Int? = nil, source: String = "-", extra: String = ""
) -> String {
  var members: [String] = []
  if let frame { members.append("\"frame\":\(frame)") }
  if let time { members.append("\"time\":\(time)") }
  members.append("\"source\":\"\(source)\"")
  members.append("\"symbology\":\"qr\"")
  members.append("\"text\":\"\(text)\"")
  if !extra.isEmpty { members.append(extra) }
  return "{" + members.joined(separator: ",") + "}"
}

/// A configuration with the given changes from the defaults, in the interval mode (the tests
/// of times and keys count repeats written after an interval; `defaultModeReportsEachShowing`
/// tests the default mode).
func configuration(_ change: (inout DedupeConfiguration) -> Void = { _ in }) -> DedupeConfiguration
{
  var configuration = DedupeConfiguration()
  configuration.mode = .interval
  change(&configuration)
  return configuration
}

/// The indices in `input` of the output lines (each output line must be an input line).
func writtenIndices(_ run: DedupeRun, of input: [String]) -> [Int] {
  var indices: [Int] = []
  var next = 0
  for line in run.lines {
    guard let found = input[next...].firstIndex(of: line) else {
      Issue.record("output line not in input (or out of order): \(line)")
      return indices
    }
    indices.append(found)
    next = found + 1
  }
  return indices
}
