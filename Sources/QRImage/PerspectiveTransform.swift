// SPDX-License-Identifier: MIT
// The one homography of the package: symbol (module) coordinates to image pixels and back.

/// A plane projective transform (homography): (x, y) ↦ ((a11 x + a12 y + a13) / w,
/// (a21 x + a22 y + a23) / w) with w = a31 x + a32 y + a33.
///
/// The detector maps module coordinates to image pixels with it; the simulator maps a card's
/// square to the quadrilateral it covers in a frame, then inverts that to ask which module each
/// pixel shows. Built from four point correspondences by composing the unit-square-to-
/// quadrilateral maps, as in Heckbert, *Fundamentals of Texture Mapping and Image Warping*
/// (1989), §2.2.3, or fitted to many by least squares.
@frozen
public struct PerspectiveTransform: Sendable {
  // Row-major 3 × 3 matrix acting on column vectors (u, v, 1); inlinable so that the samplers'
  // per-module loops in other modules compile to arithmetic, not calls.
  @usableFromInline var a11, a12, a13, a21, a22, a23, a31, a32, a33: Double

  /// The map taking the square (0, 0)–(`side`, `side`) to `quad`, whose corners are in the
  /// order (0, 0), (side, 0), (side, side), (0, side); nil if the quadrilateral is degenerate.
  ///
  /// The closed form of the unit square to a quadrilateral, composed with a scale by 1/`side`.
  public init?(square side: Double, to quad: [Point]) {
    precondition(quad.count == 4 && side > 0, "PerspectiveTransform needs four corners")
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
    self.init(a * k, b * k, p0.x, d * k, e * k, p0.y, g * k, h * k, 1)
    guard abs(determinant) > 1e-12 else { return nil }
  }

  /// The inverse map (the adjoint: a homography is defined up to scale).
  public var inverse: PerspectiveTransform { adjoint() }

  /// The nine coefficients row by row (a11, a12, a13, a21, …, a33), for loops that apply the
  /// map incrementally along a row.
  public var coefficients: (Double, Double, Double, Double, Double, Double, Double, Double, Double)
  { (a11, a12, a13, a21, a22, a23, a31, a32, a33) }

  /// Four points, in the order of `init(from:to:)`.
  public typealias Quadruple = (Point, Point, Point, Point)

  /// The map taking the four `from` points to the four `to` points, or nil if either set is
  /// degenerate (three points on a line) or does not hold four points.
  public init?(from: [Point], to: [Point]) {
    guard from.count == 4, to.count == 4 else { return nil }
    self.init(from: (from[0], from[1], from[2], from[3]), to: (to[0], to[1], to[2], to[3]))
  }

  /// `init(from:to:)` for points given as tuples, which makes no array: for searches that try
  /// thousands of maps.
  public init?(from: Quadruple, to: Quadruple) {
    guard let source = Source(from) else { return nil }
    self.init(from: source, to: to)
  }

  /// The half of `init(from:to:)` that depends on `from` alone, for searches that map one
  /// quadrilateral onto thousands of others (the same coefficients, computed once).
  public struct Source: Sendable {
    /// From the quadrilateral to the unit square (up to scale).
    fileprivate let toSquare: PerspectiveTransform

    /// The source quadrilateral `from`; nil if degenerate.
    public init?(_ from: Quadruple) {
      guard let square = PerspectiveTransform.squareToQuadrilateral(from),
        abs(square.determinant) > 1e-9
      else { return nil }
      toSquare = square.adjoint()
    }
  }

  /// `init(from:to:)` with the source prepared once.
  public init?(from source: Source, to: Quadruple) {
    guard let destination = Self.squareToQuadrilateral(to), abs(destination.determinant) > 1e-9
    else { return nil }
    self = destination.times(source.toSquare)
  }

  /// Three points, in the order of `init(affineFrom:to:)`.
  public typealias Triple = (Point, Point, Point)

  /// The affine map taking three `from` points to three `to` points (the fourth corner of the
  /// parallelogram is implied), or nil if degenerate. (Tuples, not arrays: the detector maps
  /// every triple it tries, and the arrays were most of the cost.)
  public init?(affineFrom from: Triple, to: Triple) {
    self.init(
      from: (from.0, from.1, from.2, from.1 + from.2 - from.0),
      to: (to.0, to.1, to.2, to.1 + to.2 - to.0))
  }

  /// The least-squares map taking each `from` point to its `to` point (at least four pairs, not
  /// all on a line), by the direct linear transformation with normalised coordinates (Hartley,
  /// "In defense of the eight-point algorithm", IEEE PAMI 19(6), 1997); nil if degenerate.
  ///
  /// - Complexity: O(*n*) in the number of pairs.
  public init?(fitting from: [Point], to: [Point]) {
    guard from.count == to.count, from.count >= 4 else { return nil }
    guard let source = Self.normalisation(from), let target = Self.normalisation(to) else {
      return nil
    }
    // Unknowns h11 h12 h13 h21 h22 h23 h31 h32 (h33 = 1); accumulate the normal equations,
    // 8 rows of 9 (the last column the right-hand side), in one flat array, each equation's
    // row written into one more: the detector fits a map for every version it tries of every
    // triple, and the arrays it made per point were most of the fit's cost.
    var normal = [Double](repeating: 0, count: 72)
    normal.withUnsafeMutableBufferPointer { normal in
      // Unsafe, measured: with checked subscripts the sums were most of the fit's 25,000
      // instructions. Every index is i × 9 + j with i < 8 and j < 9, below 72.
      // swift-format-ignore: NeverForceUnwrap
      let m = normal.baseAddress!
      var row = (0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
      // The matrix is symmetric: only its upper triangle is summed, then mirrored (each product
      // is the same either way round, so the mirror is exact).
      func accumulate(_ value: Double) {
        withUnsafeBytes(of: row) { bytes in
          let r = bytes.bindMemory(to: Double.self)
          for i in 0..<8 {
            for j in i..<8 { m[i &* 9 &+ j] += r[i] * r[j] }
            m[i &* 9 &+ 8] += r[i] * value
          }
        }
      }
      for (p, q) in zip(from, to) {
        let u = source.apply(p)
        let x = target.apply(q)
        row = (u.x, u.y, 1, 0, 0, 0, -u.x * x.x, -u.y * x.x)
        accumulate(x.x)
        row = (0, 0, 0, u.x, u.y, 1, -u.x * x.y, -u.y * x.y)
        accumulate(x.y)
      }
      for i in 1..<8 {
        for j in 0..<i { m[i &* 9 &+ j] = m[j &* 9 &+ i] }
      }
    }
    guard let h = Self.solveNormalEquations(&normal) else { return nil }
    let fitted = PerspectiveTransform(h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7], 1)
    self = target.adjoint().times(fitted).times(source)
  }

  /// The similarity moving `points` to mean 0 and mean distance √2 from it.
  private static func normalisation(_ points: [Point]) -> PerspectiveTransform? {
    let count = Double(points.count)
    let mean = points.reduce(Point(x: 0, y: 0), +) * (1 / count)
    let spread = points.reduce(0) { $0 + $1.distance(to: mean) } / count
    guard spread > 1e-9 else { return nil }
    let scale = 2.0.squareRoot() / spread
    return PerspectiveTransform(scale, 0, -scale * mean.x, 0, scale, -scale * mean.y, 0, 0, 1)
  }

  /// Solves the 8 × 9 augmented system (row-major, 9 to a row: the normal equations of a
  /// homography's eight unknowns, the last column the right-hand side) by Gaussian elimination
  /// with partial pivoting; nil when it is singular. For fits to other measurements than point
  /// pairs (a grader's edges, which fix one coordinate at a time).
  public static func solveNormalEquations(_ m: inout [Double]) -> [Double]? {
    precondition(m.count == 72, "8 rows of 9")
    let n = 8
    let width = 9
    return m.withUnsafeMutableBufferPointer { m -> [Double]? in
      // Unsafe, measured (with the fit's sums above): every index is row × 9 + k with row < 8
      // and k < 9, below the 72 the precondition holds.
      // swift-format-ignore: NeverForceUnwrap
      let m = m.baseAddress!
      for column in 0..<n {
        var pivot = column
        for row in (column + 1)..<n
        where abs(m[row &* width &+ column]) > abs(m[pivot &* width &+ column]) {
          pivot = row
        }
        guard abs(m[pivot &* width &+ column]) > 1e-12 else { return nil }
        if pivot != column {
          for k in 0..<width { swap(&m[column &* width &+ k], &m[pivot &* width &+ k]) }
        }
        for row in 0..<n where row != column {
          let factor = m[row &* width &+ column] / m[column &* width &+ column]
          if factor == 0 { continue }
          for k in column...n { m[row &* width &+ k] -= factor * m[column &* width &+ k] }
        }
      }
      return (0..<n).map { m[$0 &* width &+ n] / m[$0 &* width &+ $0] }
    }
  }

  /// The map of the 3 × 3 matrix (row-major) applied to column vectors (x, y, 1).
  public init(
    _ a11: Double, _ a12: Double, _ a13: Double, _ a21: Double, _ a22: Double,
    _ a23: Double, _ a31: Double, _ a32: Double, _ a33: Double
  ) {
    (self.a11, self.a12, self.a13) = (a11, a12, a13)
    (self.a21, self.a22, self.a23) = (a21, a22, a23)
    (self.a31, self.a32, self.a33) = (a31, a32, a33)
  }

  /// The image of `point`.
  @inlinable
  public func apply(_ point: Point) -> Point { apply(x: point.x, y: point.y) }

  /// The image of (`x`, `y`).
  @inlinable
  public func apply(x: Double, y: Double) -> Point {
    let w = a31 * x + a32 * y + a33
    return Point(x: (a11 * x + a12 * y + a13) / w, y: (a21 * x + a22 * y + a23) / w)
  }

  /// The unit square (0,0), (1,0), (0,1), (1,1) onto `q` in that order; nil if degenerate.
  private static func squareToQuadrilateral(_ q: Quadruple) -> PerspectiveTransform? {
    let (p0, p1, p2, p3) = (q.0, q.1, q.3, q.2)  // walk the quadrilateral around
    let sx = p0.x - p1.x + p2.x - p3.x
    let sy = p0.y - p1.y + p2.y - p3.y
    if abs(sx) < 1e-9 && abs(sy) < 1e-9 {
      return PerspectiveTransform(
        p1.x - p0.x, p3.x - p0.x, p0.x, p1.y - p0.y, p3.y - p0.y, p0.y, 0, 0, 1)
    }
    let dx1 = p1.x - p2.x
    let dx2 = p3.x - p2.x
    let dy1 = p1.y - p2.y
    let dy2 = p3.y - p2.y
    let denominator = dx1 * dy2 - dx2 * dy1
    guard abs(denominator) > 1e-12 else { return nil }
    let g = (sx * dy2 - dx2 * sy) / denominator
    let h = (dx1 * sy - sx * dy1) / denominator
    return PerspectiveTransform(
      p1.x - p0.x + g * p1.x, p3.x - p0.x + h * p3.x, p0.x,
      p1.y - p0.y + g * p1.y, p3.y - p0.y + h * p3.y, p0.y, g, h, 1)
  }

  /// The determinant; zero when the map squashes the plane onto a line.
  private var determinant: Double {
    a11 * (a22 * a33 - a23 * a32) - a12 * (a21 * a33 - a23 * a31) + a13 * (a21 * a32 - a22 * a31)
  }

  /// The adjoint, which inverts a projective map up to scale.
  private func adjoint() -> PerspectiveTransform {
    PerspectiveTransform(
      a22 * a33 - a23 * a32, a13 * a32 - a12 * a33, a12 * a23 - a13 * a22,
      a23 * a31 - a21 * a33, a11 * a33 - a13 * a31, a13 * a21 - a11 * a23,
      a21 * a32 - a22 * a31, a12 * a31 - a11 * a32, a11 * a22 - a12 * a21)
  }

  /// The map composed: `first`, then this one.
  public func after(_ first: PerspectiveTransform) -> PerspectiveTransform { times(first) }

  private func times(_ o: PerspectiveTransform) -> PerspectiveTransform {
    PerspectiveTransform(
      a11 * o.a11 + a12 * o.a21 + a13 * o.a31, a11 * o.a12 + a12 * o.a22 + a13 * o.a32,
      a11 * o.a13 + a12 * o.a23 + a13 * o.a33,
      a21 * o.a11 + a22 * o.a21 + a23 * o.a31, a21 * o.a12 + a22 * o.a22 + a23 * o.a32,
      a21 * o.a13 + a22 * o.a23 + a23 * o.a33,
      a31 * o.a11 + a32 * o.a21 + a33 * o.a31, a31 * o.a12 + a32 * o.a22 + a33 * o.a32,
      a31 * o.a13 + a32 * o.a23 + a33 * o.a33)
  }
}
