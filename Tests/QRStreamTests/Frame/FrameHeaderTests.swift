// SPDX-License-Identifier: MIT

import Testing

@testable import QRStream

/// The header of a 4×2 frame, sequence 7, at 1.5 s on the monotonic clock, 3 frames dropped,
/// as Python's `struct.pack` + `zlib.crc32` lay it out from qrframe(5).
let knownHeader: [UInt8] = [
  0x51, 0x52, 0x46, 0x4D, 0x01, 0x00, 0x40, 0x00, 0x47, 0x52, 0x45, 0x59, 0x04, 0x00, 0x00, 0x00,
  0x02, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
  0x07, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x2F, 0x68, 0x59, 0x00, 0x00, 0x00, 0x00,
  0x03, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xEE, 0x63, 0xF2, 0x6D,
]

let knownHeaderValue = FrameHeader(
  width: 4, height: 2, sequence: 7, timestamp: 1_500_000_000, clock: .monotonic, dropped: 3)

@Test func crc32CheckValue() {
  #expect(CRC32.checksum(of: [UInt8](text: "123456789")) == 0xCBF4_3926)
  #expect(CRC32.checksum(of: []) == 0)
  #expect(
    CRC32.checksum(of: [UInt8](text: "The quick brown fox jumps over the lazy dog")) == 0x414F_A339)
}

@Test func headerEncodingIsExact() {
  #expect(knownHeaderValue.encoded == knownHeader)
}

@Test func headerDecodesFromKnownBytes() throws {
  let header = try knownHeader.withUnsafeBytes { try FrameHeader(decoding: $0) }
  #expect(header == knownHeaderValue)
  #expect(header.payloadLength == 8)
}

/// `knownHeader` with `edit` applied and, unless `reseal` is false, a fresh checksum.
func editedHeader(reseal: Bool = true, _ edit: (inout [UInt8]) -> Void) -> [UInt8] {
  var bytes = knownHeader
  edit(&bytes)
  if reseal {
    let length = Int(bytes[6]) | Int(bytes[7]) << 8
    let crc = CRC32.checksum(of: Array(bytes[0..<length - 4]))
    for index in 0..<4 { bytes[length - 4 + index] = UInt8(truncatingIfNeeded: crc >> (8 * index)) }
  }
  return bytes
}

@Test func headerFaultsAreSpecific() {
  func fault(_ bytes: [UInt8]) -> HeaderFault? {
    bytes.withUnsafeBytes { bytes in
      do throws(HeaderFault) {
        _ = try FrameHeader(decoding: bytes)
        return nil
      } catch { return error }
    }
  }
  #expect(fault(editedHeader { $0[0] = 0x51 + 1 }) == .notAHeader(found: [0x52, 0x52, 0x46, 0x4D]))
  #expect(fault(editedHeader { $0[4] = 2 }) == .majorVersion(2))
  #expect(fault(editedHeader { $0[6] = 60 }) == .headerLength(60))
  #expect(fault(editedHeader(reseal: false) { $0[12] = 5 }) != nil)
  if case .checksum = fault(editedHeader(reseal: false) { $0[12] = 5 }) {
  } else {
    Issue.record("a changed width without a new checksum must be a checksum fault")
  }
  #expect(fault(editedHeader { $0[52] = 9 }) == .clock(9))
  #expect(fault(editedHeader { $0[8] = 0x59 }) == .pixelFormat(0x5945_5259))
  #expect(fault(editedHeader { $0[12] = 0 }) == .zeroSize(width: 0, height: 2))
  #expect(fault(editedHeader { $0[20] = 3 }) == .rowStride(3, width: 4))
  #expect(fault(editedHeader { $0[24] = 9 }) == .payloadLength(9, expected: 8))
  // Flags and reserved bytes are ignored.
  #expect(
    fault(
      editedHeader {
        $0[53] = 0xFF; $0[55] = 1
      }) == nil)
}

@Test func faultDescriptionsReadWell() {
  #expect(
    HeaderFault.majorVersion(2).description
      == "unsupported qrframe major version 2 (this reader knows version 1)")
  #expect(
    HeaderFault.checksum(stored: 1, computed: 0xCBF4_3926).description
      == "header checksum mismatch (corrupt stream): stored 0x00000001, computed 0xcbf43926")
  #expect(
    HeaderFault.pixelFormat(0x3231_564E).description
      == "unsupported pixel format 'NV12' (only GREY)")
}
