// SPDX-License-Identifier: MIT
// How a pass finds its finder patterns, and how far it trusts what it finds.

/// How a detector pass finds finder patterns and what its attempts make of them: the scan, the
/// patterns kept, the attempts that may read nothing, which kinds of attempt are made, and when
/// its sighting may send a frame to other thresholds.
///
/// There are two: `rings`, the pattern as ISO/IEC 18004 draws it, and `stones`, its dark centre
/// alone. A strategy is a value, so passes that differ only in it are different passes; another
/// strategy is another constant, not another flag through the detector.
struct FinderStrategy: Equatable, Sendable {
  /// The word the detector's trace puts after a pass's threshold; nil for `rings`.
  let name: String?
  /// Whether the scan looks for bare stones (`FinderPatternScanner.scan`'s `stones`) instead
  /// of rings.
  let scansStones: Bool
  /// The scan lines a pattern must show on for the attempts to take it.
  let minimumLines: Int
  /// The most patterns the attempts take, those seen on the most scan lines; nil for no limit
  /// of the strategy's own.
  let maxPatterns: Int?
  /// Triples a pass tries that read nothing before it gives up.
  let attempts: Int
  /// Whether its patterns have rings, on which their corners are found for the map, and its
  /// attempts may search widely for the alignment pattern (`DetectorTuning.alignmentSearches`);
  /// without, triples are mapped from the centres alone.
  let hasRings: Bool
  /// Whether two patterns seen well are tried with a guessed third, and a lone one as Micro QR.
  let triesPairsAndMicroQR: Bool
  /// A pass whose sighting has more patterns than this does not count among the frame's
  /// sightings (those that send it to other thresholds); nil for any number.
  let promisingPatterns: Int?

  /// Finder patterns as rings: dark, light, dark stone, in 1:1:3:1:1 along every line through
  /// the centre. The default.
  static let rings = FinderStrategy(
    name: nil, scansStones: false, minimumLines: 1, maxPatterns: nil,
    attempts: DetectorTuning.fruitlessTriples, hasRings: true, triesPairsAndMicroQR: true,
    promisingPatterns: nil)

  /// The dark stone alone, for finder patterns whose rings glare washed out or a stylised
  /// design left out. Dark blobs are common in texture and noise, and such symbols rare: stones
  /// must show on two scan lines, few are kept and few of their triples tried, no third is
  /// guessed, and Micro QR, whose pattern is never drawn so, is not tried. A few stones may be
  /// washed-out rings that other thresholds bring back; many are texture.
  static let stones = FinderStrategy(
    name: "stones", scansStones: true, minimumLines: 2, maxPatterns: DetectorTuning.stonePatterns,
    attempts: DetectorTuning.stoneAttempts, hasRings: false, triesPairsAndMicroQR: false,
    promisingPatterns: DetectorTuning.promisingStones)

  /// Whether a pass with the strategy has anything to try when QR Code is not wanted (Micro QR).
  var triesWithoutQR: Bool { triesPairsAndMicroQR }

  /// Whether a pass followed by its inverted twin may collect the twin's row hits in its own
  /// row scan (the scanner collects them for rings only).
  var sharesRowScanWithTwin: Bool { !scansStones }

  /// The patterns its attempts take of `patterns`, in their order unless more than
  /// `maxPatterns` show on `minimumLines`: then the `maxPatterns` seen on the most lines,
  /// most first.
  func kept(_ patterns: [FinderPattern]) -> [FinderPattern] {
    var kept = patterns.filter { $0.count >= minimumLines }
    if let maxPatterns, kept.count > maxPatterns {
      kept.sort { $0.count > $1.count }
      kept.removeLast(kept.count - maxPatterns)
    }
    return kept
  }

  /// Whether a pass's `sighting` counts among the frame's (see `promisingPatterns`).
  func counts(_ sighting: [FinderPattern]) -> Bool {
    sighting.count <= promisingPatterns ?? .max
  }
}
