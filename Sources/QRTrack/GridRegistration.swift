// SPDX-License-Identifier: MIT
// Finding a known code's grid in a new frame from where its motion says it is.

import QRImage

/// Moves a predicted grid until the modules whose colours are known show them best.
///
/// The score of a grid is the contrast of its known modules: the mean difference, over pairs of
/// neighbouring modules that must differ, of the light one's gray level less the dark one's,
/// each sampled at its centre (bilinearly). Neighbours see the same light, so a glare spot's
/// slope or a shadow's edge across the code does not blur the score, and pairs lost in
/// saturated glare are left out. The grid is first shifted whole, climbing from the prediction in shrinking
/// steps (a hand-held camera's motion between frames is mostly a shift the prediction got a
/// little wrong), then each corner is moved in turn, as `GridFitter` moves them over binarized
/// pixels; here over gray ones, so that a faint code under heavy noise, which no threshold
/// splits cleanly, still registers: a few hundred modules average the noise away.
enum GridRegistration {
  /// How far a registration searches: the steps (in modules) of the whole grid's shifts and
  /// then of each corner's moves, coarse to fine, and the most rounds of moves at one step.
  /// and the most template modules scored per trial grid (spread evenly over the template).
  struct Reach {
    var shiftSteps: [Double]
    var cornerSteps: [Double]
    var rounds: Int
    var modules: Int

    /// From a prediction that may be off by a module or two.
    static let wide = Reach(
      shiftSteps: [1, 0.5, 0.25, 0.125], cornerSteps: [0.25, 0.125], rounds: 3, modules: 240)
    /// From a prediction made from the last frame's place (off by a fraction of a module).
    static let near = Reach(
      shiftSteps: [0.25, 0.125], cornerSteps: [0.125], rounds: 2, modules: 128)
  }

  /// A registered grid: its corners and how plainly its known modules show.
  struct Result {
    /// The corners in symbol order.
    var corners: [Point]
    /// The light modules' mean less the dark ones', in gray levels.
    var contrast: Double
    /// That contrast over its standard error (Welch's t): how far it stands above noise.
    var significance: Double
  }

  /// The grid near `corners` (symbol order) under which `template`'s modules read best in
  /// `image`, inverted when the symbol is light on dark; nil when the corners make no grid.
  ///
  /// - Complexity: O(*t* × *m*) for *t* ≈ 100 trial grids and *m* ≤ `Reach.modules`.
  static func register(
    _ image: GrayImage, template: ModuleTemplate, corners: [Point], isInverted: Bool,
    reach: Reach = .wide
  ) -> Result? {
    image.pixels.withUnsafeBufferPointer { pixels in
      register(
        Pixels(buffer: pixels, width: image.width, height: image.height), template: template,
        corners: corners, sign: isInverted ? -1 : 1, reach: reach)
    }
  }

  private static func register(
    _ image: Pixels, template: ModuleTemplate, corners: [Point], sign: Double, reach: Reach
  ) -> Result? {
    let modules = scored(template.edges, count: reach.modules)
    let size = Double(template.size)
    func contrast(_ trial: [Point]) -> Double {
      guard let transform = PerspectiveTransform(square: size, to: trial) else { return -.infinity }
      return sign * Statistics(image, transform, modules).contrast
    }
    var best = corners
    var bestScore = contrast(corners)
    guard bestScore > -.infinity else { return nil }
    let module =
      (corners[0].distance(to: corners[1]) + corners[0].distance(to: corners[3])) / (2 * size)
    /// Climbs from `best` by the moves `trials` makes of it, `rounds` times at most.
    func climb(_ trials: ([Point]) -> [[Point]]) {
      var round = 0
      var improved = true
      while improved && round < reach.rounds {
        improved = false
        round += 1
        for trial in trials(best) {
          let value = contrast(trial)
          if value > bestScore {
            (best, bestScore) = (trial, value)
            improved = true
          }
        }
      }
    }
    let directions = [(1.0, 0.0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)]
    for step in reach.shiftSteps.map({ $0 * module }) {
      climb { grid in
        // Shifts, and turns and scalings about the centre that move the corners by `step`.
        let centre = grid.reduce(Point(x: 0, y: 0), +) * 0.25
        let reach = max(grid[0].distance(to: centre), 1)
        let (angle, scale) = (step / reach, step / reach)
        let similar = [(angle, 1.0), (-angle, 1), (0, 1 + scale), (0, 1 - scale)].map {
          turn, factor in
          grid.map { corner -> Point in
            let offset = corner - centre
            // Small turns: cos and sin to their third-order terms.
            let (c, s) = ((1 - turn * turn / 2) * factor, (turn - turn * turn * turn / 6) * factor)
            return centre + Point(x: offset.x * c - offset.y * s, y: offset.x * s + offset.y * c)
          }
        }
        return directions.map { dx, dy in grid.map { $0 + Point(x: dx * step, y: dy * step) } }
          + similar
      }
    }
    for step in reach.cornerSteps.map({ $0 * module }) {
      climb { grid in
        (0..<4).flatMap { index in
          directions.prefix(4).map { dx, dy in
            var trial = grid
            trial[index] = trial[index] + Point(x: dx * step, y: dy * step)
            return trial
          }
        }
      }
    }
    guard let transform = PerspectiveTransform(square: size, to: best) else { return nil }
    let statistics = Statistics(image, transform, modules)
    return Result(
      corners: best, contrast: sign * statistics.contrast,
      significance: sign * statistics.significance)
  }

  /// The pairs of modules a trial scores: all of them, or an even spread of `count`.
  private static func scored(_ all: [Edge], count: Int) -> [Edge] {
    guard all.count > count else { return all }
    let stride = Double(all.count) / Double(count)
    return (0..<count).map { all[Int(Double($0) * stride)] }
  }

  /// A pair of neighbouring modules, (light, dark).
  typealias Edge = (light: (x: Int, y: Int), dark: (x: Int, y: Int))

  /// A level this high is saturated: glare, which shows no contrast.
  static let saturated = 250.0

  /// The contrast of a grid's module pairs: the mean difference and its significance.
  private struct Statistics {
    var contrast = 0.0
    var significance = 0.0

    init(_ image: Pixels, _ transform: PerspectiveTransform, _ edges: [Edge]) {
      var (sum, squares, count) = (0.0, 0.0, 0)
      for edge in edges {
        let light = image.level(
          at: transform.apply(x: Double(edge.light.x) + 0.5, y: Double(edge.light.y) + 0.5))
        let dark = image.level(
          at: transform.apply(x: Double(edge.dark.x) + 0.5, y: Double(edge.dark.y) + 0.5))
        guard light < GridRegistration.saturated || dark < GridRegistration.saturated else {
          continue
        }
        let difference = light - dark
        sum += difference
        squares += difference * difference
        count += 1
      }
      guard count > 1 else { return }
      let n = Double(count)
      contrast = sum / n
      let variance = max(0, squares / n - contrast * contrast)
      significance = contrast / max((variance / n).squareRoot(), 1e-6)
    }
  }
}

/// A gray image's pixels as a buffer, for the per-module loops of registration and sampling.
struct Pixels {
  let buffer: UnsafeBufferPointer<UInt8>
  let width: Int
  let height: Int

  /// The gray level at `point` (pixel centres at half-integers), interpolated bilinearly
  /// between the four nearest pixels; points outside the image take the nearest edge pixel.
  ///
  /// - Complexity: O(1).
  @inline(__always)
  func level(at point: Point) -> Double {
    guard point.x.isFinite, point.y.isFinite else { return 0 }
    let fx = min(max(point.x - 0.5, 0), Double(width - 1))
    let fy = min(max(point.y - 0.5, 0), Double(height - 1))
    let x0 = Int(fx)
    let y0 = Int(fy)
    let x1 = min(x0 &+ 1, width &- 1)
    let y1 = min(y0 &+ 1, height &- 1)
    let (ax, ay) = (fx - Double(x0), fy - Double(y0))
    let row0 = y0 &* width
    let row1 = y1 &* width
    // Unsafe, measured (registration scores a few hundred modules for each of ~100 trial
    // grids a frame and track: checked subscripts were a fifth of it): x0, x1 < width and
    // y0, y1 < height by the clamps above, so every index is below width × height.
    let top = Double(buffer[row0 &+ x0]) * (1 - ax) + Double(buffer[row0 &+ x1]) * ax
    let bottom = Double(buffer[row1 &+ x0]) * (1 - ax) + Double(buffer[row1 &+ x1]) * ax
    return top * (1 - ay) + bottom * ay
  }
}
