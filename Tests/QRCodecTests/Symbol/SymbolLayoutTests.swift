// SPDX-License-Identifier: MIT

import Testing

@testable import QRCodec

@Test(arguments: SymbolVersion.all)
func dataModulesFillEveryNonFunctionModuleOnce(version: SymbolVersion) {
  let layout = SymbolLayout(version)
  #expect(layout.dataModuleOrder.count == version.dataModuleCount)
  #expect(Set(layout.dataModuleOrder).count == layout.dataModuleOrder.count)
  var functionCount = 0
  for y in 0..<version.size {
    for x in 0..<version.size where layout.isFunctionModule(x: x, y: y) { functionCount += 1 }
  }
  #expect(functionCount + version.dataModuleCount == version.size * version.size)
}

@Test func placementStartsAtBottomRightGoingUp() throws {
  let layout = SymbolLayout(.qr(try #require(Version(1))))
  let first = layout.dataModuleOrder.prefix(4).map { [$0.x, $0.y] }
  #expect(first == [[20, 20], [19, 20], [20, 19], [19, 19]])
  let micro = SymbolLayout(.micro(.m2)).dataModuleOrder.prefix(2).map { [$0.x, $0.y] }
  #expect(micro == [[12, 12], [11, 12]])
}

@Test func formatInformationPositionsAreFunctionModules() {
  for version in SymbolVersion.all {
    let layout = SymbolLayout(version)
    let copies = layout.formatInformationPositions + layout.versionInformationPositions
    for position in copies.joined() {
      #expect(layout.isFunctionModule(x: position.x, y: position.y))
    }
    #expect(layout.formatInformationPositions.count == (version.isMicro ? 1 : 2))
  }
}
