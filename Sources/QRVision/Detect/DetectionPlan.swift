// SPDX-License-Identifier: MIT
// What the detector does with a frame at each effort, written once.

/// The detector's plan for a frame at one effort: its looks in order, each with its passes,
/// where it looks and when it runs, and the effort's switches for the attempts.
/// `Detector.run` takes the looks in turn. A look stops early when the budget is spent or
/// enough symbols are read; a symbol read never ends the search for others.
struct DetectionPlan: Sendable {
  /// One binarization and scan of the image: a threshold, light and dark swapped or not, at a
  /// level of the pyramid (0 the image itself, 1 half size, 2 a quarter, 3 an eighth).
  struct Pass: Equatable, Sendable {
    enum Threshold { case local, contrastOnly, global }
    var threshold: Threshold
    var isInverted = false
    var level = 0
    /// How the pass finds finder patterns and what its attempts make of them.
    var finder = FinderStrategy.rings
  }

  /// Where a look takes its passes.
  enum Place: Sendable {
    /// The whole frame.
    case frame
    /// The window around the finder patterns no symbol read explains
    /// (`DetectorTuning.windowModules`), or around the symbols located and not read when those
    /// patterns are all theirs (`DetectorTuning.unreadMargin`); each pass at least at the level
    /// where the smallest of the patterns' modules is still half `DetectorTuning.levelModule`.
    case unexplained
    /// The window around the symbols located and not read, and the pairs whose guessed thirds
    /// read nothing, with modules under `DetectorTuning.closeModule`, doubled (bilinear) so that
    /// a module is four pixels or more: symbols printed small, sheets of codes seen whole.
    /// The look has `DetectorTuning.closeLookUnits` of its own (the frame's budget may be spent
    /// on the attempts it repeats) and doubles at most `DetectorTuning.closeLookPixels`. Only
    /// with QR Code wanted; nothing when there is no such symbol.
    case closer
  }

  /// When a look runs. A condition that fails skips the look or ends the plan: the looks after
  /// it are skipped, but for those that run `.finally`.
  enum Condition: Sendable {
    /// Runs.
    case always
    /// Runs when no pass saw patterns that no symbol read explains and that promise a symbol,
    /// no symbol was read, and the passes so far kept at most
    /// `DetectorTuning.cheapLookPatterns` patterns (texture and noise make more); skipped when
    /// some promise one. Ends the plan when nothing promises a symbol and either many patterns
    /// were seen or a symbol was read (a frame that read one and saw few patterns takes the
    /// look's `afterARead` passes first), when the budget is spent, or when enough symbols are
    /// read.
    ///
    /// A frame that read a symbol and saw nothing else promising is done, as a frame of texture
    /// is, but for `afterARead`: the looks after it are for symbols whose patterns were seen
    /// and not read. (Measured over the real photos as frames, their full-size photos, the
    /// corpus and the scene classes, the whole cheap look and what followed it after a read
    /// found one more symbol in all: a stylised code with rounded finder patterns beside a
    /// plain one, for a tenth of the frames' time.)
    case ifNothingPromising
    /// Runs unless the look before it ran and left fewer than two strong patterns unexplained
    /// (seen twice and all round, as a symbol shows them: texture makes a lone one now and
    /// then). That ends the plan, as do a spent budget and enough symbols read.
    case ifPromising
    /// Runs however the looks before it ended, when a contrast-only pass read a symbol, unless
    /// the budget is spent or enough symbols are read. Such a scene is faint (a label a few
    /// gray levels darker than its light modules, a print faded all over), and its other
    /// symbols may show the local threshold no pattern at all, so that nothing drew a look to
    /// them.
    case afterAFaintRead
    /// Runs however the looks before it ended, while fewer than `DetectorOptions.maxSymbols`
    /// are read.
    case finally

    /// Whether a look with this condition may run after the plan has ended.
    var outlastsTheEnd: Bool { self == .afterAFaintRead || self == .finally }
  }

  /// One look at the frame.
  struct Look: Equatable, Sendable {
    /// Its passes in order; the inverted ones only with `DetectorOptions.triesInverted`.
    var passes: [Pass]
    /// Whether the local threshold and its inverse at every level of the pyramid whose short
    /// side is `DetectorTuning.pyramidSide` or more follow `passes` (those not among them).
    var pyramid = false
    /// Whether the passes an earlier look took over the whole frame are left out.
    var skipsTaken = false
    /// Which rows its scans take: every one, every other, every third.
    var rowStep: Int
    /// Whether every pass is scanned first, and the triples whose timing patterns show, of
    /// every pass, tried before the rest of any, which go coarsest level first
    /// (`Detector.look`).
    var strongFirst = false
    /// Whether it stops after a pass once symbols are read and no patterns unexplained by them
    /// promise another.
    var stopsWhenExplained = false
    /// With `Condition.ifNothingPromising`: the passes it takes instead of `passes` in a frame
    /// that read a symbol and saw few patterns and nothing else promising, after which the plan
    /// ends (a faint symbol beside the one read, whose blocks the local threshold took for flat
    /// and guessed light everywhere); none, and such a frame ends the plan here.
    var afterARead: [Pass] = []
    var place = Place.frame
    var when = Condition.always

    /// The passes the look takes over a frame `width` × `height` pixels: `passes` (or
    /// `afterARead`, with no pyramid), then the pyramid's, less `taken` when it skips those.
    func passes(
      width: Int, height: Int, triesInverted: Bool, taken: [Pass], afterARead: Bool = false
    ) -> [Pass] {
      var chosen = (afterARead ? self.afterARead : passes).filter {
        triesInverted || !$0.isInverted
      }
      for level in 0..<(pyramid && !afterARead ? Detector.levels : 0)
      where level == 0 || min(width, height) >> level >= DetectorTuning.pyramidSide {
        for isInverted in triesInverted ? [false, true] : [false] {
          let pass = Pass(threshold: .local, isInverted: isInverted, level: level)
          if !chosen.contains(pass) { chosen.append(pass) }
        }
      }
      if skipsTaken { chosen.removeAll { taken.contains($0) } }
      return chosen
    }
  }

  /// The most work a frame may take in attempts that read nothing (see
  /// `DetectorWork.fruitlessUnits`; each symbol read adds `DetectorTuning.unitsEarnedPerRead`),
  /// and how many finder pattern triples with a pattern that showed its rings along four lines
  /// only (not eight) may be tried: texture and noise make many such, real symbols seldom.
  struct Budget: Sendable {
    var units: Int
    var partialTriples: Int
  }

  /// The looks in the order taken.
  var looks: [Look]
  /// The work a frame may take.
  var budget: Budget
  /// Whether a triple none of whose readings decodes gets a grid fitted to its function
  /// patterns (`GridFitter`).
  var fitsGrids = true
  /// Whether a lone pattern's Micro QR readings, when none decodes, are fitted to their
  /// function patterns (`GridFitter`) and decoded again. Only at accurate effort: over real
  /// photos, their frames and the generated Micro QR scenes, such fits read nothing that the
  /// sampled readings did not, and they were the bulk of the grids fitted in frames.
  var fitsMicroQRGrids = false
  /// Whether two patterns seen well are tried with a guessed third.
  var guessesThirds = true
  /// Whether attempts may search widely for the alignment pattern
  /// (`DetectorTuning.alignmentSearches`).
  var searchesWidely = true

  /// One pass, every third row, strong triples first, no fitted grids, guesses or wide searches.
  static let fast = DetectionPlan(
    looks: [Look(passes: [Pass(threshold: .local)], rowStep: 3, strongFirst: true)],
    budget: Budget(units: 24, partialTriples: 2), fitsGrids: false, guessesThirds: false,
    searchesWidely: false)

  /// Every other row: the pyramid; where it read nothing and saw nothing promising, the cheap
  /// look; the other thresholds where patterns promise a symbol; the contrast-only threshold
  /// over the whole frame when it read a faint symbol; last, the closer look at small unread
  /// symbols.
  static let balanced = DetectionPlan(
    looks: [
      // A symbol's modules are a few pixels wide at one level of the pyramid whatever their size
      // in the frame (a code filling a 12 MP photo; a screen, whose pixel grid breaks the
      // patterns' runs at full size and averages out below): a third more pixels than the frame.
      Look(passes: [], pyramid: true, rowStep: 2, strongFirst: true),
      // The cheap look, at half size, a quarter of the work: a local threshold (outlined or
      // textured modules, which split into thin lines at full size), bare stones, a global
      // threshold and its inverse (large modules of a light-on-dark symbol that the local
      // threshold loses altogether), the contrast-only threshold (a label a few gray levels
      // darker than its light modules, whose blocks the local threshold takes for flat and
      // guesses light: the generated class `label` reads 69 of 86 codes with it, 57 without,
      // for 2 % more work on the real photos as frames). A frame that read a symbol and saw
      // little else takes the contrast-only threshold alone, for a faint symbol beside it
      // (held-out `lowcontrast` 63 -> 65 of 67 and `label` 68 -> 70 of 86; 1.8–3.3 % more work
      // on the real photos as frames, one more code read there).
      Look(
        passes: [
          Pass(threshold: .local, level: 1), Pass(threshold: .local, level: 1, finder: .stones),
          Pass(threshold: .global, level: 1), Pass(threshold: .global, isInverted: true, level: 1),
          Pass(threshold: .contrastOnly, level: 1),
        ], skipsTaken: true, rowStep: 2, stopsWhenExplained: true,
        afterARead: [Pass(threshold: .contrastOnly, level: 1)], when: .ifNothingPromising),
      // The other thresholds, where the patterns are that promise a symbol (a code under glare,
      // whose patterns only the half-size image kept, among them).
      Look(
        passes: [
          Pass(threshold: .contrastOnly), Pass(threshold: .global),
          Pass(threshold: .global, isInverted: true), Pass(threshold: .local, level: 1),
          Pass(threshold: .local, level: 1, finder: .stones),
        ], skipsTaken: true, rowStep: 2, stopsWhenExplained: true, place: .unexplained,
        when: .ifPromising),
      // Faint symbols that no pattern drew a look to, in a scene where the contrast-only
      // threshold read one, at the sizes not yet taken over the whole frame (held out:
      // `lowcontrast` 65 -> 67 of 67, `label` 70 -> 81 of 86; the real photos and their
      // frames read the same, their frames for 0.6 % more work).
      Look(
        passes: [Pass(threshold: .contrastOnly, level: 1), Pass(threshold: .contrastOnly)],
        skipsTaken: true, rowStep: 2, when: .afterAFaintRead),
      // Symbols whose modules are too small for the frame's pixels.
      Look(
        passes: [
          Pass(threshold: .local), Pass(threshold: .local, isInverted: true),
          Pass(threshold: .contrastOnly),
        ], rowStep: 2, place: .closer, when: .finally),
    ], budget: Budget(units: 64, partialTriples: 8))

  /// Balanced effort's plan first, so that more effort never reads less; then every pass over
  /// the whole frame and the pyramid, every row.
  static let accurate = DetectionPlan(
    looks: balanced.looks + [
      Look(
        passes: [
          Pass(threshold: .local), Pass(threshold: .local, isInverted: true),
          Pass(threshold: .contrastOnly), Pass(threshold: .global),
          Pass(threshold: .global, isInverted: true), Pass(threshold: .local, level: 1),
          Pass(threshold: .local, level: 1, finder: .stones),
        ], pyramid: true, rowStep: 1, strongFirst: true, when: .finally)
    ], budget: Budget(units: 128, partialTriples: 32), fitsMicroQRGrids: true)
}
