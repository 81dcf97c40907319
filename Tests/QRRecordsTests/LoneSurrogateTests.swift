// SPDX-License-Identifier: MIT
// Escaped surrogates that are not half of a pair: found, and refused where text must be exact.

import Testing

@testable import QRRecords

private func offset(_ raw: String) -> Int? {
  Array(raw.utf8).withUnsafeBytes { JSONString.loneSurrogateOffset(in: $0) }
}

@Test func loneSurrogatesAreFoundWherePairsAreNot() {
  #expect(offset(#"plain"#) == nil)
  #expect(offset(#"\ud83d\ude00 and \u00e9"#) == nil)
  #expect(offset(#"a\ud800"#) == 1)
  #expect(offset(#"a\ud800b"#) == 1)
  #expect(offset(#"\ude00"#) == 0)
  #expect(offset(#"\ud83d\u0041"#) == 0)
  #expect(offset(#"\ud83d\ud83d\ude00"#) == 0)
  #expect(offset(#"ok \ud83d\ude00 \uDFFF"#) == 16)
  // An escaped backslash followed by "ud800" is text, not an escape.
  #expect(offset(#"\\ud800"#) == nil)
  #expect(offset(#"\\\ud800"#) == 2)
}

@Test func aRecordWhoseTextHoldsALoneSurrogateHasNoPayload() {
  var reader = DetectionRecordReader()
  let line = Array(#"{"frame":0,"text":"x\udc00y"}"#.utf8)
  #expect(throws: DetectionRecordError.loneSurrogate(escape: #"\udc00"#, offset: 20)) {
    try reader.readPayload(line)
  }
  #expect(reader.payload(line) == nil)
  // "bytes" wins, so the text does not matter then.
  let withBytes = Array(#"{"text":"\ud800","bytes":"AP8="}"#.utf8)
  #expect(reader.payload(withBytes) == [0, 0xFF])
  #expect(reader.payload(Array(#"{"text":"\ud83d\ude00"}"#.utf8)) == Array("😀".utf8))
  #expect(throws: DetectionRecordError.notARecord) { try reader.readPayload(Array("[]".utf8)) }
}
