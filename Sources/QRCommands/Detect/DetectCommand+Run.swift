// SPDX-License-Identifier: MIT
// qrdetect's run: frames in, one JSON line per decoded symbol out.

import QRCommandLine

extension DetectCommand {
  /// Runs `qrdetect` on the process's command line and exits with its status.
  public static func main() -> Never {
    Tool.main(spec, describe: toolMessage(for:), body: run)
  }

  /// Reads the inputs and writes a record per symbol; the status to exit with.
  ///
  /// - Throws: `UsageError` for a bad command line.
  static func run(_ invocation: Invocation) throws -> ExitStatus {
    let options = try DetectCommandOptions(invocation.arguments)
    try options.checkRecordDescriptor()
    var diagnostics = invocation.diagnostics
    diagnostics.showsWarnings = !options.isQuiet
    let runner = DetectRunner(options: options, diagnostics: diagnostics) {
      DetectorSymbolReader(options: options.detector)
    }
    return runner.run()
  }
}
