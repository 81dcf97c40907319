// SPDX-License-Identifier: MIT
// A small JSON writer: members in the order written, RFC 8259 escaping, one line per object.

import QRSystem

/// Builds JSON text into a byte buffer, placing commas and escaping strings.
///
/// Keys come out in the order they are written, so a tool's output schema is fixed by its code,
/// not by a dictionary's hash seed.
///
///     var writer = JSONWriter()
///     writer.beginObject()
///     writer.key("event"); writer.string("enter")
///     writer.key("time"); writer.number(0.5)
///     writer.endObject()
///     writer.newline()
///     // writer.bytes: {"event":"enter","time":0.5}\n
public struct JSONWriter: Sendable {
  /// The text written so far.
  public private(set) var bytes: [UInt8] = []
  /// Values written so far in each open container, innermost last.
  private var counts: [Int] = []
  /// Whether a key was just written, so the next value needs no comma.
  private var isAfterKey = false

  /// Creates an empty writer.
  public init() { bytes.reserveCapacity(512) }

  /// Empties the buffer, keeping its storage, to write the next line.
  public mutating func reset() {
    bytes.removeAll(keepingCapacity: true)
    counts.removeAll(keepingCapacity: true)
    isAfterKey = false
  }

  /// Opens an object.
  public mutating func beginObject() {
    beginValue()
    bytes.append(UInt8(ascii: "{"))
    counts.append(0)
  }

  /// Closes the innermost object.
  public mutating func endObject() {
    bytes.append(UInt8(ascii: "}"))
    counts.removeLast()
  }

  /// Opens an array.
  public mutating func beginArray() {
    beginValue()
    bytes.append(UInt8(ascii: "["))
    counts.append(0)
  }

  /// Closes the innermost array.
  public mutating func endArray() {
    bytes.append(UInt8(ascii: "]"))
    counts.removeLast()
  }

  /// Writes a member name; the next call writes its value.
  public mutating func key(_ name: String) {
    beginValue()
    appendString(name.utf8)
    bytes.append(UInt8(ascii: ":"))
    isAfterKey = true
  }

  /// Writes a string from UTF-8 text, escaping `"`, `\` and control characters.
  ///
  /// - Precondition: `utf8` is valid UTF-8 (the caller checks, or writes base64 instead).
  public mutating func string(_ utf8: some Sequence<UInt8>) {
    beginValue()
    appendString(utf8)
  }

  /// Writes a string.
  public mutating func string(_ text: String) { string(text.utf8) }

  /// Writes a number in the shortest form that reads back as the same `Double`; `null` if it is
  /// not finite, which JSON cannot express.
  public mutating func number(_ value: Double) {
    beginValue()
    guard value.isFinite else {
      bytes.append(contentsOf: "null".utf8)
      return
    }
    if value == value.rounded(), abs(value) < 1e15 {
      bytes.append(contentsOf: String(Int64(value)).utf8)
    } else {
      bytes.append(contentsOf: value.description.utf8)
    }
  }

  /// Writes an integer.
  public mutating func integer(_ value: Int) {
    beginValue()
    bytes.append(contentsOf: String(value).utf8)
  }

  /// Writes `true` or `false`.
  public mutating func boolean(_ value: Bool) {
    beginValue()
    bytes.append(contentsOf: (value ? "true" : "false").utf8)
  }

  /// Writes `null`.
  public mutating func null() {
    beginValue()
    bytes.append(contentsOf: "null".utf8)
  }

  /// Writes a value given as JSON text, unchanged.
  ///
  /// - Precondition: `json` is one valid JSON value.
  public mutating func raw(_ json: UnsafeRawBufferPointer) {
    beginValue()
    bytes.append(contentsOf: json)
  }

  /// Ends the line.
  public mutating func newline() { bytes.append(0x0A) }

  // MARK: - Helpers

  private mutating func beginValue() {
    if isAfterKey {
      isAfterKey = false
      return
    }
    guard let last = counts.indices.last else { return }
    if counts[last] > 0 { bytes.append(UInt8(ascii: ",")) }
    counts[last] += 1
  }

  /// RFC 8259 section 7: `"` and `\` and U+0000…U+001F must be escaped. DEL (U+007F), the C1
  /// controls (U+0080…U+009F) and the invisible format characters (`InvisibleCharacters`:
  /// bidirectional controls, zero-width characters, U+2028, U+2029) are escaped as well, although
  /// JSON allows them raw, so that records read on a terminal carry no control character (U+009B
  /// is CSI) and no text that shows other than it reads (U+202E reverses what follows). Bytes
  /// that are not UTF-8 are copied as they are.
  private mutating func appendString(_ utf8: some Sequence<UInt8>) {
    bytes.append(UInt8(ascii: "\""))
    let source = Array(utf8)
    source.withUnsafeBufferPointer { utf8 in
      var index = 0
      while index < utf8.count {
        let byte = utf8[index]
        if byte >= 0x80 {
          guard let (scalar, length) = InvisibleCharacters.scalar(in: utf8, at: index) else {
            bytes.append(byte)
            index += 1
            continue
          }
          if InvisibleCharacters.isEscaped(scalar) {
            InvisibleCharacters.appendJSONEscape(scalar, to: &bytes)
          } else {
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[index..<index + length]))
          }
          index += length
          continue
        }
        switch byte {
        case UInt8(ascii: "\""): bytes.append(contentsOf: [0x5C, 0x22])
        case UInt8(ascii: "\\"): bytes.append(contentsOf: [0x5C, 0x5C])
        case 0x0A: bytes.append(contentsOf: [0x5C, UInt8(ascii: "n")])
        case 0x0D: bytes.append(contentsOf: [0x5C, UInt8(ascii: "r")])
        case 0x09: bytes.append(contentsOf: [0x5C, UInt8(ascii: "t")])
        case 0x08: bytes.append(contentsOf: [0x5C, UInt8(ascii: "b")])
        case 0x0C: bytes.append(contentsOf: [0x5C, UInt8(ascii: "f")])
        case 0x00..<0x20, 0x7F:
          // swift-format-ignore: NeverForceUnwrap
          // Every value below 0x80 is a Unicode scalar.
          InvisibleCharacters.appendJSONEscape(Unicode.Scalar(UInt32(byte))!, to: &bytes)
        default: bytes.append(byte)
        }
        index += 1
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }
}
