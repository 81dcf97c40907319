// SPDX-License-Identifier: MIT

import Foundation
import Glibc
import Testing

@testable import QRImageFormats
@testable import QRStream
@testable import QRSystem

// MARK: - qrframe round trips

@Test(arguments: FrameClock.allCases, [(1, 1), (3, 5), (17, 9), (640, 480)])
func writerThenReaderRoundTrips(clock: FrameClock, size: (Int, Int)) throws {
  let frames = (0..<3).map { index in
    Frame(
      image: patternImage(width: size.0, height: size.1, seed: index),
      sequence: UInt64(100 + 2 * index), timestamp: UInt64(index) * 33_366_667 + 5, clock: clock,
      dropped: UInt32(index))
  }
  let bytes = try encodeFrames(frames)
  #expect(bytes.count == 3 * (64 + size.0 * size.1))
  #expect(try readFrames(bytes) == frames)
}

@Test func paddedRowsAreDropped() throws {
  let width = 5
  let height = 3
  let stride = 8
  var padded = [UInt8](repeating: 0xAA, count: stride * height)
  let image = patternImage(width: width, height: height)
  for y in 0..<height {
    for x in 0..<width { padded[y * stride + x] = image[x, y] }
  }
  let bytes = try captureOutput { descriptor in
    try padded.withUnsafeBytes { pixels in
      try FrameWriter(descriptor: descriptor).write(
        pixels: pixels, width: width, height: height, rowStride: stride, sequence: 9,
        timestamp: 10, clock: .realtime)
    }
  }
  #expect(bytes.count == 64 + stride * height)
  #expect(Array(bytes[20..<24]) == [8, 0, 0, 0])
  let frames = try readFrames(bytes)
  #expect(frames == [Frame(image: image, sequence: 9, timestamp: 10, clock: .realtime)])
}

@Test func concatenatedStreamsAreOneStream() throws {
  let first = try encodeFrames([
    Frame(image: patternImage(width: 4, height: 4), sequence: 0, timestamp: 0)
  ])
  let second = try encodeFrames([
    Frame(image: patternImage(width: 9, height: 2), sequence: 0, timestamp: 7, clock: .monotonic)
  ])
  let frames = try readFrames(first + second)
  #expect(frames.map(\.image.width) == [4, 9])
  #expect(frames.map(\.clock) == [.media, .monotonic])
}

@Test func emptyInputIsACleanEnd() throws {
  #expect(try readFrames([]).isEmpty)
}

@Test func higherMinorVersionWithALongerHeaderIsRead() throws {
  // A version 1.3 header of 72 bytes: 8 bytes of fields this reader does not know at 60..<68.
  var header = Array(knownHeader[0..<60])
  header[5] = 3
  header[6] = 72
  header += [1, 2, 3, 4, 5, 6, 7, 8]
  let crc = CRC32.checksum(of: header)
  header += (0..<4).map { UInt8(truncatingIfNeeded: crc >> (8 * $0)) }
  let payload: [UInt8] = [1, 2, 3, 4, 5, 6, 7, 8]
  let frames = try readFrames(header + payload + knownHeader + payload)
  #expect(frames.count == 2)
  #expect(frames[0].image.pixels == payload)
  #expect(frames[0].sequence == 7 && frames[0].timestamp == 1_500_000_000)
  #expect(frames[0].clock == .monotonic && frames[0].dropped == 3)
  #expect(frames[1] == frames[0])
}

@Test func partialReadsFromATricklingPipe() throws {
  let frames = (0..<5).map { index in
    Frame(
      image: patternImage(width: 37, height: 11 + index, seed: index), sequence: UInt64(index),
      timestamp: 0)
  }
  let bytes = try encodeFrames(frames) + Array(text: "P5\n3 1\n255\n\u{1}\u{2}\u{3}")
  let descriptor = tricklingPipe(bytes, maximumChunk: 7)
  defer { descriptor.close() }
  let reader = FrameStreamReader(descriptor: descriptor, name: "pipe")
  var received: [Frame] = []
  while let frame = try reader.next() { received.append(frame) }
  #expect(Array(received.prefix(5)) == frames)
  #expect(received.last?.image.pixels == [1, 2, 3])
  #expect(reader.offset == bytes.count)
  #expect(reader.kind == .pnm)
}

@Test func largeFramesThroughAPipe() throws {
  // Frames larger than the read buffer take the direct path; the pipe delivers ≤ 64 KiB a time.
  let frames = (0..<3).map { index in
    Frame(
      image: patternImage(width: 1920, height: 1080, seed: index), sequence: UInt64(index),
      timestamp: 0)
  }
  let bytes = try encodeFrames(frames)
  let descriptor = tricklingPipe(bytes, maximumChunk: 300_000)
  defer { descriptor.close() }
  let reader = FrameStreamReader(descriptor: descriptor, name: "pipe")
  var received: [Frame] = []
  while let frame = try reader.next() { received.append(frame) }
  #expect(received == frames)
}

// MARK: - qrframe errors

@Test func truncatedHeaderNamesFrameAndOffset() throws {
  let frame = try encodeFrames([
    Frame(image: patternImage(width: 4, height: 2), sequence: 0, timestamp: 0)
  ])
  let (count, error) = try readError(frame + Array(knownHeader[0..<10]))
  #expect(count == 1)
  #expect(error == .truncatedHeader(frame: 1, offset: 72, received: 10, expected: 64))
  #expect(error?.description == "truncated frame 1 at byte 72: got 10 of 64 header bytes")
  let (_, early) = try readError(Array(text: "QR"))
  #expect(early == .truncatedHeader(frame: 0, offset: 0, received: 2, expected: 64))
}

@Test func truncatedPayloadNamesFrameAndOffset() throws {
  let frames = (0..<3).map {
    Frame(image: patternImage(width: 640, height: 480), sequence: UInt64($0), timestamp: 0)
  }
  let bytes = try encodeFrames(frames)
  let (count, error) = try readError(Array(bytes.dropLast(307_200 - 1200)))
  #expect(count == 2)
  #expect(error?.description == "truncated frame 2 at byte 614528: got 1200 of 307200 bytes")
  #expect(error?.frame == 2 && error?.offset == 614_528)
}

@Test func badMagicMidStreamIsLostSync() throws {
  let frame = try encodeFrames([
    Frame(image: patternImage(width: 4, height: 2), sequence: 0, timestamp: 0)
  ])
  let (count, error) = try readError(frame + [0x00, 0x11, 0x22, 0x33, 0x44] + frame)
  #expect(count == 1)
  #expect(
    error == .invalidHeader(frame: 1, offset: 72, fault: .notAHeader(found: [0, 0x11, 0x22, 0x33])))
  #expect(
    error?.description
      == "frame 1 at byte 72: not a qrframe header (found 00 11 22 33 instead of 51 52 46 4d \"QRFM\")"
  )
}

@Test func corruptHeaderIsAChecksumMismatch() throws {
  let payload = [UInt8](repeating: 0, count: 8)
  let corrupt = editedHeader(reseal: false) { $0[33] = 1 }
  let (count, error) = try readError(knownHeader + payload + corrupt + payload)
  #expect(count == 1)
  guard case .invalidHeader(1, 72, .checksum)? = error else {
    Issue.record("expected a checksum mismatch, got \(String(describing: error))")
    return
  }
  #expect(
    error?.description.hasPrefix("frame 1 at byte 72: header checksum mismatch (corrupt stream)")
      == true)
}

@Test func unknownMajorVersionIsRefused() throws {
  let (_, error) = try readError(editedHeader { $0[4] = 2 } + [UInt8](repeating: 0, count: 8))
  #expect(error == .invalidHeader(frame: 0, offset: 0, fault: .majorVersion(2)))
  #expect(
    error?.description
      == "frame 0 at byte 0: unsupported qrframe major version 2 (this reader knows version 1)")
}

@Test func zeroWidthIsRefused() throws {
  let (_, error) = try readError(
    editedHeader {
      $0[12] = 0; $0[20] = 0; $0[24] = 0
    })
  #expect(error == .invalidHeader(frame: 0, offset: 0, fault: .zeroSize(width: 0, height: 2)))
}

@Test func absurdSizeIsRefusedBeforeAllocating() throws {
  // 0xFFFFFFFF × 0xFFFFFFFF: allocating it would abort the test process.
  let huge = editedHeader { bytes in
    for index in 12..<24 { bytes[index] = 0xFF }
    let payload = UInt64(UInt32.max) * UInt64(UInt32.max)
    for index in 0..<8 { bytes[24 + index] = UInt8(truncatingIfNeeded: payload >> (8 * index)) }
  }
  let (_, error) = try readError(huge)
  #expect(
    error?.description
      == "frame 0 at byte 0: 4294967295x4294967295 exceeds the limit of 268435456 pixels")
  let (_, limited) = try readError(
    knownHeader + [UInt8](repeating: 0, count: 8), options: FrameStreamOptions(maximumPixelCount: 7)
  )
  #expect(limited == .tooLarge(frame: 0, offset: 0, width: 4, height: 2, limit: 7))
}

@Test func unrecognisedInputSaysWhatIsAccepted() throws {
  let (_, error) = try readError(Array(text: "hello, world"))
  #expect(error == .unrecognizedInput(offset: 0, found: Array(text: "hell")))
  #expect(
    error?.description
      == "unrecognised input at byte 0: not qrframe, y4m, PNM, PNG, JPEG, WebP, TIFF, GIF, BMP, HEIF or AVIF (raw frames need a size)"
  )
}

@Test func readErrorsWrapErrno() throws {
  let reader = FrameStreamReader(descriptor: FileDescriptor(rawValue: 9999), name: "bad")
  #expect(throws: FrameStreamError.io(frame: 0, offset: 0, errno: Errno(rawValue: EBADF))) {
    _ = try reader.next()
  }
}

// MARK: - Mixed kinds

@Test func mixedKindsAreRecognisedAtEveryBoundary() throws {
  let pgm = try captureOutput {
    try PGMWriter(descriptor: $0).write(patternImage(width: 3, height: 2))
  }
  let qrframe = try encodeFrames([
    Frame(image: patternImage(width: 4, height: 2), sequence: 41, timestamp: 99, clock: .realtime)
  ])
  let y4m = try captureOutput { descriptor in
    var writer = Y4MWriter(descriptor: descriptor, frameRate: FrameRate(numerator: 10) ?? .standard)
    try writer.write(patternImage(width: 2, height: 2))
    try writer.write(patternImage(width: 2, height: 2, seed: 1))
  }
  let y4mOther = try captureOutput { descriptor in
    var writer = Y4MWriter(descriptor: descriptor, frameRate: .standard)
    try writer.write(patternImage(width: 5, height: 1))
  }
  let frames = try readFrames(pgm + qrframe + y4m + y4mOther + pgm)
  #expect(frames.map(\.image.width) == [3, 4, 2, 2, 5, 3])
  // qrframe keeps its metadata; the others count frames in this input and run a media clock.
  #expect(frames.map(\.sequence) == [0, 41, 2, 3, 4, 5])
  #expect(frames.map(\.clock) == [.media, .realtime, .media, .media, .media, .media])
  #expect(frames.map(\.timestamp) == [0, 99, 40_000_000, 140_000_000, 240_000_000, 280_000_000])
  #expect(frames[0].image == patternImage(width: 3, height: 2))
  #expect(frames[3].image == patternImage(width: 2, height: 2, seed: 1))
}
