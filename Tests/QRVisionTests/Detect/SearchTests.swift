// SPDX-License-Identifier: MIT
// The search's stages on their own: triples ranked by their timing patterns, the pyramid, the
// trace.

import QRCodec
import QRImage
import QRSimulator
import Testing

@testable import QRVision

/// A sheet of four symbols in a 2 × 2 grid, each with a quiet zone of four modules: the
/// top-left patterns of neighbours make right angles as good as a symbol's own.
private func sheet(moduleSize: Double = 4) throws -> (image: GrayImage, sides: [[Point]]) {
  var canvas = Canvas(width: 520, height: 520)
  var sides: [[Point]] = []
  for (index, text) in ["sheet 1", "sheet 2", "sheet 3", "sheet 4"].enumerated() {
    let symbol = try #require(encode(text))
    let side = Double(symbol.size) * moduleSize
    let origin = Point(x: 40 + Double(index % 2) * 240, y: 40 + Double(index / 2) * 240)
    let corners = [
      origin, origin + Point(x: side, y: 0), origin + Point(x: side, y: side),
      origin + Point(x: 0, y: side),
    ]
    canvas.draw(symbol.matrix, corners: corners)
    sides.append(corners)
  }
  return (canvas.image, sides)
}

/// The sheet's finder patterns as a pass at full size sees them, with their triples.
private func sheetTriples() throws -> (
  binary: BinaryImage, patterns: [FinderPattern], triples: [QRLocator.Triple], sides: [[Point]]
) {
  let (image, sides) = try sheet()
  var bits = Binarizer()
  bits.binarizeLocally(image)
  let binary = BinaryImage(width: bits.width, height: bits.height, words: bits.words)
  let patterns = FinderPatternScanner.scan(
    binary, rowStep: 1, region: (0, 0, image.width, image.height))
  return (binary, patterns, QRLocator.triples(patterns), sides)
}

/// All of `triples` ranked (`QRLocator.Ranking`): the strong ones, then the weak.
private func ranked(
  _ triples: [QRLocator.Triple], _ binary: BinaryImage, _ patterns: [FinderPattern]
) -> (strong: [QRLocator.Triple], weak: [QRLocator.Triple]) {
  var ranking = QRLocator.Ranking(triples)
  let strong = triples.indices.filter { ranking.isStrong($0, binary, patterns) }
  return (strong.map { triples[$0] }, ranking.weak(binary, patterns) { _ in false })
}

@Test func rankingPutsASymbolsOwnTriplesFirstAndNeighboursAfter() throws {
  let (binary, patterns, triples, sides) = try sheetTriples()
  #expect(patterns.count == 12)
  let ranked = ranked(triples, binary, patterns)
  // Which symbol a pattern belongs to: the quadrilateral it lies in.
  func owner(_ index: Int) -> Int? {
    let centre = patterns[index].centre
    return sides.firstIndex { corners in
      centre.x > corners[0].x && centre.x < corners[1].x && centre.y > corners[0].y
        && centre.y < corners[2].y
    }
  }
  func isOwn(_ triple: QRLocator.Triple) -> Bool {
    let owners = [triple.topLeft, triple.topRight, triple.bottomLeft].map(owner)
    return owners[0] != nil && owners.allSatisfy { $0 == owners[0] }
  }
  // Every symbol's own triple is strong; no triple across symbols is, though many are square.
  #expect(ranked.strong.filter(isOwn).count == 4)
  #expect(ranked.strong.allSatisfy(isOwn))
  #expect(ranked.weak.filter { !isOwn($0) }.count >= 8)
}

@Test func rankingAsTheAttemptsGoLeavesOutUsedTriplesAndKeepsTheOrder() throws {
  let (binary, patterns, triples, _) = try sheetTriples()
  // The order, measured all at once: every triple's evidence, the strong ones as given, the
  // weak ones by fewer partial patterns, those of strong patterns, then more evidence, then
  // position.
  let evidence = triples.map { QRLocator.timingEvidence(binary, patterns, $0) }
  let strongIndices = triples.indices.filter { evidence[$0] >= DetectorTuning.strongTiming }
  let weakIndices = triples.indices.filter { evidence[$0] < DetectorTuning.strongTiming }.sorted {
    func key(_ index: Int) -> (Int, Int, Double, Int) {
      let triple = triples[index]
      return (triple.partialPatterns, triple.weakPatterns == 0 ? 0 : 1, -evidence[index], index)
    }
    return key($0) < key($1)
  }
  // The patterns of the first strong triple, as if its symbol were read.
  let read = triples[try #require(strongIndices.first)]
  func isUsed(_ triple: QRLocator.Triple) -> Bool {
    let spent = [read.topLeft, read.topRight, read.bottomLeft]
    return [triple.topLeft, triple.topRight, triple.bottomLeft].contains { spent.contains($0) }
  }
  var ranking = QRLocator.Ranking(triples)
  #expect(triples.indices.filter { ranking.isStrong($0, binary, patterns) } == strongIndices)
  let weak = ranking.weak(binary, patterns, skipping: isUsed)
  #expect(weak == weakIndices.map { triples[$0] }.filter { !isUsed($0) })
  #expect(weak.count < weakIndices.count)
}

@Test func strongPatternsMakeATripleHoweverManyWeakOnesLieBetween() {
  // A large symbol's three patterns, seen on six lines and all round, and twenty patterns of
  // its padding nearer to each other than to them, seen once: grouped with its nearest
  // neighbours only, no strong pattern would find its partners.
  func pattern(_ x: Double, _ y: Double, count: Int) -> FinderPattern {
    var pattern = FinderPattern(centre: Point(x: x, y: y), moduleSize: 4, count: count)
    pattern.isConfirmedAllRound = count > 1
    return pattern
  }
  var patterns = [pattern(30, 30, count: 6), pattern(614, 30, count: 6)]
  for index in 0..<20 {
    patterns.append(pattern(200 + Double(index % 5) * 40, 200 + Double(index / 5) * 40, count: 1))
  }
  patterns.append(pattern(30, 614, count: 6))
  let triples = QRLocator.triples(patterns, neighbours: DetectorTuning.tripleNeighbours)
  let own = triples.first { triple in
    Set([triple.topLeft, triple.topRight, triple.bottomLeft]) == [0, 1, patterns.count - 1]
  }
  #expect(own?.topLeft == 0)
  #expect(own?.weakPatterns == 0)
  #expect(triples.first == own)
}

@Test func theStrongestTriplesComeFirstWhateverTheirOrder() throws {
  let (binary, patterns, triples, _) = try sheetTriples()
  // The sheet's patterns all strong but one: the triples with it, strong by their timing,
  // come after the strongest.
  var weakened = patterns
  weakened[0].count = 1
  let regrouped = QRLocator.triples(weakened)
  var ranking = QRLocator.Ranking(regrouped)
  var order: [(QRLocator.Triple, Bool)] = []
  ranking.strong(binary, weakened, skipping: { _ in false }) { triple, isStrongest in
    order.append((triple, isStrongest))
    return true
  }
  #expect(order.count == 4)
  #expect(order.map(\.1) == [true, true, true, false])
  #expect(order.allSatisfy { ($0.0.weakPatterns == 0) == $0.1 })
  #expect(triples.count == regrouped.count)
}

@Test func aCodeFillingALargeFrameIsReadAtEveryEffort() throws {
  // 60 pixels a module, located at a coarser level of the pyramid, where its modules are a few
  // pixels. (The real photos of codes filling a 12 MP frame, among texture and blur, are the
  // sharper check: `Benchmarks/realphotos.py --check`, category close.)
  let text = "filling the frame"
  let symbol = try #require(encode(text))
  var canvas = Canvas(width: 1800, height: 1500, background: 120)
  let side = Double(symbol.size) * 60
  let corners = Canvas.square(centre: Point(x: 900, y: 750), side: side, degrees: 4)
  canvas.draw(symbol.matrix, corners: corners)
  for effort in [DetectorOptions.Effort.balanced, .accurate] {
    var options = DetectorOptions()
    options.effort = effort
    var detector = Detector(options: options)
    #expect(detector.detect(in: canvas.image).map(\.decoded.text) == [text], "\(effort)")
  }
}

@Test func traceTellsEachPassItsPatternsAndEachAttemptItsOutcome() throws {
  let (image, _) = try sheet()
  var options = DetectorOptions()
  var quiet = Detector(options: options)
  #expect(quiet.detect(in: image).count == 4)
  #expect(quiet.lastTrace.events.isEmpty)
  options.tracesSearch = true
  var detector = Detector(options: options)
  #expect(detector.detect(in: image).count == 4)
  var passes = 0
  var read = 0
  for event in detector.lastTrace.events {
    switch event {
    case .pass(let level, _, _, let window, let patterns):
      passes += 1
      if level == 0 && passes == 1 {
        #expect(patterns.count == 12)
        #expect(window == DetectorOptions.Region(x: 0, y: 0, width: 520, height: 520))
      }
    case .triple(let centres, _, let evidence, let outcome):
      #expect(centres.count == 3)
      if outcome == .read {
        read += 1
        #expect(evidence >= DetectorTuning.strongTiming)
      }
    default: break
    }
  }
  #expect(passes == detector.lastWork.passes)
  #expect(read == 4)
  #expect(detector.lastTrace.events.first?.description.hasPrefix("pass level 0 local") == true)
}

/// A clean symbol's own triple shows its timing patterns through the affine map of its
/// centres at every version up to 10, turned or not, though the scan's module sizes run a
/// fifth too large square-on (anti-aliased edges): the evidence is strict against triples
/// across symbols, never against a symbol seen square-on.
@Test(arguments: [1, 2, 4, 7, 10])
func aSymbolsOwnTripleHasStrongTimingEvidence(version: Int) throws {
  var options = EncodeOptions()
  options.version = .qr(try #require(Version(version)))
  let symbol = try Encoder.encode(text: "timing \(version)", options: options)
  for degrees in [0.0, 30.0] {
    var canvas = Canvas(width: 900, height: 900)
    let corners = Canvas.square(
      centre: Point(x: 450, y: 450), side: Double(symbol.size) * 4, degrees: degrees)
    canvas.draw(symbol.matrix, corners: corners)
    var bits = Binarizer()
    bits.binarizeLocally(canvas.image)
    let binary = BinaryImage(width: bits.width, height: bits.height, words: bits.words)
    let patterns = FinderPatternScanner.scan(binary, rowStep: 1, region: (0, 0, 900, 900))
    let ranked = ranked(QRLocator.triples(patterns), binary, patterns)
    #expect(ranked.strong.count == 1, "version \(version) at \(degrees)°")
  }
}

@Test func doublingInterpolatesBetweenPixelCentres() {
  // A dark and a light pixel: the new pixels a quarter and three quarters of the way across
  // weigh the nearer source pixel 3 to 1; the edge pixels repeat themselves beyond the edge.
  let pair = GrayImage(width: 2, height: 1, pixels: [0, 255]).doubled()
  #expect(pair.width == 4 && pair.height == 2)
  #expect(pair.pixels == [0, 64, 191, 255, 0, 64, 191, 255])
  // A ramp stays a ramp at the new pixel centres: point (x, y) there is (x / 2, y / 2) here.
  let ramp = GrayImage(width: 8, height: 8, pixels: (0..<64).map { UInt8(($0 % 8) * 32) })
  let doubled = ramp.doubled()
  for y in 0..<16 {
    for x in 2..<14 {
      let expected = ((Double(x) + 0.5) / 2 - 0.5) * 32
      #expect(abs(Double(doubled[x, y]) - expected) <= 0.5, "(\(x), \(y))")
    }
  }
  // A flat image stays flat.
  let flat = GrayImage(width: 5, height: 3, filledWith: 77).doubled()
  #expect(flat.pixels.allSatisfy { $0 == 77 })
}

@Test func symbolsTooSmallForTheFramesPixelsAreReadInTheDoubledWindow() throws {
  // Codes printed at 1.6–2.8 px a module and blurred, several to a frame: one located and not
  // read at the frame's own pixels is read where its window is doubled (level −1 in the trace).
  var options = DetectorOptions()
  options.tracesSearch = true
  var detector = Detector(options: options)
  let scene = SceneGenerator.scene(.small, index: 10, seed: 11)
  let expected = Set(scene.codes.map(\.text))
  var read: [String: Int] = [:]
  for detection in detector.detect(in: scene.image) {
    read[detection.decoded.text ?? "", default: 0] += 1
  }
  #expect(Set(read.keys).isSubset(of: expected))
  #expect(read.values.allSatisfy { $0 == 1 }, "each symbol once")
  var doubled = 0
  var readDoubled = 0
  var level = 0
  for event in detector.lastTrace.events {
    switch event {
    case .pass(let passLevel, _, _, let window, _):
      level = passLevel
      if passLevel == -1 {
        doubled += 1
        // The window is told in frame pixels, within the frame.
        #expect(window.x + window.width <= scene.image.width)
        #expect(window.y + window.height <= scene.image.height)
      }
    case .triple(_, _, _, .read) where level == -1, .guess(_, .read) where level == -1:
      readDoubled += 1
    default: break
    }
  }
  #expect(doubled >= 1)
  #expect(readDoubled >= 1)
  #expect(read.count == 2)
  // The scene this test took before the faint look read its small symbol first still reads
  // the six it read.
  let earlier = SceneGenerator.scene(.small, index: 3, seed: 11)
  let earlierRead = detector.detect(in: earlier.image).compactMap(\.decoded.text)
  #expect(Set(earlierRead).isSubset(of: Set(earlier.codes.map(\.text))))
  #expect(earlierRead.count == 6 && Set(earlierRead).count == 6)
  // A symbol with modules of four pixels or more is never doubled.
  let (sheetImage, _) = try sheet()
  #expect(detector.detect(in: sheetImage).count == 4)
  #expect(
    !detector.lastTrace.events.contains {
      if case .pass(-1, _, _, _, _) = $0 { true } else { false }
    })
}

/// A frame whose first look read its symbol and saw nothing else promising is done but for the
/// contrast-only threshold at half size (a faint symbol beside it): the rest of the cheap look
/// (other thresholds at half size) is for frames that saw nothing, and a frame with the symbol
/// taken away still gets it.
@Test func aFrameReadWithNothingElsePromisingEndsAfterItsFirstLook() throws {
  let text = "one symbol"
  let symbol = try #require(encode(text))
  var options = DetectorOptions()
  options.tracesSearch = true
  func passes(_ image: GrayImage) -> (read: [String], levelOnePasses: [String]) {
    var detector = Detector(options: options)
    let read = detector.detect(in: image).compactMap(\.decoded.text)
    let levelOne = detector.lastTrace.events.compactMap { event -> String? in
      guard case .pass(let level, _, _, _, _) = event, level == 1 else { return nil }
      return event.description.components(separatedBy: " window").first
    }
    return (read, levelOne)
  }
  var canvas = Canvas(width: 640, height: 560, background: 200)
  let empty = passes(canvas.image)
  canvas.draw(
    symbol.matrix, corners: Canvas.square(centre: Point(x: 320, y: 280), side: 200, degrees: 5))
  let withSymbol = passes(canvas.image)
  #expect(withSymbol.read == [text])
  // The first look's half-size level, both polarities, the contrast-only threshold, and
  // nothing after it.
  #expect(
    withSymbol.levelOnePasses == [
      "pass level 1 local", "pass level 1 local inverted", "pass level 1 contrastOnly",
    ])
  #expect(empty.read.isEmpty)
  #expect(empty.levelOnePasses.count > withSymbol.levelOnePasses.count)
}

/// A lone strong pattern promises a symbol to the other thresholds; one confirmed without its
/// diagonals (thin rings, or a faint symbol's whose noise breaks them) does so only when seen on
/// `DetectorTuning.thinRingPromise` scan lines or more, and none does that did not hold all
/// round.
@Test func aThinRingedPatternPromisesASymbolOnlyWhenSeenOnManyLines() {
  func pattern(count: Int, diagonals: Bool, allRound: Bool = true) -> FinderPattern {
    var pattern = FinderPattern(
      centre: Point(x: 100, y: 100), moduleSize: 4.5, count: count)
    pattern.showsDiagonals = diagonals
    pattern.isConfirmedAllRound = allRound
    return pattern
  }
  let many = DetectorTuning.thinRingPromise
  #expect(Detector.Sighting([pattern(count: 2, diagonals: true)]).isPromising)
  #expect(!Detector.Sighting([pattern(count: 2, diagonals: false)]).isPromising)
  #expect(!Detector.Sighting([pattern(count: many - 1, diagonals: false)]).isPromising)
  #expect(Detector.Sighting([pattern(count: many, diagonals: false)]).isPromising)
  #expect(!Detector.Sighting([pattern(count: many, diagonals: true, allRound: false)]).isPromising)
}

/// A faint symbol (modules 18 gray levels apart, on a flat mid-gray background, so that the
/// local threshold takes its blocks for flat and guesses them light) beside a plain one: the
/// plain one read, the frame still takes the contrast-only threshold at half size, which reads
/// the faint one.
@Test func aFaintSymbolBesideAReadOneIsRead() throws {
  let (plain, faint) = ("plain beside", "faint beside")
  let plainSymbol = try #require(encode(plain))
  let faintSymbol = try #require(encode(faint))
  var canvas = Canvas(width: 960, height: 540, background: 128)
  canvas.draw(
    plainSymbol.matrix,
    corners: Canvas.square(centre: Point(x: 240, y: 270), side: 180, degrees: 3))
  canvas.draw(
    faintSymbol.matrix,
    corners: Canvas.square(centre: Point(x: 690, y: 270), side: 150, degrees: -4), dark: 124,
    light: 142)
  canvas.addGaussianNoise(sigma: 3, seed: 7)
  var detector = Detector(options: DetectorOptions())
  let read = Set(detector.detect(in: canvas.image).compactMap(\.decoded.text))
  #expect(read == [plain, faint])
}

/// A faint scene: besides a plain symbol, a faint one that the contrast-only threshold reads
/// at half size, and a small faint one (modules of 2.6 pixels) that only that threshold at
/// full size resolves, which no pattern points to. The read of the first faint symbol sends the
/// contrast-only threshold over the whole frame at full size, which reads the small one.
@Test func aFaintReadSendsTheContrastOnlyThresholdOverTheWholeFrame() throws {
  let texts: Set = ["plain in a faint scene", "faint beside", "faint, small"]
  let plain = try #require(encode("plain in a faint scene"))
  let faint = try #require(encode("faint beside"))
  let small = try #require(encode("faint, small"))
  var canvas = Canvas(width: 1280, height: 720, background: 128)
  canvas.draw(
    plain.matrix, corners: Canvas.square(centre: Point(x: 240, y: 360), side: 180, degrees: 3))
  canvas.draw(
    faint.matrix, corners: Canvas.square(centre: Point(x: 690, y: 360), side: 150, degrees: -4),
    dark: 124, light: 142)
  canvas.draw(
    small.matrix, corners: Canvas.square(centre: Point(x: 1050, y: 200), side: 55, degrees: 5),
    dark: 124, light: 142)
  canvas.addGaussianNoise(sigma: 3, seed: 7)
  var detector = Detector(options: DetectorOptions())
  let read = Set(detector.detect(in: canvas.image).compactMap(\.decoded.text))
  #expect(read == texts)
}

/// Two symbols side by side, each with a pattern lost (glare, a tear), the right one lower: in
/// scan order a pattern of the right one comes between the left one's two. The pairs come
/// nearest together first, each symbol's own before any across the two; a pair farther apart
/// than a version 40 symbol's diagonal is left out.
@Test func pairsComeNearestTogetherFirst() {
  let centres = [(58.0, 58.0), (398.0, 98.0), (467.0, 98.0), (58.0, 127.0)]
  var patterns = centres.map { FinderPattern(centre: Point(x: $0.0, y: $0.1), moduleSize: 6) }
  // Two tiny patterns farther apart than `pairReach` of their modules.
  let reach = DetectorTuning.pairReach
  patterns.append(FinderPattern(centre: Point(x: 600, y: 400), moduleSize: 1))
  patterns.append(FinderPattern(centre: Point(x: 600 + reach + 1, y: 400), moduleSize: 1))
  let pairs = QRLocator.pairs(patterns, among: Array(patterns.indices))
  #expect(pairs.prefix(2).map { [$0.0, $0.1] } == [[0, 3], [1, 2]])
  #expect(pairs.count == 14)
  #expect(!pairs.contains { $0 == (4, 5) })
}
