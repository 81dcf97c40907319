// SPDX-License-Identifier: MIT

import QRCore
import Testing

@testable import QRCommandLine
@testable import QRCommands

private let spec = CommandSpec(
  name: "demo", summary: "A demo.", operands: "[file ...]",
  options: [
    .flag("v", "verbose", "say more"),
    .value("s", "size", "WxH", "frame size"),
    .optionalValue(nil, "micro", "auto", "use Micro QR"),
  ])

@Test func longOptionsTakeValuesBothWays() throws {
  let parsed = try spec.parse(["--size", "640x480", "--size=320x240", "a"])
  #expect(parsed.all("size") == ["640x480", "320x240"])
  #expect(parsed.value("size") == "320x240")
  #expect(parsed.operands == ["a"])
}

@Test func shortOptionsBundleAndAttachValues() throws {
  let parsed = try spec.parse(["-vs640x480", "-s", "1x1", "-"])
  #expect(parsed.has("verbose"))
  #expect(parsed.all("size") == ["640x480", "1x1"])
  #expect(parsed.operands == ["-"])
}

@Test func doubleDashEndsOptions() throws {
  let parsed = try spec.parse(["--", "-v", "--size"])
  #expect(!parsed.has("verbose"))
  #expect(parsed.operands == ["-v", "--size"])
}

@Test func optionalValueOnlyAfterEquals() throws {
  let parsed = try spec.parse(["--micro", "file"])
  #expect(parsed.value("micro") == "")
  #expect(parsed.operands == ["file"])
  #expect(try spec.parse(["--micro=auto"]).value("micro") == "auto")
}

@Test(arguments: [
  (["--frobnicate"], "unknown option '--frobnicate'"),
  (["-x"], "unknown option '-x'"),
  (["--size"], "missing value for '--size WxH'"),
  (["-s"], "missing value for '-s WxH'"),
  (["--verbose=yes"], "option '--verbose' takes no value"),
  (["---x"], "unknown option '---x'"),
  (["--ver"], "option '--ver' is ambiguous: it could be --verbose, --version"),
  (["--sise", "1"], "unknown option '--sise'; did you mean '--size'?"),
  (["--verbsoe"], "unknown option '--verbsoe'; did you mean '--verbose'?"),
  (["--mikro=auto"], "unknown option '--mikro=auto'; did you mean '--micro'?"),
])
func usageErrorsNameTheWord(arguments: [String], message: String) {
  #expect(throws: UsageError(message)) { try spec.parse(arguments) }
}

@Test func longOptionsAbbreviateToAPrefixNoOtherShares() throws {
  let parsed = try spec.parse(["--siz", "1", "--verb", "--mi=auto", "--s=2"])
  #expect(parsed.all("size") == ["1", "2"])
  #expect(parsed.has("verbose"))
  #expect(parsed.value("micro") == "auto")
  // An exact name wins over a longer name it is a prefix of.
  let overlapping = CommandSpec(
    name: "demo", summary: "A demo.", operands: "",
    options: [.flag(nil, "miss", "one"), .flag(nil, "miss-status", "two")])
  #expect(try overlapping.parse(["--miss"]).has("miss"))
  #expect(try overlapping.parse(["--miss-"]).has("miss-status"))
}

@Test func editDistanceCountsASwapAsOneEdit() {
  #expect(CommandSpec.editDistance(Array("summary".utf8), Array("sumamry".utf8)) == 1)
  #expect(CommandSpec.editDistance(Array("size".utf8), Array("sise".utf8)) == 1)
  #expect(CommandSpec.editDistance(Array("".utf8), Array("abc".utf8)) == 3)
  #expect(CommandSpec.editDistance(Array("kitten".utf8), Array("sitting".utf8)) == 3)
}

@Test func numbersAreRangeChecked() throws {
  let parsed = try spec.parse(["--size", "12"])
  #expect(try parsed.integer("size", in: 1...20) == 12)
  #expect(throws: UsageError.self) { try parsed.integer("size", in: 1...5) }
  #expect(throws: UsageError.self) { try spec.parse(["--size", "x"]).number("size", in: 0...1) }
}

@Test func helpListsEveryOption() {
  let help = spec.helpText
  #expect(help.hasPrefix("usage: demo [options] [file ...]\n"))
  for option in spec.options { #expect(help.contains("--" + option.long)) }
  #expect(help.contains("--micro[=auto]"))
}

@Test func sanitizedEscapesTerminalControls() {
  #expect(Diagnostics.sanitized("a\u{1B}[31mb\n") == "a\\x1B[31mb\\n")
  #expect(Diagnostics.sanitized("\u{202E}x") == "\\u{202E}x")
  #expect(Diagnostics.sanitized("héllo") == "héllo")
  #expect(Diagnostics.sanitized(bytes: [0x41, 0xFF, 0x42, 0xC3, 0xA9]) == "A\\xFFBé")
}
