// SPDX-License-Identifier: MIT
// Files written whole or not at all: a temporary name, then rename(2).

import Glibc
import QRStream

/// Writes output files so that a failure never leaves a partial file under the final name.
public enum OutputFile {
  /// Writes `bytes` to `path`: first to `path.tmp-PID` in the same directory, then renamed over
  /// `path`, so readers see the old file or the whole new one. The corresponding C function is
  /// `rename`.
  ///
  /// - Throws: `RenderOutputError.file`; the temporary file is removed on failure.
  public static func write(_ bytes: [UInt8], to path: String) throws(RenderOutputError) {
    let temporary = path + ".tmp-\(getpid())"
    do throws(Errno) {
      let descriptor = try FileDescriptor.openForWriting(temporary)
      defer { descriptor.close() }
      try descriptor.writeAll(bytes)
    } catch {
      unlink(temporary)
      throw .file(path: path, error)
    }
    if rename(temporary, path) != 0 {
      let error = Errno.current
      unlink(temporary)
      throw .file(path: path, error)
    }
  }

  /// Creates directory `path` (mode 0755) unless it exists already. The corresponding C function
  /// is `mkdir`.
  ///
  /// - Throws: `RenderOutputError.file` if it cannot be created or is not a directory.
  public static func makeDirectory(_ path: String) throws(RenderOutputError) {
    if mkdir(path, 0o755) == 0 { return }
    let error = Errno.current
    var info = stat()
    guard error.rawValue == EEXIST, stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR
    else {
      throw .file(path: path, error.rawValue == EEXIST ? Errno(rawValue: ENOTDIR) : error)
    }
  }
}

extension OutputFile {
  /// A file being written under a temporary name; `commit()` renames it into place.
  public struct Pending: Sendable {
    /// The final path.
    public let path: String
    /// The temporary path written now.
    public let temporaryPath: String
    /// The open temporary file.
    public let descriptor: FileDescriptor

    /// Creates `path.tmp-PID` for writing.
    ///
    /// - Throws: `RenderOutputError.file`.
    public init(path: String) throws(RenderOutputError) {
      self.path = path
      temporaryPath = path + ".tmp-\(getpid())"
      do throws(Errno) {
        descriptor = try FileDescriptor.openForWriting(temporaryPath)
      } catch {
        throw .file(path: path, error)
      }
    }

    /// Closes the file and renames it to `path`.
    ///
    /// - Throws: `RenderOutputError.file`; the temporary file is removed then.
    public func commit() throws(RenderOutputError) {
      descriptor.close()
      if rename(temporaryPath, path) != 0 {
        let error = Errno.current
        unlink(temporaryPath)
        throw .file(path: path, error)
      }
    }

    /// Closes and removes the temporary file, leaving any old `path` untouched.
    public func discard() {
      descriptor.close()
      unlink(temporaryPath)
    }
  }
}
