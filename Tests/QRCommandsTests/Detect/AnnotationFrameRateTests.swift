// SPDX-License-Identifier: MIT
// --annotate's frame rate from the first two frames' numbers and times.

import QRCommandLine
import QRCommands
import QRRecords
import Testing

private func origin(_ sequence: UInt64, _ seconds: Double) -> FrameOrigin {
  FrameOrigin(sequence: sequence, seconds: seconds, source: "-")
}

@Test func theRateComesFromTheFirstTwoFrames() {
  func rate(_ second: FrameOrigin?, first: FrameOrigin = origin(0, 0)) -> String {
    let rate = AnnotationFrameRate.of(first, second)
    return "\(rate.numerator)/\(rate.denominator)"
  }
  // Exact y4m stamps: 25, NTSC 30000/1001 (nanoseconds truncated), 7.5.
  #expect(rate(origin(1, 0.04)) == "25/1")
  #expect(rate(origin(1, 0.033_366_666)) == "30000/1001")
  #expect(rate(origin(1, 0.041_708_333)) == "24000/1001")
  #expect(rate(origin(1, 1 / 7.5)) == "15/2")
  // A camera's jitter: 33.1 ms is 30 frames per second; dropped frames count by sequence.
  #expect(rate(origin(1, 0.0331)) == "30/1")
  #expect(rate(origin(13, 1.0), first: origin(10, 0.75)) == "12/1")
  // One frame: its own number and time, 25 at time 0; the same when the second goes back in
  // time (a second input).
  #expect(rate(nil) == "25/1")
  #expect(rate(origin(1, 0.5), first: origin(5, 2.0)) == "5/2")  // frame 5 at 2 s alone
  #expect(rate(nil, first: origin(30, 1.0)) == "30/1")
}
