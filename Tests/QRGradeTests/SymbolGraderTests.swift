// SPDX-License-Identifier: MIT
// Known answers: symbols drawn with known defects, and how each parameter must move.

import QRCodec
import QRImage
import Testing

@testable import QRGrade

@Suite struct SymbolGraderTests {
  @Test(arguments: [SymbolVersion.qr(Version(1)!), .qr(Version(7)!), .micro(.m2), .micro(.m4)])
  func cleanRenderIsA(version: SymbolVersion) throws {
    let grade = try #require(try TestSymbol.make(version).grade())
    for (name, parameter) in grade.parameters {
      #expect(parameter.grade == .a, "\(name) \(parameter)")
    }
    #expect(grade.overall == .a)
    #expect(grade.symbolContrast.value > 0.99)
    #expect(grade.gridNonuniformity.value < 0.05)
    #expect(grade.axialNonuniformity.value < 0.01)
    #expect(abs(grade.printGrowth.value) < 0.05)
    #expect(grade.unusedErrorCorrection.value == 1)
  }
}
