// SPDX-License-Identifier: MIT
// The print-quality grade of one symbol: every parameter with its value and grade.

/// One graded parameter: what was measured and its grade.
public struct GradedParameter: Hashable, Sendable {
  /// The measured value, in the parameter's unit (see each parameter of `SymbolGrade`).
  public let value: Double
  /// The value's grade.
  public let grade: Grade

  /// A parameter with this value and grade.
  public init(value: Double, grade: Grade) {
    self.value = value
    self.grade = grade
  }
}

/// The grade of one fixed pattern segment (a finder pattern with its separator, a timing
/// pattern, a copy of format or version information).
public struct SegmentGrade: Hashable, Sendable {
  /// `finder-top-left`, `finder-top-right`, `finder-bottom-left` (Micro QR: `finder`),
  /// `timing-horizontal`, `timing-vertical`, `format-information-1`, `format-information-2`,
  /// `version-information-1`, `version-information-2`.
  public let name: String
  /// Modules whose colour is wrong at the global threshold.
  public let damagedModules: Int
  /// The segment's grade, modulation of its modules included.
  public let grade: Grade
}

/// The print quality of one symbol measured on one image, in the terms of ISO/IEC 15415 with the
/// QR Code parameters of ISO/IEC 18004:2015: an indicative grade.
///
/// Reflectances are the image's gray levels over 255 (0 black, 1 white): an image is not a
/// calibrated reflectance measurement, so every value is relative to this photograph's light and
/// exposure. `overall` is the lowest grade of all parameters but print growth, which is
/// informative.
public struct SymbolGrade: Hashable, Sendable {
  /// The lowest grade of the graded parameters.
  public let overall: Grade
  /// Whether the reference decode (the modules sampled through the aperture, split at the global
  /// threshold) reads the same payload: 1 and A, or 0 and F.
  public let decode: GradedParameter
  /// Symbol contrast: the highest reflectance less the lowest, over the symbol's modules.
  /// A ≥ 0.70, B ≥ 0.55, C ≥ 0.40, D ≥ 0.20.
  public let symbolContrast: GradedParameter
  /// The lowest reflectance; A when at most half the highest, else F.
  public let minimumReflectance: GradedParameter
  /// The smallest reflectance difference between neighbouring modules of opposite colours;
  /// A at 0.15 or more, else F.
  public let minimumEdgeContrast: GradedParameter
  /// Modulation: how far each data module's reflectance stands from the global threshold, as
  /// a fraction of half the symbol contrast. The value is the weakest module's; the grade is
  /// ISO/IEC 15415's codeword grade (modules A ≥ 0.50, B ≥ 0.40, C ≥ 0.30, D ≥ 0.20, the
  /// weakest codewords of each block charged to its unused error correction).
  public let modulation: GradedParameter
  /// Reflectance margin: modulation counted only on the right side of the threshold (a module
  /// that reads as the wrong colour has none); graded as modulation.
  public let reflectanceMargin: GradedParameter
  /// Axial nonuniformity: the difference of the module pitch along the two axes over their mean.
  /// A ≤ 0.06, B ≤ 0.08, C ≤ 0.10, D ≤ 0.12.
  public let axialNonuniformity: GradedParameter
  /// Grid nonuniformity: the largest distance, in modules, of a pattern centre from the best
  /// fitting grid. A ≤ 0.38, B ≤ 0.50, C ≤ 0.63, D ≤ 0.75.
  public let gridNonuniformity: GradedParameter
  /// Unused error correction: the smallest share, over blocks, of the correction capacity the
  /// reference decode left unused. A ≥ 0.62, B ≥ 0.50, C ≥ 0.37, D ≥ 0.25.
  public let unusedErrorCorrection: GradedParameter
  /// Fixed pattern damage: the worst segment's grade; the value is its damaged modules.
  public let fixedPatternDamage: GradedParameter
  /// Print growth, informative: how much wider dark runs print than they should, in modules
  /// (negative when thinner), the larger of the two axes; graded against ±0.5 module
  /// (A within 0.25, B 0.35, C 0.425, D 0.5). Not part of `overall`.
  public let printGrowth: GradedParameter
  /// Print growth along rows and along columns, in modules.
  public let printGrowthByAxis: (horizontal: Double, vertical: Double)
  /// The fixed pattern segments one by one.
  public let segments: [SegmentGrade]
  /// The highest reflectance.
  public let maximumReflectance: Double
  /// The module size in image pixels (the mean pitch along both axes).
  public let moduleSize: Double
  /// The synthetic aperture's diameter in image pixels.
  public let aperture: Double

  /// The parameters in record order, named as records name them; print growth last.
  public var parameters: [(name: String, parameter: GradedParameter)] {
    [
      ("decode", decode), ("symbolContrast", symbolContrast),
      ("minimumReflectance", minimumReflectance), ("minimumEdgeContrast", minimumEdgeContrast),
      ("modulation", modulation), ("reflectanceMargin", reflectanceMargin),
      ("axialNonuniformity", axialNonuniformity), ("gridNonuniformity", gridNonuniformity),
      ("unusedErrorCorrection", unusedErrorCorrection),
      ("fixedPatternDamage", fixedPatternDamage), ("printGrowth", printGrowth),
    ]
  }

  /// What the grade is measured against, as records name it.
  public static let parameterSet = "ISO/IEC 15415 + ISO/IEC 18004:2015 QR Code (indicative)"

  /// Compares every stored property.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.overall == rhs.overall && lhs.parameters.map(\.parameter) == rhs.parameters.map(\.parameter)
      && lhs.printGrowthByAxis == rhs.printGrowthByAxis && lhs.segments == rhs.segments
      && lhs.maximumReflectance == rhs.maximumReflectance && lhs.moduleSize == rhs.moduleSize
      && lhs.aperture == rhs.aperture
  }

  /// Hashes the grades and values.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(overall)
    for (_, parameter) in parameters { hasher.combine(parameter) }
  }
}

/// How to grade: the one setting a user who knows the reading setup may change.
public struct GradingOptions: Hashable, Sendable {
  /// The synthetic aperture's diameter as a fraction of the module size, in 0.1…1.5; 0.8 by
  /// default, the diameter ISO/IEC 15415 recommends when the application names none.
  public var aperture: Double

  /// The default aperture range accepted.
  public static let apertureRange = 0.1...1.5

  /// Options with this aperture.
  public init(aperture: Double = 0.8) {
    self.aperture = min(max(aperture, Self.apertureRange.lowerBound), Self.apertureRange.upperBound)
  }
}
