// SPDX-License-Identifier: MIT
// Where a card lies in a still scene: a plane seen in perspective, or a page bent round a cylinder.

import Glibc
import QRImage

/// A page bent round a vertical cylinder (before its rotation in the image), seen from the front.
///
/// Page coordinates are arc lengths in pixels from the page's centre. A point at arc length `s`
/// across and `t` down lies at angle θ = `s` / `radius` on the cylinder; it appears
/// `radius` × sin θ across, and its vertical offset shrinks by `focal` / (`focal` + depth) with
/// the depth `radius` × (1 − cos θ), so the bent-away edges look shorter, as in a photograph.
/// Horizontal foreshortening is left orthographic so that the map inverts in closed form.
struct CylinderPage: Sendable {
  /// The page centre in the image.
  var centre: Point
  /// The page's rotation in the image, radians.
  var rotation: Double
  /// The cylinder's radius in pixels.
  var radius: Double
  /// The camera's focal length in pixels, for the vertical foreshortening.
  var focal: Double

  /// The image point of page point (`s`, `t`).
  func imagePoint(s: Double, t: Double) -> Point {
    let angle = s / radius
    let across = radius * sin(angle)
    let down = t * focal / (focal + radius * (1 - cos(angle)))
    let (cosine, sine) = (cos(rotation), sin(rotation))
    return Point(
      x: centre.x + across * cosine - down * sine, y: centre.y + across * sine + down * cosine)
  }
}

/// How card coordinates (modules, with (0, 0) at the card's top-left) map into the image.
enum SceneSurface: Sendable {
  /// A flat card: the homography taking the square of the card's side to its quadrilateral.
  case plane(PerspectiveTransform)
  /// A card printed on a bent page: module (`u`, `v`) is page point
  /// (`originS` + `u` × `scale`, `originT` + `v` × `scale`).
  case cylinder(CylinderPage, originS: Double, originT: Double, scale: Double)

  /// The image point of card point (`u`, `v`).
  func imagePoint(u: Double, v: Double) -> Point {
    switch self {
    case .plane(let map): map.apply(x: u, y: v)
    case .cylinder(let page, let originS, let originT, let scale):
      page.imagePoint(s: originS + u * scale, t: originT + v * scale)
    }
  }

  /// The pixel box (x0, y0, x1, y1; exclusive ends) covering a card of `side` modules, clipped
  /// to a `width` × `height` frame; nil if it misses the frame.
  func box(side: Int, width: Int, height: Int) -> (Int, Int, Int, Int)? {
    var low = Point(x: .infinity, y: .infinity)
    var high = Point(x: -.infinity, y: -.infinity)
    let steps = 32
    let length = Double(side)
    for step in 0...steps {
      let along = length * Double(step) / Double(steps)
      for point in [
        imagePoint(u: along, v: 0), imagePoint(u: along, v: length),
        imagePoint(u: 0, v: along), imagePoint(u: length, v: along),
      ] {
        low = Point(x: min(low.x, point.x), y: min(low.y, point.y))
        high = Point(x: max(high.x, point.x), y: max(high.y, point.y))
      }
    }
    guard low.x.isFinite, high.x.isFinite, low.y.isFinite, high.y.isFinite else { return nil }
    let x0 = max(Int(low.x.rounded(.down)) - 1, 0)
    let y0 = max(Int(low.y.rounded(.down)) - 1, 0)
    let x1 = min(Int(high.x.rounded(.up)) + 2, width)
    let y1 = min(Int(high.y.rounded(.up)) + 2, height)
    return x0 < x1 && y0 < y1 ? (x0, y0, x1, y1) : nil
  }
}
