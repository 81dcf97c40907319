// SPDX-License-Identifier: MIT
// qrdedupe's run: pass on the first of repeated QR records, or report codes entering and leaving.

import QRCommandLine
import QRDedupe

extension DedupeCommand {
  /// Runs `qrdedupe` on the process's command line and exits with its status.
  public static func main() -> Never {
    Tool.main(spec, describe: toolMessage(for:), body: run)
  }

  /// Reads the records of the operands (or standard input) and writes those kept; the status to
  /// exit with.
  ///
  /// - Throws: `UsageError` for a bad command line; a closed pipe (`Errno.brokenPipe`).
  static func run(_ invocation: Invocation) throws -> ExitStatus {
    let configuration = try DedupeConfiguration(arguments: invocation.arguments)
    let runner = DedupeRunner(
      configuration: configuration, diagnostics: invocation.diagnostics,
      showsSummary: Options<DedupeOption>(invocation.arguments).has(.summary))
    return try runner.run(operands: invocation.arguments.operandPaths)
  }
}
