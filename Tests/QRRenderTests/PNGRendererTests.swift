// SPDX-License-Identifier: MIT

import QRStream
import Testing

@testable import QRRender

/// The chunks of a PNG: type and data, after checking the signature and every CRC.
private func chunks(_ png: [UInt8]) -> [(type: String, data: [UInt8])]? {
  guard png.prefix(8) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] else { return nil }
  func word(_ offset: Int) -> Int {
    png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
  }
  var result: [(String, [UInt8])] = []
  var offset = 8
  while offset + 12 <= png.count {
    let length = word(offset)
    let typed = Array(png[offset + 4..<offset + 8 + length])
    guard UInt32(word(offset + 8 + length)) == CRC32.checksum(of: typed) else { return nil }
    result.append((String(decoding: typed.prefix(4), as: UTF8.self), Array(typed.dropFirst(4))))
    offset += 12 + length
  }
  return offset == png.count ? result : nil
}

@Test func blackOnWhiteIsOneBitGrayscale() throws {
  let png = PNGRenderer.png(Fixture.raster, scale: 1)
  let parts = try #require(chunks(png))
  #expect(parts.map(\.type) == ["IHDR", "IDAT", "IEND"])
  #expect(parts[0].data == [0, 0, 0, 3, 0, 0, 0, 3, 1, 0, 0, 0, 0])
  #expect(parts[2].data.isEmpty)
  // zlib header, then the scanlines: filter 0 and packed bits where 1 is white, padding 0.
  #expect(parts[1].data.prefix(2) == [0x78, 0x01])
  let scanlines: [UInt8] = [0, 0b0100_0000, 0, 0b1010_0000, 0, 0b0010_0000]
  let checksum = Deflate.adler32(scanlines)
  #expect(
    parts[1].data.suffix(4)
      == [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: checksum >> UInt32($0)) })
}

@Test func coloursMakeATwoEntryPalette() throws {
  let dark = RGBColor(red: 0x1A, green: 0x73, blue: 0xE8)
  let light = RGBColor(red: 0xFF, green: 0xF8, blue: 0xE7)
  let parts = try #require(
    chunks(PNGRenderer.png(Fixture.raster, scale: 2, dark: dark, light: light)))
  #expect(parts.map(\.type) == ["IHDR", "PLTE", "IDAT", "IEND"])
  #expect(parts[0].data[8...9] == [1, 3])
  #expect(parts[1].data == [0x1A, 0x73, 0xE8, 0xFF, 0xF8, 0xE7])
}

private struct PNGCase: CustomTestStringConvertible, Sendable {
  var options: RenderOptions
  var testDescription: String {
    "scale \(options.scale) margin \(options.margin ?? 4) invert \(options.invert) dark \(options.dark)"
  }
}

@Test(
  .enabled(if: Python.isAvailable, Python.unavailableReason),
  arguments: [
    PNGCase(options: RenderOptions(scale: 1)),
    PNGCase(options: RenderOptions(scale: 3, margin: 1)),
    PNGCase(options: RenderOptions(scale: 5, invert: true)),
    PNGCase(options: RenderOptions(scale: 2, dark: RGBColor(red: 0, green: 0, blue: 128))),
  ])
private func pillowReadsTheSamePixelsAndZXingTheText(example: PNGCase) throws {
  let symbol = try Fixture.symbol("PNG round trip 12345")
  let options = example.options
  let png = Renderer.render(symbol, as: .png, options: options)
  let gray = Renderer.grayImage(ModuleRaster(symbol, options: options), options: options)
  let output = try Python.run(
    """
    import sys, zxingcpp
    from PIL import Image
    image = Image.open(sys.argv[1]).convert('L')
    print(image.size[0], image.size[1])
    print(image.tobytes().hex())
    found = zxingcpp.read_barcodes(image, try_invert=True)
    print(found[0].text if found else 'nothing')
    """, files: [png])
  let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
  #expect(lines.first == "\(gray.width) \(gray.height)")
  // Pillow's luma of the palette colours is what grayImage gives as well.
  let hex = gray.pixels.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
  #expect(lines.count == 4)
  #expect(lines.count == 4 && lines[1] == hex, "pixels differ")
  #expect(lines.count == 4 && lines[2] == "PNG round trip 12345")
}
