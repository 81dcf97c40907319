// SPDX-License-Identifier: MIT
// The eight data mask patterns and Micro QR's four.

/// A data mask pattern: which data modules are inverted so the symbol avoids confusing shapes.
///
/// QR Code uses patterns 0…7. Micro QR uses four of them, numbered 0…3 in its own format
/// information: Micro QR 0, 1, 2, 3 are QR patterns 1, 4, 6, 7. ISO/IEC 18004:2015, 7.8.2,
/// Table 10 and Figure 23.
///
/// Applying the same mask twice undoes it.
public struct Mask: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The QR Code mask pattern reference, in 0…7.
  public let pattern: Int

  /// The eight QR Code patterns, 0…7.
  public static let allCases: [Mask] = (0...7).map { Mask(uncheckedPattern: $0) }

  /// The four patterns Micro QR allows, in Micro QR reference order 0…3.
  public static let microCases: [Mask] = [1, 4, 6, 7].map { Mask(uncheckedPattern: $0) }

  /// Creates QR Code mask pattern `pattern`, or nil outside 0…7.
  public init?(_ pattern: Int) {
    guard (0...7).contains(pattern) else { return nil }
    self.pattern = pattern
  }

  /// Creates the mask that Micro QR calls `microPattern`, or nil outside 0…3.
  public init?(microPattern: Int) {
    guard Self.microCases.indices.contains(microPattern) else { return nil }
    self = Self.microCases[microPattern]
  }

  init(uncheckedPattern pattern: Int) {
    assert((0...7).contains(pattern))
    self.pattern = pattern
  }

  /// The Micro QR reference (0…3) of this pattern, or nil if Micro QR does not use it.
  public var microPattern: Int? { Self.microCases.firstIndex(of: self) }

  /// Whether the mask inverts the module in column `x`, row `y`.
  ///
  /// The standard writes the conditions with *i* for the row and *j* for the column.
  @inlinable
  public func inverts(x j: Int, y i: Int) -> Bool {
    switch pattern {
    case 0: (i + j) % 2 == 0
    case 1: i % 2 == 0
    case 2: j % 3 == 0
    case 3: (i + j) % 3 == 0
    case 4: (i / 2 + j / 3) % 2 == 0
    case 5: (i * j) % 2 + (i * j) % 3 == 0
    case 6: ((i * j) % 2 + (i * j) % 3) % 2 == 0
    default: ((i + j) % 2 + (i * j) % 3) % 2 == 0
    }
  }

  /// The patterns (0…7) that invert the module in column `x`, row `y`, as bits: bit *m* is set
  /// when `Mask(m).inverts(x: x, y: y)`. All eight conditions of `inverts(x:y:)` at once, for
  /// building layouts.
  static func invertingPatterns(x j: Int, y i: Int) -> UInt8 {
    // The conditions from the residues of i and j alone: (i + j) mod 2 and (i × j) mod 2 from
    // i mod 2 and j mod 2, (i + j) mod 3 and (i × j) mod 3 from i mod 3 and j mod 3, and
    // ⌊i / 2⌋ + ⌊j / 3⌋ even when their low bits agree.
    let i2 = i & 1
    let j2 = j & 1
    let i3 = i % 3
    let j3 = j % 3
    let sum2 = i2 ^ j2
    var sum3 = i3 + j3
    if sum3 >= 3 { sum3 -= 3 }
    let product2 = i2 & j2
    let product3 = i3 * j3 % 3
    var bits: UInt8 = 0
    if sum2 == 0 { bits |= 1 << 0 }
    if i2 == 0 { bits |= 1 << 1 }
    if j3 == 0 { bits |= 1 << 2 }
    if sum3 == 0 { bits |= 1 << 3 }
    if (i >> 1 ^ j / 3) & 1 == 0 { bits |= 1 << 4 }
    if product2 | product3 == 0 { bits |= 1 << 5 }
    if (product2 + product3) & 1 == 0 { bits |= 1 << 6 }
    if (sum2 + product3) & 1 == 0 { bits |= 1 << 7 }
    return bits
  }

  /// The pattern reference as text.
  public var description: String { String(pattern) }

  /// Orders masks by QR Code pattern reference.
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.pattern < rhs.pattern }
}
