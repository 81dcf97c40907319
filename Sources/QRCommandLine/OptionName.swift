// SPDX-License-Identifier: MIT
// Options read back by name through an enum of the command's long names, never by string.

import QRSystem

/// The long names of one command's options, one case each (`case maxMemory = "max-memory"`).
///
/// A command reads its parsed options back through `Options`, by case: a misspelt name does not
/// compile, and `CommandSpec.undeclaredNames(_:)` (run by the tests for every tool) fails when
/// the enum and the option table disagree. `help` and `version`, which every table gets, need no
/// case.
public protocol OptionName: RawRepresentable, CaseIterable, Sendable where RawValue == String {}

extension CommandSpec {
  /// The differences between `names` and this table's long names, as messages; empty when every
  /// case names a declared option and every option (but `help` and `version`) has a case.
  public func undeclaredNames<Name: OptionName>(_ names: Name.Type) -> [String] {
    let declared = options.map(\.long).filter { $0 != "help" && $0 != "version" }
    let cases = Name.allCases.map(\.rawValue)
    return cases.filter { !declared.contains($0) }.map { "\(name): no option --\($0)" }
      + declared.filter { !cases.contains($0) }.map { "\(name): --\($0) has no case" }
  }
}

/// A command's parsed options, read back by the cases of its `OptionName` enum.
///
///     let options = Options<DetectOption>(invocation.arguments)
///     let isNullTerminated = options.has(.null)
///
/// Every accessor is inlinable, so a release build reads the option as directly as a lookup by
/// string would: no generic code runs, and no type metadata is made at start-up.
public struct Options<Name: OptionName>: Sendable {
  /// The command line the options came from.
  public let arguments: ParsedArguments

  /// The options of `arguments`, read by `Name`.
  @inlinable public init(_ arguments: ParsedArguments) { self.arguments = arguments }

  /// Operands in order; `-` is an operand (standard input).
  @inlinable public var operands: [String] { arguments.operands }

  /// The operands as paths, their bytes exactly as argv held them.
  @inlinable public var operandPaths: [PathName] { arguments.operandPaths }

  /// Whether the option appeared at all.
  @inlinable public func has(_ name: Name) -> Bool { arguments.has(name.rawValue) }

  /// The last value given for the option (the usual "last one wins" rule), or nil.
  @inlinable public func value(_ name: Name) -> String? { arguments.value(name.rawValue) }

  /// Every value given for a repeatable option.
  @inlinable public func all(_ name: Name) -> [String] { arguments.all(name.rawValue) }

  /// The last value given for the option as a path: its bytes exactly as argv held them.
  @inlinable public func path(_ name: Name) -> PathName? { arguments.path(name.rawValue) }

  /// The option's value as an integer in `range`.
  ///
  /// - Throws: `UsageError` naming the option when the value is not a whole number in range.
  @inlinable
  public func integer(_ name: Name, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
    try arguments.integer(name.rawValue, in: range)
  }

  /// The option's value as a finite number in `range`.
  ///
  /// - Throws: `UsageError` naming the option when the value is not a number in range.
  @inlinable
  public func number(_ name: Name, in range: ClosedRange<Double>) throws(UsageError) -> Double? {
    try arguments.number(name.rawValue, in: range)
  }

  /// The option's value, which must be one of the values its `OptionSpec` declares.
  ///
  /// - Throws: `UsageError` naming the option and the values it takes.
  @inlinable public func choice(_ name: Name) throws(UsageError) -> String? {
    try arguments.choice(name.rawValue)
  }

  /// The option's value as the case of `type` whose raw value it is.
  ///
  /// - Throws: `UsageError` naming the option and the values it takes.
  @inlinable
  public func choice<Value: RawRepresentable>(
    _ name: Name, as type: Value.Type
  ) throws(UsageError) -> Value? where Value.RawValue == String {
    try arguments.choice(name.rawValue, as: type)
  }

  /// The option's value, which must be one of `choices`.
  ///
  /// - Throws: `UsageError` naming the option and the values it takes.
  @inlinable
  public func choice(_ name: Name, from choices: [String]) throws(UsageError) -> String? {
    try arguments.choice(name.rawValue, from: choices)
  }

  /// The option's value as a byte count in `range` (`64M`, `512KiB`).
  ///
  /// - Throws: `UsageError` naming the option when the value is not a size in range.
  @inlinable
  public func byteCount(_ name: Name, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
    try arguments.byteCount(name.rawValue, in: range)
  }

  /// The option's value as seconds in `range` (`90s`, `36h`, `1d`).
  ///
  /// - Throws: `UsageError` naming the option when the value is not a duration in range.
  @inlinable
  public func duration(_ name: Name, in range: ClosedRange<Double>) throws(UsageError) -> Double? {
    try arguments.duration(name.rawValue, in: range)
  }
}
