// SPDX-License-Identifier: MIT
import Testing

@testable import QRVision

@Test func moduleIsNamed() {
  #expect(QRVision.summary.contains("QR"))
}
