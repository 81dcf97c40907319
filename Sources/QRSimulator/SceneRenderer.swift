// SPDX-License-Identifier: MIT
// Pixels of one simulated frame: cards through projective maps, blur, light, sensor noise.

import QRImage
import QRRandom

/// One code as it is drawn in one frame.
struct CodePlacement: Equatable, Sendable {
  /// Index of the code in the scene's codes.
  var code: Int
  /// The card's corners in the frame, for module corners (0, 0), (side, 0), (side, side),
  /// (0, side) of the card (quiet zone included).
  var corners: [SIMD2<Double>]
  /// 0 (invisible) to 1 (opaque).
  var opacity: Double
  /// Reflectance of dark and light modules.
  var dark: Double
  var light: Double
}

/// Draws scenes into gray frames of one size, reusing its buffers from frame to frame.
///
/// The scene is composed in reflectance (0...1, one `Float` per pixel): the background, then each
/// card. A card pixel is the mean of `samples` × `samples` points mapped back to the card's
/// modules (antialiasing), blended by coverage and opacity. Then an optional binomial blur over the
/// region the cards touch, and finally illumination (gradient and vignette) and Gaussian-like
/// sensor noise (the sum of four uniforms) into 8 bits. Nothing is allocated per pixel; the only
/// per-frame work outside the cards is one pass over the frame for the background and one for the
/// shading.
struct SceneRenderer {
  /// Frame size in pixels.
  let width: Int
  let height: Int
  /// Sub-samples per pixel along each axis.
  let samples: Int

  private var reflectance: [Float]
  private var rowAbove: [Float]
  private var rowHere: [Float]

  /// A renderer for `width` × `height` frames.
  init(width: Int, height: Int, samples: Int = 3) {
    precondition(width > 0 && height > 0 && samples > 0, "SceneRenderer geometry")
    self.width = width
    self.height = height
    self.samples = samples
    reflectance = [Float](repeating: 0, count: width * height)
    rowAbove = [Float](repeating: 0, count: width)
    rowHere = [Float](repeating: 0, count: width)
  }

  /// Renders `placements` under `conditions` into `pixels` (`width` × `height` samples), with
  /// the sensor noise drawn from `noise`.
  ///
  /// - Complexity: O(*w* × *h*) plus O(`samples`²) per pixel a card covers.
  mutating func render(
    _ placements: [CodePlacement], codes: [SimulatedCode], conditions: CameraConditions,
    noise: inout SplitMix64, into pixels: inout [UInt8]
  ) {
    precondition(pixels.count == width * height, "SceneRenderer: wrong pixel count")
    let background = Float(conditions.background)
    reflectance.withUnsafeMutableBufferPointer { buffer in
      buffer.update(repeating: background)
    }
    var dirty: (Int, Int, Int, Int)?  // x0, y0, x1, y1 (exclusive)
    for placement in placements where placement.opacity > 0 {
      let code = codes[placement.code]
      guard let box = drawCard(placement, code: code) else { continue }
      dirty =
        dirty.map { (min($0.0, box.0), min($0.1, box.1), max($0.2, box.2), max($0.3, box.3)) }
        ?? box
    }
    if let dirty, conditions.blurPasses > 0 {
      let margin = conditions.blurPasses + 1
      let region = (
        max(dirty.0 - margin, 0), max(dirty.1 - margin, 0), min(dirty.2 + margin, width),
        min(dirty.3 + margin, height)
      )
      for _ in 0..<conditions.blurPasses { blur(region) }
    }
    shade(conditions, noise: &noise, into: &pixels)
  }

  // MARK: - Cards

  /// Draws one card; returns the pixel box it touched, or nil if it is outside the frame.
  private mutating func drawCard(_ placement: CodePlacement, code: SimulatedCode) -> (
    Int, Int, Int, Int
  )? {
    let side = code.side
    guard
      let map = PerspectiveTransform(square: Double(side), to: placement.corners.map(Point.init))
    else { return nil }
    let (a, b, c, d, e, f, g, h, i) = map.inverse.coefficients
    let corners = placement.corners
    let xs = corners.map(\.x)
    let ys = corners.map(\.y)
    let x0 = max(Int((xs.min() ?? 0).rounded(.down)), 0)
    let x1 = min(Int((xs.max() ?? 0).rounded(.up)) + 1, width)
    let y0 = max(Int((ys.min() ?? 0).rounded(.down)), 0)
    let y1 = min(Int((ys.max() ?? 0).rounded(.up)) + 1, height)
    guard x0 < x1, y0 < y1 else { return nil }

    let samples = samples
    let step = 1 / Double(samples)
    let sideLimit = Double(side)
    let opacity = Float(placement.opacity)
    let light = Float(placement.light)
    let contrast = Float(placement.light - placement.dark)
    let perSample = 1 / Float(samples * samples)
    let width = width
    code.modules.withUnsafeBufferPointer { modules in
      reflectance.withUnsafeMutableBufferPointer { canvas in
        for y in y0..<y1 {
          // Only the pixels of this row that the card's outline can reach.
          guard let (spanStart, spanEnd) = Self.span(of: corners, rowTop: Double(y)) else {
            continue
          }
          let start = max(Int(spanStart.rounded(.down)), x0)
          let end = min(Int(spanEnd.rounded(.up)) + 1, x1)
          if start >= end { continue }
          let row = y * width
          for x in start..<end {
            var inside = 0
            var dark = 0
            var py = Double(y) + step / 2
            for _ in 0..<samples {
              let uRow = b * py + c
              let vRow = e * py + f
              let wRow = h * py + i
              var px = Double(x) + step / 2
              for _ in 0..<samples {
                let reciprocal = 1 / (g * px + wRow)
                let u = (a * px + uRow) * reciprocal
                let v = (d * px + vRow) * reciprocal
                if u >= 0, v >= 0, u < sideLimit, v < sideLimit {
                  inside &+= 1
                  dark &+= Int(modules[Int(v) &* side &+ Int(u)])
                }
                px += step
              }
              py += step
            }
            if inside == 0 { continue }
            let value = light - contrast * Float(dark) / Float(inside)
            let weight = opacity * Float(inside) * perSample
            let old = canvas[row &+ x]
            canvas[row &+ x] = old + weight * (value - old)
          }
        }
      }
    }
    return (x0, y0, x1, y1)
  }

  /// The horizontal extent of the convex quadrilateral `corners` within the pixel row
  /// `rowTop`...`rowTop + 1`, or nil if it misses the row.
  private static func span(of corners: [SIMD2<Double>], rowTop: Double) -> (Double, Double)? {
    let top = rowTop
    let bottom = rowTop + 1
    var low = Double.infinity
    var high = -Double.infinity
    for index in 0..<4 {
      let p = corners[index]
      let q = corners[(index + 1) & 3]
      // The part of edge pq inside the row's band.
      let (pLow, pHigh) = p.y <= q.y ? (p, q) : (q, p)
      if pHigh.y < top || pLow.y > bottom { continue }
      let dy = pHigh.y - pLow.y
      for y in [max(top, pLow.y), min(bottom, pHigh.y)] {
        let x = dy > 1e-12 ? pLow.x + (pHigh.x - pLow.x) * (y - pLow.y) / dy : pLow.x
        low = min(low, x)
        high = max(high, x)
        if dy <= 1e-12 {
          low = min(low, pHigh.x)
          high = max(high, pHigh.x)
        }
      }
    }
    return low <= high ? (low, high) : nil
  }

  // MARK: - Blur

  /// One pass of the separable [1 2 1] / 4 kernel over the box (x0, y0)..<(x1, y1), reading
  /// neighbours outside the box as they are (clamped at the frame's edges).
  private mutating func blur(_ box: (Int, Int, Int, Int)) {
    let (x0, y0, x1, y1) = box
    guard x0 < x1, y0 < y1 else { return }
    let width = width
    let height = height
    reflectance.withUnsafeMutableBufferPointer { canvas in
      rowHere.withUnsafeMutableBufferPointer { here in
        rowAbove.withUnsafeMutableBufferPointer { above in
          // Horizontal.
          for y in y0..<y1 {
            let row = y * width
            for x in max(x0 - 1, 0)..<min(x1 + 1, width) { here[x] = canvas[row + x] }
            for x in x0..<x1 {
              let left = here[max(x - 1, 0)]
              let right = here[min(x + 1, width - 1)]
              canvas[row + x] = 0.25 * (left + right) + 0.5 * here[x]
            }
          }
          // Vertical, top to bottom, remembering the unblurred row above.
          let first = max(y0 - 1, 0)
          for x in x0..<x1 { above[x] = canvas[first * width + x] }
          for y in y0..<y1 {
            let row = y * width
            let below = min(y + 1, height - 1) * width
            for x in x0..<x1 {
              let original = canvas[row + x]
              canvas[row + x] = 0.25 * (above[x] + canvas[below + x]) + 0.5 * original
              above[x] = original
            }
          }
        }
      }
    }
  }

  // MARK: - Light and noise

  /// Illumination × reflectance, plus noise, rounded and clamped into `pixels`.
  private func shade(
    _ conditions: CameraConditions, noise generator: inout SplitMix64, into pixels: inout [UInt8]
  ) {
    let brightness = Float(255 * conditions.brightness)
    let gradientX = Float(conditions.gradientX)
    let gradientY = Float(conditions.gradientY)
    let vignette = Float(conditions.vignette / 2)
    // The sum of four uniforms on 0..<1 has variance 1/3.
    let noiseScale = Float(conditions.noise * 3.0.squareRoot()) / 65536
    let xScale = 2 / Float(width)
    let yScale = 2 / Float(height)
    let width = width
    var random = generator
    reflectance.withUnsafeBufferPointer { canvas in
      pixels.withUnsafeMutableBufferPointer { output in
        for y in 0..<height {
          let ny = (Float(y) + 0.5) * yScale - 1
          let rowGain = 1 + gradientY * ny
          let rowFall = 1 - vignette * ny * ny
          let row = y * width
          for x in 0..<width {
            let nx = (Float(x) + 0.5) * xScale - 1
            let light = brightness * (rowGain + gradientX * nx) * (rowFall - vignette * nx * nx)
            let draw = random.centredSumOfQuarters()
            let value = light * canvas[row + x] + Float(draw) * noiseScale + 0.5
            output[row + x] = value <= 0 ? 0 : value >= 255 ? 255 : UInt8(value)
          }
        }
      }
    }
    generator = random
  }
}
