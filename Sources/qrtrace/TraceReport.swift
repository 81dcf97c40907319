// SPDX-License-Identifier: MIT
// What qrtrace prints and draws for a frame: the trace's events, the work done, what was read.

import QRImage
import QRStream
import QRVision

/// Runs the detector on `frame` and prints its trace, its work and what it read.
func report(_ frame: Frame, with detector: inout Detector) {
  let found = detector.detect(in: frame.image)
  say("frame \(frame.sequence) \(frame.image.width)x\(frame.image.height)\n")
  for event in detector.lastTrace.events { say("\(event)\n") }
  let work = detector.lastWork
  say(
    "work: \(work.passes) passes, \(work.finderPatterns) patterns, \(work.qrAttempts) QR and "
      + "\(work.microAttempts) Micro QR attempts, \(work.fittedGrids) grids fitted, "
      + "\(work.alignmentSearches) alignment searches, \(work.fruitlessUnits) fruitless units"
      + (work.isOverBudget ? " (over budget)" : "") + "\n")
  for detection in found { say("read: \(detection.decoded.text ?? "(binary)")\n") }
}

/// The frame darkened to half, with the trace drawn on it.
func drawing(_ image: GrayImage, _ trace: DetectorTrace) -> GrayImage {
  var pixels = image.pixels.map { $0 / 2 }
  func plot(_ x: Int, _ y: Int, _ level: UInt8) {
    guard x >= 0, y >= 0, x < image.width, y < image.height else { return }
    pixels[y * image.width + x] = level
  }
  func line(_ a: Point, _ b: Point, _ level: UInt8) {
    let steps = Int(max(abs(b.x - a.x), abs(b.y - a.y)).rounded(.up))
    guard steps > 0, steps < 100_000 else { return }
    for step in 0...steps {
      let t = Double(step) / Double(steps)
      plot(Int((a.x + (b.x - a.x) * t).rounded()), Int((a.y + (b.y - a.y) * t).rounded()), level)
    }
  }
  for event in trace.events {
    switch event {
    case .pass(_, _, _, _, let patterns):
      for pattern in patterns {
        let reach = max(pattern.moduleSize, 2)
        let c = pattern.centre
        line(c - Point(x: reach, y: 0), c + Point(x: reach, y: 0), 255)
        line(c - Point(x: 0, y: reach), c + Point(x: 0, y: reach), 255)
      }
    case .triple(let centres, _, _, let outcome), .guess(let centres, let outcome):
      let level: UInt8 = outcome == .read ? 255 : 160
      for index in centres.indices {
        line(centres[index], centres[(index + 1) % centres.count], level)
      }
    case .micro, .budgetSpent: break
    }
  }
  return GrayImage(width: image.width, height: image.height, pixels: pixels)
}
