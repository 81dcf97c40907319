// SPDX-License-Identifier: MIT
// Every fuzz target of Fuzz/ still compiles against the package as built, so none can rot unseen.

import Foundation
import Testing

/// The fuzz package (Fuzz/) is built only by scripts/fuzz, with `-sanitize=fuzzer` in release,
/// which takes minutes; a change to a public API once broke `FuzzDedupeLines` for weeks (issue
/// 28). These tests type-check each target's sources with `swiftc -typecheck` against the modules
/// `swift build` already made for the tests, in a few seconds: `FuzzSupport` is compiled to a
/// module first, and `FuzzCommandLine` and `FuzzTool` (QRCommandLine's and QRCommands' sources
/// under other names) are the built `QRCommandLine` and `QRCommands` through `-module-alias`.
@Suite(.serialized) struct FuzzTargetTests {
  static let fuzz = ToolRunner.packageRoot.appendingPathComponent("Fuzz")

  /// The executable targets: every directory of Fuzz/Sources but the three library targets.
  static let targets: [String] = {
    let names =
      (try? FileManager.default.contentsOfDirectory(
        atPath: fuzz.appendingPathComponent("Sources").path)) ?? []
    let libraries: Set = ["FuzzSupport", "FuzzCommandLine", "FuzzTool"]
    return names.filter { !libraries.contains($0) }.sorted()
  }()

  /// The compiler flags that find the built modules and the C modules' module maps.
  static let searchFlags: [String] = {
    let products = ToolRunner.productsDirectory
    var flags = ["-I", products.appendingPathComponent("Modules").path]
    let builds = (try? FileManager.default.contentsOfDirectory(atPath: products.path)) ?? []
    let sources = ToolRunner.packageRoot.appendingPathComponent("Sources")
    let maps =
      builds.filter { $0.hasSuffix(".build") }.map {
        products.appendingPathComponent($0).appendingPathComponent("module.modulemap").path
      } + ["CPNG", "CJPEG"].map { sources.appendingPathComponent("\($0)/module.modulemap").path }
    for map in maps.sorted() where FileManager.default.fileExists(atPath: map) {
      flags += ["-Xcc", "-fmodule-map-file=\(map)"]
    }
    return flags
  }()

  /// The `.swift` files of target `name`.
  static func sources(of name: String) throws -> [String] {
    let directory = fuzz.appendingPathComponent("Sources/\(name)")
    return try FileManager.default.contentsOfDirectory(atPath: directory.path)
      .filter { $0.hasSuffix(".swift") }.sorted().map { directory.appendingPathComponent($0).path }
  }

  /// `FuzzSupport` compiled to a module, once, in a directory of its own.
  static let supportModule: Result<URL, any Error> = Result {
    let directory = try ProcessScratch.directory("fuzz-support")
    let result = try swiftc(
      [
        "-emit-module", "-module-name", "FuzzSupport", "-parse-as-library", "-emit-module-path",
        directory.appendingPathComponent("FuzzSupport.swiftmodule").path,
      ]
        + searchFlags + sources(of: "FuzzSupport"))
    guard result.status == 0 else { throw CompileFailure(output: result.errors) }
    return directory
  }

  struct CompileFailure: Error, CustomStringConvertible {
    var output: String
    var description: String { output }
  }

  /// Where the compiler's driver keeps its temporary files (its `TMPDIR`): it leaves some
  /// behind, which go with this directory when the tests end.
  static let compilerScratch: Result<URL, any Error> = Result {
    try ProcessScratch.directory("fuzz-swiftc")
  }

  static func swiftc(_ arguments: [String]) throws -> ToolResult {
    try ToolRunner.runExecutable(
      "/usr/bin/env", ["swiftc"] + arguments,
      environment: ["TMPDIR": compilerScratch.get().path])
  }

  @Test func everyTargetIsListedInScriptsFuzzAndThePackage() throws {
    #expect(Self.targets.count >= 8)
    let script = try String(
      contentsOf: ToolRunner.packageRoot.appendingPathComponent("scripts/fuzz"), encoding: .utf8)
    let manifest = try String(
      contentsOf: Self.fuzz.appendingPathComponent("Package.swift"), encoding: .utf8)
    let listed = script.split(separator: "\n").first { $0.hasPrefix("targets=") }
    for target in Self.targets {
      #expect(listed?.contains(target) == true, "scripts/fuzz does not list \(target)")
      #expect(manifest.contains("\"\(target)\""), "Fuzz/Package.swift does not declare \(target)")
    }
  }

  @Test(arguments: targets) func targetTypeChecks(_ target: String) throws {
    let support = try Self.supportModule.get()
    let result = try Self.swiftc(
      [
        "-typecheck", "-parse-as-library", "-I", support.path, "-module-alias",
        "FuzzTool=QRCommands", "-module-alias", "FuzzCommandLine=QRCommandLine",
      ]
        + Self.searchFlags + Self.sources(of: target))
    #expect(result.status == 0, "\(target) does not compile:\n\(result.errors)")
  }
}
