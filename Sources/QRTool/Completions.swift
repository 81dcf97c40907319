// SPDX-License-Identifier: MIT
// bash, zsh and fish completion scripts generated from a CommandSpec.

/// Shell completion scripts derived from a tool's option declarations.
///
/// The files in `completions/` are the output of these functions; a test regenerates them and
/// fails if a checked-in file differs (`QRPIPE_UPDATE_COMPLETIONS=1 swift test` rewrites them).
public enum Completions {
  /// The completion file name for `shell` (`qrcapture.bash`, `_qrcapture`, `qrcapture.fish`).
  public static func fileName(for spec: CommandSpec, shell: String) -> String {
    switch shell {
    case "zsh": "_" + spec.name
    default: spec.name + "." + shell
    }
  }

  /// The bash script (`complete -F`).
  public static func bash(_ spec: CommandSpec) -> String {
    let function = "_" + spec.name
    var words: [String] = []
    for option in spec.options {
      if let short = option.short { words.append("-\(short)") }
      words.append("--" + option.long)
    }
    var script = "# bash completion for \(spec.name); generated from its option table.\n"
    script += "\(function)() {\n"
    script += "  local cur prev\n"
    script += "  cur=\"${COMP_WORDS[COMP_CWORD]}\"\n"
    script += "  prev=\"${COMP_WORDS[COMP_CWORD-1]}\"\n"
    script += "  case \"$prev\" in\n"
    for option in spec.options {
      guard case .required = option.argument else { continue }
      var patterns = ["--" + option.long]
      if let short = option.short { patterns.insert("-\(short)", at: 0) }
      script += "    " + patterns.joined(separator: "|") + ")\n"
      switch option.completion {
      case .file: script += "      COMPREPLY=($(compgen -f -- \"$cur\")); return ;;\n"
      case .directory: script += "      COMPREPLY=($(compgen -d -- \"$cur\")); return ;;\n"
      case .choices(let choices):
        script +=
          "      COMPREPLY=($(compgen -W '\(choices.joined(separator: " "))' -- \"$cur\")); return ;;\n"
      case .none: script += "      return ;;\n"
      }
    }
    script += "  esac\n"
    script += "  if [[ \"$cur\" == -* ]]; then\n"
    script += "    COMPREPLY=($(compgen -W '\(words.joined(separator: " "))' -- \"$cur\"))\n"
    script += "  else\n"
    switch spec.operandCompletion {
    case .directory: script += "    COMPREPLY=($(compgen -d -- \"$cur\"))\n"
    case .none, .choices: script += "    COMPREPLY=()\n"
    case .file: script += "    COMPREPLY=($(compgen -f -- \"$cur\"))\n"
    }
    script += "  fi\n"
    script += "}\n"
    script += "complete -o filenames -F \(function) \(spec.name)\n"
    return script
  }

  /// The zsh script (`#compdef` + `_arguments`).
  public static func zsh(_ spec: CommandSpec) -> String {
    var script =
      "#compdef \(spec.name)\n# zsh completion for \(spec.name); generated from its option table.\n\n"
    script += "_arguments -s -S \\\n"
    for option in spec.options {
      let help = zshEscaped(option.help)
      var action = ""
      switch option.argument {
      case .none: break
      case .required(let valueName), .optional(let valueName):
        action = ":" + zshEscaped(valueName) + ":" + zshAction(option.completion)
      }
      let longForm: String
      switch option.argument {
      case .optional: longForm = "--\(option.long)=-"
      case .required: longForm = "--\(option.long)="
      case .none: longForm = "--\(option.long)"
      }
      if let short = option.short {
        script += "  '(-\(short) --\(option.long))'{-\(short),\(longForm)}'[\(help)]\(action)' \\\n"
      } else {
        script += "  '\(longForm)[\(help)]\(action)' \\\n"
      }
    }
    script += "  '*:\(zshEscaped(spec.operands)):\(zshAction(spec.operandCompletion))'\n"
    return script
  }

  /// The fish script (`complete -c`).
  public static func fish(_ spec: CommandSpec) -> String {
    var script = "# fish completion for \(spec.name); generated from its option table.\n"
    for option in spec.options {
      var line = "complete -c \(spec.name)"
      if let short = option.short { line += " -s \(short)" }
      line += " -l \(option.long)"
      switch option.argument {
      case .none: break
      case .required, .optional:
        switch option.completion {
        case .file: line += " -r -F"
        case .directory: line += " -r -a '(__fish_complete_directories)'"
        case .choices(let choices): line += " -x -a '\(choices.joined(separator: " "))'"
        case .none: line += " -x"
        }
      }
      line += " -d '\(option.help.replacingAll("'", with: "\\'"))'"
      script += line + "\n"
    }
    return script
  }

  private static func zshAction(_ completion: OptionSpec.Completion) -> String {
    switch completion {
    case .none: " "
    case .file: "_files"
    case .directory: "_files -/"
    case .choices(let choices): "(\(choices.joined(separator: " ")))"
    }
  }

  private static func zshEscaped(_ text: String) -> String {
    text.replacingAll("'", with: "'\\''").replacingAll("[", with: "\\[").replacingAll(
      "]", with: "\\]"
    ).replacingAll(":", with: "\\:")
  }
}

extension String {
  /// Replaces every occurrence of `target` (no Foundation needed).
  func replacingAll(_ target: String, with replacement: String) -> String {
    guard !target.isEmpty else { return self }
    var result = ""
    var rest = self[...]
    while let range = rest.firstRange(of: target) {
      result += rest[..<range.lowerBound]
      result += replacement
      rest = rest[range.upperBound...]
    }
    return result + rest
  }
}
