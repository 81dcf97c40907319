// SPDX-License-Identifier: MIT
// The validating object scanner: what it accepts, what it refuses, and the members it finds.

import Foundation
import Testing

@testable import QRRecords

private func scan(_ text: String) -> (ok: Bool, scanner: JSONObjectScanner) {
  var scanner = JSONObjectScanner()
  let ok = Array(text.utf8).withUnsafeBytes { scanner.scan($0) }
  return (ok, scanner)
}

private func scan(bytes: [UInt8]) -> Bool {
  var scanner = JSONObjectScanner()
  return bytes.withUnsafeBytes { scanner.scan($0) }
}

private let valid = [
  "{}", " {} ", "{}\n", "{}\r\n", "\t{ }\t", "{\"a\":1}", "{\"a\":-0.5e+10,\"b\":0,\"c\":-0}",
  "{\"a\":\"}\"}", "{\"a\":\"{[\\\"\"}", "{\"a\":{\"b\":{\"c\":[1,[2,{}],[]]}}}",
  "{\"a\":true,\"b\":false,\"c\":null}", "{\"\\u00e9\\ud83d\\ude00\":\"\\/\\b\\f\\n\\r\\t\"}",
  "{\"é\":\"😀 \u{7F}\"}", "{\"a\":1,\"a\":2}", "{\"a\" : [ 1 , 2 ] }", "{\"\":\"\"}",
  "{\"a\":1E5,\"b\":1e-5,\"c\":123456789012345678901234567890}",
]

private let invalid = [
  "", " ", "[]", "1", "\"{}\"", "null", "{", "}", "{}}", "{} {}", "{}x", "{\"a\"}", "{\"a\":}",
  "{\"a\":1,}", "{,}", "{\"a\":1 \"b\":2}", "{a:1}", "{'a':1}", "{\"a\":01}", "{\"a\":1.}",
  "{\"a\":.5}", "{\"a\":+1}", "{\"a\":1e}", "{\"a\":-}", "{\"a\":tru}", "{\"a\":nul}",
  "{\"a\":True}", "{\"a\":\"\\x\"}", "{\"a\":\"\\u12\"}", "{\"a\":\"\\u12G4\"}",
  "{\"a\":\"unterminated}", "{\"a\":\"tab\there\"}", "{\"a\":[1,2}", "{\"a\":{\"b\":1]}",
  "{\"a\":[1,]}", "{\"a\":NaN}", "{\"a\":Infinity}", "{\"a\":1}\u{0B}", "\u{FEFF}{}",
  "{\"a\":1}//",
]

@Test(arguments: valid)
func acceptsObjects(_ text: String) throws {
  #expect(scan(text).ok)
  // The oracle agrees that it is a JSON object.
  let value = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
  #expect(value is [String: Any])
}

@Test(arguments: invalid)
func refusesEverythingElse(_ text: String) {
  #expect(!scan(text).ok)
}

@Test func refusesInvalidUTF8() {
  let cases: [[UInt8]] = [
    [0xFF], [0xC0, 0x80], [0xC3], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
    [0xF8, 0x88, 0x80, 0x80, 0x80], [0x80], [0xE2, 0x82],
  ]
  for bytes in cases {
    #expect(!scan(bytes: Array("{\"a\":\"".utf8) + bytes + Array("\"}".utf8)), "\(bytes)")
  }
  #expect(!scan(bytes: Array("{\"a\":1}".utf8) + [0xC3, 0xA9]))
  #expect(
    scan(bytes: Array("{\"a\":\"".utf8) + [0xC3, 0xA9, 0xF0, 0x9F, 0x98, 0x80] + Array("\"}".utf8)))
}

@Test func nestingIsBounded() {
  let depth = JSONObjectScanner.maximumDepth
  let ok =
    "{\"a\":" + String(repeating: "[", count: depth - 1) + String(repeating: "]", count: depth - 1)
    + "}"
  #expect(scan(ok).ok)
  let deep =
    "{\"a\":" + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}"
  #expect(!scan(deep).ok)
  // Deep enough to overflow a recursive parser's stack: refused, not a crash.
  #expect(!scan("{\"a\":" + String(repeating: "[", count: 1_000_000)).ok)
}

@Test func findsTopLevelMembersOnly() throws {
  let text =
    "{ \"frame\" : 12, \"inner\":{\"time\":9,\"x\":\"}\"}, \"time\":0.4,\"corners\":[[1,2]],\"s\":\"a\\\"b\" }"
  let (ok, scanner) = scan(text)
  #expect(ok)
  let bytes = Array(text.utf8)
  func value(_ name: String) -> String? {
    bytes.withUnsafeBytes { buffer in
      scanner.member(Array(name.utf8), in: buffer).map {
        String(decoding: bytes[$0.value], as: UTF8.self)
      }
    }
  }
  #expect(scanner.members.count == 5)
  #expect(value("frame") == "12")
  #expect(value("time") == "0.4")
  #expect(value("inner") == "{\"time\":9,\"x\":\"}\"}")
  #expect(value("corners") == "[[1,2]]")
  #expect(value("s") == "\"a\\\"b\"")
  #expect(value("x") == nil)
  #expect(scanner.members.map(\.kind) == [.number, .object, .number, .array, .string])
  #expect(String(decoding: bytes[scanner.objectRange], as: UTF8.self).hasSuffix("\"a\\\"b\" }"))
}

@Test func escapedNamesMatchDecoded() throws {
  let text = "{\"t\\u0069me\":1,\"time\":2,\"x\":3}"
  let (ok, scanner) = scan(text)
  #expect(ok)
  let bytes = Array(text.utf8)
  // Duplicates: the last wins.
  let index = bytes.withUnsafeBytes { scanner.index(of: Array("time".utf8), in: $0) }
  #expect(index == 1)
  let first = "{\"t\\u0069me\":1,\"x\":3}"
  let (_, other) = scan(first)
  #expect(Array(first.utf8).withUnsafeBytes { other.index(of: Array("time".utf8), in: $0) } == 0)
}

@Test func veryLongLines() {
  let long = String(repeating: "x", count: 4 << 20)
  #expect(scan("{\"text\":\"\(long)\"}").ok)
  #expect(!scan("{\"text\":\"\(long)}").ok)
  let many = "{" + (0..<10_000).map { "\"k\($0)\":\($0)" }.joined(separator: ",") + "}"
  let (ok, scanner) = scan(many)
  #expect(ok)
  #expect(scanner.members.count == 10_000)
}

@Test(arguments: [
  ("0", 0.0), ("0.4", 0.4), ("-1.25", -1.25), ("1712345678.125", 1712345678.125),
  ("123456789012345678", 1.2345678901234568e17), ("1e3", 1000), ("2.5E-3", 0.0025),
  ("0.1", 0.1), ("9007199254740993", 9007199254740992), ("1e400", .nan),
])
func numbersParseExactly(_ text: String, _ expected: Double) {
  let value = Array(text.utf8).withUnsafeBytes { JSONString.number($0) }
  if expected.isNaN {
    #expect(value == nil)
  } else {
    #expect(value == expected)
    #expect(value == Double(text))
  }
}

@Test func stringsDecode() {
  let cases: [(String, [UInt8])] = [
    ("plain", Array("plain".utf8)), ("a\\\"b\\\\c\\/d", Array("a\"b\\c/d".utf8)),
    ("\\b\\f\\n\\r\\t", [8, 12, 10, 13, 9]), ("\\u00e9", [0xC3, 0xA9]),
    ("\\ud83d\\ude00", [0xF0, 0x9F, 0x98, 0x80]), ("\\ud83dx", [0xEF, 0xBF, 0xBD, 0x78]),
    ("\\u0000", [0]),
  ]
  for (raw, expected) in cases {
    #expect(Array(raw.utf8).withUnsafeBytes { JSONString.decoded($0) } == expected, "\(raw)")
  }
}
