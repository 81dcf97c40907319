// SPDX-License-Identifier: MIT
// The detector's tuned constants, in one place, each with what it trades.

/// The numbers the detector was tuned with. Each was set against classes of scenes (the scene
/// generator's classes, `Benchmarks/scenes.sh`, and the corpus), never one file; each entry
/// says what raising or lowering it trades.
enum DetectorTuning {
  /// Finder patterns a pass keeps when it finds many: the best this many, and beyond them every
  /// strong pattern (seen on two scan lines and confirmed all round) up to `maxPatterns`.
  /// Texture and text make dozens of weak patterns, whose triples cost time and read nothing;
  /// sheets of symbols make hundreds of strong ones. Lower: less time on texture, and symbols
  /// with damaged finder patterns lost among many.
  static let weakPatterns = 40
  /// The bare stones a stones pass keeps (those seen on the most scan lines): a stylised
  /// symbol has three, texture makes dozens, each of whose triples is located and scored.
  /// Higher: more stylised symbols among busy texture, more time on every textured frame.
  static let stonePatterns = 16
  /// A stones pass that sees at most this many bare stones has them looked at with the other
  /// thresholds (as finder patterns whose rings glare washed out); more are texture. Higher:
  /// more codes under glare, the other thresholds over more textured frames.
  static let promisingStones = 8
  /// Strong patterns (seen twice, confirmed all round) promise a symbol to the other
  /// thresholds only when at least one pattern in this many is strong: noise and texture make
  /// dozens of weak patterns and, by chance, a strong one or two among them (a 640 × 480 noise
  /// frame then took five more passes over the whole frame); a symbol's patterns, read or not,
  /// are mostly strong, with the weak ones of its data around them. Higher: more textured frames
  /// get the other thresholds; lower: symbols among busy texture (a sheet's unread codes) lose
  /// them.
  static let strongShare = 8
  /// Finder patterns with modules this large (pixels) or larger have their corner rays step a
  /// 24th of a module instead of visiting every pixel they cross (64 rays, each up to seven
  /// modules long, were the detector's costliest step on close-up codes). Below it no pixel is
  /// skipped: on small modules that are blurred, upscaled or seen at a steep slant, a ring can
  /// be a pixel or two wide along a ray, and coarser steps moved corners enough to lose such
  /// symbols (the steep perspective and corpus tests fail at 8). Lower: cheaper rays, fragile
  /// small symbols.
  static let coarseRayModule = 12.0
  /// A pattern whose straight runs give modules smaller than this (pixels) is confirmed, when
  /// one of its diagonals fails the ratio and the other holds it, by the four lines between
  /// the straight and diagonal ones: turned near 45°, its thin rings are bands of pixel steps
  /// that a diagonal walk can step over. On the real photos at full size: four more codes
  /// (small printed codes turned 45°, a code under a bright spot), for 1.4 % more instructions
  /// on the photos as 720p frames. Such patterns do not by themselves make a first look
  /// promising (`FinderPattern.showsDiagonals`). Higher: larger patterns too (3.8 % more at
  /// any size; two more codes in those frames, one fewer at 1080p).
  static let thinRingModule = 5.0
  /// The smallest modules (pixels) `thinRingModule`'s confirmation is made for: below it, a
  /// noisy frame's global threshold makes hundreds of specks that the in-between lines pass,
  /// and their triples spend the frame's budget (the class `lowcontrast` lost a code).
  static let thinRingSmallest = 2.5
  /// The most finder patterns a pass keeps: three per symbol, so some 340 symbols a frame.
  /// Bounds the grouping work of a frame full of strong texture.
  static let maxPatterns = 1024
  /// Beyond `tripleNeighbours + 1` patterns, each is grouped only with pairs of its nearest
  /// this many (of about its module size): grouping costs O(n × k²) instead of O(n³). Lower:
  /// faster on sheets, but a symbol whose partners are farther than k others (tiny symbols
  /// among large ones) is missed.
  static let tripleNeighbours = 12
  /// Triples a pass tries that read nothing before it gives up; triples that read a symbol do
  /// not count. Higher: more chances for damaged symbols in busy frames, more time on texture.
  static let fruitlessTriples = 60
  /// The same for triples of bare stones (stylised codes), which texture makes in plenty.
  static let stoneAttempts = 8
  /// Wide alignment searches (`DetectorWork.alignmentSearches`: a small symbol's map found from
  /// its alignment pattern under steep perspective, a millisecond or so each at 720p) a frame
  /// makes for attempts that read nothing; searches that read a symbol do not count. Texture
  /// makes slanted-looking triples by the dozen. Higher: more steep symbols among texture,
  /// more time on texture. 1 reads as much as 4 on every scene class, the corpus, the real
  /// photos at full size and as frames, for 1.4 % fewer instructions on the frames.
  static let alignmentSearches = 1
  /// Balanced effort takes its cheap look at the half-size frame only when the first passes saw
  /// at most this many finder patterns (none promising): texture and noise make more, and the
  /// look rescues symbols whose patterns the local threshold lost, not busy frames.
  static let cheapLookPatterns = 12
  /// The neighbourhood of an unexplained finder pattern, in its modules, that balanced effort's
  /// other thresholds look at: a version 7 symbol's width from the pattern in every direction.
  /// Larger: big symbols whose other patterns did not show are read; more pixels per pass.
  static let windowModules = 45.0
  /// When the window of unexplained patterns would cover this share of the frame or more, the
  /// whole frame is taken instead (cropping would save little).
  static let wholeWindowShare = 0.6
  /// How far (in modules of the larger, along either axis) a pattern of a later pass may lie
  /// from one of an earlier attempt that read nothing, and still be taken for the same
  /// (`FruitlessAttempts`): thresholds move a pattern's edges, so its centre, by a fraction of
  /// a module. Larger: fewer repeated attempts, and a neighbouring pattern may be skipped for
  /// another's failure; smaller: the same pattern tried again at each threshold.
  static let fruitlessReach = 1.0
  /// The least ratio of module sizes of two patterns taken for the same by `FruitlessAttempts`.
  /// Lower: a smaller or larger pattern at the same place (another symbol) may be skipped.
  static let fruitlessModuleRatio = 0.7
  /// When every unexplained finder pattern belongs to a symbol located and not read (a strong
  /// triple sampled), balanced effort's other thresholds look only at the rectangle around
  /// those symbols' patterns widened by this many of their modules (the finder patterns reach
  /// 3.5 modules past their centres; the rest is the local threshold's context and a tilt).
  /// Such frames are common where codes are cut off by the frame's edge or too damaged to
  /// read. Larger: more pixels per pass; smaller: a symbol located a little off is cut.
  static let unreadMargin = 8.0
  /// When every unexplained finder pattern has modules this large (pixels) or larger, balanced
  /// effort's other thresholds look at the half-size image, where those modules are still four
  /// pixels or more, a quarter of the work; at twice this, the quarter-size image; at four
  /// times, the eighth (a code filling a 12 MP photo has modules of 50 pixels and more, which
  /// the local threshold's 40-pixel window cannot span). Lower: cheaper on large symbols, but
  /// fine detail (thin module borders that decide a threshold) is lost sooner.
  static let levelModule = 8.0
  /// The timing score (`QRLocator.timingEvidence`, through the affine map of a triple's
  /// centres) that puts a triple among those located first. On a sheet of codes, triples of
  /// neighbouring symbols' patterns are as square as real ones and far more numerous; their
  /// timing lines cross quiet zones and data (about half right), a symbol's cross its timing
  /// patterns. Lower: texture triples tried before real ones; higher: real symbols seen under
  /// perspective or blur wait behind the rest.
  static let strongTiming = 0.8
  /// Once this many timing modules of a version are sampled, `QRLocator.timingEvidence` drops
  /// the version when more than `timingEarlyWrongShare` of them read wrong (texture and
  /// triples across symbols read about half wrong; a symbol's own, a few per cent). Measured
  /// on the real photos as frames: 3 % of the detector's instructions saved, every frame,
  /// photo and corpus image reading the same. Lower either: less work on texture, and a
  /// symbol whose first timing modules blur or glare spoils ranked among the weak.
  static let timingEarlySamples = 16
  /// See `timingEarlySamples`.
  static let timingEarlyWrongShare = 0.3
  /// A pair's guessed third pattern is tried only where this many of the nine points a module
  /// apart around it are dark (`QRLocator.mayHoldPattern`). On the real photos as frames, half
  /// the guesses fall on light paper or texture, and none of them read; skipping them leaves
  /// the budget to other attempts (five more codes read at 1280 × 720). Higher: fewer guesses
  /// at patterns spoiled by glare or blur.
  static let guessDarkPoints = 2
  /// A QR Code candidate whose format information (both copies, 30 bits) read within this
  /// many bits of a codeword is not decoded mirrored when it fails: the locator turned it over
  /// already if its format read nearer so, and a grid read the wrong way round reads its
  /// format as noise. Measured on the real photos as frames: 1 % of the detector's
  /// instructions saved (the mirrored attempt re-reads the blocks of every symbol located and
  /// not read), every frame, photo and corpus image reading the same; Model 1 symbols, whose
  /// format is masked otherwise, still get theirs. Higher: fewer mirrored attempts, and a
  /// mirrored symbol whose format reads nearly as well unmirrored is lost.
  static let cleanFormatDistance = 2
  /// The fruitless work (`DetectorWork.fruitlessUnits`) each symbol read adds to its frame's
  /// budget, and fruitless triples to a pass's limit: a frame that shows symbols is likely to
  /// show more (a sheet of codes, whose neighbours make triples that read nothing and whose
  /// small or blurred symbols need a second try), while texture and noise, which read
  /// nothing, keep the bare budget. Higher: more of a crowded frame's hard symbols, more time
  /// on its junk.
  static let unitsEarnedPerRead = 4
  /// The shortest side (pixels) of the smallest level of the pyramid that balanced effort's
  /// first look scans: each halving of the frame is scanned while its short side is this long
  /// or longer (a 12 MP photo down to an eighth, 1080p to a quarter, 720p to a half). Lower:
  /// larger modules still found (codes filling the frame), more passes on every frame.
  static let pyramidSide = 256
  /// The smallest module (pixels, at its level) of a pattern that the pyramid's coarser levels
  /// locate: a smaller one was seen with modules of twice this or more at the level above, and
  /// tried there. Higher: less work repeated at coarse levels, and patterns that only a coarser
  /// level shows whole (a screen's grid at full size) lost sooner; 3 lost a code in the real
  /// photos, 2.5 none.
  static let pyramidModule = 2.5
  /// Symbols located and not read, and pairs whose guessed thirds read nothing, with modules
  /// (frame pixels) under this are looked at again in the frame doubled (balanced effort's
  /// closer look). Measured on the real photos as frames and sheets of codes at a third and a
  /// quarter of their size (about 2 px a module): 2.5 reads a little less, 3.5 no more.
  /// Higher: more frames doubled for symbols that the frame's own pixels read.
  static let closeModule = 3.0
  /// The largest window (frame pixels) the closer look doubles: four times as many pixels to
  /// binarize and scan for each of its passes. When the window around every small unread place
  /// is larger, the located symbols' window alone is taken, or none. Higher: more of a frame
  /// full of small unread codes (or texture) doubled.
  static let closeLookPixels = 1 << 18
  /// The fruitless work (`DetectorWork.units`) the closer look may spend whatever the frame's
  /// budget left: the attempts that spent it are the ones it repeats. 8 reads as much on the
  /// frame sets; higher: more chances per frame, more time on texture of small patterns.
  static let closeLookUnits = 16
}
