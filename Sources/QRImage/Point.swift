// SPDX-License-Identifier: MIT
// A point in image pixels, and the few vector operations the detector needs.

/// A point (or vector) in image pixel coordinates: `x` to the right, `y` down; pixel (0, 0)
/// covers the square from (0, 0) to (1, 1), so its centre is (0.5, 0.5).
public struct Point: Hashable, Sendable, CustomStringConvertible {
  /// The horizontal coordinate.
  public var x: Double
  /// The vertical coordinate.
  public var y: Double

  /// Creates a point.
  @inlinable
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  /// The distance from the origin.
  @inlinable
  public var length: Double { (x * x + y * y).squareRoot() }

  /// The distance to `other`.
  @inlinable
  public func distance(to other: Point) -> Double { (self - other).length }

  /// The z component of the cross product; positive when `other` is clockwise from `self` on a
  /// screen (y down).
  @inlinable
  public func cross(_ other: Point) -> Double { x * other.y - y * other.x }

  /// The dot product.
  @inlinable
  public func dot(_ other: Point) -> Double { x * other.x + y * other.y }

  /// The sum of two vectors.
  @inlinable
  public static func + (lhs: Point, rhs: Point) -> Point {
    Point(x: lhs.x + rhs.x, y: lhs.y + rhs.y)
  }

  /// The difference of two vectors.
  @inlinable
  public static func - (lhs: Point, rhs: Point) -> Point {
    Point(x: lhs.x - rhs.x, y: lhs.y - rhs.y)
  }

  /// A vector scaled by a factor.
  @inlinable
  public static func * (lhs: Point, rhs: Double) -> Point { Point(x: lhs.x * rhs, y: lhs.y * rhs) }

  /// The point as `(x, y)` with two decimals.
  public var description: String {
    func rounded(_ value: Double) -> String {
      let hundredths = Int((value * 100).rounded())
      let sign = hundredths < 0 ? "-" : ""
      let magnitude = abs(hundredths)
      let fraction = magnitude % 100
      return "\(sign)\(magnitude / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
    return "(\(rounded(x)), \(rounded(y)))"
  }
}
