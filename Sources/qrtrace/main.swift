// SPDX-License-Identifier: MIT
// qrtrace: what the detector's search saw on each frame of an image, and why codes were missed.

import QRImage
import QRImageFormats
import QRStream
import QRSystem
import QRVision

let arguments = TraceArguments.parse()
let file = arguments.file
let descriptor: FileDescriptor
do throws(Errno) {
  descriptor = file == "-" ? .standardInput : try FileDescriptor.openForReading(file)
} catch {
  fail("cannot open '\(file)': \(error)", status: 2)
}
let reader = FrameStreamReader(descriptor: descriptor, name: file)
var detector = Detector(options: arguments.options)
var last: (image: GrayImage, trace: DetectorTrace)?
while true {
  let frame: Frame?
  do throws(FrameStreamError) {
    frame = try reader.next()
  } catch {
    fail("'\(file)': \(error)", status: 2)
  }
  guard let frame else { break }
  report(frame, with: &detector)
  last = (frame.image, detector.lastTrace)
}
if let drawPath = arguments.drawPath, let last {
  do throws(Errno) {
    let out = try FileDescriptor.openForWriting(drawPath)
    defer { out.close() }
    try PGMWriter(descriptor: out).write(drawing(last.image, last.trace))
  } catch {
    fail("cannot write '\(drawPath)': \(error)", status: 2)
  }
}
