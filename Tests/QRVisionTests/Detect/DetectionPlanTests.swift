// SPDX-License-Identifier: MIT
// What the detector's plans promise, whatever their tuning.

import Testing

@testable import QRVision

@Test func everyEffortHasItsPlanAndBeginsWithTheWholeFrame() {
  for effort in DetectorOptions.Effort.allCases {
    let first = effort.plan.looks.first
    #expect(first?.when == .always && first?.place == .frame && first?.strongFirst == true)
  }
  #expect(DetectorOptions.Effort.fast.plan.looks == DetectionPlan.fast.looks)
  #expect(DetectorOptions.Effort.balanced.plan.looks == DetectionPlan.balanced.looks)
  #expect(DetectorOptions.Effort.accurate.plan.looks == DetectionPlan.accurate.looks)
}

@Test func fastIsOnePassWithoutTheCostlyAttempts() {
  let plan = DetectionPlan.fast
  #expect(plan.looks.count == 1)
  #expect(plan.looks[0].passes == [DetectionPlan.Pass(threshold: .local)])
  #expect(!plan.looks[0].pyramid && plan.looks[0].rowStep == 3)
  #expect(!plan.fitsGrids && !plan.guessesThirds && !plan.searchesWidely)
}

@Test func balancedBeginsWithThePyramidAndEndsWithTheCloserLook() {
  let looks = DetectionPlan.balanced.looks
  // Both polarities of the local threshold at every level, before any other pass.
  #expect(looks[0].pyramid && looks[0].passes.isEmpty)
  #expect(looks.allSatisfy { $0.rowStep == 2 })
  // Every later look waits on what the first ones saw, or runs however they ended.
  #expect(looks.dropFirst().allSatisfy { $0.when != .always })
  #expect(looks.last?.place == .closer && looks.last?.when == .finally)
  // The looks that wait on what the first one saw leave out the passes taken before them.
  #expect(
    looks.filter { $0.when != .always && $0.when != .finally }.allSatisfy { $0.skipsTaken })
  // Before the closer look, in a faint scene, the contrast-only threshold over the whole frame
  // at half and full size.
  let faint = looks[looks.count - 2]
  #expect(faint.when == .afterAFaintRead && faint.place == .frame && !faint.pyramid)
  #expect(
    faint.passes == [
      DetectionPlan.Pass(threshold: .contrastOnly, level: 1),
      DetectionPlan.Pass(threshold: .contrastOnly),
    ])
  let plan = DetectionPlan.balanced
  #expect(plan.fitsGrids && plan.guessesThirds && plan.searchesWidely)
}

@Test func accurateReadsWhateverBalancedReadsThenTakesEveryPassEveryRow() {
  let balanced = DetectionPlan.balanced
  let accurate = DetectionPlan.accurate
  // Balanced effort's looks first, unchanged: more effort never reads less.
  #expect(Array(accurate.looks.prefix(balanced.looks.count)) == balanced.looks)
  #expect(accurate.looks.count == balanced.looks.count + 1)
  // Then, however they ended, every row of the whole frame and its pyramid, every pass of the
  // looks over the frame at full size.
  let last = accurate.looks[accurate.looks.count - 1]
  #expect(last.when == .finally && last.place == .frame && last.pyramid && last.rowStep == 1)
  let fullSize = balanced.looks.filter { $0.place != .closer }.flatMap(\.passes).filter {
    $0.level == 0
  }
  #expect(fullSize.allSatisfy { last.passes.contains($0) })
  #expect(accurate.fitsGrids == balanced.fitsGrids)
  #expect(accurate.guessesThirds == balanced.guessesThirds)
  #expect(accurate.searchesWidely == balanced.searchesWidely)
  // Every attempt balanced makes, and more: Micro QR readings fitted to their function
  // patterns too.
  #expect(accurate.fitsMicroQRGrids && !balanced.fitsMicroQRGrids)
  // And at least the budget.
  #expect(accurate.budget.units >= balanced.budget.units)
  #expect(accurate.budget.partialTriples >= balanced.budget.partialTriples)
}

@Test func thePyramidTakesBothPolaritiesAtEveryLevelWithAShortSideOf256OrMore() {
  let first = DetectionPlan.balanced.looks[0]
  func levels(_ width: Int, _ height: Int, triesInverted: Bool = true) -> [[Bool]] {
    let passes = first.passes(width: width, height: height, triesInverted: triesInverted, taken: [])
    #expect(passes.allSatisfy { $0.threshold == .local && $0.finder == .rings })
    return (0..<Detector.levels).map { level in
      passes.filter { $0.level == level }.map(\.isInverted)
    }
  }
  #expect(
    levels(4000, 3000) == [[false, true], [false, true], [false, true], [false, true], []])
  #expect(levels(1280, 720) == [[false, true], [false, true], [], [], []])
  #expect(levels(640, 480) == [[false, true], [], [], [], []])
  #expect(levels(200, 100) == [[false, true], [], [], [], []])
  #expect(levels(1280, 720, triesInverted: false) == [[false], [false], [], [], []])
}
