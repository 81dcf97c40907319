// SPDX-License-Identifier: MIT
// The one EINTR retry loop.

import Glibc

/// Helpers shared by the system-call wrappers.
public enum Syscalls {
  /// Calls `body` again while it fails with `EINTR`; returns its first other result.
  @inlinable
  public static func retrying<T: FixedWidthInteger>(_ body: () -> T) -> T {
    while true {
      let result = body()
      if result == -1 && errno == EINTR { continue }
      return result
    }
  }
}
