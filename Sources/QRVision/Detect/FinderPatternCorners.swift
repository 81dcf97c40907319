// SPDX-License-Identifier: MIT
// The four outer corners of a finder pattern, which carry the perspective of the symbol.

import Glibc
import QRImage

/// Finds the outer corners of a finder pattern to sub-pixel precision.
///
/// Rays from the centre find the outer edge of the dark ring in many directions; the farthest
/// edge points give the corners roughly (the farthest point, the point farthest from it, and
/// the points farthest from the line between them on either side); then a line is fitted
/// through the edge points of each side (total least squares) and neighbouring lines are
/// intersected. Under perspective the pattern is a general quadrilateral, which is the point:
/// twelve corners of three patterns fix a homography much better than three centres.
enum FinderPatternCorners {
  /// The corners in clockwise order on screen, or nil when the edge is not clear all round.
  ///
  /// - Complexity: O(*module size*) per ray, 64 rays.
  static func find(_ image: BinaryImage, _ pattern: FinderPattern) -> [Point]? {
    let rays = Self.rays
    // One ray in `DetectorTuning.missedCornerRays` may miss the edge. They are cast in
    // bit-reversed order (0, 32, 16, 48, …), spread round the pattern from the first, so that
    // where the edge is not clear all round (a guessed pattern off its place, texture) the
    // misses add up early and the rest are not cast: such a ray runs its whole length. The
    // points keep their angular order.
    var edges = [Point?](repeating: nil, count: rays)
    var misses = 0
    for index in rayOrder {
      edges[index] = edge(image, pattern, direction: directions[index])
      if edges[index] == nil {
        misses += 1
        guard misses <= rays / DetectorTuning.missedCornerRays else { return nil }
      }
    }
    var points: [Point] = []
    points.reserveCapacity(rays)
    for case let point? in edges { points.append(point) }
    let centre = pattern.centre
    // Rough corners.
    guard let a = points.max(by: { $0.distance(to: centre) < $1.distance(to: centre) }),
      let c = points.max(by: { $0.distance(to: a) < $1.distance(to: a) })
    else { return nil }
    let diagonal = c - a
    func side(_ p: Point) -> Double { diagonal.cross(p - a) }
    guard let b = points.max(by: { side($0) < side($1) }),
      let d = points.min(by: { side($0) < side($1) }),
      side(b) > 0, side(d) < 0
    else { return nil }
    var rough = [a, b, c, d]
    // Clockwise on screen: by angle around the centre.
    rough.sort { angle(of: $0 - centre) < angle(of: $1 - centre) }
    // Fit a line through the edge points between each pair of neighbouring corners, keeping
    // away from the corners themselves (rounded by blur and thresholding): the side's middle,
    // `DetectorTuning.cornerSideMargin` of it from either end, `cornerSideBand` of it across.
    // (Each array is allocated once, at its final size: this runs thousands of times a frame.)
    var lines: [(Point, Point)] = []
    lines.reserveCapacity(4)
    var sidePoints: [Point] = []
    sidePoints.reserveCapacity(points.count)
    for i in 0..<4 {
      let start = rough[i]
      let end = rough[(i + 1) % 4]
      let length = start.distance(to: end)
      let direction = (end - start) * (1 / max(length, 1e-9))
      let normal = Point(x: -direction.y, y: direction.x)
      sidePoints.removeAll(keepingCapacity: true)
      for point in points {
        let along = (point - start).dot(direction)
        let across = abs((point - start).dot(normal))
        if along > length * DetectorTuning.cornerSideMargin
          && along < length * (1 - DetectorTuning.cornerSideMargin)
          && across < length * DetectorTuning.cornerSideBand
        {
          sidePoints.append(point)
        }
      }
      guard sidePoints.count >= 3, let line = fitLine(sidePoints) else {
        return rough
      }
      lines.append(line)
    }
    var corners: [Point] = []
    corners.reserveCapacity(4)
    for i in 0..<4 {
      guard let corner = intersection(lines[(i + 3) % 4], lines[i]),
        corner.distance(to: rough[i]) < pattern.moduleSize * DetectorTuning.cornerFitReach
      else { return rough }
      corners.append(corner)
    }
    return corners
  }

  /// The rays cast from a pattern's centre.
  private static let rays = 64

  /// The unit vector of each ray, ray `i` at 2π `i` / `rays` (computed once: a cosine and a
  /// sine per ray were a tenth of this search on noise).
  static let directions = (0..<rays).map { index in
    let angle = Double(index) * 2 * Double.pi / Double(rays)
    return Point(x: cos(angle), y: sin(angle))
  }

  /// 0 ..< 64 with the six bits of each reversed.
  private static let rayOrder = (0..<64).map { index in
    (0..<6).reduce(0) { reversed, bit in reversed | ((index >> bit) & 1) << (5 - bit) }
  }

  /// The angle of `v` in 0 ..< 2π, clockwise on screen from the +x axis.
  static func angle(of v: Point) -> Double {
    let value = atan2(v.y, v.x)
    return value < 0 ? value + 2 * Double.pi : value
  }

  /// Where the ray along the unit vector `direction` from the centre leaves the outer dark ring.
  private static func edge(_ image: BinaryImage, _ pattern: FinderPattern, direction: Point)
    -> Point?
  {
    guard pattern.moduleSize >= DetectorTuning.coarseRayModule else {
      return edgeByPixels(
        image, pattern.centre, direction: direction,
        limit: pattern.moduleSize * DetectorTuning.edgeRayModules)
    }
    // Over large modules, steps of 1/24 of a module (the rings are a module wide), the edge
    // then found by halving the last step (`DetectorTuning.coarseRayModule`).
    let stepLength = pattern.moduleSize / DetectorTuning.coarseRaySteps
    let step = direction * stepLength
    let limit = pattern.moduleSize * DetectorTuning.edgeRayModules
    // The steps until the limit, but no more than cross the image (past that every pixel is
    // light and the ray has nothing more to find).
    let across = 4 * (image.width + image.height) + 8
    let steps = limit > 0 ? Int(min((limit / stepLength).rounded(.up), Double(across))) : 0
    var position = pattern.centre
    var transitions = 0
    var dark = true
    for _ in 0..<steps {
      position = position + step
      let isDark = image.isDark(position)
      guard isDark != dark else { continue }
      transitions += 1
      dark = isDark
      guard transitions == 3 else { continue }
      // The edge lies within the last step: halved until a quarter pixel long, so that the
      // long steps over large modules keep a quarter pixel's precision.
      var (inside, outside) = (position - step, position)
      var length = stepLength
      while length > 0.25 {
        let middle = (inside + outside) * 0.5
        if image.isDark(middle) { inside = middle } else { outside = middle }
        length *= 0.5
      }
      return (inside + outside) * 0.5
    }
    return nil
  }

  /// The distance from `centre` (in the stone) to the outer edge of a finder pattern's dark
  /// ring along the unit vector `direction`, marched in half-pixel steps until three changes
  /// of colour, no further than `limit` pixels: the distance half a step before the last
  /// step, or nil. The edge ray of `QRLocator.moduleSize` and `MicroQRLocator`'s axes.
  ///
  /// - Complexity: O(`limit`).
  static func edgeDistance(
    _ image: BinaryImage, _ centre: Point, direction: Point, limit: Double
  ) -> Double? {
    let step = direction * 0.5
    var position = centre
    var travelled = 0.0
    var transitions = 0
    var dark = true
    while transitions < 3 && travelled < limit {
      position = position + step
      travelled += 0.5
      let isDark = image.isDark(position)
      if isDark != dark {
        transitions += 1
        dark = isDark
      }
    }
    return transitions == 3 ? travelled - 0.25 : nil
  }

  /// `edge` over modules of a few pixels, as a march in quarter-pixel steps finds it: the
  /// point half a step before the first step past the ring. Instead of looking at each step,
  /// the ray walks the pixels it crosses, each once (a step falls in the same pixel as the one
  /// before three times in four), and looks only at the first step inside each; a pixel the
  /// ray crosses between two steps (a corner it clips) is passed over as the march passes it.
  /// The image's outside is light.
  ///
  /// - Complexity: O(`limit`).
  static func edgeByPixels(
    _ image: BinaryImage, _ centre: Point, direction: Point, limit: Double
  ) -> Point? {
    let stepsPerPixel = 4.0
    guard centre.x >= 0, centre.y >= 0, centre.x < Double(image.width),
      centre.y < Double(image.height), limit > 0
    else { return nil }
    let lastStep = (limit * stepsPerPixel).rounded(.up)
    var x = Int(centre.x)
    var y = Int(centre.y)
    let stepX = direction.x > 0 ? 1 : -1
    let stepY = direction.y > 0 ? 1 : -1
    // The distance along the ray to the next column and row boundary, and between two.
    let deltaX = direction.x == 0 ? Double.infinity : 1 / abs(direction.x)
    let deltaY = direction.y == 0 ? Double.infinity : 1 / abs(direction.y)
    var nextX =
      direction.x == 0
      ? Double.infinity
      : (direction.x > 0 ? Double(x + 1) - centre.x : centre.x - Double(x)) * deltaX
    var nextY =
      direction.y == 0
      ? Double.infinity
      : (direction.y > 0 ? Double(y + 1) - centre.y : centre.y - Double(y)) * deltaY
    // The march starts dark (the stone) one step out from the centre.
    var entered = 0.0
    var dark = true
    var transitions = 0
    // A step that lands exactly on a pixel boundary belongs to the pixel on its right or
    // below (a point's pixel is its coordinates rounded down): crossing a boundary leftwards
    // or upwards, the step on it is still in the pixel being left.
    var enteredBackwards = false
    // Past this distance every step is past the limit (exact: a quarter is a power of two).
    let lastDistance = lastStep / stepsPerPixel
    // The march ends by the pixel it enters past `lastDistance`, less than a pixel further on:
    // when a point two pixels past that is inside the image too, so is every pixel it visits
    // (the segment lies in the image, a convex set), and no pixel needs the bounds test.
    let far = centre + direction * (lastDistance + 2)
    let staysInside =
      far.x >= 0 && far.y >= 0 && far.x < Double(image.width) && far.y < Double(image.height)
    return image.words.withUnsafeBufferPointer { words in
      while true {
        let left = min(nextX, nextY)
        let leavesBackwards = nextX < nextY ? stepX < 0 : stepY < 0
        // Every step from here on is past the limit.
        if entered > lastDistance { return nil }
        let inside =
          staysInside || (x >= 0 && y >= 0 && x < image.width && y < image.height)
        // Past the image's edge every pixel is light: nothing more to cross.
        if !inside && !dark { return nil }
        // Unsafe: (x, y) is inside the image when read.
        let isDark =
          inside
          && (words[y &* image.wordsPerRow &+ x &>> 6] &>> UInt64(truncatingIfNeeded: x & 63))
            & 1 != 0
        // A pixel of the colour the march is in changes nothing, whether a step falls in it
        // or not (and once the steps pass the limit, none changes anything): only a pixel of
        // the other colour needs the step.
        if isDark != dark {
          // The first step in this pixel, and whether one falls in it at all.
          var step = (entered * stepsPerPixel).rounded(.up)
          if enteredBackwards && step == entered * stepsPerPixel { step += 1 }
          step = max(1, step)
          if step > lastStep { return nil }
          let end = left * stepsPerPixel
          if step < end || (leavesBackwards && step == end) {
            transitions += 1
            dark.toggle()
            if transitions == 3 { return centre + direction * ((step - 0.5) / stepsPerPixel) }
          }
        }
        entered = left
        enteredBackwards = leavesBackwards
        if nextX < nextY {
          x += stepX
          nextX += deltaX
        } else {
          y += stepY
          nextY += deltaY
        }
      }
    }
  }

  /// The total-least-squares line through `points`, as a point on it and a direction.
  private static func fitLine(_ points: [Point]) -> (Point, Point)? {
    let count = Double(points.count)
    let mean = points.reduce(Point(x: 0, y: 0), +) * (1 / count)
    var sxx = 0.0
    var sxy = 0.0
    var syy = 0.0
    for p in points {
      let d = p - mean
      sxx += d.x * d.x
      sxy += d.x * d.y
      syy += d.y * d.y
    }
    // The principal axis of the scatter matrix.
    let theta = 0.5 * atan2(2 * sxy, sxx - syy)
    return (mean, Point(x: cos(theta), y: sin(theta)))
  }

  private static func intersection(_ first: (Point, Point), _ second: (Point, Point)) -> Point? {
    let (p, r) = first
    let (q, s) = second
    let denominator = r.cross(s)
    guard abs(denominator) > 1e-9 else { return nil }
    let t = (q - p).cross(s) / denominator
    return p + r * t
  }
}
