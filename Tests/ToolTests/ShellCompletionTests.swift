// SPDX-License-Identifier: MIT
// The generated completions, driven in a real bash, zsh and fish: what a user gets on TAB.

import Foundation
import QRCommandLine
import QRCommands
import QRCore
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

  /// What the shell offers for each of `lines` (the cursor at its end, each line typed afresh),
  /// run in `directory`, with the completion scripts the generator makes for every tool loaded:
  /// one entry per match, unquoted (`a b.pgm`, not `a\ b.pgm`), without the `--long=` a match
  /// may repeat, and without the `/` that marks a directory. One shell process for all lines.
  func offers(_ lines: [String], in directory: URL) throws -> [[String]] {
    let scripts = URL(fileURLWithPath: directory.path + ".completions")
    try FileManager.default.createDirectory(at: scripts, withIntermediateDirectories: true)
    var files: [String] = []
    for spec in ToolCatalog.all {
      let file = scripts.appendingPathComponent(Completions.fileName(for: spec, shell: rawValue))
      let script: String
      switch self {
      case .bash: script = Completions.bash(spec)
      case .zsh: script = Completions.zsh(spec)
      case .fish: script = Completions.fish(spec)
      }
      try script.write(to: file, atomically: false, encoding: .utf8)
      files.append(file.path)
    }
    let end = "@end-of-matches@"
    let result: ToolResult
    switch self {
    case .bash:
      var driver = files.map { "source \(Self.quoted($0))\n" }.joined()
      for line in lines {
        let words = Self.bashWords(line)
        driver +=
          "COMPREPLY=() COMP_WORDS=(\(words.map(Self.quoted).joined(separator: " ")))\n"
          + "COMP_CWORD=\(words.count - 1) COMP_LINE=\(Self.quoted(line)) COMP_POINT=\(line.utf8.count)\n"
          + "_\(words[0])\nprintf '%s\\n' \"${COMPREPLY[@]}\" \(end)\n"
      }
      result = try ToolRunner.runExecutable(
        path ?? "bash", ["--norc", "--noprofile", "-c", driver], currentDirectory: directory)
    case .zsh:
      result = try ToolRunner.runExecutable(
        path ?? "zsh", ["-f", "-c", Self.zshCapture, "capture", scripts.path, end] + lines,
        currentDirectory: directory)
    case .fish:
      let driver =
        files.map { "source \(Self.quoted($0))\n" }.joined()
        + lines.map { "complete -C \(Self.quoted($0)); echo \(end)\n" }.joined()
      result = try ToolRunner.runExecutable(
        path ?? "fish", ["--no-config", "-c", driver], currentDirectory: directory)
    }
    #expect(result.status == 0, "\(rawValue): \(result.errors)")
    var answers: [[String]] = [[]]
    for entry in result.output.split(separator: "\n") {
      if entry == end {
        answers.append([])
        continue
      }
      let line = lines[min(answers.count - 1, lines.count - 1)]
      let attached = line.split(separator: " ", omittingEmptySubsequences: false).last.flatMap {
        word in word.firstIndex(of: "=").map { String(word[...$0]) }
      }
      var match = String(entry.prefix { $0 != "\t" })  // fish adds "\tdescription"
      if self == .zsh { match = Self.unescaped(match) }
      if let attached, match.hasPrefix(attached) { match.removeFirst(attached.count) }
      if match.hasSuffix("/") { match.removeLast() }
      answers[answers.count - 1].append(match)
    }
    #expect(answers.count == lines.count + 1, "\(rawValue) answered every line: \(result.output)")
    return Array(answers.prefix(lines.count))
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

  /// Types each line and a TAB into an interactive zsh on a pseudo-terminal (zpty), printing
  /// the matches each `compadd` adds (it still adds them, so the completion functions behave as
  /// for a user: `_files -/` falls back to all files when no directory was added), then the end
  /// marker; Ctrl-U clears the line for the next. Arguments: the directory holding `_tool`, the
  /// end marker, the lines.
  static let zshCapture = #"""
    zmodload zsh/zpty || exit 3
    zpty z zsh -f -i
    zpty -w z "bindkey -e; PROMPT= RPROMPT=; fpath=(${(q)1} \$fpath); autoload -Uz compinit && compinit -u -D"
    zpty -w z 'compadd() {
      if [[ ${@[1,(i)(-|--)]} == *-(O|A|D)\ * ]]; then builtin compadd "$@"; return; fi
      local -a hits; local -A o; local h added
      builtin compadd -A hits "$@"
      builtin compadd "$@"; added=$?
      zparseopts -E -A o P: p: S: s: 2>/dev/null
      (( added == 0 )) && for h in $hits; do print -rn -- "<hit>${o[-p]}$h${o[-s]}</hit>"; done
      return added
    }'
    zpty -w z 'capture() { zle complete-word; print -rn -- "<done>" }; zle -N capture; bindkey "^I" capture'
    zpty -w z 'print "<ready>"'
    zpty -r z out '*<ready>*' || exit 4
    end=$2
    shift 2
    for line in "$@"; do
      zpty -w -n z "$line"$'\t'
      zpty -r z out '*<done>*' || exit 5
      print -r -- "$out" | grep -o '<hit>[^<]*</hit>' | sed 's/<hit>\(.*\)<\/hit>/\1/' | sort -u
      print -r -- "$end"
      zpty -w -n z $'\C-u'
    done
    zpty -d z
    """#
}

/// A directory with the files a user completes: a name with a space, a plain one, a directory.
private func completionDirectory() throws -> URL {
  let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
    "qrpipe-completion-\(UUID().uuidString)")
  try FileManager.default.createDirectory(
    at: directory.appendingPathComponent("d ir"), withIntermediateDirectories: true)
  for name in ["a b.pgm", "c.pgm"] {
    _ = FileManager.default.createFile(
      atPath: directory.appendingPathComponent(name).path, contents: Data())
  }
  return directory
}

private func spec(_ tool: String) throws -> CommandSpec {
  try #require(ToolCatalog.all.first { $0.name == tool })
}

/// Each case: what the user typed, and exactly what TAB should offer.
private let cases: [(line: String, offers: Set<String>)] = [
  // File names with spaces stay one match, however the user started typing them.
  ("qrdetect a", ["a b.pgm"]),
  ("qrdetect a\\ ", ["a b.pgm"]),
  ("qrdetect \"a b", ["a b.pgm"]),
  ("qrdetect --json-output a", ["a b.pgm"]),
  ("qrdetect --json-output=a", ["a b.pgm"]),
  ("qrdetect --annotate=", ["a b.pgm", "c.pgm", "d ir"]),
  ("qrdetect -- a", ["a b.pgm"]),
  ("qrrender --output-dir ", ["d ir"]),
  // Enumerated values, attached or not, and after the short name.
  ("qrdetect --effort=", ["fast", "balanced", "accurate"]),
  ("qrdetect --effort ", ["fast", "balanced", "accurate"]),
  ("qrdetect -e b", ["balanced"]),
  ("qrdetect --print=t", ["text"]),
  ("qrdedupe -m r", ["rearm"]),
  // Option names, and nothing where nothing fits (a number, a payload).
  ("qrdetect --eff", ["--effort"]),
  ("qrdetect --count ", []),
  ("qrrender ", []),
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
  var expectations = cases.map { (line: $0.line, offers: $0.offers) }
  for spec in ToolCatalog.all {
    for option in spec.options where !option.choices.isEmpty {
      var lines = ["\(spec.name) --\(option.long)="]
      if case .required = option.argument {
        lines.append("\(spec.name) --\(option.long) ")
        if let short = option.short { lines.append("\(spec.name) -\(short) ") }
      }
      expectations += lines.map { ($0, Set(option.choices)) }
    }
  }
  #expect(expectations.count >= cases.count + 10)
  let answers = try shell.offers(expectations.map(\.line), in: directory)
  for (expected, offered) in zip(expectations, answers) {
    #expect(Set(offered) == expected.offers, "\(shell.rawValue): \(expected.line)<TAB>")
    #expect(offered.count == Set(offered).count, "\(shell.rawValue): \(expected.line)<TAB> repeats")
  }
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
