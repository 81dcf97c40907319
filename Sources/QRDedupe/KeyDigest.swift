// SPDX-License-Identifier: MIT
// A 128-bit digest of a key's bytes, so that a remembered key costs the same whatever its length.

/// A key reduced to 128 bits: two 64-bit lanes computed over the same bytes by different rounds.
///
/// Lane `a` is the round of xxHash64 (multiply by a prime, rotate, multiply); lane `b` a
/// multiply-xorshift round with other constants and rotation. Each round is a bijection of the
/// lane's state for a given word, so two inputs that differ in one word differ in that lane's
/// state afterwards, until the finalizer (MurmurHash3's `fmix64`, with the length) mixes every
/// bit into every other. Both lanes start from a per-run random seed: the digest is not
/// cryptographic, but without the seed nobody can choose keys that collide, or that crowd one
/// corner of the hash index, in advance.
///
/// Two different keys get the same digest with a probability of about 2^-128 per pair: among a
/// million keys remembered at once, about 10^-27. A collision would make the second key count
/// as a sighting of the first (its record suppressed as a repeat).
struct KeyDigest: Hashable, Sendable {
  /// The first lane.
  var a: UInt64
  /// The second lane.
  var b: UInt64

  /// Seeds for both lanes.
  struct Seed: Sendable {
    var a: UInt64
    var b: UInt64

    /// Seeds from the system's random source (`getrandom(2)`).
    static func random() -> Seed {
      var generator = SystemRandomNumberGenerator()
      return Seed(a: generator.next(), b: generator.next())
    }
  }

  private static let p1: UInt64 = 0x9E37_79B1_85EB_CA87
  private static let p2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
  private static let p3: UInt64 = 0x1656_67B1_9E37_79F9
  private static let p4: UInt64 = 0xD6E8_FEB8_6659_FD93
  private static let p5: UInt64 = 0xFF51_AFD7_ED55_8CCD

  /// The digest of `bytes` under `seed`.
  /// - Complexity: O(*n*) in the number of bytes, eight at a time.
  init(_ bytes: UnsafeRawBufferPointer, seed: Seed) {
    var a = seed.a &+ Self.p1 &+ Self.p2
    var b = seed.b ^ Self.p4
    let count = bytes.count
    var offset = 0
    while offset + 8 <= count {
      let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
      a = Self.rotate(a &+ word &* Self.p2, 31) &* Self.p1
      b = Self.rotate(b ^ (word &* Self.p3), 27) &* Self.p4 &+ Self.p5
      offset += 8
    }
    if offset < count {
      // The last one to seven bytes; the length, mixed in below, tells apart padding and zeros.
      var word: UInt64 = 0
      for index in offset..<count {
        word |= UInt64(bytes[index]) << (8 * UInt64(index - offset))
      }
      a = Self.rotate(a &+ word &* Self.p2, 31) &* Self.p1
      b = Self.rotate(b ^ (word &* Self.p3), 27) &* Self.p4 &+ Self.p5
    }
    let length = UInt64(count)
    self.a = Self.mix(a ^ length)
    self.b = Self.mix(b ^ Self.rotate(length, 32) ^ Self.p3)
  }

  /// The digest of `bytes` under `seed`.
  init(_ bytes: [UInt8], seed: Seed) {
    self = bytes.withUnsafeBytes { KeyDigest($0, seed: seed) }
  }

  @inline(__always)
  private static func rotate(_ value: UInt64, _ count: UInt64) -> UInt64 {
    (value << count) | (value >> (64 - count))
  }

  /// MurmurHash3's finalizer: every input bit affects every output bit.
  @inline(__always)
  private static func mix(_ value: UInt64) -> UInt64 {
    var x = value
    x ^= x >> 33
    x &*= 0xFF51_AFD7_ED55_8CCD
    x ^= x >> 33
    x &*= 0xC4CE_B9FE_1A85_EC53
    x ^= x >> 33
    return x
  }
}
