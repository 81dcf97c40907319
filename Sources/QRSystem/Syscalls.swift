// SPDX-License-Identifier: MIT
// The one EINTR retry loop, and the stop that ends it.

import Glibc
import Synchronization

/// Helpers shared by the system-call wrappers.
public enum Syscalls {
  /// Set once the process is to stop (a SIGINT or SIGTERM handler sets it): from then on a call
  /// that a signal interrupted is not retried, so that a write blocked on a pipe nobody reads, or
  /// a read of an input that never comes, returns `EINTR` and the tool can clean up and die.
  @usableFromInline
  static let stopping = Atomic<Bool>(false)

  /// Makes every interrupted call from now on fail with `EINTR` instead of being retried.
  /// Async-signal-safe: one atomic store.
  public static func requestStop() { stopping.store(true, ordering: .relaxed) }

  /// Whether `requestStop()` was called.
  public static var isStopping: Bool { stopping.load(ordering: .relaxed) }

  /// Calls `body` again while it fails with `EINTR`, unless a stop was requested; returns its
  /// first other result (or -1 with `errno` `EINTR` once stopping).
  @inlinable
  public static func retrying<T: FixedWidthInteger>(_ body: () -> T) -> T {
    while true {
      let result = body()
      if result == -1 && errno == EINTR && !stopping.load(ordering: .relaxed) { continue }
      return result
    }
  }
}
