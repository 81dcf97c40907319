// SPDX-License-Identifier: MIT
// The tracker on clips drawn exactly: tracks, their numbers, finding again, combining frames.

import QRCodec
import QRImage
import QRRandom
import QRSimulator
import QRTrack
import QRVision
import Testing

/// A code in a clip: its text and where it is in frame `t` (nil while out of view).
private struct ClipCode {
  var text: String
  var place: (Int) -> (centre: Point, side: Double, degrees: Double)?
}

/// The frames of a clip of `codes` on a plain card, with Gaussian noise of `sigma`, the codes'
/// dark and light levels as given.
private func clip(
  _ codes: [ClipCode], frames: Int, size: (Int, Int) = (480, 360), sigma: Double = 2,
  levels: (dark: Double, light: Double) = (30, 220), seed: UInt64 = 1
) -> [GrayImage] {
  let symbols = codes.map { code -> BitMatrix in
    var options = EncodeOptions()
    options.errorCorrectionLevel = .medium
    // swift-format-ignore: NeverUseForceTry
    return try! Encoder.encode(text: code.text, options: options).matrix
  }
  return (0..<frames).map { t in
    var canvas = Canvas(width: size.0, height: size.1, background: levels.light)
    for (code, matrix) in zip(codes, symbols) {
      guard let place = code.place(t) else { continue }
      canvas.draw(
        matrix,
        corners: Canvas.square(centre: place.centre, side: place.side, degrees: place.degrees),
        dark: levels.dark, light: levels.light)
    }
    canvas.addGaussianNoise(sigma: sigma, seed: seed &+ UInt64(t))
    return canvas.image
  }
}

/// The reports of a tracker over `frames`, frame by frame.
private func track(_ frames: [GrayImage], options: TrackerOptions = TrackerOptions())
  -> [[TrackedSymbol]]
{
  var tracker = CodeTracker(options: options)
  return frames.map { tracker.process($0) }
}

/// A code gliding right and turning, in view throughout.
private func gliding(_ text: String, from x: Double = 150, y: Double = 180) -> ClipCode {
  ClipCode(text: text) { t in (Point(x: x + 4 * Double(t), y: y + Double(t)), 120, 3 * Double(t)) }
}

@Test func aMovingCodeKeepsOneTrackAndIsReportedInEveryFrame() {
  let reports = track(clip([gliding("moving along")], frames: 20))
  #expect(reports.allSatisfy { $0.count == 1 })
  let tracks = Set(reports.flatMap { $0.map(\.track) })
  #expect(tracks.count == 1)
  #expect(reports.flatMap { $0 }.allSatisfy { $0.decoded.text == "moving along" })
  // The corners are this frame's: within two pixels of where the code was drawn.
  for (t, frame) in reports.enumerated() {
    guard let symbol = frame.first else { continue }
    let drawn = Canvas.square(
      centre: Point(x: 150 + 4 * Double(t), y: 180 + Double(t)), side: 120, degrees: 3 * Double(t))
    let centre = symbol.corners.reduce(Point(x: 0, y: 0), +) * 0.25
    let truth = drawn.reduce(Point(x: 0, y: 0), +) * 0.25
    #expect(centre.distance(to: truth) < 2, "frame \(t)")
  }
}

@Test func theFullSearchRunsEveryIntervalOnly() {
  var tracker = CodeTracker()
  var searched: [Bool] = []
  for image in clip([gliding("searched now and then")], frames: 10) {
    _ = tracker.process(image)
    searched.append(tracker.lastWork.searched)
  }
  #expect(searched == (0..<10).map { $0 % 3 == 0 })
}

@Test func anotherCodeInTheSamePlaceIsReadInItsFirstFrame() {
  // A stream of pictures rather than a film of one scene: each frame another code, or none.
  let texts = ["first", "second", "third", nil, "fifth", "sixth"]
  let codes = texts.enumerated().map { index, text in
    ClipCode(text: text ?? "") { t in
      t == index && text != nil ? (Point(x: 240, y: 180), 150, 0) : nil
    }
  }
  let reports = track(clip(codes, frames: texts.count))
  #expect(reports.map { $0.map { $0.decoded.text } } == texts.map { $0.map { [$0] } ?? [] })
  #expect(Set(reports.flatMap { $0.map(\.track) }).count == 5)
}

@Test func aNewCodeIsReportedWithinTheSearchInterval() {
  let late = ClipCode(text: "late arrival") { t in
    t >= 4 ? (Point(x: 330, y: 180), 110, 0) : nil
  }
  let reports = track(clip([gliding("already here", from: 110), late], frames: 12))
  let first = reports.firstIndex { $0.contains { $0.decoded.text == "late arrival" } }
  #expect(first != nil && first! <= 4 + 2)
}

@Test func twoIdenticalStickersAreTwoTracks() {
  let left = ClipCode(text: "same") { t in (Point(x: 120 + 2 * Double(t), y: 180), 110, 0) }
  let right = ClipCode(text: "same") { t in (Point(x: 340 + 2 * Double(t), y: 180), 110, 0) }
  let reports = track(clip([left, right], frames: 12))
  #expect(reports.allSatisfy { $0.count == 2 })
  #expect(Set(reports.flatMap { $0.map(\.track) }).count == 2)
}

@Test func aShortOcclusionKeepsTheTrackAndALongAbsenceStartsANewOne() {
  let hidden = ClipCode(text: "peekaboo") { t in
    (8..<11).contains(t) || (16..<30).contains(t)
      ? nil : (Point(x: 200 + Double(t), y: 180), 120, 0)
  }
  let reports = track(clip([hidden], frames: 36))
  let before = Set(reports[0..<8].flatMap { $0.map(\.track) })
  let after = Set(reports[11..<16].flatMap { $0.map(\.track) })
  let returned = Set(reports[30..<36].flatMap { $0.map(\.track) })
  #expect(before.count == 1 && after == before)
  #expect(returned.count == 1 && returned != before)
}

@Test func aNewFrameSizeOrSceneEndsEveryTrack() {
  let code = ClipCode(text: "resized") { _ in (Point(x: 200, y: 170), 120, 0) }
  var tracker = CodeTracker()
  let small = clip([code], frames: 3)
  let large = clip([code], frames: 3, size: (500, 360))
  let numbers = (small + large).map { tracker.process($0).map(\.track) }
  #expect(Set(numbers[0..<3].joined()).count == 1)
  #expect(Set(numbers[3..<6].joined()).count == 1)
  #expect(numbers[0] != numbers[3])
  tracker.endScene()
  let again = tracker.process(small[0]).map(\.track)
  #expect(again.count == 1 && again != numbers[3])
}

@Test func combiningFramesReadsACodeNoFrameReadsAlone() {
  // Clean for two frames, then faint under heavy noise: no frame of the rest reads alone.
  let code = gliding("read by many frames", from: 180)
  let clean = clip([code], frames: 2)
  let faint = clip([code], frames: 16, sigma: 26, levels: (100, 140), seed: 9)
  var detector = Detector()
  let alone = faint.dropFirst(2).filter { !detector.detect(in: $0).isEmpty }.count
  #expect(alone == 0)
  let reports = track(clean + Array(faint.dropFirst(2)))
  let combined = reports.dropFirst(2).flatMap { $0 }.filter { $0.frames > 1 }
  #expect(combined.count >= 4)
  #expect(combined.allSatisfy { $0.decoded.text == "read by many frames" })
  #expect(Set(reports.flatMap { $0.map(\.track) }).count == 1)
}

@Test func noTextOnEmptyOrTexturedClips() {
  var random = SplitMix64(seed: 7)
  var texture = [GrayImage]()
  for t in 0..<30 {
    var canvas = Canvas(width: 320, height: 240, background: 128)
    for y in 0..<240 {
      for x in 0..<320 where (x / 6 + y / 6 + t) % 3 == 0 || random.next() % 5 == 0 {
        canvas.pixels[y * 320 + x] = Double(random.next() % 256)
      }
    }
    texture.append(canvas.image)
  }
  let empty = clip([], frames: 30, sigma: 20)
  #expect(track(texture).allSatisfy { $0.isEmpty })
  #expect(track(empty).allSatisfy { $0.isEmpty })
}
