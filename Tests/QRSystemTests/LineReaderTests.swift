// SPDX-License-Identifier: MIT
// LineReader: splitting, buffer growth, the line limit, timeouts.

import Glibc
import Testing

@testable import QRSystem

/// A pipe with `bytes` written and (unless `keepOpen`) the writing end closed.
private func pipe(_ bytes: [UInt8], keepOpen: Bool = false) -> (
  read: FileDescriptor, write: FileDescriptor
) {
  var fds: [Int32] = [0, 0]
  #expect(Glibc.pipe(&fds) == 0)
  let write = FileDescriptor(rawValue: fds[1])
  #expect(throws: Never.self) { try write.writeAll(bytes) }
  if !keepOpen { write.close() }
  return (FileDescriptor(rawValue: fds[0]), write)
}

private func lines(_ reader: LineReader, upTo count: Int = .max) throws -> [String] {
  var result: [String] = []
  while result.count < count, case .line(let line) = try reader.next() {
    result.append(String(decoding: line.bytes, as: UTF8.self) + (line.isTerminated ? "" : "<eof>"))
  }
  return result
}

@Test(arguments: [16, 17, 64, 65536])
func splitsLinesAcrossReadsAndGrowth(capacity: Int) throws {
  let text = "a\n\nbcd\n" + String(repeating: "x", count: 100) + "\nlast"
  let fds = pipe(Array(text.utf8))
  defer { fds.read.close() }
  let reader = LineReader(fds.read, maximumLineLength: 100, initialCapacity: capacity)
  #expect(
    try lines(reader) == [
      "a\n", "\n", "bcd\n", String(repeating: "x", count: 100) + "\n", "last<eof>",
    ])
  #expect(kind(try reader.next()) == "end")
}

@Test(arguments: [16, 65536])
func refusesALineOverTheLimit(capacity: Int) throws {
  let fds = pipe(Array(("ok\n" + String(repeating: "y", count: 101) + "\nnever\n").utf8))
  defer { fds.read.close() }
  let reader = LineReader(fds.read, maximumLineLength: 100, initialCapacity: capacity)
  guard case .line(let first) = try reader.next() else {
    Issue.record("no first line")
    return
  }
  #expect(first.number == 1)
  #expect(throws: LineReader.Failure.lineTooLong(line: 2, limit: 100)) { try reader.next() }
}

@Test func refusesAnUnterminatedLineOverTheLimit() throws {
  let fds = pipe(Array(String(repeating: "z", count: 101).utf8))
  defer { fds.read.close() }
  let reader = LineReader(fds.read, maximumLineLength: 100, initialCapacity: 16)
  #expect(throws: LineReader.Failure.lineTooLong(line: 1, limit: 100)) { try reader.next() }
}

@Test func skipsALineOverTheLimitAndReadsOn() throws {
  let input =
    "a\n" + String(repeating: "z", count: 1000) + "\nb\n" + String(repeating: "y", count: 500)
  let fds = pipe(Array(input.utf8))
  defer { fds.read.close() }
  let reader = LineReader(fds.read, maximumLineLength: 100, initialCapacity: 16)
  #expect(try lines(reader, upTo: 1) == ["a\n"])
  #expect(throws: LineReader.Failure.lineTooLong(line: 2, limit: 100)) { try reader.next() }
  #expect(try reader.skipRestOfLine() == 1000)
  guard case .line(let line) = try reader.next() else {
    Issue.record("no line after the skipped one")
    return
  }
  #expect(String(decoding: line.bytes, as: UTF8.self) == "b\n" && line.number == 3)
  // An unterminated last line over the limit: skipped to the end of input.
  #expect(throws: LineReader.Failure.lineTooLong(line: 4, limit: 100)) { try reader.next() }
  #expect(try reader.skipRestOfLine() == 500)
  #expect(kind(try reader.next()) == "end")
}

@Test func timesOutWithoutInputAndThenReads() throws {
  let fds = pipe(Array("partial".utf8), keepOpen: true)
  defer { fds.read.close() }
  let reader = LineReader(fds.read, maximumLineLength: 100)
  #expect(kind(try reader.next(timeout: 0.05)) == "timeout")
  try fds.write.writeAll(Array(" line\n".utf8))
  fds.write.close()
  #expect(try lines(reader) == ["partial line\n"])
  #expect(reader.readCount == 2)
}

/// The case of an item, without its line.
private func kind(_ item: LineReader.Item) -> String {
  switch item {
  case .endOfInput: "end"
  case .timedOut: "timeout"
  case .line: "line"
  }
}
