// SPDX-License-Identifier: MIT
// What every tool does the same way: --help, --version, usage errors.

import Foundation
import QRCommandLine
import QRCommands
import QRCore
import Testing

@Test(arguments: ToolCatalog.all.map(\.name))
func helpGoesToStandardOutputWithStatusZero(tool: String) throws {
  let result = try ToolRunner.run(tool, ["--help"])
  #expect(result.status == 0)
  #expect(result.output.hasPrefix("usage: \(tool) "))
  #expect(result.stderr.isEmpty)
}

@Test(arguments: ToolCatalog.all.map(\.name))
func versionNamesTheTool(tool: String) throws {
  let result = try ToolRunner.run(tool, ["-V"])
  #expect(result.status == 0)
  #expect(result.output == "\(tool) (qrpipe) \(QRPipeVersion.current)\n")
}

@Test(arguments: ToolCatalog.all.map(\.name))
func unknownOptionIsAUsageError(tool: String) throws {
  let result = try ToolRunner.run(tool, ["--frobnicate"])
  #expect(result.status == 64)
  #expect(result.stdout.isEmpty)
  #expect(result.errors.hasPrefix("\(tool): unknown option '--frobnicate'\nusage: \(tool) "))
  #expect(result.errors.hasSuffix("See '\(tool) --help' for more information.\n"))
}
