// SPDX-License-Identifier: MIT
// QR Code: finder pattern triples, version, alignment pattern, transform, sampled grid.

import QRCodec
import QRImage

/// Turns finder patterns into sampled QR Code symbols.
enum QRLocator {
  /// Three finder patterns that may be one symbol's, in symbol order.
  struct Triple: Equatable {
    var topLeft: Int
    var topRight: Int
    var bottomLeft: Int
    /// Lower is a better fit to a square's corner.
    var score: Double
    /// How many of the three patterns were not confirmed all round.
    var partialPatterns = 0
    /// How many of the three patterns are not strong (`FinderPattern.isStrong`).
    var weakPatterns = 0
  }

  // MARK: - Grouping

  /// The triples of `patterns` that could be one symbol's finder patterns, best first: those
  /// with fewer patterns not confirmed all round first, then by score; of the triples with such
  /// a partial pattern, only the best `partialLimit`.
  ///
  /// A triple qualifies when its module sizes agree (`mayGroup`), the angle at the corner
  /// opposite the longest side is near a right angle (`DetectorTuning.tripleCosine`), the legs
  /// agree within `DetectorTuning.tripleLegRatio`, and their mean length is
  /// `DetectorTuning.symbolSpan` modules. The corner is the top-left pattern; the sign of the
  /// cross product puts the other two in clockwise order (top-right, bottom-left).
  ///
  /// - Complexity: O(*n*³) in the number of patterns, which the caller caps.
  static func triples(
    _ patterns: [FinderPattern], partialLimit: Int = .max, neighbours: Int = .max
  ) -> [Triple] {
    var result: [Triple] = []
    let n = patterns.count
    guard n >= 3 else { return [] }
    if n - 1 <= neighbours {
      for i in 0..<(n - 2) {
        for j in (i + 1)..<(n - 1) {
          let (first, second) = (patterns[i].moduleSize, patterns[j].moduleSize)
          guard mayGroup(largest: max(first, second), smallest: min(first, second)) else {
            continue
          }
          for k in (j + 1)..<n { appendTriples(patterns, i, j, k, to: &result) }
        }
      }
    } else {
      // Many patterns (a sheet of symbols): a symbol's top-left pattern has its two partners
      // among its nearest patterns of about its module size, so each pattern is grouped with
      // pairs of its `neighbours` nearest only: O(n × neighbours²) triples, not O(n³). The
      // strong patterns are grouped again among themselves: padding or texture may put more
      // than `neighbours` weak patterns between a symbol's own, which must still make a triple.
      var seen = KeySet(capacity: n * neighbours * neighbours / 2)
      let strong = patterns.indices.filter { patterns[$0].isStrong }
      for among in [Array(patterns.indices), strong] where among.count >= 3 {
        groupNeighbours(patterns, among: among, neighbours: neighbours, seen: &seen, to: &result)
      }
    }
    func isBetter(_ a: Triple, _ b: Triple) -> Bool {
      (a.partialPatterns, a.score) < (b.partialPatterns, b.score)
    }
    // Texture makes thousands of triples with partial patterns: only the best few are sorted.
    var partial: [Triple] = []
    var full: [Triple] = []
    for triple in result {
      guard triple.partialPatterns > 0 else {
        full.append(triple)
        continue
      }
      guard partial.count == partialLimit else {
        partial.append(triple)
        if partial.count == partialLimit { partial.sort(by: isBetter) }
        continue
      }
      // Full: insert in order when better than the worst, which drops out.
      guard let last = partial.last, isBetter(triple, last) else { continue }
      partial.removeLast()
      let index = partial.firstIndex { isBetter(triple, $0) } ?? partial.count
      partial.insert(triple, at: index)
    }
    full.sort(by: isBetter)
    partial.sort(by: isBetter)
    return full + partial
  }

  /// Appends the triples (`appendTriples`; none twice across calls sharing `seen`) of each
  /// pattern of `among` with two of its `neighbours` nearest in `among` of about its module
  /// size.
  private static func groupNeighbours(
    _ patterns: [FinderPattern], among: [Int], neighbours: Int, seen: inout KeySet,
    to result: inout [Triple]
  ) {
    let n = patterns.count
    // The nearest `neighbours` of about pattern i's module size, nearest first (ties in index
    // order), kept by insertion: no array of all n sorted per pattern.
    var near: [(distance: Double, index: Int)] = []
    near.reserveCapacity(neighbours + 1)
    for i in among {
      near.removeAll(keepingCapacity: true)
      for j in among where j != i {
        let (a, b) = (patterns[i].moduleSize, patterns[j].moduleSize)
        guard mayGroup(largest: max(a, b), smallest: min(a, b)) else { continue }
        let distance = patterns[i].centre.distance(to: patterns[j].centre)
        guard near.count < neighbours || distance < near[near.count - 1].distance else {
          continue
        }
        var slot = near.count
        while slot > 0 && distance < near[slot - 1].distance { slot -= 1 }
        near.insert((distance, j), at: slot)
        if near.count > neighbours { near.removeLast() }
      }
      for position in near.indices {
        for other in (position + 1)..<near.count {
          let (j, k) = (near[position].index, near[other].index)
          // i, j, k in increasing order.
          let low = min(i, j, k)
          let high = max(i, j, k)
          let middle = i + j + k - low - high
          guard seen.insert((low * n + middle) * n + high) else { continue }
          appendTriples(patterns, low, middle, high, to: &result)
        }
      }
    }
  }

  /// A pass's triples in three tiers, in the order they are worth locating: the strongest,
  /// three strong patterns (`FinderPattern.isStrong`) whose timing patterns show between them
  /// (`timingEvidence` at least `DetectorTuning.strongTiming`), which the detector tries
  /// whatever its budget; the strong, the other triples whose timing patterns show; each in
  /// their order as given; and the rest, those with fewer partial patterns, then those of
  /// strong patterns, then those with more timing evidence first (ties in the order given).
  ///
  /// Geometry alone cannot tell a symbol's three patterns from three of neighbouring symbols:
  /// on a sheet of codes, the top-left patterns of three neighbours make as good a right angle
  /// as any symbol's, and such triples outnumber the real ones. The timing patterns run only
  /// between the patterns of one symbol.
  ///
  /// The evidence is read as the attempts get to each triple: a triple that shares a pattern
  /// with a symbol read is never tried, and its timing patterns are not read. (On a sheet of
  /// codes each read rules out the dozens of triples its patterns make with their neighbours.)
  ///
  /// - Complexity: O(*modules*) per triple measured, through an affine map of the centres only.
  struct Ranking {
    /// The triples as `triples` gives them.
    let triples: [Triple]
    /// Each triple's `timingEvidence`, once read.
    private var evidence: [Double?]

    init(_ triples: [Triple]) {
      self.triples = triples
      evidence = [Double?](repeating: nil, count: triples.count)
    }

    /// Whether the timing patterns of triple `index` show: it is among the strong ones.
    mutating func isStrong(_ index: Int, _ image: BinaryImage, _ patterns: [FinderPattern])
      -> Bool
    {
      measured(index, image, patterns) >= DetectorTuning.strongTiming
    }

    /// Gives `body` the strong triples but those `skipped`, the strongest ones first (each
    /// tier in the order given), with whether each is among the strongest, until it returns
    /// false; `skipped` is asked as each one is reached, so that an attempt may rule out those
    /// after it.
    mutating func strong(
      _ image: BinaryImage, _ patterns: [FinderPattern], skipping skipped: (Triple) -> Bool,
      _ body: (_ triple: Triple, _ isStrongest: Bool) -> Bool
    ) {
      for isStrongest in [true, false] {
        for index in triples.indices
        where (triples[index].weakPatterns == 0) == isStrongest && !skipped(triples[index]) {
          guard isStrong(index, image, patterns) else { continue }
          guard body(triples[index], isStrongest) else { return }
        }
      }
    }

    /// The weak triples but those `skipped`, in their order (the order is total, ties going by
    /// position, so leaving some out keeps the rest in the same order).
    mutating func weak(
      _ image: BinaryImage, _ patterns: [FinderPattern], skipping skipped: (Triple) -> Bool
    ) -> [Triple] {
      var weak: [(index: Int, evidence: Double)] = []
      for index in triples.indices where !skipped(triples[index]) {
        let evidence = measured(index, image, patterns)
        if evidence < DetectorTuning.strongTiming { weak.append((index, evidence)) }
      }
      func key(_ entry: (index: Int, evidence: Double)) -> (Int, Int, Double, Int) {
        let triple = triples[entry.index]
        let ofWeakPatterns = triple.weakPatterns == 0 ? 0 : 1
        return (triple.partialPatterns, ofWeakPatterns, -entry.evidence, entry.index)
      }
      weak.sort { key($0) < key($1) }
      return weak.map { triples[$0.index] }
    }

    private mutating func measured(
      _ index: Int, _ image: BinaryImage, _ patterns: [FinderPattern]
    ) -> Double {
      if let known = evidence[index] { return known }
      let value = timingEvidence(image, patterns, triples[index])
      evidence[index] = value
      return value
    }
  }

  /// The best timing score (`timingScore`) of the versions the spacing of `triple`'s centres
  /// allows (the estimate first, out to the versions a module size a fifth off would give),
  /// through the affine map of the centres; once a
  /// version can no longer reach `DetectorTuning.strongTiming`, or reads more than
  /// `DetectorTuning.timingEarlyWrongShare` of its first modules wrong, the share right of the
  /// modules sampled so far (most triples are texture or cross symbols, and read half their
  /// timing modules right: they are told from a symbol within a few modules).
  static func timingEvidence(_ image: BinaryImage, _ patterns: [FinderPattern], _ triple: Triple)
    -> Double
  {
    timingEvidence(
      image, topLeft: patterns[triple.topLeft], topRight: patterns[triple.topRight],
      bottomLeft: patterns[triple.bottomLeft])
  }

  /// `timingEvidence(_:_:_:)` of three patterns in their places.
  static func timingEvidence(
    _ image: BinaryImage, topLeft: FinderPattern, topRight: FinderPattern,
    bottomLeft: FinderPattern
  ) -> Double {
    let (a, b, c) = (topLeft.centre, topRight.centre, bottomLeft.centre)
    let module = (topLeft.moduleSize + topRight.moduleSize + bottomLeft.moduleSize) / 3
    guard module > 0 else { return 0 }
    let modules = (a.distance(to: b) + a.distance(to: c)) / 2 / module + 7
    guard modules < 1000 else { return 0 }
    // The scan's module sizes run up to a fifth off (edges thinned or thickened by the
    // threshold): the versions a module a fifth smaller or larger would give, the estimate
    // first, then outwards.
    func version(_ count: Double) -> Int { Int(((count - 17) / 4).rounded()) }
    let estimate = version(modules)
    let low = version((modules - 7) / DetectorTuning.scanModuleError.larger + 7)
    let high = version((modules - 7) / DetectorTuning.scanModuleError.smaller + 7)
    let spread = max(estimate - low, high - estimate, 1)
    var best = 0.0
    for offset in 0...(2 * spread) {
      let number = estimate + (offset % 2 == 0 ? offset / 2 : -(offset + 1) / 2)
      guard number >= low - 1, number <= high + 1, Version.range.contains(number) else { continue }
      let size = 17 + 4 * number
      // The affine map of the centres, module (x, y) to a + (x − 3.5) across + (y − 3.5) down,
      // written out: no division per module.
      let across = (b - a) * (1 / Double(size - 7))
      let down = (c - a) * (1 / Double(size - 7))
      let allowed = Int(Double(2 * (size - 16)) * (1 - DetectorTuning.strongTiming))
      let read = GridSampler.timingRead(image, size: size, allowed: allowed) { x, y in
        a + across * (x - 3.5) + down * (y - 3.5)
      }
      if read.isComplete { return read.score }
      best = max(best, read.score)
    }
    return best
  }

  /// Whether patterns whose module sizes are `largest` and `smallest` may be one symbol's
  /// (`DetectorTuning.groupModuleRatio`): the rule for pairs of a triple and for the whole
  /// triple.
  private static func mayGroup(largest: Double, smallest: Double) -> Bool {
    largest < smallest * DetectorTuning.groupModuleRatio
  }

  /// Appends the readings of patterns `i`, `j`, `k` as a triple: normally one, with the corner
  /// opposite the longest side; under steep perspective the right angle may look acute, so a
  /// corner opposite a side nearly as long (`DetectorTuning.tripleSideShare`) is offered too,
  /// scored worse.
  private static func appendTriples(
    _ p: [FinderPattern], _ i: Int, _ j: Int, _ k: Int, to result: inout [Triple]
  ) {
    let smallest = min(p[i].moduleSize, p[j].moduleSize, p[k].moduleSize)
    let largest = max(p[i].moduleSize, p[j].moduleSize, p[k].moduleSize)
    guard mayGroup(largest: largest, smallest: smallest) else { return }
    let module = (p[i].moduleSize + p[j].moduleSize + p[k].moduleSize) / 3
    let partial =
      (p[i].isConfirmedAllRound ? 0 : 1) + (p[j].isConfirmedAllRound ? 0 : 1)
      + (p[k].isConfirmedAllRound ? 0 : 1)
    let weak = (p[i].isStrong ? 0 : 1) + (p[j].isStrong ? 0 : 1) + (p[k].isStrong ? 0 : 1)
    let opposite = (
      p[j].centre.distance(to: p[k].centre), p[i].centre.distance(to: p[k].centre),
      p[i].centre.distance(to: p[j].centre)
    )
    let longest = max(opposite.0, opposite.1, opposite.2)
    func consider(_ corner: Int, _ a: Int, _ b: Int, side: Double) {
      guard side >= longest * DetectorTuning.tripleSideShare else { return }
      let legA = p[a].centre - p[corner].centre
      let legB = p[b].centre - p[corner].centre
      let lengthA = legA.length
      let lengthB = legB.length
      let cosine = legA.dot(legB) / (lengthA * lengthB)
      guard abs(cosine) < DetectorTuning.tripleCosine else { return }
      let legRatio = max(lengthA, lengthB) / min(lengthA, lengthB)
      guard legRatio < DetectorTuning.tripleLegRatio else { return }
      let span = (lengthA + lengthB) / 2 / module
      guard DetectorTuning.symbolSpan.contains(span) else { return }
      let (topRight, bottomLeft) = legA.cross(legB) < 0 ? (b, a) : (a, b)
      let score =
        abs(cosine) + (legRatio - 1) * DetectorTuning.tripleLegWeight + (largest / smallest - 1)
        + (side < longest ? 1 : 0) + (abs(cosine) < DetectorTuning.tripleSquareCosine ? 0 : 1)
      result.append(
        Triple(
          topLeft: corner, topRight: topRight, bottomLeft: bottomLeft, score: score,
          partialPatterns: partial, weakPatterns: weak))
    }
    consider(i, j, k, side: opposite.0)
    consider(j, i, k, side: opposite.1)
    consider(k, i, j, side: opposite.2)
  }

  /// The readings of one located symbol, best first, for the decoder to try in turn: the grids
  /// sampled through each map, then the readings that only matter when those fail (cell by
  /// cell between alignment patterns, and for dark modules grown into light ones), sampled only
  /// when the sequence gets to them. A reading whose modules repeat an earlier one is skipped.
  struct Readings: Sequence {
    /// The readings sampled already; the first is the best.
    var sampled: [SymbolCandidate] = []
    /// Each samples one more reading, or nil.
    var later: [() -> SymbolCandidate?] = []
    /// The finder patterns every reading is given.
    var finderPatterns: [FinderPattern] = []

    /// The best reading.
    var first: SymbolCandidate? { sampled.first.map(withPatterns) }

    private func withPatterns(_ candidate: SymbolCandidate) -> SymbolCandidate {
      var candidate = candidate
      candidate.finderPatterns = finderPatterns
      return candidate
    }

    func makeIterator() -> AnyIterator<SymbolCandidate> {
      var given: [BitMatrix] = []
      var index = 0
      return AnyIterator {
        while index < sampled.count + later.count {
          defer { index += 1 }
          guard
            let reading = index < sampled.count ? sampled[index] : later[index - sampled.count](),
            !given.contains(reading.matrix)
          else { continue }
          given.append(reading.matrix)
          return withPatterns(reading)
        }
        return nil
      }
    }
  }

  // MARK: - Geometry and sampling

  /// The symbol whose finder patterns are `triple`, sampled through each plausible grid (best
  /// reading first, for the decoder to try in turn), or empty when no version fits.
  /// `corners` gives a pattern's outer corners (`FinderPatternCorners.find`) by its index.
  ///
  /// - Complexity: O(*size*²) for the sampling, plus an alignment search of O(*module*²).
  static func locate(
    _ image: BinaryImage, gray: GrayView? = nil, _ patterns: [FinderPattern], _ triple: Triple,
    corners: (Int) -> [Point]?
  ) -> Readings {
    var searches = 0
    return locate(
      image, gray: gray, patterns, triple, alignmentSearches: &searches, limit: 2,
      corners: corners)
  }

  /// `locate(_:gray:_:_:corners:)`, with `alignmentSearches` counting the wide searches for a
  /// small symbol's alignment pattern (see `alignedTransform`), done only while below `limit`.
  static func locate(
    _ image: BinaryImage, gray: GrayView?, _ patterns: [FinderPattern], _ triple: Triple,
    alignmentSearches: inout Int, limit: Int, corners: (Int) -> [Point]?
  ) -> Readings {
    let topLeft = patterns[triple.topLeft]
    let topRight = patterns[triple.topRight]
    let bottomLeft = patterns[triple.bottomLeft]
    let (a, b, c) = (topLeft.centre, topRight.centre, bottomLeft.centre)
    let acrossModule =
      (moduleSize(image, topLeft, toward: b) + moduleSize(image, topRight, toward: a)) / 2
    let downModule =
      (moduleSize(image, topLeft, toward: c) + moduleSize(image, bottomLeft, toward: a)) / 2
    let modulesAcross = a.distance(to: b) / acrossModule + 7
    let modulesDown = a.distance(to: c) / downModule + 7
    // Zero module sizes make these infinite (and Int() would trap): no version that large.
    guard modulesAcross < 1000, modulesDown < 1000 else { return Readings() }
    let estimate = Int((((modulesAcross + modulesDown) / 2 - 17) / 4).rounded())

    // Finder corners carry the perspective; without them, the centres give an affine grid.
    let corners = [triple.topLeft, triple.topRight, triple.bottomLeft].map(corners)
    let hasAllCorners = corners.allSatisfy { $0 != nil }
    let moduleSize = (acrossModule + downModule) / 2
    // The timing patterns settle between neighbouring versions.
    var best: (version: Int, score: Double, transform: PerspectiveTransform)?
    // A few per cent of error in the module size is a version or more in large symbols.
    let spread = max(1, estimate / DetectorTuning.versionSpread)
    // The estimate first, then outwards: estimate − 1, estimate + 1, estimate − 2, …
    let numbers = (0...(2 * spread)).lazy.map { offset in
      estimate + (offset % 2 == 0 ? offset / 2 : -(offset + 1) / 2)
    }
    for number in numbers where Version.range.contains(number) {
      let size = 17 + 4 * number
      guard var transform = finderTransform(a, b, c, corners, size: size) else { continue }
      var score = sequentialTimingScore(image, transform, size: size)
      // Corners found on stylised finder patterns (dots, brackets) skew the fit; the centres
      // alone may then read the timing patterns better (tried at the estimated version only:
      // noise makes many triples, each scored here).
      if hasAllCorners, number == estimate, let plain = affine(a, b, c, size: size) {
        let plainScore = sequentialTimingScore(image, plain, size: size)
        if plainScore > score { (transform, score) = (plain, plainScore) }
      }
      if score > (best?.score ?? DetectorTuning.timingFloor) { best = (number, score, transform) }
    }
    // Large grids are costly to sample and their timing patterns long: there, chance agreement
    // must lie well below the score (`minimumTimingScore`).
    // Under steep perspective the finder patterns are thin slanted shapes whose corners, and so
    // the map, come out wrong; the timing patterns then read as noise. A small symbol's one
    // alignment pattern, searched on the gray levels, gives a fourth point for an exact map.
    // (Only where the patterns show such perspective, by their sizes or the corner's angle,
    // and were each seen on a few scan lines: elsewhere the finder corners serve, and the wide
    // search is costly.)
    let smallest = min(topLeft.moduleSize, topRight.moduleSize, bottomLeft.moduleSize)
    let largest = max(topLeft.moduleSize, topRight.moduleSize, bottomLeft.moduleSize)
    let cosine = (b - a).dot(c - a) / ((b - a).length * (c - a).length)
    let isSteep =
      largest > smallest * DetectorTuning.steepModuleRatio
      || abs(cosine) > DetectorTuning.steepCosine
    let seen = min(topLeft.count, topRight.count, bottomLeft.count)
    if isSteep, seen >= DetectorTuning.wideAlignmentSightings,
      best.map({ $0.score < minimumTimingScore(size: 17 + 4 * $0.version) }) ?? true,
      let gray, alignmentSearches < limit
    {
      let small = numbers.filter { (2...6).contains($0) }
      if !small.isEmpty { alignmentSearches += 1 }
      for number in small {
        guard
          let found = alignedTransform(
            image, gray, a, b, c, size: 17 + 4 * number, moduleSize: moduleSize,
            smallestModule: smallest),
          found.score > (best?.score ?? 0)
        else { continue }
        best = (number, found.score, found.transform)
      }
    }
    var hasVersionInformation = false
    let chosen: (version: Int, score: Double, transform: PerspectiveTransform)
    if let best, best.score >= minimumTimingScore(size: 17 + 4 * best.version) {
      chosen = best
    } else {
      // Large symbols on a curved page bend their timing patterns away from any one map; the
      // version information, read beside each finder pattern through its own corners, still
      // tells the version, and the piecewise sampling follows the curve. (Only for patterns
      // confirmed all round: texture makes many triples, each getting this far.)
      guard estimate >= 7, hasAllCorners, triple.partialPatterns == 0,
        let read = versionNearFinders(image, a, b, c, corners, size: 17 + 4 * estimate),
        abs(read.number - estimate) <= spread + DetectorTuning.versionReadMargin,
        let transform = finderTransform(a, b, c, corners, size: read.size)
      else { return Readings() }
      chosen = (read.number, 0, transform)
      hasVersionInformation = true
    }
    var number = chosen.version
    // The timing patterns of large symbols on a curved page may settle on a neighbouring
    // version; the version information beside the finder patterns reads true locally.
    if number >= 7, !hasVersionInformation,
      let read = versionInformation(image, chosen.transform, size: 17 + 4 * number)
    {
      number = read.number
      hasVersionInformation = true
    }
    var candidates = Readings()
    for _ in 0..<2 {
      guard let version = Version(number),
        let transform = number == chosen.version
          ? chosen.transform : finderTransform(a, b, c, corners, size: version.size)
      else { return Readings() }
      candidates = sample(
        image, gray: gray, a, b, c, transform, version: version, moduleSize: moduleSize,
        hasVersionInformation: hasVersionInformation)
      // Versions 7 and up carry their number; trust it over the geometry.
      guard version.hasVersionInformation, let first = candidates.first,
        let read = GridSampler.versionInformation(first.matrix), read != version
      else { break }
      number = read.number
    }
    candidates.finderPatterns = [topLeft, topRight, bottomLeft]
    return candidates
  }

  /// The map through the three finder centres and the bottom-right alignment pattern of a
  /// symbol of `size` (versions 2...6 have only that one), with its timing score; nil unless
  /// the pattern shows clearly and the timing patterns read through the map.
  ///
  /// Each place near where the centres' parallelogram puts the pattern is tried as the fourth
  /// point of a homography, and the 5 × 5 modules around the pattern are sampled through that
  /// map: the right place is the one where they correlate with the pattern
  /// (`DetectorTuning.wideAlignmentCorrelation`). The map must then read
  /// `DetectorTuning.wideAlignmentTiming` of the timing modules right.
  ///
  /// - Complexity: at most 41 × 41 trial maps, most rejected after 9 samples.
  private static func alignedTransform(
    _ image: BinaryImage, _ gray: GrayView, _ a: Point, _ b: Point, _ c: Point, size: Int,
    moduleSize: Double, smallestModule: Double
  ) -> (transform: PerspectiveTransform, score: Double)? {
    let far = Double(size) - 3.5
    let target = Point(x: Double(size) - 6.5, y: Double(size) - 6.5)
    let from = (Point(x: 3.5, y: 3.5), Point(x: far, y: 3.5), Point(x: 3.5, y: far), target)
    // Int() below traps on what is not finite.
    guard moduleSize.isFinite, smallestModule.isFinite, let plain = affine(a, b, c, size: size)
    else { return nil }
    let predicted = plain.apply(target)
    // The half of each trial map that depends only on `from` is prepared once (made whole
    // per trial, the maps were a sixth of this search).
    guard let source = PerspectiveTransform.Source(from) else { return nil }
    // The correlation of the pattern's modules under the map taking the alignment pattern to
    // `point`; nil where the map is degenerate or a module falls outside the image.
    func trial(_ point: Point) -> Double? {
      guard let map = PerspectiveTransform(from: source, to: (a, b, c, point)) else { return nil }
      return AlignmentPatternSearch.correlation(isInverted: gray.isInverted) { dx, dy in
        let mapped = map.apply(x: target.x + Double(dx), y: target.y + Double(dy))
        return gray.level(x: mapped.x, y: mapped.y)
      }
    }
    // The pattern's modules are the smallest where the symbol recedes, and the correlation
    // falls off within half a module: a third of the smallest finder module apart, within
    // `DetectorTuning.wideAlignmentReach` modules (at most `wideAlignmentSteps` either way).
    let step = max(smallestModule / 3, 1)
    let reach = min(
      Int(moduleSize * DetectorTuning.wideAlignmentReach / step), DetectorTuning.wideAlignmentSteps)
    var best: (score: Double, point: Point)?
    for dy in -reach...reach {
      for dx in -reach...reach {
        let point = predicted + Point(x: Double(dx) * step, y: Double(dy) * step)
        if let score = trial(point), score > (best?.score ?? DetectorTuning.alignmentTrialFloor) {
          best = (score, point)
        }
      }
    }
    guard var found = best else { return nil }
    let coarse = found.point
    for dy in -1...1 {
      for dx in -1...1 where dx != 0 || dy != 0 {
        let point = coarse + Point(x: Double(dx) * step / 2, y: Double(dy) * step / 2)
        if let score = trial(point), score > found.score { found = (score, point) }
      }
    }
    guard found.score >= DetectorTuning.wideAlignmentCorrelation,
      let transform = PerspectiveTransform(from: source, to: (a, b, c, found.point))
    else { return nil }
    let timing = timingScore(image, transform, size: size)
    guard timing >= DetectorTuning.wideAlignmentTiming else { return nil }
    return (transform, timing)
  }

  /// The map from module coordinates to pixels that the finder patterns give for a symbol of
  /// `size`: fitted to centres and corners when all corners were found, else affine.
  private static func finderTransform(
    _ a: Point, _ b: Point, _ c: Point, _ corners: [[Point]?], size: Int
  ) -> PerspectiveTransform? {
    guard let affine = affine(a, b, c, size: size) else { return nil }
    let far = Double(size) - 3.5
    // The three centres and each pattern's four corners, fifteen pairs of points. (Built
    // without a temporary array: a triple maps a few versions, and texture makes thousands.)
    var from: [Point] = []
    var to: [Point] = []
    from.reserveCapacity(15)
    to.reserveCapacity(15)
    from.append(Point(x: 3.5, y: 3.5))
    from.append(Point(x: far, y: 3.5))
    from.append(Point(x: 3.5, y: far))
    to.append(a)
    to.append(b)
    to.append(c)
    for index in 0..<3 {
      guard let found = corners[index],
        let turn = cornerTurn(found, to[index], around: from[index], affine)
      else { return affine }
      for k in 0..<4 {
        from.append(from[index] + cornerOffsets[k])
        to.append(found[(k + turn) % 4])
      }
    }
    return PerspectiveTransform(fitting: from, to: to) ?? affine
  }

  /// A finder pattern's outer corners from its centre, in modules, clockwise from top-left.
  private static let cornerOffsets = [
    Point(x: -3.5, y: -3.5), Point(x: 3.5, y: -3.5), Point(x: 3.5, y: 3.5), Point(x: -3.5, y: 3.5),
  ]

  /// The module coordinates of the outer corners of the finder pattern centred at `centre`,
  /// clockwise from top-left.
  private static func finderCorners(around centre: Point) -> [Point] {
    cornerOffsets.map { centre + $0 }
  }

  /// How far round a finder pattern's four corners `found` in the image (around `centre`) are
  /// to be turned to put them in the order of its module corners (around `moduleCentre`), by
  /// their direction from the centre under `affine`: corner k of the module corners is
  /// `found[(k + turn) % 4]`. Nil when a corner is more than
  /// `DetectorTuning.cornerAngleError` off its expected direction on average (a poor fit).
  private static func cornerTurn(
    _ found: [Point], _ centre: Point, around moduleCentre: Point, _ affine: PerspectiveTransform
  ) -> Int? {
    // Each direction once (an arctangent is dear; each turn below compares all four).
    var seen = SIMD4<Double>()
    var wanted = SIMD4<Double>()
    for k in 0..<4 {
      seen[k] = FinderPatternCorners.angle(of: found[k] - centre)
      wanted[k] = FinderPatternCorners.angle(
        of: affine.apply(moduleCentre + cornerOffsets[k]) - centre)
    }
    var bestTurn = 0
    var bestError = Double.infinity
    for turn in 0..<4 {
      var error = 0.0
      for k in 0..<4 {
        let difference = abs(seen[(k + turn) % 4] - wanted[k])
        error += min(difference, 2 * Double.pi - difference)
      }
      if error < bestError {
        bestError = error
        bestTurn = turn
      }
    }
    guard bestError < 4 * DetectorTuning.cornerAngleError else { return nil }
    return bestTurn
  }

  /// The version read from the version information next to the top-right and bottom-left
  /// finder patterns, each block sampled through its own pattern's corners alone (a curved
  /// page bends the grid between the patterns, but hardly within four modules of one); nil
  /// unless both blocks read the same version with at most `DetectorTuning.versionDistance`
  /// bit errors each, or one reads with at most `DetectorTuning.loneVersionDistance`.
  ///
  /// The version information is a BCH (18, 6) code (ISO/IEC 18004:2015, 7.10 and Annex D); at
  /// most 3 errors is its capacity, and random modules come within 1 bit of one of the 34
  /// codewords about once in 400 reads.
  private static func versionNearFinders(
    _ image: BinaryImage, _ a: Point, _ b: Point, _ c: Point, _ corners: [[Point]?], size: Int
  ) -> Version? {
    guard size >= 45, let affine = affine(a, b, c, size: size) else { return nil }
    let far = Double(size) - 3.5
    var reads: [(version: Version, distance: Int)] = []
    for (index, centre) in [(1, Point(x: far, y: 3.5)), (2, Point(x: 3.5, y: far))] {
      let expected = finderCorners(around: centre)
      guard let found = corners[index],
        let turn = cornerTurn(found, [a, b, c][index], around: centre, affine),
        let local = PerspectiveTransform(
          from: expected, to: (0..<4).map { found[($0 + turn) % 4] })
      else { continue }
      var word: UInt32 = 0
      for bit in 0..<18 {
        let along = Double(size - 11 + bit % 3) + 0.5
        let across = Double(bit / 3) + 0.5
        let point = index == 1 ? local.apply(x: along, y: across) : local.apply(x: across, y: along)
        if image.isDark(point) { word |= 1 << bit }
      }
      var best: (version: Version, distance: Int)?
      for entry in VersionInformation.all {
        let distance = (entry.codeword ^ word).nonzeroBitCount
        if distance < (best?.distance ?? Int.max) { best = (entry.version, distance) }
      }
      if let best, best.distance <= DetectorTuning.versionDistance { reads.append(best) }
    }
    if reads.count == 2, reads[0].version == reads[1].version { return reads[0].version }
    return reads.first { $0.distance <= DetectorTuning.loneVersionDistance }?.version
  }

  /// The module size at `pattern` measured along the line to `point`: the pattern's extent
  /// along that line (outer edge to outer edge) over 7.
  static func moduleSize(_ image: BinaryImage, _ pattern: FinderPattern, toward point: Point)
    -> Double
  {
    let direction = point - pattern.centre
    let length = direction.length
    guard length > 0 else { return pattern.moduleSize }
    let unit = direction * (1 / length)
    var extent = 0.0
    for sign in [1.0, -1.0] {
      guard
        let distance = FinderPatternCorners.edgeDistance(
          image, pattern.centre, direction: unit * sign,
          limit: pattern.moduleSize * DetectorTuning.edgeRayModules)
      else { return pattern.moduleSize }
      extent += distance
    }
    let measured = extent / 7
    // Trust the line only when it roughly agrees with the scan's estimate.
    guard measured > pattern.moduleSize * DetectorTuning.measuredModuleRatio.lower,
      measured < pattern.moduleSize * DetectorTuning.measuredModuleRatio.upper
    else { return pattern.moduleSize }
    return measured
  }

  /// The affine map from module coordinates to pixels fixed by the three finder centres.
  private static func affine(_ a: Point, _ b: Point, _ c: Point, size: Int) -> PerspectiveTransform?
  {
    let far = Double(size) - 3.5
    return PerspectiveTransform(
      affineFrom: (Point(x: 3.5, y: 3.5), Point(x: far, y: 3.5), Point(x: 3.5, y: far)),
      to: (a, b, c))
  }

  /// The version information (versions 7…40) sampled through `transform` for a symbol of
  /// `size`: only its two blocks, next to the top-right and bottom-left finder patterns.
  private static func versionInformation(
    _ image: BinaryImage, _ transform: PerspectiveTransform, size: Int
  ) -> Version? {
    var matrix = BitMatrix(size: size)
    for bit in 0..<18 {
      let (x, y) = (bit / 3, size - 11 + bit % 3)
      if image.isDark(transform.apply(x: Double(x) + 0.5, y: Double(y) + 0.5)) {
        matrix.setDark(true, x: x, y: y)
      }
      if image.isDark(transform.apply(x: Double(y) + 0.5, y: Double(x) + 0.5)) {
        matrix.setDark(true, x: y, y: x)
      }
    }
    return GridSampler.versionInformation(matrix)
  }

  /// The timing score (see `timingScore`) a grid of `size` needs before it is sampled:
  /// `DetectorTuning.timingFloor` up to `DetectorTuning.timingSmallSize`, above it chance
  /// agreement (0.5 ± 0.5/√n over n modules) `DetectorTuning.timingDeviations` deviations
  /// below the score.
  static func minimumTimingScore(size: Int) -> Double {
    guard size > DetectorTuning.timingSmallSize else { return DetectorTuning.timingFloor }
    return 0.5 + DetectorTuning.timingDeviations * 0.5 / Double(2 * (size - 16)).squareRoot()
  }

  /// `GridSampler.timingRead` through `transform`: its share when all were read, else 0 (a
  /// grid whose timing patterns read as texture is no version to take).
  private static func sequentialTimingScore(
    _ image: BinaryImage, _ transform: PerspectiveTransform, size: Int
  ) -> Double {
    let read = GridSampler.timingRead(image, size: size) { transform.apply(x: $0, y: $1) }
    return read.isComplete ? read.score : 0
  }

  /// The fraction of timing modules (row and column 6) seen with the right colour
  /// (`GridSampler.timingScore`, through `transform`).
  private static func timingScore(
    _ image: BinaryImage, _ transform: PerspectiveTransform, size: Int
  )
    -> Double
  {
    GridSampler.timingScore(image, size: size, isMicro: false) { transform.apply(x: $0, y: $1) }
  }

  /// Samples a symbol of `version` whose finder centres are `a`, `b`, `c` through the finder
  /// transform, refined with the bottom-right alignment pattern when the version has one: the
  /// readings with it, without it and through the plain parallelogram, best first.
  private static func sample(
    _ image: BinaryImage, gray: GrayView?, _ a: Point, _ b: Point, _ c: Point,
    _ transform: PerspectiveTransform, version: Version, moduleSize: Double,
    hasVersionInformation: Bool
  ) -> Readings {
    let size = version.size
    let far = Double(size) - 3.5
    let centres = [Point(x: 3.5, y: 3.5), Point(x: far, y: 3.5), Point(x: 3.5, y: far)]
    var transforms: [PerspectiveTransform] = []
    if let last = version.alignmentPatternCentres.last {
      let target = Point(x: Double(last) + 0.5, y: Double(last) + 0.5)
      let predicted = transform.apply(target)
      for radius in DetectorTuning.alignmentRadii {
        guard
          let found = AlignmentPatternSearch.find(
            image, near: predicted, radius: moduleSize * radius, moduleSize: moduleSize)
        else { continue }
        // Move the finder fit towards the alignment pattern: the fit through the three centres
        // and the pattern is exact at those four points.
        if let refined = PerspectiveTransform(from: centres + [target], to: [a, b, c, found]) {
          transforms.append(refined)
        }
        break
      }
    }
    transforms.append(transform)
    if let parallelogram = PerspectiveTransform(
      from: centres + [Point(x: far, y: far)], to: [a, b, c, b + c - a])
    {
      transforms.append(parallelogram)
    }
    // A data blob mistaken for the alignment pattern skews the grid: every reading is kept,
    // best function patterns first, and the decoder has the last word. They are ranked by the
    // timing and format modules alone (what the whole grids would score), and only the best is
    // sampled whole at once: the others are, as the decoder gets to them.
    var readings: [(quality: Double, transform: PerspectiveTransform)] = []
    let known = GridFitter.functionModules(version)
    for transform in transforms {
      // Grids of real symbols read at least 75 % of their finder, separator, timing and
      // alignment modules right (over 95 % mostly), grids hung on noise 45…55 %: checking those
      // first spares sampling the whole grid.
      var right = 0
      for (x, y, isDark) in known
      where image.isDark(transform.apply(x: Double(x) + 0.5, y: Double(y) + 0.5)) == isDark {
        right += 1
      }
      guard readsFunctionModules(right, of: known.count) else { continue }
      readings.append((quality(image, transform, size: version.size), transform))
    }
    // Stable: of readings alike, the first map's is given (Readings skips the repeats).
    readings.sort { $0.quality > $1.quality }
    var candidates = Readings()
    for (rank, reading) in readings.enumerated() {
      if rank == 0 {
        candidates.sampled.append(sample(image, reading.transform, version: version))
      } else {
        candidates.later.append { sample(image, reading.transform, version: version) }
      }
    }
    // A curved page bends large symbols more than one homography follows: after the readings
    // through one, the reading cell by cell between alignment patterns, when one of those
    // readings or the version information (read where the finder patterns fix the grid)
    // shows a symbol: noise shows neither. (Sampled when the readings before it fail, or at
    // once when it is the only one.)
    let piecewise = { () -> SymbolCandidate? in
      guard
        let (matrix, unreliable, corners) = samplePiecewise(
          image, gray: gray, readings.first?.transform ?? transforms[0], version: version,
          moduleSize: moduleSize),
        readsFunctionModules(
          known.reduce(0, { $0 + (matrix.isDark(x: $1.0, y: $1.1) == $1.2 ? 1 : 0) }),
          of: known.count)
      else { return nil }
      return candidate(matrix, unreliable, corners: corners, version: version)
    }
    if readings.isEmpty {
      if hasVersionInformation, let reading = piecewise() { candidates.sampled.append(reading) }
    } else {
      candidates.later.append(piecewise)
      // Last, the best grid read for dark modules grown into light ones (print, blur).
      let best = readings[0].transform
      candidates.later.append { sample(image, best, version: version, thinningDark: true) }
    }
    return candidates
  }

  /// Whether a grid that reads `right` of its `count` function modules right is worth
  /// sampling (`DetectorTuning.functionModulesPercent`).
  private static func readsFunctionModules(_ right: Int, of count: Int) -> Bool {
    right * 100 >= count * DetectorTuning.functionModulesPercent
  }

  /// A score of how well the grid `transform` maps (module coordinates to pixels) would read
  /// its function patterns, higher being better: ten times its timing score, less the format
  /// information's distance (the nearer of the grid and its mirror image, as `candidate` takes
  /// it). Read from the modules those use alone, sampled at their centres as `GridSampler`
  /// samples them, so it is the score of the whole grid.
  private static func quality(_ image: BinaryImage, _ transform: PerspectiveTransform, size: Int)
    -> Double
  {
    let timing = GridSampler.timingScore(image, size: size, isMicro: false) {
      transform.apply(x: $0, y: $1)
    }
    // Both copies of the format information, as read and mirrored: row and column 8 within
    // nine modules of the top-left corner and eight of the other two.
    var format = BitMatrix(size: size)
    for i in Array(0..<9) + Array((size - 8)..<size) {
      let across = transform.apply(x: Double(i) + 0.5, y: 8.5)
      let down = transform.apply(x: 8.5, y: Double(i) + 0.5)
      if image.isDark(across) { format.setDark(true, x: i, y: 8) }
      if image.isDark(down) { format.setDark(true, x: 8, y: i) }
    }
    let distance = min(
      GridSampler.qrFormatDistance(format, transposed: false),
      GridSampler.qrFormatDistance(format, transposed: true))
    return timing * 10 - Double(distance)
  }

  private static func sample(
    _ image: BinaryImage, _ transform: PerspectiveTransform, version: Version,
    thinningDark: Bool = false
  )
    -> SymbolCandidate
  {
    let size = version.size
    let (matrix, unreliable) =
      thinningDark
      ? GridSampler.sampleThinningDark(image, transform, size: size)
      : GridSampler.sample(image, transform, size: size)
    let corners = [
      transform.apply(x: 0, y: 0), transform.apply(x: Double(size), y: 0),
      transform.apply(x: Double(size), y: Double(size)), transform.apply(x: 0, y: Double(size)),
    ]
    return candidate(matrix, unreliable, corners: corners, version: version)
  }

  /// A sampled grid as a candidate, mirrored when its format information reads better so.
  private static func candidate(
    _ matrix: BitMatrix, _ unreliable: BitMatrix, corners: [Point], version: Version
  ) -> SymbolCandidate {
    let distance = GridSampler.qrFormatDistance(matrix, transposed: false)
    var candidate = SymbolCandidate(
      version: .qr(version), corners: corners, matrix: matrix, unreliable: unreliable,
      isInverted: false, isMirrored: false, formatDistance: distance, finderPatterns: [])
    let mirroredDistance = GridSampler.qrFormatDistance(matrix, transposed: true)
    if mirroredDistance < distance {
      candidate = candidate.mirrored()
      candidate.formatDistance = mirroredDistance
    }
    return candidate
  }
}

/// A set of non-negative integers for one frame's grouping: open addressing with linear
/// probing and a multiplicative hash. `Set<Int>` hashes with SipHash, keyed per process, which
/// was a fifth of grouping the patterns of a noise frame; these keys need no such defence.
private struct KeySet {
  private var slots: [Int]
  private var mask: Int
  private var count = 0

  /// An empty set with room for about `capacity` keys before it grows.
  init(capacity: Int) {
    var size = 16
    while size < 2 * capacity { size <<= 1 }
    slots = [Int](repeating: -1, count: size)
    mask = size - 1
  }

  /// Adds `key` (≥ 0); false when it was already there.
  mutating func insert(_ key: Int) -> Bool {
    if 2 * (count + 1) > slots.count { grow() }
    // Fibonacci hashing: bits from the middle of key × 2⁶⁴/φ, spread over the table.
    let product = UInt64(bitPattern: Int64(key)) &* 0x9E37_79B9_7F4A_7C15
    var index = Int(truncatingIfNeeded: product >> 32) & mask
    while slots[index] != -1 {
      if slots[index] == key { return false }
      index = (index &+ 1) & mask
    }
    slots[index] = key
    count += 1
    return true
  }

  private mutating func grow() {
    let old = slots
    slots = [Int](repeating: -1, count: old.count * 2)
    mask = slots.count - 1
    count = 0
    for key in old where key != -1 { _ = insert(key) }
  }
}
