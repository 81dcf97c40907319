// SPDX-License-Identifier: MIT

import QRCore
import Testing

@testable import QRCommandLine
@testable import QRCommands

private func frames(_ count: Int, fps: Double = 10, dropped: UInt32 = 0) -> [Frame] {
  (0..<count).map {
    Frame(
      image: GrayImage(width: 2, height: 1), sequence: UInt64($0),
      timestamp: UInt64(Double($0) * 1e9 / fps), dropped: dropped)
  }
}

private func run(_ selection: inout FrameSelection, _ input: [Frame]) -> [Frame] {
  var output: [Frame] = []
  for frame in input {
    if let kept = selection.select(frame) { output.append(kept) }
    if selection.isComplete { break }
  }
  return output
}

@Test func defaultsWriteEveryFrameUnchanged() {
  var selection = FrameSelection()
  let input = frames(5)
  #expect(run(&selection, input) == input)
}

@Test func skipEveryAndCountCompose() {
  var selection = FrameSelection(skip: 2, every: 3, count: 3)
  #expect(run(&selection, frames(20)).map(\.sequence) == [2, 5, 8])
  #expect(selection.isComplete)
}

@Test func durationCountsStreamTimeFromTheFirstFrameWritten() {
  var selection = FrameSelection(skip: 5, duration: 1_000_000_000)
  // 10 fps: frames 5...14 span 0.0 s ... 0.9 s after frame 5; frame 15 is at 1.0 s and stops.
  let kept = run(&selection, frames(30))
  #expect(kept.map(\.sequence) == Array(5...14))
  #expect(selection.isComplete)
}

@Test func durationContinuesAcrossAClockRestart() {
  var selection = FrameSelection(duration: 1_000_000_000)
  let kept = run(&selection, frames(6) + frames(10))
  // 0.5 s from the first input, then 0.5 s more from the second (its clock restarts at 0).
  #expect(kept.count == 11)
}

@Test func passedOverFramesCarryTheirDropsForward() {
  var selection = FrameSelection(every: 2)
  let kept = run(&selection, frames(4, dropped: 1))
  #expect(kept.map(\.dropped) == [1, 2])
}

@Test func restampRenumbersAndRetimes() {
  var selection = FrameSelection(every: 2, restamp: true, framesPerSecond: 4)
  let kept = run(&selection, frames(6))
  #expect(kept.map(\.sequence) == [0, 1, 2])
  #expect(kept.map(\.timestamp) == [0, 250_000_000, 500_000_000])
  #expect(kept.allSatisfy { $0.clock == .media })
}
