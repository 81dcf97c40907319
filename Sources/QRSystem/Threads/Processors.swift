// SPDX-License-Identifier: MIT
// How many threads can run at once: the default of a tool's --jobs.

import Glibc

/// The processors this machine has.
public enum Processors {
  /// The online CPUs, at least 1. (Not the affinity mask: Swift's Glibc does not import
  /// `sched_getaffinity`; a process confined to fewer CPUs gets more threads than it can run
  /// at once, which costs a little switching, not correctness.) The corresponding C function
  /// is `sysconf(_SC_NPROCESSORS_ONLN)`.
  public static var online: Int { max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))) }
}
