// SPDX-License-Identifier: MIT
// The structured append header shared by the symbols of one message.

/// The structured append header: which of up to 16 symbols this is, how many there are, and a
/// parity byte shared by all of them.
///
/// ISO/IEC 18004:2015, 8. The parity is the XOR of every byte of the whole message: here, of the
/// payload bytes (the text in its charset) before they are divided.
public struct StructuredAppendHeader: Hashable, Sendable {
  /// The symbol's position in the sequence, in 0…15.
  public let index: Int
  /// The number of symbols, in 1…16.
  public let count: Int
  /// The XOR of all the message's bytes.
  public let parity: UInt8

  /// The largest number of symbols a message can be divided into.
  public static let maximumCount = 16

  /// Creates a header, or nil if `count` is outside 1…16 or `index` outside 0..<`count`.
  public init?(index: Int, count: Int, parity: UInt8) {
    guard (1...Self.maximumCount).contains(count), (0..<count).contains(index) else { return nil }
    self.index = index
    self.count = count
    self.parity = parity
  }

  init(uncheckedIndex index: Int, count: Int, parity: UInt8 = 0) {
    assert((1...Self.maximumCount).contains(count) && (0..<count).contains(index))
    self.index = index
    self.count = count
    self.parity = parity
  }

  /// The parity byte of a message: the XOR of its bytes.
  ///
  /// - Complexity: O(*n*).
  public static func parity(_ bytes: [UInt8]) -> UInt8 { bytes.reduce(0, ^) }
}
