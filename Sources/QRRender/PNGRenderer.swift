// SPDX-License-Identifier: MIT
// PNG written directly: 1-bit grayscale or a two-colour palette for symbols, 8-bit gray for
// annotated frames, compressed by Deflate.

import QRImage
import QRStream

/// Draws module rasters as PNG images (ISO/IEC 15948, the PNG specification).
public enum PNGRenderer {
  /// A PNG image, `scale` pixels per module, one bit per pixel.
  ///
  /// Opaque black on white gives colour type 0 (grayscale, where bit 1 is white); other colours
  /// give colour type 3 with the palette `[dark, light]`, and a `tRNS` chunk with their alphas
  /// when either is not opaque. Either way a light pixel is bit 1, so the scanlines are the
  /// same. With `dotsPerInch`, a `pHYs` chunk gives the pixel density (in pixels per metre, as
  /// PNG stores it). Every scanline has filter type 0 (none): Deflate's row-distance
  /// matches already find what the Up filter would.
  ///
  /// - Complexity: O(*w* × *h*).
  public static func png(
    _ raster: ModuleRaster, scale: Int, dark: RGBColor = .black, light: RGBColor = .white,
    dotsPerInch: Int? = nil
  ) -> [UInt8] {
    let width = raster.side * scale
    let rowLength = (width + 7) / 8
    var scanlines: [UInt8] = []
    // PBM's 1 is dark; PNG's 1 is white (or palette entry 1, light). Padding bits stay 0.
    NetpbmRenderer.appendPackedRows(
      raster, scale: scale, rowLength: rowLength, lightIsOne: true, filterByte: 0,
      to: &scanlines)
    let isGray = dark == .black && light == .white
    var header: [UInt8] = []
    append(UInt32(width), to: &header)
    append(UInt32(width), to: &header)
    header += [1, isGray ? 0 : 3, 0, 0, 0]  // bit depth, colour type, deflate, filter, no interlace

    var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    appendChunk("IHDR", header, to: &bytes)
    if let dotsPerInch {
      // 1 inch is 0.0254 m exactly; unit 1 is the metre.
      let perMetre = UInt32(clamping: (dotsPerInch * 10_000 + 127) / 254)
      var density: [UInt8] = []
      append(perMetre, to: &density)
      append(perMetre, to: &density)
      appendChunk("pHYs", density + [1], to: &bytes)
    }
    if !isGray {
      appendChunk(
        "PLTE", [dark.red, dark.green, dark.blue, light.red, light.green, light.blue], to: &bytes)
      if !dark.isOpaque || !light.isOpaque {
        appendChunk("tRNS", [dark.alpha, light.alpha], to: &bytes)
      }
    }
    appendChunk("IDAT", Deflate.zlib(scanlines, rowLength: rowLength + 1), to: &bytes)
    appendChunk("IEND", [], to: &bytes)
    return bytes
  }

  /// A PNG image of `image`: 8-bit grayscale (colour type 0), every scanline with filter type 1
  /// (Sub), which turns a photo's smooth gradients into small differences that the Huffman codes
  /// take in fewer bits.
  ///
  /// - Complexity: O(*w* × *h*).
  public static func png(gray image: GrayImage) -> [UInt8] {
    let width = image.width
    var scanlines = [UInt8](repeating: 0, count: (width + 1) * image.height)
    image.pixels.withUnsafeBufferPointer { pixels in
      scanlines.withUnsafeMutableBufferPointer { out in
        for y in 0..<image.height {
          let row = y * width
          let start = y * (width + 1)
          out[start] = 1
          var previous: UInt8 = 0
          for x in 0..<width {
            let value = pixels[row + x]
            out[start + 1 + x] = value &- previous
            previous = value
          }
        }
      }
    }
    var header: [UInt8] = []
    append(UInt32(width), to: &header)
    append(UInt32(image.height), to: &header)
    header += [8, 0, 0, 0, 0]  // bit depth, colour type, deflate, filter, no interlace
    var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    appendChunk("IHDR", header, to: &bytes)
    appendChunk("IDAT", Deflate.zlib(scanlines, rowLength: width + 1), to: &bytes)
    appendChunk("IEND", [], to: &bytes)
    return bytes
  }

  /// Appends a chunk: length, type, data, and the CRC-32 of type and data.
  ///
  /// The CRC is taken over the type and data where they were appended, not over a copy.
  static func appendChunk(_ type: String, _ data: [UInt8], to bytes: inout [UInt8]) {
    append(UInt32(data.count), to: &bytes)
    let start = bytes.count
    bytes.append(contentsOf: type.utf8)
    bytes.append(contentsOf: data)
    let checksum = bytes.withUnsafeBytes {
      CRC32.checksum(of: UnsafeRawBufferPointer(rebasing: $0[start...]))
    }
    append(checksum, to: &bytes)
  }

  private static func append(_ value: UInt32, to bytes: inout [UInt8]) {
    for shift in stride(from: 24, through: 0, by: -8) {
      bytes.append(UInt8(truncatingIfNeeded: value >> UInt32(shift)))
    }
  }
}
