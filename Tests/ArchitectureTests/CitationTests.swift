// SPDX-License-Identifier: MIT
// The code and the documents cite only files the repository has (issue 44, item 7).

import Foundation
import Testing

private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent()

/// The repository's text files under `folders`, and the named files, as paths from the root.
private func textFiles(in folders: [String], plus files: [String]) -> [String] {
  var found = files
  let extensions: Set<String> = ["swift", "md", "sh", "py", "c", "h", ""]
  for folder in folders {
    guard
      let walker = FileManager.default.enumerator(
        at: root.appendingPathComponent(folder), includingPropertiesForKeys: [.isRegularFileKey])
    else { continue }
    for case let url as URL in walker {
      if url.lastPathComponent.hasPrefix(".") {
        walker.skipDescendants()
        continue
      }
      guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true,
        extensions.contains(url.pathExtension)
      else { continue }
      found.append(String(url.path.dropFirst(root.path.count + 1)))
    }
  }
  return found
}

/// Every `NAME.md` a file mentions, with the line it is on.
private func citedDocuments(in text: String) -> [(name: String, line: Int)] {
  let pattern = #/[A-Za-z0-9_./-]*[A-Z][A-Za-z0-9_-]*\.md\b/#
  var cited: [(String, Int)] = []
  for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
    for match in line.matches(of: pattern) { cited.append((String(match.output), index + 1)) }
  }
  return cited
}

@Test func everyCitedDocumentIsInTheRepository() throws {
  let files = textFiles(
    in: ["Sources", "Tests", "scripts", "Fuzz", "Benchmarks", "Examples", "man", ".ci"],
    plus: ["ARCHITECTURE.md", "README.md", "Package.swift"])
  #expect(files.count > 100)
  let basenames = Set(files.map { ($0 as NSString).lastPathComponent })
  // Names a script writes, not documents it cites.
  let written: Set<String> = ["TOP.md"]
  var missing: [String] = []
  // This file names documents to test the check.
  for file in files where !file.hasSuffix("CitationTests.swift") {
    // Binary files (fuzz seeds, images) cite nothing.
    guard let text = try? String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
    else { continue }
    for (cited, line) in citedDocuments(in: text) where !written.contains(cited) {
      // `$root/README.md` in a script is the repository's README.md.
      let name = cited.hasPrefix("root/") ? String(cited.dropFirst(5)) : cited
      let directory = (file as NSString).deletingLastPathComponent
      let exists =
        name.contains("/")
        ? FileManager.default.fileExists(atPath: root.appendingPathComponent(name).path)
          || FileManager.default.fileExists(
            atPath: root.appendingPathComponent(directory).appendingPathComponent(name).path)
        : basenames.contains(name)
      if !exists { missing.append("\(file):\(line): \(cited)") }
    }
  }
  #expect(missing.isEmpty, "cited but not in the repository:\n\(missing.joined(separator: "\n"))")
}

@Test func theCodeAndTheMapNameNoPathOutsideTheRepository() throws {
  let files = textFiles(in: ["Sources"], plus: ["ARCHITECTURE.md"])
  var outside: [String] = []
  for file in files {
    let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
    where line.contains("../shared") || line.contains("/work/") {
      outside.append("\(file):\(index + 1): \(line)")
    }
  }
  #expect(outside.isEmpty, "\(outside.joined(separator: "\n"))")
}

@Test func theCitationCheckFindsACitation() {
  let cited = citedDocuments(in: "see PLATFORM.md, §3\nand [x](Benchmarks/HISTORY.md#a)")
  #expect(cited.map(\.name) == ["PLATFORM.md", "Benchmarks/HISTORY.md"])
  #expect(cited.map(\.line) == [1, 2])
}
