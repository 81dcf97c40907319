// SPDX-License-Identifier: MIT

import QRImage
import Testing

@testable import QRStream

/// A 1×1 frame numbered and timed as a reader would.
private func frame(_ sequence: UInt64, milliseconds: UInt64) -> Frame {
  Frame(
    image: GrayImage(width: 1, height: 1), sequence: sequence, timestamp: milliseconds * 1_000_000)
}

/// The (sequence, milliseconds) of each frame placed, inputs given as lists of frames.
private func placed(_ inputs: [[Frame]]) -> [[UInt64]] {
  var timeline = RunTimeline()
  var result: [[UInt64]] = []
  for input in inputs {
    for frame in input {
      let placed = timeline.place(frame)
      result.append([placed.sequence, placed.timestamp / 1_000_000])
    }
    timeline.endInput()
  }
  return result
}

@Test func singleImagesFollowEachOtherAt25FramesASecond() {
  let image = [frame(0, milliseconds: 0)]
  #expect(placed([image, image, image]) == [[0, 0], [1, 40], [2, 80]])
}

@Test func aStreamContinuesAtItsOwnInterval() {
  // 30 fps frames with a gap (frame 2 dropped), then an image: gaps kept, the image one
  // interval (33 ms) after the last frame.
  let video = [frame(0, milliseconds: 0), frame(1, milliseconds: 33), frame(3, milliseconds: 100)]
  #expect(
    placed([[frame(0, milliseconds: 0)], video, [frame(0, milliseconds: 0)], []])
      == [[0, 0], [1, 40], [2, 73], [4, 140], [5, 207]])
}

@Test func theFirstInputKeepsItsNumbersAndAnEmptyInputChangesNothing() {
  let camera = [frame(1000, milliseconds: 5000), frame(1001, milliseconds: 5033)]
  #expect(
    placed([camera, [], [frame(0, milliseconds: 0)]]) == [
      [1000, 5000], [1001, 5033], [1002, 5066],
    ])
}
