// SPDX-License-Identifier: MIT
// qrdetect --print text: a payload as one unmistakable item, escaped when a terminal shows it.

import QRSystem

/// How `qrdetect --print text` writes one payload.
///
/// In a pipe or a file the payload's bytes are written unchanged, then the terminator (newline,
/// or NUL with `-0`), as `zbarimg --raw` writes them: no payload is dropped. A payload holding
/// the terminator reads as more than one to the next program (`read`, `xargs -0`), so the tool
/// warns once (`warning(for:)`) and points to `-0` and JSON. On a terminal, unless `--raw`, characters that could act
/// on the terminal are escaped the way the tools' messages escape them, and a backslash is
/// doubled, so what is shown reads back as exactly one payload:
///
///     \\  a backslash        \n \t \r  newline, tab, carriage return
///     \x1B  any other C0 control, DEL, or a byte that is not UTF-8
///     \u{009B}  a C1 control (U+0080...U+009F), or an invisible format character
///               (`InvisibleCharacters`: bidirectional controls, zero-width characters, U+2028,
///               U+2029, U+FEFF and the rest of Unicode's categories Cf, Zl and Zp)
public struct PayloadText: Sendable {
  /// The byte written after each payload.
  public var terminator: UInt8
  /// Whether controls are escaped (a terminal, without `--raw`).
  public var escapesControls: Bool

  /// Creates a writer ending payloads with `terminator`.
  public init(terminator: UInt8, escapesControls: Bool) {
    self.terminator = terminator
    self.escapesControls = escapesControls
  }

  /// The bytes to write for `payload`, terminator included.
  public func item(for payload: [UInt8]) -> [UInt8] {
    var item = escapesControls ? Self.escaped(payload) : payload
    item.append(terminator)
    return item
  }

  /// Whether `payload`, as written, holds the terminator, so that the next program would read
  /// it as more than one.
  public func isAmbiguous(_ payload: [UInt8]) -> Bool {
    !escapesControls && payload.contains(terminator)
  }

  /// The warning for an ambiguous payload, for `qrdetect: warning: input: frame N: <text>`.
  public func warning(for payload: [UInt8]) -> String {
    terminator == 0
      ? "payload of \(payload.count) bytes holds a NUL byte, which -0 also ends payloads with:"
        + " written as it is (--print json keeps payloads apart)"
      : "payload of \(payload.count) bytes holds a newline, which also ends payloads:"
        + " written as it is (-0 or --print json keeps payloads apart)"
  }

  /// `bytes` with backslashes doubled and terminal controls escaped (see the type's table).
  ///
  /// - Complexity: O(*n*) in the number of bytes.
  public static func escaped(_ bytes: [UInt8]) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte < 0x80 {
        switch byte {
        case 0x5C: output += Array(#"\\"#.utf8)
        case 0x0A: output += Array(#"\n"#.utf8)
        case 0x09: output += Array(#"\t"#.utf8)
        case 0x0D: output += Array(#"\r"#.utf8)
        case 0x00..<0x20, 0x7F: output += Array(("\\x" + hex(UInt32(byte), width: 2)).utf8)
        default: output.append(byte)
        }
        index += 1
        continue
      }
      let length =
        switch byte {
        case 0xC2...0xDF: 2
        case 0xE0...0xEF: 3
        case 0xF0...0xF4: 4
        default: 0
        }
      guard length > 0, index + length <= bytes.count,
        let character = String(validating: bytes[index..<index + length], as: UTF8.self),
        let scalar = character.unicodeScalars.first
      else {
        output += Array(("\\x" + hex(UInt32(byte), width: 2)).utf8)
        index += 1
        continue
      }
      if InvisibleCharacters.isEscaped(scalar) {
        output += Array(("\\u{" + hex(scalar.value, width: 4) + "}").utf8)
      } else {
        output += bytes[index..<index + length]
      }
      index += length
    }
    return output
  }

  private static func hex(_ value: UInt32, width: Int) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }
}
