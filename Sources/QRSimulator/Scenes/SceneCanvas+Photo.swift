// SPDX-License-Identifier: MIT
// What a phone's photograph adds to a scene: the grain of paper and the colour filter of its sensor.

import QRRandom

extension SceneCanvas {
  /// Paper grain and ink mottle: a random field *n* in −1…1, the sum of a smooth part (cells of
  /// `grain` pixels, bilinearly joined; weight 0.6) and a part of each pixel's own (0.4), moves
  /// a pixel of level *v* to *v* × (1 + `paper` × *n*) + `ink` × *n* × (1 − *v*): the paper's
  /// fibres vary its light a little, and ink, whose cover varies, far more, so a dark module of
  /// tens of pixels is blotched where a light one is nearly flat.
  ///
  /// - Complexity: O(*w* × *h*).
  mutating func texture(paper: Double, ink: Double, grain: Double, random: inout SplitMix64) {
    let cell = max(grain, 1)
    let columns = Int((Double(width) / cell).rounded(.up)) + 2
    let rows = Int((Double(height) / cell).rounded(.up)) + 2
    let lattice = (0..<(columns * rows)).map { _ in Float(random.uniform(-0.6, 0.6)) }
    let width = width
    let height = height
    let paper = Float(paper)
    let ink = Float(ink)
    let ownScale = Float(0.4) / 32768
    let inverseCell = 1 / cell
    var generator = random
    lattice.withUnsafeBufferPointer { lattice in
      values.withUnsafeMutableBufferPointer { canvas in
        for y in 0..<height {
          let gy = Double(y) * inverseCell
          let row = Int(gy)
          let fy = Float(gy - Double(row))
          let top = row * columns
          let bottom = top + columns
          for x in 0..<width {
            let gx = Double(x) * inverseCell
            let column = Int(gx)
            let fx = Float(gx - Double(column))
            let upper =
              lattice[top + column] + fx * (lattice[top + column + 1] - lattice[top + column])
            let lower =
              lattice[bottom + column]
              + fx * (lattice[bottom + column + 1] - lattice[bottom + column])
            let own = Float(Int(truncatingIfNeeded: generator.next() & 0xFFFF) - 32768) * ownScale
            let n = upper + fy * (lower - upper) + own
            let level = canvas[y * width + x]
            canvas[y * width + x] = level * (1 + paper * n) + ink * n * (1 - level)
          }
        }
      }
    }
    random = generator
  }

  /// The canvas as a colour sensor behind a Bayer filter (red at even rows and columns, blue at
  /// odd ones, green between) records a gray scene and a phone rebuilds it. Each site keeps one
  /// channel, off by that channel's white-balance error (`red` and `blue`: gains relative to
  /// green, near 1) and with Gaussian noise of σ `noise` 8-bit levels at green sites and 1.6 ×
  /// that at red and blue ones (their weaker signal amplified). The missing channels of a pixel
  /// are the means of its nearest sites of that channel (bilinear demosaicing), and the pixel is
  /// their Rec. 709 luminance. Noise comes out correlated between neighbours and stronger on
  /// every other row and column, and an edge gets a one-pixel zipper where the channels'
  /// gains differ, as a photo's gray does.
  ///
  /// - Complexity: O(*w* × *h*).
  mutating func demosaiced(red: Double, blue: Double, noise: Double, random: inout SplitMix64) {
    guard width > 2, height > 2 else { return }
    let width = width
    let height = height
    let gains: [Float] = [Float(red), 1, 1, Float(blue)]
    // The sum of four uniforms on 0..<1 has variance 1/3.
    let greenNoise = Float(noise * 3.0.squareRoot() / 255) / 65536
    let spreads: [Float] = [1.6 * greenNoise, greenNoise, greenNoise, 1.6 * greenNoise]
    var generator = random
    var mosaic = values
    mosaic.withUnsafeMutableBufferPointer { mosaic in
      for y in 0..<height {
        for x in 0..<width {
          let site = (y & 1) << 1 | (x & 1)
          let draw = generator.centredSumOfQuarters()
          let index = y * width + x
          mosaic[index] = mosaic[index] * gains[site] + Float(draw) * spreads[site]
        }
      }
    }
    random = generator
    mosaic.withUnsafeBufferPointer { mosaic in
      values.withUnsafeMutableBufferPointer { canvas in
        // Mirrored at the edges, which keeps a site's channel: −1 becomes 1, `width` width − 2.
        func at(_ x: Int, _ y: Int) -> Float {
          let mx = x < 0 ? 1 : x >= width ? width - 2 : x
          let my = y < 0 ? 1 : y >= height ? height - 2 : y
          return mosaic[my * width + mx]
        }
        for y in 0..<height {
          for x in 0..<width {
            let own = mosaic[y * width + x]
            let cross = (at(x - 1, y) + at(x + 1, y) + at(x, y - 1) + at(x, y + 1)) / 4
            let diagonal =
              (at(x - 1, y - 1) + at(x + 1, y - 1) + at(x - 1, y + 1) + at(x + 1, y + 1)) / 4
            let across = (at(x - 1, y) + at(x + 1, y)) / 2
            let down = (at(x, y - 1) + at(x, y + 1)) / 2
            let (r, g, b): (Float, Float, Float) =
              switch (y & 1) << 1 | (x & 1) {
              case 0: (own, cross, diagonal)
              case 1: (across, own, down)
              case 2: (down, own, across)
              default: (diagonal, cross, own)
              }
            canvas[y * width + x] = 0.2126 * r + 0.7152 * g + 0.0722 * b
          }
        }
      }
    }
  }
}

extension SceneCanvas {
  /// Sharpens as a phone's processing does (unsharp masking): each pixel moves away from its
  /// Gaussian mean of σ `sigma` pixels by `amount` times its difference from it. Edges gain a
  /// light and a dark halo, and noise and texture finer than `sigma` grow by 1 + `amount`.
  ///
  /// - Complexity: O(*w* × *h* × `sigma`).
  mutating func sharpened(sigma: Double, amount: Double) {
    var mean = self
    mean.gaussianBlur(sigma: sigma)
    let gain = Float(amount)
    mean.values.withUnsafeBufferPointer { mean in
      values.withUnsafeMutableBufferPointer { canvas in
        for index in canvas.indices {
          canvas[index] += gain * (canvas[index] - mean[index])
        }
      }
    }
  }
}
