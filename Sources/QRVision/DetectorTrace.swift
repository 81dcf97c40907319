// SPDX-License-Identifier: MIT
// What the search saw on a frame, step by step, so that a reader can see why a code was missed.

import QRImage

/// The steps a `Detector` took on its last frame, when `DetectorOptions.tracesSearch` is on:
/// each pass (its level, threshold and the finder patterns it kept), each attempt it made from
/// them and how it ended, and where the budget stopped the search.
///
/// Coordinates are frame pixels. The trace costs nothing when off; when on, a few hundred
/// events a frame (`qrtrace` prints them, and draws them on the frame).
public struct DetectorTrace: Sendable {
  /// One step of the search.
  public enum Event: Sendable, CustomStringConvertible {
    /// A pass scanned its image: `level` 0 is the frame, 1 half size, and so on; −1 the frame
    /// doubled (the closer look at small symbols).
    case pass(
      level: Int, threshold: String, isInverted: Bool, window: DetectorOptions.Region,
      patterns: [FinderPattern])
    /// Three finder patterns located as one QR Code symbol (top-left, top-right, bottom-left),
    /// with the timing evidence that ranked them (`QRLocator.timingEvidence`).
    case triple(centres: [Point], moduleSize: Double, timingEvidence: Double, outcome: Outcome)
    /// Two patterns whose third was guessed at `centres[2]`.
    case guess(centres: [Point], outcome: Outcome)
    /// A lone pattern located as a Micro QR symbol.
    case micro(centre: Point, outcome: Outcome)
    /// The frame's budget for attempts that read nothing ran out here.
    case budgetSpent

    /// The step as one line of text (indented under its pass when it is an attempt).
    public var description: String {
      func place(_ point: Point) -> String {
        "(\(Int(point.x.rounded())),\(Int(point.y.rounded())))"
      }
      switch self {
      case .pass(let level, let threshold, let isInverted, let window, let patterns):
        let seen = patterns.map { pattern in
          "\(place(pattern.centre)) m\(tenths(pattern.moduleSize)) ×\(pattern.count)"
            + (pattern.isConfirmedAllRound ? " round" : "")
        }
        return "pass level \(level) \(threshold)\(isInverted ? " inverted" : "") window "
          + "\(window.x),\(window.y),\(window.width),\(window.height): \(patterns.count) "
          + "patterns \(seen.joined(separator: ", "))"
      case .triple(let centres, let moduleSize, let evidence, let outcome):
        return "  triple \(centres.map(place).joined(separator: " ")) m\(tenths(moduleSize)) "
          + "timing \(tenths(evidence * 10))/10: \(outcome.rawValue)"
      case .guess(let centres, let outcome):
        return "  pair \(centres.prefix(2).map(place).joined(separator: " ")) third guessed at "
          + "\(centres.count > 2 ? place(centres[2]) : "?"): \(outcome.rawValue)"
      case .micro(let centre, let outcome):
        return "  micro \(place(centre)): \(outcome.rawValue)"
      case .budgetSpent:
        return "  budget spent: no more attempts this frame"
      }
    }
  }

  /// How an attempt ended.
  public enum Outcome: String, Sendable {
    /// A symbol was read.
    case read
    /// No grid fitted: no version's timing patterns read through the patterns' map.
    case noGrid = "no grid fits"
    /// Grids were sampled but none decoded.
    case notDecoded = "sampled, not decoded"
    /// The symbol lies over one read already.
    case overRead = "over a symbol read"
    /// Nothing read (an attempt whose steps are not told apart).
    case notRead = "nothing read"
  }

  /// The steps, in order.
  public var events: [Event] = []

  /// An empty trace.
  public init() {}
}

/// `value` with one decimal, without Foundation.
private func tenths(_ value: Double) -> String {
  guard value.isFinite else { return "\(value)" }
  let scaled = Int((value * 10).rounded())
  return "\(scaled / 10).\(abs(scaled % 10))"
}
