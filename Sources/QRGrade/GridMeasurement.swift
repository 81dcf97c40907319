// SPDX-License-Identifier: MIT
// Where the fixed patterns' edges really are: the grid fitted to them, its residuals, growth.

import QRImage

/// Measures the edges of a symbol's fixed patterns along rows and columns of modules, fits the
/// module grid to the centres of the runs between them, and keeps what the fit leaves over.
///
/// Only modules whose colour is known before decoding are used: the finder patterns with their
/// separators (and the quiet zone beside them), the timing patterns and the inside of the
/// alignment patterns. A run's centre does not move when print growth widens dark runs, so
/// growth never reads as distortion; the runs' widths measure the growth instead.
struct GridMeasurement: Sendable {
  /// A row (`axis` 0) or column (`axis` 1) of modules with known colours.
  struct Line: Sendable {
    var axis: Int
    /// The row (or column) index.
    var across: Int
    /// The first module index along the line.
    var first: Int
    /// The modules' ideal colours, dark in symbol terms.
    var colours: [Bool]
    /// The pattern the line crosses, for grid nonuniformity: finder and alignment patterns are
    /// numbered from 0; −1 for timing patterns, whose runs count one by one.
    var pattern: Int
  }

  /// A run of like modules between two measured edges.
  struct Run: Sendable {
    var axis: Int
    var pattern: Int
    var isDark: Bool
    var idealCentre: Double
    var measuredCentre: Double
    var idealWidth: Double
    var measuredWidth: Double
    /// The measured centre in the image.
    var point: Point
  }

  /// The lines across the fixed patterns of `model`'s version.
  static func lines(_ model: SymbolModel) -> [Line] {
    let size = model.size
    let patterns = model.layout.functionPatterns
    func colour(_ x: Int, _ y: Int) -> Bool {
      x >= 0 && x < size && y >= 0 && y < size && patterns.isDark(x: x, y: y)
    }
    var lines: [Line] = []
    func addPattern(left: Int, top: Int, side: Int, margin: Int, pattern: Int) {
      // Rows and columns through the pattern, `margin` modules beyond it on each side.
      let inside = 0..<side
      for offset in inside {
        let y = top + offset
        let range = (left - margin)...(left + side - 1 + margin)
        lines.append(
          Line(
            axis: 0, across: y, first: range.lowerBound, colours: range.map { colour($0, y) },
            pattern: pattern))
        let x = left + offset
        let columnRange = (top - margin)...(top + side - 1 + margin)
        lines.append(
          Line(
            axis: 1, across: x, first: columnRange.lowerBound,
            colours: columnRange.map { colour(x, $0) }, pattern: pattern))
      }
    }
    var pattern = 0
    let finders: [(Int, Int)] =
      model.version.isMicro ? [(0, 0)] : [(0, 0), (size - 7, 0), (0, size - 7)]
    for (left, top) in finders {
      addPattern(left: left, top: top, side: 7, margin: 1, pattern: pattern)
      pattern += 1
    }
    if case .qr(let qrVersion) = model.version {
      let centres = qrVersion.alignmentPatternCentres
      let last = centres.count - 1
      for (row, y) in centres.enumerated() {
        for (column, x) in centres.enumerated() {
          let overlapsFinder =
            (row == 0 && column == 0) || (row == 0 && column == last)
            || (row == last && column == 0)
          if overlapsFinder { continue }
          // Inside the pattern only: the modules around it are data.
          addPattern(left: x - 2, top: y - 2, side: 5, margin: 0, pattern: pattern)
          pattern += 1
        }
      }
      let range = 7...(size - 8)
      lines.append(
        Line(axis: 0, across: 6, first: 7, colours: range.map { colour($0, 6) }, pattern: -1))
      lines.append(
        Line(axis: 1, across: 6, first: 7, colours: range.map { colour(6, $0) }, pattern: -1))
    } else {
      // Micro QR's timing patterns run to the symbol's edge, into the quiet zone.
      let range = 7...size
      lines.append(
        Line(axis: 0, across: 0, first: 7, colours: range.map { colour($0, 0) }, pattern: -1))
      lines.append(
        Line(axis: 1, across: 0, first: 7, colours: range.map { colour(0, $0) }, pattern: -1))
    }
    return lines
  }

  /// The runs along `lines` whose two edges were found, measured through `map` (symbol to image)
  /// with edges where the reflectance crosses `threshold`.
  static func runs(
    _ lines: [Line], map: PerspectiveTransform, sampler: ReflectanceSampler, threshold: Double,
    isInverted: Bool
  ) -> [Run] {
    var runs: [Run] = []
    for line in lines {
      let across = Double(line.across) + 0.5
      func point(_ t: Double) -> Point {
        line.axis == 0 ? map.apply(x: t, y: across) : map.apply(x: across, y: t)
      }
      var previous: (ideal: Double, measured: Double?)?
      for k in 1..<line.colours.count where line.colours[k] != line.colours[k - 1] {
        let ideal = Double(line.first + k)
        // Symbol-dark modules are dark in the image unless the symbol is inverted.
        let risesIntoEdge = line.colours[k - 1] != isInverted
        let measured = edge(
          near: ideal, rising: risesIntoEdge, point: point, sampler: sampler,
          threshold: threshold)
        if let previous, let start = previous.measured, let measured {
          let centre = (start + measured) / 2
          runs.append(
            Run(
              axis: line.axis, pattern: line.pattern, isDark: line.colours[k - 1],
              idealCentre: (previous.ideal + ideal) / 2, measuredCentre: centre,
              idealWidth: ideal - previous.ideal, measuredWidth: measured - start,
              point: point(centre)))
        }
        previous = (ideal, measured)
      }
    }
    return runs
  }

  /// The position along the line, in modules, of the threshold crossing nearest `ideal` within
  /// 0.7 module of it, rising (dark to light) or falling as asked; nil when there is none.
  private static func edge(
    near ideal: Double, rising: Bool, point: (Double) -> Point, sampler: ReflectanceSampler,
    threshold: Double
  ) -> Double? {
    let step = 0.05
    let reach = 14
    var best: Double?
    var before = sampler.reflectance(at: point(ideal - Double(reach) * step)) - threshold
    for k in (-reach + 1)...reach {
      let t = ideal + Double(k) * step
      let after = sampler.reflectance(at: point(t)) - threshold
      let crosses = rising ? (before < 0 && after >= 0) : (before >= 0 && after < 0)
      if crosses {
        let crossing = t - step + step * before / (before - after)
        if best.map({ abs(crossing - ideal) < abs($0 - ideal) }) ?? true { best = crossing }
      }
      before = after
    }
    return best
  }

  /// The symbol-to-image map fitted to the centres of `runs`, or nil when they are too few.
  static func fit(_ runs: [Run]) -> PerspectiveTransform? {
    let constraints = runs.map {
      LineConstraint(point: $0.point, axis: $0.axis, value: $0.idealCentre)
    }
    return PerspectiveTransform.fitting(constraints)?.inverse
  }

  /// The largest deviation, in modules, of a measured pattern centre from the fitted grid: a
  /// finder or alignment pattern's centre is its runs' mean offset along each axis; each run of a
  /// timing pattern counts alone. 0 when nothing was measured.
  static func gridNonuniformity(_ runs: [Run]) -> Double {
    var sums: [Int: (x: Double, xCount: Int, y: Double, yCount: Int)] = [:]
    var largest = 0.0
    for run in runs {
      let offset = run.measuredCentre - run.idealCentre
      if run.pattern < 0 {
        largest = max(largest, abs(offset))
        continue
      }
      var sum = sums[run.pattern] ?? (0, 0, 0, 0)
      if run.axis == 0 {
        sum.x += offset
        sum.xCount += 1
      } else {
        sum.y += offset
        sum.yCount += 1
      }
      sums[run.pattern] = sum
    }
    for sum in sums.values {
      let x = sum.xCount > 0 ? sum.x / Double(sum.xCount) : 0
      let y = sum.yCount > 0 ? sum.y / Double(sum.yCount) : 0
      largest = max(largest, (x * x + y * y).squareRoot())
    }
    return largest
  }

  /// The mean widening of dark runs along `axis`, in modules (negative when they print thin);
  /// nil when no dark run was measured.
  static func printGrowth(_ runs: [Run], axis: Int) -> Double? {
    var sum = 0.0
    var count = 0
    for run in runs where run.axis == axis && run.isDark {
      sum += run.measuredWidth - run.idealWidth
      count += 1
    }
    return count > 0 ? sum / Double(count) : nil
  }
}
