// SPDX-License-Identifier: MIT
// SIGINT and SIGTERM, the same in all four tools: a signal at its default action stops the tool
// (status 130 or 143), and one the tool was started with ignored (`cmd &` in a script) stays
// ignored.

import Foundation
import Testing

/// A tool run that lasts until it is signalled: standard input a pipe the test keeps open.
struct LongRun: Sendable, CustomTestStringConvertible {
  var tool: String
  var arguments: [String]
  var testDescription: String { ([tool] + arguments).joined(separator: " ") }
}

let longRuns = [
  LongRun(tool: "qrcapture", arguments: ["--simulate", "--size", "320x240"]),
  LongRun(tool: "qrdetect", arguments: []),
  LongRun(tool: "qrdedupe", arguments: []),
  // With -o, qrrender --lines turns the stop signals into a flag (to remove its temporary file).
  LongRun(tool: "qrrender", arguments: ["--lines", "-f", "pbm", "-o", "{dir}/out.pbm"]),
  LongRun(tool: "qrrender", arguments: ["--lines", "-f", "pbm"]),
]

@Suite struct SignalTests {
  @Test(arguments: longRuns)
  func sigintAtItsDefaultStopsTheTool(_ run: LongRun) throws {
    let child = try SignalChild(run, ignoring: [])
    defer { child.cleanUp() }
    usleep(300_000)
    kill(child.pid, SIGINT)
    #expect(child.wait(seconds: 10) == .signalled(SIGINT))
  }

  @Test(arguments: longRuns)
  func sigintIgnoredAtStartStaysIgnoredAndSigtermStillStops(_ run: LongRun) throws {
    let child = try SignalChild(run, ignoring: [SIGINT])
    defer { child.cleanUp() }
    usleep(300_000)
    kill(child.pid, SIGINT)
    usleep(300_000)
    #expect(child.isRunning, "\(run.tool) died of a SIGINT it was started with ignored")
    kill(child.pid, SIGTERM)
    #expect(child.wait(seconds: 10) == .signalled(SIGTERM))
    if run.arguments.contains("-o") {
      #expect(try FileManager.default.contentsOfDirectory(atPath: child.directory).isEmpty)
    }
  }
}

/// A tool started as a shell would start it, with `ignoring` ignored (through env(1)'s
/// `--ignore-signal`, as `sh -c 'cmd &'` does for SIGINT), no signal blocked, standard input a
/// pipe held open, and its output thrown away.
private final class SignalChild {
  enum Status: Equatable {
    case exited(Int32)
    case signalled(Int32)
    case stillRunning
  }

  let pid: pid_t
  let directory: String
  private let inputWriter: Int32
  private var reaped: Status?

  init(_ run: LongRun, ignoring: [Int32]) throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "signals-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    ).path
    self.directory = directory
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    var pipeEnds: [Int32] = [0, 0]
    guard pipe(&pipeEnds) == 0 else { throw POSIXError(.EMFILE) }
    inputWriter = pipeEnds[1]
    _ = fcntl(inputWriter, F_SETFD, FD_CLOEXEC)

    let dispositions = [(SIGINT, "INT"), (SIGTERM, "TERM")].map { number, name in
      ignoring.contains(number) ? "--ignore-signal=\(name)" : "--default-signal=\(name)"
    }
    let arguments =
      ["/usr/bin/env"] + dispositions + [ToolRunner.path(of: run.tool)]
      + run.arguments.map { $0.replacingOccurrences(of: "{dir}", with: directory) }

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // The test runner may block signals, and Foundation's Process would pass that mask on.
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, pipeEnds[0], 0)
    posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    var environment = ProcessInfo.processInfo.environment
    environment["SWIFT_BACKTRACE"] = "enable=no"
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for pointer in argv + envp { free(pointer) } }
    var pid: pid_t = 0
    let error = posix_spawn(&pid, "/usr/bin/env", &actions, &attributes, argv, envp)
    close(pipeEnds[0])
    guard error == 0 else {
      close(inputWriter)
      throw POSIXError(POSIXErrorCode(rawValue: error) ?? .EINVAL)
    }
    self.pid = pid
  }

  /// Whether the child has not ended yet.
  var isRunning: Bool { poll() == nil }

  /// Waits up to `seconds` for the child to end.
  func wait(seconds: Double) -> Status {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if let status = poll() { return status }
      usleep(20_000)
    }
    return .stillRunning
  }

  /// Kills the child if it still runs, and removes its directory.
  func cleanUp() {
    if poll() == nil {
      kill(pid, SIGKILL)
      var status: Int32 = 0
      waitpid(pid, &status, 0)
    }
    close(inputWriter)
    try? FileManager.default.removeItem(atPath: directory)
  }

  private func poll() -> Status? {
    if let reaped { return reaped }
    var status: Int32 = 0
    guard waitpid(pid, &status, WNOHANG) == pid else { return nil }
    // The <sys/wait.h> macros, which Swift does not import: low 7 bits = signal, else exit.
    let signal = status & 0x7F
    reaped = signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal)
    return reaped
  }
}
