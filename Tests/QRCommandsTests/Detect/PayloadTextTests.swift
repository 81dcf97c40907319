// SPDX-License-Identifier: MIT
// qrdetect --print text: escaping for a terminal, and payloads that would not read back as one.

import Testing

@testable import QRCommandLine
@testable import QRCommands

private func escaped(_ bytes: [UInt8]) -> String {
  String(decoding: PayloadText.escaped(bytes), as: UTF8.self)
}

@Test func terminalControlsAreEscapedAndBackslashesDoubled() {
  #expect(escaped(Array("plain text, é €".utf8)) == "plain text, é €")
  #expect(escaped([0x1B] + Array("[2J".utf8)) == #"\x1B[2J"#)
  #expect(escaped([0x00, 0x07, 0x7F]) == #"\x00\x07\x7F"#)
  #expect(escaped(Array("a\nb\tc\rd".utf8)) == #"a\nb\tc\rd"#)
  // An escape written by the payload itself stays distinguishable from one we wrote.
  #expect(escaped(Array(#"\x1B"#.utf8)) == #"\\x1B"#)
  // C1 controls as UTF-8, bidirectional overrides and zero-width characters.
  #expect(escaped([0xC2, 0x9B]) == #"\u{009B}"#)
  #expect(escaped(Array("a\u{202E}b\u{200B}".utf8)) == #"a\u{202E}b\u{200B}"#)
  // Every invisible format character, line and paragraph separators included (issue 28).
  #expect(escaped(Array("a\u{2028}b\u{2029}c".utf8)) == #"a\u{2028}b\u{2029}c"#)
  #expect(
    escaped(Array("\u{2066}\u{2069}\u{FEFF}\u{00AD}".utf8)) == #"\u{2066}\u{2069}\u{FEFF}\u{00AD}"#)
  #expect(Diagnostics.sanitized("a\u{2028}\u{202E}b") == #"a\u{2028}\u{202E}b"#)
  // Bytes that are not UTF-8: lone continuation, truncated sequence, overlong, surrogate.
  #expect(escaped([0x80, 0x41]) == #"\x80A"#)
  #expect(escaped([0xE2, 0x82]) == #"\xE2\x82"#)
  #expect(escaped([0xC0, 0xAF]) == #"\xC0\xAF"#)
  #expect(escaped([0xED, 0xA0, 0x80]) == #"\xED\xA0\x80"#)
  #expect(escaped([0xFF, 0xFE]) == #"\xFF\xFE"#)
}

@Test func aPayloadHoldingItsTerminatorIsWrittenAsItIsAndFlagged() {
  let lines = PayloadText(terminator: 0x0A, escapesControls: false)
  #expect(lines.item(for: Array("one".utf8)) == Array("one\n".utf8))
  #expect(!lines.isAmbiguous(Array("one".utf8)))
  // As zbarimg --raw: a vCard's or `echo URL | qrencode`'s newlines are kept (issue 27).
  #expect(lines.item(for: Array("a\nb".utf8)) == Array("a\nb\n".utf8))
  #expect(lines.isAmbiguous(Array("a\nb".utf8)))
  #expect(lines.item(for: [0x61, 0, 0x1B]) == [0x61, 0, 0x1B, 0x0A])
  // In a pipe the bytes stay exact, invisible characters included.
  let spoof = Array("https://example.com/\u{202E}gpj.exe\u{2028}".utf8)
  #expect(lines.item(for: spoof) == spoof + [0x0A])
  let nul = PayloadText(terminator: 0, escapesControls: false)
  #expect(nul.item(for: Array("a\nb".utf8)) == Array("a\nb\0".utf8))
  #expect(!nul.isAmbiguous(Array("a\nb".utf8)))
  #expect(nul.item(for: [0x61, 0]) == [0x61, 0, 0])
  #expect(nul.isAmbiguous([0x61, 0]))
  let terminal = PayloadText(terminator: 0x0A, escapesControls: true)
  #expect(terminal.item(for: Array("a\nb".utf8)) == Array(#"a\nb"#.utf8) + [0x0A])
  #expect(!terminal.isAmbiguous(Array("a\nb".utf8)))
  #expect(terminal.item(for: [0]) == Array(#"\x00"#.utf8) + [0x0A])
}
