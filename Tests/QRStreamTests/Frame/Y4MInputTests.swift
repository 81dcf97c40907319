// SPDX-License-Identifier: MIT

import Testing

/// A y4m stream of `frames` frames whose Y plane is `patternImage(seed: frame)` and whose
/// trailing (chroma, alpha) bytes are 0x80, with samples of `sampleBytes` bytes.
private func y4mStream(
  colorSpace: String, width: Int, height: Int, trailingSamples: Int, frames: Int = 2,
  sampleBytes: Int = 1, depth: Int = 8, parameters: String = "F30000:1001 It A1:1"
) -> [UInt8] {
  let name = colorSpace.isEmpty ? "" : " C\(colorSpace)"
  var bytes = [UInt8](text: "YUV4MPEG2 W\(width) H\(height) \(parameters)\(name) XYSCSS=TEST\n")
  for frame in 0..<frames {
    bytes += [UInt8](text: frame == 0 ? "FRAME\n" : "FRAME Ixyz\n")
    for luma in patternImage(width: width, height: height, seed: frame).pixels {
      if sampleBytes == 1 {
        bytes.append(luma)
      } else {
        // The 8-bit value in the top bits, some noise in the bits below.
        let sample = UInt16(luma) << (depth - 8) | UInt16(luma & 1)
        bytes += [UInt8(truncatingIfNeeded: sample), UInt8(sample >> 8)]
      }
    }
    bytes += [UInt8](repeating: 0x80, count: trailingSamples * sampleBytes)
  }
  return bytes
}

@Test(arguments: [
  ("mono", 0), ("420jpeg", 2 * 3 * 2), ("420paldv", 12), ("420mpeg2", 12), ("420", 12),
  ("", 12), ("422", 2 * 3 * 3), ("444", 2 * 5 * 3), ("411", 2 * 2 * 3), ("444alpha", 3 * 5 * 3),
])
func y4mEightBitColorSpaces(colorSpace: String, trailing: Int) throws {
  let bytes = y4mStream(colorSpace: colorSpace, width: 5, height: 3, trailingSamples: trailing)
  let frames = try readFrames(bytes)
  #expect(
    frames.map(\.image) == [
      patternImage(width: 5, height: 3), patternImage(width: 5, height: 3, seed: 1),
    ])
  // 30000/1001 frames per second: frame 1 starts at 33366666 ns (rounded down).
  #expect(frames.map(\.timestamp) == [0, 33_366_666])
  #expect(frames.map(\.sequence) == [0, 1])
}

@Test(arguments: [
  ("mono16", 16, 0), ("mono10", 10, 0), ("420p10", 10, 12), ("422p12", 12, 18), ("444p16", 16, 30),
  ("420p9", 9, 12),
])
func y4mHighDepthTakesTheTopEightBits(colorSpace: String, depth: Int, trailing: Int) throws {
  let bytes = y4mStream(
    colorSpace: colorSpace, width: 5, height: 3, trailingSamples: trailing, sampleBytes: 2,
    depth: depth)
  let frames = try readFrames(bytes)
  #expect(
    frames.map(\.image) == [
      patternImage(width: 5, height: 3), patternImage(width: 5, height: 3, seed: 1),
    ])
}

@Test func y4mUnsupportedColourSpaceIsNamed() throws {
  let bytes = y4mStream(colorSpace: "420p8x", width: 4, height: 2, trailingSamples: 0)
  let (_, error) = try readError(bytes)
  #expect(error == .invalidHeader(frame: 0, offset: 0, fault: .y4mColorSpace("420p8x")))
  #expect(error?.description == "frame 0 at byte 0: unsupported y4m colour space '420p8x'")
}

@Test func y4mWithoutFrameRateRunsAt25() throws {
  let bytes = y4mStream(
    colorSpace: "mono", width: 2, height: 2, trailingSamples: 0, frames: 3, parameters: "Ip")
  #expect(try readFrames(bytes).map(\.timestamp) == [0, 40_000_000, 80_000_000])
}

@Test func y4mHeaderFaults() throws {
  let (_, missing) = try readError([UInt8](text: "YUV4MPEG2 W4 F25:1\nFRAME\n"))
  #expect(missing == .invalidHeader(frame: 0, offset: 0, fault: .y4mMissingSize))
  let (_, badRate) = try readError([UInt8](text: "YUV4MPEG2 W4 H2 Fx:1\n"))
  #expect(badRate == .invalidHeader(frame: 0, offset: 0, fault: .y4mParameter("Fx:1")))
  let (_, cut) = try readError([UInt8](text: "YUV4MPEG2 W4 H2"))
  #expect(cut == .truncatedHeader(frame: 0, offset: 0, received: 15, expected: nil))
  let (_, huge) = try readError([UInt8](text: "YUV4MPEG2 W100000 H100000 Cmono\nFRAME\n"))
  #expect(
    huge?.description == "frame 0 at byte 0: 100000x100000 exceeds the limit of 268435456 pixels")
}

@Test func y4mTruncatedFrameCountsChroma() throws {
  let bytes = y4mStream(colorSpace: "420jpeg", width: 4, height: 2, trailingSamples: 4)
  // Header line, then each frame: "FRAME\n" (6) or "FRAME Ixyz\n" (11), 8 luma + 4 chroma.
  let (count, error) = try readError(Array(bytes.dropLast(3)))
  #expect(count == 1)
  let secondFrameStart = bytes.count - 11 - 12
  #expect(error == .truncatedPayload(frame: 1, offset: secondFrameStart, received: 9, expected: 12))
}

@Test func y4mNewStreamHeaderMidStream() throws {
  let first = y4mStream(colorSpace: "mono", width: 2, height: 2, trailingSamples: 0, frames: 1)
  let second = y4mStream(colorSpace: "444", width: 3, height: 1, trailingSamples: 6, frames: 1)
  let frames = try readFrames(first + second)
  #expect(
    frames.map(\.image) == [patternImage(width: 2, height: 2), patternImage(width: 3, height: 1)])
}

// MARK: - Against ffmpeg

/// ffmpeg's y4m of a test pattern in `pixelFormat`, and the same pattern's Y plane as raw
/// samples (`referenceFormat`); nil when ffmpeg is missing.
private func ffmpegPair(pixelFormat: String, referenceFormat: String) -> (
  y4m: [UInt8], raw: [UInt8]
)? {
  let source = ["-v", "error", "-f", "lavfi", "-i", "testsrc=size=64x48:rate=5", "-frames", "3"]
  guard
    let y4m = run(
      "ffmpeg", source + ["-pix_fmt", pixelFormat, "-strict", "-1", "-f", "yuv4mpegpipe", "-"]),
    let raw = run(
      "ffmpeg",
      source + [
        "-vf", "format=\(pixelFormat),extractplanes=y", "-pix_fmt", referenceFormat, "-f",
        "rawvideo", "-",
      ])
  else { return nil }
  return (y4m, raw)
}

@Test(
  .enabled(if: isInstalled("ffmpeg"), "ffmpeg is not installed: the y4m comparison needs it"),
  arguments: ["yuv420p", "yuv422p", "yuv444p", "gray", "yuv411p", "yuva444p"])
func y4mFromFFmpegMatchesItsYPlane(pixelFormat: String) throws {
  guard let (y4m, raw) = ffmpegPair(pixelFormat: pixelFormat, referenceFormat: "gray") else {
    Issue.record("ffmpeg failed for \(pixelFormat)")
    return
  }
  let frames = try readFrames(y4m)
  #expect(frames.count == 3)
  #expect(frames.flatMap(\.image.pixels) == raw)
  #expect(frames.map(\.timestamp) == [0, 200_000_000, 400_000_000])
  // ffmpeg's own conversion to gray agrees too (gray is full range, the YUV formats limited, so
  // only the gray y4m can match it).
  guard pixelFormat == "gray" else { return }
  let source = ["-v", "error", "-f", "lavfi", "-i", "testsrc=size=64x48:rate=5", "-frames", "3"]
  if let gray = run("ffmpeg", source + ["-pix_fmt", "gray", "-f", "rawvideo", "-"]) {
    #expect(frames.flatMap(\.image.pixels) == gray)
  }
}

@Test(
  .enabled(if: isInstalled("ffmpeg"), "ffmpeg is not installed: the y4m comparison needs it"),
  arguments: [("yuv420p10le", 10), ("gray16le", 16), ("yuv444p12le", 12), ("gray10le", 10)])
func y4mHighDepthFromFFmpeg(pixelFormat: String, depth: Int) throws {
  let reference = depth == 16 ? "gray16le" : "gray\(depth)le"
  guard let (y4m, raw) = ffmpegPair(pixelFormat: pixelFormat, referenceFormat: reference) else {
    Issue.record("ffmpeg failed for \(pixelFormat)")
    return
  }
  let frames = try readFrames(y4m)
  #expect(frames.count == 3)
  let expected = stride(from: 0, to: raw.count, by: 2).map {
    UInt8(clamping: (UInt16(raw[$0]) | UInt16(raw[$0 + 1]) << 8) >> (depth - 8))
  }
  #expect(frames.flatMap(\.image.pixels) == expected)
}
