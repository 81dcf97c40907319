// SPDX-License-Identifier: MIT
// Finding a known code's grid in a new frame from where its motion says it is.

import QRImage

/// Moves a predicted grid until the modules whose colours are known show them best.
///
/// The score of a grid is the contrast of its known modules: the mean gray level of those that
/// must be light less the mean of those that must be dark, each sampled at its centre
/// (bilinearly). The grid is first shifted whole (a hand-held camera's motion between frames
/// is mostly a shift the prediction got a little wrong), then each corner is moved in turn, as
/// `GridFitter` moves them over binarized pixels; here over gray ones, so that a faint code
/// under heavy noise, which no threshold splits cleanly, still registers: a few hundred modules
/// average the noise away.
enum GridRegistration {
  /// The shifts tried, in modules, each way.
  static let shifts = [-1.5, -1, -0.5, 0, 0.5, 1, 1.5]
  /// The steps (in modules) by which each corner is moved, coarse to fine.
  static let cornerSteps = [0.5, 0.25, 0.125]
  /// The most rounds of corner moves at one step.
  static let rounds = 4
  /// The most template modules scored per trial grid (spread evenly over the template).
  static let scoredModules = 700

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
  /// - Complexity: O(*t* × *m*) for *t* ≈ 100 trial grids and *m* ≤ `scoredModules`.
  static func register(
    _ image: GrayImage, template: ModuleTemplate, corners: [Point], isInverted: Bool
  ) -> Result? {
    let modules = scored(template)
    let size = Double(template.size)
    let sign = isInverted ? -1.0 : 1.0
    func contrast(_ trial: [Point]) -> Double {
      guard let transform = PerspectiveTransform(square: size, to: trial) else { return -.infinity }
      return sign * Statistics(image, transform, modules).contrast
    }
    var best = corners
    var bestScore = contrast(corners)
    guard bestScore > -.infinity else { return nil }
    let module = (corners[0].distance(to: corners[1]) + corners[0].distance(to: corners[3]))
      / (2 * size)
    let start = best
    for dy in shifts {
      for dx in shifts where dx != 0 || dy != 0 {
        let shift = Point(x: dx * module, y: dy * module)
        let trial = start.map { $0 + shift }
        let value = contrast(trial)
        if value > bestScore { (best, bestScore) = (trial, value) }
      }
    }
    for step in cornerSteps.map({ $0 * module }) {
      var improved = true
      var round = 0
      while improved && round < rounds {
        improved = false
        round += 1
        for index in 0..<4 {
          for move in [Point(x: step, y: 0), Point(x: -step, y: 0), Point(x: 0, y: step), Point(x: 0, y: -step)] {
            var trial = best
            trial[index] = trial[index] + move
            let value = contrast(trial)
            if value > bestScore {
              (best, bestScore) = (trial, value)
              improved = true
            }
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

  /// The template's modules a trial scores: all of them, or an even spread of
  /// `scoredModules`, always with light and dark ones.
  private static func scored(_ template: ModuleTemplate) -> [(x: Int, y: Int, isDark: Bool)] {
    let all = template.modules
    guard all.count > scoredModules else { return all }
    let stride = Double(all.count) / Double(scoredModules)
    return (0..<scoredModules).map { all[Int(Double($0) * stride)] }
  }

  /// The gray levels of a grid's known modules: their means and spreads by colour.
  private struct Statistics {
    var contrast = 0.0
    var significance = 0.0

    init(
      _ image: GrayImage, _ transform: PerspectiveTransform,
      _ modules: [(x: Int, y: Int, isDark: Bool)]
    ) {
      var sums = (dark: 0.0, light: 0.0)
      var squares = (dark: 0.0, light: 0.0)
      var counts = (dark: 0, light: 0)
      for module in modules {
        let level = GrayLevels.level(
          image, at: transform.apply(x: Double(module.x) + 0.5, y: Double(module.y) + 0.5))
        if module.isDark {
          sums.dark += level
          squares.dark += level * level
          counts.dark += 1
        } else {
          sums.light += level
          squares.light += level * level
          counts.light += 1
        }
      }
      guard counts.dark > 1, counts.light > 1 else { return }
      let (nd, nl) = (Double(counts.dark), Double(counts.light))
      let (md, ml) = (sums.dark / nd, sums.light / nl)
      let vd = max(0, squares.dark / nd - md * md)
      let vl = max(0, squares.light / nl - ml * ml)
      contrast = ml - md
      significance = contrast / max((vd / nd + vl / nl).squareRoot(), 1e-6)
    }
  }
}

/// Gray levels between pixel centres.
enum GrayLevels {
  /// The gray level at `point` (pixel centres at half-integers), interpolated bilinearly
  /// between the four nearest pixels; points outside the image take the nearest edge pixel.
  ///
  /// - Complexity: O(1).
  @inline(__always)
  static func level(_ image: GrayImage, at point: Point) -> Double {
    guard point.x.isFinite, point.y.isFinite else { return 0 }
    let fx = min(max(point.x - 0.5, 0), Double(image.width - 1))
    let fy = min(max(point.y - 0.5, 0), Double(image.height - 1))
    let x0 = Int(fx)
    let y0 = Int(fy)
    let x1 = min(x0 + 1, image.width - 1)
    let y1 = min(y0 + 1, image.height - 1)
    let (ax, ay) = (fx - Double(x0), fy - Double(y0))
    let row0 = y0 * image.width
    let row1 = y1 * image.width
    let top =
      Double(image.pixels[row0 + x0]) * (1 - ax) + Double(image.pixels[row0 + x1]) * ax
    let bottom =
      Double(image.pixels[row1 + x0]) * (1 - ax) + Double(image.pixels[row1 + x1]) * ax
    return top * (1 - ay) + bottom * ay
  }
}
