// SPDX-License-Identifier: MIT
// Grading a located, decoded symbol on a gray image: the entry point.

import QRCodec
import QRImage

/// Grades the print quality of QR Code and Micro QR symbols found in gray images, in the terms
/// of ISO/IEC 15415 with the QR Code parameters of ISO/IEC 18004:2015.
///
/// The grader needs what any detection exposes: the symbol's four outer corners and what it
/// decoded to. It does not trust the detector's grid: it measures the fixed patterns' edges,
/// fits its own module grid to them, samples every module through a synthetic aperture tied to
/// the module size, splits the samples at the global threshold (midway between the highest and
/// lowest reflectance) and decodes that grid again (the reference decode), so that every grade
/// is what this image supports whatever reader found the symbol.
///
///     let grade = SymbolGrader.grade(image, corners: found.corners, decoded: found.decoded)
///     print(grade?.overall.letter ?? "-")  // Prints "A" for a clean render
public enum SymbolGrader {
  /// The grade of the symbol with outer corners `corners` in `image`.
  ///
  /// - Parameters:
  ///   - corners: The symbol's outer corners (the module grid's, without quiet zone) in image
  ///     pixels, in symbol order: top-left, top-right, bottom-right, bottom-left (for a mirror
  ///     image, the order that maps the symbol's own coordinates, as `FoundSymbol` gives them).
  ///   - isInverted: Whether the symbol is light on dark.
  ///   - decoded: What the symbol decoded to: its version, level and mask frame the grading, and
  ///     the reference decode must read the same payload.
  ///   - options: The aperture.
  /// - Returns: The grade, or nil when the corners do not make a quadrilateral.
  /// - Complexity: O(*size*² × *a*) for *a* aperture samples per module (at most 61), plus the
  ///   error correction of the reference decode.
  public static func grade(
    _ image: GrayImage, corners: [Point], isInverted: Bool = false, decoded: DecodedSymbol,
    options: GradingOptions = GradingOptions()
  ) -> SymbolGrade? {
    let version = decoded.version
    let size = version.size
    guard let model = SymbolModel(version, level: decoded.errorCorrectionLevel),
      var map = corners.count == 4 ? PerspectiveTransform(square: Double(size), to: corners) : nil
    else { return nil }

    // The grid: the detector's corners first, then twice fitted to the fixed patterns' edges,
    // measured at the threshold of the first sampling.
    let firstPitch = meanPitch(map, size: size)
    let edgeSampler = ReflectanceSampler(image, apertureDiameter: 0)
    let first = sampleModules(
      map, size: size,
      sampler: ReflectanceSampler(image, apertureDiameter: options.aperture * firstPitch.mean))
    let firstThreshold = (first.max + first.min) / 2
    let lines = GridMeasurement.lines(model)
    var runs: [GridMeasurement.Run] = []
    for _ in 0..<3 {
      runs = GridMeasurement.runs(
        lines, map: map, sampler: edgeSampler, threshold: firstThreshold, isInverted: isInverted)
      guard let fitted = GridMeasurement.fit(runs) else { break }
      map = fitted
    }
    // Measured once more on the final grid, so that residuals and widths are in its modules.
    runs = GridMeasurement.runs(
      lines, map: map, sampler: edgeSampler, threshold: firstThreshold, isInverted: isInverted)

    // Reflectance of every module through the aperture, on the final grid.
    let pitch = meanPitch(map, size: size)
    let apertureDiameter = options.aperture * pitch.mean
    let sampled = sampleModules(
      map, size: size, sampler: ReflectanceSampler(image, apertureDiameter: apertureDiameter))
    let reflectance = sampled.values
    let symbolContrast = sampled.max - sampled.min
    let threshold = (sampled.max + sampled.min) / 2
    let grid = reflectance.map { ($0 < threshold) != isInverted }

    // The reference decode, and the symbol as it should be.
    let reference = try? Decoder.decode(
      BitMatrix(size: size, rowMajor: grid), allowsMirrored: false)
    let decodes = reference?.bytes == decoded.bytes
    // The symbol decoded (the caller's decode): Decode is A unless the reference reading here
    // yields another payload, which means the corners are not this symbol's. A reference that
    // reads nothing at the global threshold (a photo lit unevenly) is charged where it fails:
    // the modules read wrong lower reflectance margin and unused error correction.
    let contradicts = reference != nil && !decodes
    let symbol = (decodes ? reference : nil) ?? decoded
    let read = model.codewords(in: grid, mask: symbol.mask)
    let corrected = symbol.isModel1 ? read : model.corrected(read)
    var ideal = model.idealModules(
      codewords: corrected, level: symbol.errorCorrectionLevel, mask: symbol.mask)
    if symbol.isModel1 {
      // Model 1 places its data otherwise: only its function patterns are known.
      for i in ideal.indices where !model.layout.isFunctionModule(x: i % size, y: i / size) {
        ideal[i] = grid[i]
      }
    }

    // Per module: modulation, and the margin on the right side of the threshold.
    let halfContrast = max(symbolContrast / 2, 1e-9)
    var modulation = [Double](repeating: 0, count: size * size)
    var margin = [Double](repeating: 0, count: size * size)
    for i in modulation.indices {
      modulation[i] = abs(reflectance[i] - threshold) / halfContrast
      let isImageDark = ideal[i] != isInverted
      margin[i] =
        (isImageDark ? threshold - reflectance[i] : reflectance[i] - threshold) / halfContrast
    }

    let blocks = (decodes ? reference?.blocks : nil) ?? decoded.blocks
    let unusedErrorCorrection = blocks.map(unusedShare).min() ?? 0
    let capacities = model.blockLengths.indices.map {
      blocks.indices.contains($0) ? blocks[$0].capacity : 0
    }
    let inError = zip(read, corrected).map { $0 != $1 }

    let modulationParameter = codewordParameter(
      model, moduleValues: modulation, inError: inError, capacities: capacities)
    let marginParameter = codewordParameter(
      model, moduleValues: margin, inError: inError, capacities: capacities)

    let segments = model.segments.map { segment in
      gradeSegment(segment, grid: grid, ideal: ideal, modulation: modulation)
    }
    // Each finder and timing pattern counts, and of each kind of information the better copy;
    // the grade is the worst of those, its value that one's modules below A (0 exactly for A).
    var units: [SegmentGrade] = []
    var groups: [Int: SegmentGrade] = [:]
    for (segment, graded) in zip(model.segments, segments) {
      if case .information(let group) = segment.kind {
        if let kept = groups[group], !Self.isBetter(graded, than: kept) { continue }
        groups[group] = graded
      } else {
        units.append(graded)
      }
    }
    units += groups.keys.sorted().compactMap { groups[$0] }
    let worstSegment = units.min { Self.isBetter($1, than: $0) }

    let axial = abs(pitch.x - pitch.y) / max(pitch.mean, 1e-9)
    let gridNonuniformity = GridMeasurement.gridNonuniformity(runs)
    let growth = (
      horizontal: GridMeasurement.printGrowth(runs, axis: 0) ?? 0,
      vertical: GridMeasurement.printGrowth(runs, axis: 1) ?? 0
    )
    let worstGrowth =
      abs(growth.horizontal) >= abs(growth.vertical) ? growth.horizontal : growth.vertical

    let parameters = (
      decode: GradedParameter(value: contradicts ? 0 : 1, grade: contradicts ? .f : .a),
      symbolContrast: GradedParameter(
        value: symbolContrast, grade: .atLeast(symbolContrast, [0.70, 0.55, 0.40, 0.20])),
      minimumReflectance: GradedParameter(
        value: sampled.min, grade: sampled.min <= 0.5 * sampled.max ? .a : .f),
      minimumEdgeContrast: minimumEdgeContrast(
        reflectance, ideal: ideal, isCorrect: zip(grid, ideal).map { $0 == $1 }, size: size),
      modulation: modulationParameter,
      reflectanceMargin: marginParameter,
      axialNonuniformity: GradedParameter(
        value: axial, grade: .atMost(axial, [0.06, 0.08, 0.10, 0.12])),
      gridNonuniformity: GradedParameter(
        value: gridNonuniformity, grade: .atMost(gridNonuniformity, [0.38, 0.50, 0.63, 0.75])),
      unusedErrorCorrection: GradedParameter(
        value: unusedErrorCorrection,
        grade: .atLeast(unusedErrorCorrection, [0.62, 0.50, 0.37, 0.25])),
      fixedPatternDamage: GradedParameter(
        value: Double(worstSegment?.weakModules ?? 0), grade: worstSegment?.grade ?? .a)
    )
    let overall =
      [
        parameters.decode, parameters.symbolContrast, parameters.minimumReflectance,
        parameters.minimumEdgeContrast, parameters.modulation, parameters.reflectanceMargin,
        parameters.axialNonuniformity, parameters.gridNonuniformity,
        parameters.unusedErrorCorrection, parameters.fixedPatternDamage,
      ].map(\.grade).min() ?? .f
    return SymbolGrade(
      overall: overall, decode: parameters.decode, symbolContrast: parameters.symbolContrast,
      minimumReflectance: parameters.minimumReflectance,
      minimumEdgeContrast: parameters.minimumEdgeContrast, modulation: parameters.modulation,
      reflectanceMargin: parameters.reflectanceMargin,
      axialNonuniformity: parameters.axialNonuniformity,
      gridNonuniformity: parameters.gridNonuniformity,
      unusedErrorCorrection: parameters.unusedErrorCorrection,
      fixedPatternDamage: parameters.fixedPatternDamage,
      printGrowth: GradedParameter(
        value: worstGrowth, grade: .atMost(abs(worstGrowth) / 0.5, [0.50, 0.70, 0.85, 1.00])),
      printGrowthByAxis: growth, segments: segments, maximumReflectance: sampled.max,
      moduleSize: pitch.mean, aperture: apertureDiameter)
  }

  // MARK: - Sampling

  /// The module pitch in pixels along each axis, averaged over a 5 × 5 grid of the symbol.
  static func meanPitch(_ map: PerspectiveTransform, size: Int)
    -> (x: Double, y: Double, mean: Double)
  {
    var x = 0.0
    var y = 0.0
    for i in 0..<5 {
      for j in 0..<5 {
        let pitch = map.pitch(
          x: Double(size) * (Double(j) + 0.5) / 5, y: Double(size) * (Double(i) + 0.5) / 5)
        x += pitch.x / 25
        y += pitch.y / 25
      }
    }
    return (x, y, (x + y) / 2)
  }

  /// Every module's reflectance through the sampler's aperture, row by row, with the extremes.
  static func sampleModules(
    _ map: PerspectiveTransform, size: Int, sampler: ReflectanceSampler
  ) -> (values: [Double], min: Double, max: Double) {
    var values = [Double](repeating: 0, count: size * size)
    var low = 1.0
    var high = 0.0
    for y in 0..<size {
      for x in 0..<size {
        let value = sampler.apertureReflectance(
          at: map.apply(x: Double(x) + 0.5, y: Double(y) + 0.5))
        values[y * size + x] = value
        low = min(low, value)
        high = max(high, value)
      }
    }
    return (values, low, high)
  }

  // MARK: - Grading

  /// A module's modulation (or reflectance margin) grade. ISO/IEC 15415:2011, 7.8.3.
  static func moduleGrade(_ value: Double) -> Grade {
    .atLeast(value, [0.50, 0.40, 0.30, 0.20])
  }

  /// The share of a block's correction capacity left unused: 1 − (2 *e* + *f*) / (*d* − *p*);
  /// for a block without capacity (M1), 1 when clean and 0 otherwise. ISO/IEC 18004:2015, 12.
  static func unusedShare(_ block: BlockCorrection) -> Double {
    let used = 2 * block.errorCount + block.erasureCount
    guard block.capacity > 0 else { return used == 0 ? 1 : 0 }
    return max(0, 1 - Double(used) / Double(block.capacity))
  }

  /// Whether segment `a` grades better than `b`, or as well with fewer modules below A.
  static func isBetter(_ a: SegmentGrade, than b: SegmentGrade) -> Bool {
    a.grade != b.grade ? a.grade > b.grade : a.weakModules < b.weakModules
  }

  /// Modulation or reflectance margin from every module's value: the codeword grade of
  /// `codewordGrade`, and as its value the weakest module of the codewords the grade rests on
  /// (those at the grade or above; the weaker ones were charged to their block's error
  /// correction), so that the value is never below the grade's threshold. For F, the weakest
  /// module of all, a codeword that error correction changed counting as 0.
  static func codewordParameter(
    _ model: SymbolModel, moduleValues: [Double], inError: [Bool], capacities: [Int]
  ) -> GradedParameter {
    let codewordValues = model.codewordModules.indices.map { i in
      let weakest = model.codewordModules[i].map { moduleValues[$0] }.min() ?? 0
      return inError[i] ? min(weakest, 0) : weakest
    }
    let grade = codewordGrade(
      model,
      codewordGrades: codewordValues.indices.map {
        inError[$0] ? .f : moduleGrade(codewordValues[$0])
      }, capacities: capacities)
    let resting = codewordValues.filter { grade == .f || moduleGrade($0) >= grade }
    return GradedParameter(value: resting.min() ?? codewordValues.min() ?? 0, grade: grade)
  }

  /// The codeword grade of ISO/IEC 15415 (modulation and reflectance margin): each codeword
  /// takes its weakest module's grade (0 if error correction changed it); at each grade level
  /// the codewords below it are charged to their block as errors, and the block's grade is the
  /// best level whose notional unused error correction grades as high; the symbol's is its
  /// worst block's.
  static func codewordGrade(
    _ model: SymbolModel, codewordGrades grades: [Grade], capacities: [Int]
  ) -> Grade {
    var codewordGrades = [[Grade]](repeating: [], count: model.blockLengths.count)
    for (i, grade) in grades.enumerated() {
      codewordGrades[model.codewordPlaces[i].block].append(grade)
    }
    var symbol = Grade.a
    for (block, grades) in codewordGrades.enumerated() {
      var best = Grade.f
      for level in 1...4 {
        let below = grades.count { $0.value < level }
        let capacity = capacities[block]
        let notional =
          capacity > 0 ? max(0, 1 - 2 * Double(below) / Double(capacity)) : (below == 0 ? 1 : 0)
        let notionalGrade = Grade.atLeast(notional, [0.62, 0.50, 0.37, 0.25])
        best = max(best, min(Grade(level), notionalGrade))
      }
      symbol = min(symbol, best)
    }
    return symbol
  }

  /// A fixed pattern segment's grade: at each grade level, the modules of the wrong colour or
  /// of lower modulation grade count as damaged; 0 damaged is A, 1 B, 2 C, 3 D, more F; the
  /// segment takes the best level whose damage grades as high.
  static func gradeSegment(
    _ segment: SymbolModel.Segment, grid: [Bool], ideal: [Bool], modulation: [Double]
  ) -> SegmentGrade {
    let damaged = segment.modules.count { grid[$0] != ideal[$0] }
    let weak = segment.modules.count {
      grid[$0] != ideal[$0] || moduleGrade(modulation[$0]) < .a
    }
    var best = Grade.f
    for level in 1...4 {
      let below = segment.modules.count {
        grid[$0] != ideal[$0] || moduleGrade(modulation[$0]).value < level
      }
      best = max(best, min(Grade(level), Grade(4 - below)))
    }
    return SegmentGrade(
      name: segment.name, damagedModules: damaged, weakModules: weak, grade: best)
  }

  /// The smallest reflectance difference between horizontally or vertically adjacent modules
  /// of opposite ideal colours that both read right (a module read wrong is charged to unused
  /// error correction and reflectance margin already); A at 0.15 or more, as for bar codes
  /// (ISO/IEC 15416, edge contrast).
  static func minimumEdgeContrast(
    _ reflectance: [Double], ideal: [Bool], isCorrect: [Bool], size: Int
  ) -> GradedParameter {
    var smallest = 1.0
    for y in 0..<size {
      for x in 0..<size {
        let i = y * size + x
        guard isCorrect[i] else { continue }
        if x + 1 < size, ideal[i] != ideal[i + 1], isCorrect[i + 1] {
          smallest = min(smallest, abs(reflectance[i] - reflectance[i + 1]))
        }
        if y + 1 < size, ideal[i] != ideal[i + size], isCorrect[i + size] {
          smallest = min(smallest, abs(reflectance[i] - reflectance[i + size]))
        }
      }
    }
    return GradedParameter(value: smallest, grade: smallest >= 0.15 ? .a : .f)
  }
}
