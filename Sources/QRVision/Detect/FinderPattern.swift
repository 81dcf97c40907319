// SPDX-License-Identifier: MIT
// A finder pattern candidate: where its centre is and how big its modules are.

import QRImage

/// A finder pattern (the 7 × 7 "eye") located in an image.
///
/// ISO/IEC 18004:2015, 6.3.3: dark 7 × 7 ring, light 5 × 5 ring, dark 3 × 3 stone, so any line
/// through the centre crosses dark, light, dark, light, dark in the ratio 1:1:3:1:1.
public struct FinderPattern: Hashable, Sendable {
  /// The centre, in image pixels, to sub-pixel precision.
  public var centre: Point
  /// The module size in pixels, averaged over the directions measured.
  public var moduleSize: Double
  /// How many scan lines confirmed it (more is surer).
  public var count: Int
  /// Whether the 1:1:3:1:1 ratio also held along lines between the straight and diagonal ones
  /// (eight angles in all, as concentric rings show it and texture seldom does).
  var isConfirmedAllRound = false
  /// Whether the ratio held along both diagonals on some scan line; false for a pattern that
  /// only the lines between them confirmed (`DetectorTuning.thinRingModule`), which does not
  /// by itself promise a symbol to a frame's other thresholds.
  var showsDiagonals = true

  /// Whether the pattern is strong evidence: seen on two scan lines or more and confirmed all
  /// round, as a symbol's patterns are and texture's seldom are.
  var isStrong: Bool { count >= 2 && isConfirmedAllRound }

  /// Creates a finder pattern.
  public init(centre: Point, moduleSize: Double, count: Int = 1) {
    self.centre = centre
    self.moduleSize = moduleSize
    self.count = count
  }

  /// Whether `other` is the same pattern seen again by the same pass: centre within
  /// `DetectorTuning.samePatternReach` modules along both axes, module sizes within
  /// `DetectorTuning.samePatternRatio` (not `FruitlessAttempts.Places.isSame`, which compares
  /// attempts across passes).
  func isSame(as other: FinderPattern) -> Bool {
    let size = max(moduleSize, other.moduleSize)
    let reach = size * DetectorTuning.samePatternReach
    guard abs(centre.x - other.centre.x) <= reach, abs(centre.y - other.centre.y) <= reach
    else { return false }
    let ratio = moduleSize / other.moduleSize
    return ratio > DetectorTuning.samePatternRatio.lower
      && ratio < DetectorTuning.samePatternRatio.upper
  }

  /// Folds another sighting into this one (weighted mean).
  mutating func merge(_ other: FinderPattern) {
    let total = Double(count + other.count)
    let a = Double(count) / total
    let b = Double(other.count) / total
    centre = Point(x: centre.x * a + other.centre.x * b, y: centre.y * a + other.centre.y * b)
    moduleSize = moduleSize * a + other.moduleSize * b
    count += other.count
    isConfirmedAllRound = isConfirmedAllRound || other.isConfirmedAllRound
    showsDiagonals = showsDiagonals || other.showsDiagonals
  }

  /// The pattern as seen in frame pixels, from a level of the pyramid `scale` times smaller
  /// whose pixel (0, 0) is the frame's `origin`.
  func inFrame(scale: Double, origin: Point) -> FinderPattern {
    var pattern = self
    pattern.centre = centre * scale + origin
    pattern.moduleSize *= scale
    return pattern
  }
}
