// SPDX-License-Identifier: MIT
// One entry point from a symbol to the bytes of any format.

import QRCodec
import QRImage
import QRStream

/// Renders encoded symbols in any `ImageFormat`.
///
///     let symbol = try Encoder.encode(text: "https://example.com", options: EncodeOptions())
///     let png = Renderer.render(symbol, as: .png, options: RenderOptions(scale: 4))
public enum Renderer {
  /// The symbol as one complete image or piece of text art.
  ///
  /// A qrframe is one frame (sequence 0, time 0) and y4m a stream of one frame; use
  /// `ImageStreamWriter` to write several as one stream.
  ///
  /// - Complexity: O(*w* × *h*) in output pixels.
  public static func render(
    _ symbol: EncodedSymbol, as format: ImageFormat, options: RenderOptions
  ) -> [UInt8] {
    render(ModuleRaster(symbol, options: options), as: format, options: options)
  }

  /// The raster as one complete image or piece of text art (see `render(_:as:options:)`).
  ///
  /// - Complexity: O(*w* × *h*) in output pixels.
  public static func render(
    _ raster: ModuleRaster, as format: ImageFormat, options: RenderOptions
  ) -> [UInt8] {
    let scale = options.scale
    switch format {
    case .pbm: return NetpbmRenderer.rawPBM(raster, scale: scale)
    case .pbmPlain: return NetpbmRenderer.plainPBM(raster, scale: scale)
    case .pgm:
      return NetpbmRenderer.pgm(
        raster, scale: scale, dark: options.dark.luma, light: options.light.luma)
    case .ascii: return TextRenderer.ascii(raster, scale: scale, inverted: false)
    case .asciiInverted: return TextRenderer.ascii(raster, scale: scale, inverted: true)
    case .utf8: return TextRenderer.utf8(raster, scale: scale, inverted: false)
    case .utf8Inverted: return TextRenderer.utf8(raster, scale: scale, inverted: true)
    case .ansi:
      return TextRenderer.ansi(raster, scale: scale, dark: options.dark, light: options.light)
    case .ansiUTF8:
      return TextRenderer.ansiUTF8(raster, scale: scale, dark: options.dark, light: options.light)
    case .svg:
      return SVGRenderer.svg(raster, scale: scale, dark: options.dark, light: options.light)
    case .png:
      return PNGRenderer.png(
        raster, scale: scale, dark: options.dark, light: options.light,
        dotsPerInch: options.dotsPerInch)
    case .eps:
      return VectorRenderer.eps(raster, scale: scale, dark: options.dark, light: options.light)
    case .pdf:
      return VectorRenderer.pdf(raster, scale: scale, dark: options.dark, light: options.light)
    case .xpm:
      return XPMRenderer.xpm(raster, scale: scale, dark: options.dark, light: options.light)
    case .qrframe:
      let image = grayImage(raster, options: options)
      let frame = Frame(image: image, sequence: 0, timestamp: 0)
      return FrameHeader(of: frame).encoded + image.pixels
    case .y4m:
      let image = grayImage(raster, options: options)
      return Array("YUV4MPEG2 W\(image.width) H\(image.height) F25:1 Ip A1:1 Cmono\nFRAME\n".utf8)
        + image.pixels
    }
  }

  /// The raster as a gray image: `scale` pixels per module, the colours' luma as gray levels.
  ///
  /// - Complexity: O(*w* × *h*).
  public static func grayImage(_ raster: ModuleRaster, options: RenderOptions) -> GrayImage {
    NetpbmRenderer.grayImage(
      raster, scale: options.scale, dark: options.dark.luma, light: options.light.luma)
  }
}
