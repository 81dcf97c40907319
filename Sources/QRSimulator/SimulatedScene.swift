// SPDX-License-Identifier: MIT
// The simulation as a function of stream time: which codes are where, and what is truly visible.

import QRCodec
import QRImage
import QRRecords

/// Why a simulation cannot start.
public enum SimulationError: Error, Equatable, CustomStringConvertible {
  /// The payload does not fit any QR Code version.
  case payloadTooLong(index: Int, bytes: Int)
  /// The payload's symbol cannot be drawn inside the frame with modules of a readable size.
  case payloadTooLargeForFrame(index: Int, version: Int, width: Int, height: Int)
  /// There is nothing to show.
  case noPayloads

  /// What went wrong, for `qrcapture: payload: message`.
  public var description: String {
    switch self {
    case .payloadTooLong(_, let bytes):
      "payload of \(bytes) bytes does not fit in a QR Code"
    case .payloadTooLargeForFrame(_, let version, let width, let height):
      "its version \(version) symbol does not fit a \(width)x\(height) frame with modules of "
        + "2.5 pixels or more"
    case .noPayloads:
      "no payloads to show"
    }
  }

  /// The index of the payload at fault, if any.
  public var payloadIndex: Int? {
    switch self {
    case .payloadTooLong(let index, _), .payloadTooLargeForFrame(let index, _, _, _): index
    case .noPayloads: nil
    }
  }
}

/// What a simulated frame shows of one code (the ground truth tests compare a detector with).
public struct SimulatedSighting: Equatable, Sendable {
  /// The payload shown.
  public var payload: String
  /// Whether any part of the card is in the frame and not transparent.
  public var isOnScreen: Bool
  /// Whether the whole symbol and two modules of its quiet zone are in the frame, opaque and not
  /// covered by another card: a good reader should decode it.
  public var isFullyVisible: Bool
  /// The symbol's corners in the frame (top-left, top-right, bottom-right, bottom-left of the
  /// symbol as encoded, quiet zone excluded).
  public var corners: [SIMD2<Double>]
}

/// The simulated world: the payloads' cards moving through a `width` × `height` frame on a
/// timeline drawn from `seed`. Everything is a pure function of the seed and the time asked for.
public struct SimulatedScene: Sendable {
  /// Frame size in pixels.
  public let width: Int
  /// Frame height in pixels.
  public let height: Int
  /// The payloads in the order given.
  public var payloads: [String] { codes.map(\.payload) }

  let codes: [SimulatedCode]
  private(set) var schedule: SceneSchedule

  /// Encodes the payloads and draws the timeline's first shot.
  ///
  /// - Throws: `SimulationError` for the first payload that cannot be shown.
  public init(payloads: [String], width: Int, height: Int, seed: UInt64) throws(SimulationError) {
    guard !payloads.isEmpty else { throw .noPayloads }
    var codes: [SimulatedCode] = []
    for (index, payload) in payloads.enumerated() {
      let code: SimulatedCode
      do {
        code = try SimulatedCode(payload: payload)
      } catch {
        throw .payloadTooLong(index: index, bytes: payload.utf8.count)
      }
      let largest = SceneSchedule.largestModule(
        side: code.side, laneWidth: Double(width), laneHeight: Double(height))
      guard largest >= SceneSchedule.smallestModule else {
        throw .payloadTooLargeForFrame(
          index: index, version: (code.symbolSize - 17) / 4, width: width, height: height)
      }
      codes.append(code)
    }
    self.codes = codes
    self.width = width
    self.height = height
    schedule = SceneSchedule(width: width, height: height, codeSides: codes.map(\.side), seed: seed)
  }

  /// The cards drawn at `time` (seconds of stream time) in drawing order, and the camera then.
  ///
  /// Times may go back by at most one shot (a few seconds); the schedule forgets older shots.
  mutating func placements(at time: Double) -> ([CodePlacement], CameraConditions) {
    let shot = schedule.shot(at: time)
    let placements = shot.appearances.filter { $0.isActive(at: time) }.map { appearance in
      CodePlacement(
        code: appearance.code,
        corners: appearance.corners(
          at: time, side: codes[appearance.code].side, focal: schedule.focal),
        opacity: appearance.opacity(at: time), dark: appearance.dark, light: appearance.light)
    }
    return (placements, shot.conditions(at: time))
  }

  /// What the frame at `time` shows of each code on screen, in drawing order.
  public mutating func sightings(at time: Double) -> [SimulatedSighting] {
    let (placements, _) = placements(at: time)
    let frame: [SIMD2<Double>] = [
      SIMD2(0, 0), SIMD2(Double(width), 0), SIMD2(Double(width), Double(height)),
      SIMD2(0, Double(height)),
    ]
    var sightings: [SimulatedSighting] = []
    for (index, placement) in placements.enumerated() {
      let code = codes[placement.code]
      guard
        let map = PerspectiveTransform(
          square: Double(code.side), to: placement.corners.map(Point.init))
      else { continue }
      let q = Double(SimulatedCode.quietZone)
      let s = Double(code.side)
      let symbol = [SIMD2(q, q), SIMD2(s - q, q), SIMD2(s - q, s - q), SIMD2(q, s - q)].map(
        map.apply(_:))
      let margin = [
        SIMD2(q - 2, q - 2), SIMD2(s - q + 2, q - 2), SIMD2(s - q + 2, s - q + 2),
        SIMD2(q - 2, s - q + 2),
      ].map(map.apply(_:))
      let onScreen = placement.opacity > 0.05 && convexPolygonsIntersect(placement.corners, frame)
      guard onScreen else { continue }
      let inside = margin.allSatisfy {
        $0.x >= 0 && $0.y >= 0 && $0.x <= Double(width) && $0.y <= Double(height)
      }
      let covered = placements[(index + 1)...].contains {
        convexPolygonsIntersect($0.corners, margin)
      }
      sightings.append(
        SimulatedSighting(
          payload: code.payload, isOnScreen: true,
          isFullyVisible: inside && !covered && placement.opacity >= 0.999, corners: symbol))
    }
    return sightings
  }
}

/// Whether two convex polygons overlap (separating axis test over both polygons' edges).
func convexPolygonsIntersect(_ first: [SIMD2<Double>], _ second: [SIMD2<Double>]) -> Bool {
  for polygon in [first, second] {
    for index in polygon.indices {
      let edge = polygon[(index + 1) % polygon.count] - polygon[index]
      let axis = SIMD2(-edge.y, edge.x)
      let a = first.map { ($0 * axis).sum() }
      let b = second.map { ($0 * axis).sum() }
      if (a.max() ?? 0) < (b.min() ?? 0) || (b.max() ?? 0) < (a.min() ?? 0) { return false }
    }
  }
  return true
}

extension SimulatedSighting {
  /// One JSON line of ground truth for frame `sequence` at `seconds`:
  /// `{"frame":N,"time":T,"codes":[{"text":…,"visible":…,"corners":[[x,y],…]},…]}`, with `visible`
  /// meaning `isFullyVisible` and the symbol's corners rounded to 0.1 pixel.
  public static func jsonLine(
    _ sightings: [SimulatedSighting], sequence: UInt64, seconds: Double
  ) -> [UInt8] {
    var json = JSONWriter()
    json.beginObject()
    json.key("frame")
    json.integer(Int(truncatingIfNeeded: sequence))
    json.key("time")
    json.number(seconds)
    json.key("codes")
    json.beginArray()
    for sighting in sightings {
      json.beginObject()
      json.key("text")
      json.string(sighting.payload)
      json.key("visible")
      json.boolean(sighting.isFullyVisible)
      json.key("corners")
      json.beginArray()
      for corner in sighting.corners {
        json.beginArray()
        json.number((corner.x * 10).rounded() / 10)
        json.number((corner.y * 10).rounded() / 10)
        json.endArray()
      }
      json.endArray()
      json.endObject()
    }
    json.endArray()
    json.endObject()
    json.newline()
    return json.bytes
  }
}

extension Point {
  /// The point at `vector`.
  init(_ vector: SIMD2<Double>) { self.init(x: vector.x, y: vector.y) }
}

extension PerspectiveTransform {
  /// The image of `vector`.
  func apply(_ vector: SIMD2<Double>) -> SIMD2<Double> {
    let point = apply(x: vector.x, y: vector.y)
    return SIMD2(point.x, point.y)
  }
}
