// SPDX-License-Identifier: MIT
// One code followed through a stream: where it is, how it moves, what it reads.

import QRCodec
import QRImage
import QRVision

/// A code in view: its last place and motion, what it read, and its recent frames' samples.
struct Track: Sendable {
  /// The number its records carry, given when it is first reported (a code located but never
  /// read has none).
  var id: Int?
  /// The symbol's version, colours and handedness, as first located.
  let version: SymbolVersion
  let isInverted: Bool
  let isMirrored: Bool
  /// The corners where it was last located, in symbol order.
  private(set) var corners: [Point]
  /// Each corner's motion per frame, smoothed over the frames it was located in.
  private var motion: [Point]
  /// The frame it was last located in, and the frame it was first located in.
  private(set) var lastSeen: Int
  let firstSeen: Int
  /// What it read, once it has been read.
  private(set) var decoded: DecodedSymbol?
  /// The modules whose colours are known: its function patterns, then every module as read.
  private(set) var template: ModuleTemplate
  /// Its recent frames' samples.
  var combiner: FrameCombiner

  /// This frame: where its motion said it would be (its place in the frame before, for a
  /// track found in this frame).
  var prediction: [Point] = []
  /// This frame: whether it was located, and how it was read (the frames the read used; 0 when
  /// not read).
  var isLocatedNow = false
  var framesReadNow = 0
  /// This frame: whether its samples were added, and the modules they show alone.
  var isSampledNow = false
  var seenNow: (matrix: BitMatrix, unreliable: BitMatrix)?

  /// How a smoothed motion weighs the latest step.
  static let motionWeight = 0.6

  /// A track for a code located at `corners` in frame `frame`.
  init(located candidate: SymbolCandidate, at frame: Int, combinedFrames: Int) {
    version = candidate.version
    isInverted = candidate.isInverted
    isMirrored = candidate.isMirrored
    corners = candidate.corners
    prediction = candidate.corners
    motion = [Point](repeating: Point(x: 0, y: 0), count: 4)
    lastSeen = frame
    firstSeen = frame
    template = ModuleTemplate(version: candidate.version)
    combiner = FrameCombiner(size: candidate.version.size, capacity: combinedFrames)
    isLocatedNow = true
  }

  /// Where its motion says it is in frame `frame`.
  func predicted(at frame: Int) -> [Point] {
    let steps = Double(frame - lastSeen)
    return (0..<4).map { corners[$0] + motion[$0] * steps }
  }

  /// What the detector needs to look for it in frame `frame`.
  func guess(at frame: Int) -> SymbolGuess {
    SymbolGuess(
      corners: predicted(at: frame), version: version, isInverted: isInverted,
      isMirrored: isMirrored)
  }

  /// Notes that it was located at `corners` in frame `frame`.
  mutating func locate(_ corners: [Point], at frame: Int) {
    let steps = Double(max(frame - lastSeen, 1))
    let isFirstStep = lastSeen == firstSeen && frame > firstSeen
    for index in 0..<4 {
      let step = (corners[index] - self.corners[index]) * (1 / steps)
      motion[index] =
        isFirstStep ? step : motion[index] * (1 - Self.motionWeight) + step * Self.motionWeight
    }
    self.corners = corners
    lastSeen = frame
    isLocatedNow = true
  }

  /// Notes that its code has left (another is where it was): it is not located now, and is
  /// dropped as soon as tracks are settled.
  mutating func leave() {
    isLocatedNow = false
    hasLeft = true
  }

  /// Whether its code has left.
  private(set) var hasLeft = false

  /// Notes that it read `decoded` through `candidate` in frame `frame`, using `frames` frames.
  mutating func read(_ decoded: DecodedSymbol, matrix: BitMatrix, frames: Int) {
    if self.decoded == nil || template.size != matrix.size {
      template = ModuleTemplate(matrix: matrix, version: version)
    }
    self.decoded = decoded
    framesReadNow = frames
  }

  /// Whether `decoded` is what this track reads (the same bytes of the same version), or the
  /// track has read nothing yet.
  func accepts(_ decoded: DecodedSymbol) -> Bool {
    guard let known = self.decoded else { return decoded.version == version }
    return known.bytes == decoded.bytes && known.version == decoded.version
  }

  /// Whether `point` lies inside the quadrilateral `corners`.
  static func contains(_ corners: [Point], _ point: Point) -> Bool { point.isInside(corners) }

  /// The mean of `corners`.
  static func centre(_ corners: [Point]) -> Point {
    corners.reduce(Point(x: 0, y: 0), +) * (1 / Double(max(corners.count, 1)))
  }
}
