// SPDX-License-Identifier: MIT
// An append-only sequence of bits, most significant first.

/// An append-only sequence of bits, used to build a symbol's data bit stream.
///
/// The bits are kept packed, eight to a byte, most significant first: the form the codewords
/// take, and an eighth of the memory of one `Bool` a bit.
struct BitBuffer: Hashable, Sendable {
  /// The bits packed into bytes, most significant bit first; the last byte's bits after `count`
  /// are 0.
  private(set) var bytes: [UInt8] = []

  /// The number of bits.
  private(set) var count = 0

  /// The bits, in order; `true` is 1.
  ///
  /// - Complexity: O(*count*).
  var bits: [Bool] { (0..<count).map { bytes[$0 >> 3] & 0x80 >> UInt8($0 & 7) != 0 } }

  /// Appends the low `count` bits of `value`, most significant first.
  ///
  /// The last byte's bits and the new ones are put together in one word, then go out as whole
  /// bytes: every bit of every symbol's data passes through here.
  ///
  /// - Precondition: `count` is in 0…32 and `value` fits in `count` bits.
  mutating func append(_ value: UInt32, count bitCount: Int) {
    precondition((0...32).contains(bitCount) && (bitCount == 32 || value >> bitCount == 0))
    guard bitCount > 0 else { return }
    let used = count & 7
    var word = UInt64(value)  // `pendingCount` bits, most significant first
    var pendingCount = bitCount
    if used != 0, let last = bytes.popLast() {
      word |= UInt64(last >> UInt8(8 - used)) << UInt64(bitCount)
      pendingCount += used
    }
    while pendingCount >= 8 {
      pendingCount -= 8
      bytes.append(UInt8(truncatingIfNeeded: word >> UInt64(pendingCount)))
    }
    if pendingCount > 0 {
      bytes.append(UInt8(truncatingIfNeeded: word << UInt64(8 - pendingCount)))
    }
    count += bitCount
  }

  /// Makes room for `bitCount` bits in all, so that appending up to them allocates once.
  mutating func reserveCapacity(bitCount: Int) {
    bytes.reserveCapacity((bitCount + 7) / 8)
  }

  /// Appends another buffer's bits.
  ///
  /// - Complexity: O(*other.count*).
  mutating func append(_ other: BitBuffer) {
    if count & 7 == 0 {
      bytes += other.bytes
      count += other.count
      return
    }
    for byte in other.bytes.prefix(other.count / 8) { append(UInt32(byte), count: 8) }
    let rest = other.count & 7
    if rest > 0, let last = other.bytes.last {
      append(UInt32(last >> UInt8(8 - rest)), count: rest)
    }
  }
}
