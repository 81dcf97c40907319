// SPDX-License-Identifier: MIT
// Small symbols with known modules, temporary files, and the Python oracle.

import Foundation
import QRCodec
import Testing

@testable import QRRender

enum Fixture {
  /// A 3 × 3 grid small enough to write its renderings out by hand:
  ///
  ///     # . #
  ///     . # .
  ///     # # .
  static let matrix: BitMatrix = {
    let rows = [[true, false, true], [false, true, false], [true, true, false]]
    // The rows above are square by construction.
    guard let matrix = BitMatrix(rows: rows) else { preconditionFailure("square rows") }
    return matrix
  }()

  /// `matrix` without quiet zone.
  static let raster = ModuleRaster(matrix, margin: 0, invert: false)

  /// A real symbol.
  static func symbol(_ text: String = "qrpipe") throws -> EncodedSymbol {
    try Encoder.encode(text: text, options: EncodeOptions())
  }

  /// A fresh temporary path (the file is not created).
  static func temporaryPath(_ name: String) -> String {
    FileManager.default.temporaryDirectory
      .appendingPathComponent("qrrender-\(UUID().uuidString)-\(name)").path
  }
}

/// The package's Python venv (PIL, zxing-cpp), for decoding PNG and SVG output in tests.
enum Python {
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  static let executable = packageRoot.appendingPathComponent(".venv/bin/python")
  static let isAvailable = FileManager.default.isExecutableFile(atPath: executable.path)
  static let unavailableReason: Comment =
    "oracle skipped: no Python venv at .venv/bin/python (see README: pillow, zxing-cpp)"

  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// Runs `script` with `argument` files; returns standard output.
  static func run(_ script: String, files: [[UInt8]]) throws -> String {
    var paths: [String] = []
    defer { for path in paths { try? FileManager.default.removeItem(atPath: path) } }
    for (index, bytes) in files.enumerated() {
      let path = Fixture.temporaryPath("input-\(index)")
      try Data(bytes).write(to: URL(fileURLWithPath: path))
      paths.append(path)
    }
    let output = Fixture.temporaryPath("output")
    let errors = Fixture.temporaryPath("errors")
    _ = FileManager.default.createFile(atPath: output, contents: nil)
    _ = FileManager.default.createFile(atPath: errors, contents: nil)
    defer {
      try? FileManager.default.removeItem(atPath: output)
      try? FileManager.default.removeItem(atPath: errors)
    }
    let process = Process()
    process.executableURL = executable
    process.arguments = ["-c", script] + paths
    process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
    process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errors))
    try process.run()
    process.waitUntilExit()
    let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: output)), as: UTF8.self)
    guard process.terminationStatus == 0 else {
      let message = String(
        decoding: try Data(contentsOf: URL(fileURLWithPath: errors)), as: UTF8.self)
      throw Failure(description: "python exited \(process.terminationStatus): \(message)")
    }
    return text
  }
}
