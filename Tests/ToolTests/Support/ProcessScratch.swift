// SPDX-License-Identifier: MIT
// Scratch directories that a test process makes once and shares, removed when it exits.

import Foundation

/// Directories made once for a whole test process (inputs built for many tests, a module
/// compiled for them): no test owns them, so none can remove them when it ends; they are
/// removed when the process exits, so that runs of the suite leave nothing in the temporary
/// directory.
enum ProcessScratch {
  /// The paths to remove at exit, behind a lock (tests run concurrently).
  private final class Paths: @unchecked Sendable {
    let lock = NSLock()
    var paths: [String] = []
  }
  private static let registered = Paths()

  /// Registers the removal of every directory made here with `atexit`, once.
  private static let removalAtExit: Void = {
    atexit {
      ProcessScratch.registered.lock.lock()
      defer { ProcessScratch.registered.lock.unlock() }
      for path in ProcessScratch.registered.paths {
        try? FileManager.default.removeItem(atPath: path)
      }
    }
  }()

  /// A new directory in the temporary directory, named `name` and the process id, removed
  /// when the process exits.
  static func directory(_ name: String) throws -> URL {
    _ = removalAtExit
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "\(name)-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    registered.lock.lock()
    registered.paths.append(directory.path)
    registered.lock.unlock()
    return directory
  }
}
