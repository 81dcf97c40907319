// SPDX-License-Identifier: MIT
// --help, the man pages and the completion files name the same options (one source of truth).

import Foundation
import QRCommandLine
import QRCommands
import QRCore
import Testing

private func contents(_ relativePath: String) throws -> String {
  try String(
    contentsOf: ToolRunner.packageRoot.appendingPathComponent(relativePath), encoding: .utf8)
}

/// Long option names in a man page's option list: `.It Fl d , Fl -device Ar path` → "device".
private func manPageOptions(_ page: String) -> (long: Set<String>, short: Set<String>) {
  var long = Set<String>()
  var short = Set<String>()
  for line in page.split(separator: "\n") where line.hasPrefix(".It Fl ") {
    let words = line.split(separator: " ")
    for (index, word) in words.enumerated() where word == "Fl" && index + 1 < words.count {
      let name = words[index + 1].replacingOccurrences(of: "\\-", with: "-")
      if name.hasPrefix("-") {
        long.insert(String(name.dropFirst()).components(separatedBy: "=")[0])
      } else {
        short.insert(String(name))
      }
    }
  }
  return (long, short)
}

@Test(arguments: ToolCatalog.all.map(\.name))
func manPageListsExactlyTheOptions(tool: String) throws {
  let spec = try #require(ToolCatalog.all.first { $0.name == tool })
  let page = try contents("man/\(tool).1")
  let listed = manPageOptions(page)
  #expect(listed.long == Set(spec.options.map(\.long)), "man/\(tool).1 option list")
  #expect(listed.short == Set(spec.options.compactMap { $0.short.map(String.init) }))
  for status in ExitStatus.allCases
  where status != .nothingFound && (status != .someInputsMissed || tool == "qrdetect") {
    #expect(page.contains(".It \(status.rawValue)"), "EXIT STATUS lists \(status.rawValue)")
  }
}

@Test(arguments: ToolCatalog.all.map(\.name))
func helpNamesEveryOption(tool: String) throws {
  let spec = try #require(ToolCatalog.all.first { $0.name == tool })
  let help = try ToolRunner.run(tool, ["--help"]).output
  for option in spec.options {
    #expect(help.contains("--" + option.long), "--\(option.long) in --help")
  }
}

@Test(arguments: ToolCatalog.all.map(\.name), ["bash", "zsh", "fish"])
func completionFileIsGeneratedFromTheOptionTable(tool: String, shell: String) throws {
  let spec = try #require(ToolCatalog.all.first { $0.name == tool })
  let expected: String
  switch shell {
  case "bash": expected = Completions.bash(spec)
  case "zsh": expected = Completions.zsh(spec)
  default: expected = Completions.fish(spec)
  }
  let path = "completions/" + Completions.fileName(for: spec, shell: shell)
  if ProcessInfo.processInfo.environment["QRPIPE_UPDATE_COMPLETIONS"] == "1" {
    try expected.write(
      to: ToolRunner.packageRoot.appendingPathComponent(path), atomically: true, encoding: .utf8)
  }
  #expect(
    try contents(path) == expected,
    "\(path) is stale: run QRPIPE_UPDATE_COMPLETIONS=1 swift test --filter completionFile")
  for option in spec.options { #expect(expected.contains(option.long)) }
}

@Test func completionScriptsAreValidShell() throws {
  for spec in ToolCatalog.all {
    let bash = try ToolRunner.runExecutable(
      "/bin/bash",
      ["-n", ToolRunner.packageRoot.appendingPathComponent("completions/\(spec.name).bash").path])
    #expect(bash.status == 0, "\(bash.errors)")
  }
}
