// SPDX-License-Identifier: MIT
// The files under a directory, recursively, in byte order of their paths, symlink loops skipped.

import Glibc

/// Walks a directory tree depth first and yields its regular files, in the byte order of the whole
/// paths (as `LC_ALL=C find -L DIR -type f | LC_ALL=C sort` lists them).
///
/// Names are bytes from `readdir(3)`, joined with `/` and never decoded. Symbolic links are
/// followed, to files and to directories alike; a directory reached a second time (a symlink
/// loop, or two links to one directory) is reported as `.revisited` and not entered again, so a
/// loop cannot hang the walk. FIFOs, sockets, devices and dangling links are passed over (opening
/// a FIFO would wait for a writer). One directory's names are held at a time per level of depth.
///
///     let walker = DirectoryWalker(root: PathName("photos"))
///     while let item = walker.next() { if case .file(let path) = item { read(path) } }
public final class DirectoryWalker {
  /// What the walk found next.
  public enum Item: Equatable, Sendable {
    /// A regular file, or a symbolic link to one.
    case file(PathName)
    /// A directory that could not be read, and why; the walk goes on.
    case failed(PathName, Errno)
    /// A directory already walked, reached again through a symbolic link; not entered again.
    case revisited(PathName)
  }

  private struct Level {
    var path: PathName
    /// The entries, sorted; a directory's name carries a trailing `/` for the order.
    var entries: [(name: [UInt8], isDirectory: Bool)]
    var next = 0
  }

  private struct Identity: Hashable {
    var device: UInt64
    var inode: UInt64
  }

  private var levels: [Level] = []
  private var visited: Set<Identity> = []
  private var pending: [Item] = []

  /// A walk of the tree under `root`, which should be a directory.
  public init(root: PathName) {
    enter(root)
  }

  /// The next item, or nil when the walk is done.
  public func next() -> Item? {
    while true {
      if !pending.isEmpty { return pending.removeFirst() }
      guard var level = levels.popLast() else { return nil }
      guard level.next < level.entries.count else { continue }
      let entry = level.entries[level.next]
      level.next += 1
      levels.append(level)
      let path = level.path.appending(entry.name)
      if entry.isDirectory {
        enter(path)
      } else {
        return .file(path)
      }
    }
  }

  /// Reads `path`'s entries and pushes them as a level, or queues why not.
  private func enter(_ path: PathName) {
    var info = stat()
    let statResult = try? path.withCString { name in stat(name, &info) }
    guard statResult == 0 else {
      pending.append(.failed(path, Errno.current))
      return
    }
    let identity = Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    guard visited.insert(identity).inserted else {
      pending.append(.revisited(path))
      return
    }
    let handle = try? path.withCString { name in opendir(name) }
    guard let handle else {
      pending.append(.failed(path, Errno.current))
      return
    }
    defer { closedir(handle) }
    var entries: [(name: [UInt8], isDirectory: Bool)] = []
    while let entry = readdir(handle) {
      let name = withUnsafeBytes(of: &entry.pointee.d_name) { raw -> [UInt8] in
        Array(raw.prefix { $0 != 0 })
      }
      if name == [0x2E] || name == [0x2E, 0x2E] { continue }
      let type = Int32(entry.pointee.d_type)
      var isDirectory = type == DT_DIR
      var isFile = type == DT_REG
      if type == DT_LNK || type == DT_UNKNOWN {
        var target = stat()
        let found = try? path.appending(name).withCString { stat($0, &target) }
        isDirectory = found == 0 && (target.st_mode & S_IFMT) == S_IFDIR
        isFile = found == 0 && (target.st_mode & S_IFMT) == S_IFREG
      }
      if isDirectory || isFile { entries.append((name, isDirectory)) }
    }
    // Byte order of whole paths: a directory sorts as its name followed by "/".
    let sorted = entries.map { ($0, $0.isDirectory ? $0.name + [0x2F] : $0.name) }
      .sorted { $0.1.lexicographicallyPrecedes($1.1) }.map(\.0)
    levels.append(Level(path: path, entries: sorted))
  }
}
