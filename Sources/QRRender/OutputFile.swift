// SPDX-License-Identifier: MIT
// Files written whole or not at all: a temporary name, then rename(2).

import Glibc
import QRStream

/// Writes output files so that a failure never leaves a partial file under the final name.
///
/// Only a regular file, or a name that does not exist yet, is written this way. Anything else
/// (`/dev/null`, a FIFO, a terminal, a symbolic link) is opened and written in place: renaming a
/// file over it would replace the device or the link itself.
public enum OutputFile {
  /// Writes `bytes` to `path`: first to `path.tmp-PID` in the same directory, then renamed over
  /// `path`, so readers see the old file or the whole new one. The corresponding C function is
  /// `rename`.
  ///
  /// - Throws: `RenderOutputError.file`; the temporary file is removed on failure.
  public static func write(_ bytes: [UInt8], to path: String) throws(RenderOutputError) {
    try write(bytes, to: PathName(path))
  }

  /// Writes `bytes` to the file of exactly these bytes, as `write(_:to:)` does.
  public static func write(_ bytes: [UInt8], to path: PathName) throws(RenderOutputError) {
    let pending = try Pending(path: path)
    do throws(Errno) {
      try pending.descriptor.writeAll(bytes)
    } catch {
      pending.discard()
      throw .file(path: path.description, error)
    }
    try pending.commit()
  }

  /// Whether `path` may be replaced by renaming a file over it: it does not exist, or it is a
  /// regular file (not followed if it is a symbolic link). The corresponding C function is
  /// `lstat`.
  public static func isReplaceable(_ path: String) -> Bool { isReplaceable(PathName(path)) }

  /// Whether the file of exactly these bytes may be replaced, as `isReplaceable(_:)` says.
  public static func isReplaceable(_ path: PathName) -> Bool {
    var info = stat()
    let result = try? path.withCString { lstat($0, &info) }
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
    if (try? path.withCString({ mkdir($0, 0o755) })) == 0 { return }
    let error = Errno.current
    var info = stat()
    guard error.rawValue == EEXIST, (try? path.withCString({ stat($0, &info) })) == 0,
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

    /// Opens the file of exactly these bytes (or its temporary) as `init(path:)` does.
    public init(path: PathName) throws(RenderOutputError) {
      pathName = path
      temporaryPathName =
        OutputFile.isReplaceable(path)
        ? PathName(bytes: path.bytes + Array(".tmp-\(getpid())".utf8)) : nil
      do throws(Errno) {
        descriptor = try FileDescriptor.openForWriting(temporaryPathName ?? path)
      } catch {
        throw .file(path: path.description, error)
      }
    }

    /// Closes the file and renames it to `path`.
    ///
    /// - Throws: `RenderOutputError.file`; the temporary file is removed then.
    public func commit() throws(RenderOutputError) {
      descriptor.close()
      guard let temporaryPathName else { return }
      let renamed = try? temporaryPathName.withCString { (from) throws(Errno) in
        try pathName.withCString { to in rename(from, to) }
      }
      if renamed != 0 {
        let error = Errno.current
        _ = try? temporaryPathName.withCString { unlink($0) }
        throw .file(path: path, error)
      }
    }

    /// Closes and removes the temporary file, leaving any old `path` untouched (a file written
    /// in place keeps what was written).
    public func discard() {
      descriptor.close()
      if let temporaryPathName { _ = try? temporaryPathName.withCString { unlink($0) } }
    }
  }
}
