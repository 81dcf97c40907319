// SPDX-License-Identifier: MIT
// What the image-input tests share: qrdetect's JSON lines parsed, and a scratch directory
// holding qrrender's PNG of one payload, for Pillow and the tools to turn into other images.

import Foundation
import Testing

/// qrdetect's output, one JSON object a line, parsed (lines that are not objects skipped).
func records(_ output: String) -> [[String: Any]] {
  output.split(separator: "\n").compactMap {
    (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
  }
}

/// The `corners` of a record as numbers.
func corners(_ record: [String: Any]) -> [[Double]] {
  (record["corners"] as? [[Any]] ?? []).map { $0.compactMap { ($0 as? NSNumber)?.doubleValue } }
}

/// The project's Python (the `.venv` that `scripts/test` makes, with Pillow and the oracles).
let venvPython = ToolRunner.packageRoot.appendingPathComponent(".venv/bin/python").path

/// A scratch directory holding `code.png`, qrrender's image of `text` at 8 pixels a module
/// (264 × 264, the symbol from 32 to 232), removed at deinit.
final class ScratchImages {
  let directory: URL
  let text: String

  /// Makes the directory (named after `name`) and renders `text` into it.
  init(_ name: String, text: String) throws {
    self.text = text
    directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "\(name)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let rendered = try ToolRunner.run(
      "qrrender", ["-f", "png", "-s", "8", "-o", path("code.png"), text])
    #expect(rendered.status == 0, "\(rendered.errors)")
  }

  deinit { try? FileManager.default.removeItem(at: directory) }

  func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

  func bytes(_ name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: directory.appendingPathComponent(name)))
  }

  func write(_ name: String, _ bytes: [UInt8]) throws {
    try Data(bytes).write(to: directory.appendingPathComponent(name))
  }

  /// Runs a shell script in the directory, the built tools first on PATH.
  func shell(_ script: String, environment: [String: String] = [:]) throws -> ToolResult {
    try ToolRunner.shell("cd '\(directory.path)' && " + script, environment: environment)
  }

  /// Runs `script` with Pillow in the directory, after `prelude` (which finds itself there,
  /// with `code.png`), and expects it to succeed.
  func pillow(_ script: String, prelude: String) throws {
    let start = """
      import os
      os.chdir(\"\(directory.path)\")

      """
    let result = try ToolRunner.runExecutable(venvPython, ["-c", start + prelude + script])
    #expect(result.status == 0, "\(result.errors)")
  }
}
