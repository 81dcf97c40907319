// SPDX-License-Identifier: MIT

import QRCodec
import Testing

@testable import QRRender

@Test func marginSurroundsTheSymbolWithLightModules() {
  let raster = ModuleRaster(Fixture.matrix, margin: 2, invert: false)
  #expect(raster.side == 7)
  #expect(raster.isDark(x: 2, y: 2))
  #expect(!raster.isDark(x: 3, y: 2))
  for index in 0..<7 {
    #expect(!raster.isDark(x: index, y: 0) && !raster.isDark(x: 0, y: index))
    #expect(!raster.isDark(x: index, y: 6) && !raster.isDark(x: 6, y: index))
  }
  #expect(raster.modules.reduce(0) { $0 + Int($1) } == Fixture.matrix.darkCount)
}

@Test func invertSwapsEveryModuleQuietZoneIncluded() {
  let plain = ModuleRaster(Fixture.matrix, margin: 1, invert: false)
  let inverted = ModuleRaster(Fixture.matrix, margin: 1, invert: true)
  #expect(zip(plain.modules, inverted.modules).allSatisfy { $0 != $1 })
}

@Test func defaultQuietZoneIsFourModulesOrTwoForMicroQR() throws {
  let qr = try Fixture.symbol()
  #expect(ModuleRaster(qr, options: RenderOptions()).side == qr.size + 8)
  var options = EncodeOptions()
  options.symbolKinds = [.micro]
  let micro = try Encoder.encode(text: "12345", options: options)
  #expect(ModuleRaster(micro, options: RenderOptions()).side == micro.size + 4)
  #expect(ModuleRaster(micro, options: RenderOptions(margin: 0)).side == micro.size)
}

@Test func coloursParseAndPrint() {
  #expect(RGBColor(hex: "#1A73e8") == RGBColor(red: 0x1A, green: 0x73, blue: 0xE8))
  #expect(RGBColor(hex: "#fff") == .white)
  #expect(RGBColor(hex: "#0f0")?.description == "#00ff00")
  #expect(RGBColor(hex: "123456") == RGBColor(red: 0x12, green: 0x34, blue: 0x56))
  #expect(RGBColor(hex: "FFFFFF00") == RGBColor(red: 255, green: 255, blue: 255, alpha: 0))
  #expect(RGBColor(hex: "#00000080")?.opacity == "0.502")
  #expect(RGBColor.black.opacity == "1" && RGBColor(hex: "0000")?.opacity == "0")
  for bad in ["", "#", "#12345", "#12345g", "#1234567", "##123456", "123456789"] {
    #expect(RGBColor(hex: bad) == nil, "\(bad)")
  }
  #expect(RGBColor.white.luma == 255 && RGBColor.black.luma == 0)
  #expect(RGBColor(red: 255, green: 0, blue: 0).luma == 76)
}

@Test func formatNamesMatchTheCommandLine() {
  #expect(ImageFormat(rawValue: "pbm-plain") == .pbmPlain)
  #expect(ImageFormat(rawValue: "ansi-utf8") == .ansiUTF8)
  #expect(ImageFormat.allCases.filter(\.isTerminalArt).count == 6)
  #expect(!ImageFormat.png.holdsSeveralImages && ImageFormat.qrframe.holdsSeveralImages)
  for format in [ImageFormat.eps, .pdf, .xpm] {
    #expect(!format.holdsSeveralImages && format.usesColors && !format.isTerminalArt)
  }
  #expect(ImageFormat.pdf.isBinary && !ImageFormat.eps.isBinary && !ImageFormat.xpm.isBinary)
  #expect(Set(ImageFormat.allCases.filter(\.usesAlpha)) == [.png, .svg, .pdf])
  #expect(Set(ImageFormat.allCases.filter(\.usesTransparencyOnly)) == [.eps, .xpm])
}
