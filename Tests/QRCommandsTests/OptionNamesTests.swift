// SPDX-License-Identifier: MIT
// Each tool reads its options back through an enum of names: the enum and the table agree.

import QRCommandLine
import QRCommands
import Testing

@Test func everyToolsOptionNamesAreExactlyItsTablesLongNames() {
  #expect(CaptureCommand.spec.undeclaredNames(CaptureOption.self) == [])
  #expect(DetectCommand.spec.undeclaredNames(DetectOption.self) == [])
  #expect(DedupeCommand.spec.undeclaredNames(DedupeOption.self) == [])
  #expect(RenderCommand.spec.undeclaredNames(RenderOption.self) == [])
}
