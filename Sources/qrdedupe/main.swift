// SPDX-License-Identifier: MIT
// qrdedupe: pass on the first of repeated QR records, or report codes entering and leaving.

import QRCore
import QRTool

Tool.main(DedupeCommand.spec) { invocation in
  let configuration = try DedupeConfiguration(arguments: invocation.arguments)
  let runner = DedupeRunner(
    configuration: configuration, diagnostics: invocation.diagnostics,
    showsSummary: invocation.arguments.has("summary"))
  return try runner.run(operands: invocation.arguments.operandPaths)
}
