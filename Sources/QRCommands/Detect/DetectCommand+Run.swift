// SPDX-License-Identifier: MIT
// qrdetect's run: frames in, one JSON line per decoded symbol out.

import QRCommandLine
import QRSystem

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
    // One budget for the process, whatever --jobs is: frames in flight and decoders together.
    MemoryBudget.process.capacity = options.maximumDecodingMemory
    MemoryBudget.returnLargeBlocksToSystem()
    var diagnostics = invocation.diagnostics
    diagnostics.showsWarnings = !options.isQuiet
    guard let tracking = options.tracking else {
      return DetectRunner(options: options, diagnostics: diagnostics) {
        DetectorSymbolReader(options: options.detector)
      }.run()
    }
    return DetectRunner(options: options, diagnostics: diagnostics) {
      TrackingSymbolReader(options: tracking, detector: options.detector)
    }.run()
  }
}
