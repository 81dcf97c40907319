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
  /// object with a string `bytes` (valid base64) or `text`, or its `text` is not Unicode text.
  ///
  /// - Complexity: O(*n*) in the length of the line.
  public mutating func payload(_ line: [UInt8]) -> [UInt8]? {
    try? readPayload(line)
  }

  /// The payload of the record `line` (one JSON object, no newline).
  ///
  /// - Throws: `DetectionRecordError.notARecord` if it is not a JSON object with a string `bytes`
  ///   (valid base64) or `text`; `.loneSurrogate` if the `text` it would take holds an escaped
  ///   surrogate that is not half of a pair, which stands for no character (it would otherwise
  ///   become U+FFFD, a payload other than the one written).
  /// - Complexity: O(*n*) in the length of the line.
  public mutating func readPayload(_ line: [UInt8]) throws(DetectionRecordError) -> [UInt8] {
    let result = line.withUnsafeBytes { text -> Result<[UInt8], DetectionRecordError> in
      guard scanner.scan(text) else { return .failure(.notARecord) }
      if let member = scanner.member(Array("bytes".utf8), in: text), member.kind == .string {
        let encoded = JSONString.decoded(Self.contents(of: member, in: text))
        var bytes: [UInt8] = []
        let isValid = encoded.withUnsafeBytes { Base64.decode($0, into: &bytes) }
        return isValid ? .success(bytes) : .failure(.notARecord)
      }
      if let member = scanner.member(Array("text".utf8), in: text), member.kind == .string {
        let contents = Self.contents(of: member, in: text)
        if let offset = JSONString.loneSurrogateOffset(in: contents) {
          let start = member.value.lowerBound + 1 + offset
          return .failure(
            .loneSurrogate(
              escape: String(decoding: text[start..<start + 6], as: UTF8.self), offset: start))
        }
        return .success(JSONString.decoded(contents))
      }
      return .failure(.notARecord)
    }
    return try result.get()
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

/// Why a line of qrdetect records holds no payload.
public enum DetectionRecordError: Error, Equatable, CustomStringConvertible {
  /// Not a JSON object with a string `text` or a base64 string `bytes`.
  case notARecord
  /// `text` holds `escape` (such as `\ud800`), a surrogate that is not half of a pair, at byte
  /// `offset` of the line (from 0).
  case loneSurrogate(escape: String, offset: Int)

  /// The error, lowercase, for `program: input:line: <description>`.
  public var description: String {
    switch self {
    case .notARecord: #"not a qrdetect record with "text" or "bytes""#
    case .loneSurrogate(let escape, let offset):
      #"byte \#(offset + 1): "text" holds the lone surrogate \#(escape), which is no"#
        + #" character (give the payload as "bytes")"#
    }
  }
}
