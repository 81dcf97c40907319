// SPDX-License-Identifier: MIT
// Fine-tuning a QR Code grid so that its function patterns read as they must.

import QRCodec
import QRImage

/// Adjusts a sampled symbol's four corners until its function patterns fit best.
///
/// The finder, separator, timing and alignment patterns are known module by module
/// (ISO/IEC 18004:2015, 6.3), so the number of them read right scores a grid. Each corner is
/// moved in turn a step in each of the four directions while the score improves, with
/// shrinking steps, as quirc's "jiggle" of its perspective parameters (the idea; this code is
/// our own). It repairs grids a fraction of a module off, from finder corners blurred or a
/// curved page.
enum GridFitter {
  /// The candidate resampled through corners fitted to its function patterns (QR Code or
  /// Micro QR), or nil when the fit did not improve on it.
  ///
  /// Only grids that already read `DetectorTuning.fitInitialPercent` of their function
  /// patterns right are fitted (`searches` counts them): those the fit repaired on real photos
  /// read 93 % or more, while grids hung on noise read 40…65 %, and the search is a hundred
  /// trial grids.
  ///
  /// - Complexity: O(*size*) to score the grid; when fitted, O(*k* × (*size* + alignment
  ///   patterns)) for *k* ≈ 100 trial grids.
  static func refine(_ image: BinaryImage, _ candidate: SymbolCandidate, searches: inout Int)
    -> SymbolCandidate?
  {
    guard candidate.corners.count == 4 else { return nil }
    let size = candidate.version.size
    let known: [(Int, Int, Bool)]
    switch candidate.version {
    case .qr(let version): known = functionModules(version)
    case .micro(let version): known = functionModules(version)
    }
    // The module grid's square, prepared once for the hundred trial maps.
    let side = Double(size)
    guard
      let square = PerspectiveTransform.Source(
        (Point(x: 0, y: 0), Point(x: side, y: 0), Point(x: side, y: side), Point(x: 0, y: side)))
    else { return nil }
    // Mirrored candidates list their corners transposed; fit in the image's own orientation.
    let given = candidate.corners
    var corners =
      candidate.isMirrored
      ? (given[0], given[3], given[2], given[1]) : (given[0], given[1], given[2], given[3])
    /// The function modules `corners` read right; or, once more than `wrongLimit` read wrong,
    /// a count at most `known.count - wrongLimit - 1` (a trial that cannot beat the best).
    func score(_ corners: PerspectiveTransform.Quadruple, wrongLimit: Int = .max) -> Int {
      guard let transform = PerspectiveTransform(from: square, to: corners) else { return -1 }
      var wrong = 0
      for (x, y, isDark) in known
      where image.isDark(transform.apply(x: Double(x) + 0.5, y: Double(y) + 0.5)) != isDark {
        wrong += 1
        if wrong > wrongLimit { break }
      }
      return known.count - wrong
    }
    let initial = score(corners)
    guard initial * 100 >= known.count * DetectorTuning.fitInitialPercent else { return nil }
    searches += 1
    var best = initial
    let module = corners.0.distance(to: corners.1) / Double(size)
    for step in DetectorTuning.fitSteps.map({ $0 * module }) {
      var improved = true
      var rounds = 0
      while improved && rounds < DetectorTuning.fitRounds {
        improved = false
        rounds += 1
        for index in 0..<4 {
          for (dx, dy) in [(step, 0.0), (-step, 0), (0, step), (0, -step)] {
            let move = Point(x: dx, y: dy)
            var trial = corners
            switch index {
            case 0: trial.0 = trial.0 + move
            case 1: trial.1 = trial.1 + move
            case 2: trial.2 = trial.2 + move
            default: trial.3 = trial.3 + move
            }
            let value = score(trial, wrongLimit: known.count - best - 1)
            if value > best {
              best = value
              corners = trial
              improved = true
            }
          }
        }
      }
    }
    guard best > initial, let transform = PerspectiveTransform(from: square, to: corners) else {
      return nil
    }
    let (matrix, unreliable) = GridSampler.sample(image, transform, size: size)
    var refined = candidate
    refined.corners = [corners.0, corners.1, corners.2, corners.3]
    refined.matrix = matrix
    refined.unreliable = unreliable
    refined.isMirrored = false
    guard !candidate.version.isMicro else {
      // Micro QR's one finder pattern cannot tell a mirror image: keep the orientation read.
      return candidate.isMirrored ? refined.mirrored() : refined
    }
    refined.formatDistance = GridSampler.qrFormatDistance(matrix, transposed: false)
    let mirroredDistance = GridSampler.qrFormatDistance(matrix, transposed: true)
    if mirroredDistance < refined.formatDistance {
      refined = refined.mirrored()
      refined.formatDistance = mirroredDistance
    }
    return refined
  }

  /// The finder pattern (with separator) and timing pattern modules of a Micro QR `version`,
  /// with their colours. ISO/IEC 18004:2015, 6.3.3 and 6.3.5.
  static func functionModules(_ version: MicroVersion) -> [(Int, Int, Bool)] {
    var modules: [(Int, Int, Bool)] = []
    for y in 0...7 {
      for x in 0...7 {
        let ring = max(abs(x - 3), abs(y - 3))
        modules.append((x, y, ring != 2 && ring != 4))
      }
    }
    for i in 8..<version.size {
      modules.append((i, 0, i % 2 == 0))
      modules.append((0, i, i % 2 == 0))
    }
    return modules
  }

  /// The finder (with separator), timing and alignment pattern modules of `version`, with
  /// their colours.
  static func functionModules(_ version: Version) -> [(Int, Int, Bool)] {
    let size = version.size
    var modules: [(Int, Int, Bool)] = []
    for (left, top) in [(0, 0), (size - 7, 0), (0, size - 7)] {
      for dy in -1...7 {
        for dx in -1...7 {
          let x = left + dx
          let y = top + dy
          guard x >= 0, y >= 0, x < size, y < size else { continue }
          let ring = max(abs(dx - 3), abs(dy - 3))
          modules.append((x, y, ring != 2 && ring != 4))
        }
      }
    }
    for i in 8..<(size - 8) {
      modules.append((i, 6, i % 2 == 0))
      modules.append((6, i, i % 2 == 0))
    }
    let centres = version.alignmentPatternCentres
    for cy in centres {
      for cx in centres {
        // Alignment patterns never overlap the finder patterns.
        if (cx < 9 && cy < 9) || (cx > size - 10 && cy < 9) || (cx < 9 && cy > size - 10) {
          continue
        }
        for dy in -2...2 {
          for dx in -2...2 { modules.append((cx + dx, cy + dy, max(abs(dx), abs(dy)) != 1)) }
        }
      }
    }
    return modules
  }
}
