// SPDX-License-Identifier: MIT

import Testing

@testable import QRRender

@Test func svgIsOnePathOfRunsInModuleUnits() {
  let svg = String(
    decoding: SVGRenderer.svg(
      Fixture.raster, scale: 10, dark: RGBColor(red: 0x11, green: 0x22, blue: 0x33), light: .white),
    as: UTF8.self)
  #expect(
    svg == """
      <?xml version="1.0" encoding="UTF-8"?>
      <svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="30" height="30" \
      viewBox="0 0 3 3" shape-rendering="crispEdges">
      <rect width="3" height="3" fill="#ffffff"/>
      <path fill="#112233" d="M0,0h1v1h-1zM2,0h1v1h-1zM1,1h1v1h-1zM0,2h2v1h-2z"/>
      </svg>

      """)
}

@Test(.enabled(if: Python.isAvailable, Python.unavailableReason))
func svgPathDrawnByPillowDecodesWithZXing() throws {
  do {
    let symbol = try Fixture.symbol("svg round trip")
    let svg = Renderer.render(symbol, as: .svg, options: RenderOptions(scale: 4))
    // Rasterise the path ourselves: the SVG is runs of "Mx,yhWv1h-Wz" in module units.
    let output = try Python.run(
      """
      import re, sys, zxingcpp
      from PIL import Image, ImageDraw
      text = open(sys.argv[1]).read()
      side = int(re.search(r'viewBox="0 0 (\\d+) ', text).group(1))
      image = Image.new('L', (side * 4, side * 4), 255)
      draw = ImageDraw.Draw(image)
      for x, y, w in re.findall(r'M(\\d+),(\\d+)h(\\d+)v1h-\\d+z', text):
          x, y, w = int(x), int(y), int(w)
          draw.rectangle([x * 4, y * 4, (x + w) * 4 - 1, y * 4 + 3], fill=0)
      print(zxingcpp.read_barcodes(image)[0].text)
      """, files: [svg])
    #expect(output == "svg round trip\n")
  }
}
