// SPDX-License-Identifier: MIT
// The detector's tuned constants, in one place, each with what it trades.

/// The numbers the detector was tuned with. Each was set against classes of scenes (the scene
/// generator's classes, `Benchmarks/scenes.sh`, and the corpus), never one file; each entry
/// says what raising or lowering it trades. They are grouped by the stage that uses them:
/// scan, group, locate, sample, and the plan of passes over them.
enum DetectorTuning {
  // MARK: - Scan
  // Finding finder patterns: the ratio tests, merging sightings, the patterns a pass keeps.

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
  /// The most finder patterns a pass keeps: three per symbol, so some 340 symbols a frame.
  /// Bounds the grouping work of a frame full of strong texture.
  static let maxPatterns = 1024
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
  /// How far (in modules of the larger, along either axis) two sightings of one pass may lie
  /// and be merged as one finder pattern (`FinderPattern.isSame`): scan lines cross a pattern
  /// at centres that differ by the rounding of its runs, and a sighting is one line's measure,
  /// not yet averaged. Wider than `fruitlessReach`, which compares the averaged patterns of two
  /// passes. Larger: neighbouring patterns of small symbols (or a pattern and a dark blob
  /// beside it) merged into one; smaller: one pattern kept as two, its triples tried twice.
  static let samePatternReach = 1.5
  /// The ratios of module sizes (the one over the other, bounds excluded) within which two
  /// sightings of one pass are merged (`FinderPattern.isSame`): a scan line through a
  /// pattern's stone near its edge measures other runs than one through its middle. Wider than
  /// `fruitlessModuleRatio` for the reason `samePatternReach` is wider than `fruitlessReach`.
  /// Wider: a small symbol's pattern merged with a large one's at the same place; narrower: one
  /// pattern kept as several.
  static let samePatternRatio = (lower: 0.6, upper: 1.67)
  /// The rows (in the pattern's modules, plus the row step) after its last sighting that a
  /// pattern stays open for later scan lines to merge into (`FinderPatternScanner`): a finder
  /// pattern is 7 modules tall, its stone's ratio shows on the lines through its middle three.
  /// Larger: more patterns compared with each sighting; smaller: one pattern found as two
  /// along its height, where a line or two missed it.
  static let patternRowGap = 4.0
  /// The ratios of a pattern's diagonal extent (both diagonals, √2 a pixel) to its straight
  /// one (row and column), bounds excluded, within which the scanner confirms it
  /// (`FinderPatternScanner`): a pattern's diagonals cross as many modules as its row and
  /// column, perspective and a ring spoiled along one line move them apart. Wider: more
  /// texture taken for patterns; narrower: patterns under steep perspective lost.
  static let diagonalRatio = (lower: 0.4, upper: 2.5)
  /// The lengths (in the pattern's 7 modules, bounds excluded) of its extent along a line
  /// between the straight and diagonal ones that count towards confirming it all round
  /// (`FinderPatternScanner.checkAllRound`). Wider: texture confirmed all round more often;
  /// narrower: patterns under perspective or blur are not, and wait behind the rest.
  static let inBetweenExtent = (lower: 0.6, upper: 1.8)
  /// Of the four lines between the straight and diagonal ones, how many must show the
  /// 1:1:3:1:1 ratio (within `inBetweenExtent`) for a pattern to be confirmed all round.
  /// Higher: fewer texture patterns taken as strong, and patterns a spot of glare or a scratch
  /// crosses are not; lower: more texture taken as strong.
  static let inBetweenLines = 3
  /// The lengths of a bare stone's diagonals relative to its straight width (bounds included)
  /// that a stones pass takes (`FinderPatternScanner`): a square stone's diagonals are √2 of
  /// its width, a round dot's equal to it. Wider: more texture taken for stones; narrower:
  /// stylised finder patterns turned or under perspective lost.
  static let stoneDiagonal = (lower: 0.8, upper: 1.6)

  // MARK: - Group
  // Patterns into triples and pairs, and their ranking.

  /// Beyond `tripleNeighbours + 1` patterns, each is grouped only with pairs of its nearest
  /// this many (of about its module size): grouping costs O(n × k²) instead of O(n³). Lower:
  /// faster on sheets, but a symbol whose partners are farther than k others (tiny symbols
  /// among large ones) is missed.
  static let tripleNeighbours = 12
  /// The triples with a pattern not confirmed all round that grouping keeps and ranks: this
  /// many times the budget's `partialTriples`, as triples over a symbol read already are
  /// skipped. Higher: more ranking (texture makes thousands); lower: the budget left unspent.
  static let partialTriplesRanked = 4
  /// The factor within which the module sizes of a triple's patterns must agree
  /// (`QRLocator.mayGroup`, for each pair the grouping considers and for the whole triple):
  /// perspective makes a symbol's near pattern larger than its far ones, a threshold thickens
  /// or thins a pattern's rings. Higher: more triples of unrelated patterns (a large symbol's
  /// with a small one's) tried; lower: symbols under steep perspective not grouped.
  static let groupModuleRatio = 2.5
  /// Besides the pattern opposite the longest side, a triple's corner may be the one opposite
  /// a side this share of the longest or longer (`QRLocator.appendTriples`), scored a point
  /// worse: under steep perspective a symbol's right angle may look acute. Lower: more readings
  /// of every triple scored and ranked; higher: steep symbols located at the wrong corner.
  static let tripleSideShare = 0.9
  /// The largest |cosine| of the angle at a triple's corner (0.8: 90° ± 53°), which perspective
  /// opens or closes. Higher: flatter triples of texture and neighbouring symbols grouped;
  /// lower: symbols seen at a steep slant lost.
  static let tripleCosine = 0.8
  /// Triples whose corner's |cosine| is this or more (beyond 90° ± 35°) are scored a point
  /// worse, ranked behind those nearer a right angle. Lower: symbols under moderate
  /// perspective wait behind square triples of texture; higher: skewed triples of neighbouring
  /// symbols ranked with square ones.
  static let tripleSquareCosine = 0.57
  /// The factor within which the legs of a triple (the corner to each other pattern) must
  /// agree: a symbol's are equal, perspective stretches one. Higher: more triples of texture
  /// and of patterns across symbols; lower: symbols seen at a steep slant lost.
  static let tripleLegRatio = 2.2
  /// The weight, in a triple's score, of its legs' disagreement (ratio − 1), beside its
  /// corner's |cosine| and its module sizes' disagreement: it orders the triples, it rejects
  /// none. Higher: triples with unequal legs (perspective) tried later.
  static let tripleLegWeight = 0.5
  /// The distance between neighbouring finder pattern centres of a symbol, in modules, that
  /// triples (the mean of their legs, `QRLocator.appendTriples`) and pairs
  /// (`QRLocator.thirdPatternGuesses`, as a side, or √2 times it as a diagonal) must show: a
  /// version 1 symbol's centres lie 14 modules apart, version 40's 170; the margin takes the
  /// scan's module sizes 40 % over or 15 % under. Wider: more triples of texture and of
  /// patterns across symbols; narrower: symbols whose modules the scan misjudged lost.
  static let symbolSpan = 10.0...200.0
  /// The timing score (`QRLocator.timingEvidence`, through the affine map of a triple's
  /// centres) that puts a triple among those located first. On a sheet of codes, triples of
  /// neighbouring symbols' patterns are as square as real ones and far more numerous; their
  /// timing lines cross quiet zones and data (about half right), a symbol's cross its timing
  /// patterns. Lower: texture triples tried before real ones; higher: real symbols seen under
  /// perspective or blur wait behind the rest.
  static let strongTiming = 0.8
  /// Once this many timing modules of a version are sampled, `GridSampler.timingRead` drops the
  /// version when more than `timingEarlyWrongShare` of them read wrong (texture and triples
  /// across symbols read about half wrong; a symbol's own, a few per cent): in the ranking's
  /// affine read of every triple, and in the reads through the finder corners that choose a
  /// located triple's version. Measured on the real photos as frames, their full-size photos,
  /// the corpus and the scene classes, every one reading the same: 3 % of the instructions
  /// saved in the ranking, 4 % more in locating, and a sixth of the time on frames of noise.
  /// Lower either: less work on texture, and a symbol whose first timing modules blur or glare
  /// ranked among the weak or not located.
  static let timingEarlySamples = 16
  /// See `timingEarlySamples`.
  static let timingEarlyWrongShare = 0.3
  /// How far off the scan's module sizes may run (edges thinned or thickened by the threshold):
  /// `QRLocator.timingEvidence` tries the versions that modules this many times smaller or
  /// larger would give. Wider: more versions read per triple ranked; narrower: symbols whose
  /// modules the scan misjudged ranked among the weak.
  static let scanModuleError = (smaller: 0.8, larger: 1.25)
  /// The factor within which the module sizes of two patterns must agree for a third to be
  /// guessed beside them (`QRLocator.thirdPatternGuesses`): tighter than `groupModuleRatio`,
  /// as no third pattern's size confirms the pair, and each pair's six guesses are costly.
  /// Higher: more guesses for pairs under steep perspective, more time on pairs of texture.
  static let pairModuleRatio = 1.5
  /// The farthest apart (in modules of the larger) two patterns are paired for guesses at a
  /// third (`Detector`), tested before the guesses are made: a version 40 symbol's opposite
  /// patterns lie 240 modules apart. Higher: more pairs across the frame (mostly texture)
  /// tried; lower: the largest symbols' diagonal pairs lost.
  static let pairReach = 250.0
  /// When the third pattern of a pair is known (a strong triple located and not read), how far
  /// (in its modules) a guess may lie from it and still be tried: guesses elsewhere put the
  /// third pattern where it was not found. Higher: more guesses around a known triple; lower:
  /// the guess at the known pattern dropped when the pair's geometry puts it a little off.
  static let guessReach = 2.0
  /// A pair's guessed third pattern is tried only where this many of the nine points a module
  /// apart around it are dark (`QRLocator.mayHoldPattern`). On the real photos as frames, half
  /// the guesses fall on light paper or texture, and none of them read; skipping them leaves
  /// the budget to other attempts (five more codes read at 1280 × 720). Higher: fewer guesses
  /// at patterns spoiled by glare or blur.
  static let guessDarkPoints = 2

  // MARK: - Locate
  // Corners, version, transform and alignment pattern of a triple or pattern.

  /// Finder patterns with modules this large (pixels) or larger have their corner rays step a
  /// 24th of a module instead of visiting every pixel they cross (64 rays, each up to seven
  /// modules long, were the detector's costliest step on close-up codes). Below it no pixel is
  /// skipped: on small modules that are blurred, upscaled or seen at a steep slant, a ring can
  /// be a pixel or two wide along a ray, and coarser steps moved corners enough to lose such
  /// symbols (the steep perspective and corpus tests fail at 8). Lower: cheaper rays, fragile
  /// small symbols.
  static let coarseRayModule = 12.0
  /// The steps a module that a corner ray takes over modules of `coarseRayModule` or more, the
  /// edge then found by halving the last step to a quarter pixel. Higher: dearer rays; lower:
  /// rings thinned by blur or perspective stepped over.
  static let coarseRaySteps = 24.0
  /// The longest ray (in the pattern's modules) cast from a finder pattern's centre to its dark
  /// ring's outer edge, for its corners (`FinderPatternCorners`) and its module size along a
  /// line (`QRLocator.moduleSize`): the edge lies 3.5 modules off straight, 4.9 along a
  /// diagonal, more under perspective or where the scan misjudged the module. Longer: rays
  /// over texture cost more before they fail; shorter: patterns under steep perspective lose
  /// their corners.
  static let edgeRayModules = 7.0
  /// The same for the rays that give a Micro QR pattern its axes when its corners were not
  /// found (`MicroQRLocator`), kept at their own length, a module longer. Longer: such rays
  /// cost more on texture; shorter: Micro QR patterns under perspective lose their axes.
  static let microEdgeRayModules = 8.0
  /// One corner ray in this many may miss the dark ring's outer edge before
  /// `FinderPatternCorners.find` gives up (16 of the 64): glare, dark data touching the ring
  /// or the image's edge stop a few. Lower: more misses allowed, patterns partly spoiled keep
  /// their corners and texture costs more rays before it is given up; higher: the reverse.
  static let missedCornerRays = 4
  /// The share of a finder pattern's side, from either rough corner, whose edge points are
  /// left out of the line fitted to that side (`FinderPatternCorners.find`): blur and
  /// thresholding round the corners. Higher: fewer points a side, lines less sure; lower:
  /// rounded corners pull the lines, and the corners found inwards.
  static let cornerSideMargin = 0.15
  /// How far from the line between two rough corners (a share of its length) an edge point may
  /// lie and still be fitted to that side. Higher: points of a spoiled ring or of dark data
  /// touching it pull the line; lower: bowed or blurred sides keep too few points, and the
  /// rough corners are taken.
  static let cornerSideBand = 0.15
  /// How far (in modules) the corner where two fitted sides meet may lie from the rough corner
  /// and replace it; farther, the lines followed something else (a spoiled ring, data touching
  /// it) and the rough corners are taken. Higher: fitted corners trusted more often; lower:
  /// the perspective that moves fitted corners off the outermost points followed less.
  static let cornerFitReach = 2.0
  /// The mean error (radians, about 25°) of a finder pattern's corners from the directions the
  /// centres' affine map expects them in, beyond which the corners are not fitted and the
  /// affine map is taken (`QRLocator.matched`). Higher: corners of spoiled patterns skew the
  /// grid; lower: strong perspective, which turns the corners, followed less.
  static let cornerAngleError = 0.45
  /// The module size measured along the line between two patterns (`QRLocator.moduleSize`)
  /// replaces the scan's estimate only within these factors of it (bounds excluded); beyond,
  /// the line crossed a spoiled ring or ran on into dark data. Wider: such lines skew the
  /// version estimate; narrower: the scan's estimate, less exact along the line, sets it.
  static let measuredModuleRatio = (lower: 0.5, upper: 1.6)
  /// The module sizes, as factors of the scan's estimate (bounds excluded), that a Micro QR
  /// pattern's axes (`MicroQRLocator`, from its edge rays) may give; beyond, the rays crossed
  /// something else. Wider: grids hung on wrong axes tried; narrower: patterns under
  /// perspective not tried without their corners.
  static let microAxisRatio = (lower: 0.5, upper: 1.8)
  /// `QRLocator.locate` scores the versions around its estimate out to this share of it either
  /// way (the estimate over this, at least one): a few per cent of error in the module size is
  /// a version or more in large symbols. Lower: more versions scored (a timing read each) per
  /// triple; higher: large symbols whose modules the scan misjudged get no fitting version.
  static let versionSpread = 8
  /// The most bit errors a version information block (BCH (18, 6): ISO/IEC 18004:2015, 7.10)
  /// may read with and still give its version (`GridSampler.versionInformation`,
  /// `QRLocator.versionNearFinders` when both blocks agree): the code's capacity. Lower: fewer
  /// versions read from damaged blocks, more left to the timing patterns.
  static let versionDistance = 3
  /// The most bit errors of the one version information block that gives the version near the
  /// finder patterns when the two do not agree: random modules come within 1 bit of one of the
  /// 34 codewords about once in 400 reads. Higher: texture given versions.
  static let loneVersionDistance = 1
  /// How many versions beyond those scored by their timing (`versionSpread`) the version
  /// information read beside the finder patterns may give and be taken, when the timing
  /// patterns read as noise (a curved page). Higher: versions texture reads by chance taken;
  /// lower: large symbols whose modules the scan misjudged lost.
  static let versionReadMargin = 1
  /// A triple shows steep perspective, and a small symbol's alignment pattern is searched
  /// widely (`QRLocator.alignedTransform`, `alignmentSearches` a frame) when its timing does
  /// not read, when its largest module is more than this many times its smallest, or its
  /// corner's |cosine| is over `steepCosine`. Lower either: the costly search tried on more
  /// triples (texture's too); higher: steep symbols not read.
  static let steepModuleRatio = 1.3
  /// See `steepModuleRatio`.
  static let steepCosine = 0.5
  /// The scan lines each of a triple's patterns must have been seen on (`FinderPattern.count`)
  /// for its alignment pattern to be searched widely: a symbol's patterns show on as many lines
  /// as their stones are rows apart (three or more for modules of two pixels at every other
  /// row), the slanted triples texture makes are mostly of patterns seen once or twice. Over
  /// the real photos as 1280 × 720 frames, 2.1 % fewer instructions, every set reading the
  /// same. Higher: small steep symbols not searched for; lower: a search, a millisecond or so
  /// at 720p, for texture.
  static let wideAlignmentSightings = 3
  /// The radii (in modules) around where the finder patterns put it within which the
  /// bottom-right alignment pattern is searched, the nearer first (`QRLocator.sample`). Larger:
  /// patterns farther off (curved pages, perspective) found, and dark data taken for them more
  /// often; the decoder judges every reading.
  static let alignmentRadii = [4.0, 8.0]
  /// The longest run (in modules, plus two pixels) the binary alignment search
  /// (`AlignmentPatternSearch.find`) follows; a longer one is not part of the pattern. Higher:
  /// more cost per hit; lower: patterns of misjudged modules lost.
  static let alignmentMaxRun = 2.5
  /// The lengths (in modules, bounds included) of the dark run on a row that the binary
  /// alignment search takes for the stone and confirms. Wider: more dark data confirmed in
  /// vain; narrower: blurred or thickened stones missed.
  static let alignmentRowRun = (lower: 0.4, upper: 2.0)
  /// The lengths (in modules, bounds included) of the stone and the light ring on either side,
  /// along a column or row through the hit, that confirm an alignment pattern (three modules
  /// in the ratio). Wider: dark data confirmed; narrower: patterns of misjudged or slanted
  /// modules lost.
  static let alignmentInnerRuns = (lower: 1.5, upper: 4.5)
  /// The longest the stone and each light ring beside it may be (in modules) along a line
  /// through an alignment pattern. Higher: larger dark blobs taken for the pattern; lower:
  /// thickened stones lost.
  static let alignmentRun = 2.2
  /// The rows a module that the binary alignment search scans (`AlignmentPatternSearch.find`):
  /// at four, at least three rows cross the stone. Higher: more rows (on close-up codes every
  /// row made the search the costliest step of locating); lower: stones between rows missed.
  static let alignmentRowsPerModule = 4.0
  /// The correlation with the alignment pattern (`AlignmentPatternSearch.correlation`) a place
  /// must beat to be kept as the best so far, in the wide search (`QRLocator.alignedTransform`)
  /// and on the gray levels (`AlignmentPatternSearch.findInGray`); the best is then refined and
  /// judged by `wideAlignmentCorrelation` or `alignmentCorrelation`. Lower: more coarse places
  /// refined in vain; higher: patterns that score well only once refined are lost.
  static let alignmentTrialFloor = 0.6
  /// The correlation at which the search on the gray levels
  /// (`AlignmentPatternSearch.findInGray`) takes a place for the alignment pattern: real
  /// patterns score 0.95 or more, a place a module off or over data well below 0.7. Lower:
  /// data taken for the pattern; higher: blurred patterns lost.
  static let alignmentCorrelation = 0.7
  /// The gray levels by which the alignment pattern's light ring must differ from its stone
  /// before a place's correlation is computed (`AlignmentPatternSearch.correlation`): most
  /// places tried are data or quiet zone, and are scored 0 at once. Higher: faint patterns
  /// (low contrast, glare) lost; lower: more places correlated.
  static let alignmentContrast = 16.0
  /// How far (in modules) from where the finder centres' parallelogram puts it the wide search
  /// (`QRLocator.alignedTransform`) looks for a small symbol's alignment pattern, in at most
  /// `wideAlignmentSteps` steps either way. Larger: steeper symbols read, more trial maps per
  /// search.
  static let wideAlignmentReach = 4.5
  /// See `wideAlignmentReach`: bounds the trial maps ((2 × this + 1)² at most) where the
  /// smallest finder module is small beside the mean.
  static let wideAlignmentSteps = 20
  /// The correlation at which the wide search (`QRLocator.alignedTransform`) takes a place for
  /// a small symbol's alignment pattern: higher than `alignmentCorrelation`, as it searches a
  /// wider area of a triple that read nothing otherwise (a small symbol photographed so
  /// steeply that its corner shows at 138° scores 0.99). Lower: data taken for the pattern.
  static let wideAlignmentCorrelation = 0.8
  /// The timing score the map through the wide search's alignment pattern must read. Lower:
  /// maps hung on data sampled; higher: steep symbols with blurred timing patterns lost.
  static let wideAlignmentTiming = 0.75

  // MARK: - Sample
  // Grid sampling, fitting and the decoding attempts.

  /// The timing score a grid of up to `timingSmallSize` modules needs before it is sampled
  /// (`QRLocator.minimumTimingScore`), and the least score a version must beat to be chosen
  /// by its timing (`QRLocator.locate`). Lower: more grids hung on noise sampled and decoded;
  /// higher: small symbols whose timing patterns blur lost.
  static let timingFloor = 0.55
  /// The largest grid (modules a side) that needs only `timingFloor`; larger grids are costly
  /// to sample and their timing patterns long, so they need a score chance agreement (the
  /// score of noise, 0.5 ± 0.5/√n over n modules) reaches only `timingDeviations` deviations
  /// up. Higher: more large grids of noise sampled; lower: mid-size symbols need more.
  static let timingSmallSize = 29
  /// See `timingSmallSize`. Higher: large grids need more of their timing right (curved or
  /// blurred large symbols fall to the version information path); lower: more noise sampled.
  static let timingDeviations = 2.5
  /// The per cent of its function modules (finder, separator, timing, alignment) a grid must
  /// read right to be sampled whole and decoded (`QRLocator.sample`, and the reading cell by
  /// cell): real symbols read at least 75 % (over 95 % mostly), grids hung on noise 45…55 %.
  /// Lower: more grids of noise decoded; higher: damaged or curved symbols lost.
  static let functionModulesPercent = 65
  /// A module is sampled as unsure (an erasure for the decoder) when this many of the four
  /// points around its centre disagree with it (`GridSampler.sample`). Lower: more erasures,
  /// which cost half as much as errors but leave less to check a correction with; higher:
  /// modules astride an edge read as sure.
  static let unsureSamples = 3
  /// The most bit errors of the format information of a QR Code reading for its grid to be
  /// fitted to its function patterns (`GridFitter`) when it did not decode: the format shows
  /// the grid is nearly right. Higher: more grids fitted in vain (a few thousand samples
  /// each); lower: slightly misplaced grids not fitted.
  static let fitFormatDistance = 3
  /// The per cent of its function modules a grid that read nothing must read right to be
  /// fitted to them (`GridFitter.refine`): grids the fit repaired on real photos read 93 % or
  /// more, grids hung on noise 40…65 %. Lower: more fits in vain (a hundred trial grids each);
  /// higher: fewer grids repaired.
  static let fitInitialPercent = 80
  /// The steps (in modules) by which `GridFitter.refine` moves each corner, coarse to fine.
  /// More or finer steps: more trial grids.
  static let fitSteps = [0.5, 0.25, 0.125]
  /// The rounds of moving the four corners `GridFitter.refine` makes at each of `fitSteps`
  /// while they improve. Higher: grids farther off fitted, more trial grids.
  static let fitRounds = 8
  /// The radius (modules) within which the reading cell by cell (`QRLocator.samplePiecewise`)
  /// searches each alignment pattern where the whole symbol's map puts it. Larger: a page
  /// that bows more followed, and data taken for a pattern more often.
  static let piecewiseRadius = 3.5
  /// The same where the map comes from neighbouring patterns found already (nearer the truth),
  /// and the most any search on the gray levels is given.
  static let piecewiseNeighbourRadius = 2.5
  /// The radius (modules) within which the gray levels confirm and centre an alignment pattern
  /// the binary search found. Larger: a hit on data moved to a pattern nearby.
  static let piecewiseConfirmRadius = 0.5
  /// The sweeps over the alignment patterns missed that the reading cell by cell makes,
  /// predicting each from the neighbours found. Higher: more of a badly bowed page filled in,
  /// more searches.
  static let piecewiseSweeps = 4
  /// A QR Code candidate whose format information (both copies, 30 bits) read within this
  /// many bits of a codeword is not decoded mirrored when it fails: the locator turned it over
  /// already if its format read nearer so, and a grid read the wrong way round reads its
  /// format as noise. Measured on the real photos as frames: 1 % of the detector's
  /// instructions saved (the mirrored attempt re-reads the blocks of every symbol located and
  /// not read), every frame, photo and corpus image reading the same; Model 1 symbols, whose
  /// format is masked otherwise, still get theirs. Higher: fewer mirrored attempts, and a
  /// mirrored symbol whose format reads nearly as well unmirrored is lost.
  static let cleanFormatDistance = 2
  /// The most bit errors of a Micro QR orientation's format information (15 bits) for it to be
  /// sampled (`MicroQRLocator`). Higher: more orientations of texture sampled; lower: damaged
  /// format modules lose the symbol.
  static let microFormatDistance = 3
  /// The timing score a Micro QR grid must read, on its timing module centres first and then
  /// sampled (`MicroQRLocator`): texture passes the format test by chance half the time.
  /// Lower: more grids of texture decoded; higher: blurred symbols lost.
  static let microTiming = 0.75
  /// The turns (degrees, either way, and apart) of each axis of a Micro QR grid that
  /// `MicroQRLocator` tries to fit its timing patterns. Wider or finer: more trial axes.
  static let microFitTurns = (most: 3.0, step: 1.5)
  /// The lengths (as factors of the finder's module) of each axis of a Micro QR grid that
  /// `MicroQRLocator` tries to fit its timing patterns. Wider or finer: more trial axes.
  static let microFitScales = (least: 0.94, most: 1.06, step: 0.02)
  /// The timing score a candidate of `Detector.locate` (symbols found without decoding, for
  /// tests and measurements) must read. Lower: more candidates of noise reported.
  static let locatedTiming = 0.7
  /// Two readings are of one symbol (`SymbolCandidate.overlaps`) when the centre of one lies
  /// inside the other and their areas are within this factor: a small symbol printed inside a
  /// large one is another. Higher: such symbols taken for the large one and not read; lower:
  /// one symbol under perspective read twice.
  static let sameSymbolArea = 2.0

  // MARK: - Plan
  // Looks, budget and windows: which passes run, where, and for how long.

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
  /// The finder patterns, seen on two scan lines and confirmed all round, that promise a
  /// symbol (`Sighting.isPromising`, within `strongShare`), and that an earlier look must have
  /// left unexplained for a look run only if promising. Higher: fewer frames get the other
  /// thresholds; lower: a lone strong pattern (texture's, now and then) gets them.
  static let promisingPatterns = 2
  /// A pass that sees at most this many finder patterns sees few: then one pattern seen on two
  /// scan lines and all round promises a symbol to the other thresholds
  /// (`Sighting.isPromising`), and lone patterns seen on one line only are tried as Micro QR.
  /// Noise and texture make many patterns, and a good one now and then among them. Higher:
  /// more textured frames get the other thresholds and more Micro QR attempts; lower: a symbol
  /// whose other patterns did not show loses them.
  static let fewPatterns = 8
  /// The scan lines a pattern confirmed without its diagonals (`thinRingModule`) must be seen
  /// on to count as strong (`Sighting.isPromising`): seen on fewer, its thin rings alone
  /// promise nothing. A faint symbol's noise breaks the diagonal walks of its patterns at the
  /// level where their modules are a few pixels, while the straight and in-between lines still
  /// hold on many rows (held-out generated `lowcontrast` scenes: one more code of 67 read, the
  /// same work on noise and on the real photos as frames). Lower: texture's lone thin rings
  /// send frames to the other thresholds; higher: such faint symbols get none.
  static let thinRingPromise = 4
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
  /// The fruitless work (`DetectorWork.fruitlessUnits`) each symbol read adds to its frame's
  /// budget, and fruitless triples to a pass's limit: a frame that shows symbols is likely to
  /// show more (a sheet of codes, whose neighbours make triples that read nothing and whose
  /// small or blurred symbols need a second try), while texture and noise, which read
  /// nothing, keep the bare budget. Higher: more of a crowded frame's hard symbols, more time
  /// on its junk.
  static let unitsEarnedPerRead = 4
  /// Balanced effort takes its cheap look at the half-size frame only when the first passes saw
  /// at most this many finder patterns (none promising), and after a read its contrast-only
  /// pass only then: texture and noise make more, and the look rescues symbols whose patterns
  /// the local threshold lost, not busy frames.
  static let cheapLookPatterns = 12
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
  /// The shortest row sequence (pixels, at its level) that the row scans of the pyramid's
  /// coarser levels confirm: shorter ones nearly all confirm as patterns under
  /// `pyramidModule`, which are dropped (the other lines through a pattern may be longer under
  /// perspective, but by 2.5 × 7 / 12 = 1.46 times none was, on any set measured). Noise
  /// makes most of its row sequences this short: 5 % fewer instructions on noise frames.
  /// Higher: patterns seen with longer lines across than along the row lost.
  static let pyramidRowTotal = 12
  /// The smallest level of the pyramid (pixels a side) a pass scans; smaller ones have nothing
  /// to show.
  static let smallestLevel = 40
  /// When every unexplained finder pattern has modules this large (pixels) or larger, balanced
  /// effort's other thresholds look at the half-size image, where those modules are still four
  /// pixels or more, a quarter of the work; at twice this, the quarter-size image; at four
  /// times, the eighth (a code filling a 12 MP photo has modules of 50 pixels and more, which
  /// the local threshold's 40-pixel window cannot span). Lower: cheaper on large symbols, but
  /// fine detail (thin module borders that decide a threshold) is lost sooner.
  static let levelModule = 8.0
  /// The neighbourhood of an unexplained finder pattern, in its modules, that balanced effort's
  /// other thresholds look at: a version 7 symbol's width from the pattern in every direction.
  /// Larger: big symbols whose other patterns did not show are read; more pixels per pass.
  static let windowModules = 45.0
  /// When the window of unexplained patterns would cover this share of the frame or more, the
  /// whole frame is taken instead (cropping would save little).
  static let wholeWindowShare = 0.6
  /// The smallest window (pixels a side) balanced effort's other thresholds crop to; a
  /// smaller one is taken as the whole frame. Lower: slivers binarized without the context a
  /// local threshold needs.
  static let smallestWindow = 32
  /// When every unexplained finder pattern belongs to a symbol located and not read (a strong
  /// triple sampled), balanced effort's other thresholds look only at the rectangle around
  /// those symbols' patterns widened by this many of their modules (the finder patterns reach
  /// 3.5 modules past their centres; the rest is the local threshold's context and a tilt).
  /// Such frames are common where codes are cut off by the frame's edge or too damaged to
  /// read. Larger: more pixels per pass; smaller: a symbol located a little off is cut.
  static let unreadMargin = 8.0
  /// How far (in modules of the larger, along either axis) a pattern of a later pass may lie
  /// from one of an earlier attempt that read nothing, and still be taken for the same
  /// (`FruitlessAttempts`): thresholds move a pattern's edges, so its centre, by a fraction of
  /// a module. Narrower than `samePatternReach`, which merges single scan lines' sightings
  /// within one pass; these are whole patterns, averaged over their lines, of two passes, and
  /// skipping one for another's failure loses a symbol where merging two sightings does not.
  /// Larger: fewer repeated attempts, and a neighbouring pattern may be skipped for another's
  /// failure; smaller: the same pattern tried again at each threshold.
  static let fruitlessReach = 1.0
  /// The least ratio of module sizes of two patterns taken for the same by `FruitlessAttempts`
  /// (narrower than `samePatternRatio`, for the reasons `fruitlessReach` is narrower than
  /// `samePatternReach`). Lower: a smaller or larger pattern at the same place (another
  /// symbol) may be skipped.
  static let fruitlessModuleRatio = 0.7
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
