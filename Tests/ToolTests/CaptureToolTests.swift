// SPDX-License-Identifier: MIT
// qrcapture end to end on files and pipes (the camera path is in CaptureDeviceTests).

import Foundation
import Testing

/// One frame parsed straight from qrframe bytes, independently of the library's reader.
struct ParsedFrame: Equatable {
  var width: Int
  var height: Int
  var sequence: UInt64
  var timestamp: UInt64
  var dropped: UInt32
  var clock: UInt8
  var pixels: [UInt8]
}

func parseQRFrames(_ bytes: [UInt8]) -> [ParsedFrame]? {
  func integer<T: FixedWidthInteger>(_ offset: Int, _: T.Type) -> T {
    var value: T = 0
    for index in 0..<MemoryLayout<T>.size { value |= T(bytes[offset + index]) << (8 * index) }
    return value
  }
  var frames: [ParsedFrame] = []
  var offset = 0
  while offset < bytes.count {
    guard bytes.count - offset >= 64, bytes[offset..<offset + 4].elementsEqual("QRFM".utf8) else {
      return nil
    }
    let headerLength = Int(integer(offset + 6, UInt16.self))
    let width = Int(integer(offset + 12, UInt32.self))
    let height = Int(integer(offset + 16, UInt32.self))
    let stride = Int(integer(offset + 20, UInt32.self))
    let length = Int(integer(offset + 24, UInt64.self))
    let payload = offset + headerLength
    guard payload + length <= bytes.count, stride == width else { return nil }
    frames.append(
      ParsedFrame(
        width: width, height: height, sequence: integer(offset + 32, UInt64.self),
        timestamp: integer(offset + 40, UInt64.self), dropped: integer(offset + 48, UInt32.self),
        clock: bytes[offset + 52], pixels: Array(bytes[payload..<payload + length])))
    offset = payload + length
  }
  return frames
}

/// `count` raw gray frames of width×height, frame i filled with a ramp starting at i.
private func rawFrames(_ count: Int, width: Int = 8, height: Int = 4) -> [[UInt8]] {
  (0..<count).map { index in (0..<width * height).map { UInt8(truncatingIfNeeded: $0 + index) } }
}

@Test func rawGrayBecomesTimedQRFrames() throws {
  let frames = rawFrames(5)
  let result = try ToolRunner.run(
    "qrcapture", ["--size", "8x4", "--fps", "10"], input: frames.flatMap { $0 })
  #expect(result.status == 0, "\(result.errors)")
  #expect(result.stderr.isEmpty)
  let parsed = try #require(parseQRFrames(result.stdout))
  #expect(parsed.map(\.pixels) == frames)
  #expect(parsed.map(\.sequence) == [0, 1, 2, 3, 4])
  #expect(parsed.map(\.timestamp) == [0, 100_000_000, 200_000_000, 300_000_000, 400_000_000])
  #expect(parsed.allSatisfy { $0.width == 8 && $0.height == 4 && $0.clock == 0 && $0.dropped == 0 })
}

@Test func truncatedInputKeepsEveryCompleteFrameAndSaysWhere() throws {
  let frames = rawFrames(3)
  let input: [UInt8] = frames.flatMap { $0 } + [1, 2, 3]
  let result = try ToolRunner.run("qrcapture", ["-s", "8x4", "-r", "30", "-"], input: input)
  #expect(result.status == 2)
  #expect(try #require(parseQRFrames(result.stdout)).map(\.pixels) == frames)
  #expect(
    result.errors
      == "qrcapture: -: truncated frame 3 at byte 96: got 3 of 32 bytes; the input is not a"
      + " whole number of 8x4 gray frames of 32 bytes (3 and 3 bytes), so --size is likely not"
      + " the video's size and every frame was read sheared: ask ffprobe (-show_entries"
      + " stream=width,height)\n")
}

@Test func qrframeInputIsSlicedAndRestamped() throws {
  let source = try ToolRunner.run("qrcapture", ["-s", "8x4"], input: rawFrames(10).flatMap { $0 })
  let sliced = try ToolRunner.run(
    "qrcapture", ["--skip", "1", "--every", "3", "--count", "2", "--restamp", "--fps", "2"],
    input: source.stdout)
  #expect(sliced.status == 0, "\(sliced.errors)")
  let parsed = try #require(parseQRFrames(sliced.stdout))
  #expect(parsed.map(\.pixels) == [rawFrames(10)[1], rawFrames(10)[4]])
  #expect(parsed.map(\.sequence) == [0, 1])
  #expect(parsed.map(\.timestamp) == [0, 500_000_000])
}

@Test func concatenatedStreamsAndFilesAreReadInTurn() throws {
  let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
    "qrcapture-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: directory) }
  let frames = try ToolRunner.run("qrcapture", ["-s", "8x4"], input: rawFrames(2).flatMap { $0 })
  let pgm = Array("P5\n# a comment\n3 2\n255\n".utf8) + [0, 1, 2, 3, 4, 5]
  let first = directory.appendingPathComponent("a.qrframe")
  let second = directory.appendingPathComponent("b.pgm")
  try Data(frames.stdout + frames.stdout).write(to: first)
  try Data(pgm + pgm).write(to: second)
  let result = try ToolRunner.run("qrcapture", [first.path, second.path])
  #expect(result.status == 0, "\(result.errors)")
  let parsed = try #require(parseQRFrames(result.stdout))
  #expect(parsed.count == 6)
  #expect(
    parsed.suffix(2).allSatisfy {
      $0.width == 3 && $0.height == 2 && $0.pixels == [0, 1, 2, 3, 4, 5]
    })
}

@Test func y4mFromFFmpegKeepsTheLumaPlane() throws {
  guard FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg") else {
    Issue.record("ffmpeg is not installed (scripts/test installs it)")
    return
  }
  let source = "testsrc=size=64x48:rate=5"
  let y4m = try ToolRunner.runExecutable(
    "/usr/bin/ffmpeg",
    [
      "-v", "error", "-f", "lavfi", "-i", source, "-frames", "3", "-pix_fmt", "yuv420p", "-f",
      "yuv4mpegpipe", "-",
    ])
  // The same frames as raw planar YUV: each frame's first 64×48 bytes are its Y plane.
  let planar = try ToolRunner.runExecutable(
    "/usr/bin/ffmpeg",
    [
      "-v", "error", "-f", "lavfi", "-i", source, "-frames", "3", "-pix_fmt", "yuv420p", "-f",
      "rawvideo", "-",
    ])
  let frameBytes = 64 * 48 * 3 / 2
  let lumaPlanes = (0..<3).map { Array(planar.stdout[$0 * frameBytes..<$0 * frameBytes + 64 * 48]) }
  let result = try ToolRunner.run("qrcapture", [], input: y4m.stdout)
  #expect(result.status == 0, "\(result.errors)")
  let parsed = try #require(parseQRFrames(result.stdout))
  #expect(parsed.count == 3)
  #expect(parsed.map(\.pixels) == lumaPlanes, "Y planes differ")
  #expect(parsed.map(\.timestamp) == [0, 200_000_000, 400_000_000])
}

@Test func y4mOutputIsReadBackByFFmpeg() throws {
  guard FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg") else {
    Issue.record("ffmpeg is not installed (scripts/test installs it)")
    return
  }
  let frames = rawFrames(4, width: 16, height: 8)
  let y4m = try ToolRunner.run(
    "qrcapture", ["-s", "16x8", "-o", "y4m"], input: frames.flatMap { $0 })
  #expect(y4m.status == 0)
  #expect(y4m.output.hasPrefix("YUV4MPEG2 W16 H8 F30:1"))
  let decoded = try ToolRunner.runExecutable(
    "/usr/bin/ffmpeg",
    ["-v", "error", "-f", "yuv4mpegpipe", "-i", "-", "-pix_fmt", "gray", "-f", "rawvideo", "-"],
    input: y4m.stdout)
  #expect(decoded.stdout == frames.flatMap { $0 }, "\(decoded.errors)")
}

@Test func pgmOutputIsASequenceOfImages() throws {
  let frames = rawFrames(2, width: 3, height: 2)
  let result = try ToolRunner.run(
    "qrcapture", ["-s", "3x2", "-o", "pgm"], input: frames.flatMap { $0 })
  #expect(result.status == 0)
  let header = Array("P5\n3 2\n255\n".utf8)
  #expect(result.stdout == header + frames[0] + header + frames[1])
}

@Test(arguments: [
  (["/nonexistent/clip.raw"], "qrcapture: /nonexistent/clip.raw: no such file or directory\n"),
  (["/tmp"], "qrcapture: /tmp: is a directory\n"),
])
func unreadableInputsAreNamed(arguments: [String], message: String) throws {
  let result = try ToolRunner.run("qrcapture", ["-s", "8x4"] + arguments)
  #expect(result.status == 2)
  #expect(result.errors == message)
  #expect(result.stdout.isEmpty)
}

@Test func inputWithoutMagicNeedsASize() throws {
  let result = try ToolRunner.run("qrcapture", ["-"], input: Array(repeating: 7, count: 100))
  #expect(result.status == 2)
  #expect(result.errors.hasPrefix("qrcapture: -: unrecognised input at byte 0"))
}

@Test func emptyInputIsAnEmptyStream() throws {
  let result = try ToolRunner.run("qrcapture", ["-s", "8x4", "-"])
  #expect(result.status == 0)
  #expect(result.stdout.isEmpty && result.stderr.isEmpty)
}

@Test func closedReaderEndsQuietly() throws {
  // 200 frames of 640x480 are far more than a pipe holds; head stops reading after 100 bytes.
  let result = try ToolRunner.shell(
    "head -c 61440000 /dev/zero 2>/dev/null | qrcapture -s 640x480 -r 30 | head -c 100 | wc -c; "
      + "echo \"${PIPESTATUS[1]} ${PIPESTATUS[2]}\"")
  #expect(result.output == "100\n0 0\n", "\(result.errors)")
  #expect(result.errors.isEmpty)
}

@Test func oversizedFramesAreRefusedBeforeAllocating() throws {
  let result = try ToolRunner.run(
    "qrcapture", ["--max-pixels", "100", "-s", "20x20", "-"], input: Array(repeating: 0, count: 400)
  )
  #expect(result.status == 2)
  #expect(result.errors.contains("exceeds the limit of 100 pixels"), "\(result.errors)")
}
