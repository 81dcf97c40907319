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

  /// Issue 28: `timeout 2 qrcapture --simulate > >(sleep 10)` took 10 s, and one run ignored
  /// SIGTERM and SIGINT for 11 minutes, blocked in a write to a pipe nobody read (SA_RESTART
  /// restarted the write, and a write cut short by the signal was simply resumed).
  @Test(arguments: [SIGTERM, SIGINT])
  func aStopSignalEndsAWriteBlockedOnAPipeNobodyReads(signal: Int32) throws {
    let run = LongRun(tool: "qrcapture", arguments: ["--simulate", "--fast"])
    let child = try SignalChild(run, ignoring: [], outputUnread: true)
    defer { child.cleanUp() }
    // 64 KiB of pipe fill in the first frame or two; then every write blocks.
    usleep(1_000_000)
    let start = Date()
    kill(child.pid, signal)
    #expect(child.wait(seconds: 10) == .signalled(signal))
    #expect(
      Date().timeIntervalSince(start) < 2, "stopped after \(Date().timeIntervalSince(start)) s")
  }

  /// Issue 28: `qrrender --lines -o FILE` read on to the end of input when a signal came while
  /// it waited for a line, then renamed its complete file into place and died by the signal: a
  /// stopped run must leave no file.
  @Test func aStopJustBeforeTheInputEndsLeavesNoFile() throws {
    for attempt in 0..<5 {
      let run = LongRun(
        tool: "qrrender", arguments: ["--lines", "-f", "pbm", "-o", "{dir}/out.pbm"])
      let child = try SignalChild(run, ignoring: [])
      defer { child.cleanUp() }
      child.writeInput(Array("one\ntwo\n".utf8))
      usleep(300_000)
      kill(child.pid, SIGTERM)
      usleep(useconds_t(20_000 * attempt))
      child.closeInput()
      #expect(child.wait(seconds: 10) == .signalled(SIGTERM))
      #expect(try FileManager.default.contentsOfDirectory(atPath: child.directory).isEmpty)
    }
  }

  /// A run whose input ends with no signal completes: its file, and status 0.
  @Test func aCompleteRunLeavesItsFileAndExitsZero() throws {
    let run = LongRun(tool: "qrrender", arguments: ["--lines", "-f", "pbm", "-o", "{dir}/out.pbm"])
    let child = try SignalChild(run, ignoring: [])
    defer { child.cleanUp() }
    child.writeInput(Array("one\ntwo\n".utf8))
    child.closeInput()
    #expect(child.wait(seconds: 10) == .exited(0))
    #expect(try FileManager.default.contentsOfDirectory(atPath: child.directory) == ["out.pbm"])
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
  private var inputWriter: Int32
  /// With `outputUnread`, the read end of the child's standard output, never read.
  private var outputReader: Int32 = -1
  private var reaped: Status?

  /// Starts `run`; with `outputUnread`, its standard output is a pipe that nobody reads (so its
  /// writes block once the pipe is full) instead of /dev/null.
  init(_ run: LongRun, ignoring: [Int32], outputUnread: Bool = false) throws {
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
    var outputEnds: [Int32] = [-1, -1]
    if outputUnread {
      guard pipe(&outputEnds) == 0 else { throw POSIXError(.EMFILE) }
      _ = fcntl(outputEnds[0], F_SETFD, FD_CLOEXEC)
      posix_spawn_file_actions_adddup2(&actions, outputEnds[1], 1)
      posix_spawn_file_actions_addclose(&actions, outputEnds[1])
      outputReader = outputEnds[0]
    } else {
      posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    }
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    var environment = ProcessInfo.processInfo.environment
    environment["SWIFT_BACKTRACE"] = "enable=no"
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for pointer in argv + envp { free(pointer) } }
    var pid: pid_t = 0
    let error = posix_spawn(&pid, "/usr/bin/env", &actions, &attributes, argv, envp)
    close(pipeEnds[0])
    if outputEnds[1] >= 0 { close(outputEnds[1]) }
    guard error == 0 else {
      close(inputWriter)
      throw POSIXError(POSIXErrorCode(rawValue: error) ?? .EINVAL)
    }
    self.pid = pid
  }

  /// Writes `bytes` to the child's standard input.
  func writeInput(_ bytes: [UInt8]) {
    _ = bytes.withUnsafeBytes { write(inputWriter, $0.baseAddress, $0.count) }
  }

  /// Closes the child's standard input: its input ends.
  func closeInput() {
    if inputWriter >= 0 { close(inputWriter) }
    inputWriter = -1
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
    closeInput()
    if outputReader >= 0 { close(outputReader) }
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
