// SPDX-License-Identifier: MIT
// Messages on standard error: "prog: operand: message", one write per line.

import QRSystem

/// Writes a tool's messages to standard error, prefixed with the program name.
///
/// In `qrcapture | qrdetect | qrdedupe` all three share one terminal, and the prefix is the only way
/// to tell who is talking. Operands and quoted payloads are passed through `sanitized(_:)` so that
/// escape sequences in a file name or a QR payload never reach the terminal raw.
public struct Diagnostics: Sendable {
  /// The program name that starts every message.
  public let program: String
  /// Where messages go; standard error unless a test says otherwise.
  public let output: FileDescriptor
  /// Whether `warning(_:operand:)` writes anything (`qrdetect -q` turns warnings off).
  public var showsWarnings = true

  /// Creates a message writer for `program`.
  public init(program: String, output: FileDescriptor = .standardError) {
    self.program = program
    self.output = output
  }

  /// Writes `program: [operand: ]message`.
  ///
  /// The message is escaped too (it may quote an option value or a path), so no control character
  /// reaches the terminal whoever built the message; text already escaped stays as it is.
  ///
  /// Nothing is written once a stop signal has arrived: the tool is dying by it, and what fails
  /// then (a write or read cut short by the signal) is its consequence, not news.
  public func error(_ message: String, operand: String? = nil) {
    guard !Signals.stopRequested else { return }
    var line = program + ": "
    if let operand { line += Diagnostics.sanitized(operand) + ": " }
    line += Diagnostics.sanitized(message) + "\n"
    // A failed write to stderr has nowhere to be reported.
    try? output.writeAll(Array(line.utf8))
  }

  /// Writes `program: [operand: ]warning: message`.
  public func warning(_ message: String, operand: String? = nil) {
    guard showsWarnings else { return }
    error("warning: " + message, operand: operand)
  }

  /// Writes a line verbatim (for help-like text that a tool sends to stderr).
  public func raw(_ text: String) {
    try? output.writeAll(Array(text.utf8))
  }

  /// Escapes characters that could act on a terminal: C0 and C1 controls, DEL, and the invisible
  /// format characters of `InvisibleCharacters` (bidirectional controls, zero-width characters,
  /// U+2028, U+2029). `\n` becomes `\n`; others `\xNN` or `\u{N}`.
  public static func sanitized(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x0A: result += "\\n"
      case 0x09: result += "\\t"
      case 0x0D: result += "\\r"
      case 0x00..<0x20, 0x7F:
        result += "\\x" + hex(scalar.value, width: 2)
      default:
        if InvisibleCharacters.isEscaped(scalar) {
          result += "\\u{" + hex(scalar.value, width: 4) + "}"
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result
  }

  /// Like `sanitized(_:)` for raw bytes that may not be UTF-8: invalid bytes become `\xNN`.
  public static func sanitized(bytes: some Collection<UInt8>) -> String {
    PathName.escapingInvalidBytes(bytes) { sanitized($0) }
  }

  private static func hex(_ value: UInt32, width: Int) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }
}
