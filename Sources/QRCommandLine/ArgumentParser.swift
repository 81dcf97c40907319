// SPDX-License-Identifier: MIT
// Splits argv by a CommandSpec: -x, -xVALUE, -abc, --long value, --long=value, --, and - as stdin.

import QRSystem

/// The options and operands of one command line, checked against a `CommandSpec`.
public struct ParsedArguments: Sendable {
  /// Operands in order; `-` is an operand (standard input).
  public var operands: [String] = []
  /// The operands as the bytes argv held (`operands` decodes them, replacing invalid UTF-8).
  public var rawOperands: [[UInt8]] = []

  /// One option given on the command line: its long name and every value, in order.
  ///
  /// Kept in an array, looked up by name: a command line holds a few options, and the first
  /// `String`-keyed dictionary of a process costs more than all the lookups (its metadata is
  /// made at run time, which scans every conformance in the binary for `String: Hashable`),
  /// which a one-code `qrrender` run would pay.
  struct Given: Sendable {
    var long: String
    var values: [String]
    var rawValues: [[UInt8]]
  }
  private var given: [Given] = []
  /// The values one option with `OptionSpec.Completion.choices` allows.
  ///
  /// A struct, not a labelled tuple: every run parses, and the metadata of an array of tuples,
  /// made at run time, costs a one-code `qrrender` run four times what a struct's does.
  struct Choices: Sendable {
    var long: String
    var choices: [String]
  }
  /// The values each option with `OptionSpec.Completion.choices` allows, by long name.
  var choiceLists: [Choices] = []
  #if DEBUG
  /// Every long name of the table parsed against: debug builds check each name read back.
  var declaredNames: [String] = []
  #endif

  /// Values by long option name, in command-line order; flags record an empty string.
  public var values: [String: [String]] {
    Dictionary(uniqueKeysWithValues: given.map { ($0.long, $0.values) })
  }
  /// The values each option with `OptionSpec.Completion.choices` allows, from its declaration.
  public var declaredChoices: [String: [String]] {
    Dictionary(uniqueKeysWithValues: choiceLists.map { ($0.long, $0.choices) })
  }
  /// The values as the bytes argv held, like `values`.
  public var rawValues: [String: [[UInt8]]] {
    Dictionary(uniqueKeysWithValues: given.map { ($0.long, $0.rawValues) })
  }

  /// Creates an empty parse result.
  public init() {}

  mutating func record(_ long: String, _ value: String, raw: [UInt8]? = nil) {
    let bytes = raw ?? Array(value.utf8)
    if let index = given.firstIndex(where: { $0.long == long }) {
      given[index].values.append(value)
      given[index].rawValues.append(bytes)
    } else {
      given.append(Given(long: long, values: [value], rawValues: [bytes]))
    }
  }

  /// The option's entry, if it was given.
  private func entry(_ long: String) -> Given? {
    #if DEBUG
    // Read back only by an `OptionName` case, which the tests check against the table.
    assert(declaredNames.isEmpty || declaredNames.contains(long), "--\(long) is not declared")
    #endif
    return given.first { $0.long == long }
  }

  mutating func recordOperand(_ raw: [UInt8]) {
    operands.append(String(decoding: raw, as: UTF8.self))
    rawOperands.append(raw)
  }

  /// The last value given for the option as a path: its bytes exactly as argv held them.
  @usableFromInline func path(_ long: String) -> PathName? {
    entry(long)?.rawValues.last.map(PathName.init)
  }

  /// The operands as paths, their bytes exactly as argv held them.
  public var operandPaths: [PathName] { rawOperands.map(PathName.init(bytes:)) }

  /// Whether the option appeared at all.
  @usableFromInline func has(_ long: String) -> Bool { entry(long) != nil }

  /// The last value given for the option (the usual "last one wins" rule), or nil.
  @usableFromInline func value(_ long: String) -> String? { entry(long)?.values.last }

  /// Every value given for a repeatable option.
  @usableFromInline func all(_ long: String) -> [String] { entry(long)?.values ?? [] }

  /// The option's value as an integer in `range`.
  ///
  /// - Throws: `UsageError` naming the option when the value is not a whole number in range.
  @usableFromInline func integer(_ long: String, in range: ClosedRange<Int>) throws(UsageError)
    -> Int?
  {
    guard let text = value(long) else { return nil }
    guard let number = Int(text), range.contains(number) else {
      throw UsageError(
        "invalid value '\(Diagnostics.sanitized(text))' for --\(long): "
          + "expected a whole number from \(range.lowerBound) to \(range.upperBound)")
    }
    return number
  }

  /// The option's value as a finite number in `range`.
  @usableFromInline func number(_ long: String, in range: ClosedRange<Double>) throws(UsageError)
    -> Double?
  {
    guard let text = value(long) else { return nil }
    guard let number = Double(text), number.isFinite, range.contains(number) else {
      throw UsageError(
        "invalid value '\(Diagnostics.sanitized(text))' for --\(long): "
          + "expected a number from \(range.lowerBound) to \(range.upperBound)")
    }
    return number
  }

  /// The option's value, which must be one of the values its `OptionSpec` declares: the one list
  /// that parsing, `--help`, the man page test and the completions share.
  ///
  /// - Throws: `UsageError` naming the option and the values it takes.
  @usableFromInline func choice(_ long: String) throws(UsageError) -> String? {
    let declared = choiceLists.first { $0.long == long }?.choices
    assert(declared != nil, "--\(long) declares no choices")
    return try choice(long, from: declared ?? [])
  }

  /// The option's value as the case of `type` whose raw value it is; `type`'s raw values are
  /// the option's declared choices (`.choices(Type.allCases.map(\.rawValue))`).
  ///
  /// - Throws: `UsageError` naming the option and the values it takes.
  @usableFromInline func choice<Value: RawRepresentable>(
    _ long: String, as type: Value.Type
  ) throws(UsageError) -> Value? where Value.RawValue == String {
    guard let text = try choice(long) else { return nil }
    guard let value = Value(rawValue: text) else {
      throw UsageError("invalid value '\(Diagnostics.sanitized(text))' for --\(long)")
    }
    return value
  }

  /// The option's value, which must be one of `choices` in any case (`FAST` is `fast`), spelt
  /// as `choices` spells it.
  @usableFromInline func choice(_ long: String, from choices: [String]) throws(UsageError)
    -> String?
  {
    guard let text = value(long) else { return nil }
    let lowered = text.lowercased()
    guard let choice = choices.first(where: { $0 == text || $0.lowercased() == lowered }) else {
      throw UsageError(
        "invalid value '\(Diagnostics.sanitized(text))' for --\(long): "
          + "expected one of \(choices.joined(separator: ", "))")
    }
    return choice
  }
}

extension CommandSpec {
  /// Parses `arguments` (without the program name).
  ///
  /// Rules, as swift-argument-parser and getopt_long: a lone `-` is an operand; the first `--` ends
  /// options; `--long=value` and `--long value` are the same; short flags bundle (`-hV`) and a short
  /// option with a value takes the rest of the word or the next word (`-s640x480`, `-s 640x480`).
  /// A long name may be abbreviated to any prefix no other long name shares (`--summ`); a
  /// shared prefix is an error listing the names, and an unknown name suggests the nearest one.
  ///
  /// - Throws: `UsageError` naming the offending word.
  public func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
    try parse(raw: arguments.map { Array($0.utf8) })
  }

  /// Parses the bytes of `arguments` (without the program name), as argv holds them: option
  /// names must be UTF-8 to match, and operands and values keep their bytes (`rawOperands`,
  /// `rawValues`, `path(_:)`) so that a file name that is not UTF-8 still names its file.
  ///
  /// - Throws: `UsageError` naming the offending word.
  public func parse(raw rawArguments: [[UInt8]]) throws(UsageError) -> ParsedArguments {
    let arguments = rawArguments.map { String(decoding: $0, as: UTF8.self) }
    var result = ParsedArguments()
    #if DEBUG
    result.declaredNames = options.map(\.long)
    #endif
    for option in options where !option.choices.isEmpty {
      result.choiceLists.append(ParsedArguments.Choices(long: option.long, choices: option.choices))
    }
    var index = 0
    var optionsEnded = false
    while index < arguments.count {
      let word = arguments[index]
      let raw = rawArguments[index]
      index += 1
      if optionsEnded || word == "-" || !word.hasPrefix("-") {
        result.recordOperand(raw)
      } else if word == "--" {
        optionsEnded = true
      } else if word.hasPrefix("--") {
        let body = word.dropFirst(2)
        let name: Substring
        let attached: Substring?
        if let equals = body.firstIndex(of: "=") {
          name = body[..<equals]
          attached = body[body.index(after: equals)...]
        } else {
          name = body
          attached = nil
        }
        // Looked up by index, here and below: an `OptionSpec?` (`option(long:)`) has generic
        // metadata made at run time, a thirtieth of a one-code `qrrender` run.
        guard !name.isEmpty, !name.hasPrefix("-") else {
          throw UsageError("unknown option '\(Diagnostics.sanitized(String(word.prefix(64))))'")
        }
        let found = try longOptionIndex(name, word: word)
        let option = options[found]
        switch option.argument {
        case .none:
          if attached != nil { throw UsageError("option '--\(name)' takes no value") }
          result.record(option.long, "")
        case .optional:
          result.record(option.long, attached.map(String.init) ?? "", raw: Self.after(raw))
        case .required(let valueName):
          if let attached {
            result.record(option.long, String(attached), raw: Self.after(raw))
          } else if index < arguments.count {
            result.record(option.long, arguments[index], raw: rawArguments[index])
            index += 1
          } else {
            throw UsageError("missing value for '--\(name) \(valueName)'")
          }
        }
      } else {
        // A bundle of short options: -hV, -s640x480, -c 5.
        var rest = word.dropFirst()
        // Option letters are ASCII: each is one byte of `raw`.
        var consumed = 1
        while let letter = rest.first {
          rest = rest.dropFirst()
          consumed += 1
          guard let found = options.firstIndex(where: { $0.short == letter }) else {
            throw UsageError("unknown option '-\(Diagnostics.sanitized(String(letter)))'")
          }
          let option = options[found]
          switch option.argument {
          case .none, .optional:
            result.record(option.long, "")
          case .required(let valueName):
            if !rest.isEmpty {
              result.record(option.long, String(rest), raw: Array(raw.dropFirst(consumed)))
              rest = ""
            } else if index < arguments.count {
              result.record(option.long, arguments[index], raw: rawArguments[index])
              index += 1
            } else {
              throw UsageError("missing value for '-\(letter) \(valueName)'")
            }
          }
        }
      }
    }
    return result
  }

  /// The index of the option `--name` names: the option of that name, else the one option whose
  /// name starts with it (`--summ` for `--summary`, as getopt_long allows).
  ///
  /// - Throws: `UsageError` for a prefix of several names (listing them), or for a name no
  ///   option has, suggesting the nearest name when one is close (`--sumary`).
  func longOptionIndex(_ name: Substring, word: String) throws(UsageError) -> Int {
    if let exact = options.firstIndex(where: { $0.long == name }) { return exact }
    let prefixed = options.indices.filter { options[$0].long.hasPrefix(name) }
    if prefixed.count == 1 { return prefixed[0] }
    let shown = Diagnostics.sanitized(String(word.prefix(64)))
    if prefixed.count > 1 {
      throw UsageError(
        "option '--\(Diagnostics.sanitized(String(name)))' is ambiguous: it could be "
          + prefixed.map { "--" + options[$0].long }.joined(separator: ", "))
    }
    guard let suggestion = nearestLongName(to: String(name)) else {
      throw UsageError("unknown option '\(shown)'")
    }
    throw UsageError("unknown option '\(shown)'; did you mean '--\(suggestion)'?")
  }

  /// The long name nearest to `name` by edit distance, when it is near enough to be a slip of
  /// the keyboard (one edit in four letters, at most three) and no other is as near.
  func nearestLongName(to name: String) -> String? {
    let typed = Array(name.utf8)
    let allowed = min(3, max(1, typed.count / 4))
    var best: (name: String, distance: Int)?
    var isTied = false
    for option in options {
      let distance = Self.editDistance(typed, Array(option.long.utf8))
      guard distance <= allowed else { continue }
      if let current = best, distance >= current.distance {
        if distance == current.distance { isTied = true }
        continue
      }
      best = (option.long, distance)
      isTied = false
    }
    return isTied ? nil : best?.name
  }

  /// The Levenshtein distance of `a` and `b`: insertions, deletions and substitutions, and a
  /// swap of two neighbours counted as one edit (`--sumamry`).
  static func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
    if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
    var before = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          current[j] = min(current[j], before[j - 2] + 1)
        }
      }
      (before, previous, current) = (previous, current, before)
    }
    return previous[b.count]
  }

  /// The bytes after the first `=` of `word` (the attached value of `--long=value`), or nil.
  private static func after(_ word: [UInt8]) -> [UInt8]? {
    word.firstIndex(of: UInt8(ascii: "=")).map { Array(word[($0 + 1)...]) }
  }
}
