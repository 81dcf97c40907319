// SPDX-License-Identifier: MIT
// The approximately normal draw that every noisy pixel of a simulation takes.

import QRRandom

extension SplitMix64 {
  /// The four 16-bit quarters of the next output summed, less their mean (131,072): an
  /// approximately normal integer of variance 4 × 65,536² / 12, one draw for each noisy pixel
  /// (a Gaussian from one output, with no logarithm or square root in the per-pixel loop).
  @inline(__always)
  mutating func centredSumOfQuarters() -> Int {
    let bits = next()
    return Int(truncatingIfNeeded: bits & 0xFFFF) &+ Int(truncatingIfNeeded: (bits >> 16) & 0xFFFF)
      &+ Int(truncatingIfNeeded: (bits >> 32) & 0xFFFF) &+ Int(truncatingIfNeeded: bits >> 48)
      &- 131_072
  }
}
