// SPDX-License-Identifier: MIT
// EPS and PDF: one filled rectangle per horizontal run of dark modules, in module units.

/// Draws module rasters as vector pages: Encapsulated PostScript and one-page PDF.
///
/// Both draw the light background as one rectangle and each horizontal run of dark modules as
/// one rectangle `run` × 1 module, after scaling the user space to `scale` points per module,
/// so every module is an exact square on integer module coordinates and adjacent modules share
/// edges (no seams). A colour with alpha 0 is not painted at all (a transparent background).
public enum VectorRenderer {
  /// The runs of dark modules: `(x, y, length)` with `y` counted from the top row.
  static func darkRuns(_ raster: ModuleRaster) -> [(x: Int, y: Int, length: Int)] {
    var runs: [(x: Int, y: Int, length: Int)] = []
    let side = raster.side
    for y in 0..<side {
      let row = raster.row(y)
      var x = 0
      while x < side {
        guard row[row.startIndex + x] != 0 else {
          x += 1
          continue
        }
        var end = x + 1
        while end < side, row[row.startIndex + end] != 0 { end += 1 }
        runs.append((x, y, end - x))
        x = end
      }
    }
    return runs
  }

  /// A colour channel as a fraction from 0 to 1 with up to three decimals (`0.102`, `1`).
  static func fraction(_ value: UInt8) -> String {
    RGBColor(red: 0, green: 0, blue: 0, alpha: value).opacity
  }

  /// The three channels of `color` as fractions separated by spaces.
  static func components(_ color: RGBColor) -> String {
    [color.red, color.green, color.blue].map(fraction).joined(separator: " ")
  }

  /// An EPS (EPSF-3.0, PostScript Level 2) document: the bounding box is `side × scale` points.
  ///
  /// - Complexity: O(*side*²).
  public static func eps(
    _ raster: ModuleRaster, scale: Int, dark: RGBColor, light: RGBColor
  ) -> [UInt8] {
    let side = raster.side
    let points = side * scale
    var text =
      "%!PS-Adobe-3.0 EPSF-3.0\n%%Creator: qrrender (qrpipe)\n%%BoundingBox: 0 0 \(points) \(points)\n"
      + "%%LanguageLevel: 2\n%%Pages: 1\n%%EndComments\n"
      + "%%BeginProlog\n/r { 1 rectfill } bind def\n%%EndProlog\n%%Page: 1 1\n"
      + "gsave\n\(scale) \(scale) scale\n"
    if light.alpha > 0 {
      text += "\(components(light)) setrgbcolor\n0 0 \(side) \(side) rectfill\n"
    }
    if dark.alpha > 0 {
      text += "\(components(dark)) setrgbcolor\n"
      for run in darkRuns(raster) {
        // PostScript's y axis points up: row y (from the top) spans side-y-1 to side-y.
        text += "\(run.x) \(side - run.y - 1) \(run.length) r\n"
      }
    }
    text += "grestore\nshowpage\n%%Trailer\n%%EOF\n"
    return Array(text.utf8)
  }

  /// A one-page PDF 1.4 document: the page (MediaBox) is `side × scale` points, the drawing one
  /// content stream, uncompressed so that the rectangles can be read; colours with alpha below
  /// 255 get a graphics state with that `/ca` (fill opacity).
  ///
  /// - Complexity: O(*side*²).
  public static func pdf(
    _ raster: ModuleRaster, scale: Int, dark: RGBColor, light: RGBColor
  ) -> [UInt8] {
    let side = raster.side
    let points = side * scale
    var content = "q\n\(scale) 0 0 \(scale) 0 0 cm\n"
    if light.alpha > 0 {
      if !light.isOpaque { content += "/Light gs\n" }
      content += "\(components(light)) rg\n0 0 \(side) \(side) re\nf\n"
    }
    if dark.alpha > 0 {
      if !dark.isOpaque { content += "/Dark gs\n" }
      content += "\(components(dark)) rg\n"
      for run in darkRuns(raster) {
        content += "\(run.x) \(side - run.y - 1) \(run.length) 1 re\n"
      }
      content += "f\n"
    }
    content += "Q\n"
    var states: [String] = []
    if !light.isOpaque { states.append("/Light << /Type /ExtGState /ca \(light.opacity) >>") }
    if !dark.isOpaque { states.append("/Dark << /Type /ExtGState /ca \(dark.opacity) >>") }
    let resources =
      states.isEmpty ? "<< >>" : "<< /ExtGState << " + states.joined(separator: " ") + " >> >>"
    let objects = [
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 \(points) \(points)] /Resources \(resources)"
        + " /Contents 4 0 R >>",
      "<< /Length \(content.utf8.count) >>\nstream\n" + content + "\nendstream",
    ]
    // The binary comment marks the file as binary for transfer programs (PDF 32000-1, 7.5.2).
    var bytes: [UInt8] = Array("%PDF-1.4\n%".utf8) + [0xE2, 0xE3, 0xCF, 0xD3, 0x0A]
    var offsets: [Int] = []
    for (index, object) in objects.enumerated() {
      offsets.append(bytes.count)
      bytes += Array("\(index + 1) 0 obj\n\(object)\nendobj\n".utf8)
    }
    let xref = bytes.count
    var table = "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
    for offset in offsets {
      let digits = String(offset)
      table += String(repeating: "0", count: 10 - digits.count) + digits + " 00000 n \n"
    }
    table += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
    bytes += Array(table.utf8)
    return bytes
  }
}

/// Draws module rasters as XPM3 images (the X PixMap format: C source text).
public enum XPMRenderer {
  /// An XPM image, `scale` pixels per module: `#` for dark pixels and `.` for light ones; a
  /// colour with alpha 0 is `None` (transparent).
  ///
  /// - Complexity: O(*w* × *h*).
  public static func xpm(
    _ raster: ModuleRaster, scale: Int, dark: RGBColor, light: RGBColor
  ) -> [UInt8] {
    let width = raster.side * scale
    func key(_ color: RGBColor) -> String { color.alpha == 0 ? "None" : color.description }
    var bytes = Array(
      ("/* XPM */\nstatic char *qrcode[] = {\n/* columns rows colours chars-per-pixel */\n"
        + "\"\(width) \(width) 2 1\",\n\". c \(key(light))\",\n\"# c \(key(dark))\",\n").utf8)
    for y in 0..<raster.side {
      var line: [UInt8] = [UInt8(ascii: "\"")]
      for module in raster.row(y) {
        let pixel = module != 0 ? UInt8(ascii: "#") : UInt8(ascii: ".")
        for _ in 0..<scale { line.append(pixel) }
      }
      line += Array("\",\n".utf8)
      for row in 0..<scale {
        bytes += line
        if y == raster.side - 1 && row == scale - 1 { bytes.removeLast(2) }
      }
    }
    bytes += Array("\n};\n".utf8)
    return bytes
  }
}
