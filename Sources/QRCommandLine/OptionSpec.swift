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

  /// The full `--help` text.
  public var helpText: String {
    var text = usageLine + "\n\n" + summary + "\n\noptions:\n"
    let width = min(30, (options.map { $0.helpLabel.count }.max() ?? 0) + 2)
    for option in options {
      let label = "  " + option.helpLabel
      if label.count + 1 > width + 2 {
        text += label + "\n" + String(repeating: " ", count: width + 2) + option.help + "\n"
      } else {
        text += label + String(repeating: " ", count: width + 2 - label.count) + option.help + "\n"
      }
    }
    for note in notes { text += "\n" + note + "\n" }
    text += "\nSee \(name)(1) for details.\n"
    return text
  }
}

/// The version every tool prints.
public enum QRPipeVersion {
  /// The package version.
  public static let current = "0.1.0"
}
