// SPDX-License-Identifier: MIT
// An append-only sequence of bits, most significant first.

/// An append-only sequence of bits, used to build a symbol's data bit stream.
struct BitBuffer: Hashable, Sendable {
  /// The bits, in order; `true` is 1.
  private(set) var bits: [Bool] = []

  /// The number of bits.
  var count: Int { bits.count }

  /// Appends the low `count` bits of `value`, most significant first.
  ///
  /// - Precondition: `count` is in 0…32 and `value` fits in `count` bits.
  mutating func append(_ value: UInt32, count: Int) {
    precondition((0...32).contains(count) && (count == 32 || value >> count == 0))
    for shift in stride(from: count - 1, through: 0, by: -1) {
      bits.append(value >> shift & 1 == 1)
    }
  }

  /// Appends another buffer's bits.
  mutating func append(_ other: BitBuffer) { bits += other.bits }

  /// The bits packed into bytes, most significant bit first, the last byte padded with zeros.
  ///
  /// - Complexity: O(*count*).
  var bytes: [UInt8] {
    var result = [UInt8](repeating: 0, count: (bits.count + 7) / 8)
    for (i, bit) in bits.enumerated() where bit { result[i / 8] |= 0x80 >> (i % 8) }
    return result
  }
}
