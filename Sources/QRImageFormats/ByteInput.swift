// SPDX-License-Identifier: MIT
// A read buffer over a file descriptor: peek at headers, pass payloads straight through.

import QRSystem

/// Buffered, streaming input from one descriptor, with the absolute byte offset kept.
///
/// Headers are parsed in place from one reusable buffer. Payloads bypass it: `read(into:)` copies
/// whatever is already buffered, then reads the rest straight into the caller's memory, so a large
/// frame costs one copy (the kernel's). `readAhead` bounds how much a header fill pulls in, so that
/// the payload behind a header mostly arrives by the direct path too.
final class ByteInput {
  /// The descriptor read from; not closed here.
  let descriptor: FileDescriptor
  /// Bytes consumed so far: the input offset of the first buffered byte.
  private(set) var offset = 0
  /// The most a fill reads beyond what it needs; the reader sets it from each frame's size.
  var readAhead: Int

  private let storage: UnsafeMutableRawBufferPointer
  private var start = 0
  private var end = 0

  /// Reads `descriptor` through a buffer of `capacity` bytes.
  init(descriptor: FileDescriptor, capacity: Int = 1 << 20) {
    precondition(capacity >= 1 << 16, "ByteInput capacity below 64 KiB")
    self.descriptor = descriptor
    self.storage = .allocate(byteCount: capacity, alignment: 16)
    // The first fill reads a header and the start of an input of unknown size: a 64 KiB read,
    // not a whole buffer, so that the rest of a large image (one file, one frame) arrives by
    // the direct path instead of being read into the buffer and copied out again.
    // (The capacity is at least that, by the precondition above.)
    self.readAhead = 1 << 16
  }

  deinit { storage.deallocate() }

  /// The buffer size: the longest header `ensure(_:)` can make available.
  var capacity: Int { storage.count }

  /// Bytes buffered and not yet consumed.
  var bufferedCount: Int { end - start }

  /// The buffered bytes; valid until the next call that reads or consumes.
  var buffered: UnsafeRawBufferPointer { UnsafeRawBufferPointer(rebasing: storage[start..<end]) }

  /// Makes at least `count` bytes available in `buffered`, reading as needed; returns false if
  /// the input ends first (what did arrive stays buffered).
  ///
  /// - Precondition: `count <= capacity`.
  func ensure(_ count: Int, preferring preferred: Int? = nil) throws(Errno) -> Bool {
    precondition(count <= capacity, "ByteInput.ensure beyond capacity")
    while end - start < count {
      if start == end {
        start = 0
        end = 0
      } else if capacity - start < count {
        let kept = end - start
        // swift-format-ignore: NeverForceUnwrap
        // The storage is allocated in init and never empty.
        storage.baseAddress!.copyMemory(from: storage.baseAddress! + start, byteCount: kept)
        start = 0
        end = kept
      }
      let needed = count - (end - start)
      let wanted = min(capacity - end, max(needed, preferred ?? readAhead))
      let received = try descriptor.read(
        into: UnsafeMutableRawBufferPointer(rebasing: storage[end..<end + wanted]))
      if received == 0 { return false }
      end += received
    }
    return true
  }

  /// Marks `count` buffered bytes as consumed.
  func consume(_ count: Int) {
    precondition(count <= end - start, "ByteInput.consume beyond the buffer")
    start += count
    offset += count
  }

  /// Fills `destination`, from the buffer first, then from the descriptor; returns the bytes
  /// read, fewer than `destination.count` only at the end of input.
  func read(into destination: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
    var filled = 0
    while filled < destination.count {
      let remaining = destination.count - filled
      if bufferedCount > 0 {
        let count = min(bufferedCount, remaining)
        // swift-format-ignore: NeverForceUnwrap
        // Both buffers are non-empty here (count > 0), so neither base address is nil.
        (destination.baseAddress! + filled).copyMemory(
          from: storage.baseAddress! + start, byteCount: count)
        consume(count)
        filled += count
      } else if remaining >= min(capacity / 4, readAhead) {
        // Large (for a buffer fill: more than one fill would bring): straight into the
        // destination, no copy through the buffer.
        let received = try descriptor.read(
          into: UnsafeMutableRawBufferPointer(rebasing: destination[filled...]))
        if received == 0 { break }
        filled += received
        offset += received
      } else if try !ensure(1) {
        break
      }
    }
    return filled
  }

  /// Skips `count` bytes; returns how many were skipped, fewer only at the end of input.
  func skip(_ count: Int) throws(Errno) -> Int {
    var skipped = 0
    while skipped < count {
      if bufferedCount == 0, try !ensure(1, preferring: capacity) { break }
      let step = min(bufferedCount, count - skipped)
      consume(step)
      skipped += step
    }
    return skipped
  }

  /// Passes the next `count` bytes to `body` in buffered chunks whose lengths are multiples of
  /// `unit`; returns the bytes passed, fewer than `count` only at the end of input.
  ///
  /// - Precondition: `unit` divides `count` and is at most `capacity`.
  func stream(
    _ count: Int, unit: Int = 1, _ body: (UnsafeRawBufferPointer) -> Void
  ) throws(Errno) -> Int {
    var passed = 0
    while passed < count {
      if bufferedCount < unit, try !ensure(unit, preferring: capacity) { break }
      let available = min(bufferedCount, count - passed)
      let step = available - available % unit
      body(UnsafeRawBufferPointer(rebasing: buffered[0..<step]))
      consume(step)
      passed += step
    }
    return passed
  }

  /// The next byte without consuming it, or nil at the end of input.
  func peekByte() throws(Errno) -> UInt8? {
    guard try ensure(1) else { return nil }
    return storage[start]
  }
}
