// SPDX-License-Identifier: MIT
// The bytes of one JSON line whose shape the writer knows: literals, escaped strings, numbers.

import QRSystem

/// A buffer for one JSON line written member by member, separators included in the literals.
///
/// qrdetect's record has a fixed shape, so `,"time":` can be one literal instead of a comma
/// decision and an escaped key; strings are escaped in runs (RFC 8259, section 7: only `"`, `\`
/// and U+0000…U+001F must be escaped), so a URL is one bulk copy. Measured against the general
/// `JSONWriter`, which escapes byte by byte: about 4× the records per second.
///
///     var line = JSONLineBuffer()
///     line.literal("{\"text\":")
///     line.string("say \"hi\"")
///     line.literal("}\n")
///     // line.bytes: {"text":"say \"hi\""}\n
struct JSONLineBuffer {
  /// The line so far.
  private(set) var bytes: [UInt8] = []

  init() { bytes.reserveCapacity(1024) }

  /// Empties the buffer, keeping its storage.
  mutating func reset() { bytes.removeAll(keepingCapacity: true) }

  /// Appends ASCII text as it is: punctuation and member names.
  mutating func literal(_ text: StaticString) {
    text.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  /// Appends a JSON string of `text`.
  mutating func string(_ text: String) {
    var text = text
    text.withUTF8 { appendQuoted($0) }
  }

  /// Appends a JSON string of UTF-8 bytes (valid UTF-8: text or base64).
  mutating func string(utf8 bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { appendQuoted($0) }
  }

  /// Appends a whole number.
  mutating func integer(_ value: Int) {
    if value < 0 { bytes.append(UInt8(ascii: "-")) }
    var magnitude = value.magnitude
    let start = bytes.count
    repeat {
      bytes.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10))
      magnitude /= 10
    } while magnitude > 0
    bytes[start...].reverse()
  }

  /// Appends a number in the shortest form that reads back as the same `Double`, whole numbers
  /// without a fraction; `null` if it is not finite, which JSON cannot express.
  mutating func number(_ value: Double) {
    guard value.isFinite else {
      literal("null")
      return
    }
    if value == value.rounded(), abs(value) < 1e15 {
      integer(Int(value))
    } else {
      bytes.append(contentsOf: value.description.utf8)
    }
  }

  /// Appends `true` or `false`.
  mutating func boolean(_ value: Bool) { value ? literal("true") : literal("false") }

  /// `"`, the bytes with the escapes RFC 8259 requires, `"`; DEL, the C1 controls
  /// (U+0080…U+009F) and the invisible format characters (`InvisibleCharacters`) are escaped too,
  /// so that no control character reaches a terminal that shows the records (U+009B is CSI), and
  /// no text shows other than it reads (U+202E reverses what follows it).
  private mutating func appendQuoted(_ utf8: UnsafeBufferPointer<UInt8>) {
    bytes.append(UInt8(ascii: "\""))
    var runStart = 0
    var index = 0
    while index < utf8.count {
      let byte = utf8[index]
      if byte >= 0x80 {
        guard let (scalar, length) = InvisibleCharacters.scalar(in: utf8, at: index) else {
          index += 1
          continue
        }
        if InvisibleCharacters.isEscaped(scalar) {
          bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
          InvisibleCharacters.appendJSONEscape(scalar, to: &bytes)
          runStart = index + length
        }
        index += length
        continue
      }
      guard
        byte < 0x20 || byte == 0x7F || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
      else {
        index += 1
        continue
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
      switch byte {
      case UInt8(ascii: "\""): literal("\\\"")
      case UInt8(ascii: "\\"): literal("\\\\")
      case 0x0A: literal("\\n")
      case 0x0D: literal("\\r")
      case 0x09: literal("\\t")
      case 0x08: literal("\\b")
      case 0x0C: literal("\\f")
      default:
        literal("\\u00")
        bytes.append(Self.hexDigits[Int(byte >> 4)])
        bytes.append(Self.hexDigits[Int(byte & 15)])
      }
      index += 1
      runStart = index
    }
    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
    bytes.append(UInt8(ascii: "\""))
  }

  private static let hexDigits = Array("0123456789abcdef".utf8)
}
