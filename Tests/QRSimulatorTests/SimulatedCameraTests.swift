// SPDX-License-Identifier: MIT

import QRStream
import Testing

@testable import QRSimulator

/// A clock that only moves when told to (or when the camera sleeps until a deadline).
private final class ManualClock: PacingClock {
  var time: UInt64 = 1_000_000_000
  func now() -> UInt64 { time }
  func sleep(until deadline: UInt64, shouldStop: () -> Bool) { time = max(time, deadline) }
}

private func settings(
  seed: UInt64 = 1, payloads: [String] = ["alpha", "beta"], paced: Bool = false
) -> SimulationSettings {
  SimulationSettings(
    payloads: payloads, width: 240, height: 180, seed: seed,
    frameRate: FrameRate(numerator: 10) ?? .standard, isPaced: paced)
}

private func frames(_ count: Int, _ settings: SimulationSettings) throws -> [Frame] {
  let camera = try SimulatedCamera(settings: settings, clock: ManualClock(), shouldStop: { false })
  return (0..<count).compactMap { _ in camera.next() }
}

@Test func theSameSeedGivesTheSameFrames() throws {
  let first = try frames(40, settings(seed: 7))
  let second = try frames(40, settings(seed: 7))
  #expect(first.count == 40)
  #expect(first == second)
  // Something is drawn: not every frame is the same flat background.
  #expect(Set(first.map(\.image.pixels)).count == 40)
}

@Test func differentSeedsGiveDifferentFrames() throws {
  let first = try frames(20, settings(seed: 1))
  let second = try frames(20, settings(seed: 2))
  #expect(zip(first, second).allSatisfy { $0.image != $1.image })
}

@Test func framesAreStampedWithStreamTime() throws {
  let stamped = try frames(5, settings())
  #expect(stamped.map(\.sequence) == [0, 1, 2, 3, 4])
  #expect(stamped.map(\.timestamp) == [0, 100_000_000, 200_000_000, 300_000_000, 400_000_000])
  #expect(stamped.allSatisfy { $0.clock == .media && $0.dropped == 0 })
  #expect(stamped.allSatisfy { $0.image.width == 240 && $0.image.height == 180 })
}

@Test func aLateConsumerMakesAPacedCameraSkipFramesAndCountThem() throws {
  let clock = ManualClock()
  let camera = try SimulatedCamera(settings: settings(paced: true), clock: clock) { false }
  let first = try #require(camera.next())
  #expect(first.sequence == 0 && first.dropped == 0)
  // The consumer takes 5.5 frame intervals: frames 1 to 4 are skipped, 5 is the newest due.
  clock.time += 550_000_000
  let late = try #require(camera.next())
  #expect(late.sequence == 5 && late.dropped == 4)
  // Caught up: the next frame waits for its time and follows without a gap.
  let onTime = try #require(camera.next())
  #expect(onTime.sequence == 6 && onTime.dropped == 0)
  #expect(clock.time == 1_000_000_000 + 600_000_000)
  #expect(camera.framesDropped == 4 && camera.framesDelivered == 3)
  // Slightly late (less than one interval) is delivered, not dropped.
  clock.time += 150_000_000
  #expect(camera.next()?.dropped == 0)
}

@Test func anUnpacedCameraNeverDrops() throws {
  let clock = ManualClock()
  let camera = try SimulatedCamera(settings: settings(paced: false), clock: clock) { false }
  for expected in 0..<5 {
    clock.time += 10_000_000_000
    let frame = try #require(camera.next())
    #expect(frame.sequence == UInt64(expected) && frame.dropped == 0)
  }
}

@Test func aStopRequestEndsTheStream() throws {
  var stop = false
  let camera = try SimulatedCamera(settings: settings(paced: true), clock: ManualClock()) { stop }
  #expect(camera.next() != nil)
  stop = true
  #expect(camera.next() == nil)
}

@Test func everyPayloadAppearsAndEmptyStretchesSeparateThem() throws {
  let payloads = ["one", "two", "three", "https://example.com/four"]
  var scene = try SimulatedScene(payloads: payloads, width: 640, height: 480, seed: 3)
  var firstSeen: [String: Double] = [:]
  var emptyRun = 0.0
  var longestEmptyRun = 0.0
  var multiple = 0
  let step = 0.1
  for index in 0..<1200 {
    let time = Double(index) * step
    let sightings = scene.sightings(at: time)
    for sighting in sightings where sighting.isFullyVisible && firstSeen[sighting.payload] == nil {
      firstSeen[sighting.payload] = time
    }
    if sightings.filter(\.isFullyVisible).count > 1 { multiple += 1 }
    emptyRun = sightings.isEmpty ? emptyRun + step : 0
    longestEmptyRun = max(longestEmptyRun, emptyRun)
  }
  for payload in payloads {
    let seen = try #require(firstSeen[payload], "\(payload) never fully visible")
    #expect(seen < 40, "\(payload) first fully visible at \(seen) s")
  }
  #expect(longestEmptyRun >= 1, "longest empty stretch \(longestEmptyRun) s")
  #expect(multiple > 0, "never two codes at once")
}

@Test func payloadsThatCannotBeShownAreRefused() {
  #expect(throws: SimulationError.noPayloads) {
    try SimulatedScene(payloads: [], width: 640, height: 480, seed: 1)
  }
  let long = String(repeating: "x", count: 3000)
  #expect(throws: SimulationError.payloadTooLong(index: 1, bytes: 3000)) {
    try SimulatedScene(payloads: ["ok", long], width: 640, height: 480, seed: 1)
  }
  let large = String(repeating: "y", count: 300)
  #expect(throws: SimulationError.self) {
    try SimulatedScene(payloads: [large], width: 120, height: 90, seed: 1)
  }
}

@Test func payloadFilesHaveOnePayloadPerLine() {
  let lines = Array("one\r\ntwo\n\nthree caf\u{E9}".utf8)
  #expect(SimulationSettings.payloads(fromLines: lines) == ["one", "two", "three caf\u{E9}"])
}

@Test func aFrameIsTheSameWhetherFramesBeforeItWereDroppedOrNot() throws {
  let clock = ManualClock()
  let paced = try SimulatedCamera(settings: settings(seed: 9, paced: true), clock: clock) { false }
  _ = paced.next()
  clock.time += 2_350_000_000  // frames 1...22 are missed
  let late = try #require(paced.next())
  #expect(late.sequence == 23 && late.dropped == 22)
  let all = try frames(24, settings(seed: 9))
  #expect(late.image == all[23].image && late.timestamp == all[23].timestamp)
}
