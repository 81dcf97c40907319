// SPDX-License-Identifier: MIT
// The detector: gray frames in, located and verified symbols out.

import QRCodec
import QRImage

/// Finds QR Code and Micro QR symbols in gray images and reads them with qrpipe's decoder.
///
/// A detector keeps its buffers between frames (they are reallocated only when the frame size
/// changes), so reuse one per stream. It is a `Sendable` value type: give each thread its own
/// (`qrdetect --jobs N` runs N of them).
///
///     var detector = Detector(options: DetectorOptions())
///     for detection in detector.detect(in: image) {
///       print(detection.decoded.text ?? "", detection.candidate.corners)
///     }
///
/// Each pass binarizes the image (local 8 × 8 block means), scans rows for finder patterns
/// confirmed across and diagonally, groups them into triples by geometry (those whose timing
/// patterns show between them tried first: `QRLocator.Ranking`), fits a homography to
/// their centres and corners, settles the version by the timing patterns (and version
/// information), refines with the alignment pattern, and samples the modules; lone finder
/// patterns are tried as Micro QR. Every plausible reading goes to the decoder until one
/// decodes, then a grid fitted to the function patterns. Which passes run is the effort's plan
/// (`DetectionPlan`); the work budget bounds only attempts that read nothing, and a later pass
/// does not repeat a Micro QR or guessed-third attempt that read nothing at its level
/// (`FruitlessAttempts`). The tuned constants are in `DetectorTuning`.
///
/// Symbols are reported once each: a reading whose centre falls inside a symbol already
/// reported is skipped. Nothing is reported that the decoder did not verify.
public struct Detector: Sendable {
  /// The options this detector was made with.
  public let options: DetectorOptions
  /// The effort's plan.
  private let plan: DetectionPlan
  /// What the last frame cost.
  public private(set) var lastWork = DetectorWork()
  /// What the search saw on the last frame; empty unless `options.tracesSearch`.
  public private(set) var lastTrace = DetectorTrace()
  /// The levels a look may take: the image, and the image at half, a quarter and an eighth of
  /// its size, each made from the one above by averaging 2 × 2 pixels.
  static let levels = 5
  /// The buffers of one image's passes: a binarizer per level, so that none reallocates as
  /// passes move between levels, and the images of the levels below the first.
  private struct Buffers: Sendable {
    var binarizers = [Binarizer](repeating: Binarizer(), count: Detector.levels)
    /// Index 0 holds the half-size image, 1 the quarter-size one, and so on.
    var images = [GrayImage?](repeating: nil, count: Detector.levels - 1)
    /// The pass whose bits each level's binarizer holds, and how many of `images` are made,
    /// for the image the buffers serve now: the looks at one frame share its levels.
    var holds = [Pass?](repeating: nil, count: Detector.levels)
    var madeLevels = 0
    /// Whether each level's binarizer has run a local threshold on the image served: another
    /// one takes its blocks' levels again.
    var hasBlockLevels = [Bool](repeating: false, count: Detector.levels)

    /// Forgets what the buffers hold (another image), keeping their storage.
    mutating func serveAnotherImage() {
      holds = [Pass?](repeating: nil, count: Detector.levels)
      madeLevels = 0
      hasBlockLevels = [Bool](repeating: false, count: Detector.levels)
    }
  }
  // One set for the frame, one for windows of it (whose size changes from frame to frame).
  private var frameBuffers = Buffers()
  private var windowBuffers = Buffers()

  /// Creates a detector.
  public init(options: DetectorOptions = DetectorOptions()) {
    self.options = options
    plan = options.effort.plan
  }

  /// A symbol together with what the decoder made of it.
  public struct Detection<Decoded> {
    /// Where it is and the modules sampled.
    public var candidate: SymbolCandidate
    /// The decoder's result.
    public var decoded: Decoded
  }

  // MARK: - Entry points

  /// The symbols in `image` that qrpipe's decoder reads, each reported once; the way to read
  /// payloads.
  ///
  /// Each candidate goes to `Decoder.decode` with its unreliable modules as erasures (see
  /// `detect(in:decode:)` for when it is tried again without); its mirror image is tried when
  /// it fails (see `detect(in:decode:)`).
  ///
  /// - Complexity: O(*pixels*) per pass, plus the sampling and decoding of candidates.
  public mutating func detect(in image: GrayImage) -> [Detection<DecodedSymbol>] {
    detect(in: image) { candidate in
      try? Decoder.decode(
        candidate.matrix, unreliableModules: candidate.unreliable, allowsMirrored: false)
    }
  }

  /// The symbols in `image` that `decode` accepts, each reported once.
  ///
  /// `decode` is called for each candidate in turn, and for its mirror image when it returns
  /// nil, unless the candidate is QR Code whose format information read within
  /// `DetectorTuning.cleanFormatDistance` bits (the locator turns a grid over when its format
  /// information reads nearer so: a clean read says the grid is the right way round). A
  /// candidate is kept only when `decode` returns a value, so nothing unverified is reported.
  /// Symbols over an accepted symbol's centre are not tried again.
  ///
  /// When `decode` returns a `DecodedSymbol` with a block whose erasures used up all its check
  /// codewords, that reading proves nothing (such a block "decodes" any garbage), so the
  /// candidate is tried again without its unreliable modules and kept only if that decodes
  /// with a check to spare.
  ///
  /// - Complexity: O(*pixels*) per pass, plus the sampling and decoding of candidates.
  public mutating func detect<Decoded>(
    in image: GrayImage, decode: (SymbolCandidate) -> Decoded?
  ) -> [Detection<Decoded>] {
    // The one verification (`Detector.verified(_:decode:)`), shared with the quadrilateral
    // attempt and the tracker's combined reads.
    func verified(_ candidate: SymbolCandidate) -> Decoded? {
      Self.verified(candidate, decode: decode)
    }
    var found: [Detection<Decoded>] = []
    var decodeAttempts = 0
    run(image) { candidate in
      decodeAttempts += 1
      if let decoded = verified(candidate) {
        found.append(Detection(candidate: candidate, decoded: decoded))
        return true
      }
      guard candidate.kind != .qr || candidate.formatDistance > DetectorTuning.cleanFormatDistance
      else { return false }
      let mirror = candidate.mirrored()
      decodeAttempts += 1
      if let decoded = verified(mirror) {
        found.append(Detection(candidate: mirror, decoded: decoded))
        return true
      }
      return false
    }
    lastWork.decodeAttempts = decodeAttempts
    return found
  }

  /// The symbols in `image` whose function patterns read cleanly (format information within
  /// `maxFormatDistance` bit errors, timing patterns mostly right), without decoding.
  ///
  /// For tests and for measuring the detector alone; a clean format read is far from a proof,
  /// so report payloads only through `detect(in:decode:)`.
  ///
  /// - Complexity: O(*pixels*) per pass, plus the sampling of candidates.
  public mutating func locate(in image: GrayImage, maxFormatDistance: Int = 3) -> [SymbolCandidate]
  {
    var found: [SymbolCandidate] = []
    run(image) { candidate in
      guard candidate.formatDistance <= maxFormatDistance,
        GridSampler.timingScore(candidate.matrix, isMicro: candidate.kind == .micro)
          >= DetectorTuning.locatedTiming
      else { return false }
      found.append(candidate)
      return true
    }
    return found
  }

  // MARK: - Looks

  private typealias Pass = DetectionPlan.Pass

  /// What a frame's looks share: the symbols kept, the work done, and the finder patterns each
  /// pass saw (in frame pixels).
  private struct Account {
    var accepted: [SymbolCandidate] = []
    var work = DetectorWork()
    var sightings: [[FinderPattern]] = []
    var fruitless = FruitlessAttempts()
    /// Whether a contrast-only pass read a symbol: the scene is faint.
    var hasFaintRead = false
    /// The steps taken, with `DetectorOptions.tracesSearch`.
    var trace: DetectorTrace?

    /// The patterns seen on two scan lines or more that no symbol read explains.
    var unexplained: [FinderPattern] {
      sightings.flatMap { pass in
        pass.filter { pattern in pattern.count >= 2 && !isExplained(pattern) }
      }
    }

    /// Whether a symbol read covers `pattern`.
    func isExplained(_ pattern: FinderPattern) -> Bool {
      accepted.contains { $0.contains(pattern.centre) }
    }

    /// Whether some pass saw patterns worth other thresholds that no symbol read explains.
    var isPromising: Bool {
      sightings.contains { pass in
        Sighting(pass.filter { !isExplained($0) }).isPromising
      }
    }
  }

  /// Runs the effort's plan (`DetectionPlan`), giving `accept` every new candidate; `accept`
  /// says whether it was kept.
  private mutating func run(_ image: GrayImage, accept: (SymbolCandidate) -> Bool) {
    var account = Account()
    if options.tracesSearch { account.trace = DetectorTrace() }
    frameBuffers.serveAnotherImage()
    defer {
      lastWork = account.work
      lastTrace = account.trace ?? DetectorTrace()
    }
    // The passes taken over the whole frame.
    var taken: [Pass] = []
    var (hasEnded, lastRan) = (false, false)
    for planned in plan.looks where !hasEnded || planned.when.outlastsTheEnd {
      let spent = account.work.isOverBudget || account.accepted.count >= options.maxSymbols
      let lookBeforeRan = lastRan
      lastRan = false
      var afterARead = false
      switch planned.when {
      case .always: break
      case .ifNothingPromising:
        let isPromising = account.isPromising
        let seenMany = account.work.finderPatterns > DetectorTuning.cheapLookPatterns
        hasEnded = spent || !isPromising && (seenMany || !account.accepted.isEmpty)
        // Ended by a read (not by the budget, nothing promising) in a frame that saw little
        // else: the look's passes for a faint symbol beside the one read, then the end.
        afterARead = hasEnded && !spent && !seenMany && !planned.afterARead.isEmpty
        guard !hasEnded || afterARead, !isPromising else { continue }
      case .ifPromising:
        hasEnded =
          spent
          || lookBeforeRan
            && account.unexplained.filter(\.isConfirmedAllRound).count
              < DetectorTuning.promisingPatterns
        guard !hasEnded else { continue }
      case .afterAFaintRead:
        guard account.hasFaintRead, !spent else { continue }
      case .finally:
        guard account.accepted.count < options.maxSymbols else { continue }
      }
      var passes = planned.passes(
        width: image.width, height: image.height, triesInverted: options.triesInverted,
        taken: taken, afterARead: afterARead)
      guard let source = source(at: planned.place, of: image, passes: &passes, account: &account)
      else { continue }
      if source.window.isWhole && planned.place != .closer { taken += passes }
      look(
        at: source.image, origin: Point(x: Double(source.window.x), y: Double(source.window.y)),
        sourceScale: source.scale, passes: passes, rowStep: planned.rowStep, account: &account,
        usesWindowStorage: planned.place == .closer || !source.window.isWhole,
        strongFirst: planned.strongFirst, accept: accept
      ) { planned.stopsWhenExplained && !$0.accepted.isEmpty && !$0.isPromising }
      lastRan = true
    }
  }

  /// The image a look at `place` takes its passes over, the window of the frame it shows, and
  /// the width of its pixels in frame pixels, with `passes` at the levels the place takes them
  /// at; nil when there is nothing to look at.
  private func source(
    at place: DetectionPlan.Place, of image: GrayImage, passes: inout [Pass],
    account: inout Account
  ) -> (image: GrayImage, window: Window, scale: Double)? {
    switch place {
    case .frame:
      return (image, Window(x: 0, y: 0, width: image.width, height: image.height, isWhole: true), 1)
    case .unexplained:
      let unexplained = account.unexplained
      if let smallest = unexplained.map(\.moduleSize).min() {
        var level = 0
        while level + 1 < Self.levels
          && smallest >= DetectorTuning.levelModule * Double(1 << level)
        {
          level += 1
        }
        var raised: [Pass] = []
        for var pass in passes {
          pass.level = max(pass.level, level)
          if !raised.contains(pass) { raised.append(pass) }
        }
        passes = raised
      }
      let window =
        unexplained.allSatisfy({ account.fruitless.isInUnread($0.centre) })
        ? Self.window(around: account.fruitless.unread, in: image, region: options.region)
        : Self.window(around: unexplained, in: image, region: options.region)
      return (window.pixels(of: image), window, 1)
    case .closer:
      guard options.findsQR else { return nil }
      let small = account.fruitless.smallUnread(below: DetectorTuning.closeModule)
      // All the places if their window is small enough, else the located symbols' alone.
      for rectangles in [small.located + small.guessed, small.located] where !rectangles.isEmpty {
        let window = Self.window(around: rectangles, in: image, region: options.region)
        guard window.width * window.height <= DetectorTuning.closeLookPixels else { continue }
        account.work.allow(DetectorTuning.closeLookUnits, within: plan.budget.units)
        return (window.pixels(of: image).doubled(), window, 0.5)
      }
      return nil
    }
  }

  /// A rectangle of the frame in pixels, and whether it is all of it.
  private struct Window {
    var x, y, width, height: Int
    var isWhole: Bool

    /// The window's pixels of `image`: the image itself when the window is all of it.
    func pixels(of image: GrayImage) -> GrayImage {
      isWhole ? image : image.cropped(to: PixelRect(x: x, y: y, width: width, height: height))
    }
  }

  /// The window where `patterns` may have symbols: the rectangle around them, widened by
  /// `DetectorTuning.windowModules` of the largest module among them, within `region`; the
  /// whole frame when that would cover most of it.
  private static func window(
    around patterns: [FinderPattern], in image: GrayImage, region: DetectorOptions.Region?
  ) -> Window {
    let whole = Window(x: 0, y: 0, width: image.width, height: image.height, isWhole: true)
    guard !patterns.isEmpty else { return whole }
    // The largest module seen sets the reach: under steep perspective a symbol's far patterns
    // look small, though the symbol is as large as its nearest pattern says.
    let reach = (patterns.map(\.moduleSize).max() ?? 0) * DetectorTuning.windowModules
    return window(
      around: patterns.map {
        ($0.centre.x - reach, $0.centre.y - reach, $0.centre.x + reach, $0.centre.y + reach)
      }, in: image, region: region)
  }

  /// The window around `rectangles` (frame pixels): the rectangle around them all, within
  /// `region`; the whole frame when that would cover most of it.
  private static func window(
    around rectangles: [(x0: Double, y0: Double, x1: Double, y1: Double)], in image: GrayImage,
    region: DetectorOptions.Region?
  ) -> Window {
    let whole = Window(x: 0, y: 0, width: image.width, height: image.height, isWhole: true)
    guard !rectangles.isEmpty else { return whole }
    var (x0, y0, x1, y1) = (Double.infinity, Double.infinity, -Double.infinity, -Double.infinity)
    for rectangle in rectangles {
      x0 = min(x0, rectangle.x0)
      y0 = min(y0, rectangle.y0)
      x1 = max(x1, rectangle.x1)
      y1 = max(y1, rectangle.y1)
    }
    var left = max(0, Int(x0))
    var top = max(0, Int(y0))
    var right = min(image.width, Int(x1.rounded(.up)))
    var bottom = min(image.height, Int(y1.rounded(.up)))
    if let region {
      left = max(left, region.x)
      top = max(top, region.y)
      right = min(right, region.x + region.width)
      bottom = min(bottom, region.y + region.height)
    }
    guard right - left >= DetectorTuning.smallestWindow,
      bottom - top >= DetectorTuning.smallestWindow
    else { return whole }
    let area = Double((right - left) * (bottom - top))
    guard area < DetectorTuning.wholeWindowShare * Double(image.width * image.height) else {
      return whole
    }
    return Window(x: left, y: top, width: right - left, height: bottom - top, isWhole: false)
  }

  /// Takes `passes` over `source`, whose pixel (0, 0) is the frame's `origin` and whose pixels
  /// are `sourceScale` frame pixels wide, in order, until the budget is spent, enough symbols
  /// are read, or `isDone` says so after a pass.
  private mutating func look(
    at source: GrayImage, origin: Point, sourceScale: Double = 1, passes: [Pass], rowStep: Int,
    account: inout Account, usesWindowStorage: Bool = false, strongFirst: Bool = false,
    accept: (SymbolCandidate) -> Bool, isDone: (Account) -> Bool
  ) {
    // The frame pixels a pixel of `pass`'s image spans.
    func scale(_ pass: Pass) -> Double { sourceScale * Double(1 << pass.level) }
    // Taken out of `self` for the look and put back after, so that they are written in place
    // (a copy left in `self` would make every write copy them). The frame's buffers keep what
    // earlier looks at it made; a window is another image each look.
    var buffers = Buffers()
    if usesWindowStorage { swap(&buffers, &windowBuffers) } else { swap(&buffers, &frameBuffers) }
    if usesWindowStorage { buffers.serveAnotherImage() }
    defer {
      if usesWindowStorage { swap(&buffers, &windowBuffers) } else { swap(&buffers, &frameBuffers) }
    }
    // Row hits of the light-on-dark twin of the pass just taken, collected by its row scan.
    var twinHits: (pass: Pass, hits: [FinderPatternScanner.RowHit])?
    // Binarizes the image of `passes[index]` and scans it for finder patterns.
    func scan(_ index: Int) -> Scanned? {
      let pass = passes[index]
      // A level smaller than `DetectorTuning.smallestLevel` pixels either way has nothing to show.
      if pass.level > 0
        && (source.width >> pass.level < DetectorTuning.smallestLevel
          || source.height >> pass.level < DetectorTuning.smallestLevel)
      {
        return nil
      }
      if !options.findsQR && !pass.finder.triesWithoutQR { return nil }
      // The image this pass looks at: the source, or the source at a smaller size (each level
      // made once, from the one above).
      var image = source
      if pass.level > 0 {
        while buffers.madeLevels < pass.level {
          let made = buffers.madeLevels
          let above = made == 0 ? source : buffers.images[made - 1] ?? source
          above.halve(into: &buffers.images[made])
          buffers.madeLevels += 1
        }
        image = buffers.images[pass.level - 1] ?? source
      }
      let holds = buffers.holds[pass.level]
      let hasBlockLevels = buffers.hasBlockLevels[pass.level]
      func binarize(_ bits: inout Binarizer) {
        if let holds, holds.threshold == pass.threshold {
          // The same threshold: the bits are there, perhaps to be swapped.
          if holds.isInverted != pass.isInverted { bits.invert() }
        } else {
          switch pass.threshold {
          case .local: bits.binarizeLocally(image, sameImage: hasBlockLevels)
          case .contrastOnly:
            bits.binarizeLocally(image, smoothsFlatBlocks: false, sameImage: hasBlockLevels)
          case .global: bits.binarizeGlobally(image)
          }
          if pass.isInverted { bits.invert() }
        }
      }
      binarize(&buffers.binarizers[pass.level])
      if pass.threshold != .global { buffers.hasBlockLevels[pass.level] = true }
      buffers.holds[pass.level] = pass
      let bits = buffers.binarizers[pass.level]
      account.work.passes += 1
      // The words are shared until the binarizer next writes them (copied then, when a pass
      // holding them is still to be searched).
      let binary = BinaryImage(width: bits.width, height: bits.height, words: bits.words)
      let gray = GrayView(image: image, isInverted: pass.isInverted)
      // A pass followed by its twin (the same bits inverted) collects the twin's row hits in
      // its own row scan; the twin then only confirms them.
      var twin = pass
      twin.isInverted.toggle()
      let hasTwinNext =
        index + 1 < passes.count && passes[index + 1] == twin && pass.finder.sharesRowScanWithTwin
      var rows = RowScan.scan(collectsInverted: hasTwinNext)
      if let known = twinHits, known.pass == pass { rows = .confirm(known.hits) }
      twinHits = nil
      var collected: [FinderPatternScanner.RowHit] = []
      // In the pyramid, a pattern is located at the level where its modules are a few pixels:
      // smaller ones at a coarser level were seen, and tried, at a finer one (and shorter row
      // sequences there are not confirmed).
      let isCoarse = strongFirst && pass.level > 0
      var patterns = scanPatterns(
        binary, scale: scale(pass), origin: origin, finder: pass.finder, rowStep: rowStep,
        rows: rows, inverted: &collected,
        minimumTotal: isCoarse ? DetectorTuning.pyramidRowTotal : BinaryImage.shortestFinderTotal)
      if hasTwinNext { twinHits = (twin, collected) }
      if isCoarse {
        patterns.removeAll { $0.moduleSize < DetectorTuning.pyramidModule }
      }
      return Scanned(pass: pass, binary: binary, gray: gray, patterns: patterns)
    }
    // Takes the attempts of `triples` over a scanned pass; records what the pass saw (once,
    // with its last attempts) and whether it read a faint symbol.
    func search(_ scanned: inout Scanned, _ triples: TripleGroup, records: Bool = true) {
      let readBefore = account.accepted.count
      let sighting = self.search(
        scanned.binary, gray: scanned.gray, patterns: scanned.patterns,
        scale: scale(scanned.pass), origin: origin,
        isInverted: scanned.pass.isInverted, finder: scanned.pass.finder,
        rowStep: rowStep, triples: triples, accepted: &account.accepted, work: &account.work,
        fruitless: &account.fruitless, trace: &account.trace, grouped: &scanned.grouped,
        accept: accept)
      if scanned.pass.threshold == .contrastOnly && account.accepted.count > readBefore {
        account.hasFaintRead = true
      }
      if records && scanned.pass.finder.counts(sighting) { account.sightings.append(sighting) }
    }
    // A frame whose budget is spent is noise or texture; another threshold will not help.
    func isSpent() -> Bool {
      account.work.isOverBudget || account.accepted.count >= options.maxSymbols
    }
    guard strongFirst else {
      for index in passes.indices {
        guard !isSpent() else { break }
        guard var scanned = scan(index) else { continue }
        if account.trace != nil {
          account.trace?.events.append(
            Self.traced(
              scanned.pass, patterns: scanned.patterns, source: source, origin: origin,
              sourceScale: sourceScale))
        }
        search(&scanned, .all)
        if isDone(account) { break }
      }
      return
    }
    // Every pass scanned first; then the triples whose timing patterns show, of every pass,
    // before the rest of any: texture or a screen's grid at one level cannot spend the budget
    // before a symbol seen plainly at another is tried. The rest go coarsest level first: a
    // coarse level keeps few patterns, and large ones, where a screen's pixel grid at full size
    // makes hundreds of tiny ones whose triples would spend the budget first (generated
    // monitor scenes: 28 of 30 read finest first, 30 coarsest first; nothing else changed).
    var scannedPasses: [Scanned] = []
    for index in passes.indices {
      guard let scanned = scan(index) else { continue }
      if account.trace != nil {
        account.trace?.events.append(
          Self.traced(
            scanned.pass, patterns: scanned.patterns, source: source, origin: origin,
            sourceScale: sourceScale))
      }
      scannedPasses.append(scanned)
    }
    // Every pass's strongest triples are tried whatever the budget (`QRLocator.Ranking`).
    for index in scannedPasses.indices {
      guard account.accepted.count < options.maxSymbols else { break }
      search(&scannedPasses[index], .strong, records: false)
    }
    for index in scannedPasses.indices.sorted(by: {
      scannedPasses[$0].pass.level > scannedPasses[$1].pass.level
    }) {
      guard !isSpent() else { break }
      search(&scannedPasses[index], .weak)
      if isDone(account) { break }
    }
  }

  /// The trace's record of a pass over `source` (whose pixel (0, 0) is the frame's `origin`)
  /// that kept `patterns` (in its level's pixels).
  private static func traced(
    _ pass: Pass, patterns: [FinderPattern], source: GrayImage, origin: Point, sourceScale: Double
  ) -> DetectorTrace.Event {
    let scale = sourceScale * Double(1 << pass.level)
    return .pass(
      // The doubled frame of the closer look is level −1.
      level: pass.level - (sourceScale < 1 ? 1 : 0),
      threshold: pass.finder.name.map { "\(pass.threshold) \($0)" } ?? "\(pass.threshold)",
      isInverted: pass.isInverted,
      window: DetectorOptions.Region(
        x: Int(origin.x), y: Int(origin.y), width: Int(Double(source.width) * sourceScale),
        height: Int(Double(source.height) * sourceScale)),
      patterns: patterns.map { $0.inFrame(scale: scale, origin: origin) })
  }

  /// A pass's bits and the finder patterns its scan found (in the pixels of its level).
  private struct Scanned {
    var pass: Pass
    var binary: BinaryImage
    var gray: GrayView
    var patterns: [FinderPattern]
    /// The patterns as its attempts take them, once its first search has grouped them.
    var grouped: Grouped?
  }

  /// Which of a pass's triples a search locates (see `QRLocator.Ranking`): all of them, those
  /// whose timing patterns show, or the rest (with the pairs and lone patterns).
  private enum TripleGroup {
    case all, strong, weak
  }

  /// What one pass saw of finder patterns.
  struct Sighting {
    /// All the patterns kept.
    var patterns = 0
    /// Those seen on two scan lines or more (a thin-ringed one on
    /// `DetectorTuning.thinRingPromise`) and all round.
    var twiceAllRound = 0

    /// The account of `patterns` (those confirmed without their diagonals, a small pattern's
    /// thin rings, count as seen twice only when seen on `DetectorTuning.thinRingPromise` scan
    /// lines or more: on fewer, they promise nothing alone).
    init(_ patterns: [FinderPattern]) {
      self.patterns = patterns.count
      for pattern in patterns
      where pattern.isConfirmedAllRound
        && pattern.count >= (pattern.showsDiagonals ? 2 : DetectorTuning.thinRingPromise)
      {
        twiceAllRound += 1
      }
    }

    /// Whether other thresholds may find a symbol here: two patterns seen twice and all round,
    /// when they are not lost among many weak ones (`DetectorTuning.strongShare`), or one such
    /// among few (a symbol whose other patterns did not show). Noise and texture make many
    /// patterns, and now and then one seen twice; seldom one that also holds all round (over
    /// the real photos as frames, a lone pattern seen twice that did not hold all round sent
    /// dozens of frames to the other thresholds and read nothing there).
    var isPromising: Bool {
      twiceAllRound >= DetectorTuning.promisingPatterns
        && twiceAllRound * DetectorTuning.strongShare >= patterns
        || twiceAllRound >= 1 && patterns <= DetectorTuning.fewPatterns
    }
  }

  /// How a pass finds its finder patterns: by scanning rows (collecting its twin's row hits
  /// too, or not), or by confirming the row hits its twin's scan collected.
  private enum RowScan {
    case scan(collectsInverted: Bool)
    case confirm([FinderPatternScanner.RowHit])
  }

  /// A pass's patterns as its attempts take them, with their triples, ranked as far as the
  /// attempts got (`QRLocator.Ranking`), and the corners found so far.
  private struct Grouped {
    var patterns: [FinderPattern]
    var ranking: QRLocator.Ranking
    var corners: [[Point]??]
    /// For each pattern, the first triple it was located in (a grid sampled there, read or
    /// not): its symbol's place is known, so its pairs need no guessed third and it is no
    /// Micro QR pattern.
    var locatedIn: [QRLocator.Triple?]
  }

  /// The patterns of a pass (`scanned`, in its level's pixels) that its attempts take, grouped:
  /// those no symbol read explains, at most `DetectorTuning.weakPatterns` of them unless more
  /// are strong (texture makes dozens of weak ones), and their triples ranked.
  private func grouped(
    _ scanned: [FinderPattern], binary: BinaryImage, scale: Double, origin: Point,
    finder: FinderStrategy, accepted: [SymbolCandidate], work: inout DetectorWork
  ) -> Grouped {
    // Patterns a symbol already read explains are spent; of the rest, those the strategy keeps.
    var patterns = finder.kept(
      scanned.filter { pattern in
        !accepted.contains { $0.contains(pattern.centre * scale + origin) }
      })
    let tuning = DetectorTuning.self
    // Many candidates mean texture or text, or many symbols: keep the best, and every strong
    // one (seen twice and confirmed all round, as real patterns are and texture seldom is).
    if patterns.count > tuning.weakPatterns {
      patterns.sort {
        ($0.isConfirmedAllRound ? 1 : 0, $0.count) > ($1.isConfirmedAllRound ? 1 : 0, $1.count)
      }
      let strong = patterns.prefix(while: \.isStrong).count
      let kept = min(max(tuning.weakPatterns, strong), tuning.maxPatterns)
      if patterns.count > kept { patterns.removeLast(patterns.count - kept) }
    }
    work.finderPatterns += patterns.count
    // More than the budget allows, as triples over a symbol already read are skipped.
    // (With QR Code not wanted, no triple is formed: the patterns are Micro QR's alone.)
    let triples = QRLocator.triples(
      options.findsQR ? patterns : [],
      partialLimit: plan.budget.partialTriples * DetectorTuning.partialTriplesRanked,
      neighbours: tuning.tripleNeighbours)
    return Grouped(
      patterns: patterns, ranking: QRLocator.Ranking(triples),
      corners: [[Point]??](repeating: nil, count: patterns.count),
      locatedIn: [QRLocator.Triple?](repeating: nil, count: patterns.count))
  }

  /// The finder patterns of a binarized image (in its pixels), within the options' region:
  /// found by scanning rows (leaving the inverted image's row hits in `inverted` when `rows`
  /// collects them), or by confirming the row hits of its twin's scan.
  private func scanPatterns(
    _ binary: BinaryImage, scale: Double, origin: Point, finder: FinderStrategy, rowStep: Int,
    rows: RowScan, inverted: inout [FinderPatternScanner.RowHit], minimumTotal: Int
  ) -> [FinderPattern] {
    var region = (0, 0, binary.width, binary.height)
    if let r = options.region {
      let x = min(max(Int((Double(r.x) - origin.x) / scale), 0), binary.width)
      let y = min(max(Int((Double(r.y) - origin.y) / scale), 0), binary.height)
      region = (
        x, y, max(0, min(Int(Double(r.width) / scale), binary.width - x)),
        max(0, min(Int(Double(r.height) / scale), binary.height - y))
      )
    }
    switch rows {
    case .scan(let collectsInverted):
      return FinderPatternScanner.scan(
        binary, rowStep: rowStep, region: region, stones: finder.scansStones,
        collectsInverted: collectsInverted, inverted: &inverted, minimumTotal: minimumTotal)
    case .confirm(let hits):
      return FinderPatternScanner.patterns(confirming: hits, in: binary, rowStep: rowStep)
    }
  }

  /// One pass's attempts over its scanned `patterns`: the `triples` group, and with all or the
  /// weak ones, the pairs whose third pattern is guessed and the lone patterns as Micro QR.
  /// Returns the finder patterns it kept (in frame pixels).
  private func search(
    _ binary: BinaryImage, gray: GrayView, patterns scanned: [FinderPattern], scale: Double,
    origin: Point, isInverted: Bool, finder: FinderStrategy, rowStep: Int, triples: TripleGroup,
    accepted: inout [SymbolCandidate], work: inout DetectorWork,
    fruitless: inout FruitlessAttempts, trace: inout DetectorTrace?, grouped: inout Grouped?,
    accept: (SymbolCandidate) -> Bool
  ) -> [FinderPattern] {
    func frame(_ point: Point) -> Point { point * scale + origin }
    let tuning = DetectorTuning.self
    let budget = plan.budget
    // The pass's patterns grouped and ranked once: a pass searched again (its weak triples
    // after the strong ones of every pass) takes them as they were, its patterns that a symbol
    // read since explains marked used.
    let group =
      grouped
      ?? self.grouped(
        scanned, binary: binary, scale: scale, origin: origin, finder: finder,
        accepted: accepted, work: &work)
    let patterns = group.patterns
    var corners = group.corners
    var locatedIn = group.locatedIn
    var ranking = group.ranking
    defer {
      grouped = group
      grouped?.corners = corners
      grouped?.locatedIn = locatedIn
      grouped?.ranking = ranking
    }
    var used = [Bool](repeating: false, count: patterns.count)
    if grouped != nil && !accepted.isEmpty {
      for (index, pattern) in patterns.enumerated()
      where accepted.contains(where: { $0.contains(frame(pattern.centre)) }) {
        used[index] = true
      }
    }
    // Each pattern's corners, found when a triple or Micro QR first needs them. Without rings
    // the rays would walk seven modules for nothing: triples are mapped from the centres.
    func cornersOf(_ index: Int) -> [Point]? {
      guard finder.hasRings else { return nil }
      if let known = corners[index] { return known }
      let found = FinderPatternCorners.find(binary, patterns[index])
      corners[index] = .some(found)
      return found
    }
    func prepared(_ reading: SymbolCandidate) -> SymbolCandidate {
      var reading = reading
      reading.isInverted = isInverted
      return reading.scaled(by: scale).translated(by: origin)
    }
    func keep(_ candidate: SymbolCandidate) {
      accepted.append(candidate)
    }
    // What `QRLocator.locate` compares the frame's alignment searches with: searches by
    // attempts that read a symbol are not counted against the limit.
    func searchLimit() -> Int {
      !plan.searchesWidely || !finder.hasRings
        ? 0 : tuning.alignmentSearches + work.refundedAlignmentSearches
    }
    var attempts = 0
    let acceptedBefore = accepted.count
    func isUsed(_ triple: QRLocator.Triple) -> Bool {
      used[triple.topLeft] || used[triple.topRight] || used[triple.bottomLeft]
    }
    // Locates `triple` (one not used) and keeps what it reads; false when the search must stop.
    // The strongest triples (`QRLocator.Ranking`) are tried whatever the budget: it guards
    // against texture, never against the best evidence a pass has.
    func attempt(_ triple: QRLocator.Triple, isStrong: Bool, isStrongest: Bool = false) -> Bool {
      guard accepted.count < options.maxSymbols else { return false }
      guard
        isStrongest
          || attempts < finder.attempts + (accepted.count - acceptedBefore)
            * tuning.unitsEarnedPerRead
      else { return false }
      guard isStrongest || work.affords(within: budget.units) else {
        trace?.events.append(.budgetSpent)
        return false
      }
      // Triples come with their all-round patterns first; the others are often texture.
      if triple.partialPatterns > 0 {
        guard work.partialTriples < budget.partialTriples else { return true }
        work.partialTriples += 1
      }
      let before = work
      work.qrAttempts += 1
      let readings = QRLocator.locate(
        binary, gray: gray, patterns, triple, alignmentSearches: &work.alignmentSearches,
        limit: searchLimit(), corners: cornersOf)
      func record(_ outcome: DetectorTrace.Outcome) {
        guard trace != nil else { return }
        let three = [triple.topLeft, triple.topRight, triple.bottomLeft].map { patterns[$0] }
        trace?.events.append(
          .triple(
            centres: three.map { frame($0.centre) },
            moduleSize: three.map(\.moduleSize).reduce(0, +) / 3 * scale,
            timingEvidence: QRLocator.timingEvidence(binary, patterns, triple), outcome: outcome))
      }
      guard let first = readings.first else {
        record(.noGrid)
        attempts += 1
        return true
      }
      for index in [triple.topLeft, triple.topRight, triple.bottomLeft]
      where locatedIn[index] == nil {
        locatedIn[index] = triple
      }
      // Over a symbol already read, the patterns are spent; else the first reading the caller
      // accepts is kept, and when none is, the best one fitted to its function patterns.
      if !accepted.contains(where: { $0.overlaps(prepared(first)) }) {
        if let kept = readings.lazy.map(prepared).first(where: accept) {
          keep(kept)
        } else if plan.fitsGrids, first.formatDistance <= DetectorTuning.fitFormatDistance,
          let fitted = GridFitter.refine(binary, first, searches: &work.fittedGrids).map(
            prepared), accept(fitted)
        {
          keep(fitted)
        } else {
          record(.notDecoded)
          if isStrong {
            let three = [triple.topLeft, triple.topRight, triple.bottomLeft].map { patterns[$0] }
            fruitless.insertUnread(
              three.map { frame($0.centre) },
              moduleSize: three.map(\.moduleSize).reduce(0, max) * scale)
          }
          attempts += 1
          return true
        }
        record(.read)
        // Work that read a symbol is not what the budget bounds.
        work.refund(since: before)
      } else {
        record(.overRead)
      }
      used[triple.topLeft] = true
      used[triple.topRight] = true
      used[triple.bottomLeft] = true
      return true
    }
    // The strong triples in their order, the strongest first, then the weak ones; a triple
    // with a used pattern is passed over without reading its timing patterns.
    var stopped = false
    if triples != .weak {
      ranking.strong(binary, patterns, skipping: isUsed) { triple, isStrongest in
        stopped = !attempt(triple, isStrong: true, isStrongest: isStrongest)
        return !stopped
      }
    }
    if triples != .strong && !stopped {
      for triple in ranking.weak(binary, patterns, skipping: isUsed) where !isUsed(triple) {
        guard attempt(triple, isStrong: false) else { break }
      }
    }
    // Two patterns seen well whose third was not: the third's place follows from the two.
    // (Pairs whose guesses read nothing in an earlier pass at this level are skipped, as are
    // lone patterns below: `FruitlessAttempts`.)
    guard triples != .strong else { return [] }
    if plan.guessesThirds && finder.triesPairsAndMicroQR && options.findsQR {
      let lone = patterns.indices.filter {
        !used[$0] && patterns[$0].isStrong
      }
      // Pairs across symbols last (`QRLocator.pairs`).
      pairs: for (first, second) in QRLocator.pairs(patterns, among: lone) {
        guard !used[first] && !used[second] else { continue }
        // Two patterns of a strong triple located already: their third is known, and only
        // the guess at its place is worth making (settled on its corners, it reads where the
        // scanned pattern, a pixel or two off, did not).
        var known: FinderPattern?
        if let triple = locatedIn[first], locatedIn[second] == triple {
          let third = [triple.topLeft, triple.topRight, triple.bottomLeft].first {
            $0 != first && $0 != second
          }
          known = third.map { patterns[$0] }
        }
        let before = work
        let guesses = QRLocator.thirdPatternGuesses(
          patterns, first, second, third: patterns.count)
        // Which guesses show their timing patterns, worked out when the first one gets that
        // far (a pair whose guesses all read nothing in an earlier pass needs none of it).
        var timing: [Bool]?
        for (index, (triple, guess)) in guesses.enumerated() {
          let isOverBudget = !work.affords(within: budget.units)
          if let known,
            known.centre.distance(to: guess.centre) > DetectorTuning.guessReach * known.moduleSize
          {
            continue
          }
          guard guess.centre.x >= 0, guess.centre.y >= 0,
            guess.centre.x < Double(binary.width), guess.centre.y < Double(binary.height),
            !accepted.contains(where: { $0.contains(guess.centre * scale + origin) })
          else { continue }
          let places = FruitlessAttempts.Places(
            [patterns[first], patterns[second], guess], scale: scale, origin: origin)
          guard !fruitless.contains(places) else { continue }
          let showing = timing ?? QRLocator.guessesShowingTiming(binary, patterns, guesses)
          timing = showing
          // A guess whose timing patterns show is the strongest evidence a pair has: made
          // whatever the budget, as the strongest triples are.
          let isStrongest = showing[index]
          guard isStrongest || !isOverBudget else {
            guard showing.contains(true) else { continue pairs }
            continue
          }
          // A guess where no pattern can lie, or beside a better one, reads nothing: recorded
          // as such, it is not made again and its place is still one the closer look may
          // look at.
          guard isStrongest || !showing.contains(true), QRLocator.mayHoldPattern(binary, guess)
          else {
            fruitless.insert(places)
            continue
          }
          work.qrAttempts += 1
          // The guess settled on the pattern's corners, then the guess itself (when the
          // corners mislead, the two patterns' geometry may still be right).
          let (settled, settledCorners) = QRLocator.settled(binary, guess)
          var kept: SymbolCandidate?
          for (placed, corners) in [(settled, settledCorners), (guess, nil)] {
            if placed.centre != settled.centre {
              guard isStrongest || work.canAfford(within: budget.units) else { break }
              work.qrAttempts += 1
            }
            let readings = QRLocator.locate(
              binary, gray: gray, patterns + [placed], triple,
              alignmentSearches: &work.alignmentSearches, limit: searchLimit()
            ) { $0 < patterns.count ? cornersOf($0) : corners }
            guard let best = readings.first,
              !accepted.contains(where: { $0.overlaps(prepared(best)) })
            else { continue }
            kept = readings.lazy.map(prepared).first(where: accept)
            if kept != nil { break }
          }
          trace?.events.append(
            .guess(
              centres: [patterns[first].centre, patterns[second].centre, guess.centre].map(
                frame),
              outcome: kept == nil ? .notRead : .read))
          guard let kept else {
            fruitless.insert(places)
            continue
          }
          keep(kept)
          work.refund(since: before)
          used[first] = true
          used[second] = true
          break
        }
      }
    }
    let sighting = patterns.map { $0.inFrame(scale: scale, origin: origin) }
    guard options.findsMicroQR, finder.triesPairsAndMicroQR else { return sighting }
    // A lone pattern seen on one scan line only is mostly texture: where there are many,
    // Micro QR wants patterns seen on two; and always all round.
    let minimumCount = rowStep == 1 || patterns.count <= DetectorTuning.fewPatterns ? 1 : 2
    // The strongest first, seen on the most scan lines (ties in scan order): the budget left
    // goes to the best evidence.
    let lone = patterns.indices.filter {
      !used[$0] && locatedIn[$0] == nil && patterns[$0].count >= minimumCount
        && patterns[$0].isConfirmedAllRound
    }
    for index in lone.sorted(by: { (patterns[$0].count, $1) > (patterns[$1].count, $0) }) {
      let pattern = patterns[index]
      guard accepted.count < options.maxSymbols else { break }
      guard work.affords(within: budget.units) else { break }
      let point = pattern.centre * scale + origin
      guard !accepted.contains(where: { $0.contains(point) }) else { continue }
      let places = FruitlessAttempts.Places([pattern], scale: scale, origin: origin)
      guard !fruitless.contains(places) else { continue }
      let acceptedBefore = accepted.count
      let before = work
      work.microAttempts += 1
      let readings = MicroQRLocator.locate(binary, pattern, corners: cornersOf(index))
      // Each reading as sampled, then, with the plan's `fitsMicroQRGrids`, each fitted to its
      // function patterns (M1 has no error correction), while the budget lasts.
      var fitting = false
      var index = 0
      while index < readings.count {
        var reading = readings[index]
        if fitting {
          guard work.canAfford(within: budget.units) else { break }
          guard let fitted = GridFitter.refine(binary, reading, searches: &work.fittedGrids) else {
            index += 1
            continue
          }
          reading = fitted
        }
        let scaled = prepared(reading)
        guard !accepted.contains(where: { $0.overlaps(scaled) }) else { break }
        if accept(scaled) {
          keep(scaled)
          work.refund(since: before)
          break
        }
        index += 1
        if index == readings.count && !fitting && plan.fitsMicroQRGrids {
          fitting = true
          index = 0
        }
      }
      if accepted.count == acceptedBefore { fruitless.insert(places) }
      trace?.events.append(
        .micro(centre: point, outcome: accepted.count == acceptedBefore ? .notRead : .read))
    }
    return sighting
  }
}

extension SymbolCandidate {
  /// The candidate with its pixel coordinates multiplied by `factor`.
  func scaled(by factor: Double) -> SymbolCandidate {
    guard factor != 1 else { return self }
    var copy = self
    copy.corners = corners.map { $0 * factor }
    copy.finderPatterns = finderPatterns.map {
      var pattern = $0
      pattern.centre = pattern.centre * factor
      pattern.moduleSize *= factor
      return pattern
    }
    return copy
  }

  /// The candidate moved by `offset` pixels.
  func translated(by offset: Point) -> SymbolCandidate {
    guard offset.x != 0 || offset.y != 0 else { return self }
    var copy = self
    copy.corners = corners.map { $0 + offset }
    copy.finderPatterns = finderPatterns.map {
      var pattern = $0
      pattern.centre = pattern.centre + offset
      return pattern
    }
    return copy
  }

  /// Whether `point` lies inside the corners.
  func contains(_ point: Point) -> Bool { point.isInside(corners) }
}

extension Detector.Detection: Sendable where Decoded: Sendable {}
