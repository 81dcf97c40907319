// SPDX-License-Identifier: MIT
import QRCodec
import Testing

@testable import QRRender

@Test func everyFormatRendersSomething() throws {
  let symbol = try Encoder.encode(text: "hello", options: EncodeOptions())
  for format in ImageFormat.allCases {
    #expect(!Renderer.render(symbol, as: format, options: RenderOptions()).isEmpty)
  }
}
