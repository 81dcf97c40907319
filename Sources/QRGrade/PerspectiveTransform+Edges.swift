// SPDX-License-Identifier: MIT
// The module-to-image map of a graded symbol: its pitch, and its fit to measured edges.

import QRImage

extension PerspectiveTransform {
  /// The lengths, in image units, of one unit step along x and along y at (`x`, `y`): the local
  /// module pitch along each axis of the symbol.
  func pitch(x: Double, y: Double) -> (x: Double, y: Double) {
    let alongX = apply(x: x + 0.5, y: y) - apply(x: x - 0.5, y: y)
    let alongY = apply(x: x, y: y + 0.5) - apply(x: x, y: y - 0.5)
    return (alongX.length, alongY.length)
  }
}

// MARK: - Fitting to edge constraints

/// One measurement for the fit: the image point `point` lies on the grid line where symbol
/// coordinate `axis` (0 for x, 1 for y) equals `value`.
struct LineConstraint: Sendable {
  var point: Point
  var axis: Int
  var value: Double
}

extension PerspectiveTransform {
  /// The image-to-symbol map that best satisfies `constraints` in the least-squares sense of
  /// the direct linear transformation, with image points and symbol coordinates normalised
  /// first (Hartley 1997); nil when the constraints do not determine it.
  ///
  /// Each constraint fixes one symbol coordinate of one image point: the x coordinate of the
  /// centre of a run of modules measured along a row, or the y coordinate of one measured along
  /// a column. Unlike point pairs, these never mix print growth (which moves both edges of a run
  /// apart) into the fit.
  ///
  /// - Complexity: O(*n*) in the number of constraints.
  static func fitting(_ constraints: [LineConstraint]) -> PerspectiveTransform? {
    let counts = (0..<2).map { axis in constraints.count { $0.axis == axis } }
    guard counts[0] >= 4, counts[1] >= 4 else { return nil }
    // Normalise image points to mean 0 and mean distance √2, symbol coordinates likewise.
    let count = Double(constraints.count)
    var mean = Point(x: 0, y: 0)
    for c in constraints { mean = mean + c.point }
    mean = mean * (1 / count)
    var spread = 0.0
    for c in constraints { spread += c.point.distance(to: mean) }
    spread /= count
    var valueMean = [0.0, 0.0]
    var valueSpread = [0.0, 0.0]
    for c in constraints { valueMean[c.axis] += c.value / Double(counts[c.axis]) }
    for c in constraints {
      valueSpread[c.axis] += abs(c.value - valueMean[c.axis]) / Double(counts[c.axis])
    }
    guard spread > 1e-9, valueSpread[0] > 1e-9, valueSpread[1] > 1e-9 else { return nil }
    let scale = 2.0.squareRoot() / spread
    let valueScale = 2.0.squareRoot() / max(valueSpread[0], valueSpread[1])
    // Unknowns g11 g12 g13 g21 g22 g23 g31 g32 (g33 = 1) of the normalised map; a constraint on
    // x reads g11 x + g12 y + g13 − u (g31 x + g32 y) = u, one on y the same with g2·.
    var normal = [Double](repeating: 0, count: 72)
    var row = [Double](repeating: 0, count: 8)
    for c in constraints {
      let x = (c.point.x - mean.x) * scale
      let y = (c.point.y - mean.y) * scale
      let u = (c.value - valueMean[c.axis]) * valueScale
      for i in 0..<8 { row[i] = 0 }
      let base = c.axis * 3
      row[base] = x
      row[base + 1] = y
      row[base + 2] = 1
      row[6] = -u * x
      row[7] = -u * y
      for i in 0..<8 {
        if row[i] == 0 { continue }
        for j in 0..<8 { normal[i * 9 + j] += row[i] * row[j] }
        normal[i * 9 + 8] += row[i] * u
      }
    }
    guard let g = solveNormalEquations(&normal) else { return nil }
    let fitted = PerspectiveTransform(g[0], g[1], g[2], g[3], g[4], g[5], g[6], g[7], 1)
    let imageNormalisation = PerspectiveTransform(
      scale, 0, -scale * mean.x, 0, scale, -scale * mean.y, 0, 0, 1)
    let valueDenormalisation = PerspectiveTransform(
      1 / valueScale, 0, valueMean[0], 0, 1 / valueScale, valueMean[1], 0, 0, 1)
    return valueDenormalisation.after(fitted.after(imageNormalisation))
  }
}
