// SPDX-License-Identifier: MIT
// Lines from a file descriptor with read(2): one reusable buffer, a bound on line length.

import Glibc

/// Splits a descriptor's bytes into lines, reading with `read(2)` into one reusable buffer.
///
/// A line is handed out as a view into the reader's buffer, newline included, so a filter can
/// write it on unchanged with one `write(2)` and no copy. The buffer grows only as far as the
/// longest line allowed, so a stream without newlines costs bounded memory:
///
///     let reader = LineReader(.standardInput, maximumLineLength: 1 << 20)
///     while case .line(let line) = try reader.next() {
///       try FileDescriptor.standardOutput.writeAll(line.bytes)
///     }
///
/// - Important: `Line.bytes` is valid only until the next call to `next(timeout:)`; copy it to
///   keep it.
public final class LineReader {
  /// One line of input.
  public struct Line {
    /// The line's bytes, ending in `\n` unless `isTerminated` is false; valid until the next read.
    public var bytes: UnsafeRawBufferPointer
    /// The line's number in this input, from 1.
    public var number: Int
    /// Whether the line ended with `\n` (false only for a last line cut short by end of file).
    public var isTerminated: Bool
  }

  /// What `next(timeout:)` found.
  public enum Item {
    /// A complete line (or the unterminated last one).
    case line(Line)
    /// No whole line arrived before the timeout.
    case timedOut
    /// The input ended and every line has been returned.
    case endOfInput
  }

  /// Why reading stopped.
  public enum Failure: Error, Equatable, CustomStringConvertible {
    /// Line `line` runs past `limit` bytes (not counting its newline).
    case lineTooLong(line: Int, limit: Int)
    /// `read(2)` or `poll(2)` failed.
    case readFailed(Errno)

    /// The failure, lowercase, for `program: input: <description>`.
    public var description: String {
      switch self {
      case .lineTooLong(let line, let limit): "line \(line): longer than \(limit) bytes"
      case .readFailed(let errno): "read error: \(errno)"
      }
    }
  }

  /// The descriptor being read; the caller owns it.
  public let descriptor: FileDescriptor
  /// The longest line accepted, in bytes, not counting the newline.
  public let maximumLineLength: Int
  /// The byte that ends a line: `\n`, or NUL for `find -print0` lists.
  public let delimiter: UInt8
  /// How many `read(2)` calls have returned data; a change tells the caller new bytes arrived.
  public private(set) var readCount = 0

  private var buffer: UnsafeMutableRawBufferPointer
  /// Bytes `start..<end` of `buffer` are read but not yet returned.
  private var start = 0
  private var end = 0
  /// No newline lies in `start..<scanned`.
  private var scanned = 0
  private var lineNumber = 0
  private var isAtEnd = false

  /// Creates a reader of `descriptor` that refuses lines over `maximumLineLength` bytes.
  ///
  /// - Parameter initialCapacity: The first buffer size; it doubles as needed up to the line limit.
  /// - Parameter delimiter: The byte that ends a line (newline unless given).
  public init(
    _ descriptor: FileDescriptor, maximumLineLength: Int, initialCapacity: Int = 64 * 1024,
    delimiter: UInt8 = 0x0A
  ) {
    precondition(maximumLineLength > 0, "a line limit must be positive")
    self.descriptor = descriptor
    self.maximumLineLength = maximumLineLength
    self.delimiter = delimiter
    let capacity = max(16, initialCapacity)
    // swift-format-ignore: NeverForceUnwrap
    // malloc of a few kilobytes fails only when the process is out of memory anyway.
    buffer = UnsafeMutableRawBufferPointer(start: malloc(capacity)!, count: capacity)
  }

  deinit { free(buffer.baseAddress) }

  /// Returns the next line, waiting for input as needed.
  ///
  /// - Parameter timeout: Seconds to wait for more input before returning `.timedOut`; nil waits
  ///   as long as it takes. A line already buffered is returned at once.
  /// - Throws: `Failure.lineTooLong` as soon as a line is known to be too long (the rest is not
  ///   read: `skipRestOfLine()` skips it, and reading may go on), or `Failure.readFailed`.
  /// - Complexity: Amortized O(*n*) in the bytes of the line.
  public func next(timeout: Double? = nil) throws(Failure) -> Item {
    while true {
      if scanned < end, let base = buffer.baseAddress,
        let newline = memchr(base + scanned, Int32(delimiter), end - scanned)
      {
        let stop = base.distance(to: newline) + 1
        if stop - 1 - start > maximumLineLength {
          throw .lineTooLong(line: lineNumber + 1, limit: maximumLineLength)
        }
        return .line(takeLine(upTo: stop, isTerminated: true))
      }
      scanned = end
      if end - start > maximumLineLength {
        throw .lineTooLong(line: lineNumber + 1, limit: maximumLineLength)
      }
      if isAtEnd {
        guard start < end else { return .endOfInput }
        return .line(takeLine(upTo: end, isTerminated: false))
      }
      makeRoom()
      if let timeout, try !isReadable(within: timeout) { return .timedOut }
      let count: Int
      do {
        count = try descriptor.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[end...]))
      } catch {
        throw .readFailed(error)
      }
      if count == 0 {
        isAtEnd = true
      } else {
        end += count
        readCount += 1
      }
    }
  }

  /// Skips the line `next(timeout:)` refused as too long, up to and including its delimiter (or
  /// to the end of input), reading through it a buffer at a time; the next call then returns
  /// the line after it. Returns the skipped line's length, without its delimiter.
  ///
  /// - Throws: `Failure.readFailed`.
  /// - Complexity: O(*n*) in the bytes of the line, in memory that does not grow.
  public func skipRestOfLine() throws(Failure) -> Int {
    var skipped = 0
    while true {
      if start < end, let base = buffer.baseAddress,
        let found = memchr(base + start, Int32(delimiter), end - start)
      {
        let stop = base.distance(to: found)
        skipped += stop - start
        lineNumber += 1
        start = stop + 1
        scanned = start
        return skipped
      }
      skipped += end - start
      (start, end, scanned) = (0, 0, 0)
      if isAtEnd {
        lineNumber += 1
        return skipped
      }
      let count: Int
      do {
        count = try descriptor.read(into: buffer)
      } catch {
        throw .readFailed(error)
      }
      if count == 0 { isAtEnd = true } else { end = count }
    }
  }

  // MARK: - Helpers

  private func takeLine(upTo stop: Int, isTerminated: Bool) -> Line {
    lineNumber += 1
    let line = Line(
      bytes: UnsafeRawBufferPointer(rebasing: buffer[start..<stop]), number: lineNumber,
      isTerminated: isTerminated)
    start = stop
    scanned = stop
    return line
  }

  /// Ensures there is space after `end`: slides the pending bytes to the front, or doubles the
  /// buffer when a pending line already fills it (never beyond what the longest line needs).
  private func makeRoom() {
    guard end == buffer.count else { return }
    if start > 0 {
      if let base = buffer.baseAddress { memmove(base, base + start, end - start) }
      end -= start
      scanned -= start
      start = 0
      return
    }
    // Reached only while the buffer is smaller than the longest line plus its newline. realloc,
    // not a new buffer and a copy: a large buffer is moved by remapping its pages (mremap), so
    // the old and the new are never both held (a 200 MB line peaked at 415 MB with the copy).
    let count = min(buffer.count * 2, maximumLineLength + 1)
    // swift-format-ignore: NeverForceUnwrap
    // A failed realloc is memory exhaustion, which a trap reports as well as anything here.
    buffer = UnsafeMutableRawBufferPointer(start: realloc(buffer.baseAddress, count)!, count: count)
  }

  /// Waits with `poll(2)` until the descriptor is readable or `timeout` seconds pass.
  private func isReadable(within timeout: Double) throws(Failure) -> Bool {
    var request = pollfd(fd: descriptor.rawValue, events: Int16(POLLIN), revents: 0)
    let milliseconds = Int32(min(max(0, (timeout * 1000).rounded(.up)), 86_400_000))
    let ready = Syscalls.retrying { poll(&request, 1, milliseconds) }
    guard ready >= 0 else { throw .readFailed(Errno.current) }
    return ready > 0
  }
}
