// SPDX-License-Identifier: MIT
// Every tool's declaration, for the tests that check help, man pages and completions agree.

import QRCommandLine

/// The four tools' command declarations.
public enum ToolCatalog {
  /// All tools, in pipeline order.
  public static let all: [CommandSpec] = [
    CaptureCommand.spec, DetectCommand.spec, DedupeCommand.spec, RenderCommand.spec,
  ]
}
