// SPDX-License-Identifier: MIT
// The detector on rendered scenes: rotation, scale, perspective, blur, noise, lighting, many codes.

import QRCodec
import QRImage
import QRSimulator
import Testing

@testable import QRVision

/// Detects and decodes the symbols in `image` and returns the candidate that decoded to
/// `text`, if any; the decoder verifies, so the sampled grid may differ from `symbol` only
/// where error correction repaired it.
private func locateOne(
  _ image: GrayImage, _ symbol: EncodedSymbol, text: String,
  effort: DetectorOptions.Effort = .balanced
) -> SymbolCandidate? {
  var options = DetectorOptions()
  options.effort = effort
  var detector = Detector(options: options)
  let found = detector.detect(in: image)
  return found.first { $0.decoded.text == text && $0.candidate.matrix.size == symbol.size }?
    .candidate
}

/// Renders one symbol at `corners` (module corners of the symbol, no quiet zone) on a canvas.
private func scene(
  _ symbol: EncodedSymbol, corners: [Point], width: Int = 400, height: Int = 400
) -> Canvas {
  var scene = Canvas(width: width, height: height)
  scene.draw(symbol.matrix, corners: corners)
  return scene
}

/// The largest distance between located and expected corners, in modules.
private func cornerError(_ candidate: SymbolCandidate, _ expected: [Point], moduleSize: Double)
  -> Double
{
  zip(candidate.corners, expected).map { $0.distance(to: $1) }.max().map { $0 / moduleSize }
    ?? .infinity
}

@Test(arguments: stride(from: 0, to: 360, by: 15).map { Double($0) })
func rotationSweep(degrees: Double) throws {
  let text = "https://example.com/rotation"
  let symbol = try #require(encode(text))
  let corners = Canvas.square(
    centre: Point(x: 200, y: 200), side: Double(symbol.size) * 5, degrees: degrees)
  let image = scene(symbol, corners: corners).image
  let candidate = try #require(locateOne(image, symbol, text: text))
  #expect(mismatches(candidate.matrix, symbol.matrix) == 0)
  #expect(cornerError(candidate, corners, moduleSize: 5) < 1)
  #expect(!candidate.isMirrored)
}

@Test(arguments: [1.5, 2, 2.5, 3, 4, 6, 8, 10, 14, 20])
func scaleSweep(moduleSize: Double) throws {
  let text = "scale sweep 0123456789"
  let symbol = try #require(encode(text))
  let side = Double(symbol.size) * moduleSize
  let canvas = Int(side + 16 * moduleSize)
  let corners = Canvas.square(
    centre: Point(x: Double(canvas) / 2, y: Double(canvas) / 2), side: side, degrees: 0)
  let image = scene(symbol, corners: corners, width: canvas, height: canvas).image
  let candidate = try #require(locateOne(image, symbol, text: text, effort: .accurate))
  // At 1.5 pixels a module, antialiasing leaves a few modules grey: the decoder repairs them.
  #expect(mismatches(candidate.matrix, symbol.matrix) <= (moduleSize < 2 ? 16 : 0))
}

@Test(arguments: [1, 3, 5, 7, 10, 15, 20, 25, 30, 40])
func versionSweep(version: Int) throws {
  var options = EncodeOptions()
  options.version = .qr(try #require(Version(version)))
  let text = "version \(version)"
  let symbol = try Encoder.encode(text: text, options: options)
  let moduleSize = max(3.0, 600.0 / Double(symbol.size + 8))
  let side = Double(symbol.size) * moduleSize
  let canvas = Int(side * 1.2 + 10 * moduleSize)  // room for the 10° turn
  let corners = Canvas.square(
    centre: Point(x: Double(canvas) / 2, y: Double(canvas) / 2), side: side, degrees: 10)
  let image = scene(symbol, corners: corners, width: canvas, height: canvas).image
  let candidate = try #require(locateOne(image, symbol, text: text))
  #expect(mismatches(candidate.matrix, symbol.matrix) == 0)
}

@Test(arguments: [0.0, 0.15, 0.3, 0.45])
func perspective(steepness: Double) throws {
  let text = "perspective test payload, version three or so"
  let symbol = try #require(encode(text))
  // The right edge recedes: shorter and pulled in, as a page turned away from the camera.
  let (left, right, top, bottom) = (80.0, 320.0, 80.0, 320.0)
  let shrink = (bottom - top) * steepness / 2
  let corners = [
    Point(x: left, y: top), Point(x: right - shrink, y: top + shrink),
    Point(x: right - shrink, y: bottom - shrink), Point(x: left, y: bottom),
  ]
  let image = scene(symbol, corners: corners).image
  let candidate = try #require(locateOne(image, symbol, text: text))
  #expect(mismatches(candidate.matrix, symbol.matrix) == 0)
}

/// Version-2 symbols of `texts` side by side, 350 pixels apart, each seen as steeply as below
/// (its corner between the finder patterns opened to 138°), blurred a little.
private func steepScene(_ texts: [String]) throws -> GrayImage {
  var scene = Canvas(width: 350 * texts.count, height: 350, background: 200)
  for (index, text) in texts.enumerated() {
    let symbol = try #require(encode(text))
    #expect(symbol.size == 25)
    let offset = Point(x: Double(index) * 350, y: 0)
    scene.draw(
      symbol.matrix,
      corners: [
        Point(x: 127.7, y: 109.4), Point(x: 301.5, y: 48.1), Point(x: 200.9, y: 197.6),
        Point(x: 50.9, y: 298.6),
      ].map { $0 + offset }, quietZone: 2)
  }
  scene.blur(radius: 1, passes: 1)
  return scene.image
}

/// The geometry of qrcode-2/30a: a version-2 symbol seen so obliquely that its corner between
/// the finder patterns opens to 138° and the far patterns are thin slanted shapes whose corners
/// the threshold eats. The grid comes from the finder centres and the alignment pattern,
/// searched for on the gray levels.
@Test(arguments: [0, 1, 2, 3])
func steepPerspectiveSmallSymbol(quarterTurns: Int) throws {
  let text = "steep: 138 degrees"
  let scene = try steepScene([text])
  var detector = Detector()
  let image = rotated(scene, quarterTurns: quarterTurns)
  #expect(detector.detect(in: image).map(\.decoded.text) == [text])
}

/// The wide alignment search is for triples whose patterns were each seen on a few scan lines
/// (`DetectorTuning.wideAlignmentSightings`): the same steep triple, its patterns as seen and
/// as if each had been seen once (as texture's mostly are), is searched for and then not.
@Test func theWideSearchWantsPatternsSeenOnAFewLines() throws {
  let scene = try steepScene(["steep: 138 degrees"])
  var bits = Binarizer()
  bits.binarizeLocally(scene)
  let binary = BinaryImage(width: bits.width, height: bits.height, words: bits.words)
  let seen = FinderPatternScanner.scan(binary, rowStep: 2, region: (0, 0, 350, 350))
  #expect(seen.count == 3)
  #expect(seen.allSatisfy { $0.count >= DetectorTuning.wideAlignmentSightings })
  let gray = GrayView(image: scene, isInverted: false)
  var onceEach = seen
  for index in onceEach.indices { onceEach[index].count = 1 }
  for (patterns, searched) in [(seen, 1), (onceEach, 0)] {
    let triple = try #require(QRLocator.triples(patterns).first)
    var searches = 0
    _ = QRLocator.locate(
      binary, gray: gray, patterns, triple, alignmentSearches: &searches, limit: 1
    ) { FinderPatternCorners.find(binary, patterns[$0]) }
    #expect(searches == searched)
  }
}

/// Seven symbols each needing the wide alignment search (the geometry above), which together
/// take more searches than a frame may spend on attempts that read nothing: searches that read
/// a symbol are not counted against that limit. (Seen so steeply, a symbol's timing patterns
/// do not show through the affine map of its centres any better than those of triples across
/// symbols, which are tried among its own; not all seven are read.)
@Test func searchesThatReadDoNotCountAgainstTheLimit() throws {
  let texts = (1...7).map { "steep: 138 degrees \($0)" }
  let scene = try steepScene(texts)
  var detector = Detector()
  let found = detector.detect(in: scene)
  let read = found.compactMap(\.decoded.text)
  #expect(
    read.count >= 5 && Set(read).isSubset(of: texts), "\(read.count) read, \(detector.lastWork)")
  #expect(detector.lastWork.alignmentSearches > DetectorTuning.alignmentSearches)
}

@Test func blurNoiseLowContrastAndGradient() throws {
  let text = "spoiled but readable"
  let symbol = try #require(encode(text))
  let corners = Canvas.square(
    centre: Point(x: 200, y: 200), side: Double(symbol.size) * 6, degrees: 20)
  var spoiled = Canvas(width: 400, height: 400, background: 160)
  spoiled.draw(symbol.matrix, corners: corners, dark: 100, light: 160)  // low contrast
  spoiled.blur(radius: 1)
  spoiled.addNoise(amplitude: 6, seed: 7)
  spoiled.light(left: 0.7, right: 1.2)  // contrast 42 on the left, 72 on the right
  #expect(locateOne(spoiled.image, symbol, text: text) != nil)
}

@Test func invertedSymbol() throws {
  let text = "light on dark"
  let symbol = try #require(encode(text))
  let corners = Canvas.square(
    centre: Point(x: 200, y: 200), side: Double(symbol.size) * 6, degrees: 30)
  var image = scene(symbol, corners: corners)
  image.invert()
  let candidate = try #require(locateOne(image.image, symbol, text: text))
  #expect(candidate.isInverted)
}

@Test func mirroredSymbol() throws {
  let text = "seen in a mirror"
  let symbol = try #require(encode(text))
  var corners = Canvas.square(
    centre: Point(x: 200, y: 200), side: Double(symbol.size) * 6, degrees: 40)
  corners = [corners[1], corners[0], corners[3], corners[2]]
  let candidate = try #require(locateOne(scene(symbol, corners: corners).image, symbol, text: text))
  #expect(candidate.isMirrored)
  #expect(mismatches(candidate.matrix, symbol.matrix) == 0)
}

@Test func manyCodesOfDifferentSizes() throws {
  var scene = Canvas(width: 900, height: 700)
  var texts: [String] = []
  for index in 0..<12 {
    let text = "code number \(index) " + String(repeating: "x", count: index * 6)
    let symbol = try #require(encode(text))
    texts.append(text)
    // 2 to 5 pixels a module, and at most 150 pixels wide so that turned codes never touch.
    let moduleSize = min(2 + Double(index % 4), 150 / Double(symbol.size))
    let centre = Point(x: 110 + Double(index % 4) * 220, y: 110 + Double(index / 4) * 230)
    scene.draw(
      symbol.matrix,
      corners: Canvas.square(
        centre: centre, side: Double(symbol.size) * moduleSize, degrees: Double(index) * 29))
  }
  var detector = Detector()
  let found = detector.detect(in: scene.image).compactMap(\.decoded.text)
  #expect(found.sorted() == texts.sorted())
}

@Test(arguments: ["1", "12345", "HELLO M3", "MICRO QR M4 TEXT"])
func microQR(text: String) throws {
  let symbol = try #require(encode(text, micro: true, level: .low))
  for degrees in [0.0, 35, 90, 200] {
    let corners = Canvas.square(
      centre: Point(x: 150, y: 150), side: Double(symbol.size) * 6, degrees: degrees)
    var scene = Canvas(width: 300, height: 300)
    scene.draw(symbol.matrix, corners: corners, quietZone: 2)
    let candidate = try #require(
      locateOne(scene.image, symbol, text: text), "\(text) at \(degrees)°")
    #expect(candidate.kind == .micro)
    // Turned, the grid comes from one finder pattern alone: a module or two may be off,
    // which the decoder repaired (the payload matched).
    #expect(
      mismatches(candidate.matrix, symbol.matrix) <= symbol.size * symbol.size / 50,
      "\(text) at \(degrees)°")
  }
}

/// Stylised codes draw dark modules as dots and finder patterns as a bare disc, with no dark
/// ring to give the 1:1:3:1:1 runs (qrcode-2/#258): the stones themselves are found.
@Test(arguments: [0.0, 90, 25, 200])
func dotStyledSymbolWithBareStoneFinders(degrees: Double) throws {
  let symbol = try #require(encode("https://example.com/dots"))
  var scene = Canvas(width: 400, height: 400)
  scene.draw(
    symbol.matrix,
    corners: Canvas.square(
      centre: Point(x: 200, y: 200), side: Double(symbol.size) * 8, degrees: degrees),
    dots: true)
  var detector = Detector()
  #expect(detector.detect(in: scene.image).map(\.decoded.text) == ["https://example.com/dots"])
}

/// A large symbol on a sagging page at under three pixels a module (qrcode-2/high-res-1): no
/// homography fits, so the timing patterns read as noise. The version information read beside
/// each finder pattern gives the version, and the alignment patterns found cell by cell (on
/// the gray levels where the threshold spoils them) give the grid.
@Test(arguments: [0.0, 90])
func largeSymbolOnASaggingPage(degrees: Double) throws {
  let text = String(repeating: "QR codes on a curved page bend out of any one plane. ", count: 17)
  let symbol = try #require(encode(text))
  #expect(symbol.size >= 113)
  var scene = Canvas(width: 400, height: 400)
  scene.drawSagging(
    symbol.matrix, origin: Point(x: 30, y: 20), moduleSize: 2.6, sag: 5)
  scene.blur(radius: 1, passes: 1)
  let image = rotated(scene.image, quarterTurns: Int(degrees) / 90)
  var detector = Detector()
  #expect(detector.detect(in: image).map(\.decoded.text) == [text])
}

@Test func blankAndNoiseFramesGiveNothing() {
  var options = DetectorOptions()
  options.effort = .accurate
  var detector = Detector(options: options)
  #expect(detector.detect(in: GrayImage(width: 640, height: 480, filledWith: 128)).isEmpty)
  var noise = Canvas(width: 320, height: 240, background: 128)
  noise.addNoise(amplitude: 120, seed: 3)
  #expect(detector.detect(in: noise.image).isEmpty)
}

/// A frame of pure Gaussian noise is full of 1:1:3:1:1 runs; the frame budget bounds what it
/// costs (counted, not timed): no fallback threshold at balanced effort, and at most the
/// effort's units of work (the last attempt may add a fitted grid, 2 units).
@Test(arguments: DetectorOptions.Effort.allCases)
func noiseFrameCostsBoundedWork(effort: DetectorOptions.Effort) throws {
  var options = DetectorOptions()
  options.effort = effort
  var detector = Detector(options: options)
  var noise = Canvas(width: 640, height: 480, background: 128)
  noise.addGaussianNoise(sigma: 50, seed: 11)
  #expect(detector.detect(in: noise.image).isEmpty)
  let work = detector.lastWork
  #expect(work.units <= effort.plan.budget.units + 2)
  #expect(work.partialTriples <= effort.plan.budget.partialTriples)
  if effort != .accurate { #expect(work.passes <= 2) }
  // A frame with a symbol still reads, and costs little.
  let symbol = try #require(encode("budget"))
  var scene = Canvas(width: 640, height: 480)
  scene.draw(
    symbol.matrix,
    corners: Canvas.square(
      centre: Point(x: 320, y: 240), side: Double(symbol.size) * 4, degrees: 10)
  )
  #expect(detector.detect(in: scene.image).map(\.decoded.text) == ["budget"])
  #expect(detector.lastWork.units <= 4)
}

@Test func detectKeepsOnlyWhatTheDecoderAccepts() throws {
  let symbol = try #require(encode("verified"))
  let corners = Canvas.square(
    centre: Point(x: 200, y: 200), side: Double(symbol.size) * 5, degrees: 0)
  var detector = Detector()
  let image = scene(symbol, corners: corners).image
  let rejected = detector.detect(in: image) { _ in Int?.none }
  #expect(rejected.isEmpty)
  let found = detector.detect(in: image) { candidate in
    mismatches(candidate.matrix, symbol.matrix) == 0 ? "verified" : nil
  }
  #expect(found.map(\.decoded) == ["verified"])
}
