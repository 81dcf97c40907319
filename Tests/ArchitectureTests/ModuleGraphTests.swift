// SPDX-License-Identifier: MIT
// The module graph of ARCHITECTURE.md, checked against Package.swift and every import.

import Foundation
import Testing

/// The repository's root: this file is Tests/ArchitectureTests/ModuleGraphTests.swift.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent()

/// One row of the `modules` block: the package modules and the system modules a module may
/// import.
struct ModuleRule: Equatable {
  var name: String
  var modules: [String]
  var system: [String]
}

/// The rows of ARCHITECTURE.md's `modules` block, in order.
func moduleRules() throws -> [ModuleRule] {
  let text = try String(
    contentsOf: repositoryRoot.appendingPathComponent("ARCHITECTURE.md"), encoding: .utf8)
  guard let start = text.range(of: "```modules\n"),
    let end = text.range(of: "\n```", range: start.upperBound..<text.endIndex)
  else { throw ArchitectureError("ARCHITECTURE.md has no ```modules block") }
  return try text[start.upperBound..<end.lowerBound].split(separator: "\n").map { line in
    let parts = line.split(separator: ":", maxSplits: 1)
    let sides =
      parts.count == 2 ? parts[1].split(separator: "|", omittingEmptySubsequences: false) : []
    guard sides.count == 2 else { throw ArchitectureError("malformed modules row: \(line)") }
    func names(_ side: Substring) -> [String] {
      side.split(separator: " ").map(String.init).filter { $0 != "-" }
    }
    return ModuleRule(
      name: parts[0].trimmingCharacters(in: .whitespaces), modules: names(sides[0]),
      system: names(sides[1]))
  }
}

struct ArchitectureError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}

/// The targets of Package.swift, test targets included, and their dependencies, as SwiftPM reads
/// them.
func packageTargets() throws -> [String: [String]] {
  // Inside a directory of its own, which is also SwiftPM's temporary directory (where it puts
  // the scratch path's lock file), all removed afterwards.
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("qrpipe-dump-package-\(getpid())")
  let scratch = directory.appendingPathComponent("scratch")
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: directory) }
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": directory.path]) {
    $1
  }
  // A scratch path of its own, so that it never waits for the lock of the running build.
  process.arguments = [
    "swift", "package", "--package-path", repositoryRoot.path, "--scratch-path", scratch.path,
    "dump-package",
  ]
  let output = Pipe()
  process.standardOutput = output
  process.standardError = FileHandle.nullDevice
  try process.run()
  let data = output.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  guard process.terminationStatus == 0,
    let json = try JSONSerialization.jsonObject(with: data) as? [String: Any],
    let targets = json["targets"] as? [[String: Any]]
  else { throw ArchitectureError("swift package dump-package failed") }
  var result: [String: [String]] = [:]
  for target in targets {
    guard let name = target["name"] as? String else { continue }
    // Fixtures for the tests (the fake camera) live under Tests/ and are not modules of ours.
    if let path = target["path"] as? String, path.hasPrefix("Tests/") { continue }
    let dependencies = (target["dependencies"] as? [[String: Any]] ?? []).compactMap {
      dependency -> String? in
      let reference = dependency["byName"] ?? dependency["target"] ?? dependency["product"]
      return (reference as? [Any])?.first as? String
    }
    result[name] = dependencies
  }
  return result
}

/// The modules `file` imports, whatever the attributes (`@testable`, `@_exported`,
/// `@preconcurrency`) and access modifiers before `import`.
func imports(of file: URL) throws -> [String] {
  let text = try String(contentsOf: file, encoding: .utf8)
  var modules: [String] = []
  // Lines of multi-line string literals (a test's embedded Python script) are not Swift.
  var isInMultilineString = false
  for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
    // `\"""` inside a literal is text, not a delimiter.
    let delimiters =
      line.components(separatedBy: "\"\"\"").count - line.components(separatedBy: "\\\"\"\"").count
    if isInMultilineString || delimiters > 0 {
      if delimiters % 2 == 1 { isInMultilineString.toggle() }
      continue
    }
    let words = line.split(separator: " ").filter { !$0.hasPrefix("@") }
    guard let at = words.firstIndex(of: "import"), at < words.count - 1,
      words[..<at].allSatisfy({ ["public", "internal", "package", "private"].contains($0) })
    else { continue }
    var module = words[at + 1]
    // `import struct Glibc.stat` names its module before the dot.
    if ["struct", "class", "enum", "func", "var", "let", "protocol", "typealias"].contains(module),
      at + 2 < words.count
    {
      module = words[at + 2]
    }
    modules.append(String(module.split(separator: ".")[0]))
  }
  return modules
}

@Test func packageSwiftDeclaresExactlyTheGraphOfArchitectureMd() throws {
  let rules = try moduleRules()
  let targets = try packageTargets()
  #expect(
    Set(rules.map(\.name)) == Set(targets.keys), "modules in ARCHITECTURE.md vs Package.swift")
  for rule in rules {
    guard let declared = targets[rule.name] else { continue }
    #expect(Set(declared) == Set(rule.modules), "\(rule.name)'s dependencies in Package.swift")
  }
}

@Test func everyModuleIsAboveTheModulesThatImportIt() throws {
  var seen: Set<String> = []
  for rule in try moduleRules() {
    for module in rule.modules {
      #expect(seen.contains(module), "\(rule.name) may import \(module), which is not above it")
    }
    seen.insert(rule.name)
  }
}

@Test func everySourceFileImportsOnlyWhatItsModuleMay() throws {
  var checked = 0
  var checkedTests = 0
  for rule in try moduleRules() {
    let allowed = Set(rule.modules + rule.system + [rule.name])
    // A module's sources are in Sources/<name>, a test target's in Tests/<name>.
    let isTest = FileManager.default.fileExists(
      atPath: repositoryRoot.appendingPathComponent("Tests/\(rule.name)").path)
    let directory = repositoryRoot.appendingPathComponent(
      isTest ? "Tests/\(rule.name)" : "Sources/\(rule.name)")
    guard let files = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)
    else { continue }
    for case let file as URL in files where file.pathExtension == "swift" {
      checked += 1
      if isTest { checkedTests += 1 }
      for module in try imports(of: file) where !allowed.contains(module) {
        Issue.record("\(file.path) imports \(module), which \(rule.name) may not")
      }
    }
  }
  #expect(checked > 100, "the check found only \(checked) source files")
  #expect(checkedTests > 50, "the check found only \(checkedTests) test files")
}

@Test func theImportScannerSeesEveryForm() throws {
  let file = FileManager.default.temporaryDirectory.appendingPathComponent(
    "imports-\(getpid()).swift")
  defer { try? FileManager.default.removeItem(at: file) }
  try """
  import QRImage
  @testable import QRVision
  @_exported import QRCodec
  @preconcurrency import Glibc
  public import QRStream
  import struct Foundation.URL
  // import NotAModule
  let text = "import Nothing"
  let script = \"""
    import sys
    \"""
  import Testing
  """.write(to: file, atomically: false, encoding: .utf8)
  #expect(
    try imports(of: file) == [
      "QRImage", "QRVision", "QRCodec", "Glibc", "QRStream", "Foundation", "Testing",
    ])
}
