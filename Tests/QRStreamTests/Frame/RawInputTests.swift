// SPDX-License-Identifier: MIT

import QRImage
import Testing

@testable import QRImageFormats
@testable import QRStream

private func rawOptions(_ layout: PixelLayout, width: Int = 4, height: Int = 2, stride: Int? = nil)
  -> FrameStreamOptions
{
  FrameStreamOptions(
    raw: RawFrameFormat(width: width, height: height, layout: layout, rowStride: stride),
    frameRate: FrameRate(numerator: 30_000, denominator: 1001) ?? .standard)
}

@Test func rawGrayFramesAreNumberedAndTimed() throws {
  let bytes = (0..<24).map { UInt8($0 + 10) }
  let frames = try readFrames(bytes, options: rawOptions(.gray))
  #expect(
    frames.map(\.image.pixels) == [
      Array(bytes[0..<8]), Array(bytes[8..<16]), Array(bytes[16..<24]),
    ])
  #expect(frames.map(\.sequence) == [0, 1, 2])
  #expect(frames.map(\.timestamp) == [0, 33_366_666, 66_733_333])
}

@Test func rawGrayWithPaddedRows() throws {
  let bytes: [UInt8] = [1, 2, 3, 0xAA, 4, 5, 6, 0xAA]
  let frames = try readFrames(bytes, options: rawOptions(.gray, width: 3, height: 2, stride: 4))
  #expect(frames.map(\.image.pixels) == [[1, 2, 3, 4, 5, 6]])
}

@Test func rawYUYVTakesEveryOtherByte() throws {
  let bytes: [UInt8] = [
    10, 0x80, 11, 0x80, 12, 0x80, 13, 0x80, 20, 0x80, 21, 0x80, 22, 0x80, 23, 0x80,
  ]
  let frames = try readFrames(bytes + bytes, options: rawOptions(.yuyv))
  #expect(
    frames.map(\.image.pixels) == [
      [10, 11, 12, 13, 20, 21, 22, 23], [10, 11, 12, 13, 20, 21, 22, 23],
    ])
}

@Test func rawNV12SkipsTheChromaPlane() throws {
  let luma: [UInt8] = [1, 2, 3, 4, 5, 6, 7, 8]
  let chroma: [UInt8] = [0x80, 0x81, 0x82, 0x83]
  let frames = try readFrames(luma + chroma + luma + chroma, options: rawOptions(.nv12))
  #expect(frames.map(\.image.pixels) == [luma, luma])
}

@Test func rawRGB24BecomesLuma() throws {
  let white: [UInt8] = [255, 255, 255]
  let red: [UInt8] = [255, 0, 0]
  let bytes = white + red + red + white
  let frames = try readFrames(bytes, options: rawOptions(.rgb24, width: 2, height: 2))
  #expect(frames.map(\.image.pixels) == [[255, 76, 76, 255]])
}

@Test func rawModeIsStickyEvenWhenBytesLookLikeAHeader() throws {
  // The second frame starts with "P5 " and would parse as PNM; raw mode, once chosen, stays.
  let first: [UInt8] = [0, 1, 2, 3, 4, 5, 6, 7]
  let second = [UInt8](text: "P5 1 1 2")
  let frames = try readFrames(first + second, options: rawOptions(.gray))
  #expect(frames.map(\.image.pixels) == [first, second])
  #expect(frames.count == 2)
}

@Test func knownMagicWinsOverRawAtTheStart() throws {
  let pgm = [UInt8](text: "P5\n2 1\n255\n") + [9, 8]
  let frames = try readFrames(pgm, options: rawOptions(.gray))
  #expect(frames.map(\.image.pixels) == [[9, 8]])
}

@Test func rawTruncationIsReported() throws {
  let (count, error) = try readError([UInt8](repeating: 1, count: 20), options: rawOptions(.gray))
  #expect(count == 2)
  #expect(error == .truncatedPayload(frame: 2, offset: 16, received: 4, expected: 8))
  let (_, packed) = try readError([UInt8](repeating: 1, count: 20), options: rawOptions(.yuyv))
  #expect(packed == .truncatedPayload(frame: 1, offset: 16, received: 4, expected: 16))
}
