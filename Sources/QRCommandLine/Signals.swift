// SPDX-License-Identifier: MIT
// SIGPIPE off, SIGINT/SIGTERM into a flag that capture loops poll.

import Glibc
import QRSystem
import Synchronization

/// Process-wide signal policy for the tools.
public enum Signals {
  /// The stop signal received (SIGINT or SIGTERM), or 0.
  private static let received = Atomic<Int32>(0)
  /// The thread that installed the stop handlers (the tool's main thread, which does its I/O).
  private static let handlingThread = Atomic<UInt>(0)

  /// Ignores SIGPIPE so that a closed reader shows up as `EPIPE` from `write(2)`, which the tools
  /// treat as a quiet, successful end (ripgrep's convention).
  public static func ignoreBrokenPipe() {
    _ = signal(SIGPIPE, SIG_IGN)
  }

  /// Turns SIGINT and SIGTERM into a flag (see `stopRequested`) instead of killing the process, so
  /// that a capture loop can release the camera first; then call `exitForStopSignal()`.
  ///
  /// A signal that was ignored when the process started stays ignored, as in every tool
  /// (`qrdetect` and `qrdedupe` never change the disposition): POSIX shells start the background jobs of a script
  /// (`cmd &`) with SIGINT and SIGQUIT ignored so that an interrupt typed at the terminal stops
  /// only the foreground job, and `nohup`-like launchers ignore signals on purpose. Such a job
  /// stops with SIGTERM, kill(1)'s default. (The classic idiom: `if (signal(SIGINT, SIG_IGN) !=
  /// SIG_IGN) signal(SIGINT, handler);`.)
  ///
  /// The handlers are installed without `SA_RESTART` (which `signal(3)` sets), and they call
  /// `Syscalls.requestStop()`: a `read`, `write` or `poll` blocked when the signal arrives returns
  /// `EINTR` and is not retried, so the tool stops within a bounded time whatever its output is
  /// doing (issue 28: a write into a pipe nobody read kept qrcapture for minutes).
  public static func installStopHandlers() {
    var unblocked = sigset_t()
    sigemptyset(&unblocked)
    handlingThread.store(pthread_self(), ordering: .relaxed)
    for number in [SIGINT, SIGTERM] where !isIgnored(number) {
      var action = sigaction()
      action.__sigaction_handler.sa_handler = { caught in
        let first = Signals.received.exchange(caught, ordering: .relaxed) == 0
        Syscalls.requestStop()
        // The kernel hands a process's signal to any thread: one of the runtime's, or a worker,
        // whose interruption leaves the main thread blocked. Pass it on once to the thread that
        // does the tool's I/O, so that its blocked call returns EINTR too.
        let main = Signals.handlingThread.load(ordering: .relaxed)
        if first, main != 0, pthread_self() != main { _ = pthread_kill(main, caught) }
      }
      sigemptyset(&action.sa_mask)
      action.sa_flags = 0
      _ = sigaction(number, &action, nil)
      sigaddset(&unblocked, number)
    }
    // A parent may have started us with these signals blocked (Foundation's Process passes its
    // own mask on); a blocked SIGTERM would stay pending forever and the camera never be released.
    _ = pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
  }

  /// Whether signal `number` is ignored (`SIG_IGN`), for instance as inherited from the parent.
  public static func isIgnored(_ number: Int32) -> Bool {
    var current = sigaction()
    guard sigaction(number, nil, &current) == 0 else { return false }
    // SIG_IGN is the handler value 1 (<signal.h>); function pointers are not Equatable in Swift.
    return unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self)
      == unsafeBitCast(SIG_IGN, to: Int.self)
  }

  /// Whether SIGINT or SIGTERM has arrived since `installStopHandlers()`.
  public static var stopRequested: Bool { received.load(ordering: .relaxed) != 0 }

  /// The stop signal that arrived, if any.
  public static var stopSignal: Int32? {
    let number = received.load(ordering: .relaxed)
    return number == 0 ? nil : number
  }

  /// Runs `commit`, the step that completes the run's output (renaming a file into place), unless
  /// a stop signal has arrived; returns whether it ran. Once it has run, the run is complete: a
  /// stop signal arriving during or after it is forgotten and ignored, so that the tool exits 0
  /// with its output rather than 130 or 143 with it (issue 28).
  public static func commitUnlessStopped(_ commit: () throws -> Void) rethrows -> Bool {
    guard !stopRequested else { return false }
    try commit()
    for number in [SIGINT, SIGTERM] where !isIgnored(number) { _ = signal(number, SIG_IGN) }
    received.store(0, ordering: .relaxed)
    return true
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
