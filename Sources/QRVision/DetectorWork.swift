// SPDX-License-Identifier: MIT
// What a frame cost the detector, counted rather than timed.

/// The work a `Detector` did on its last frame, in counts: what a frame budget limits, and what
/// tests can bound without timing anything.
public struct DetectorWork: Hashable, Sendable {
  /// Binarizations run (one per pass).
  public var passes = 0
  /// Finder pattern candidates kept after scanning, over all passes.
  public var finderPatterns = 0
  /// Finder pattern triples located as QR Code symbols (version, transform, sampling).
  public var qrAttempts = 0
  /// Of those, triples with a pattern not confirmed all round (see `DetectorOptions.Effort`).
  public var partialTriples = 0
  /// Lone finder patterns located as Micro QR symbols.
  public var microAttempts = 0
  /// Grids fitted to their function patterns (about a hundred trial grids each).
  public var fittedGrids = 0
  /// Triples whose grid was searched for from a small symbol's alignment pattern alone, on the
  /// gray levels over a wide window (steep perspective; some six hundred trial grids for each
  /// version tried).
  public var alignmentSearches = 0
  /// Candidates given to the decoder (mirror images included).
  public var decodeAttempts = 0
  /// Of `units`, those spent on attempts that read a symbol: the budget bounds only the rest.
  public var refundedUnits = 0
  /// Of `alignmentSearches`, those made by attempts that read a symbol: the per-frame limit on
  /// searches (`DetectorTuning.alignmentSearches`) bounds only the rest.
  public var refundedAlignmentSearches = 0
  /// Attempts stopped because the frame budget ran out.
  public var isOverBudget = false

  /// Creates an empty account.
  public init() {}

  /// The expensive steps, weighted by their rough cost: a located triple or Micro QR pattern
  /// counts 1, a fitted grid 2, an alignment search 4.
  public var units: Int { qrAttempts + microAttempts + 2 * fittedGrids + 4 * alignmentSearches }

  /// The units spent on attempts that read nothing: what a frame budget limits, so that a frame
  /// with a hundred symbols yields a hundred while texture and noise stay cheap.
  public var fruitlessUnits: Int { units - refundedUnits }

  /// Whether another step fits within `budget` fruitless units.
  func canAfford(within budget: Int) -> Bool { fruitlessUnits < budget }

  /// Whether another step fits within `budget` fruitless units; when none does, the account is
  /// marked over budget (`isOverBudget`), which ends the frame's search but for the strongest
  /// attempts.
  mutating func affords(within budget: Int) -> Bool {
    guard canAfford(within: budget) else {
      isOverBudget = true
      return false
    }
    return true
  }

  /// Gives the steps that follow `units` of fruitless work of their own, whatever the frame's
  /// `budget` left: afterwards `fruitlessUnits` is `budget - units` (or less), and the account
  /// no longer over budget.
  mutating func allow(_ units: Int, within budget: Int) {
    refundedUnits = max(refundedUnits, self.units - (budget - units))
    isOverBudget = false
  }

  /// Refunds the work done since `before` (a copy of this account taken when an attempt
  /// began), the attempt having read a symbol: neither the budget nor the search limit counts
  /// it, and the budget grows by `DetectorTuning.unitsEarnedPerRead`.
  mutating func refund(since before: DetectorWork) {
    refundedUnits += units - before.units + DetectorTuning.unitsEarnedPerRead
    refundedAlignmentSearches += alignmentSearches - before.alignmentSearches
  }
}
