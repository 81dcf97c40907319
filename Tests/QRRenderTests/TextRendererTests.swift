// SPDX-License-Identifier: MIT

import Testing

@testable import QRRender

private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

@Test func asciiDrawsTwoColumnsPerModule() {
  #expect(
    text(TextRenderer.ascii(Fixture.raster, scale: 1, inverted: false))
      == "##  ##\n  ##  \n####  \n")
  #expect(
    text(TextRenderer.ascii(Fixture.raster, scale: 1, inverted: true))
      == "  ##  \n##  ##\n    ##\n")
  #expect(
    text(TextRenderer.ascii(Fixture.raster, scale: 2, inverted: false)).split(separator: "\n")
      .first == "####    ####")
}

@Test func halfBlocksPairRowsAndLeaveTheOddLastRowOpenBelow() {
  // Blocks for light modules; the last (third) row pairs with nothing.
  #expect(text(TextRenderer.utf8(Fixture.raster, scale: 1, inverted: false)) == "▄▀▄\n  ▀\n")
  #expect(text(TextRenderer.utf8(Fixture.raster, scale: 1, inverted: true)) == "▀▄▀\n▀▀ \n")
}

@Test func halfBlocksScaleBothWays() {
  // Scale 2: every module is 2 × 2 cells of pixels, so each line is one module row.
  #expect(
    text(TextRenderer.utf8(Fixture.raster, scale: 2, inverted: true)) == "██  ██\n  ██  \n████  \n")
}

@Test func ansiSetsBackgroundsOnlyWhenTheyChangeAndResetsEachLine() {
  let art = text(
    TextRenderer.ansi(
      Fixture.raster, scale: 1, dark: .black, light: RGBColor(red: 250, green: 250, blue: 250)))
  let dark = "\u{1B}[40m"
  let light = "\u{1B}[48;2;250;250;250m"
  let reset = "\u{1B}[0m\n"
  #expect(
    art
      == "\(dark)  \(light)  \(dark)  \(reset)\(light)  \(dark)  \(light)  \(reset)"
      + "\(dark)    \(light)  \(reset)")
}

@Test func ansiUsesTrueColourOnlyForOtherColours() {
  let art = String(
    decoding: TextRenderer.ansi(
      Fixture.raster, scale: 1, dark: RGBColor(red: 1, green: 2, blue: 3), light: .white),
    as: UTF8.self)
  #expect(art.hasPrefix("\u{1B}[48;2;1;2;3m  \u{1B}[47m  "))
}
