// SPDX-License-Identifier: MIT
// PBM (P4 and P1) and PGM (P5) images, and the gray images behind PGM, qrframe and y4m.

import QRImage

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
    appendPackedRows(raster, scale: scale, rowLength: rowLength, to: &bytes)
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

  /// Appends the raster's pixel rows, each as packed bits (1 dark, or 1 light with
  /// `lightIsOne`), every module `scale` pixels wide, padded to `rowLength` bytes with 0 bits,
  /// and preceded by `filterByte` if there is one (PNG's filter type): `scale` equal rows per
  /// module row.
  ///
  /// Every pixel of every PBM and PNG image passes through here, so it works on raw memory:
  /// the bytes are appended zeroed first, then each module row is packed once into its first
  /// pixel row, which is copied to the other `scale` − 1.
  ///
  /// - Precondition: `rowLength` × 8 ≥ `raster.side` × `scale`.
  static func appendPackedRows(
    _ raster: ModuleRaster, scale: Int, rowLength: Int, lightIsOne: Bool = false,
    filterByte: UInt8? = nil, to bytes: inout [UInt8]
  ) {
    let side = raster.side
    precondition(scale > 0 && rowLength * 8 >= side * scale, "rows too short for the raster")
    let prefix = filterByte == nil ? 0 : 1
    let stride = prefix + rowLength
    let start = bytes.count
    bytes.append(contentsOf: repeatElement(0, count: stride * side * scale))
    let light: UInt64 = lightIsOne ? ~0 : 0
    // A module's bits at scales up to 8, by its value (0 light, 1 dark): looked up, not chosen
    // by a branch on the module, which mispredicts half the time (the compiler turns a
    // conditional expression or a mask back into one).
    let ones = UInt64.max &>> UInt64(64 - min(scale, 8))
    var choices: (light: UInt64, dark: UInt64) = (light & ones, ~light & ones)
    withUnsafeBytes(of: &choices) { choices in
      bytes.withUnsafeMutableBufferPointer { output in
        raster.modules.withUnsafeBufferPointer { modules in
          // Every index below is in bounds: the output holds `side × scale` rows of `stride`
          // bytes from `start`, a row's packed bits take at most `rowLength` of them, and row
          // `y` of the raster is `modules[y × side..<(y + 1) × side]`.
          for y in 0..<side {
            let first = start + y * scale * stride
            if let filterByte { output[first] = filterByte }
            // Pixels enter the low end of `pending`, whole bytes leave from its top; at most 7
            // bits wait between modules, so up to 56 bits of a module go in at once. (Masking
            // shifts: every count is below 64.)
            var pending: UInt64 = 0
            var pendingCount = 0
            var index = first + prefix
            if scale <= 8 {
              // The usual scales: a module's bits in one step, at most one byte out after it.
              // The row as its own buffer: no index arithmetic to check per module.
              for module in UnsafeBufferPointer(rebasing: modules[y * side..<(y + 1) * side]) {
                let offset = Int(module & 1) &* 8
                pending =
                  pending &<< UInt64(scale)
                  | choices.load(fromByteOffset: offset, as: UInt64.self)
                pendingCount &+= scale
                if pendingCount >= 8 {
                  pendingCount &-= 8
                  output[index] = UInt8(truncatingIfNeeded: pending &>> UInt64(pendingCount))
                  index &+= 1
                }
              }
            } else {
              for x in 0..<side {
                let bits = modules[y * side + x] != 0 ? ~light : light
                var remaining = scale
                while remaining > 0 {
                  let taken = min(remaining, 56)
                  pending = pending &<< UInt64(taken) | bits & UInt64.max &>> UInt64(64 - taken)
                  pendingCount &+= taken
                  remaining &-= taken
                  while pendingCount >= 8 {
                    pendingCount &-= 8
                    output[index] = UInt8(truncatingIfNeeded: pending &>> UInt64(pendingCount))
                    index &+= 1
                  }
                }
              }
            }
            if pendingCount > 0 {
              output[index] = UInt8(truncatingIfNeeded: pending &<< UInt64(8 - pendingCount))
            }
            guard let base = output.baseAddress else { continue }
            for copy in 1..<scale {
              (base + first + copy * stride).update(from: base + first, count: stride)
            }
          }
        }
      }
    }
  }
}
