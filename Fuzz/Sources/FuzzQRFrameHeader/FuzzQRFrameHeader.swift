// SPDX-License-Identifier: MIT
// libFuzzer target: FrameHeader.announcedLength and FrameHeader(decoding:) on arbitrary bytes.

import FuzzSupport
import QRCore

// Input layout:
//   byte 0   bit 0: write a correct CRC-32 at the announced end (else almost nothing passes it)
//   rest     the header bytes

/// Runs one input; libFuzzer calls it for every input it tries. Returns 0 (keep the input).
@_cdecl("LLVMFuzzerTestOneInput")
public func test(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  var input = FuzzInput(data, size)
  let fixesChecksum = input.byte() & 1 != 0
  var bytes = Array(input.rest)
  // Both entry points require 8 bytes: a reader calls them only once it has that many.
  guard bytes.count >= 8 else { return 0 }
  let length: Int
  do {
    length = try bytes.withUnsafeBytes { bytes throws(HeaderFault) in
      try FrameHeader.announcedLength(bytes)
    }
  } catch {
    _ = String(describing: error)
    return 0
  }
  guard length >= FrameHeader.minimumLength else { finding("announced length \(length) accepted") }
  // FrameHeader(decoding:) requires the whole announced header, as the reader guarantees.
  guard bytes.count >= length else { return 0 }
  if fixesChecksum {
    let checksum = bytes.withUnsafeBytes {
      CRC32.checksum(of: UnsafeRawBufferPointer(rebasing: $0[0..<length - 4]))
    }
    for index in 0..<4 {
      bytes[length - 4 + index] = UInt8(truncatingIfNeeded: checksum >> (8 * index))
    }
  }
  let header: FrameHeader
  do {
    header = try bytes.withUnsafeBytes { bytes throws(HeaderFault) in
      try FrameHeader(decoding: UnsafeRawBufferPointer(rebasing: bytes[0..<length]))
    }
  } catch {
    _ = String(describing: error)
    return 0
  }
  check(header, length: length)
  return 0
}

/// What a decoded header promises, and that encoding it again gives the same fields.
func check(_ header: FrameHeader, length: Int) {
  guard header.length == length, header.width >= 1, header.height >= 1,
    header.rowStride >= header.width,
    header.payloadLength == UInt64(header.rowStride) * UInt64(header.height)
  else { finding("inconsistent header accepted: \(header)") }
  var expected = header
  expected.length = FrameHeader.minimumLength
  expected.minorVersion = FrameHeader.minorVersion
  let again: FrameHeader
  do {
    again = try header.encoded.withUnsafeBytes { bytes throws(HeaderFault) in
      try FrameHeader(decoding: bytes)
    }
  } catch {
    finding("re-encoded header refused: \(error)")
  }
  guard again == expected else { finding("round trip: \(header) became \(again)") }
}
