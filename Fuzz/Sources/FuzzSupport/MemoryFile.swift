// SPDX-License-Identifier: MIT
// A fuzz input as a file descriptor: one unlinked tmpfs file, rewritten for every input.

import Glibc
import QRSystem

/// An unlinked file in `/dev/shm` (tmpfs, so in memory) that holds one fuzz input at a time.
///
/// (`memfd_create(2)` would do, but Glibc declares it only under `_GNU_SOURCE`, which Swift's
/// Glibc module does not define; `mkstemp(3)` and `unlink(2)` give the same thing.)
///
/// Readers that take a `FileDescriptor` see a regular file: `read(2)` returns the bytes, then 0.
/// Readers that take a path can open `path`, which has its own file offset.
///
///     let file = MemoryFile()
///     let descriptor = file.load(input)   // offset 0, exactly these bytes
public final class MemoryFile: Sendable {
  /// The descriptor, owned by this object.
  public let descriptor: FileDescriptor

  /// Creates the file; stops the process if the kernel refuses.
  public init() {
    let directory = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp"
    var template = Array("\(directory)/qrpipe-fuzz-XXXXXX".utf8CString)
    let raw = mkstemp(&template)
    guard raw >= 0 else { fatalError("mkstemp: \(String(cString: strerror(errno)))") }
    unlink(template)
    descriptor = FileDescriptor(rawValue: raw)
  }

  deinit { descriptor.close() }

  /// A path that opens the same file (for APIs that take file names).
  public var path: String { "/proc/self/fd/\(descriptor.rawValue)" }

  /// Replaces the contents with `bytes` and rewinds; returns the descriptor.
  @discardableResult
  public func load(_ bytes: UnsafeRawBufferPointer) -> FileDescriptor {
    let raw = descriptor.rawValue
    guard ftruncate(raw, 0) == 0 else { fatalError("ftruncate: \(errno)") }
    var written = 0
    while written < bytes.count {
      // swift-format-ignore: NeverForceUnwrap
      // bytes.count > written >= 0, so the buffer has an address.
      let result = pwrite(raw, bytes.baseAddress! + written, bytes.count - written, off_t(written))
      guard result > 0 else { fatalError("pwrite: \(errno)") }
      written += result
    }
    guard lseek(raw, 0, SEEK_SET) == 0 else { fatalError("lseek: \(errno)") }
    return descriptor
  }
}
