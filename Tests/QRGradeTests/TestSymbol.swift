// SPDX-License-Identifier: MIT
// Symbols drawn with known defects, for known-answer grading tests.

import QRCodec
import QRImage

@testable import QRGrade

/// A symbol drawn into a gray image by inverse mapping, with every defect a test may ask for:
/// reflectances per module, a stretch, a warp, print growth.
struct TestSymbol {
  var symbol: EncodedSymbol
  /// Pixels per module along x.
  var moduleWidth = 8.0
  /// Pixels per module along y.
  var moduleHeight = 8.0
  /// Quiet zone, in modules.
  var quietZone = 4
  /// Reflectance of light and dark modules, 0…1.
  var light = 1.0
  var dark = 0.0
  /// Reflectance of particular modules (`y * size + x`), overriding light and dark.
  var moduleReflectance: [Int: Double] = [:]
  /// Modules drawn in the other colour.
  var flipped: Set<Int> = []
  /// How far dark modules spread beyond their cell on every side, in modules (negative: shrink).
  var growth = 0.0
  /// A displacement of the symbol plane, in modules, at symbol coordinates (u, v).
  var warp: ((Double, Double) -> (Double, Double))?
  /// Samples per pixel along each axis (anti-aliasing).
  var samples = 2

  init(_ symbol: EncodedSymbol) {
    self.symbol = symbol
  }

  var size: Int { symbol.size }

  /// The corners of the module grid in the image, as a detector would give them.
  var corners: [Point] {
    let q = Double(quietZone)
    let s = Double(size)
    return [
      Point(x: q * moduleWidth, y: q * moduleHeight),
      Point(x: (q + s) * moduleWidth, y: q * moduleHeight),
      Point(x: (q + s) * moduleWidth, y: (q + s) * moduleHeight),
      Point(x: q * moduleWidth, y: (q + s) * moduleHeight),
    ]
  }

  /// Whether the drawn symbol is dark at symbol coordinates (u, v) in modules.
  func isDark(_ u: Double, _ v: Double) -> Bool {
    let x = Int((u + 1000).rounded(.down)) - 1000
    let y = Int((v + 1000).rounded(.down)) - 1000
    func dark(_ x: Int, _ y: Int) -> Bool {
      guard x >= 0, y >= 0, x < size, y < size else { return false }
      return symbol.isDark(x: x, y: y) != flipped.contains(y * size + x)
    }
    let fu = u - Double(x)
    let fv = v - Double(y)
    if dark(x, y) {
      // Erosion eats only edges that face a light module.
      guard growth < 0 else { return true }
      return
        !((fu < -growth && !dark(x - 1, y)) || (fu > 1 + growth && !dark(x + 1, y))
        || (fv < -growth && !dark(x, y - 1)) || (fv > 1 + growth && !dark(x, y + 1)))
    }
    guard growth > 0 else { return false }
    for dy in -1...1 {
      for dx in -1...1 where (dx != 0 || dy != 0) && dark(x + dx, y + dy) {
        let insideU = dx == 0 || (dx < 0 ? fu < growth : fu > 1 - growth)
        let insideV = dy == 0 || (dy < 0 ? fv < growth : fv > 1 - growth)
        if insideU && insideV { return true }
      }
    }
    return false
  }

  /// The reflectance at symbol coordinates (u, v).
  func reflectance(_ u: Double, _ v: Double) -> Double {
    let x = Int((u + 1000).rounded(.down)) - 1000
    let y = Int((v + 1000).rounded(.down)) - 1000
    if growth == 0, x >= 0, y >= 0, x < size, y < size,
      let value = moduleReflectance[y * size + x]
    {
      return value
    }
    return isDark(u, v) ? dark : light
  }

  /// The image, `samples` × `samples` samples per pixel.
  func image() -> GrayImage {
    let side = Double(size + 2 * quietZone)
    let width = Int(side * moduleWidth)
    let height = Int(side * moduleHeight)
    var pixels = [UInt8](repeating: 0, count: width * height)
    let q = Double(quietZone)
    for py in 0..<height {
      for px in 0..<width {
        var sum = 0.0
        for sy in 0..<samples {
          for sx in 0..<samples {
            var u = (Double(px) + (Double(sx) + 0.5) / Double(samples)) / moduleWidth - q
            var v = (Double(py) + (Double(sy) + 0.5) / Double(samples)) / moduleHeight - q
            if let warp {
              let (du, dv) = warp(u, v)
              u -= du
              v -= dv
            }
            sum += reflectance(u, v)
          }
        }
        pixels[py * width + px] = UInt8((sum / Double(samples * samples) * 255).rounded())
      }
    }
    return GrayImage(width: width, height: height, pixels: pixels)
  }

  /// The grade of the drawn symbol.
  func grade(aperture: Double = 0.8) throws -> SymbolGrade? {
    let decoded = try Decoder.decode(symbol.matrix)
    return SymbolGrader.grade(
      image(), corners: corners, decoded: decoded, options: GradingOptions(aperture: aperture))
  }

  /// A symbol of `version` at `level` holding a fixed text.
  static func make(_ version: SymbolVersion, level: ErrorCorrectionLevel = .medium) throws
    -> TestSymbol
  {
    var options = EncodeOptions()
    options.version = version
    options.errorCorrectionLevel = level
    if version.isMicro { options.symbolKinds = [.micro] }
    let text = version.isMicro ? "12345" : "QRGRADE 12345"
    return TestSymbol(try Encoder.encode(text: text, options: options))
  }
}
