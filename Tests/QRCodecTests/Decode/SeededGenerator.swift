// SPDX-License-Identifier: MIT
// A small seeded random number generator, so property tests repeat exactly.

/// SplitMix64 (Steele, Lea and Flood 2014): a seeded generator whose sequence is fixed by the
/// seed, so a failing property test names the seed that reproduces it.
struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64

  /// Creates the generator for `seed`.
  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// `count` distinct values from `range`, in random order.
  mutating func distinct(_ count: Int, in range: Range<Int>) -> [Int] {
    precondition(count <= range.count)
    var pool = Array(range)
    pool.shuffle(using: &self)
    return Array(pool.prefix(count))
  }
}
