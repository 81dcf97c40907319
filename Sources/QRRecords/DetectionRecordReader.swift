// SPDX-License-Identifier: MIT
// The payload of one of qrdetect's JSON records, for qrrender --json.

/// Takes the payload out of qrdetect's JSON records (see qrdetect(1)).
///
/// A record carries `bytes` (base64) when its text alone would lose or alter bytes, and `text`
/// otherwise; `bytes` wins when both are present, so the payload is exact either way.
///
///     var reader = DetectionRecordReader()
///     reader.payload(Array(#"{"frame":0,"text":"hello"}"#.utf8))  // Array("hello".utf8)
public struct DetectionRecordReader: Sendable {
  private var scanner = JSONObjectScanner()

  /// Creates a reader.
  public init() {}

  /// The payload of the record `line` (one JSON object, no newline), or nil if it is not a JSON
  /// object with a string `bytes` (valid base64) or `text`.
  ///
  /// - Complexity: O(*n*) in the length of the line.
  public mutating func payload(_ line: [UInt8]) -> [UInt8]? {
    line.withUnsafeBytes { text -> [UInt8]? in
      guard scanner.scan(text) else { return nil }
      if let member = scanner.member(Array("bytes".utf8), in: text), member.kind == .string {
        let encoded = JSONString.decoded(Self.contents(of: member, in: text))
        var bytes: [UInt8] = []
        let isValid = encoded.withUnsafeBytes { Base64.decode($0, into: &bytes) }
        return isValid ? bytes : nil
      }
      if let member = scanner.member(Array("text".utf8), in: text), member.kind == .string {
        return JSONString.decoded(Self.contents(of: member, in: text))
      }
      return nil
    }
  }

  /// The file name the record `line` came from, as bytes: `source_bytes` (base64) when present,
  /// else `source`; nil if the line is not a JSON object with either.
  ///
  /// - Complexity: O(*n*) in the length of the line.
  public mutating func source(_ line: [UInt8]) -> [UInt8]? {
    line.withUnsafeBytes { text -> [UInt8]? in
      guard scanner.scan(text) else { return nil }
      if let member = scanner.member(Array("source_bytes".utf8), in: text),
        member.kind == .string
      {
        let encoded = JSONString.decoded(Self.contents(of: member, in: text))
        var bytes: [UInt8] = []
        let isValid = encoded.withUnsafeBytes { Base64.decode($0, into: &bytes) }
        return isValid ? bytes : nil
      }
      if let member = scanner.member(Array("source".utf8), in: text), member.kind == .string {
        return JSONString.decoded(Self.contents(of: member, in: text))
      }
      return nil
    }
  }

  /// A string member's text between its quotes.
  private static func contents(
    of member: JSONMember, in text: UnsafeRawBufferPointer
  ) -> UnsafeRawBufferPointer {
    UnsafeRawBufferPointer(
      rebasing: text[member.value.lowerBound + 1..<member.value.upperBound - 1])
  }
}
