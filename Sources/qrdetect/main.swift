// SPDX-License-Identifier: MIT
// qrdetect: frames in, one JSON line per decoded symbol out. Parse, run, status.

import QRCore
import QRTool

Tool.main(DetectCommand.spec) { invocation in
  let options = try DetectCommandOptions(invocation.arguments)
  try options.checkRecordDescriptor()
  let runner = DetectRunner(options: options, diagnostics: invocation.diagnostics) {
    DetectorSymbolReader(options: options.detector)
  }
  return runner.run()
}
