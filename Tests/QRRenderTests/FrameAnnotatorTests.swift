// SPDX-License-Identifier: MIT
// --annotate: outlines on the corners, the top-left marker, the label, clipping, the font.

import QRImage
import Testing

@testable import QRRender

private func symbol(_ corners: [Point], text: String = "hi") throws -> FrameAnnotator.Mark {
  FrameAnnotator.Mark(corners: corners, text: text)
}

@Test func outlinesTheQuadrilateralWhiteOnBlackAndLeavesTheRestAlone() throws {
  let image = GrayImage(width: 240, height: 240, filledWith: 128)
  let corners = [
    Point(x: 60, y: 80), Point(x: 180, y: 80), Point(x: 180, y: 200), Point(x: 60, y: 200),
  ]
  let drawn = FrameAnnotator().annotated(image, marks: [try symbol(corners)])
  // On each side, mid-way: white line; just outside it: the black rim.
  #expect(drawn[120, 200] == 255)
  #expect(drawn[180, 140] == 255)
  #expect(drawn[120, 80] == 255)
  #expect(drawn[60, 140] == 255)
  #expect(drawn[181, 140] == 0)
  #expect(drawn[120, 201] == 0)
  // Far from any mark: untouched.
  #expect(drawn[120, 140] == 128)
  #expect(drawn[10, 230] == 128)
  // The top-left marker is a filled white square.
  #expect(drawn[61, 81] == 255)
  #expect(drawn[59, 79] == 255)
  // The label "1" above the corner: a black box with white glyph pixels.
  let label = (50..<75).flatMap { y in (50..<80).map { x in drawn[x, y] } }
  #expect(label.contains(0))
  #expect(label.contains(255))
  // The input is not modified.
  #expect(image.pixels.allSatisfy { $0 == 128 })
}

@Test func drawsTheTextOnlyWhenAsked() throws {
  let image = GrayImage(width: 320, height: 240, filledWith: 128)
  let corners = [
    Point(x: 20, y: 100), Point(x: 100, y: 100), Point(x: 100, y: 180), Point(x: 20, y: 180),
  ]
  let found = try symbol(corners, text: "HELLO WORLD")
  let plain = FrameAnnotator(drawsText: false).annotated(image, marks: [found])
  let texted = FrameAnnotator(drawsText: true).annotated(image, marks: [found])
  // The label sits above the top-left corner; the number's box is one glyph wide, the text
  // runs on to the right.
  let farRight = (85..<98).flatMap { y in (30..<70).map { x in (x, y) } }
  #expect(farRight.allSatisfy { plain[$0.0, $0.1] == 128 })
  #expect(farRight.contains { texted[$0.0, $0.1] == 255 })
}

@Test func marksNearAndBeyondTheEdgesAreClipped() throws {
  let image = GrayImage(width: 40, height: 30, filledWith: 100)
  let corners = [
    Point(x: -10, y: -5), Point(x: 60, y: -5), Point(x: 60, y: 45), Point(x: -10, y: 45),
  ]
  let far = [Point(x: 1e9, y: 0), Point(x: .nan, y: 0), Point(x: 0, y: 1e12), Point(x: 0, y: 0)]
  let drawn = FrameAnnotator(drawsText: true).annotated(
    image, marks: [try symbol(corners), try symbol(far), try symbol([])])
  #expect(drawn.width == 40 && drawn.height == 30)
}

@Test func digitsAndCapitalsHaveDistinctGlyphs() {
  let characters = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ")
  let glyphs = Set(characters.map { BitmapFont.glyph($0) })
  #expect(glyphs.count == characters.count)
  #expect(BitmapFont.glyph("a") == BitmapFont.glyph("A"))
  #expect(BitmapFont.glyph(" ").allSatisfy { $0 == 0 })
  #expect(BitmapFont.isSet("1", x: 1, y: 0))
  #expect(!BitmapFont.isSet("1", x: 0, y: 0))
}

@Test func printableTextIsOneShortLine() {
  #expect(FrameAnnotator.printable("a\nb\tc") == "a b c")
  let long = FrameAnnotator.printable(String(repeating: "x", count: 100))
  #expect(long == String(repeating: "x", count: 61) + "...")
  #expect(FrameAnnotator.printable("12345678", limit: 8) == "12345678")
  #expect(FrameAnnotator.printable("123456789", limit: 8) == "12345...")
}
