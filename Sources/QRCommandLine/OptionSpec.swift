// SPDX-License-Identifier: MIT
// One declaration per option: it drives parsing, --help, the completions and the man page test.

/// One command-line option of a tool.
public struct OptionSpec: Sendable, Equatable {
  /// Whether the option takes a value.
  public enum Argument: Sendable, Equatable {
    /// A flag: `-v`, `--verbose`.
    case none
    /// A value is required: `--size 640x480`, `--size=640x480`, `-s 640x480`, `-s640x480`.
    case required(String)
    /// A value may follow after `=` only: `--micro` or `--micro=auto`.
    case optional(String)
  }

  /// What a shell should offer when completing the option's value.
  public enum Completion: Sendable, Equatable {
    /// Nothing in particular.
    case none
    /// A file name.
    case file
    /// A directory name.
    case directory
    /// One of these words.
    case choices([String])
  }

  /// The single-letter name, if any (`h` for `-h`).
  public var short: Character?
  /// The long name without dashes (`help` for `--help`).
  public var long: String
  /// Whether and how the option takes a value.
  public var argument: Argument
  /// One line of help: lowercase, no trailing period.
  public var help: String
  /// What completion offers for the value.
  public var completion: Completion

  /// Declares a flag.
  public static func flag(_ short: Character?, _ long: String, _ help: String) -> OptionSpec {
    OptionSpec(short: short, long: long, argument: .none, help: help, completion: .none)
  }

  /// Declares an option with a required value.
  public static func value(
    _ short: Character?, _ long: String, _ valueName: String, _ help: String,
    completion: Completion = .none
  ) -> OptionSpec {
    OptionSpec(
      short: short, long: long, argument: .required(valueName), help: help,
      completion: completion)
  }

  /// Declares an option whose value is optional and given only as `--long=value`.
  public static func optionalValue(
    _ short: Character?, _ long: String, _ valueName: String, _ help: String,
    completion: Completion = .none
  ) -> OptionSpec {
    OptionSpec(
      short: short, long: long, argument: .optional(valueName), help: help,
      completion: completion)
  }

  /// The values the option takes, when it declares them (`.choices`); empty otherwise.
  public var choices: [String] {
    if case .choices(let choices) = completion { choices } else { [] }
  }

  /// The name of the value (`WxH`), or nil for a flag.
  public var valueName: String? {
    switch argument {
    case .none: nil
    case .required(let name), .optional(let name): name
    }
  }

  /// How the option is shown in help: `-s, --size WxH` or `    --micro[=auto]`.
  public var helpLabel: String {
    var label = short.map { "-\($0), " } ?? "    "
    label += "--" + long
    switch argument {
    case .none: break
    case .required(let name): label += " " + name
    case .optional(let name): label += "[=" + name + "]"
    }
    return label
  }
}

/// Everything a tool declares about its command line.
public struct CommandSpec: Sendable {
  /// The program name (`qrcapture`).
  public var name: String
  /// One sentence saying what the tool does.
  public var summary: String
  /// The operands part of the usage line (`[file ...]`).
  public var operands: String
  /// What completion offers for operands.
  public var operandCompletion: OptionSpec.Completion
  /// Paragraphs of help shown after the option list.
  public var notes: [String]
  /// Every option, including `--help` and `--version`.
  public var options: [OptionSpec]

  /// Declares a command; `-h/--help` and `-V/--version` are appended to `options`.
  public init(
    name: String, summary: String, operands: String,
    operandCompletion: OptionSpec.Completion = .file, notes: [String] = [],
    options: [OptionSpec]
  ) {
    self.name = name
    self.summary = summary
    self.operands = operands
    self.operandCompletion = operandCompletion
    self.notes = notes
    self.options =
      options + [
        .flag("h", "help", "show this help and exit"),
        .flag("V", "version", "print the version and exit"),
      ]
  }

  /// The option with this long name.
  public func option(long: String) -> OptionSpec? { options.first { $0.long == long } }

  /// The option with this short name.
  public func option(short: Character) -> OptionSpec? { options.first { $0.short == short } }

  /// `usage: name [options] operands`.
  public var usageLine: String {
    operands.isEmpty ? "usage: \(name) [options]" : "usage: \(name) [options] \(operands)"
  }

  /// The columns `--help` keeps within, as a terminal's default width.
  public static let helpWidth = 80

  /// The full `--help` text, within `helpWidth` columns: an option's help wraps under its
  /// column, and a line of the summary or a note that is too long carries its last words over
  /// to the line after it.
  public var helpText: String {
    var text = usageLine + "\n\n" + Self.wrapped(summary) + "\n\noptions:\n"
    let width = min(30, (options.map { $0.helpLabel.count }.max() ?? 0) + 2)
    let column = width + 2
    let indent = String(repeating: " ", count: column)
    for option in options {
      let label = "  " + option.helpLabel
      let lines = Self.wrapped(option.help, width: Self.helpWidth - column)
        .split(separator: "\n", omittingEmptySubsequences: false)
      if label.count + 1 > column {
        text += label + "\n"
      } else {
        text += label + String(repeating: " ", count: column - label.count)
      }
      for (index, line) in lines.enumerated() {
        text += (index == 0 && label.count + 1 <= column ? "" : indent) + line + "\n"
      }
    }
    for note in notes { text += "\n" + Self.wrapped(note) + "\n" }
    text += "\nSee \(name)(1) for details.\n"
    return text
  }

  /// `text` with every line within `width` columns: a longer line is cut at its last space that
  /// fits, and the rest goes before the next line (when that continues the text: not empty, not
  /// indented, not a capital after a full stop) or on a line of its own, indented the same.
  static func wrapped(_ text: String, width: Int = helpWidth) -> String {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var index = 0
    while index < lines.count {
      let line = Array(lines[index])
      let indentation = line.prefix { $0 == " " }.count
      if line.count > width, indentation < width,
        let cut = line[indentation...width].lastIndex(of: " "), cut > indentation
      {
        lines[index] = String(line[..<cut])
        let rest = String(line[(cut + 1)...])
        // A line after one that ended a sentence may start an item of its own
        // ("Exit status: ..."): it keeps its start when it begins with a capital.
        let startsItem =
          line.last == "."
          && lines[index + 1 < lines.count ? index + 1 : index]
            .first?.isUppercase == true
        if index + 1 < lines.count, let next = lines[index + 1].first, next != " ", !startsItem {
          lines[index + 1] = rest + " " + lines[index + 1]
        } else {
          lines.insert(String(repeating: " ", count: indentation) + rest, at: index + 1)
        }
      }
      index += 1
    }
    return lines.joined(separator: "\n")
  }
}

/// The version every tool prints.
public enum QRPipeVersion {
  /// The package version.
  public static let current = "0.1.0"
}
