// SPDX-License-Identifier: MIT
// SIGPIPE off, SIGINT/SIGTERM into a flag that capture loops poll.

import Glibc
import Synchronization

/// Process-wide signal policy for the tools.
public enum Signals {
  /// The stop signal received (SIGINT or SIGTERM), or 0.
  private static let received = Atomic<Int32>(0)

  /// Ignores SIGPIPE so that a closed reader shows up as `EPIPE` from `write(2)`, which the tools
  /// treat as a quiet, successful end (ripgrep's convention).
  public static func ignoreBrokenPipe() {
    _ = signal(SIGPIPE, SIG_IGN)
  }

  /// Turns SIGINT and SIGTERM into a flag (see `stopRequested`) instead of killing the process, so
  /// that a capture loop can release the camera first; then call `exitForStopSignal()`.
  public static func installStopHandlers() {
    var unblocked = sigset_t()
    sigemptyset(&unblocked)
    for number in [SIGINT, SIGTERM] {
      _ = signal(number) { caught in Signals.received.store(caught, ordering: .relaxed) }
      sigaddset(&unblocked, number)
    }
    // A parent may have started us with these signals blocked (Foundation's Process passes its
    // own mask on); a blocked SIGTERM would stay pending forever and the camera never be released.
    _ = pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
  }

  /// Whether SIGINT or SIGTERM has arrived since `installStopHandlers()`.
  public static var stopRequested: Bool { received.load(ordering: .relaxed) != 0 }

  /// The stop signal that arrived, if any.
  public static var stopSignal: Int32? {
    let number = received.load(ordering: .relaxed)
    return number == 0 ? nil : number
  }

  /// Re-raises the stop signal with its default action, so that the shell sees a death by signal
  /// (status 130 or 143) as it would without the handler. Returns only if no signal arrived.
  public static func exitForStopSignal() {
    guard let number = stopSignal else { return }
    _ = signal(number, SIG_DFL)
    _ = raise(number)
    // raise() returned: the signal is blocked; exit with the conventional status instead.
    exit(128 + number)
  }
}
