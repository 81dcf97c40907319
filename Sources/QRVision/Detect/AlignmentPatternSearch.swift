// SPDX-License-Identifier: MIT
// The bottom-right alignment pattern, searched near where the finder patterns predict it.

import QRImage

/// Finds an alignment pattern (5 × 5: dark ring, light ring, dark module; ISO/IEC 18004:2015,
/// 6.3.6) near a predicted position.
enum AlignmentPatternSearch {
  /// The centre of the alignment pattern nearest `predicted`, within `radius` pixels, for
  /// modules of about `moduleSize` pixels; nil if none is there.
  ///
  /// Rows of the window are scanned for a dark run of about one module between light runs;
  /// each hit must show the 1:1:1:1:1 runs (dark ring, light, stone, light, dark ring) along its
  /// column and again along its row. The rows are a quarter module apart, so that at least
  /// three cross the stone (a module tall); the centre comes from the runs through the hit,
  /// whichever row it was on. (On close-up codes, with modules of 30 pixels, every row made
  /// this search the costliest step of locating a symbol.)
  ///
  /// - Complexity: O(`radius`² / `moduleSize`).
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
    let maxRun = Int(moduleSize * DetectorTuning.alignmentMaxRun) + 2
    var best: (Point, Double)?
    let rowStep = max(1, Int(moduleSize / DetectorTuning.alignmentRowsPerModule))
    for y in stride(from: top, through: bottom, by: rowStep) {
      var x = left
      while x <= right {
        guard image.isDark(x, y) else {
          x += 1
          continue
        }
        var end = x
        while end <= right && image.isDark(end, y) { end += 1 }
        let length = Double(end - x)
        if length >= moduleSize * DetectorTuning.alignmentRowRun.lower
          && length <= moduleSize * DetectorTuning.alignmentRowRun.upper,
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

  /// The centre of the alignment pattern at module coordinates `target`, searched on the gray
  /// levels within `radius` modules of `near` (else of where `local` puts it), with `local`
  /// (module coordinates to pixels) giving the size and slant of the modules there; nil
  /// without a gray image or when no place shows the pattern clearly.
  ///
  /// A place is scored by sampling the 5 × 5 module centres around it: the correlation of
  /// their gray levels with the pattern's colours. Places half a module apart are scored, then
  /// the quarter-module places around the best; it is kept at a correlation of
  /// `DetectorTuning.alignmentCorrelation` or more. Blur
  /// and a threshold spoil patterns of two pixels a module whose gray levels still show them
  /// (large symbols printed on a curved page and photographed whole).
  ///
  /// - Complexity: O(`radius`² × 25) samples.
  static func findInGray(
    _ gray: GrayView, target: Point, near: Point? = nil, local: PerspectiveTransform,
    radius: Double
  ) -> Point? {
    // The map near the target, linearised: one module along either axis, in pixels.
    let mapped = local.apply(target)
    let across = local.apply(x: target.x + 1, y: target.y) - mapped
    let down = local.apply(x: target.x, y: target.y + 1) - mapped
    let origin = near ?? mapped
    // The correlation at (u, v) modules from the target; nil where a sample falls outside.
    func score(_ u: Double, _ v: Double) -> Double? {
      correlation(gray) { dx, dy in
        origin + across * (u + Double(dx)) + down * (v + Double(dy))
      }
    }
    var best: (score: Double, u: Double, v: Double)?
    let steps = Int(radius * 2)
    for sy in -steps...steps {
      for sx in -steps...steps {
        let (u, v) = (Double(sx) / 2, Double(sy) / 2)
        if let value = score(u, v), value > (best?.score ?? DetectorTuning.alignmentTrialFloor) {
          best = (value, u, v)
        }
      }
    }
    guard var found = best else { return nil }
    let coarse = found
    for (du, dv) in [
      (-0.25, -0.25), (0, -0.25), (0.25, -0.25), (-0.25, 0), (0.25, 0), (-0.25, 0.25), (0, 0.25),
      (0.25, 0.25),
    ] {
      if let value = score(coarse.u + du, coarse.v + dv), value > found.score {
        found = (value, coarse.u + du, coarse.v + dv)
      }
    }
    guard found.score >= DetectorTuning.alignmentCorrelation else { return nil }
    // Between the quarter modules: the vertex of the parabola through the scores either side.
    func vertex(_ before: Double?, _ after: Double?) -> Double {
      guard let before, let after else { return 0 }
      let curvature = before - 2 * found.score + after
      guard curvature < -1e-9 else { return 0 }
      return min(max(0.125 * (before - after) / curvature, -0.125), 0.125)
    }
    let u = found.u + vertex(score(found.u - 0.25, found.v), score(found.u + 0.25, found.v))
    let v = found.v + vertex(score(found.u, found.v - 0.25), score(found.u, found.v + 0.25))
    return origin + across * u + down * v
  }

  /// The correlation of the gray levels at the 5 × 5 module centres `module` gives (for
  /// offsets −2...2 from the centre module) with the alignment pattern's colours: 1 for a
  /// perfect pattern, about 0 for data; nil where a centre falls outside the image.
  static func correlation(_ gray: GrayView, module: (Int, Int) -> Point) -> Double? {
    correlation(isInverted: gray.isInverted) { dx, dy in gray.level(at: module(dx, dy)) }
  }

  /// `correlation(_:module:)` with `level` giving the gray level at each module offset (nil
  /// outside the image), for searches that compute the places themselves; `isInverted` as in
  /// `GrayView`. Each offset is asked once.
  @inline(__always)
  static func correlation(isInverted: Bool, level: (Int, Int) -> Double?) -> Double? {
    // The stone and the light ring first: where they do not differ by
    // `DetectorTuning.alignmentContrast` gray levels the
    // correlation cannot be high, and the outer ring is not read (most places tried). The
    // inner nine are kept for the sums below, on the stack (this runs for thousands of places
    // a search).
    var inner = InlineArray<9, Double>(repeating: 0)
    var total = 0.0
    var index = 0
    for dy in -1...1 {
      for dx in -1...1 {
        guard let value = level(dx, dy) else { return nil }
        inner[index] = value
        total += value
        index += 1
      }
    }
    let stone = inner[4]
    let ring = (total - stone) / 8
    guard (isInverted ? stone - ring : ring - stone) >= DetectorTuning.alignmentContrast else {
      return 0
    }
    // The sums in rows, as the 25 centres lie: the outer ring and the stone are dark.
    var sum = 0.0
    var squares = 0.0
    var dark = 0.0
    func add(_ value: Double, isDark: Bool) {
      sum += value
      squares += value * value
      if isDark { dark += value }
    }
    for dy in -2...2 {
      if dy == -2 || dy == 2 {
        for dx in -2...2 {
          guard let value = level(dx, dy) else { return nil }
          add(value, isDark: true)
        }
      } else {
        guard let left = level(-2, dy), let right = level(2, dy) else { return nil }
        add(left, isDark: true)
        for dx in -1...1 { add(inner[(dy + 1) * 3 + dx + 1], isDark: dx == 0 && dy == 0) }
        add(right, isDark: true)
      }
    }
    // With the pattern 1 on its 17 dark modules and 0 on its 8 light ones: covariance
    // dark − 17 × mean, and the pattern's own spread 25 × (17/25) × (8/25).
    let variance = squares - sum * sum / 25
    guard variance > 1e-9 else { return 0 }
    let correlation = (dark - 17 * sum / 25) / (variance * 17 * 8 / 25).squareRoot()
    // Dark is low gray: the pattern correlates negatively, unless the image is inverted.
    return isInverted ? correlation : -correlation
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
    let longest = moduleSize * DetectorTuning.alignmentRun
    guard inner >= moduleSize * DetectorTuning.alignmentInnerRuns.lower,
      inner <= moduleSize * DetectorTuning.alignmentInnerRuns.upper, stone <= longest,
      Double(back.1) <= longest, Double(forth.1) <= longest
    else { return nil }
    return Double(forth.0 - back.0 + 2) / 2 - 0.5
  }
}
