// SPDX-License-Identifier: MIT
// The generated completions, driven in a real bash, zsh and fish: what a user gets on TAB.

import Foundation
import QRCore
import QRTool
import Testing

/// The shells the completions are written for, and how to ask each what it would offer.
enum CompletionShell: String, CaseIterable {
  case bash, zsh, fish

  /// The shell's path, if installed.
  var path: String? {
    ["/usr/bin/\(rawValue)", "/bin/\(rawValue)"].first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }

  static let missing =
    "not installed (scripts/test installs zsh and fish from apt); its completions are untested"

  /// What the shell offers for `line` (the cursor at its end), run in `directory`, with the
  /// completion script the generator makes for `spec` loaded: one entry per match, unquoted
  /// (`a b.pgm`, not `a\ b.pgm`), without the `--long=` a match may repeat, and without the `/`
  /// that marks a directory.
  func offers(_ line: String, spec: CommandSpec, in directory: URL) throws -> [String] {
    let scripts = directory.deletingLastPathComponent().appendingPathComponent(
      directory.lastPathComponent + ".completions")
    try FileManager.default.createDirectory(at: scripts, withIntermediateDirectories: true)
    let file = scripts.appendingPathComponent(Completions.fileName(for: spec, shell: rawValue))
    let script: String
    switch self {
    case .bash: script = Completions.bash(spec)
    case .zsh: script = Completions.zsh(spec)
    case .fish: script = Completions.fish(spec)
    }
    try script.write(to: file, atomically: true, encoding: .utf8)
    let result: ToolResult
    switch self {
    case .bash:
      let words = Self.bashWords(line)
      let driver =
        "source \(Self.quoted(file.path))\n"
        + "COMP_WORDS=(\(words.map(Self.quoted).joined(separator: " ")))\n"
        + "COMP_CWORD=\(words.count - 1) COMP_LINE=\(Self.quoted(line)) COMP_POINT=\(line.utf8.count)\n"
        + "_\(spec.name)\nprintf '%s\\n' \"${COMPREPLY[@]}\"\n"
      result = try ToolRunner.runExecutable(
        path ?? "bash", ["--norc", "--noprofile", "-c", driver], currentDirectory: directory)
    case .zsh:
      result = try ToolRunner.runExecutable(
        path ?? "zsh", ["-f", "-c", Self.zshCapture, "capture", scripts.path, line],
        currentDirectory: directory)
    case .fish:
      result = try ToolRunner.runExecutable(
        path ?? "fish",
        [
          "--no-config", "-c",
          "source \(Self.quoted(file.path)); complete -C \(Self.quoted(line))",
        ], currentDirectory: directory)
    }
    #expect(result.status == 0, "\(rawValue) '\(line)': \(result.errors)")
    let attached = line.split(separator: " ", omittingEmptySubsequences: false).last.flatMap {
      word in word.firstIndex(of: "=").map { String(word[...$0]) }
    }
    return result.output.split(separator: "\n").map { entry in
      var match = String(entry.prefix { $0 != "\t" })  // fish adds "\tdescription"
      if self == .zsh { match = Self.unescaped(match) }
      if let attached, match.hasPrefix(attached) { match.removeFirst(attached.count) }
      if match.hasSuffix("/") { match.removeLast() }
      return match
    }
  }

  /// The words bash hands a completion function: split at blanks outside quotes, and at `=`,
  /// which is in the default `COMP_WORDBREAKS` (`--effort=fa` is `--effort`, `=`, `fa`).
  static func bashWords(_ line: String) -> [String] {
    var words: [String] = []
    var word = ""
    var quote: Character?
    var escaped = false
    for character in line {
      if escaped {
        word.append(character)
        escaped = false
      } else if character == "\\" && quote != "'" {
        word.append(character)
        escaped = true
      } else if let open = quote {
        word.append(character)
        if character == open { quote = nil }
      } else if character == "'" || character == "\"" {
        word.append(character)
        quote = character
      } else if character == " " {
        if !word.isEmpty { words.append(word) }
        word = ""
      } else if character == "=" {
        if !word.isEmpty { words.append(word) }
        words.append("=")
        word = ""
      } else {
        word.append(character)
      }
    }
    if line.last == "=" { return words }
    words.append(word)
    return words
  }

  private static func quoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }

  private static func unescaped(_ text: String) -> String {
    var result = ""
    var escaped = false
    for character in text {
      if character == "\\" && !escaped {
        escaped = true
      } else {
        result.append(character)
        escaped = false
      }
    }
    return result
  }

  /// Types the line and a TAB into an interactive zsh on a pseudo-terminal (zpty), with a
  /// `compadd` that prints each match between markers instead of adding it.
  /// Arguments: the directory holding `_tool`, the line.
  static let zshCapture = #"""
    zmodload zsh/zpty || exit 3
    zpty z zsh -f -i
    zpty -w z "PROMPT= RPROMPT=; fpath=(${(q)1} \$fpath); autoload -Uz compinit && compinit -u -D"
    zpty -w z 'compadd() {
      if [[ ${@[1,(i)(-|--)]} == *-(O|A|D)\ * ]]; then builtin compadd "$@"; return; fi
      local -a hits; local -A o; local h
      builtin compadd -A hits "$@"
      zparseopts -E -A o P: p: S: s: 2>/dev/null
      for h in $hits; do print -rn -- "<hit>${o[-p]}$h${o[-s]}</hit>"; done
    }'
    zpty -w z 'capture() { zle complete-word; print -n "<done>" }; zle -N capture; bindkey "^I" capture'
    zpty -w z 'print "<ready>"'
    zpty -r z out '*<ready>*' || exit 4
    zpty -w -n z "$2"$'\t'
    zpty -r z out '*<done>*' || exit 5
    zpty -d z
    print -r -- "$out" | grep -o '<hit>[^<]*</hit>' | sed 's/<hit>\(.*\)<\/hit>/\1/' | sort -u
    """#
}

/// A directory with the files a user completes: a name with a space, a plain one, a directory.
private func completionDirectory() throws -> URL {
  let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
    "qrpipe-completion-\(UUID().uuidString)")
  try FileManager.default.createDirectory(
    at: directory.appendingPathComponent("d ir"), withIntermediateDirectories: true)
  for name in ["a b.pgm", "c.pgm"] {
    FileManager.default.createFile(atPath: directory.appendingPathComponent(name).path, contents: [])
  }
  return directory
}

private func spec(_ tool: String) throws -> CommandSpec {
  try #require(ToolCatalog.all.first { $0.name == tool })
}

/// Each case: a tool, what the user typed, and exactly what TAB should offer.
private let cases: [(tool: String, line: String, offers: Set<String>)] = [
  // File names with spaces stay one match, however the user started typing them.
  ("qrdetect", "qrdetect a", ["a b.pgm"]),
  ("qrdetect", "qrdetect a\\ ", ["a b.pgm"]),
  ("qrdetect", "qrdetect \"a b", ["a b.pgm"]),
  ("qrdetect", "qrdetect --json-output a", ["a b.pgm"]),
  ("qrdetect", "qrdetect --json-output=a", ["a b.pgm"]),
  ("qrdetect", "qrdetect --annotate=", ["a b.pgm", "c.pgm", "d ir"]),
  ("qrdetect", "qrdetect -- a", ["a b.pgm"]),
  ("qrrender", "qrrender --output-dir ", ["d ir"]),
  // Enumerated values, attached or not, and after the short name.
  ("qrdetect", "qrdetect --effort=", ["fast", "balanced", "accurate"]),
  ("qrdetect", "qrdetect --effort ", ["fast", "balanced", "accurate"]),
  ("qrdetect", "qrdetect -e b", ["balanced"]),
  ("qrdetect", "qrdetect --print=t", ["text"]),
  ("qrdedupe", "qrdedupe -m r", ["rearm"]),
  // Option names, and nothing where nothing fits (a number, a payload).
  ("qrdetect", "qrdetect --eff", ["--effort"]),
  ("qrdetect", "qrdetect --count ", []),
  ("qrrender", "qrrender ", []),
]

/// What TAB offers in `shell`: the cases above, then every option that declares its values,
/// which must complete exactly those, both as `--long=` and as `--long ` (and after `-x ` where
/// it has a short name).
private func checkCompletions(in shell: CompletionShell) throws {
  let directory = try completionDirectory()
  defer {
    try? FileManager.default.removeItem(at: directory)
    try? FileManager.default.removeItem(atPath: directory.path + ".completions")
  }
  for (tool, line, expected) in cases {
    let offered = try shell.offers(line, spec: spec(tool), in: directory)
    #expect(Set(offered) == expected, "\(shell.rawValue): \(line)<TAB>")
    #expect(offered.count == Set(offered).count, "\(shell.rawValue): \(line)<TAB> repeats")
  }
  var checked = 0
  for spec in ToolCatalog.all {
    for option in spec.options where !option.choices.isEmpty {
      var lines = ["\(spec.name) --\(option.long)="]
      if case .required = option.argument {
        lines.append("\(spec.name) --\(option.long) ")
        if let short = option.short { lines.append("\(spec.name) -\(short) ") }
      }
      for line in lines {
        let offered = try shell.offers(line, spec: spec, in: directory)
        #expect(Set(offered) == Set(option.choices), "\(shell.rawValue): \(line)<TAB>")
        checked += 1
      }
    }
  }
  #expect(checked >= 10)
}

@Test(.enabled(if: CompletionShell.bash.path != nil, "bash \(CompletionShell.missing)"))
func bashCompletesFileNamesAndValues() throws { try checkCompletions(in: .bash) }

@Test(.enabled(if: CompletionShell.zsh.path != nil, "zsh \(CompletionShell.missing)"))
func zshCompletesFileNamesAndValues() throws { try checkCompletions(in: .zsh) }

@Test(.enabled(if: CompletionShell.fish.path != nil, "fish \(CompletionShell.missing)"))
func fishCompletesFileNamesAndValues() throws { try checkCompletions(in: .fish) }

@Test func bashSplitsTheLineAsBashDoes() {
  #expect(CompletionShell.bashWords("qrdetect --effort=") == ["qrdetect", "--effort", "="])
  #expect(CompletionShell.bashWords("qrdetect --effort=f") == ["qrdetect", "--effort", "=", "f"])
  #expect(CompletionShell.bashWords("qrdetect a\\ b") == ["qrdetect", "a\\ b"])
  #expect(CompletionShell.bashWords("qrdetect ") == ["qrdetect", ""])
}

/// With `=` taken out of `COMP_WORDBREAKS` (as some users do), bash hands over `--effort=f` as
/// one word, and the matches must repeat the `--effort=`.
@Test(.enabled(if: CompletionShell.bash.path != nil, "bash \(CompletionShell.missing)"))
func bashCompletesAnAttachedValueInOneWord() throws {
  let script = Completions.bash(try spec("qrdetect"))
  let result = try ToolRunner.runExecutable(
    "/bin/bash",
    [
      "--norc", "--noprofile", "-c",
      script + "COMP_WORDS=(qrdetect --effort=f) COMP_CWORD=1\n_qrdetect\n"
        + "printf '%s\\n' \"${COMPREPLY[@]}\"\n",
    ])
  #expect(result.output == "--effort=fast\n", "\(result.errors)")
}
