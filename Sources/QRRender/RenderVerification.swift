// SPDX-License-Identifier: MIT
// --verify: decode what was rendered and compare it with the payload.

import QRCodec
import QRImage

/// Reads rendered symbols back with qrpipe's decoder, the way a reader would see them.
///
/// Pictures (PBM, PGM, PNG, qrframe, y4m) are re-sampled from their pixels: one sample at the
/// centre of each module, thresholded half way between the dark and light gray levels, so a
/// wrong scale, margin or inversion, or colours too alike, fail here. Text art and SVG are read
/// from the module grid they draw. The decoded symbols, joined in order, must give the payload
/// exactly: its text when it is UTF-8 (Kanji and other charsets come back as the same
/// characters), else its bytes.
public enum RenderVerification {
  /// The least luma difference between dark and light accepted: an eighth of the range.
  public static let minimumContrast = 32

  /// Nil if `symbols` read back as `payload`, else what went wrong.
  ///
  /// - Complexity: O(*w* × *h*) per symbol for the re-sampling, plus decoding.
  public static func failure(
    _ symbols: [EncodedSymbol], payload: [UInt8], format: ImageFormat, options: RenderOptions
  ) -> String? {
    let contrast = abs(Int(options.dark.luma) - Int(options.light.luma))
    if Self.isPicture(format) && contrast < minimumContrast {
      return "dark and light differ by \(contrast) gray levels, too little for readers"
        + " (at least \(minimumContrast))"
    }
    var decoded: [DecodedSymbol] = []
    for (index, symbol) in symbols.enumerated() {
      let grid = resampled(symbol, format: format, options: options)
      let name = symbols.count > 1 ? "symbol \(index + 1) of \(symbols.count)" : "the symbol"
      do throws(DecodeError) {
        let read = try Decoder.decode(grid, allowsMirrored: false)
        guard read.structuredAppend == symbol.structuredAppend else {
          return "\(name) reads back with another structured append header"
        }
        decoded.append(read)
      } catch {
        return "\(name) does not read back: \(error)"
      }
    }
    if let text = String(validating: payload, as: UTF8.self) {
      let texts = decoded.map(\.text)
      guard texts.allSatisfy({ $0 != nil }), texts.map({ $0 ?? "" }).joined() == text else {
        return "the symbols read back as other text than the payload"
      }
    } else if decoded.flatMap(\.bytes) != payload {
      return "the symbols read back as other bytes than the payload"
    }
    return nil
  }

  /// Whether the format is a picture that is re-sampled.
  static func isPicture(_ format: ImageFormat) -> Bool {
    switch format {
    case .pbm, .pbmPlain, .pgm, .png, .qrframe, .y4m: true
    default: false
    }
  }

  /// The module grid a reader would sample from the rendered symbol, quiet zone removed and
  /// inversion undone.
  static func resampled(
    _ symbol: EncodedSymbol, format: ImageFormat, options: RenderOptions
  ) -> BitMatrix {
    let raster = ModuleRaster(symbol, options: options)
    let margin = (raster.side - symbol.size) / 2
    var isDark: (Int, Int) -> Bool = { x, y in raster.isDark(x: x, y: y) }
    if isPicture(format) {
      let image = pixels(raster, format: format, options: options)
      let isBilevel = format == .pbm || format == .pbmPlain || format == .png
      let dark = isBilevel ? 0 : Int(options.dark.luma)
      let light = isBilevel ? 255 : Int(options.light.luma)
      let scale = options.scale
      isDark = { x, y in
        let sample = Int(image[x * scale + scale / 2, y * scale + scale / 2])
        return abs(sample - dark) < abs(sample - light)
      }
    }
    var grid = BitMatrix(size: symbol.size)
    for y in 0..<symbol.size {
      for x in 0..<symbol.size {
        grid.setDark(isDark(x + margin, y + margin) != options.invert, x: x, y: y)
      }
    }
    return grid
  }

  /// The pixels the format stores: PBM's bits unpacked from the bytes written (PNG and plain
  /// PBM hold the same bits, black 0 and white 255), or the gray image PGM, qrframe and y4m
  /// write.
  static func pixels(
    _ raster: ModuleRaster, format: ImageFormat, options: RenderOptions
  ) -> GrayImage {
    guard format == .pbm || format == .pbmPlain || format == .png else {
      return Renderer.grayImage(raster, options: options)
    }
    let width = raster.side * options.scale
    let bytes = NetpbmRenderer.rawPBM(raster, scale: options.scale)
    let rowLength = (width + 7) / 8
    let start = bytes.count - rowLength * width
    var image = GrayImage(width: width, height: width)
    for y in 0..<width {
      for x in 0..<width {
        let byte = bytes[start + y * rowLength + x / 8]
        image[x, y] = byte & (0x80 >> UInt8(x % 8)) != 0 ? 0 : 255
      }
    }
    return image
  }
}
