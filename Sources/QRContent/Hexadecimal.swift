// SPDX-License-Identifier: MIT
// The package's one hexadecimal decoder: digits, and the `%XX` and `=XX` escapes built on them.

/// Hexadecimal digits and the escapes that spell a byte with two of them.
///
/// URIs escape a byte as `%XX` (RFC 3986, 2.1) and quoted-printable as `=XX` (RFC 2045, 6.7);
/// JSON's `\uXXXX` is four digits. All of them read their digits here.
public enum Hexadecimal {
  /// The value of one hexadecimal digit (`0`–`9`, `a`–`f`, `A`–`F`), or nil.
  @inlinable @inline(__always)
  public static func digitValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }

  /// `utf8` with every `marker` followed by two hexadecimal digits replaced by the byte they
  /// spell (`%41` is `A`); any other byte, a lone marker included, is kept as it is.
  ///
  /// - Complexity: O(*n*), where *n* is the length of `utf8`.
  public static func decodingEscapes(_ utf8: Substring.UTF8View, marker: UInt8) -> [UInt8] {
    let utf8 = Array(utf8)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(utf8.count)
    var index = 0
    while index < utf8.count {
      if utf8[index] == marker, index + 2 < utf8.count,
        let high = digitValue(utf8[index + 1]), let low = digitValue(utf8[index + 2])
      {
        bytes.append(high << 4 | low)
        index += 3
      } else {
        bytes.append(utf8[index])
        index += 1
      }
    }
    return bytes
  }
}
