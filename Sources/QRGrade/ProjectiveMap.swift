// SPDX-License-Identifier: MIT
// The module-to-image map of a graded symbol, and its fit to measured edges.

import QRImage

/// A plane projective map (a homography) as its 3 × 3 matrix, row-major, applied to column
/// vectors (x, y, 1).
///
/// The grader fits its own map to edge measurements that constrain one coordinate at a time,
/// which `PerspectiveTransform`'s point fits cannot take; this small type holds the result.
struct ProjectiveMap: Sendable {
  var m: [Double]

  init(_ m: [Double]) {
    assert(m.count == 9)
    self.m = m
  }

  /// The map taking the square [0, `side`]² to `quad` (top-left, top-right, bottom-right,
  /// bottom-left), or nil if degenerate.
  init?(square side: Double, to quad: [Point]) {
    guard quad.count == 4,
      let transform = PerspectiveTransform(
        fitting: [
          Point(x: 0, y: 0), Point(x: side, y: 0), Point(x: side, y: side), Point(x: 0, y: side),
        ], to: quad)
    else { return nil }
    let c = transform.coefficients
    self.init([c.0, c.1, c.2, c.3, c.4, c.5, c.6, c.7, c.8])
  }

  /// The image of (`x`, `y`).
  @inline(__always)
  func apply(x: Double, y: Double) -> Point {
    let w = m[6] * x + m[7] * y + m[8]
    let inverseW = 1 / w
    return Point(
      x: (m[0] * x + m[1] * y + m[2]) * inverseW, y: (m[3] * x + m[4] * y + m[5]) * inverseW)
  }

  /// The inverse map (the adjugate; a homography is defined up to scale).
  var inverse: ProjectiveMap {
    ProjectiveMap([
      m[4] * m[8] - m[5] * m[7], m[2] * m[7] - m[1] * m[8], m[1] * m[5] - m[2] * m[4],
      m[5] * m[6] - m[3] * m[8], m[0] * m[8] - m[2] * m[6], m[2] * m[3] - m[0] * m[5],
      m[3] * m[7] - m[4] * m[6], m[1] * m[6] - m[0] * m[7], m[0] * m[4] - m[1] * m[3],
    ])
  }

  /// The lengths, in image units, of one unit step along x and along y at (`x`, `y`): the local
  /// module pitch along each axis of the symbol.
  func pitch(x: Double, y: Double) -> (x: Double, y: Double) {
    let alongX = apply(x: x + 0.5, y: y) - apply(x: x - 0.5, y: y)
    let alongY = apply(x: x, y: y + 0.5) - apply(x: x, y: y - 0.5)
    return (alongX.length, alongY.length)
  }

  /// The map composed: first `first`, then `self`.
  func after(_ first: ProjectiveMap) -> ProjectiveMap {
    var product = [Double](repeating: 0, count: 9)
    for row in 0..<3 {
      for column in 0..<3 {
        var sum = 0.0
        for k in 0..<3 { sum += m[row * 3 + k] * first.m[k * 3 + column] }
        product[row * 3 + column] = sum
      }
    }
    return ProjectiveMap(product)
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

extension ProjectiveMap {
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
  static func fitting(_ constraints: [LineConstraint]) -> ProjectiveMap? {
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
    guard let g = solve(&normal) else { return nil }
    let fitted = ProjectiveMap([g[0], g[1], g[2], g[3], g[4], g[5], g[6], g[7], 1])
    let imageNormalisation = ProjectiveMap([
      scale, 0, -scale * mean.x, 0, scale, -scale * mean.y, 0, 0, 1,
    ])
    let valueDenormalisation = ProjectiveMap([
      1 / valueScale, 0, valueMean[0], 0, 1 / valueScale, valueMean[1], 0, 0, 1,
    ])
    return valueDenormalisation.after(fitted.after(imageNormalisation))
  }

  /// Solves the 8 × 9 augmented system (row-major) by Gaussian elimination with partial
  /// pivoting.
  private static func solve(_ m: inout [Double]) -> [Double]? {
    let n = 8
    let width = 9
    for column in 0..<n {
      var pivot = column
      for row in (column + 1)..<n
      where abs(m[row * width + column]) > abs(m[pivot * width + column]) {
        pivot = row
      }
      guard abs(m[pivot * width + column]) > 1e-12 else { return nil }
      if pivot != column {
        for k in 0..<width { m.swapAt(column * width + k, pivot * width + k) }
      }
      for row in 0..<n where row != column {
        let factor = m[row * width + column] / m[column * width + column]
        if factor == 0 { continue }
        for k in column...n { m[row * width + k] -= factor * m[column * width + k] }
      }
    }
    return (0..<n).map { m[$0 * width + n] / m[$0 * width + $0] }
  }
}
