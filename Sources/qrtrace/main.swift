// SPDX-License-Identifier: MIT
// qrtrace: what the detector's search saw on each frame of an image, and why codes were missed.

import Glibc
import QRImage
import QRImageFormats
import QRStream
import QRSystem
import QRVision

let usage = "usage: qrtrace [--effort LEVEL] [--draw PATH] FILE | --help"
let help = """
  \(usage)

  Run the detector on each frame of FILE (any input qrdetect reads: PNG, JPEG, PNM, qrframe,
  y4m) and print what its search saw, one step a line: each pass (pyramid level, threshold,
  polarity, window) with the finder patterns it kept (centre, module size, scan lines that saw
  it, whether it held all round); each attempt made from them (three patterns as one symbol,
  with the timing evidence that ranked it; two patterns with a guessed third; a lone pattern
  as Micro QR) and how it ended; where the frame's budget ran out; then the work counts and
  the texts read. A developer tool, not installed.

  options:
    --effort LEVEL   fast, balanced (default) or accurate
    --draw PATH      also write the last frame as PGM at PATH, darkened, with every pattern
                     kept marked (a cross a module wide) and every triple tried outlined
                     (white where it read, grey where it did not)
    -h, --help       show this help and exit

  """

func say(_ text: String, to descriptor: FileDescriptor = .standardOutput) {
  try? descriptor.writeAll(Array(text.utf8))
}

func fail(_ message: String, status: Int32) -> Never {
  say("qrtrace: \(message)\n", to: .standardError)
  if status == 64 { say("\(usage)\n", to: .standardError) }
  exit(status)
}

var options = DetectorOptions()
options.tracesSearch = true
var drawPath: String?
var file: String?
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
  func value() -> String {
    guard let next = arguments.popFirst() else {
      fail("missing value for '\(argument)'", status: 64)
    }
    return next
  }
  switch argument {
  case "-h", "--help":
    say(help)
    exit(0)
  case "--effort":
    let text = value()
    guard let effort = DetectorOptions.Effort(rawValue: text) else {
      fail("the value '\(text)' is invalid for '--effort LEVEL'", status: 64)
    }
    options.effort = effort
  case "--draw": drawPath = value()
  default:
    guard file == nil, !argument.hasPrefix("-") || argument == "-" else {
      fail("unexpected '\(argument)'", status: 64)
    }
    file = argument
  }
}
guard let file else { fail("a file is required", status: 64) }

let descriptor: FileDescriptor
do throws(Errno) {
  descriptor = file == "-" ? .standardInput : try FileDescriptor.openForReading(file)
} catch {
  fail("cannot open '\(file)': \(error)", status: 2)
}
let reader = FrameStreamReader(descriptor: descriptor, name: file)
var detector = Detector(options: options)
var last: (image: GrayImage, trace: DetectorTrace)?
while true {
  let frame: Frame?
  do throws(FrameStreamError) {
    frame = try reader.next()
  } catch {
    fail("'\(file)': \(error)", status: 2)
  }
  guard let frame else { break }
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
  last = (frame.image, detector.lastTrace)
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

if let drawPath, let last {
  do throws(Errno) {
    let out = try FileDescriptor.openForWriting(drawPath)
    defer { out.close() }
    try PGMWriter(descriptor: out).write(drawing(last.image, last.trace))
  } catch {
    fail("cannot write '\(drawPath)': \(error)", status: 2)
  }
}
