// SPDX-License-Identifier: MIT
// CRC-32/ISO-HDLC, the checksum of every qrframe(5) header.

/// CRC-32 as zlib, gzip, PNG and Ethernet compute it (the catalogue name is CRC-32/ISO-HDLC).
///
/// Parameters: width 32, polynomial 0x04C11DB7 (reflected 0xEDB88320), initial value 0xFFFFFFFF,
/// input and output reflected, final XOR 0xFFFFFFFF; the check value of the ASCII bytes
/// `123456789` is 0xCBF43926. Python's `zlib.crc32` gives the same numbers.
///
///     CRC32.checksum(of: Array("123456789".utf8))  // 0xCBF43926
public enum CRC32 {
  /// The checksum of `bytes`.
  ///
  /// - Complexity: O(*n*), one table lookup per byte.
  public static func checksum(of bytes: UnsafeRawBufferPointer) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc = table[Int(UInt8(truncatingIfNeeded: crc) ^ byte)] ^ (crc >> 8)
    }
    return crc ^ 0xFFFF_FFFF
  }

  /// The checksum of `bytes`.
  public static func checksum(of bytes: [UInt8]) -> UInt32 {
    bytes.withUnsafeBytes { checksum(of: $0) }
  }

  /// The CRC of every single byte value, for the byte-at-a-time (Sarwate) algorithm.
  private static let table: [UInt32] = (0..<256).map { index in
    var crc = UInt32(index)
    for _ in 0..<8 {
      crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1
    }
    return crc
  }
}
