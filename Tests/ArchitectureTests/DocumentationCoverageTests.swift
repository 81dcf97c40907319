// SPDX-License-Identifier: MIT
// Every public symbol of every module has a doc comment.

import Foundation
import Testing

/// A public declaration without a `///` comment: its file, line and text.
struct UndocumentedSymbol: CustomStringConvertible {
  var file: String
  var line: Int
  var text: String
  var description: String { "\(file):\(line): \(text)" }
}

/// The public declarations in `source` that no doc comment precedes.
///
/// Public means written `public` or `open`, or declared without a modifier directly in the body
/// of a public protocol (its requirements) or a public enum (its cases). Attributes and
/// `swift-format-ignore` lines between the comment and the declaration are skipped;
/// extensions are not symbols and need none.
func undocumentedSymbols(in source: String, file: String) -> [UndocumentedSymbol] {
  let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map {
    $0.trimmingCharacters(in: .whitespaces)
  }
  let keywords = [
    "func", "var", "let", "init", "init?", "init!", "subscript", "struct", "enum", "class",
    "protocol", "typealias", "associatedtype", "case", "static", "mutating", "final",
    "convenience", "indirect", "nonmutating", "required", "actor", "deinit", "override",
  ]
  var found: [UndocumentedSymbol] = []
  // The kinds of the open braces: a public protocol or enum body, or anything else.
  enum Scope { case publicProtocol, publicEnum, other }
  var scopes: [Scope] = []
  var inBlockComment = false
  for (index, line) in lines.enumerated() {
    if inBlockComment {
      if line.contains("*/") { inBlockComment = false }
      continue
    }
    if line.hasPrefix("/*") && !line.contains("*/") {
      inBlockComment = true
      continue
    }
    let code = line.hasPrefix("//") ? "" : line
    var words = code.split(separator: " ").map(String.init)
    while let first = words.first, first.hasPrefix("@") { words.removeFirst() }
    let isPublic = words.first == "public" || words.first == "open"
    let inPublicType = scopes.last == .publicProtocol || scopes.last == .publicEnum
    let declares: Bool
    if isPublic {
      let rest = words.dropFirst().first.map { $0.split(separator: "(")[0] }.map(String.init)
      declares = rest.map { keywords.contains($0) || $0.hasPrefix("init") } ?? false
    } else if inPublicType, let first = words.first {
      let head = String(first.split(separator: "(")[0])
      declares =
        scopes.last == .publicEnum
        ? head == "case" : keywords.contains(head) || head.hasPrefix("init")
    } else {
      declares = false
    }
    if declares && !words.contains("extension") {
      var above = index - 1
      while above >= 0,
        lines[above].hasPrefix("@") || lines[above].hasPrefix("// swift-format-ignore")
      {
        above -= 1
      }
      let isDocumented =
        above >= 0 && (lines[above].hasPrefix("///") || lines[above].hasSuffix("*/"))
      if !isDocumented {
        found.append(UndocumentedSymbol(file: file, line: index + 1, text: line))
      }
    }
    // Track braces outside string literals, roughly: enough for declarations.
    var inString = false
    var previous: Character = " "
    let opensPublicProtocol = isPublic && words.dropFirst().first == "protocol"
    let opensPublicEnum = isPublic && words.dropFirst().first == "enum"
    var opened = false
    for character in code {
      if character == "\"" && previous != "\\" { inString.toggle() }
      previous = character
      guard !inString else { continue }
      if character == "{" {
        scopes.append(
          !opened && opensPublicProtocol
            ? .publicProtocol : !opened && opensPublicEnum ? .publicEnum : .other)
        opened = true
      } else if character == "}" {
        _ = scopes.popLast()
      }
    }
  }
  return found
}

@Test func everyPublicSymbolHasADocComment() throws {
  let sources = repositoryRoot.appendingPathComponent("Sources")
  guard let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
  else { throw ArchitectureError("no Sources directory") }
  var missing: [UndocumentedSymbol] = []
  var checked = 0
  for case let file as URL in files where file.pathExtension == "swift" {
    checked += 1
    let text = try String(contentsOf: file, encoding: .utf8)
    let relative = String(file.path.dropFirst(repositoryRoot.path.count + 1))
    missing += undocumentedSymbols(in: text, file: relative)
  }
  #expect(checked > 100)
  #expect(
    missing.isEmpty,
    "undocumented public symbols:\n\(missing.map(\.description).joined(separator: "\n"))")
}

@Test func theCoverageCheckFindsWhatIsMissing() {
  let source = """
    /// Documented.
    public struct A {
      /// Documented.
      public var x: Int
      public var y: Int
      @inlinable
      public func f() {}
    }

    /// Documented.
    public enum E {
      /// Documented.
      case one
      case two
      func notPublic() { switch self { case .one: break; case .two: break } }
    }

    /// Documented.
    public protocol P {
      func required()
    }

    extension A {
      public init(z: Int) { self.init(x: z, y: z) }
    }
    """
  #expect(
    undocumentedSymbols(in: source, file: "t").map(\.line) == [5, 7, 14, 20, 24])
}
