// SPDX-License-Identifier: MIT
// The event writer: key order, commas, escaping (round-tripped through Foundation), base64.

import Foundation
import Testing

@testable import QRRecords

@Test func writesMembersInOrderWithCommas() {
  var writer = JSONWriter()
  writer.beginObject()
  writer.key("event")
  writer.string("enter")
  writer.key("list")
  writer.beginArray()
  writer.integer(1)
  writer.number(0.5)
  writer.boolean(true)
  writer.null()
  writer.beginObject()
  writer.endObject()
  writer.endArray()
  writer.key("time")
  writer.number(1712345678.125)
  writer.key("whole")
  writer.number(3)
  writer.key("raw")
  Array("{\"a\": [1]}".utf8).withUnsafeBytes { writer.raw($0) }
  writer.key("infinite")
  writer.number(.infinity)
  writer.endObject()
  writer.newline()
  #expect(
    String(decoding: writer.bytes, as: UTF8.self)
      == "{\"event\":\"enter\",\"list\":[1,0.5,true,null,{}],\"time\":1712345678.125,\"whole\":3,"
      + "\"raw\":{\"a\": [1]},\"infinite\":null}\n")
  writer.reset()
  writer.beginArray()
  writer.endArray()
  #expect(writer.bytes == Array("[]".utf8))
}

@Test func escapingRoundTrips() throws {
  var samples = [
    "", "plain", "quote \" backslash \\ slash /", "\u{0}\u{1}\u{1F}\u{7F}", "é 😀 \u{2028}",
    "\u{80}\u{9B}[2J\u{9F}\u{A0}Â\u{C2}", "\u{9B}",
  ]
  samples.append(String((0..<256).map { Character(Unicode.Scalar(UInt8($0))) }))
  var generator = SystemRandomNumberGenerator()
  for _ in 0..<200 {
    let scalars = (0..<Int.random(in: 0..<20, using: &generator)).compactMap { _ in
      Unicode.Scalar(UInt32.random(in: 0..<0x11_0000, using: &generator))
    }
    samples.append(String(String.UnicodeScalarView(scalars)))
  }
  for sample in samples {
    var writer = JSONWriter()
    writer.beginObject()
    writer.key(sample)
    writer.string(sample)
    writer.endObject()
    let decoded = try JSONSerialization.jsonObject(with: Data(writer.bytes)) as? [String: String]
    #expect(decoded == [sample: sample])
    // No DEL, no C1 control (C2 80...C2 9F in UTF-8) reaches a terminal showing the events.
    #expect(!writer.bytes.contains(0x7F))
    #expect(!zip(writer.bytes, writer.bytes.dropFirst()).contains { $0 == 0xC2 && $1 < 0xA0 })
    // And our own scanner accepts what our writer writes.
    var scanner = JSONObjectScanner()
    #expect(writer.bytes.withUnsafeBytes { scanner.scan($0) })
  }
}

@Test(arguments: [
  ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="),
  ("fooba", "Zm9vYmE="), ("foobar", "Zm9vYmFy"),
])
func base64KnownAnswers(_ plain: String, _ encoded: String) {
  // RFC 4648, section 10.
  var output: [UInt8] = []
  Base64.encode(Array(plain.utf8), into: &output)
  #expect(output == Array(encoded.utf8))
  var decoded: [UInt8] = []
  #expect(Array(encoded.utf8).withUnsafeBytes { Base64.decode($0, into: &decoded) })
  #expect(decoded == Array(plain.utf8))
}

@Test func base64RefusesNonBase64() {
  for text in ["a", "Zm9v!", "Zm9v YmFy", "Zg=", "Zg===", "Z===", "-_8="] {
    var decoded: [UInt8] = []
    #expect(!Array(text.utf8).withUnsafeBytes { Base64.decode($0, into: &decoded) }, "\(text)")
  }
  var unpadded: [UInt8] = []
  #expect(Array("Zm8".utf8).withUnsafeBytes { Base64.decode($0, into: &unpadded) })
  #expect(unpadded == Array("fo".utf8))
  let bytes = (0..<1000).map { _ in UInt8.random(in: 0...255) }
  var text: [UInt8] = []
  Base64.encode(bytes, into: &text)
  #expect(text == Array(Data(bytes).base64EncodedString().utf8))
}

@Test func invisibleFormatCharactersAreEscaped() {
  var writer = JSONWriter()
  writer.string("a\u{202E}b\u{2028}c\u{FEFF}d\u{E0041}e\u{200D}f")
  #expect(
    String(decoding: writer.bytes, as: UTF8.self)
      == #""a\u202eb\u2028c\ufeffd\udb40\udc41e\u200df""#)
}
