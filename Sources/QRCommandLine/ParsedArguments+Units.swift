// SPDX-License-Identifier: MIT
// Option values with units: byte sizes (64M, 64MiB) and durations (90s, 36h, 1d).

extension ParsedArguments {
  /// The option's value as a byte count in `range`: a whole number, optionally followed by `K`,
  /// `M`, `G` or `T` (powers of 1024, as in `sort -S` and `dd`), alone or as `KiB`, `MiB`,
  /// `GiB`, `TiB`; a trailing `B` is allowed (`64MB`, `512B`).
  ///
  /// - Throws: `UsageError` naming the option when the value is not a size in range.
  @usableFromInline func byteCount(_ long: String, in range: ClosedRange<Int>) throws(UsageError)
    -> Int?
  {
    guard let text = value(long) else { return nil }
    guard let bytes = Self.parseByteCount(text), range.contains(bytes) else {
      throw UsageError(
        "invalid value '\(Diagnostics.sanitized(text))' for --\(long): expected a size from "
          + "\(Self.formatBytes(range.lowerBound)) to \(Self.formatBytes(range.upperBound)) "
          + "(a number of bytes, or with K, M, G: 64M, 512KiB)")
    }
    return bytes
  }

  /// The option's value as seconds in `range`: a number, optionally followed by `s`, `m`, `h`
  /// or `d` (seconds, minutes, hours, days).
  @usableFromInline func duration(_ long: String, in range: ClosedRange<Double>) throws(UsageError)
    -> Double?
  {
    guard let text = value(long) else { return nil }
    guard let seconds = Self.parseDuration(text), range.contains(seconds) else {
      throw UsageError(
        "invalid value '\(Diagnostics.sanitized(text))' for --\(long): expected a duration "
          + "from \(range.lowerBound) to \(range.upperBound) seconds (a number, or with s, m, "
          + "h, d: 90s, 36h, 1d)")
    }
    return seconds
  }

  static func parseByteCount(_ text: String) -> Int? {
    var digits = Substring(text)
    var unit = ""
    while let last = digits.last, last.isLetter {
      unit = String(last) + unit
      digits = digits.dropLast()
    }
    guard !digits.isEmpty, digits.allSatisfy(\.isASCII), let number = Int(digits), number >= 0
    else { return nil }
    let shifts: [String: Int] = [
      "": 0, "B": 0, "K": 10, "KB": 10, "KIB": 10, "M": 20, "MB": 20, "MIB": 20, "G": 30,
      "GB": 30, "GIB": 30, "T": 40, "TB": 40, "TIB": 40,
    ]
    guard let shift = shifts[unit.uppercased()] else { return nil }
    let (result, overflow) = number.multipliedReportingOverflow(by: 1 << shift)
    return overflow ? nil : result
  }

  static func parseDuration(_ text: String) -> Double? {
    var number = Substring(text)
    let scales: [Character: Double] = ["s": 1, "m": 60, "h": 3600, "d": 86_400]
    var scale = 1.0
    if let last = number.last, let unit = scales[last] {
      scale = unit
      number = number.dropLast()
    }
    // Only digits, a point, an exponent and a sign: no "inf", "nan" or hexadecimal.
    guard number.allSatisfy({ "0123456789.eE+-".contains($0) }) else { return nil }
    guard !number.isEmpty, let value = Double(number), value.isFinite else { return nil }
    let seconds = value * scale
    return seconds.isFinite ? seconds : nil
  }

  /// A byte count in the largest binary unit that divides it: `64 MiB`, `1536 KiB`, `100 bytes`.
  public static func formatBytes(_ bytes: Int) -> String {
    for (shift, unit) in [(40, "TiB"), (30, "GiB"), (20, "MiB"), (10, "KiB")]
    where bytes >= 1 << shift && bytes % (1 << shift) == 0 {
      return "\(bytes >> shift) \(unit)"
    }
    return "\(bytes) bytes"
  }
}
