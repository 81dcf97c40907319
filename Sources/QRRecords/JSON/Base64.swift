// SPDX-License-Identifier: MIT
// Base64 (RFC 4648, section 4): how qrdetect's "bytes" field carries a payload.

/// The standard base64 alphabet with `=` padding, as RFC 4648 section 4 defines it.
public enum Base64 {
  /// Appends the base64 text of `bytes` to `output`, padded with `=`.
  /// - Complexity: O(*n*).
  public static func encode(_ bytes: some Collection<UInt8>, into output: inout [UInt8]) {
    var iterator = bytes.makeIterator()
    while let first = iterator.next() {
      let second = iterator.next()
      let third = iterator.next()
      let group = UInt32(first) << 16 | UInt32(second ?? 0) << 8 | UInt32(third ?? 0)
      output.append(alphabet[Int(group >> 18 & 63)])
      output.append(alphabet[Int(group >> 12 & 63)])
      output.append(second == nil ? UInt8(ascii: "=") : alphabet[Int(group >> 6 & 63)])
      output.append(third == nil ? UInt8(ascii: "=") : alphabet[Int(group & 63)])
    }
  }

  /// Appends the bytes that `text` encodes to `output`; returns false (leaving `output` with a
  /// partial result) if `text` is not base64.
  ///
  /// Padding may be omitted; whitespace and the URL-safe alphabet are not accepted.
  /// - Complexity: O(*n*).
  @discardableResult
  public static func decode(_ text: UnsafeRawBufferPointer, into output: inout [UInt8]) -> Bool {
    var length = text.count
    if length % 4 == 0 {
      if length > 0, text[length - 1] == UInt8(ascii: "=") { length -= 1 }
      if length > 0, text[length - 1] == UInt8(ascii: "=") { length -= 1 }
    }
    guard length % 4 != 1 else { return false }
    output.reserveCapacity(output.count + length / 4 * 3 + 2)
    return decodingTable.withUnsafeBufferPointer { table in
      var group: UInt32 = 0
      var bits = 0
      for index in 0..<length {
        let value = table[Int(text[index])]
        guard value < 64 else { return false }
        group = group << 6 | UInt32(value)
        bits += 6
        if bits >= 8 {
          bits -= 8
          output.append(UInt8(truncatingIfNeeded: group >> UInt32(bits)))
        }
      }
      return true
    }
  }

  private static let alphabet: [UInt8] = Array(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

  /// 64 and above: not a base64 digit.
  private static let decodingTable: [UInt8] = {
    var table = [UInt8](repeating: 255, count: 256)
    for (value, byte) in alphabet.enumerated() { table[Int(byte)] = UInt8(value) }
    return table
  }()
}
