// SPDX-License-Identifier: MIT
// Optics and sensor of a still scene: blur, light, glare, gamma and noise into 8-bit pixels.

import Glibc
import QRImage
import QRRandom

/// A bright spot of specular reflection, added to the light after reflectance.
struct GlareSpot: Sendable {
  var centre: Point
  /// The 1/e radius in pixels.
  var radius: Double
  /// Added light at the centre, in units of full scale.
  var strength: Double
}

/// The light on a scene and the sensor that records it.
struct SceneLighting: Sendable {
  /// Full-scale exposure: reflectance 1 under gain 1 gives 255 before gamma.
  var exposure = 0.9
  /// Gain slopes across the frame (−1 at the left or top edge to 1 at the other).
  var gradientX = 0.0
  var gradientY = 0.0
  /// Darkening towards the corners (0 none).
  var vignette = 0.0
  /// A soft shadow over the side of the line through `shadowPoint` with normal `shadowNormal`:
  /// the gain there is multiplied by 1 − `shadowDepth`.
  var shadowDepth = 0.0
  var shadowPoint = Point(x: 0, y: 0)
  var shadowNormal = Point(x: 1, y: 0)
  var shadowSoftness = 20.0
  var glare: [GlareSpot] = []
  /// Display gamma of the recorded value (1 linear).
  var gamma = 1.0
  /// Standard deviation of the sensor noise, in 8-bit levels.
  var noise = 1.5
  /// The JPEG quality the recorded image is saved at (`JPEGQuantization`), or nil for none.
  var jpegQuality: Int?
}

extension SceneCanvas {
  /// Blurs with a Gaussian of standard deviation `sigma` pixels (separable, edges clamped).
  ///
  /// - Complexity: O(*w* × *h* × `sigma`).
  mutating func gaussianBlur(sigma: Double) {
    guard sigma > 0.05 else { return }
    let radius = max(Int((3 * sigma).rounded(.up)), 1)
    var kernel = (-radius...radius).map { Float(exp(-Double($0 * $0) / (2 * sigma * sigma))) }
    let total = kernel.reduce(0, +)
    for index in kernel.indices { kernel[index] /= total }
    let width = width
    let height = height
    var line = [Float](repeating: 0, count: max(width, height) + 2 * radius)
    kernel.withUnsafeBufferPointer { kernel in
      values.withUnsafeMutableBufferPointer { canvas in
        line.withUnsafeMutableBufferPointer { line in
          for y in 0..<height {
            let row = y * width
            for x in 0..<(width + 2 * radius) {
              line[x] = canvas[row + min(max(x - radius, 0), width - 1)]
            }
            for x in 0..<width {
              var sum: Float = 0
              for k in 0..<kernel.count { sum += kernel[k] * line[x + k] }
              canvas[row + x] = sum
            }
          }
          for x in 0..<width {
            for y in 0..<(height + 2 * radius) {
              line[y] = canvas[min(max(y - radius, 0), height - 1) * width + x]
            }
            for y in 0..<height {
              var sum: Float = 0
              for k in 0..<kernel.count { sum += kernel[k] * line[y + k] }
              canvas[y * width + x] = sum
            }
          }
        }
      }
    }
  }

  /// Blurs along a straight path of `length` pixels at `angle` radians, as a camera moving
  /// during the exposure does (the mean of points sampled every pixel along the path).
  ///
  /// - Complexity: O(*w* × *h* × `length`).
  mutating func motionBlur(length: Double, angle: Double) {
    let taps = max(Int(length.rounded()), 1) + 1
    guard taps > 2 else { return }
    let offsets = (0..<taps).map { tap -> (Int, Int) in
      let along = length * (Double(tap) / Double(taps - 1) - 0.5)
      return (Int((along * cos(angle)).rounded()), Int((along * sin(angle)).rounded()))
    }
    let source = values
    let width = width
    let height = height
    let scale = 1 / Float(taps)
    source.withUnsafeBufferPointer { source in
      values.withUnsafeMutableBufferPointer { canvas in
        for y in 0..<height {
          for x in 0..<width {
            var sum: Float = 0
            for (dx, dy) in offsets {
              let sx = min(max(x + dx, 0), width - 1)
              let sy = min(max(y + dy, 0), height - 1)
              sum += source[sy * width + sx]
            }
            canvas[y * width + x] = sum * scale
          }
        }
      }
    }
  }

  /// The 8-bit image the sensor records of this canvas under `lighting`, noise drawn from
  /// `random`.
  func shaded(_ lighting: SceneLighting, random: inout SplitMix64) -> GrayImage {
    var pixels = [UInt8](repeating: 0, count: width * height)
    let width = width
    let height = height
    let xScale = 2 / Double(width)
    let yScale = 2 / Double(height)
    let inverseGamma = 1 / lighting.gamma
    let linear = lighting.gamma == 1
    // The sum of four uniforms on 0..<1 has variance 1/3.
    let noiseScale = Float(lighting.noise * 3.0.squareRoot()) / 65536
    var generator = random
    values.withUnsafeBufferPointer { canvas in
      pixels.withUnsafeMutableBufferPointer { output in
        for y in 0..<height {
          let ny = (Double(y) + 0.5) * yScale - 1
          for x in 0..<width {
            let nx = (Double(x) + 0.5) * xScale - 1
            var gain = (1 + lighting.gradientX * nx + lighting.gradientY * ny)
            gain *= 1 - lighting.vignette * (nx * nx + ny * ny) / 2
            if lighting.shadowDepth > 0 {
              let side =
                (Double(x) - lighting.shadowPoint.x) * lighting.shadowNormal.x
                + (Double(y) - lighting.shadowPoint.y) * lighting.shadowNormal.y
              let cover = 1 / (1 + exp(-side / lighting.shadowSoftness))
              gain *= 1 - lighting.shadowDepth * cover
            }
            var level = lighting.exposure * max(gain, 0) * Double(canvas[y * width + x])
            for spot in lighting.glare {
              let dx = Double(x) - spot.centre.x
              let dy = Double(y) - spot.centre.y
              level += spot.strength * exp(-(dx * dx + dy * dy) / (spot.radius * spot.radius))
            }
            level = min(max(level, 0), 1)
            if !linear { level = pow(level, inverseGamma) }
            let draw = generator.centredSumOfQuarters()
            let value = Float(255 * level) + Float(draw) * noiseScale + 0.5
            output[y * width + x] = value <= 0 ? 0 : value >= 255 ? 255 : UInt8(value)
          }
        }
      }
    }
    random = generator
    return GrayImage(width: width, height: height, pixels: pixels)
  }
}
