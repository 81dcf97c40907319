// SPDX-License-Identifier: MIT
// What makes two records "the same code": the values of the key fields, encoded as bytes.

import QRRecords

/// Builds a record's key from its key fields.
///
/// Each field contributes a tag, a length and bytes, so that no two different field lists encode
/// the same: strings count by their decoded text (`"\u0041"` and `"A"` are the same key), other
/// values by their JSON text as written (`1` and `1.0` differ), and a missing field is the same as
/// `null`. The field name `payload` means the record's payload: `bytes` decoded from base64, else
/// `text` (a payload given either way makes the same key), else a field actually called `payload`.
public struct RecordKeyBuilder: Sendable {
  /// The key field names, in order.
  public let fields: [String]
  private let names: [(name: [UInt8], isPayload: Bool)]
  private let bytes = Array("bytes".utf8)
  private let text = Array("text".utf8)

  private enum Tag: UInt8 {
    case null = 0
    case string = 1
    case other = 2
    case payload = 3
    case invalidBase64 = 4
  }

  /// Creates a builder for `fields`.
  public init(fields: [String]) {
    self.fields = fields
    names = fields.map { (Array($0.utf8), $0 == "payload") }
  }

  /// Writes the key of the scanned record `text` into `key`, replacing its contents.
  /// - Complexity: O(*n*) in the length of the key fields' values.
  public func build(
    _ text: UnsafeRawBufferPointer, scanner: JSONObjectScanner, into key: inout [UInt8]
  ) {
    key.removeAll(keepingCapacity: true)
    for (name, isPayload) in names {
      if isPayload {
        if let member = scanner.member(bytes, in: text), member.kind == .string {
          let start = beginField(&key)
          let raw = Self.stringContents(text, member)
          if Base64.decode(raw, into: &key) {
            endField(&key, start: start, tag: .payload)
          } else {
            key.removeSubrange(start...)
            appendField(&key, tag: .invalidBase64, raw)
          }
          continue
        }
        if let member = scanner.member(self.text, in: text), member.kind == .string {
          appendString(&key, text, member, tag: .payload)
          continue
        }
      }
      guard let member = scanner.member(name, in: text), member.kind != .null else {
        key.append(Tag.null.rawValue)
        continue
      }
      if member.kind == .string {
        appendString(&key, text, member, tag: .string)
      } else {
        appendField(&key, tag: .other, UnsafeRawBufferPointer(rebasing: text[member.value]))
      }
    }
  }

  // MARK: - Encoding

  /// The text between a string value's quotes.
  static func stringContents(_ text: UnsafeRawBufferPointer, _ member: JSONMember)
    -> UnsafeRawBufferPointer
  {
    UnsafeRawBufferPointer(
      rebasing: text[(member.value.lowerBound + 1)..<(member.value.upperBound - 1)])
  }

  private func appendString(
    _ key: inout [UInt8], _ text: UnsafeRawBufferPointer, _ member: JSONMember, tag: Tag
  ) {
    let raw = Self.stringContents(text, member)
    if raw.contains(UInt8(ascii: "\\")) {
      let start = beginField(&key)
      JSONString.decode(raw, into: &key)
      endField(&key, start: start, tag: tag)
    } else {
      appendField(&key, tag: tag, raw)
    }
  }

  private func appendField(_ key: inout [UInt8], tag: Tag, _ bytes: UnsafeRawBufferPointer) {
    key.append(tag.rawValue)
    appendLength(&key, bytes.count)
    key.append(contentsOf: bytes)
  }

  /// Reserves a tag and a length in front of bytes about to be appended; returns where they start.
  private func beginField(_ key: inout [UInt8]) -> Int {
    let start = key.count
    key.append(contentsOf: [0, 0, 0, 0, 0])
    return start
  }

  private func endField(_ key: inout [UInt8], start: Int, tag: Tag) {
    let length = key.count - start - 5
    key[start] = tag.rawValue
    for index in 0..<4 { key[start + 1 + index] = UInt8(truncatingIfNeeded: length >> (8 * index)) }
  }

  private func appendLength(_ key: inout [UInt8], _ length: Int) {
    for index in 0..<4 { key.append(UInt8(truncatingIfNeeded: length >> (8 * index))) }
  }
}
