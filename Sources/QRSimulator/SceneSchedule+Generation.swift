// SPDX-License-Identifier: MIT
// Drawing the schedule from the seed, one shot at a time, as stream time advances.

import Glibc
import QRRandom

/// The timeline of a simulation: an endless series of shots, generated lazily from one seeded
/// generator, so that the same seed always gives the same timeline however the frames are sampled.
struct SceneSchedule: Sendable {
  /// Frame size in pixels.
  let width: Int
  let height: Int
  /// Modules on each side of every code's card.
  let codeSides: [Int]
  /// The pinhole's focal length in pixels (sets how strongly a tilt shows as perspective).
  let focal: Double

  private var random: SplitMix64
  private var deck: [Int] = []
  /// Generated shots still needed: the last covers the latest time asked for.
  private(set) var shots: [Shot] = []

  /// Pixels per module the scheduler aims at, before a card has to shrink to fit its lane.
  static let moduleSizes = 3.0...8.0
  /// The smallest module ever drawn; a payload whose card cannot fit at this size is refused.
  static let smallestModule = 2.5
  /// How much a card's circumscribed circle may grow through perspective (the tilts stay below
  /// 28°, see `makeAppearance`).
  static let perspectiveAllowance = 1.12

  /// A schedule for cards of `codeSides` modules in a `width` × `height` frame.
  init(width: Int, height: Int, codeSides: [Int], seed: UInt64) {
    precondition(!codeSides.isEmpty, "SceneSchedule needs at least one code")
    self.width = width
    self.height = height
    self.codeSides = codeSides
    focal = Double(max(width, height))
    random = SplitMix64(seed: seed, stream: 0)
  }

  /// The largest module (pixels) at which a card of `side` modules fits in a lane of `laneWidth`
  /// × `laneHeight` pixels whatever its rotation and tilt.
  static func largestModule(side: Int, laneWidth: Double, laneHeight: Double) -> Double {
    0.94 * min(laneWidth, laneHeight) / (Double(side) * 2.0.squareRoot() * perspectiveAllowance)
  }

  /// The shot covering `time`, generating shots up to it. Times may go back by at most the length
  /// of a shot: older shots are forgotten, so memory stays bounded on an endless stream.
  mutating func shot(at time: Double) -> Shot {
    while shots.last.map({ $0.end <= time }) ?? true { appendShot() }
    while shots.count > 2, shots[1].end <= time { shots.removeFirst() }
    return shots.first { time < $0.end } ?? shots[shots.count - 1]
  }

  // MARK: - Drawing shots

  private mutating func appendShot() {
    let previous = shots.last
    let gapStart = previous?.end ?? 0
    let conditions = makeConditions()
    // The first code shows up quickly; later, mostly an empty stretch of about a second or two.
    let gap =
      previous == nil
      ? random.uniform(0.2, 0.6)
      : random.chance(0.75) ? random.uniform(0.8, 2.4) : random.uniform(0.15, 0.4)
    let start = gapStart + gap
    let codes = drawCodes()
    let landscape = width >= height
    let laneCount = Double(codes.count)
    var appearances: [Appearance] = []
    for (index, code) in codes.enumerated() {
      let lane: (SIMD2<Double>, SIMD2<Double>)
      if landscape {
        let laneWidth = Double(width) / laneCount
        lane = (
          SIMD2(Double(index) * laneWidth, 0), SIMD2(Double(index + 1) * laneWidth, Double(height))
        )
      } else {
        let laneHeight = Double(height) / laneCount
        lane = (
          SIMD2(0, Double(index) * laneHeight), SIMD2(Double(width), Double(index + 1) * laneHeight)
        )
      }
      let delay = index == 0 ? 0 : random.uniform(0, 1.0)
      appearances.append(makeAppearance(code: code, lane: lane, start: start + delay))
    }
    let end = appearances.map(\.times.3).max() ?? start
    shots.append(
      Shot(
        gapStart: gapStart, start: start, end: end,
        previousConditions: previous?.conditions ?? conditions, conditions: conditions,
        appearances: appearances))
  }

  /// One to three distinct codes, dealt from a shuffled deck so that every code comes up once in
  /// every pass through the deck; fewer when their cards would not fit side by side.
  private mutating func drawCodes() -> [Int] {
    let roll = random.unit()
    var wanted = roll < 0.62 ? 1 : roll < 0.9 ? 2 : 3
    wanted = min(wanted, codeSides.count)
    var codes: [Int] = []
    while codes.count < wanted {
      if deck.isEmpty { deck = shuffled(Array(0..<codeSides.count)) }
      let code = deck.removeLast()
      if codes.contains(code) {
        deck.append(code)
        break
      }
      codes.append(code)
    }
    // Fewer lanes while some card would need modules smaller than the scheduler's aim.
    while codes.count > 1 {
      let count = Double(codes.count)
      let (laneWidth, laneHeight) =
        width >= height
        ? (Double(width) / count, Double(height)) : (Double(width), Double(height) / count)
      let fits = codes.allSatisfy {
        Self.largestModule(side: codeSides[$0], laneWidth: laneWidth, laneHeight: laneHeight)
          >= Self.moduleSizes.lowerBound
      }
      if fits { break }
      if let last = codes.popLast() { deck.append(last) }
    }
    return codes
  }

  private mutating func shuffled(_ items: [Int]) -> [Int] {
    var items = items
    for index in stride(from: items.count - 1, to: 0, by: -1) {
      items.swapAt(index, random.integer(below: index + 1))
    }
    return items
  }

  private mutating func makeConditions() -> CameraConditions {
    let brightness = random.uniform(0.78, 1.05)
    let direction = random.uniform(0, 2 * Double.pi)
    let strength = random.uniform(0, 0.3)
    let roll = random.unit()
    return CameraConditions(
      brightness: brightness, gradientX: strength * cos(direction),
      gradientY: strength * sin(direction), vignette: random.uniform(0, 0.4),
      background: random.uniform(0.35, 0.7),
      // A webcam in fair light; sometimes a dimmer, noisier one.
      noise: random.chance(0.85) ? random.uniform(1, 3) : random.uniform(3, 4.5),
      blurPasses: roll < 0.2 ? 0 : roll < 0.65 ? 1 : roll < 0.9 ? 2 : 3)
  }

  private mutating func makeAppearance(
    code: Int, lane: (SIMD2<Double>, SIMD2<Double>), start: Double
  ) -> Appearance {
    let side = codeSides[code]
    let (low, high) = lane
    let size = high - low
    let largest = Self.largestModule(side: side, laneWidth: size.x, laneHeight: size.y)
    let top = min(Self.moduleSizes.upperBound, largest)
    let bottom = min(Self.moduleSizes.lowerBound, top)
    let first = random.uniform(bottom, top)
    let last = min(max(first * random.uniform(0.75, 1.35), bottom), top)
    // The radius of the circle the card stays in, at its largest.
    let radius =
      Double(side) * max(first, last) * 2.0.squareRoot() / 2 * Self.perspectiveAllowance
    let inner = (low + radius, high - radius)
    func clampInside(_ point: SIMD2<Double>) -> SIMD2<Double> {
      SIMD2(
        inner.0.x <= inner.1.x ? min(max(point.x, inner.0.x), inner.1.x) : (low.x + high.x) / 2,
        inner.0.y <= inner.1.y ? min(max(point.y, inner.0.y), inner.1.y) : (low.y + high.y) / 2)
    }
    let a = clampInside(SIMD2(random.uniform(low.x, high.x), random.uniform(low.y, high.y)))
    let heading = random.uniform(0, 2 * Double.pi)
    let drift = random.uniform(0, 0.35) * min(size.x, size.y)
    let b = clampInside(a + drift * SIMD2(cos(heading), sin(heading)))

    let entryRoll = random.unit()
    let exitRoll = random.unit()
    let slidesIn = entryRoll < 0.55
    let slidesOut = exitRoll < 0.55
    let entry =
      slidesIn ? random.uniform(0.6, 1.2) : entryRoll < 0.85 ? random.uniform(0.3, 0.7) : 0.04
    let stay = random.uniform(1.6, 3.6)
    let exit =
      slidesOut ? random.uniform(0.6, 1.2) : exitRoll < 0.9 ? random.uniform(0.3, 0.7) : 0.04
    let e = slidesIn ? offscreen(from: a, lane: lane, radius: radius) : a - (b - a) * (entry / stay)
    let x = slidesOut ? offscreen(from: b, lane: lane, radius: radius) : b + (b - a) * (exit / stay)

    let degree = Double.pi / 180
    let angle =
      random.chance(0.3) ? random.uniform(-180, 180) * degree : random.uniform(-25, 25) * degree
    func tilt() -> (Double, Double, Double) {
      (
        random.uniform(0, 28) * degree, random.uniform(0.08, 0.3),
        random.uniform(0, 2 * Double.pi)
      )
    }
    let lowContrast = random.chance(0.15)
    return Appearance(
      code: code,
      times: (start, start + entry, start + entry + stay, start + entry + stay + exit),
      points: [e, a, b, x], fadesIn: !slidesIn, fadesOut: !slidesOut,
      moduleSize: (first, last), angle: angle, spin: random.uniform(-20, 20) * degree,
      tiltX: tilt(), tiltY: tilt(),
      dark: lowContrast ? random.uniform(0.28, 0.38) : random.uniform(0.04, 0.12),
      light: lowContrast ? random.uniform(0.68, 0.8) : random.uniform(0.8, 0.92))
  }

  /// A centre just outside one of the lane's edges that is also a frame edge, near `point`.
  private mutating func offscreen(
    from point: SIMD2<Double>, lane: (SIMD2<Double>, SIMD2<Double>), radius: Double
  ) -> SIMD2<Double> {
    let (low, high) = lane
    var edges: [Int] = []  // 0 left, 1 top, 2 right, 3 bottom
    if low.x <= 0 { edges.append(0) }
    if low.y <= 0 { edges.append(1) }
    if high.x >= Double(width) { edges.append(2) }
    if high.y >= Double(height) { edges.append(3) }
    let beyond = radius + 2
    let jitter = random.uniform(-0.25, 0.25) * min(high.x - low.x, high.y - low.y)
    let slideX = min(max(point.x + jitter, low.x + radius), max(high.x - radius, low.x + radius))
    let slideY = min(max(point.y + jitter, low.y + radius), max(high.y - radius, low.y + radius))
    switch edges[random.integer(below: edges.count)] {
    case 0: return SIMD2(-beyond, slideY)
    case 1: return SIMD2(slideX, -beyond)
    case 2: return SIMD2(Double(width) + beyond, slideY)
    default: return SIMD2(slideX, Double(height) + beyond)
    }
  }
}
