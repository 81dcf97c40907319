// SPDX-License-Identifier: MIT
// A print-quality grade on the scale of ISO/IEC 15415: 4 (A) down to 0 (F).

/// A grade on the scale of ISO/IEC 15415:2011, 5.4: 4 (A), 3 (B), 2 (C), 1 (D) or 0 (F).
///
/// One image gives one scan grade, a whole number. A verifier averages several scans of the
/// same symbol into a decimal; `description` writes the grade the same way, `4.0`.
public struct Grade: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The grade as a number in 0…4.
  public let value: Int

  /// The best grade, 4 (A).
  public static let a = Grade(uncheckedValue: 4)
  /// 3 (B).
  public static let b = Grade(uncheckedValue: 3)
  /// 2 (C).
  public static let c = Grade(uncheckedValue: 2)
  /// 1 (D).
  public static let d = Grade(uncheckedValue: 1)
  /// The failing grade, 0 (F).
  public static let f = Grade(uncheckedValue: 0)

  /// The grade of `value`, clamped to 0…4.
  public init(_ value: Int) {
    self.value = min(max(value, 0), 4)
  }

  private init(uncheckedValue: Int) {
    value = uncheckedValue
  }

  /// The letter: A, B, C, D or F.
  public var letter: Character {
    switch value {
    case 4: "A"
    case 3: "B"
    case 2: "C"
    case 1: "D"
    default: "F"
    }
  }

  /// The grade with one decimal, as a verifier reports it: `4.0` … `0.0`.
  public var description: String { "\(value).0" }

  /// Orders grades from F to A.
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.value < rhs.value }

  // MARK: - Grading a value against thresholds

  /// The grade of a value where more is better: A at `thresholds[0]` or above, B at
  /// `thresholds[1]` or above, and so on; F below the last.
  ///
  /// - Precondition: four thresholds, descending.
  static func atLeast(_ value: Double, _ thresholds: [Double]) -> Grade {
    assert(thresholds.count == 4)
    for (index, threshold) in thresholds.enumerated() where value >= threshold {
      return Grade(4 - index)
    }
    return .f
  }

  /// The grade of a value where less is better: A at `thresholds[0]` or below, B at
  /// `thresholds[1]` or below, and so on; F above the last.
  ///
  /// - Precondition: four thresholds, ascending.
  static func atMost(_ value: Double, _ thresholds: [Double]) -> Grade {
    assert(thresholds.count == 4)
    for (index, threshold) in thresholds.enumerated() where value <= threshold {
      return Grade(4 - index)
    }
    return .f
  }
}
