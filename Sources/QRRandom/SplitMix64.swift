// SPDX-License-Identifier: MIT
// The package's one seeded generator: SplitMix64, identical on every platform.

/// A small, fast, seeded pseudo-random generator (Steele, Lea and Flood's SplitMix64).
///
/// The simulator and the tests never use the system generator: the same seed must give the same frames, byte
/// for byte, on every machine and in every run. Derive independent streams with
/// `SplitMix64(seed:stream:)` instead of sharing one generator between unrelated consumers, so
/// that, say, the sensor noise of frame 7 does not depend on how many frames were skipped.
///
///     var random = SplitMix64(seed: 1)
///     let x = random.uniform(2, 5)  // in 2..<5
public struct SplitMix64: RandomNumberGenerator, Sendable {
  // Inlinable, with its state visible to the inliner: the simulator draws a number per pixel, and
  // a call across the module boundary for each would cost more than the arithmetic.
  @usableFromInline var state: UInt64

  /// A generator whose sequence is fixed by `seed`.
  @inlinable public init(seed: UInt64) { state = seed }

  /// A generator for the independent stream `stream` of `seed` (a hash of both).
  @inlinable public init(seed: UInt64, stream: UInt64) {
    var mixer = SplitMix64(seed: seed ^ 0x6A09_E667_F3BC_C908)
    state = mixer.next() ^ (stream &* 0x9E37_79B9_7F4A_7C15)
    _ = next()
  }

  /// The next 64 random bits.
  @inlinable @inline(__always)
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A double in 0..<1 from the top 53 bits.
  @inlinable public mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }

  /// A double in `low..<high`.
  @inlinable public mutating func uniform(_ low: Double, _ high: Double) -> Double {
    low + (high - low) * unit()
  }

  /// True with probability `probability`.
  @inlinable public mutating func chance(_ probability: Double) -> Bool { unit() < probability }

  /// An integer in 0..<`bound` (`bound` > 0); the tiny modulo bias is irrelevant here.
  @inlinable public mutating func integer(below bound: Int) -> Int {
    precondition(bound > 0, "SplitMix64.integer(below:) needs a positive bound")
    return Int(next() % UInt64(bound))
  }

  /// `count` distinct values from `range`, in random order.
  @inlinable public mutating func distinct(_ count: Int, in range: Range<Int>) -> [Int] {
    precondition(count <= range.count, "SplitMix64.distinct needs count <= range.count")
    var pool = Array(range)
    pool.shuffle(using: &self)
    return Array(pool.prefix(count))
  }
}
