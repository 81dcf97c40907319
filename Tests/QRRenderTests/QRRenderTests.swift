// SPDX-License-Identifier: MIT
import Testing

@testable import QRRender

@Test func renderModuleIsNamed() {
  #expect(QRRender.summary.contains("QR"))
}
