// SPDX-License-Identifier: MIT
// PBM (P4 and P1) and PGM (P5) images, and the gray images behind PGM, qrframe and y4m.

import QRImage
import QRStream

/// Writes module rasters as Netpbm images (netpbm.sourceforge.net/doc/pbm.html, pgm.html).
public enum NetpbmRenderer {
  /// A raw PBM image: `P4`, the size, then each row packed 8 pixels to a byte, most significant
  /// bit first, 1 for a dark pixel; a row's last byte is padded with 0 bits.
  ///
  /// - Complexity: O(*w* × *h*) for a *w* × *h* pixel image.
  public static func rawPBM(_ raster: ModuleRaster, scale: Int) -> [UInt8] {
    let width = raster.side * scale
    let rowLength = (width + 7) / 8
    var bytes = Array("P4\n\(width) \(width)\n".utf8)
    bytes.reserveCapacity(bytes.count + rowLength * width)
    for y in 0..<raster.side {
      let packed = packedRow(raster.row(y), scale: scale, rowLength: rowLength)
      for _ in 0..<scale { bytes.append(contentsOf: packed) }
    }
    return bytes
  }

  /// A plain PBM image: `P1`, the size, then `0`/`1` digits separated by spaces, each pixel row
  /// starting a line and no line longer than 70 characters (35 pixels), as the format asks.
  ///
  /// - Complexity: O(*w* × *h*).
  public static func plainPBM(_ raster: ModuleRaster, scale: Int) -> [UInt8] {
    let width = raster.side * scale
    var bytes = Array("P1\n\(width) \(width)\n".utf8)
    bytes.reserveCapacity(bytes.count + 2 * width * width)
    for y in 0..<raster.side {
      var line: [UInt8] = []
      line.reserveCapacity(2 * width)
      for (x, module) in raster.row(y).enumerated() {
        for repeat_ in 0..<scale {
          let pixel = x * scale + repeat_
          if pixel > 0 { line.append(pixel % 35 == 0 ? 0x0A : 0x20) }
          line.append(module != 0 ? UInt8(ascii: "1") : UInt8(ascii: "0"))
        }
      }
      line.append(0x0A)
      for _ in 0..<scale { bytes.append(contentsOf: line) }
    }
    return bytes
  }

  /// A raw PGM image (`P5`, maxval 255) of `grayImage(_:scale:dark:light:)`.
  ///
  /// - Complexity: O(*w* × *h*).
  public static func pgm(
    _ raster: ModuleRaster, scale: Int, dark: UInt8 = 0, light: UInt8 = 255
  ) -> [UInt8] {
    let image = grayImage(raster, scale: scale, dark: dark, light: light)
    var bytes = Array("P5\n\(image.width) \(image.height)\n255\n".utf8)
    bytes.append(contentsOf: image.pixels)
    return bytes
  }

  /// The raster as a gray image, `scale` pixels per module, dark modules `dark` and light ones
  /// `light`.
  ///
  /// - Complexity: O(*w* × *h*).
  public static func grayImage(
    _ raster: ModuleRaster, scale: Int, dark: UInt8 = 0, light: UInt8 = 255
  ) -> GrayImage {
    let width = raster.side * scale
    var pixels: [UInt8] = []
    pixels.reserveCapacity(width * width)
    var line = [UInt8](repeating: light, count: width)
    for y in 0..<raster.side {
      for (x, module) in raster.row(y).enumerated() {
        let value = module != 0 ? dark : light
        for index in x * scale..<(x + 1) * scale { line[index] = value }
      }
      for _ in 0..<scale { pixels.append(contentsOf: line) }
    }
    return GrayImage(width: width, height: width, pixels: pixels)
  }

  /// One module row as packed bits (1 dark, or 1 light with `lightIsOne`), each module
  /// `scale` pixels wide, padded to `rowLength` bytes with 0 bits.
  ///
  /// - Precondition: `rowLength` × 8 ≥ the row's pixels.
  static func packedRow(
    _ modules: ArraySlice<UInt8>, scale: Int, rowLength: Int, lightIsOne: Bool = false
  ) -> [UInt8] {
    var packed = [UInt8](repeating: 0, count: rowLength)
    // Pixels enter the low end of `pending`, whole bytes leave from its top; at most 7 bits
    // wait between modules, so up to 56 bits of a module go in at once.
    var pending: UInt64 = 0
    var pendingCount = 0
    var index = 0
    for module in modules {
      let bits: UInt64 = (module != 0) != lightIsOne ? ~0 : 0
      var remaining = scale
      while remaining > 0 {
        let taken = min(remaining, 56)
        pending = pending << UInt64(taken) | bits & ((1 << UInt64(taken)) - 1)
        pendingCount += taken
        remaining -= taken
        while pendingCount >= 8 {
          pendingCount -= 8
          packed[index] = UInt8(truncatingIfNeeded: pending >> UInt64(pendingCount))
          index += 1
        }
      }
    }
    if pendingCount > 0 {
      packed[index] = UInt8(truncatingIfNeeded: pending << UInt64(8 - pendingCount))
    }
    return packed
  }
}
