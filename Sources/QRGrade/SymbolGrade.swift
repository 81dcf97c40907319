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
  /// Modules of the wrong colour or of modulation below A: 0 exactly when the grade is A.
  public let weakModules: Int
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
  /// Whether the symbol decodes: 1 and A for a decoded symbol, 0 and F only when the reference
  /// decode (the modules sampled through the aperture, split at the global threshold) reads
  /// another payload, so that the corners are not the decoded symbol's. A reference decode that
  /// reads nothing (a photo lit unevenly) is charged to the modules it reads wrong: reflectance
  /// margin and unused error correction.
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
  /// a fraction of half the symbol contrast. The grade is ISO/IEC 15415's codeword grade
  /// (modules A ≥ 0.50, B ≥ 0.40, C ≥ 0.30, D ≥ 0.20, the weakest codewords of each block
  /// charged to its unused error correction); the value is the weakest module of the codewords
  /// the grade rests on, so never below the grade's threshold (for F, the weakest of all, 0 for
  /// a codeword error correction changed).
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
  /// Fixed pattern damage: the worst segment's grade (of each kind of format and version
  /// information, the better copy's); the value is that segment's modules of the wrong colour or
  /// of modulation below A, so 0 exactly when the grade is A.
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

  /// The parameters that set `overall`: those graded as low as it (print growth aside).
  public var limitingParameters: [(name: String, parameter: GradedParameter)] {
    parameters.filter { $0.name != "printGrowth" && $0.parameter.grade == overall }
  }

  /// One line a user can act on: the grade, each parameter that sets it with its value, what
  /// the next grade up needs, and what such a value usually means in a print or a photograph:
  /// `2.0/C, limited by modulation 0.31 (C; B from 0.40): modules vary in darkness: uneven ink
  /// or uneven light`. A grade of A says so.
  public var summary: String {
    let limiting = limitingParameters
    guard overall < .a, !limiting.isEmpty else {
      return "\(overall)/\(overall.letter): every parameter grades A"
    }
    let causes = limiting.map { name, parameter in
      var words = Self.words(name) + " " + Self.shown(parameter.value)
      words += " (\(parameter.grade.letter)"
      if let next = Self.nextGrade(name, parameter.grade, maximumReflectance: maximumReflectance) {
        words += "; " + next
      }
      return words + "): " + Self.meaning(name)
    }
    return "\(overall)/\(overall.letter), limited by " + causes.joined(separator: "; ")
  }

  /// `minimumEdgeContrast` → `minimum edge contrast`.
  static func words(_ name: String) -> String {
    var result = ""
    for character in name {
      if character.isUppercase {
        result += " " + character.lowercased()
      } else {
        result.append(character)
      }
    }
    return result
  }

  /// A value with at most three decimals, as records write it.
  static func shown(_ value: Double) -> String {
    let rounded = (value * 1000).rounded() / 1000
    return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
  }

  /// What the parameter needs for the grade above `grade`, or nil when there is none to name.
  static func nextGrade(_ name: String, _ grade: Grade, maximumReflectance: Double) -> String? {
    let next = Grade(grade.value + 1)
    let index = 4 - next.value
    func from(_ thresholds: [Double], _ relation: String) -> String {
      "\(next.letter) \(relation) \(shown(thresholds[index]))"
    }
    switch name {
    case "symbolContrast": return from([0.70, 0.55, 0.40, 0.20], "from")
    case "modulation", "reflectanceMargin":
      return from([0.50, 0.40, 0.30, 0.20], "from") + " with few weaker codewords"
    case "unusedErrorCorrection": return from([0.62, 0.50, 0.37, 0.25], "from")
    case "axialNonuniformity": return from([0.06, 0.08, 0.10, 0.12], "at")
    case "gridNonuniformity": return from([0.38, 0.50, 0.63, 0.75], "at")
    case "minimumEdgeContrast": return "A from 0.15"
    case "minimumReflectance": return "A at " + shown(maximumReflectance / 2) + ", half the highest"
    case "fixedPatternDamage": return "\(next.letter) with fewer weak modules"
    default: return nil
    }
  }

  /// What a low value of the parameter usually means, in a print or in a photograph of it.
  static func meaning(_ name: String) -> String {
    switch name {
    case "decode": "the corners given are not those of the symbol decoded"
    case "symbolContrast":
      "dark and light too close: print darker on whiter stock, or light it brighter and evenly"
    case "minimumReflectance": "the darkest modules are not dark: print with darker ink"
    case "minimumEdgeContrast":
      "some neighbouring modules are too alike: blur, glare or a shadow in the photograph,"
        + " or ink spreading in the print"
    case "modulation":
      "modules vary in darkness: uneven ink, or uneven light across the photograph"
    case "reflectanceMargin":
      "modules near or past the threshold: uneven ink, damage, or uneven light"
    case "axialNonuniformity":
      "stretched along one axis: the printer's feed, or a photograph taken at an angle"
    case "gridNonuniformity": "the grid is warped: a bent label, or the lens's distortion"
    case "unusedErrorCorrection":
      "damage uses up error correction: repair the print, or encode at a higher level"
    case "fixedPatternDamage":
      "finder, timing or format modules damaged or faint: print them whole and dark"
    default: "see qrdetect(1)"
    }
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
