// SPDX-License-Identifier: MIT
// The attempts of a frame that read nothing, so that later passes at the same level skip them.

import QRImage

/// The lone finder patterns (tried as Micro QR) and the pairs with a guessed third pattern
/// whose attempts read nothing in a frame's earlier passes, for its later passes at the same
/// level of the pyramid to skip.
///
/// The other thresholds of a frame find most of the first pass's patterns again, within a
/// module of where it found them. Where codes are cut off by the frame's edge, or too large,
/// blurred or damaged to read, a pass's cost is then mostly attempts the passes before it made
/// already: each lone pattern's sixteen Micro QR orientations, each pair's six guesses at the
/// third pattern with their corner rays (on the corpus as 1280 × 720 camera frames, a tenth of
/// the detector's instructions). Skipping them loses nothing measured: the corpus, every scene
/// class and the corpus as camera frames read the same texts.
///
/// Triples of patterns found are not recorded: another threshold samples their modules
/// differently, and does read some that the first could not (recording them lost three corpus
/// codes). Nor are attempts at another level: the modules there are sampled at another size.
struct FruitlessAttempts {
  /// The patterns of one attempt in frame pixels, in the order of their roles, and the level's
  /// scale (1 for the image, 2 for half size, …).
  struct Places {
    var centres: [Point]
    /// The largest module among the patterns, in frame pixels.
    var moduleSize: Double
    var scale: Double

    /// The places of `patterns` as a pass at `scale`, its image's pixel (0, 0) at the frame's
    /// `origin`, saw them.
    init(_ patterns: [FinderPattern], scale: Double, origin: Point) {
      centres = patterns.map { $0.centre * scale + origin }
      moduleSize = (patterns.map(\.moduleSize).max() ?? 0) * scale
      self.scale = scale
    }

    /// Whether `other` is the same attempt: the same level, as many patterns, each within
    /// `DetectorTuning.fruitlessReach` modules (of the larger) of its counterpart along both
    /// axes, and module sizes within `DetectorTuning.fruitlessModuleRatio` of each other.
    /// Not `FinderPattern.isSame`, which merges the sightings of one pass (see the tuning's
    /// entries for why the two differ).
    func isSame(as other: Places) -> Bool {
      let ratio = DetectorTuning.fruitlessModuleRatio
      guard scale == other.scale, centres.count == other.centres.count,
        moduleSize > ratio * other.moduleSize, other.moduleSize > ratio * moduleSize
      else { return false }
      let module = max(moduleSize, other.moduleSize) * DetectorTuning.fruitlessReach
      for (a, b) in zip(centres, other.centres)
      where abs(a.x - b.x) > module || abs(a.y - b.y) > module {
        return false
      }
      return true
    }
  }

  /// A frame has a few dozen at most (the work budget bounds fruitless attempts).
  private var attempts: [Places] = []

  /// The symbols located but not read: triples whose timing patterns showed
  /// (`DetectorTuning.strongTiming`) and whose modules were sampled, each as the rectangle
  /// (frame pixels) around the four corners of its finder patterns' centres, widened by
  /// `DetectorTuning.unreadMargin` of its modules. Other thresholds need look only there
  /// for them.
  private(set) var unread: [(x0: Double, y0: Double, x1: Double, y1: Double)] = []

  /// Records a strong triple whose modules were sampled and not read: `centres` are the
  /// top-left, top-right and bottom-left patterns' in frame pixels.
  mutating func insertUnread(_ centres: [Point], moduleSize: Double) {
    let fourth = centres[1] + centres[2] - centres[0]
    unreadModules.append(moduleSize)
    unread.append(Self.rectangle(around: centres + [fourth], moduleSize: moduleSize))
  }

  /// The rectangle around `points`, widened by `DetectorTuning.unreadMargin` modules.
  private static func rectangle(around points: [Point], moduleSize: Double) -> (
    x0: Double, y0: Double, x1: Double, y1: Double
  ) {
    let margin = moduleSize * DetectorTuning.unreadMargin
    let xs = points.map(\.x)
    let ys = points.map(\.y)
    return (
      xs.reduce(.infinity, min) - margin, ys.reduce(.infinity, min) - margin,
      xs.reduce(-.infinity, max) + margin, ys.reduce(-.infinity, max) + margin
    )
  }

  /// The modules of each of `unread`.
  private var unreadModules: [Double] = []

  /// Whether `point` (frame pixels) is one of the finder patterns of a symbol located but not
  /// read: within a module of the rectangle of their centres.
  func isInUnread(_ point: Point) -> Bool {
    zip(unread, unreadModules).contains { area, module in
      let inset = module * (DetectorTuning.unreadMargin - 1)
      return point.x >= area.x0 + inset && point.x <= area.x1 - inset
        && point.y >= area.y0 + inset && point.y <= area.y1 - inset
    }
  }

  /// The places where symbols with modules smaller than `moduleSize` (frame pixels) may lie
  /// unread: the rectangles of `unread` with such modules, then those of the pairs whose
  /// guessed thirds read nothing (around the three centres, widened as `unread` is), the pairs
  /// at the frame's own scale only (a pair at a coarser level has larger modules there).
  func smallUnread(below moduleSize: Double) -> (
    located: [(x0: Double, y0: Double, x1: Double, y1: Double)],
    guessed: [(x0: Double, y0: Double, x1: Double, y1: Double)]
  ) {
    let located = zip(unread, unreadModules).filter { $0.1 < moduleSize }.map(\.0)
    let guessed = attempts.filter {
      $0.centres.count == 3 && $0.scale == 1 && $0.moduleSize < moduleSize
    }.map { Self.rectangle(around: $0.centres, moduleSize: $0.moduleSize) }
    return (located, guessed)
  }

  /// Whether an attempt like `places` read nothing already.
  func contains(_ places: Places) -> Bool {
    attempts.contains { $0.isSame(as: places) }
  }

  /// Records that the attempt at `places` read nothing.
  mutating func insert(_ places: Places) {
    attempts.append(places)
  }
}
