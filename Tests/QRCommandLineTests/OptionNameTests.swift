// SPDX-License-Identifier: MIT
// Options: read back by an enum's cases, checked against the option table.

import Testing

@testable import QRCommandLine

/// A command line of two options and the enum of their names.
private let spec = CommandSpec(
  name: "demo", summary: "A demo.", operands: "[file ...]",
  options: [.flag("0", "null", "end with NUL"), .value(nil, "max-count", "N", "at most N")])

private enum DemoOption: String, OptionName {
  case null
  case maxCount = "max-count"
}

/// An enum with one case misspelt and one missing.
private enum MisspeltOption: String, OptionName {
  case nul
}

@Test func optionsAreReadBackByTheirNamesCases() throws {
  let options = Options<DemoOption>(try spec.parse(["-0", "--max-count=3", "a"]))
  #expect(options.has(.null))
  #expect(try options.integer(.maxCount, in: 1...9) == 3)
  #expect(options.operands == ["a"])
  #expect(!Options<DemoOption>(try spec.parse([])).has(.null))
}

@Test func namesThatDisagreeWithTheTableAreReported() {
  #expect(spec.undeclaredNames(DemoOption.self) == [])
  #expect(
    spec.undeclaredNames(MisspeltOption.self) == [
      "demo: no option --nul", "demo: --null has no case", "demo: --max-count has no case",
    ])
}
