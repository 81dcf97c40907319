// SPDX-License-Identifier: MIT
// A typed file descriptor with EINTR-safe exact reads and whole writes.

import Glibc

/// An open file descriptor; the caller manages its lifetime, as with the C handle.
public struct FileDescriptor: Hashable, Sendable {
  /// The raw C descriptor.
  public var rawValue: CInt

  /// Wraps a raw descriptor.
  public init(rawValue: CInt) { self.rawValue = rawValue }

  /// Descriptor 0.
  public static let standardInput = FileDescriptor(rawValue: 0)
  /// Descriptor 1.
  public static let standardOutput = FileDescriptor(rawValue: 1)
  /// Descriptor 2.
  public static let standardError = FileDescriptor(rawValue: 2)

  /// Opens `path` read-only. The corresponding C function is `open`.
  ///
  /// - Throws: `Errno`; a directory is reported as `EISDIR` at once rather than at the first read.
  public static func openForReading(_ path: String) throws(Errno) -> FileDescriptor {
    try openForReading(PathName(path))
  }

  /// Opens the file of exactly these bytes read-only. The corresponding C function is `open`.
  ///
  /// - Throws: `Errno`; a directory is reported as `EISDIR` at once rather than at the first read.
  public static func openForReading(_ path: PathName) throws(Errno) -> FileDescriptor {
    let fd = try path.withCString { name in
      Syscalls.retrying { Glibc.open(name, O_RDONLY | O_CLOEXEC) }
    }
    guard fd >= 0 else { throw Errno.current }
    var info = stat()
    if fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
      _ = Glibc.close(fd)
      throw Errno.isDirectory
    }
    return FileDescriptor(rawValue: fd)
  }

  /// Creates or truncates `path` for writing with mode 0644. The corresponding C function is `open`.
  public static func openForWriting(_ path: String) throws(Errno) -> FileDescriptor {
    try openForWriting(PathName(path))
  }

  /// Creates or truncates the file of exactly these bytes for writing with mode 0644. The
  /// corresponding C function is `open`.
  ///
  /// With `followsLinks: false`, a symbolic link at `path` is not opened (`ELOOP`).
  public static func openForWriting(
    _ path: PathName, followsLinks: Bool = true
  ) throws(Errno) -> FileDescriptor {
    let flags = O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | (followsLinks ? 0 : O_NOFOLLOW)
    let fd = try path.withCString { name in
      Syscalls.retrying { Glibc.open(name, flags, 0o644) }
    }
    guard fd >= 0 else { throw Errno.current }
    return FileDescriptor(rawValue: fd)
  }

  /// Creates the file of exactly these bytes for writing with mode 0644, refusing one that
  /// exists already, a symbolic link included (`EEXIST`): a name planted in a shared directory
  /// can never redirect the write. The corresponding C function is `open` (`O_CREAT | O_EXCL`).
  public static func createNew(_ path: PathName) throws(Errno) -> FileDescriptor {
    let fd = try path.withCString { name in
      Syscalls.retrying {
        Glibc.open(name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
      }
    }
    guard fd >= 0 else { throw Errno.current }
    return FileDescriptor(rawValue: fd)
  }

  /// Closes the descriptor, ignoring errors. The corresponding C function is `close`.
  public func close() { _ = Glibc.close(rawValue) }

  /// Whether the descriptor is a terminal. The corresponding C function is `isatty`.
  public var isTerminal: Bool { isatty(rawValue) == 1 }

  /// Whether the descriptor is a pipe, FIFO, socket or regular file (something a program can read
  /// to its end), as opposed to a terminal or character device.
  public var isPipeOrFile: Bool {
    var info = stat()
    guard fstat(rawValue, &info) == 0 else { return false }
    let kind = info.st_mode & S_IFMT
    return kind == S_IFIFO || kind == S_IFREG || kind == S_IFSOCK
  }

  /// Reads up to `buffer.count` bytes, retrying on `EINTR`. Returns 0 at end of file.
  /// The corresponding C function is `read`.
  ///
  /// - Throws: `Errno.interrupted` once a stop was requested (`Syscalls.requestStop()`): a read
  ///   that would block then never starts.
  public func read(into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
    guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
    guard !Syscalls.isStopping else { throw .interrupted }
    let count = Syscalls.retrying { Glibc.read(rawValue, base, buffer.count) }
    guard count >= 0 else { throw Errno.current }
    return count
  }

  /// Reads until `buffer` is full or the input ends; returns the number of bytes read, which is
  /// less than `buffer.count` only at end of file.
  public func readFully(into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
    var filled = 0
    while filled < buffer.count {
      let count = try read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))
      if count == 0 { break }
      filled += count
    }
    return filled
  }

  /// Writes every byte, looping over short writes and retrying on `EINTR`.
  /// The corresponding C function is `write`.
  ///
  /// - Throws: `Errno.brokenPipe` when the reader has gone (SIGPIPE must be ignored to see it);
  ///   `Errno.interrupted` when a stop was requested (`Syscalls.requestStop()`) while the write
  ///   was blocked: a signal cuts a blocked pipe write short, and the rest is not written, so a
  ///   reader that never reads cannot keep the process.
  ///
  /// A regular file never keeps part of the bytes: when a write fails midway (a full disk), the
  /// file is cut back to where it ended before, so that it ends in a whole record.
  public func writeAll(_ bytes: UnsafeRawBufferPointer) throws(Errno) {
    guard var next = bytes.baseAddress else { return }
    var remaining = bytes.count
    while remaining > 0 {
      let count = Syscalls.retrying { Glibc.write(rawValue, next, remaining) }
      guard count >= 0 else {
        let error = Errno.current
        undoPartialWrite(bytes.count - remaining)
        throw error
      }
      next += count
      remaining -= count
      if remaining > 0 && Syscalls.isStopping { throw .interrupted }
    }
  }

  /// Cuts a regular file back by the `written` bytes just written at its offset, where a
  /// record failed partway; pipes and devices keep what they took. The corresponding C
  /// functions are `lseek` and `ftruncate`.
  private func undoPartialWrite(_ written: Int) {
    var info = stat()
    guard written > 0, fstat(rawValue, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
      return
    }
    let end = lseek(rawValue, 0, SEEK_CUR)
    guard end >= written else { return }
    let start = end - off_t(written)
    // Only a cut at the end of the file keeps what others wrote after it.
    guard end == info.st_size, ftruncate(rawValue, start) == 0 else { return }
    _ = lseek(rawValue, start, SEEK_SET)
  }

  /// Writes every byte of `bytes`.
  public func writeAll(_ bytes: [UInt8]) throws(Errno) {
    let result = bytes.withUnsafeBytes { buffer -> Errno? in
      do throws(Errno) {
        try writeAll(buffer)
        return nil
      } catch { return error }
    }
    if let result { throw result }
  }

  /// Writes several buffers as one record with `writev(2)`, looping over short writes.
  public func writeAll(_ buffers: [UnsafeRawBufferPointer]) throws(Errno) {
    var vectors = buffers.filter { $0.count > 0 }.map {
      iovec(iov_base: UnsafeMutableRawPointer(mutating: $0.baseAddress), iov_len: $0.count)
    }
    var first = 0
    while first < vectors.count {
      let written = vectors.withUnsafeMutableBufferPointer { list in
        Syscalls.retrying {
          writev(rawValue, list.baseAddress.map { $0 + first }, CInt(list.count - first))
        }
      }
      guard written >= 0 else {
        let error = Errno.current
        let total = buffers.reduce(0) { $0 + $1.count }
        let left = vectors[first...].reduce(0) { $0 + $1.iov_len }
        undoPartialWrite(total - left)
        throw error
      }
      // As in writeAll(_:) above: a signal cut the write short, and the process is stopping.
      if Syscalls.isStopping && first < vectors.count
        && written < vectors[first...].reduce(0, { $0 + $1.iov_len })
      {
        throw .interrupted
      }
      var left = written
      while first < vectors.count, left >= vectors[first].iov_len {
        left -= vectors[first].iov_len
        first += 1
      }
      if left > 0, first < vectors.count {
        vectors[first].iov_base = vectors[first].iov_base.map { $0 + left }
        vectors[first].iov_len -= left
      }
    }
  }
}
