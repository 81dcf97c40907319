// SPDX-License-Identifier: MIT

import Foundation
import Glibc
import QRImage
import Testing

@testable import QRStream
@testable import QRSystem

@Test func writerOutputIsHeaderThenPixels() throws {
  let image = GrayImage(width: 4, height: 2, pixels: [0, 1, 2, 3, 4, 5, 6, 7])
  let frame = Frame(
    image: image, sequence: 7, timestamp: 1_500_000_000, clock: .monotonic, dropped: 3)
  #expect(try encodeFrames([frame]) == knownHeader + image.pixels)
}

@Test func pythonOracleAgreesWithOurWriter() throws {
  let oracle = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("oracles/qrframe.py").path
  let frames =
    FrameClock.allCases.enumerated().map { index, clock in
      Frame(
        image: patternImage(width: 3 + 50 * index, height: 1 + index),
        sequence: UInt64(1 << 40 + index),
        timestamp: UInt64(index) * 1_700_000_000_123, clock: clock, dropped: UInt32(index * 2))
    } + [Frame(image: patternImage(width: 1, height: 1), sequence: .max, timestamp: .max)]
  let bytes = try encodeFrames(frames)
  guard let output = run("python3", [oracle], input: bytes) else {
    Issue.record("python3 \(oracle) failed or is missing")
    return
  }
  let expected = frames.map {
    "\($0.image.width) \($0.image.height) \($0.sequence) \($0.timestamp) \($0.clock.rawValue) \($0.dropped)\n"
  }.joined()
  #expect(String(decoding: output, as: UTF8.self) == expected)
  // And it refuses what our reader refuses.
  #expect(
    run(
      "python3", [oracle],
      input: editedHeader(reseal: false) { $0[12] = 5 } + [UInt8](repeating: 0, count: 8)) == nil)
}

@Test func brokenPipePropagatesUntouched() throws {
  _ = signal(SIGPIPE, SIG_IGN)
  var fds: [CInt] = [0, 0]
  #expect(pipe(&fds) == 0)
  close(fds[0])
  let output = FileDescriptor(rawValue: fds[1])
  defer { output.close() }
  let frame = Frame(image: patternImage(width: 8, height: 8), sequence: 0, timestamp: 0)
  #expect(throws: Errno.brokenPipe) { try FrameWriter(descriptor: output).write(frame) }
  #expect(throws: Errno.brokenPipe) { try PGMWriter(descriptor: output).write(frame.image) }
  var y4m = Y4MWriter(descriptor: output, frameRate: .standard)
  #expect(throws: Y4MWriteError.io(.brokenPipe)) { try y4m.write(frame) }
}

@Test func y4mWriterWritesMonoAndRefusesASizeChange() throws {
  var failure: Y4MWriteError?
  let bytes = try captureOutput { descriptor in
    var writer = Y4MWriter(
      descriptor: descriptor,
      frameRate: FrameRate(numerator: 30_000, denominator: 1001) ?? .standard)
    try writer.write(patternImage(width: 3, height: 2))
    try writer.write(patternImage(width: 3, height: 2, seed: 1))
    do { try writer.write(patternImage(width: 2, height: 3)) } catch {
      failure = error as? Y4MWriteError
    }
  }
  let header = [UInt8](text: "YUV4MPEG2 W3 H2 F30000:1001 Ip A1:1 Cmono\n")
  #expect(Array(bytes.prefix(header.count + 6)) == header + [UInt8](text: "FRAME\n"))
  #expect(bytes.count == header.count + 2 * (6 + 6))
  #expect(failure == .sizeChanged(width: 2, height: 3, streamWidth: 3, streamHeight: 2))
  #expect(failure?.description == "frame size changed from 3x2 to 2x3, which y4m cannot express")
}

@Test(.enabled(if: isInstalled("ffmpeg"), "ffmpeg is not installed: the y4m check needs it"))
func ffmpegReadsOurY4M() throws {
  let images = (0..<3).map { patternImage(width: 33, height: 17, seed: $0) }
  let bytes = try captureOutput { descriptor in
    var writer = Y4MWriter(descriptor: descriptor, frameRate: .standard)
    for image in images { try writer.write(image) }
  }
  let decoded = run(
    "ffmpeg",
    ["-v", "error", "-f", "yuv4mpegpipe", "-i", "-", "-f", "rawvideo", "-pix_fmt", "gray", "-"],
    input: bytes)
  #expect(decoded == images.flatMap(\.pixels))
}
