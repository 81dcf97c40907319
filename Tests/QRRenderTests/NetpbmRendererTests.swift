// SPDX-License-Identifier: MIT

import Foundation
import QRImageFormats
import QRSystem
import Testing

@testable import QRRender

@Test func rawPBMPacksRowsMostSignificantBitFirst() {
  #expect(
    NetpbmRenderer.rawPBM(Fixture.raster, scale: 1)
      == Array("P4\n3 3\n".utf8) + [0b1010_0000, 0b0100_0000, 0b1100_0000])
}

@Test func rawPBMPadsEachRowWithZeroBits() {
  // Scale 3: rows of 9 pixels take 2 bytes; bit 9 on is padding and must be 0.
  let expectedRows: [[UInt8]] = [[0b1110_0011, 0b1000_0000], [0b0001_1100, 0], [0b1111_1100, 0]]
  let body = expectedRows.flatMap { row in Array([row, row, row].joined()) }
  #expect(NetpbmRenderer.rawPBM(Fixture.raster, scale: 3) == Array("P4\n9 9\n".utf8) + body)
}

@Test func plainPBMWritesDigitsOneRowPerLine() {
  #expect(
    NetpbmRenderer.plainPBM(Fixture.raster, scale: 1)
      == Array("P1\n3 3\n1 0 1\n0 1 0\n1 1 0\n".utf8))
}

@Test func plainPBMKeepsLinesWithinSeventyCharacters() {
  let raster = ModuleRaster(Fixture.matrix, margin: 20, invert: false)
  let text = String(decoding: NetpbmRenderer.plainPBM(raster, scale: 1), as: UTF8.self)
  let lines = text.split(separator: "\n")
  #expect(lines.allSatisfy { $0.count <= 70 })
  #expect(lines[2] == Substring(Array(repeating: "0", count: 35).joined(separator: " ")))
  #expect(lines[3] == Substring(Array(repeating: "0", count: 8).joined(separator: " ")))
}

@Test func pgmIsBlackOnWhiteOrTheGivenLevels() {
  #expect(
    NetpbmRenderer.pgm(Fixture.raster, scale: 1)
      == Array("P5\n3 3\n255\n".utf8) + [0, 255, 0, 255, 0, 255, 0, 0, 255])
  #expect(
    NetpbmRenderer.pgm(Fixture.raster, scale: 1, dark: 40, light: 200).suffix(3) == [40, 40, 200])
}

@Test(arguments: [1, 2, 5])
func scalingRepeatsModulesWithoutBlending(scale: Int) throws {
  let symbol = try Fixture.symbol()
  let raster = ModuleRaster(symbol, options: RenderOptions())
  let image = NetpbmRenderer.grayImage(raster, scale: scale)
  #expect(image.width == (symbol.size + 8) * scale)
  for y in 0..<image.height {
    for x in 0..<image.width {
      let expected: UInt8 = raster.isDark(x: x / scale, y: y / scale) ? 0 : 255
      guard image[x, y] == expected else {
        Issue.record("pixel (\(x), \(y)) is \(image[x, y]), expected \(expected)")
        return
      }
    }
  }
}

@Test func rawPBMReadsBackThroughTheFrameReader() throws {
  let symbol = try Fixture.symbol()
  let options = RenderOptions(scale: 2)
  let path = Fixture.temporaryPath("pbm")
  defer { try? FileManager.default.removeItem(atPath: path) }
  try OutputFile.write(Renderer.render(symbol, as: .pbm, options: options), to: path)
  let descriptor = try FileDescriptor.openForReading(path)
  defer { descriptor.close() }
  let frame = try #require(try FrameStreamReader(descriptor: descriptor, name: path).next())
  #expect(
    frame.image == Renderer.grayImage(ModuleRaster(symbol, options: options), options: options))
}
