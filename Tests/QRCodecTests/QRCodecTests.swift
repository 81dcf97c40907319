// SPDX-License-Identifier: MIT
import Testing

@testable import QRCodec

@Test func versionCountIsForty() {
  #expect(Version.all.count == 40)
}
