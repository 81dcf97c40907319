// SPDX-License-Identifier: MIT
// Still scenes: encoded symbols drawn through a projective map (or on a sagging page), then
// spoiled by blur, noise and uneven light, for the detector's tests and the scene generator.

import Glibc
import QRCodec
import QRImage
import QRRandom

/// A gray canvas of real-valued pixels onto which symbols are drawn through arbitrary projective
/// maps, then spoiled; `image` rounds it to 8 bits.
///
/// Slower than the camera's `SceneRenderer` (4 × 4 samples a pixel, `Double` pixels) and meant
/// for still images whose geometry a test states exactly.
///
///     var canvas = Canvas(width: 300, height: 300)
///     canvas.draw(symbol.matrix, corners: Canvas.square(centre: Point(x: 150, y: 150), side: 200, degrees: 10))
///     canvas.addGaussianNoise(sigma: 4, seed: 1)
///     let image = canvas.image
public struct Canvas: Sendable {
  /// Width in pixels.
  public var width: Int
  /// Height in pixels.
  public var height: Int
  /// The gray levels row by row (0 black, 255 white; values outside are clipped by `image`).
  public var pixels: [Double]

  /// A canvas filled with `background`.
  public init(width: Int, height: Int, background: Double = 235) {
    self.width = width
    self.height = height
    pixels = [Double](repeating: background, count: width * height)
  }

  /// Draws `matrix` with a 4-module quiet zone so that module (0, 0)'s corner lands at
  /// `corners[0]` and the others (top-right, bottom-right, bottom-left) at `corners[1...3]`.
  /// Each pixel is the mean of 4 × 4 sub-samples (antialiased). With `dots`, the symbol is
  /// drawn the way stylised codes are: each dark module a dot, and each finder pattern only a
  /// disc over its stone, without its dark ring.
  public mutating func draw(
    _ matrix: BitMatrix, corners: [Point], dark: Double = 20, light: Double = 235,
    quietZone: Int = 4, dots: Bool = false
  ) {
    let size = Double(matrix.size)
    let square = [
      Point(x: 0, y: 0), Point(x: size, y: 0), Point(x: size, y: size), Point(x: 0, y: size),
    ]
    // Map pixels back to modules: from image corners to module corners.
    let order = [0, 1, 3, 2]
    guard
      let toModules = PerspectiveTransform(
        from: order.map { corners[$0] }, to: order.map { square[$0] }),
      let toPixels = PerspectiveTransform(
        from: order.map { square[$0] }, to: order.map { corners[$0] })
    else { return }
    let q = Double(quietZone)
    let outline = [
      toPixels.apply(x: -q, y: -q), toPixels.apply(x: size + q, y: -q),
      toPixels.apply(x: size + q, y: size + q), toPixels.apply(x: -q, y: size + q),
    ]
    let minX = max(Int(outline.map(\.x).min() ?? 0) - 1, 0)
    let maxX = min(Int(outline.map(\.x).max() ?? 0) + 1, width - 1)
    let minY = max(Int(outline.map(\.y).min() ?? 0) - 1, 0)
    let maxY = min(Int(outline.map(\.y).max() ?? 0) + 1, height - 1)
    guard minX <= maxX, minY <= maxY else { return }
    for y in minY...maxY {
      for x in minX...maxX {
        var sum = 0.0
        var inside = 0
        for sy in 0..<4 {
          for sx in 0..<4 {
            let m = toModules.apply(
              x: Double(x) + (Double(sx) + 0.5) / 4, y: Double(y) + (Double(sy) + 0.5) / 4)
            guard m.x >= -q, m.y >= -q, m.x < size + q, m.y < size + q else { continue }
            inside += 1
            let mx = Int(m.x.rounded(.down))
            let my = Int(m.y.rounded(.down))
            var isDark =
              mx >= 0 && my >= 0 && mx < matrix.size && my < matrix.size
              && matrix.isDark(x: mx, y: my)
            if dots {
              let far = size - 3.5
              let finder = [Point(x: 3.5, y: 3.5), Point(x: far, y: 3.5), Point(x: 3.5, y: far)]
                .first { abs(m.x - $0.x) < 3.5 && abs(m.y - $0.y) < 3.5 }
              if let finder {
                isDark = m.distance(to: finder) <= 1.5
              } else if isDark {
                isDark = m.distance(to: Point(x: Double(mx) + 0.5, y: Double(my) + 0.5)) <= 0.4
              }
            }
            sum += isDark ? dark : light
          }
        }
        guard inside > 0 else { continue }
        let i = y * width + x
        pixels[i] = (pixels[i] * Double(16 - inside) + sum) / 16
      }
    }
  }

  /// Draws `matrix` on a page that sags: module (u, v) lands at `origin` plus `moduleSize`
  /// times (u, v), moved down by `sag` modules times sin(π u / size), so the rows bow the way a
  /// sheet held at its two top corners does. A 4-module quiet zone; 4 × 4 sub-samples a pixel.
  public mutating func drawSagging(
    _ matrix: BitMatrix, origin: Point, moduleSize: Double, sag: Double, dark: Double = 20,
    light: Double = 235
  ) {
    let size = Double(matrix.size)
    for y in 0..<height {
      for x in 0..<width {
        var sum = 0.0
        var inside = 0
        for sy in 0..<4 {
          for sx in 0..<4 {
            let u = (Double(x) + (Double(sx) + 0.5) / 4 - origin.x) / moduleSize
            let bow = sag * sin(Double.pi * min(max(u, 0), size) / size)
            let v = (Double(y) + (Double(sy) + 0.5) / 4 - origin.y) / moduleSize - bow
            guard u >= -4, v >= -4, u < size + 4, v < size + 4 else { continue }
            inside += 1
            let (mx, my) = (Int(u.rounded(.down)), Int(v.rounded(.down)))
            let isDark =
              mx >= 0 && my >= 0 && mx < matrix.size && my < matrix.size
              && matrix.isDark(x: mx, y: my)
            sum += isDark ? dark : light
          }
        }
        guard inside > 0 else { continue }
        let i = y * width + x
        pixels[i] = (pixels[i] * Double(16 - inside) + sum) / 16
      }
    }
  }

  /// A box blur of the given radius (repeated three times it approximates a Gaussian).
  public mutating func blur(radius: Int, passes: Int = 3) {
    guard radius > 0 else { return }
    for _ in 0..<passes {
      var next = pixels
      for y in 0..<height {
        for x in 0..<width {
          var sum = 0.0
          var count = 0.0
          for dx in -radius...radius where x + dx >= 0 && x + dx < width {
            sum += pixels[y * width + x + dx]
            count += 1
          }
          next[y * width + x] = sum / count
        }
      }
      pixels = next
      for y in 0..<height {
        for x in 0..<width {
          var sum = 0.0
          var count = 0.0
          for dy in -radius...radius where y + dy >= 0 && y + dy < height {
            sum += next[(y + dy) * width + x]
            count += 1
          }
          pixels[y * width + x] = sum / count
        }
      }
    }
  }

  /// Adds uniform noise in −amplitude…amplitude from a seeded generator.
  public mutating func addNoise(amplitude: Double, seed: UInt64) {
    var generator = SplitMix64(seed: seed)
    for i in pixels.indices {
      pixels[i] += (Double(generator.next() % 2001) / 1000 - 1) * amplitude
    }
  }

  /// Adds Gaussian noise of standard deviation `sigma` to every pixel (Box–Muller).
  public mutating func addGaussianNoise(sigma: Double, seed: UInt64) {
    var generator = SplitMix64(seed: seed)
    for i in pixels.indices {
      // u in (0, 1], so log(u) is finite.
      let u = (Double(generator.next() >> 11) + 1) / 9_007_199_254_740_992
      let v = Double(generator.next() >> 11) / 9_007_199_254_740_992
      pixels[i] += sigma * (-2 * log(u)).squareRoot() * cos(2 * Double.pi * v)
    }
  }

  /// Multiplies by a left-to-right lighting gradient from `left` to `right`.
  public mutating func light(left: Double, right: Double) {
    for y in 0..<height {
      for x in 0..<width {
        let t = Double(x) / Double(width - 1)
        pixels[y * width + x] *= left + (right - left) * t
      }
    }
  }

  /// Maps every value v to 255 − v.
  public mutating func invert() {
    for i in pixels.indices { pixels[i] = 255 - pixels[i] }
  }

  /// The canvas rounded and clipped to 8-bit gray.
  public var image: GrayImage {
    GrayImage(
      width: width, height: height,
      pixels: pixels.map { UInt8(max(0, min(255, $0.rounded()))) })
  }

  /// The corners of a `side`-pixel square centred at `centre`, turned by `degrees` clockwise.
  public static func square(centre: Point, side: Double, degrees: Double) -> [Point] {
    let angle = degrees * Double.pi / 180
    let h = side / 2
    return [(-h, -h), (h, -h), (h, h), (-h, h)].map { dx, dy in
      Point(
        x: centre.x + dx * cos(angle) - dy * sin(angle),
        y: centre.y + dx * sin(angle) + dy * cos(angle))
    }
  }
}
