// SPDX-License-Identifier: MIT
// SVG: a background rectangle and one path of dark modules, in module units.

/// Draws module rasters as SVG 1.1.
public enum SVGRenderer {
  /// An SVG document: the view box is in modules, the width and height are `scale` pixels per
  /// module, and `shape-rendering="crispEdges"` keeps edges sharp when scaled.
  ///
  /// The dark modules form one path of horizontal runs, `M x,y h w v1 h -w z` each, so adjacent
  /// modules share edges and no hairline seams appear between them. A colour that is not
  /// opaque gets a `fill-opacity`.
  ///
  /// - Complexity: O(*side*²).
  public static func svg(
    _ raster: ModuleRaster, scale: Int, dark: RGBColor, light: RGBColor
  ) -> [UInt8] {
    let side = raster.side
    var path = ""
    for run in VectorRenderer.darkRuns(raster) {
      path += "M\(run.x),\(run.y)h\(run.length)v1h-\(run.length)z"
    }
    let pixels = side * scale
    let document =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      + "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"\(pixels)\""
      + " height=\"\(pixels)\" viewBox=\"0 0 \(side) \(side)\" shape-rendering=\"crispEdges\">\n"
      + "<rect width=\"\(side)\" height=\"\(side)\" fill=\"\(light)\"\(opacity(light))/>\n"
      + "<path fill=\"\(dark)\"\(opacity(dark)) d=\"\(path)\"/>\n"
      + "</svg>\n"
    return Array(document.utf8)
  }

  /// ` fill-opacity="…"` for a colour that is not opaque, else nothing.
  static func opacity(_ color: RGBColor) -> String {
    color.isOpaque ? "" : " fill-opacity=\"\(color.opacity)\""
  }
}
