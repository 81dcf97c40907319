// SPDX-License-Identifier: MIT
// Three detector stages on their own: the alignment pattern searches, the guess of a third
// finder pattern from two, and the piecewise sampling between alignment patterns.

import Glibc
import QRCodec
import QRImage
import QRSimulator
import Testing

@testable import QRVision

/// A symbol drawn on a light canvas: the gray image, its local threshold, and the map from
/// module coordinates to the pixels where the symbol was drawn.
private struct Drawing {
  let gray: GrayImage
  let binary: BinaryImage
  let toPixels: PerspectiveTransform

  /// The pixel where module coordinates (`u`, `v`) were drawn.
  func pixel(_ u: Double, _ v: Double) -> Point { toPixels.apply(x: u, y: v) }
}

/// `image` thresholded as a detector pass thresholds a frame.
private func thresholded(_ image: GrayImage) -> BinaryImage {
  var bits = Binarizer()
  bits.binarizeLocally(image)
  return BinaryImage(width: bits.width, height: bits.height, words: bits.words)
}

/// `symbol` drawn with its corners (module (0, 0)'s, then clockwise) at `corners`, blurred by
/// `blur` pixels, on a `width` × `height` canvas.
private func drawing(
  _ symbol: EncodedSymbol, corners: [Point], width: Int, height: Int, blur: Int = 0
) throws -> Drawing {
  var canvas = Canvas(width: width, height: height)
  canvas.draw(symbol.matrix, corners: corners)
  canvas.blur(radius: blur, passes: 1)
  let toPixels = try #require(PerspectiveTransform(square: Double(symbol.size), to: corners))
  return Drawing(gray: canvas.image, binary: thresholded(canvas.image), toPixels: toPixels)
}

/// `symbol` at `moduleSize` pixels a module, centred on a canvas with room for its quiet zone,
/// turned by `degrees`; with `warped`, its right-hand corners pulled in by 3–5 % of the side,
/// so that the symbol is seen in mild perspective (its right side some 8 % shorter than its
/// left).
private func drawing(
  _ symbol: EncodedSymbol, moduleSize: Double, degrees: Double = 0, warped: Bool = false,
  blur: Int = 0
) throws -> Drawing {
  let side = Double(symbol.size) * moduleSize
  let extent = Int(side * 1.5 + 12 * moduleSize)
  let centre = Point(x: Double(extent) / 2, y: Double(extent) / 2)
  var corners = Canvas.square(centre: centre, side: side, degrees: degrees)
  if warped {
    corners[1] = corners[1] + Point(x: -0.05 * side, y: 0.03 * side)
    corners[2] = corners[2] + Point(x: -0.04 * side, y: -0.05 * side)
  }
  return try drawing(symbol, corners: corners, width: extent, height: extent, blur: blur)
}

/// The symbol of `version` at level M, with `text` in it.
private func symbol(version: Int, _ text: String = "stage tests") throws
  -> EncodedSymbol
{
  var options = EncodeOptions()
  options.version = .qr(try #require(Version(version)))
  return try Encoder.encode(text: text, options: options)
}

/// The module coordinates of the centre of the bottom-right alignment pattern of `symbol`.
private func lastAlignmentCentre(_ symbol: EncodedSymbol) throws -> Point {
  let version = try #require(Version(size: symbol.size))
  let last = Double(try #require(version.alignmentPatternCentres.last))
  return Point(x: last + 0.5, y: last + 0.5)
}

// MARK: - AlignmentPatternSearch.find

/// On the threshold of a drawn symbol of versions 2–6, at 3, 5 and 8 pixels a module, square
/// and in mild perspective, the search from a prediction a module and a half off (within four
/// modules, as the locator searches) finds the bottom-right alignment pattern, its centre
/// within a third of a module of where the pattern was drawn.
@Test(arguments: [2, 3, 4, 5, 6], [3.0, 5.0, 8.0])
func alignmentPatternIsFoundAtItsCentre(version: Int, moduleSize: Double) throws {
  let symbol = try symbol(version: version)
  let target = try lastAlignmentCentre(symbol)
  for warped in [false, true] {
    let drawn = try drawing(symbol, moduleSize: moduleSize, degrees: 0, warped: warped)
    let truth = drawn.pixel(target.x, target.y)
    let predicted = truth + Point(x: 1.2 * moduleSize, y: -0.9 * moduleSize)
    let found = try #require(
      AlignmentPatternSearch.find(
        drawn.binary, near: predicted, radius: 4 * moduleSize, moduleSize: moduleSize),
      "version \(version), \(moduleSize) px, warped \(warped)")
    #expect(
      found.distance(to: truth) < moduleSize / 3,
      "version \(version), \(moduleSize) px, warped \(warped): \(found) for \(truth)")
  }
}

/// Of several alignment patterns within the window, the search gives the one nearest the
/// prediction: on a version-7 symbol (patterns 16 modules apart), a window of 20 modules
/// around a prediction a module off the centre pattern holds its neighbours too, and the centre
/// one is found; predicted near its right neighbour, that one is.
@Test func alignmentPatternNearestThePredictionIsFound() throws {
  let symbol = try symbol(version: 7)
  let moduleSize = 4.0
  let drawn = try drawing(symbol, moduleSize: moduleSize, degrees: 8)
  for (u, v) in [(22.5, 22.5), (38.5, 22.5)] {
    let truth = drawn.pixel(u, v)
    let found = try #require(
      AlignmentPatternSearch.find(
        drawn.binary, near: truth + Point(x: moduleSize, y: moduleSize),
        radius: 20 * moduleSize, moduleSize: moduleSize))
    #expect(found.distance(to: truth) < moduleSize / 3, "(\(u), \(v)): \(found) for \(truth)")
  }
}

/// Where no alignment pattern is, the search finds nothing: on a light image, on a dark one,
/// in a window over a finder pattern (its runs are 1:1:3:1:1, the stone three modules wide),
/// in a window beside a symbol's alignment pattern that does not reach it, and on an
/// alignment pattern whose modules are more than twice the size asked for.
@Test func alignmentSearchFindsNothingWhereNoPatternIs() throws {
  let light = BinaryImage(width: 120, height: 90, bits: [UInt8](repeating: 0, count: 120 * 90))
  let dark = BinaryImage(width: 120, height: 90, bits: [UInt8](repeating: 1, count: 120 * 90))
  for image in [light, dark] {
    #expect(
      AlignmentPatternSearch.find(image, near: Point(x: 60, y: 45), radius: 40, moduleSize: 5)
        == nil)
  }
  let symbol = try symbol(version: 4)
  let moduleSize = 5.0
  let drawn = try drawing(symbol, moduleSize: moduleSize)
  // Within three modules of the top-left finder pattern's centre: the finder pattern alone.
  #expect(
    AlignmentPatternSearch.find(
      drawn.binary, near: drawn.pixel(3.5, 3.5), radius: 3 * moduleSize, moduleSize: moduleSize)
      == nil)
  // The alignment pattern is found within four modules of a prediction three modules to its
  // right, but not within two.
  let target = try lastAlignmentCentre(symbol)
  let beside = drawn.pixel(target.x + 3, target.y)
  #expect(
    AlignmentPatternSearch.find(
      drawn.binary, near: beside, radius: 4 * moduleSize, moduleSize: moduleSize) != nil)
  #expect(
    AlignmentPatternSearch.find(
      drawn.binary, near: beside, radius: 2 * moduleSize, moduleSize: moduleSize) == nil)
  // Drawn at 8 pixels a module, asked for 3: every run is too long.
  let large = try drawing(symbol, moduleSize: 8)
  let truth = large.pixel(target.x, target.y)
  #expect(
    AlignmentPatternSearch.find(large.binary, near: truth, radius: 24, moduleSize: 8) != nil)
  #expect(AlignmentPatternSearch.find(large.binary, near: truth, radius: 24, moduleSize: 3) == nil)
}

// MARK: - AlignmentPatternSearch.findInGray

/// On the gray levels of a drawn symbol of versions 2–6, turned and in mild perspective, at 2
/// pixels a module sharp and at 2.6, 3 and 5 blurred by a pixel (a 3-pixel box), the gray
/// search from a map a module or so off finds the bottom-right alignment pattern within a
/// quarter of a module of where it was drawn.
@Test(
  arguments: [2, 3, 4, 5, 6], [(2.0, 0), (2.6, 1), (3.0, 1), (5.0, 1)] as [(Double, Int)])
func alignmentPatternIsFoundOnGrayLevels(version: Int, look: (Double, Int)) throws {
  let (moduleSize, blur) = look
  let symbol = try symbol(version: version)
  let target = try lastAlignmentCentre(symbol)
  let drawn = try drawing(symbol, moduleSize: moduleSize, degrees: 11, warped: true, blur: blur)
  let truth = drawn.pixel(target.x, target.y)
  // The map off by (1.1, -0.8) modules, as a prediction from the finder patterns may be.
  let offset = drawn.pixel(target.x + 1.1, target.y - 0.8) - truth
  let corners = [(0.0, 0.0), (1, 0), (1, 1), (0, 1)].map { u, v in
    drawn.pixel(u * Double(symbol.size), v * Double(symbol.size)) + offset
  }
  let local = try #require(PerspectiveTransform(square: Double(symbol.size), to: corners))
  let gray = GrayView(image: drawn.gray, isInverted: false)
  let search = AlignmentPatternSearch.findInGray(gray, target: target, local: local, radius: 2.5)
  let found = try #require(search, "version \(version), \(moduleSize) px, blur \(blur)")
  #expect(
    found.distance(to: truth) < moduleSize / 4,
    "version \(version), \(moduleSize) px: \(found) for \(truth)")
}

/// A light-on-dark symbol's alignment pattern is found on the gray levels read as inverted,
/// and not on the same levels read as dark-on-light (its stone is light there).
@Test func invertedAlignmentPatternIsFoundOnInvertedGrayLevels() throws {
  let symbol = try symbol(version: 3)
  let moduleSize = 4.0
  let size = Double(symbol.size)
  let extent = Int((size + 12) * moduleSize)
  let corners = Canvas.square(
    centre: Point(x: Double(extent) / 2, y: Double(extent) / 2), side: size * moduleSize,
    degrees: 0)
  var canvas = Canvas(width: extent, height: extent, background: 20)
  canvas.draw(symbol.matrix, corners: corners, dark: 235, light: 20)
  let toPixels = try #require(PerspectiveTransform(square: size, to: corners))
  let target = try lastAlignmentCentre(symbol)
  let truth = toPixels.apply(target)
  let inverted = GrayView(image: canvas.image, isInverted: true)
  let found = try #require(
    AlignmentPatternSearch.findInGray(inverted, target: target, local: toPixels, radius: 0.5))
  #expect(found.distance(to: truth) < moduleSize / 4, "\(found) for \(truth)")
  let upright = GrayView(image: canvas.image, isInverted: false)
  #expect(
    AlignmentPatternSearch.findInGray(upright, target: target, local: toPixels, radius: 0.5)
      == nil)
}

/// Where the gray levels show no alignment pattern the gray search finds nothing: on an even
/// gray image, and on a checkerboard of module-sized squares (a threshold shows it as rows of
/// 1:1:1:1:1 runs, but its 5 × 5 levels hardly correlate with the pattern's).
@Test func grayAlignmentSearchFindsNothingWhereNoPatternIs() throws {
  let moduleSize = 5
  let local = try #require(
    PerspectiveTransform(
      square: 1,
      to: [
        Point(x: 0, y: 0), Point(x: Double(moduleSize), y: 0),
        Point(x: Double(moduleSize), y: Double(moduleSize)), Point(x: 0, y: Double(moduleSize)),
      ]))
  let target = Point(x: 12.5, y: 12.5)
  let even = GrayImage(width: 125, height: 125, filledWith: 128)
  var board = GrayImage(width: 125, height: 125, filledWith: 235)
  for y in 0..<125 {
    for x in 0..<125 where (x / moduleSize + y / moduleSize) % 2 == 0 { board[x, y] = 20 }
  }
  for image in [even, board] {
    let gray = GrayView(image: image, isInverted: false)
    #expect(
      AlignmentPatternSearch.findInGray(gray, target: target, local: local, radius: 2.5) == nil)
  }
  // The same search over an alignment pattern drawn into the board does find it there.
  for y in 0..<(5 * moduleSize) {
    for x in 0..<(5 * moduleSize) {
      let ring = max(abs(x / moduleSize - 2), abs(y / moduleSize - 2))
      board[50 + x, 50 + y] = ring == 1 ? 235 : 20
    }
  }
  let found = try #require(
    AlignmentPatternSearch.findInGray(
      GrayView(image: board, isInverted: false), target: target, local: local, radius: 2.5))
  #expect(found.distance(to: Point(x: 62.5, y: 62.5)) < Double(moduleSize) / 4)
}

// MARK: - QRLocator.thirdPatternGuesses

/// The three finder patterns of `drawn` as the scanner finds them, and the index in the scan
/// of the top-left, top-right and bottom-left one (each within a module of where it was drawn).
private func scannedFinders(_ drawn: Drawing, size: Int, moduleSize: Double) throws
  -> (patterns: [FinderPattern], indices: [Int], truth: [Point])
{
  let patterns = FinderPatternScanner.scan(
    drawn.binary, rowStep: 1, region: (0, 0, drawn.binary.width, drawn.binary.height))
  let far = Double(size) - 3.5
  let truth = [drawn.pixel(3.5, 3.5), drawn.pixel(far, 3.5), drawn.pixel(3.5, far)]
  let indices = try truth.map { centre in
    try #require(patterns.indices.first { patterns[$0].centre.distance(to: centre) < moduleSize })
  }
  return (patterns, indices, truth)
}

/// Whether `guesses` name `expected` (the roles of the two given patterns and the third) with
/// the third placed within `tolerance` pixels of `truth`.
private func guesses(
  _ guesses: [(triple: QRLocator.Triple, placed: FinderPattern)],
  contain expected: QRLocator.Triple,
  near truth: Point, within tolerance: Double
) -> Bool {
  guesses.contains { $0.triple == expected && $0.placed.centre.distance(to: truth) < tolerance }
}

/// Given two of a drawn symbol's finder patterns as the scanner found them, in either order,
/// the guesses include the triple with each pattern in its real role and the third placed
/// within a module of the third pattern's centre: for the top-left with the top-right, the
/// top-left with the bottom-left, and the diagonal pair; for versions 1, 4 and 10, square,
/// turned and upside down. The placed pattern takes the two patterns' module size.
@Test(arguments: [1, 4, 10], [0.0, 17.0, 200.0])
func thirdPatternIsGuessedFromAnyTwo(version: Int, degrees: Double) throws {
  let symbol = try symbol(version: version)
  let moduleSize = 4.0
  let drawn = try drawing(symbol, moduleSize: moduleSize, degrees: degrees)
  let (patterns, roles, truth) = try scannedFinders(drawn, size: symbol.size, moduleSize: 4)
  let third = patterns.count
  // Each pair (as roles 0 top-left, 1 top-right, 2 bottom-left) and the role left over.
  for (a, b, missing) in [(0, 1, 2), (0, 2, 1), (1, 2, 0)] {
    for (first, second) in [(a, b), (b, a)] {
      var index = roles
      index[missing] = third
      let expected = QRLocator.Triple(
        topLeft: index[0], topRight: index[1], bottomLeft: index[2], score: 0)
      let all = QRLocator.thirdPatternGuesses(patterns, roles[first], roles[second], third: third)
      #expect(
        guesses(all, contain: expected, near: truth[missing], within: moduleSize),
        "version \(version) at \(degrees)°: roles \(first), \(second)")
      let mean = (patterns[roles[first]].moduleSize + patterns[roles[second]].moduleSize) / 2
      #expect(all.allSatisfy { abs($0.placed.moduleSize - mean) < 1e-9 })
    }
  }
}

/// Of the guesses for two neighbouring finder patterns of a drawn symbol, whose timing pattern
/// shows, only the right one shows it (and is located, whatever the budget); where nothing
/// shows (the same two patterns on a blank page), no guess does, and every one is located.
@Test(arguments: [2, 7])
func onlyTheGuessWhoseTimingPatternsShowIsLocated(version: Int) throws {
  let symbol = try symbol(version: version)
  let moduleSize = 4.0
  let drawn = try drawing(symbol, moduleSize: moduleSize, degrees: 10)
  let (patterns, roles, truth) = try scannedFinders(drawn, size: symbol.size, moduleSize: 4)
  let third = patterns.count
  for (first, second, missing) in [(0, 1, 2), (0, 2, 1)] {
    let all = QRLocator.thirdPatternGuesses(patterns, roles[first], roles[second], third: third)
    let showing = QRLocator.guessesShowingTiming(drawn.binary, patterns, all)
    let located = zip(all, showing).filter(\.1).map(\.0)
    #expect(!located.isEmpty && located.count < all.count, "roles \(first), \(second)")
    #expect(
      located.allSatisfy { $0.placed.centre.distance(to: truth[missing]) < moduleSize },
      "roles \(first), \(second)")
    let blank = BinaryImage(
      width: drawn.binary.width, height: drawn.binary.height,
      words: [UInt64](repeating: 0, count: drawn.binary.words.count))
    #expect(QRLocator.guessesShowingTiming(blank, patterns, all).allSatisfy { !$0 })
  }
}

/// The span the guesses allow holds every version: finder patterns 14 modules apart (version
/// 1) and 170 apart (version 40), neighbours or across the diagonal, get the right guess.
/// Patterns closer than a symbol's (7 modules apart, touching) get none.
@Test func thirdPatternGuessesSpanEveryVersion() {
  let moduleSize = 3.0
  for span in [14.0, 170.0] {
    let step = span * moduleSize
    let truth = [
      Point(x: 50, y: 50), Point(x: 50 + step, y: 50), Point(x: 50, y: 50 + step),
    ]
    let patterns = truth.map { FinderPattern(centre: $0, moduleSize: moduleSize) }
    for (first, second, missing) in [(0, 1, 2), (0, 2, 1), (1, 2, 0)] {
      var index = [0, 1, 2]
      index[missing] = 3
      let expected = QRLocator.Triple(
        topLeft: index[0], topRight: index[1], bottomLeft: index[2], score: 0)
      let all = QRLocator.thirdPatternGuesses(patterns, first, second, third: 3)
      #expect(
        guesses(all, contain: expected, near: truth[missing], within: 0.01),
        "span \(span): \(first), \(second)")
    }
  }
  let touching = [
    FinderPattern(centre: Point(x: 50, y: 50), moduleSize: moduleSize),
    FinderPattern(centre: Point(x: 50 + 7 * moduleSize, y: 50), moduleSize: moduleSize),
  ]
  #expect(QRLocator.thirdPatternGuesses(touching, 0, 1, third: 2).isEmpty)
}

/// Two patterns whose module sizes differ twofold or more (the corner of a large symbol and
/// a small one, say) belong to no one symbol: no guesses, in either order.
@Test(arguments: [2.0, 3.0])
func noGuessesForPatternsOfDifferentModuleSizes(ratio: Double) throws {
  let symbol = try symbol(version: 4)
  let drawn = try drawing(symbol, moduleSize: 4, degrees: 17)
  var (patterns, roles, _) = try scannedFinders(drawn, size: symbol.size, moduleSize: 4)
  #expect(!QRLocator.thirdPatternGuesses(patterns, roles[0], roles[1], third: 9).isEmpty)
  patterns[roles[1]].moduleSize *= ratio
  for (first, second) in [(roles[0], roles[1]), (roles[1], roles[0])] {
    #expect(QRLocator.thirdPatternGuesses(patterns, first, second, third: 9).isEmpty)
  }
}

// MARK: - QRLocator.samplePiecewise

/// The map from module coordinates to the pixels of the three finder pattern centres and the
/// bottom-right alignment pattern centre of `symbol`, as `place` puts module coordinates.
private func finderAndAlignmentMap(_ symbol: EncodedSymbol, _ place: (Double, Double) -> Point)
  throws -> PerspectiveTransform
{
  let far = Double(symbol.size) - 3.5
  let last = try lastAlignmentCentre(symbol)
  let modules = [Point(x: 3.5, y: 3.5), Point(x: far, y: 3.5), last, Point(x: 3.5, y: far)]
  return try #require(
    PerspectiveTransform(from: modules, to: modules.map { place($0.x, $0.y) }))
}

/// A flat symbol of versions 7, 10 and 14 at 4 pixels a module, slightly turned, sampled cell
/// by cell between its alignment patterns from the map it was drawn with: every module reads
/// as the encoder placed it, with or without the gray levels, and the symbol's corners come
/// out within half a module of where they were drawn.
@Test(arguments: [7, 10, 14])
func piecewiseSamplingReadsAFlatSymbol(version: Int) throws {
  let symbol = try symbol(version: version)
  let moduleSize = 4.0
  let drawn = try drawing(symbol, moduleSize: moduleSize, degrees: 6)
  let qrVersion = try #require(Version(version))
  let size = Double(symbol.size)
  let truth = [
    drawn.pixel(0, 0), drawn.pixel(size, 0), drawn.pixel(size, size), drawn.pixel(0, size),
  ]
  for gray in [nil, GrayView(image: drawn.gray, isInverted: false)] {
    let (matrix, _, corners) = try #require(
      QRLocator.samplePiecewise(
        drawn.binary, gray: gray, drawn.toPixels, version: qrVersion,
        moduleSize: moduleSize),
      "version \(version), gray \(gray != nil)")
    #expect(mismatches(matrix, symbol.matrix) == 0, "version \(version), gray \(gray != nil)")
    #expect(corners.count == 4)
    for (corner, expected) in zip(corners, truth) {
      #expect(corner.distance(to: expected) < moduleSize / 2, "\(corner) for \(expected)")
    }
  }
}

/// A symbol on a sagging page (its rows bowed by three modules in the middle), given the one
/// homography through its finder patterns and bottom-right alignment pattern: that map
/// misreads modules, the cells between the alignment patterns found read every one.
@Test func piecewiseSamplingFollowsASaggingPage() throws {
  let symbol = try symbol(version: 14)
  let version = try #require(Version(14))
  let (moduleSize, sag) = (4.0, 3.0)
  let origin = Point(x: 30, y: 20)
  let size = Double(symbol.size)
  func place(_ u: Double, _ v: Double) -> Point {
    Point(
      x: origin.x + moduleSize * u,
      y: origin.y + moduleSize * (v + sag * sin(Double.pi * min(max(u, 0), size) / size)))
  }
  let extent = Int((size + 8) * moduleSize) + 40
  var canvas = Canvas(width: extent, height: extent + Int(sag * moduleSize))
  canvas.drawSagging(symbol.matrix, origin: origin, moduleSize: moduleSize, sag: sag)
  let binary = thresholded(canvas.image)
  let map = try finderAndAlignmentMap(symbol, place)
  let (whole, _) = GridSampler.sample(binary, map, size: symbol.size)
  #expect(mismatches(whole, symbol.matrix) > 0)
  for gray in [nil, GrayView(image: canvas.image, isInverted: false)] {
    let (matrix, _, _) = try #require(
      QRLocator.samplePiecewise(
        binary, gray: gray, map, version: version, moduleSize: moduleSize),
      "gray \(gray != nil)")
    #expect(mismatches(matrix, symbol.matrix) == 0, "gray \(gray != nil)")
  }
}

/// No piecewise reading where it cannot be made: a version with fewer than 3 × 3 alignment
/// positions (version 6 has 2 × 2), and an empty image, where no alignment pattern is found.
@Test func piecewiseSamplingNeedsAnAlignmentGrid() throws {
  let six = try symbol(version: 6)
  let drawn = try drawing(six, moduleSize: 4)
  let sixth = try #require(Version(6))
  #expect(
    QRLocator.samplePiecewise(
      drawn.binary, gray: GrayView(image: drawn.gray, isInverted: false), drawn.toPixels,
      version: sixth, moduleSize: 4) == nil)
  let seven = try #require(Version(7))
  let blank = GrayImage(width: 260, height: 260, filledWith: 235)
  let map = try #require(
    PerspectiveTransform(
      square: Double(seven.size),
      to: [
        Point(x: 20, y: 20), Point(x: 200, y: 20), Point(x: 200, y: 200), Point(x: 20, y: 200),
      ]))
  for gray in [nil, GrayView(image: blank, isInverted: false)] {
    #expect(
      QRLocator.samplePiecewise(
        thresholded(blank), gray: gray, map, version: seven, moduleSize: 4) == nil)
  }
}
