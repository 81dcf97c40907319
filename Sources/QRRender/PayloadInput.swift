// SPDX-License-Identifier: MIT
// Reading a whole payload from a descriptor, byte for byte.

import Glibc
import QRSystem

/// Reads payloads whole.
public enum PayloadInput {
  /// The most bytes a payload may have: well above the 16 × 2953 bytes structured append can
  /// hold, so a larger input gets the encoder's "does not fit" message, yet bounded.
  public static let maximumByteCount = 1 << 20

  /// Every byte of `descriptor` up to end of file, NUL bytes included.
  ///
  /// - Throws: `Errno` from `read(2)`; `Errno(rawValue: EFBIG)` past `maximumByteCount`.
  /// - Complexity: O(*n*).
  public static func readAll(_ descriptor: FileDescriptor) throws(Errno) -> [UInt8] {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      var failure: Errno?
      let count = chunk.withUnsafeMutableBytes { buffer -> Int in
        do throws(Errno) { return try descriptor.read(into: buffer) } catch {
          failure = error
          return 0
        }
      }
      if let failure { throw failure }
      if count == 0 { return bytes }
      bytes.append(contentsOf: chunk[0..<count])
      if bytes.count > maximumByteCount { throw Errno(rawValue: EFBIG) }
    }
  }
}
