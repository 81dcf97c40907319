// SPDX-License-Identifier: MIT
// Runs Python oracles (segno, zxing-cpp) from the package's .venv, batched in one process.

import Foundation
import Testing

@testable import QRCodec

/// The Python interpreter with segno and zxing-cpp, and a way to run one batched script.
enum Oracle {
  /// The package root, three levels above this file (Tests/QRCodecTests/Support/).
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// `.venv/bin/python` under the package root.
  static let python = packageRoot.appendingPathComponent(".venv/bin/python")

  /// Whether the oracle interpreter exists; tests that need it are skipped otherwise.
  static let isAvailable = FileManager.default.isExecutableFile(atPath: python.path)

  /// The message for skipped oracle tests.
  static let unavailableReason: Comment =
    "oracle skipped: no Python venv at .venv/bin/python (see README: segno, zxing-cpp)"

  /// Runs `script` with `input` on stdin (through a file, so large outputs cannot deadlock) and
  /// returns stdout as lines.
  static func run(_ script: String, input: String) throws -> [Substring] {
    try run(python, arguments: ["-c", script], input: input)
  }

  /// `zbarimg` from Debian's zbar-tools, if installed.
  static let zbarimg = URL(fileURLWithPath: "/usr/bin/zbarimg")

  /// Whether `zbarimg` is installed.
  static let isZbarAvailable = FileManager.default.isExecutableFile(atPath: zbarimg.path)

  /// Runs `executable` with `arguments` and `input` on stdin; returns stdout as lines.
  static func run(_ executable: URL, arguments: [String], input: String) throws -> [Substring] {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("qrcodec-oracle-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let inputFile = directory.appendingPathComponent("input")
    let outputFile = directory.appendingPathComponent("output")
    let errorFile = directory.appendingPathComponent("error")
    try Data(input.utf8).write(to: inputFile)
    try Data().write(to: outputFile)
    try Data().write(to: errorFile)
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.standardInput = try FileHandle(forReadingFrom: inputFile)
    process.standardOutput = try FileHandle(forWritingTo: outputFile)
    process.standardError = try FileHandle(forWritingTo: errorFile)
    try process.run()
    process.waitUntilExit()
    let output = String(decoding: try Data(contentsOf: outputFile), as: UTF8.self)
    if process.terminationStatus != 0 {
      let error = String(decoding: try Data(contentsOf: errorFile), as: UTF8.self)
      throw OracleError(message: "python exited \(process.terminationStatus): \(error)")
    }
    return output.split(separator: "\n", omittingEmptySubsequences: false).dropLast(
      output.hasSuffix("\n") ? 1 : 0
    ).map { $0 }
  }

  struct OracleError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
  }

  /// A matrix as one line of `0`/`1`, row by row.
  static func bits(_ matrix: BitMatrix) -> String {
    matrix.rowsText.joined().map { $0 == "#" ? "1" : "0" }.joined()
  }

  /// Lowercase hex of bytes.
  static func hex(_ bytes: [UInt8]) -> String {
    bytes.map {
      String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16)
    }
    .joined()
  }

  /// Bytes from lowercase hex.
  static func bytes(hex: Substring) -> [UInt8] {
    var result: [UInt8] = []
    var index = hex.startIndex
    while index < hex.endIndex, let next = hex.index(index, offsetBy: 2, limitedBy: hex.endIndex) {
      result.append(UInt8(hex[index..<next], radix: 16) ?? 0)
      index = next
    }
    return result
  }
}
