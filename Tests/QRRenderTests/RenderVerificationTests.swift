// SPDX-License-Identifier: MIT

import QRCodec
import Testing

@testable import QRRender

@Test(arguments: ImageFormat.allCases)
func everyFormatReadsBack(format: ImageFormat) throws {
  let text = "Grüße, 日本, 12345"
  let symbol = try Encoder.encode(text: text, options: EncodeOptions())
  for options in [
    RenderOptions(scale: 1), RenderOptions(scale: 3, margin: 0, invert: true),
    RenderOptions(scale: 2, dark: RGBColor(red: 0, green: 0, blue: 128)),
  ] {
    #expect(
      RenderVerification.failure(
        [symbol], payload: Array(text.utf8), format: format, options: options) == nil)
  }
}

@Test func bytesAndStructuredAppendPartsReadBack() throws {
  let bytes = (0..<3000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
  let parts = try Encoder.encodeParts(bytes, count: nil, options: EncodeOptions())
  #expect(parts.count == 2)
  #expect(
    RenderVerification.failure(parts, payload: bytes, format: .pbm, options: RenderOptions())
      == nil)
  #expect(
    RenderVerification.failure(
      Array(parts.reversed()), payload: bytes, format: .pbm, options: RenderOptions())
      == "the symbols read back as other bytes than the payload")
}

@Test func anotherPayloadOrTooLittleContrastFails() throws {
  let symbol = try Encoder.encode(text: "one", options: EncodeOptions())
  #expect(
    RenderVerification.failure(
      [symbol], payload: Array("two".utf8), format: .svg, options: RenderOptions())
      == "the symbols read back as other text than the payload")
  let gray = RenderOptions(
    dark: RGBColor(red: 0x70, green: 0x70, blue: 0x70),
    light: RGBColor(red: 0x80, green: 0x80, blue: 0x80))
  #expect(
    RenderVerification.failure([symbol], payload: Array("one".utf8), format: .png, options: gray)
      == "dark and light differ by 16 gray levels, too little for readers (at least 32)")
  // Terminal art takes no colours from --dark/--light except ANSI, whose grid is what it draws.
  #expect(
    RenderVerification.failure([symbol], payload: Array("one".utf8), format: .ascii, options: gray)
      == nil)
}

@Test func resamplingFindsTheModulesAtEveryScale() throws {
  let symbol = try Encoder.encode(text: "resample", options: EncodeOptions())
  for scale in [1, 2, 4, 7] {
    let options = RenderOptions(scale: scale, margin: 3, invert: scale == 4)
    #expect(RenderVerification.resampled(symbol, format: .png, options: options) == symbol.matrix)
    #expect(RenderVerification.resampled(symbol, format: .pgm, options: options) == symbol.matrix)
  }
}
