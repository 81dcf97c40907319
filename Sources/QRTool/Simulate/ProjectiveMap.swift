// SPDX-License-Identifier: MIT
// A plane-to-plane projective map (homography), for drawing a flat card seen at an angle.

/// A 3 × 3 homography: (x, y) ↦ ((a x + b y + c) / w, (d x + e y + f) / w), w = g x + h y + i.
///
/// The simulator builds the map from a card's square (in modules) to the quadrilateral it covers
/// in the frame, then inverts it to ask, for every pixel, which module it shows.
struct ProjectiveMap {
  /// Row-major coefficients a, b, c, d, e, f, g, h, i.
  var m: (Double, Double, Double, Double, Double, Double, Double, Double, Double)

  /// The map taking the square (0, 0)–(`side`, `side`) to `quad`, whose corners are in the
  /// order (0, 0), (side, 0), (side, side), (0, side); nil if the quadrilateral is degenerate.
  ///
  /// The closed form of the unit square to a quadrilateral (Heckbert, *Fundamentals of Texture
  /// Mapping and Image Warping*, 1989, §2.2.3), composed with a scale by 1/`side`.
  init?(square side: Double, to quad: [SIMD2<Double>]) {
    precondition(quad.count == 4 && side > 0, "ProjectiveMap needs four corners")
    let (p0, p1, p2, p3) = (quad[0], quad[1], quad[2], quad[3])
    let s = p0 - p1 + p2 - p3
    let d1 = p1 - p2
    let d2 = p3 - p2
    var g = 0.0
    var h = 0.0
    if s.x != 0 || s.y != 0 {
      let det = d1.x * d2.y - d2.x * d1.y
      guard abs(det) > 1e-12 else { return nil }
      g = (s.x * d2.y - d2.x * s.y) / det
      h = (d1.x * s.y - s.x * d1.y) / det
    }
    let a = p1.x - p0.x + g * p1.x
    let b = p3.x - p0.x + h * p3.x
    let d = p1.y - p0.y + g * p1.y
    let e = p3.y - p0.y + h * p3.y
    let k = 1 / side
    m = (a * k, b * k, p0.x, d * k, e * k, p0.y, g * k, h * k, 1)
    guard abs(determinant) > 1e-12 else { return nil }
  }

  private init(_ m: (Double, Double, Double, Double, Double, Double, Double, Double, Double)) {
    self.m = m
  }

  /// The determinant of the matrix.
  var determinant: Double {
    let (a, b, c, d, e, f, g, h, i) = m
    return a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
  }

  /// The inverse map (the adjugate: a homography is defined up to scale).
  var inverse: ProjectiveMap {
    let (a, b, c, d, e, f, g, h, i) = m
    return ProjectiveMap(
      (
        e * i - f * h, c * h - b * i, b * f - c * e,
        f * g - d * i, a * i - c * g, c * d - a * f,
        d * h - e * g, b * g - a * h, a * e - b * d
      ))
  }

  /// The image of `point`.
  func apply(_ point: SIMD2<Double>) -> SIMD2<Double> {
    let (a, b, c, d, e, f, g, h, i) = m
    let w = g * point.x + h * point.y + i
    return SIMD2((a * point.x + b * point.y + c) / w, (d * point.x + e * point.y + f) / w)
  }
}
