// SPDX-License-Identifier: MIT
// Where the third finder pattern of a symbol must be when only two were seen.

import QRImage

extension QRLocator {
  /// The pairs of `candidates` (indices into `patterns`, in scan order) that may be two
  /// patterns of one symbol, nearest together in modules first (pairs as near keep the order
  /// given).
  ///
  /// Two patterns of one symbol lie at most a version 40 symbol's diagonal apart
  /// (`DetectorTuning.pairReach` of the larger module: the sizes may differ a lot under steep
  /// perspective). Pairs of two symbols' patterns lie farther apart than either symbol's own,
  /// and in scan order they come first as often as not, spending the frame's budget on
  /// guesses that read nothing (the real photos as frames: two more codes read this way, on
  /// a sheet of codes and beside larger ones, for 0.2 % more work).
  ///
  /// - Complexity: O(*n*² log *n*) in the number of candidates.
  static func pairs(_ patterns: [FinderPattern], among candidates: [Int]) -> [(Int, Int)] {
    var nearby: [(pair: (Int, Int), span: Double)] = []
    for (position, first) in candidates.enumerated() {
      for second in candidates[(position + 1)...] {
        let (a, b) = (patterns[first], patterns[second])
        let distance = a.centre.distance(to: b.centre)
        guard distance < DetectorTuning.pairReach * max(a.moduleSize, b.moduleSize) else {
          continue
        }
        nearby.append(((first, second), distance / (a.moduleSize + b.moduleSize)))
      }
    }
    return nearby.indices.sorted { (nearby[$0].span, $0) < (nearby[$1].span, $1) }.map {
      nearby[$0].pair
    }
  }

  /// The triples two finder patterns `first` and `second` may belong to, each with the third
  /// pattern placed where the symbol's geometry puts it (the two may be neighbouring corners,
  /// either one the top-left, with the third on either side, or opposite corners): the third
  /// is the element at index `third` (the caller appends `placed` to its patterns there).
  ///
  /// A pattern may go unseen though the symbol is readable: blurred into neighbouring dark
  /// data along every scan line, spoiled by the threshold, or lit unevenly. The decoder, and
  /// the function-pattern checks before sampling, judge each guess.
  ///
  /// - Complexity: O(1): six guesses.
  static func thirdPatternGuesses(
    _ patterns: [FinderPattern], _ first: Int, _ second: Int, third: Int
  ) -> [(triple: Triple, placed: FinderPattern)] {
    let p = patterns[first]
    let q = patterns[second]
    let ratio = max(p.moduleSize, q.moduleSize) / min(p.moduleSize, q.moduleSize)
    let module = (p.moduleSize + q.moduleSize) / 2
    let span = p.centre.distance(to: q.centre) / module
    guard ratio < DetectorTuning.pairModuleRatio, span >= DetectorTuning.symbolSpan.lowerBound,
      span <= DetectorTuning.symbolSpan.upperBound * 1.4143
    else { return [] }
    // A quarter turn clockwise on screen (y down), and back.
    func turned(_ v: Point) -> Point { Point(x: -v.y, y: v.x) }
    func turnedBack(_ v: Point) -> Point { Point(x: v.y, y: -v.x) }
    func placed(_ centre: Point) -> FinderPattern {
      FinderPattern(centre: centre, moduleSize: module, count: 0)
    }
    let d = q.centre - p.centre
    let middle = (p.centre + q.centre) * 0.5
    var guesses: [(Triple, FinderPattern)] = []
    if span <= DetectorTuning.symbolSpan.upperBound {
      // Neighbours: the top-left and the top-right, or the top-left and the bottom-left.
      guesses += [
        (
          Triple(topLeft: first, topRight: second, bottomLeft: third, score: 0),
          placed(p.centre + turned(d))
        ),
        (
          Triple(topLeft: first, topRight: third, bottomLeft: second, score: 0),
          placed(p.centre + turnedBack(d))
        ),
        (
          Triple(topLeft: second, topRight: first, bottomLeft: third, score: 0),
          placed(q.centre + turned(d * -1))
        ),
        (
          Triple(topLeft: second, topRight: third, bottomLeft: first, score: 0),
          placed(q.centre + turnedBack(d * -1))
        ),
      ]
    }
    if span >= DetectorTuning.symbolSpan.lowerBound * 1.4143 {
      // Opposite corners: the top-right and the bottom-left.
      guesses += [
        (
          Triple(topLeft: third, topRight: first, bottomLeft: second, score: 0),
          placed(middle + turned(d) * 0.5)
        ),
        (
          Triple(topLeft: third, topRight: second, bottomLeft: first, score: 0),
          placed(middle + turned(d * -1) * 0.5)
        ),
      ]
    }
    return guesses
  }

  /// Which of `guesses` (as `thirdPatternGuesses` made them from `patterns`) show their timing
  /// patterns best: those with the best `timingEvidence` when it is at least
  /// `DetectorTuning.strongTiming`; none when no guess reaches it. Two patterns of a symbol
  /// whose timing patterns show put its third in one place, and only that guess is worth
  /// locating (it is, whatever the budget); the other places read nothing. Where none shows
  /// (glare, blur, steep perspective), the evidence does not tell the places apart, and each
  /// is located while the budget lasts.
  ///
  /// - Complexity: O(*modules*) per guess.
  static func guessesShowingTiming(
    _ image: BinaryImage, _ patterns: [FinderPattern],
    _ guesses: [(triple: Triple, placed: FinderPattern)]
  ) -> [Bool] {
    let evidence = guesses.map { guess in
      func pattern(_ index: Int) -> FinderPattern {
        index < patterns.count ? patterns[index] : guess.placed
      }
      return timingEvidence(
        image, topLeft: pattern(guess.triple.topLeft), topRight: pattern(guess.triple.topRight),
        bottomLeft: pattern(guess.triple.bottomLeft))
    }
    guard let best = evidence.max(), best >= DetectorTuning.strongTiming else {
      return guesses.map { _ in false }
    }
    return evidence.map { $0 >= best }
  }

  /// Whether a pattern may lie at `guess`: at least `DetectorTuning.guessDarkPoints` of the
  /// nine points a module apart around its centre (the centre, and a module away along the
  /// axes and diagonals) are dark. A finder pattern's stone is three modules wide, so a guess
  /// within a module and a half of a pattern, even a spoiled one, has dark points there; a
  /// guess on a light quiet zone, paper or a light patch of texture has none.
  ///
  /// - Complexity: O(1).
  static func mayHoldPattern(_ image: BinaryImage, _ guess: FinderPattern) -> Bool {
    var dark = 0
    for dy in -1...1 {
      for dx in -1...1
      where image.isDark(
        guess.centre + Point(x: Double(dx) * guess.moduleSize, y: Double(dy) * guess.moduleSize))
      {
        dark += 1
        if dark >= DetectorTuning.guessDarkPoints { return true }
      }
    }
    return false
  }

  /// A guessed pattern moved to the centre of the outer corners found around it (the corners
  /// come from rays to the dark ring's outer edge, so a guess a module or two off still finds
  /// them), with those corners; the guess and nil when none are found.
  ///
  /// - Complexity: O(*module size*), twice.
  static func settled(_ image: BinaryImage, _ guess: FinderPattern) -> (FinderPattern, [Point]?) {
    var pattern = guess
    var corners = FinderPatternCorners.find(image, pattern)
    for _ in 0..<2 {
      guard let found = corners else { break }
      pattern.centre = (found[0] + found[1] + found[2] + found[3]) * 0.25
      corners = FinderPatternCorners.find(image, pattern) ?? found
    }
    return (pattern, corners)
  }
}
