// SPDX-License-Identifier: MIT
import Testing

@testable import QRCodec

@Test func standardIsNamed() {
  #expect(QRCodec.standard == "ISO/IEC 18004:2015")
}
