// SPDX-License-Identifier: MIT
// The shared main: parse, help, version, run the body, map errors to exit statuses.

import Glibc
import QRSystem

/// A running tool: its parsed command line and where its messages go.
public struct Invocation: Sendable {
  /// The tool's declaration.
  public let spec: CommandSpec
  /// The parsed options and operands.
  public let arguments: ParsedArguments
  /// Standard-error messages prefixed with the tool's name.
  public let diagnostics: Diagnostics
}

/// Runs tools the same way: the only place that calls `exit`.
public enum Tool {
  /// Parses the command line, handles `--help` and `--version`, runs `body` and exits with the
  /// status it returns.
  ///
  /// Errors thrown by `body` map to statuses: `UsageError` prints the message, the usage line and a
  /// pointer to `--help` (status 64); `ToolExit` exits with its status and prints nothing; a broken
  /// pipe (an `ErrnoCarrying` error whose errno is `.brokenPipe`: `qrcapture --output y4m` into
  /// `| head -c 1` too) ends quietly with status 0; anything else is printed as
  /// `prog: message`, in the words of `describe`, with status 2.
  ///
  /// The arguments are argv's bytes (`rawArguments()`), not `CommandLine.arguments`, which
  /// replaces bytes that are not UTF-8 and so would name other files.
  ///
  /// `body` is `@Sendable` so that a closure written in a tool's top-level code is not isolated
  /// to the main actor: such a closure checks its executor on entry, which links the concurrency
  /// runtime and libdispatch, and their start-up cost a one-code `qrrender` run 15% of its wall
  /// time (Benchmarks/HISTORY.md, issue 15's sixth round).
  public static func main(
    _ spec: CommandSpec, arguments: [[UInt8]] = Tool.rawArguments(),
    describe: (any Error) -> String = { "\($0)" },
    body: @Sendable (Invocation) throws -> ExitStatus
  ) -> Never {
    Signals.ignoreBrokenPipe()
    let diagnostics = Diagnostics(program: spec.name)
    let status: ExitStatus
    do {
      let parsed = try spec.parse(raw: arguments)
      if parsed.has("help") {
        try FileDescriptor.standardOutput.writeAll(Array(spec.helpText.utf8))
        exit(ExitStatus.success.rawValue)
      }
      if parsed.has("version") {
        let line = "\(spec.name) (qrpipe) \(QRPipeVersion.current)\n"
        try FileDescriptor.standardOutput.writeAll(Array(line.utf8))
        exit(ExitStatus.success.rawValue)
      }
      status = try body(Invocation(spec: spec, arguments: parsed, diagnostics: diagnostics))
    } catch let error as UsageError {
      reportUsage(error, spec: spec, diagnostics: diagnostics)
      status = .usage
    } catch let error as ToolExit {
      status = error.status
    } catch let error as any ErrnoCarrying where error.underlyingErrno == .brokenPipe {
      status = .success
    } catch {
      diagnostics.error(describe(error))
      status = .failure
    }
    Signals.exitForStopSignal()
    exit(status.rawValue)
  }

  /// The process's arguments after the program name, as the bytes argv holds.
  public static func rawArguments() -> [[UInt8]] {
    guard CommandLine.argc > 1 else { return [] }
    return (1..<Int(CommandLine.argc)).map { index in
      guard let word = CommandLine.unsafeArgv[index] else { return [] }
      return Array(UnsafeRawBufferPointer(start: word, count: strlen(word)))
    }
  }

  /// Prints a usage error the way every tool does.
  public static func reportUsage(_ error: UsageError, spec: CommandSpec, diagnostics: Diagnostics) {
    diagnostics.error(error.message)
    diagnostics.raw(spec.usageLine + "\nSee '\(spec.name) --help' for more information.\n")
  }
}
