// SPDX-License-Identifier: MIT
// Micro QR: one finder pattern, its orientation, format information and timing patterns.

import Glibc
import QRCodec
import QRImage

/// Turns a lone finder pattern into a sampled Micro QR symbol.
///
/// A Micro QR symbol has one finder pattern at its top-left and timing patterns along its top
/// row and left column (ISO/IEC 18004:2015, 6.3.3 and 6.3.5). The finder's edges give the grid's
/// axes up to a quarter turn; each of the four turns is read for format information, whose
/// symbol number gives the version (M1…M4), and the timing patterns must agree.
enum MicroQRLocator {
  /// The Micro QR readings around `pattern` whose format information and timing patterns are
  /// plausible, best first; empty if none. `corners` are the pattern's outer corners
  /// (`FinderPatternCorners.find`), if found.
  ///
  /// - Complexity: O(*size*²) per orientation tried (four, and four mirrored).
  static func locate(_ image: BinaryImage, _ pattern: FinderPattern, corners: [Point]?)
    -> [SymbolCandidate]
  {
    // Each grid: origin (the symbol's top-left corner) and one module across and down.
    var grids: [(Point, Point, Point)] = []
    // The finder's corners in the order of each turn, for the grid hung from its corner.
    var quads: [[Point]?] = []
    if let corners {
      // The fitted corners, each in turn as the symbol's top-left.
      for turn in 0..<4 {
        let c = (0..<4).map { corners[($0 + turn) % 4] }
        let across = ((c[1] - c[0]) + (c[2] - c[3])) * (1 / 14)
        let down = ((c[3] - c[0]) + (c[2] - c[1])) * (1 / 14)
        // The corners sit where dark meets light, which blur and ink push outwards; the centre
        // is unbiased, so a grid hung from it comes first, then the one from the corner.
        let centre = (c[0] + c[1] + c[2] + c[3]) * 0.25
        grids.append((centre - (across + down) * 3.5, across, down))
        grids.append((c[0], across, down))
        quads += [nil, c]
      }
    }
    // The edge-ray axes are slower and rougher: only when the corners cannot be found.
    if grids.isEmpty, let (axis, module) = axes(image, pattern) {
      for turn in 0..<4 {
        let angle = axis + Double(turn) * Double.pi / 2
        let u = Point(x: cos(angle), y: sin(angle)) * module
        let v = Point(x: -sin(angle), y: cos(angle)) * module
        grids.append((pattern.centre - u * 3.5 - v * 3.5, u, v))
      }
    }
    var found: [(SymbolCandidate, Double)] = []
    for (gridIndex, (origin, u, v)) in grids.enumerated() {
      for transposed in [false, true] {
        let (across, down) = transposed ? (v, u) : (u, v)
        let transform = Transform(origin: origin, across: across, down: down)
        // Format information sits within the first nine rows and columns of every size; the
        // finder's own modules come first, as a cheap test of the orientation.
        var probe = BitMatrix(size: 9)
        for y in 0..<9 {
          for x in 0..<9 where x == 8 || y == 8 {
            if image.isDark(transform.apply(Double(x) + 0.5, Double(y) + 0.5)) {
              probe.setDark(true, x: x, y: y)
            }
          }
        }
        // The timing patterns' first dark modules, (8, 0) and (0, 8), beside the separator:
        // texture passes the format test in about half of its orientations, and these two
        // leave a quarter of those, before the costly fits and samplings below.
        guard probe.isDark(x: 8, y: 0), probe.isDark(x: 0, y: 8),
          let (format, distance) = GridSampler.microFormat(probe, transposed: false),
          distance <= DetectorTuning.microFormatDistance
        else { continue }
        let size = format.version.size
        // The grid fitted to the timing patterns first, then the finder's own, for the
        // decoder to try in turn (M1 has no error correction: one module decides).
        for (rank, grid) in [refined(image, transform, size: size), transform].enumerated() {
          // Texture passes the format test by chance half the time: the timing patterns are
          // read before the whole grid is.
          guard
            GridSampler.timingScore(
              image, size: size, isMicro: true, position: { grid.apply($0, $1) })
              >= DetectorTuning.microTiming
          else { continue }
          let (matrix, unreliable) = sample(image, grid, size: size)
          let timing = GridSampler.timingScore(matrix, isMicro: true)
          guard timing >= DetectorTuning.microTiming else { continue }
          // Ties go to the crisper grid: fewer modules sampled near an edge.
          let score =
            timing * 10 - Double(distance) - Double(rank) * 0.5 - Double(unreliable.darkCount)
            * 0.01
          guard !found.contains(where: { $0.0.matrix == matrix }) else { continue }
          let corners = [
            grid.apply(0, 0), grid.apply(Double(size), 0),
            grid.apply(Double(size), Double(size)), grid.apply(0, Double(size)),
          ]
          let candidate = SymbolCandidate(
            version: .micro(format.version), corners: corners, matrix: matrix,
            unreliable: unreliable, isInverted: false, isMirrored: transposed,
            formatDistance: distance, finderPatterns: [pattern])
          found.append((candidate, score))
        }
        // Under perspective the far corner drifts from any affine grid: the map through the
        // finder's four corners follows it.
        guard gridIndex < quads.count, let quad = quads[gridIndex] else { continue }
        let square =
          transposed
          ? [Point(x: 0, y: 0), Point(x: 0, y: 7), Point(x: 7, y: 7), Point(x: 7, y: 0)]
          : [Point(x: 0, y: 0), Point(x: 7, y: 0), Point(x: 7, y: 7), Point(x: 0, y: 7)]
        guard let perspective = PerspectiveTransform(from: square, to: quad),
          GridSampler.timingScore(
            image, size: size, isMicro: true, position: { perspective.apply(x: $0, y: $1) })
            >= DetectorTuning.microTiming
        else { continue }
        let (matrix, unreliable) = GridSampler.sample(image, perspective, size: size)
        let timing = GridSampler.timingScore(matrix, isMicro: true)
        guard timing >= DetectorTuning.microTiming,
          !found.contains(where: { $0.0.matrix == matrix })
        else { continue }
        let score = timing * 10 - Double(distance) - 1 - Double(unreliable.darkCount) * 0.01
        let edge = Double(size)
        let candidate = SymbolCandidate(
          version: .micro(format.version),
          corners: [
            perspective.apply(x: 0, y: 0), perspective.apply(x: edge, y: 0),
            perspective.apply(x: edge, y: edge), perspective.apply(x: 0, y: edge),
          ],
          matrix: matrix, unreliable: unreliable, isInverted: false, isMirrored: transposed,
          formatDistance: distance, finderPatterns: [pattern])
        found.append((candidate, score))
      }
    }
    return found.sorted { $0.1 > $1.1 }.map(\.0)
  }

  /// The direction of one edge of the finder pattern (radians, 0 ..< π/2) and the module size.
  ///
  /// The distance from the centre to the outer edge along a ray at angle θ is
  /// 3.5 × module / max(|cos(θ − φ)|, |sin(θ − φ)|), smallest along the edge normals φ.
  private static func axes(_ image: BinaryImage, _ pattern: FinderPattern) -> (Double, Double)? {
    let steps = 30
    var distances: [Double] = []
    for index in 0..<steps {
      let angle = Double(index) * Double.pi / 2 / Double(steps)
      var sum = 0.0
      for turn in 0..<4 {
        let theta = angle + Double(turn) * Double.pi / 2
        guard let distance = edgeDistance(image, pattern, angle: theta) else { return nil }
        sum += distance
      }
      distances.append(sum / 4)
    }
    // Smooth over neighbours (circularly) before taking the minimum.
    var bestIndex = 0
    var bestValue = Double.infinity
    for index in 0..<steps {
      let value =
        distances[(index + steps - 1) % steps] + 2 * distances[index]
        + distances[(index + 1) % steps]
      if value < bestValue {
        bestValue = value
        bestIndex = index
      }
    }
    let module = bestValue / 4 / 3.5
    guard module > pattern.moduleSize * DetectorTuning.microAxisRatio.lower,
      module < pattern.moduleSize * DetectorTuning.microAxisRatio.upper
    else { return nil }
    return (Double(bestIndex) * Double.pi / 2 / Double(steps), module)
  }

  /// The distance from the centre to the outer edge of the finder pattern along `angle`.
  private static func edgeDistance(_ image: BinaryImage, _ pattern: FinderPattern, angle: Double)
    -> Double?
  {
    FinderPatternCorners.edgeDistance(
      image, pattern.centre, direction: Point(x: cos(angle), y: sin(angle)),
      limit: pattern.moduleSize * DetectorTuning.microEdgeRayModules)
  }

  /// `transform` with its axes adjusted (length ±6 %, direction ±3°) to fit the timing
  /// patterns best: the finder pattern alone fixes them over 7 modules, the symbol is up to 17.
  private static func refined(_ image: BinaryImage, _ transform: Transform, size: Int)
    -> Transform
  {
    // The turns tried, as cosine and sine: the same five for every length.
    let (most, step) = DetectorTuning.microFitTurns
    let turns = stride(from: -most, through: most, by: step).map { degrees in
      let angle = degrees * Double.pi / 180
      return (cos(angle), sin(angle))
    }
    // The axis (across when `isAcross`, else down) that puts most of three points a module
    // along its timing pattern on the right colour; each point as `Transform.apply` has it.
    let offsets = [0.2, 0.5, 0.8]
    func fit(_ axis: Point, isAcross: Bool) -> Point {
      var best = axis
      var bestScore = -1
      let (origin, across, down) = (transform.origin, transform.across, transform.down)
      let scales = DetectorTuning.microFitScales
      for scale in stride(from: scales.least, through: scales.most, by: scales.step) {
        for (cosine, sine) in turns {
          let candidate =
            Point(x: axis.x * cosine - axis.y * sine, y: axis.x * sine + axis.y * cosine) * scale
          var score = 0
          // Three points a module along the timing pattern, beyond the finder pattern; a
          // candidate that can no longer beat the best is left (the points it has not read
          // could at most all agree).
          var remaining = (size &- 7) &* offsets.count
          for i in 7..<size {
            guard score &+ remaining > bestScore else { break }
            // Even modules of a timing pattern are dark; counted without a branch on colour.
            let expected = 1 &- (i & 1)
            for offset in offsets {
              let t = Double(i) + offset
              let point =
                isAcross
                ? origin + candidate * t + down * 0.5 : origin + across * 0.5 + candidate * t
              score &+= 1 &- (image.darkness(point) ^ expected)
            }
            remaining &-= offsets.count
          }
          if score > bestScore {
            bestScore = score
            best = candidate
          }
        }
      }
      return best
    }
    let across = fit(transform.across, isAcross: true)
    let down = fit(transform.down, isAcross: false)
    return Transform(origin: transform.origin, across: across, down: down)
  }

  /// An affine grid: module (x, y) is at origin + x · across + y · down.
  private struct Transform {
    var origin: Point
    var across: Point
    var down: Point

    func apply(_ x: Double, _ y: Double) -> Point { origin + across * x + down * y }
  }

  private static func sample(_ image: BinaryImage, _ transform: Transform, size: Int)
    -> (BitMatrix, BitMatrix)
  {
    GridSampler.sample(image, size: size) { transform.apply($0, $1) }
  }
}
