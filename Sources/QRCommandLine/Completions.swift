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
  ///
  /// Replies are read one per line with `mapfile`, never split on blanks, so `a b.pgm` stays one
  /// file name; `compopt -o filenames` is set only while file names are offered (quoting them and
  /// marking directories), not for option names or enumerated values. An option's value is
  /// completed after `--long value`, `-s value` and `--long=value` (bash splits the last at `=`,
  /// which is in `COMP_WORDBREAKS`, into `--long`, `=`, `value`; both splittings are handled).
  /// After `--` every word is an operand.
  public static func bash(_ spec: CommandSpec) -> String {
    let function = "_" + spec.name
    var words: [String] = []
    for option in spec.options {
      if let short = option.short { words.append("-\(short)") }
      words.append("--" + option.long)
    }
    var script = "# bash completion for \(spec.name); generated from its option table.\n"
    // The word as typed ('a\ b', "a b) is dequoted before it is matched against file names.
    script += "\(function)_dequote() {  # word -> REPLY, as the shell will read it\n"
    script += "  local word=$1 quote='' c i\n"
    script += "  REPLY=''\n"
    script += "  for ((i = 0; i < ${#word}; i++)); do\n"
    script += "    c=${word:i:1}\n"
    script += "    if [[ -n $quote && $c == \"$quote\" ]]; then quote=''\n"
    script +=
      "    elif [[ $quote != \"'\" && $c == '\\' ]]; then i=$((i + 1)); REPLY+=${word:i:1}\n"
    script += "    elif [[ -z $quote && ($c == \"'\" || $c == '\"') ]]; then quote=$c\n"
    script += "    else REPLY+=$c\n"
    script += "    fi\n"
    script += "  done\n"
    script += "}\n"
    script += "\(function)_reply() {  # kind words-or-empty prefix value\n"
    script += "  case \"$1\" in\n"
    script += "    file) compopt -o filenames 2>/dev/null; \(function)_dequote \"$4\"\n"
    script += "      mapfile -t COMPREPLY < <(compgen -f -- \"$REPLY\") ;;\n"
    script += "    directory) compopt -o filenames 2>/dev/null; \(function)_dequote \"$4\"\n"
    script += "      mapfile -t COMPREPLY < <(compgen -d -- \"$REPLY\") ;;\n"
    script += "    words) mapfile -t COMPREPLY < <(compgen -W \"$2\" -- \"$4\") ;;\n"
    script += "    *) COMPREPLY=() ;;\n"
    script += "  esac\n"
    script += "  if [[ -n \"$3\" ]]; then COMPREPLY=(\"${COMPREPLY[@]/#/$3}\"); fi\n"
    script += "}\n"
    script += "\(function)_value() {  # option attached prefix value: 0 when the word is a value\n"
    script += "  case \"$1\" in\n"
    for option in spec.options {
      guard option.argument != .none else { continue }
      var patterns = ["--" + option.long]
      if let short = option.short { patterns.insert("-\(short)", at: 0) }
      script += "    " + patterns.joined(separator: "|") + ")\n      "
      if case .optional = option.argument {
        // The value of an optional-value option is only ever attached: --annotate=path.
        script += "[[ -n \"$2\" ]] || return 1; "
      }
      switch option.completion {
      case .file: script += "\(function)_reply file '' \"$3\" \"$4\" ;;\n"
      case .directory: script += "\(function)_reply directory '' \"$3\" \"$4\" ;;\n"
      case .choices(let choices):
        script +=
          "\(function)_reply words '\(choices.joined(separator: " "))' \"$3\" \"$4\" ;;\n"
      case .none: script += "COMPREPLY=() ;;\n"
      }
    }
    script += "    *) return 1 ;;\n"
    script += "  esac\n"
    script += "}\n"
    script += "\(function)() {\n"
    script += "  local cur=\"${COMP_WORDS[COMP_CWORD]}\" prev=\"\" before=\"\" i\n"
    script += "  ((COMP_CWORD > 0)) && prev=\"${COMP_WORDS[COMP_CWORD-1]}\"\n"
    script += "  ((COMP_CWORD > 1)) && before=\"${COMP_WORDS[COMP_CWORD-2]}\"\n"
    script += "  COMPREPLY=()\n"
    script += "  for ((i = 1; i < COMP_CWORD; i++)); do\n"
    script += "    if [[ \"${COMP_WORDS[i]}\" == -- ]]; then\n"
    script +=
      "      \(function)_reply \(bashKind(spec.operandCompletion)) '' '' \"$cur\"; return 0\n"
    script += "    fi\n"
    script += "  done\n"
    script += "  if [[ \"$cur\" == = && \"$prev\" == --* ]]; then\n"
    script += "    \(function)_value \"$prev\" = '' '' && return 0\n"
    script += "  elif [[ \"$prev\" == = && \"$before\" == --* ]]; then\n"
    script += "    \(function)_value \"$before\" = '' \"$cur\" && return 0\n"
    script += "  elif [[ \"$cur\" == --*=* ]]; then\n"
    script += "    \(function)_value \"${cur%%=*}\" = \"${cur%%=*}=\" \"${cur#*=}\" && return 0\n"
    script += "  elif [[ \"$prev\" == -* ]]; then\n"
    script += "    \(function)_value \"$prev\" '' '' \"$cur\" && return 0\n"
    script += "  fi\n"
    script += "  if [[ \"$cur\" == -* ]]; then\n"
    script += "    \(function)_reply words '\(words.joined(separator: " "))' '' \"$cur\"\n"
    script += "  else\n"
    script += "    \(function)_reply \(bashKind(spec.operandCompletion)) '' '' \"$cur\"\n"
    script += "  fi\n"
    script += "  return 0\n"
    script += "}\n"
    script += "complete -F \(function) \(spec.name)\n"
    return script
  }

  private static func bashKind(_ completion: OptionSpec.Completion) -> String {
    switch completion {
    case .file: "file"
    case .directory: "directory"
    case .none, .choices: "none"
    }
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
    switch spec.operandCompletion {
    case .file: break
    // Operands that are not file names (a payload) get no file names offered.
    case .none, .choices: script += "complete -c \(spec.name) -f\n"
    case .directory: script += "complete -c \(spec.name) -f -a '(__fish_complete_directories)'\n"
    }
    for option in spec.options {
      var line = "complete -c \(spec.name)"
      if let short = option.short { line += " -s \(short)" }
      line += " -l \(option.long)"
      switch option.argument {
      case .none: break
      case .required, .optional:
        switch option.completion {
        case .file: line += " -r -F"
        case .directory: line += " -x -a '(__fish_complete_directories)'"
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
