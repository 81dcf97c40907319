// SPDX-License-Identifier: MIT
// Files written whole or not at all: a temporary name, then rename(2).

import Glibc
import QRSystem

/// Writes output files so that a failure never leaves a partial file under the final name.
///
/// Only a regular file, or a name that does not exist yet, is written this way. Anything else
/// (`/dev/null`, a FIFO, a terminal, a symbolic link) is opened and written in place: renaming a
/// file over it would replace the device or the link itself. Files of a directory output
/// (`followsLinks: false`) are never written through a symbolic link: one there is refused.
/// Temporary names are created new (`O_EXCL`, `O_NOFOLLOW`), so that a name planted in a shared
/// directory can never redirect the write.
public enum OutputFile {
  /// Writes `bytes` to `path`: first to `path.tmp-PID` in the same directory, then renamed over
  /// `path`, so readers see the old file or the whole new one. The corresponding C function is
  /// `rename`.
  ///
  /// - Throws: `RenderOutputError.file`; the temporary file is removed on failure.
  public static func write(_ bytes: [UInt8], to path: String) throws(RenderOutputError) {
    try write(bytes, to: PathName(path))
  }

  /// Writes `bytes` to the file of exactly these bytes, as `write(_:to:)` does; with
  /// `followsLinks: false`, a symbolic link at `path` is refused (`.symbolicLink`).
  public static func write(
    _ bytes: [UInt8], to path: PathName, followsLinks: Bool = true
  ) throws(RenderOutputError) {
    if !followsLinks, isSymbolicLink(path) { throw .symbolicLink(path: path.description) }
    if writeUnnamed(bytes, to: path) { return }
    let pending = try Pending(path: path, followsLinks: followsLinks)
    do throws(Errno) {
      try pending.descriptor.writeAll(bytes)
    } catch {
      pending.discard()
      throw .file(path: path.description, error)
    }
    try pending.commit()
  }

  /// Writes `bytes` to a new file without a name in `path`'s directory, then gives it the name
  /// `path`: readers see no file or the whole one, as with a temporary name, but a new file
  /// costs one directory entry, not a temporary one renamed, and nothing is left behind if the
  /// process dies midway. A regular file already at `path` is replaced: the new file is linked
  /// under the temporary name of `write(_:to:)`, then renamed over it. The corresponding C
  /// functions are `open` (with `O_TMPFILE`), `linkat` (through `/proc/self/fd`) and `rename`.
  ///
  /// - Returns: Whether the file was written; false, with nothing left of the attempt, when the
  ///   kernel, the file system or a missing `/proc` does not allow it, when something other than
  ///   a regular file is at `path`, or on any error (the caller then writes the file the usual
  ///   way, which reports the error).
  static func writeUnnamed(_ bytes: [UInt8], to path: PathName) -> Bool {
    let slash = UInt8(ascii: "/")
    guard let last = path.bytes.last, last != slash else { return false }
    let directory =
      switch path.bytes.lastIndex(of: slash) {
      case nil: PathName(".")
      case 0: PathName("/")
      case let index?: PathName(bytes: Array(path.bytes[..<index]))
      }
    // glibc's O_TMPFILE, which Swift does not import: __O_TMPFILE includes O_DIRECTORY.
    let descriptor =
      directory.callC { name in
        Syscalls.retrying { open(name, __O_TMPFILE | O_WRONLY | O_CLOEXEC, 0o644) }
      }
    guard descriptor >= 0 else { return false }
    let file = FileDescriptor(rawValue: descriptor)
    defer { file.close() }
    guard (try? file.writeAll(bytes)) != nil else { return false }
    let unnamed = PathName("/proc/self/fd/\(descriptor)")
    func link(as name: PathName) -> Errno? {
      let result = unnamed.callC { from in
        name.callC { to in linkat(AT_FDCWD, from, AT_FDCWD, to, AT_SYMLINK_FOLLOW) }
      }
      return result == 0 ? nil : Errno.current
    }
    guard let error = link(as: path) else { return true }
    guard error.rawValue == EEXIST, isReplaceable(path) else { return false }
    let temporary = PathName(bytes: path.bytes + Array(".tmp-\(getpid())".utf8))
    // linkat neither follows nor replaces what is at the name: a planted one fails the link.
    guard link(as: temporary) == nil else { return false }
    let renamed = temporary.callC { from in path.callC { to in rename(from, to) } }
    if renamed == 0 { return true }
    _ = temporary.callC { unlink($0) }
    return false
  }

  /// Whether `path` is a symbolic link (not followed). The corresponding C function is `lstat`.
  public static func isSymbolicLink(_ path: PathName) -> Bool {
    var info = stat()
    return path.callC { lstat($0, &info) } == 0 && (info.st_mode & S_IFMT) == S_IFLNK
  }

  /// Whether `path` may be replaced by renaming a file over it: it does not exist, or it is a
  /// regular file (not followed if it is a symbolic link). The corresponding C function is
  /// `lstat`.
  public static func isReplaceable(_ path: String) -> Bool { isReplaceable(PathName(path)) }

  /// Whether the file of exactly these bytes may be replaced, as `isReplaceable(_:)` says.
  public static func isReplaceable(_ path: PathName) -> Bool {
    var info = stat()
    let result = path.callC { lstat($0, &info) }
    guard result == 0 else { return errno == ENOENT }
    return (info.st_mode & S_IFMT) == S_IFREG
  }

  /// Creates directory `path` (mode 0755) unless it exists already. The corresponding C function
  /// is `mkdir`.
  ///
  /// - Throws: `RenderOutputError.file` if it cannot be created or is not a directory.
  public static func makeDirectory(_ path: String) throws(RenderOutputError) {
    try makeDirectory(PathName(path))
  }

  /// Creates the directory of exactly these bytes, as `makeDirectory(_:)` does.
  public static func makeDirectory(_ path: PathName) throws(RenderOutputError) {
    if path.callC({ mkdir($0, 0o755) }) == 0 { return }
    let error = Errno.current
    var info = stat()
    guard error.rawValue == EEXIST, path.callC({ stat($0, &info) }) == 0,
      (info.st_mode & S_IFMT) == S_IFDIR
    else {
      throw .file(
        path: path.description, error.rawValue == EEXIST ? Errno(rawValue: ENOTDIR) : error)
    }
  }
}

extension OutputFile {
  /// A file being written, under a temporary name when `path` is replaceable; `commit()` puts
  /// it in place.
  public struct Pending: Sendable {
    /// The final path, as bytes.
    public let pathName: PathName
    /// The temporary path written now, or nil when `path` itself is written (see `OutputFile`).
    public let temporaryPathName: PathName?
    /// The open file.
    public let descriptor: FileDescriptor

    /// The final path, for messages.
    public var path: String { pathName.description }
    /// The temporary path, for messages.
    public var temporaryPath: String? { temporaryPathName?.description }

    /// Opens `path.tmp-PID` for writing, or `path` itself when it is not replaceable.
    ///
    /// - Throws: `RenderOutputError.file`.
    public init(path: String) throws(RenderOutputError) {
      try self.init(path: PathName(path))
    }

    /// Opens the file of exactly these bytes (or its temporary) as `init(path:)` does; with
    /// `followsLinks: false`, a symbolic link at `path` is refused (`.symbolicLink`), and one
    /// that appears there meanwhile is not opened.
    public init(path: PathName, followsLinks: Bool = true) throws(RenderOutputError) {
      pathName = path
      if !followsLinks, OutputFile.isSymbolicLink(path) {
        throw .symbolicLink(path: path.description)
      }
      temporaryPathName =
        OutputFile.isReplaceable(path)
        ? PathName(bytes: path.bytes + Array(".tmp-\(getpid())".utf8)) : nil
      do throws(Errno) {
        if let temporaryPathName {
          // A temporary left by a killed run of the same pid is the only name taken here.
          _ = temporaryPathName.callC { unlink($0) }
          descriptor = try FileDescriptor.createNew(temporaryPathName)
        } else {
          descriptor = try FileDescriptor.openForWriting(path, followsLinks: followsLinks)
        }
      } catch {
        if error.rawValue == ELOOP { throw .symbolicLink(path: path.description) }
        throw .file(path: path.description, error)
      }
    }

    /// Closes the file and renames it to `path`.
    ///
    /// - Throws: `RenderOutputError.file`; the temporary file is removed then.
    public func commit() throws(RenderOutputError) {
      descriptor.close()
      guard let temporaryPathName else { return }
      let renamed = temporaryPathName.callC { from in pathName.callC { to in rename(from, to) } }
      if renamed != 0 {
        let error = Errno.current
        _ = temporaryPathName.callC { unlink($0) }
        throw .file(path: path, error)
      }
    }

    /// Closes and removes the temporary file, leaving any old `path` untouched (a file written
    /// in place keeps what was written).
    public func discard() {
      descriptor.close()
      if let temporaryPathName { _ = temporaryPathName.callC { unlink($0) } }
    }
  }
}

extension PathName {
  /// Calls `body`, a C function taking a path, with this path as a NUL-terminated string, and
  /// returns what it returns (-1 if the path could not be given).
  ///
  /// Not `withCString(_:)`: that is generic, and called from another module it makes the
  /// metadata of `Result<Int32, Errno>?` at run time, and `try?` an `Int32?`'s, which costs a
  /// one-code `qrrender -o` run a twentieth.
  fileprivate func callC(_ body: (UnsafePointer<CChar>) -> Int32) -> Int32 {
    var terminated = bytes.map { CChar(bitPattern: $0) }
    terminated.append(0)
    return terminated.withUnsafeBufferPointer { $0.baseAddress.map(body) ?? -1 }
  }
}
