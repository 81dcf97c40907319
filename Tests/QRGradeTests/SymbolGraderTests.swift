// SPDX-License-Identifier: MIT
// Known answers: symbols drawn with known defects, and how each parameter must move.

import QRCodec
import QRImage
import Testing

@testable import QRGrade

@Suite struct SymbolGraderTests {
  @Test(arguments: [SymbolVersion.qr(Version(1)!), .qr(Version(7)!), .micro(.m2), .micro(.m4)])
  func cleanRenderIsA(version: SymbolVersion) throws {
    let grade = try #require(try TestSymbol.make(version).grade())
    for (name, parameter) in grade.parameters {
      #expect(parameter.grade == .a, "\(name) \(parameter)")
    }
    #expect(grade.overall == .a)
    #expect(grade.symbolContrast.value > 0.99)
    #expect(grade.gridNonuniformity.value < 0.05)
    #expect(grade.axialNonuniformity.value < 0.01)
    #expect(abs(grade.printGrowth.value) < 0.05)
    #expect(grade.unusedErrorCorrection.value == 1)
  }
}

// MARK: - Contrast

extension SymbolGraderTests {
  /// Symbol contrast is light − dark; its grade changes at 0.70, 0.55, 0.40 and 0.20, and the
  /// minimum reflectance fails once the dark is more than half the light.
  @Test(arguments: [
    (0.71, Grade.a), (0.69, .b), (0.56, .b), (0.54, .c), (0.41, .c), (0.39, .d), (0.21, .d),
    (0.19, .f),
  ])
  func symbolContrastAtThresholds(contrast: Double, expected: Grade) throws {
    var test = try TestSymbol.make(.qr(Version(2)!))
    test.dark = 1 - contrast
    let grade = try #require(try test.grade())
    #expect(abs(grade.symbolContrast.value - contrast) < 0.005)
    #expect(grade.symbolContrast.grade == expected)
    #expect(grade.minimumReflectance.grade == (1 - contrast <= 0.5 ? .a : .f))
    #expect(grade.overall <= expected)
  }

  @Test func minimumReflectanceAtHalfTheMaximum() throws {
    var test = try TestSymbol.make(.micro(.m3))
    test.light = 0.8
    test.dark = 0.41
    #expect(try #require(try test.grade()).minimumReflectance.grade == .f)
    test.dark = 0.39
    let grade = try #require(try test.grade())
    #expect(grade.minimumReflectance.grade == .a)
    #expect(abs(grade.minimumReflectance.value - 0.39) < 0.005)
  }

  /// Modulation of every light data module set to a level: the codeword grade is that level's
  /// (A ≥ 0.50, B ≥ 0.40, C ≥ 0.30, D ≥ 0.20), and reflectance margin with it.
  @Test(arguments: [
    (0.52, Grade.a), (0.48, .b), (0.42, .b), (0.38, .c), (0.32, .c), (0.28, .d), (0.22, .d),
    (0.18, .f),
  ])
  func modulationAtThresholds(modulation: Double, expected: Grade) throws {
    var test = try TestSymbol.make(.qr(Version(3)!))
    let model = try #require(
      SymbolModel(test.symbol.version, level: test.symbol.errorCorrectionLevel))
    for modules in model.codewordModules {
      for index in modules
      where !test.symbol.matrix.isDark(x: index % test.size, y: index / test.size) {
        test.moduleReflectance[index] = 0.5 + modulation / 2
      }
    }
    let grade = try #require(try test.grade())
    #expect(abs(grade.modulation.value - modulation) < 0.01)
    #expect(grade.modulation.grade == expected)
    #expect(grade.reflectanceMargin.grade == expected)
    #expect(grade.decode.grade == .a)
    #expect(grade.symbolContrast.grade == .a)
    #expect(grade.overall == expected)
  }

  /// A few weak codewords are what error correction is for: modulation stays A while their
  /// charge leaves the notional unused error correction at 0.62 or more, and falls after.
  @Test func weakCodewordsChargedToErrorCorrection() throws {
    var test = try TestSymbol.make(.qr(Version(5)!), level: .quartile)
    let model = try #require(SymbolModel(test.symbol.version, level: .quartile))
    // Block 0 has 18 error correction codewords and no misdecode protection: 3 weak codewords
    // leave 1 − 6/18 = 0.67 (A), 4 leave 0.56 (B).
    let block0 = model.codewordPlaces.indices.filter { model.codewordPlaces[$0].block == 0 }
    func weaken(_ count: Int) throws -> SymbolGrade {
      var copy = test
      for codeword in block0.prefix(count) {
        for index in model.codewordModules[codeword] {
          let isDark = test.symbol.matrix.isDark(x: index % test.size, y: index / test.size)
          copy.moduleReflectance[index] = isDark ? 0.45 : 0.55  // modulation 0.1: F
        }
      }
      return try #require(try copy.grade())
    }
    #expect(try weaken(3).modulation.grade == .a)
    #expect(try weaken(4).modulation.grade == .b)
    #expect(try weaken(7).modulation.grade == .f)
    // The value is the weakest module the grade rests on: never below the grade's threshold
    // (issue 44: 0.007 was C), and the weakest of all for F.
    #expect(try weaken(3).modulation.value >= 0.5)
    #expect(try weaken(4).modulation.value >= 0.4)
    #expect(try weaken(7).modulation.value < 0.2)
    test.dark = 0
  }
}

// MARK: - Geometry

extension SymbolGraderTests {
  /// Modules stretched along y by a known ratio: axial nonuniformity 2 (r − 1) / (r + 1),
  /// graded at 0.06, 0.08, 0.10 and 0.12.
  @Test(arguments: [(0.05, Grade.a), (0.07, .b), (0.09, .c), (0.11, .d), (0.13, .f)])
  func axialNonuniformityFromStretch(nonuniformity: Double, expected: Grade) throws {
    var test = try TestSymbol.make(.qr(Version(2)!))
    test.moduleHeight = test.moduleWidth * (2 + nonuniformity) / (2 - nonuniformity)
    let grade = try #require(try test.grade())
    #expect(abs(grade.axialNonuniformity.value - nonuniformity) < 0.004)
    #expect(grade.axialNonuniformity.grade == expected)
    #expect(grade.gridNonuniformity.grade == .a)
  }

  /// One alignment pattern moved bodily by a known distance, the grid elsewhere true: grid
  /// nonuniformity measures the move.
  @Test(arguments: [0.0, 0.2, 0.45, 0.7])
  func gridNonuniformityFromLocalWarp(shift: Double) throws {
    var test = try TestSymbol.make(.qr(Version(7)!))
    // Version 7's alignment patterns are centred on modules 6, 22 and 38; move (22, 22).
    test.warp = { u, v in
      let distance = max(abs(u - 22.5), abs(v - 22.5))
      let weight = min(max((5.5 - distance) / 2, 0), 1)
      return (shift * weight, 0)
    }
    let grade = try #require(try test.grade())
    #expect(abs(grade.gridNonuniformity.value - shift) < 0.08, "\(grade.gridNonuniformity)")
  }

  /// Corners off by a third of a module (a detector's error) change nothing: the grid is fitted
  /// again to the fixed patterns.
  @Test func cornersNeedNotBeExact() throws {
    let test = try TestSymbol.make(.qr(Version(4)!))
    let decoded = try Decoder.decode(test.symbol.matrix)
    let offsets = [Point(x: 3, y: -2), Point(x: -2, y: 2), Point(x: 2, y: 3), Point(x: -3, y: -2)]
    let corners = zip(test.corners, offsets).map { $0 + $1 }
    let grade = try #require(SymbolGrader.grade(test.image(), corners: corners, decoded: decoded))
    #expect(grade.overall == .a)
    #expect(grade.gridNonuniformity.value < 0.05)
  }

  /// Dark modules spread or shrunk by a known amount on every side: print growth is twice that,
  /// along both axes, and graded against half a module.
  @Test(arguments: [(0.1, Grade.a), (-0.1, .a), (0.15, .b), (-0.15, .b)])
  func printGrowthFromDilation(growth: Double, expected: Grade) throws {
    var test = try TestSymbol.make(.qr(Version(2)!))
    test.growth = growth
    test.samples = 5
    let grade = try #require(try test.grade())
    #expect(abs(grade.printGrowthByAxis.horizontal - 2 * growth) < 0.03)
    #expect(abs(grade.printGrowthByAxis.vertical - 2 * growth) < 0.03)
    #expect(grade.printGrowth.grade == expected)
    #expect(grade.gridNonuniformity.value < 0.05)
  }
}

// MARK: - Error correction and fixed patterns

extension SymbolGraderTests {
  /// Codewords of one block damaged (one module each): unused error correction is exactly
  /// 1 − 2 k / 18 for version 5-Q's 18 error correction codewords per block.
  @Test(arguments: [(0, Grade.a), (3, .a), (4, .b), (5, .c), (6, .d), (7, .f)])
  func unusedErrorCorrectionExact(damaged: Int, expected: Grade) throws {
    var test = try TestSymbol.make(.qr(Version(5)!), level: .quartile)
    let model = try #require(SymbolModel(test.symbol.version, level: .quartile))
    let block0 = model.codewordPlaces.indices.filter { model.codewordPlaces[$0].block == 0 }
    for codeword in block0.prefix(damaged) {
      test.flipped.insert(model.codewordModules[codeword][3])
    }
    let grade = try #require(try test.grade())
    #expect(grade.unusedErrorCorrection.value == 1 - 2 * Double(damaged) / 18)
    #expect(grade.unusedErrorCorrection.grade == expected)
    #expect(grade.decode.grade == .a)
    #expect(grade.reflectanceMargin.grade == expected)
  }

  /// Modules of a finder pattern drawn wrong: 1 damaged is B, 2 C, 3 D, 4 F.
  @Test(arguments: [SymbolVersion.qr(Version(3)!), .micro(.m4)])
  func fixedPatternDamageInFinder(version: SymbolVersion) throws {
    let expected: [Grade] = [.a, .b, .c, .d, .f]
    for count in 0...4 {
      var test = try TestSymbol.make(version)
      for x in 0..<count { test.flipped.insert(0 * test.size + x + 1) }
      let grade = try #require(try test.grade())
      #expect(grade.fixedPatternDamage.grade == expected[count], "\(count) damaged")
      #expect(grade.fixedPatternDamage.value == Double(count))
    }
  }

  /// Faint finder modules (modulation below A, right colour): the value counts them, so it is 0
  /// exactly when the grade is A (issue 44: 0 was graded B).
  @Test func fixedPatternDamageValueCountsWeakModules() throws {
    for count in 0...2 {
      var test = try TestSymbol.make(.qr(Version(3)!))
      for x in 0..<count { test.moduleReflectance[x + 1] = 0.35 }  // dark, modulation 0.3: C
      let grade = try #require(try test.grade())
      #expect(grade.fixedPatternDamage.value == Double(count), "\(count) faint")
      #expect((grade.fixedPatternDamage.grade == .a) == (count == 0), "\(count) faint")
    }
  }

  @Test func fixedPatternDamageInTimingAndFormat() throws {
    var test = try TestSymbol.make(.qr(Version(3)!))
    test.flipped = [6 * test.size + 10]
    var grade = try #require(try test.grade())
    #expect(grade.fixedPatternDamage.grade == .b)
    #expect(grade.segments.first { $0.name == "timing-horizontal" }?.damagedModules == 1)
    // Format information: one copy damaged leaves the other; both damaged grade the better.
    test.flipped = [8 * test.size + 2]
    grade = try #require(try test.grade())
    #expect(grade.fixedPatternDamage.grade == .a)
    test.flipped = [8 * test.size + 2, 8 * test.size + test.size - 2]
    grade = try #require(try test.grade())
    #expect(grade.fixedPatternDamage.grade == .b)
  }
}

// MARK: - The instrument

extension SymbolGraderTests {
  @Test func apertureIsAFractionOfTheModule() throws {
    let test = try TestSymbol.make(.qr(Version(1)!))
    let grade = try #require(try test.grade(aperture: 0.5))
    #expect(abs(grade.moduleSize - 8) < 0.05)
    #expect(abs(grade.aperture - 4) < 0.05)
  }

  @Test func invertedSymbolGradesA() throws {
    var test = try TestSymbol.make(.qr(Version(2)!))
    test.light = 0
    test.dark = 1
    let decoded = try Decoder.decode(test.symbol.matrix)
    let grade = try #require(
      SymbolGrader.grade(test.image(), corners: test.corners, isInverted: true, decoded: decoded))
    #expect(grade.overall == .a)
  }

  /// A symbol lit from one side (a photograph): one global threshold reads the dim half all
  /// dark, so the reference decode reads nothing; the symbol decoded all the same, so Decode is
  /// A, and the misread modules fail reflectance margin, which the summary names (issue 44).
  @Test func unevenLightIsChargedToMarginNotDecode() throws {
    var test = try TestSymbol.make(.qr(Version(2)!))
    for y in 0..<test.size {
      for x in 0..<test.size / 2 {
        let isDark = test.symbol.matrix.isDark(x: x, y: y)
        test.moduleReflectance[y * test.size + x] = isDark ? 0.0 : 0.45
      }
      for x in test.size / 2..<test.size {
        let isDark = test.symbol.matrix.isDark(x: x, y: y)
        test.moduleReflectance[y * test.size + x] = isDark ? 0.55 : 1.0
      }
    }
    let grade = try #require(try test.grade())
    #expect(grade.decode.grade == .a)
    #expect(grade.decode.value == 1)
    #expect(grade.reflectanceMargin.grade == .f)
    #expect(grade.overall == .f)
    #expect(grade.summary.hasPrefix("0.0/F, limited by "), "\(grade.summary)")
    #expect(grade.summary.contains("reflectance margin"), "\(grade.summary)")
  }

  /// The summary names every parameter at the overall grade, with its value, what the next
  /// grade needs and what it usually means.
  @Test func summaryNamesWhatLimitsTheGrade() throws {
    var test = try TestSymbol.make(.qr(Version(3)!))
    let model = try #require(
      SymbolModel(test.symbol.version, level: test.symbol.errorCorrectionLevel))
    for modules in model.codewordModules {
      for index in modules
      where !test.symbol.matrix.isDark(x: index % test.size, y: index / test.size) {
        test.moduleReflectance[index] = 0.5 + 0.32 / 2
      }
    }
    let grade = try #require(try test.grade())
    #expect(grade.overall == .c)
    #expect(grade.limitingParameters.map(\.name) == ["modulation", "reflectanceMargin"])
    #expect(
      grade.summary.wholeMatch(
        of:
          #/2\.0/C, limited by modulation 0\.3\d* \(C; B from 0\.4 with few weaker codewords\): modules vary in darkness: .*; reflectance margin 0\.3\d* \(C; .*/#
      ) != nil,
      "\(grade.summary)")
    #expect(
      try TestSymbol.make(.qr(Version(1)!)).grade()?.summary == "4.0/A: every parameter grades A")
  }

  /// A grade is never better than the image: a payload that is not the one decoded, or corners
  /// on another place of the image, fail.
  @Test func wrongPayloadFailsDecode() throws {
    let test = try TestSymbol.make(.qr(Version(2)!))
    var options = EncodeOptions()
    options.version = .qr(Version(2)!)
    let other = try Decoder.decode(try Encoder.encode(text: "ANOTHER", options: options).matrix)
    let grade = try #require(
      SymbolGrader.grade(test.image(), corners: test.corners, decoded: other))
    #expect(grade.decode.grade == .f)
    #expect(grade.overall == .f)
  }
}
