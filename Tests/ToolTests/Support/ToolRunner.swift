// SPDX-License-Identifier: MIT
// Runs the built tools: stdout and stderr drained concurrently, then the status.

import Foundation

/// What a finished tool run produced.
struct ToolResult {
  /// Everything written to standard output.
  var stdout: [UInt8]
  /// Everything written to standard error.
  var stderr: [UInt8]
  /// The exit status, or 128 + signal number when the process was killed by a signal.
  var status: Int32
  /// Whether the process ended by a signal.
  var wasSignalled: Bool

  /// Standard output as text (lossy).
  var output: String { String(decoding: stdout, as: UTF8.self) }
  /// Standard error as text (lossy).
  var errors: String { String(decoding: stderr, as: UTF8.self) }
}

/// Locates and runs the package's executables.
enum ToolRunner {
  /// The directory holding the built products (beside the test bundle).
  static let productsDirectory: URL = {
    let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    var directory = executable.deletingLastPathComponent()
    // The test binary sits in <products>/<Package>PackageTests.xctest on Linux.
    while !FileManager.default.fileExists(
      atPath: directory.appendingPathComponent("qrcapture").path)
      && directory.path != "/"
    {
      directory = directory.deletingLastPathComponent()
    }
    return directory
  }()

  /// The package root (for man pages, completions and ../shared).
  static let packageRoot: URL = {
    var directory = URL(fileURLWithPath: #filePath)
    for _ in 0..<4 { directory = directory.deletingLastPathComponent() }
    return directory
  }()

  /// The path of a built tool.
  static func path(of tool: String) -> String {
    productsDirectory.appendingPathComponent(tool).path
  }

  /// Runs `tool` with `arguments`, feeding `input` on standard input (closed after it), and waits.
  ///
  /// Output is drained on background threads before waiting, so runs that write more than a pipe
  /// buffer do not deadlock.
  static func run(
    _ tool: String, _ arguments: [String] = [], input: [UInt8] = [],
    environment: [String: String] = [:], currentDirectory: URL? = nil
  ) throws -> ToolResult {
    try runExecutable(
      path(of: tool), arguments, input: input, environment: environment,
      currentDirectory: currentDirectory)
  }

  /// Runs any executable the same way as `run`; with `standardOutputPath`, standard output is
  /// that file opened for writing (`/dev/full`) instead of a pipe, and `stdout` stays empty.
  static func runExecutable(
    _ executable: String, _ arguments: [String] = [], input: [UInt8] = [],
    environment: [String: String] = [:], currentDirectory: URL? = nil,
    standardOutputPath: String? = nil
  ) throws -> ToolResult {
    // Writing the input to a tool that has already exited must be an EPIPE error here, not a
    // SIGPIPE that kills the whole test process (seen once in a filtered run): ignore it before
    // the first write rather than rely on Foundation having done so.
    signal(SIGPIPE, SIG_IGN)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    var merged = ProcessInfo.processInfo.environment
    merged["SWIFT_BACKTRACE"] = "enable=no"
    for (key, value) in environment { merged[key] = value }
    process.environment = merged
    if let currentDirectory { process.currentDirectoryURL = currentDirectory }
    let stdinPipe = Pipe()
    let stdoutPipe = Pipe()
    let stderrPipe = Pipe()
    process.standardInput = stdinPipe
    if let standardOutputPath {
      guard let file = FileHandle(forWritingAtPath: standardOutputPath) else {
        throw POSIXError(.ENOENT)
      }
      process.standardOutput = file
      try? stdoutPipe.fileHandleForWriting.close()
    } else {
      process.standardOutput = stdoutPipe
    }
    process.standardError = stderrPipe
    try process.run()

    let group = DispatchGroup()
    let collected = Collected()
    for (handle, isError) in [
      (stdoutPipe.fileHandleForReading, false), (stderrPipe.fileHandleForReading, true),
    ] {
      group.enter()
      DispatchQueue.global().async {
        let data = handle.readDataToEndOfFile()
        collected.store(Array(data), isError: isError)
        group.leave()
      }
    }
    group.enter()
    DispatchQueue.global().async {
      // The tool may exit before reading everything; a write error then is expected.
      let fd = stdinPipe.fileHandleForWriting.fileDescriptor
      input.withUnsafeBytes { buffer in
        guard let base = buffer.baseAddress else { return }
        var offset = 0
        while offset < buffer.count {
          let count = write(fd, base + offset, buffer.count - offset)
          if count <= 0 { break }
          offset += count
        }
      }
      try? stdinPipe.fileHandleForWriting.close()
      group.leave()
    }
    group.wait()
    process.waitUntilExit()
    let signalled = process.terminationReason == .uncaughtSignal
    return ToolResult(
      stdout: collected.stdout, stderr: collected.stderr,
      status: signalled ? 128 + process.terminationStatus : process.terminationStatus,
      wasSignalled: signalled)
  }

  /// Runs a shell pipeline with the products directory first on PATH; returns its result.
  ///
  /// With `ignoresBrokenPipe`, the pipeline starts with SIGPIPE ignored, as under a parent that
  /// ignores it (Python's subprocess before 3.2, some CI runners, this test process).
  static func shell(
    _ script: String, environment: [String: String] = [:], ignoresBrokenPipe: Bool = false
  ) throws -> ToolResult {
    var merged = environment
    merged["PATH"] =
      productsDirectory.path + ":"
      + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
    // The test process ignores SIGPIPE and children inherit that; restore the default so that a
    // pipeline behaves as it does in a terminal (producers die quietly when a reader leaves).
    let disposition = ignoresBrokenPipe ? "--ignore-signal=PIPE" : "--default-signal=PIPE"
    return try runExecutable(
      "/usr/bin/env", [disposition, "/bin/bash", "-o", "pipefail", "-c", script],
      environment: merged)
  }
}

/// Thread-safe storage for the two drained streams.
private final class Collected: @unchecked Sendable {
  private let lock = NSLock()
  private(set) var stdout: [UInt8] = []
  private(set) var stderr: [UInt8] = []

  func store(_ bytes: [UInt8], isError: Bool) {
    lock.lock()
    defer { lock.unlock() }
    if isError { stderr = bytes } else { stdout = bytes }
  }
}
