// SPDX-License-Identifier: MIT
// The bottom-right alignment pattern, searched near where the finder patterns predict it.

/// Finds an alignment pattern (5 × 5: dark ring, light ring, dark module; ISO/IEC 18004:2015,
/// 6.3.6) near a predicted position.
enum AlignmentPatternSearch {
  /// The centre of the alignment pattern nearest `predicted`, within `radius` pixels, for
  /// modules of about `moduleSize` pixels; nil if none is there.
  ///
  /// Rows of the window are scanned for a dark run of about one module between light runs;
  /// each hit must show the 1:1:1:1:1 runs (dark ring, light, stone, light, dark ring) along its
  /// column and again along its row.
  ///
  /// - Complexity: O(`radius`²).
  static func find(
    _ image: BinaryImage, near predicted: Point, radius: Double, moduleSize: Double
  ) -> Point? {
    // A prediction from a degenerate transform may be far off, infinite or NaN; Int() would trap.
    let limit = Double(max(image.width, image.height)) * 4
    guard abs(predicted.x) < limit, abs(predicted.y) < limit, radius >= 0, radius < limit,
      moduleSize > 0, moduleSize < limit
    else { return nil }
    let left = max(Int(predicted.x - radius), 0)
    let right = min(Int(predicted.x + radius), image.width - 1)
    let top = max(Int(predicted.y - radius), 0)
    let bottom = min(Int(predicted.y + radius), image.height - 1)
    guard left < right, top < bottom else { return nil }
    let maxRun = Int(moduleSize * 2.5) + 2
    var best: (Point, Double)?
    for y in top...bottom {
      var x = left
      while x <= right {
        guard image.isDark(x, y) else {
          x += 1
          continue
        }
        var end = x
        while end <= right && image.isDark(end, y) { end += 1 }
        let length = Double(end - x)
        if length >= moduleSize * 0.4 && length <= moduleSize * 2,
          !image.isDark(x - 1, y), !image.isDark(end, y),
          let centre = confirm(
            image, x: (x + end) / 2, y: y, moduleSize: moduleSize, maxRun: maxRun)
        {
          let distance = centre.distance(to: predicted)
          if distance < (best?.1 ?? .infinity) { best = (centre, distance) }
        }
        x = end
      }
    }
    return best?.0
  }

  private static func confirm(
    _ image: BinaryImage, x: Int, y: Int, moduleSize: Double, maxRun: Int
  ) -> Point? {
    guard
      let vertical = runs(image, x: x, y: y, dx: 0, dy: 1, moduleSize: moduleSize, maxRun: maxRun)
    else { return nil }
    let centreY = Double(y) + 0.5 + vertical
    guard
      let horizontal = runs(
        image, x: x, y: Int(centreY), dx: 1, dy: 0, moduleSize: moduleSize, maxRun: maxRun)
    else { return nil }
    return Point(x: Double(x) + 0.5 + horizontal, y: centreY)
  }

  /// The stone's centre offset along (`dx`, `dy`) when the five runs through (`x`, `y`) are all
  /// about one module.
  private static func runs(
    _ image: BinaryImage, x: Int, y: Int, dx: Int, dy: Int, moduleSize: Double, maxRun: Int
  ) -> Double? {
    guard image.isDark(x, y),
      let back = image.runs(x: x, y: y, dx: -dx, dy: -dy, count: 3, maxRun: maxRun),
      let forth = image.runs(
        x: x + dx, y: y + dy, dx: dx, dy: dy, count: 3, maxRun: maxRun, startsDark: true)
    else { return nil }
    let stone = Double(back.0 + forth.0)
    // The outer dark ring may run on into dark data modules, so only its presence counts.
    let inner = stone + Double(back.1 + forth.1)
    guard inner >= moduleSize * 1.5, inner <= moduleSize * 4.5, stone <= moduleSize * 2.2,
      Double(back.1) <= moduleSize * 2.2, Double(forth.1) <= moduleSize * 2.2
    else { return nil }
    return Double(forth.0 - back.0 + 2) / 2 - 0.5
  }
}
