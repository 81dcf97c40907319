// SPDX-License-Identifier: MIT

import Testing

@testable import QRStream

@Test func plainBitmapP1() throws {
  // 1 is black. P1 digits need no whitespace between them.
  let bytes = [UInt8](text: "P1\n# a comment\n3 2\n1 0 1\n010\n")
  let frames = try readFrames(bytes)
  #expect(frames.map(\.image.pixels) == [[0, 255, 0, 255, 0, 255]])
}

@Test func plainGrayP2WithCommentsAndMaxval() throws {
  let bytes = [UInt8](
    text: "P2 # comment right after the magic\n2 2 # size\n# maxval next\n4\n0 1\n 2 4\n")
  // 0, 1, 2, 4 of 4 → 0, 64 (63.75 rounded), 128 (127.5 rounded), 255.
  #expect(try readFrames(bytes).map(\.image.pixels) == [[0, 64, 128, 255]])
}

@Test func commentRightAfterTheMaxvalEndsTheHeaderAtItsLineEnd() throws {
  // netpbm (pm_getc) and ffmpeg read `255#comment\n` so: the comment's newline is the one
  // whitespace byte before the raster, which may itself start with '#' (35) or a newline (10).
  let gray = [UInt8](text: "P5\n2 2\n255#made by x\n") + [35, 10, 128, 255]
  let crlf = [UInt8](text: "P5 1 1 255#c\r") + [7]
  let bitmap = [UInt8](text: "P4\n8 1#c\n") + [0b1000_0000]
  let plain = [UInt8](text: "P2\n2 1\n4#c\n0 4\n")
  let frames = try readFrames(gray + crlf + bitmap + plain)
  #expect(
    frames.map(\.image.pixels) == [
      [35, 10, 128, 255], [7], [0, 255, 255, 255, 255, 255, 255, 255], [0, 255],
    ])
  let (_, cut) = try readError([UInt8](text: "P5\n2 2\n255#no line end"))
  #expect(cut == .truncatedHeader(frame: 0, offset: 0, received: 22, expected: nil))
}

@Test func rawBitmapP4PadsRowsToBytes() throws {
  // 10 pixels a row: 2 bytes, the last 6 bits padding.
  let bytes = [UInt8](text: "P4\n10 2\n") + [0b1010_0000, 0b1100_0000, 0b0000_0000, 0b0111_1111]
  let image = try #require(try readFrames(bytes).first).image
  #expect(
    image.pixels == [0, 255, 0, 255, 255, 255, 255, 255, 0, 0] + [
      255, 255, 255, 255, 255, 255, 255, 255, 255, 0,
    ])
}

@Test func rawGrayP5AtSeveralMaxvals() throws {
  let eight = [UInt8](text: "P5\n3 1\n255\n") + [0, 128, 255]
  let fifteen = [UInt8](text: "P5 3 1 15\n") + [0, 7, 15]
  let wide = [UInt8](text: "P5\n#c\n3 1\n65535\n") + [0x00, 0x00, 0x80, 0x00, 0xFF, 0xFF]
  let frames = try readFrames(eight + fifteen + wide)
  #expect(frames.map(\.image.pixels) == [[0, 128, 255], [0, 119, 255], [0, 128, 255]])
  #expect(frames.map(\.sequence) == [0, 1, 2])
  #expect(frames.map(\.timestamp) == [0, 40_000_000, 80_000_000])
}

@Test func colourP6AndP3BecomeLuma() throws {
  let p6 = [UInt8](text: "P6\n2 1\n255\n") + [255, 0, 0, 0, 255, 0]
  let p6Wide = [UInt8](text: "P6\n1 1\n65535\n") + [0, 0, 0, 0, 0xFF, 0xFF]
  let p3 = [UInt8](text: "P3\n# colour\n2 1\n15\n15 15 15  0 0 15\n")
  let frames = try readFrames(p6 + p6Wide + p3)
  #expect(frames.map(\.image.pixels) == [[76, 150], [29], [255, 29]])
}

@Test func pnmSequencesFromPGMWriter() throws {
  let images = (0..<4).map { patternImage(width: 7, height: 3 + $0, seed: $0) }
  let bytes = try captureOutput { descriptor in
    let writer = PGMWriter(descriptor: descriptor)
    for image in images { try writer.write(image) }
  }
  #expect(try readFrames(bytes).map(\.image) == images)
}

@Test func pnmFaults() throws {
  let (_, badSize) = try readError([UInt8](text: "P5\nx 1\n255\n"))
  #expect(
    badSize
      == .invalidHeader(frame: 0, offset: 0, fault: .pnmSyntax("expected the width, found 'x'")))
  let (_, badMaxval) = try readError([UInt8](text: "P5\n1 1\n70000\n\u{0}"))
  #expect(badMaxval == .invalidHeader(frame: 0, offset: 0, fault: .pnmMaxval(70000)))
  let (_, sample) = try readError([UInt8](text: "P2\n2 1\n10\n3 11\n"))
  #expect(sample == .invalidHeader(frame: 0, offset: 0, fault: .pnmSample("'11'")))
  let (_, cut) = try readError([UInt8](text: "P5\n4 4\n255\n") + [1, 2, 3])
  #expect(cut == .truncatedPayload(frame: 0, offset: 0, received: 3, expected: 16))
  let (_, cutPlain) = try readError([UInt8](text: "P2\n2 2\n9\n1 2 3"))
  #expect(
    cutPlain?.description == "truncated frame 0 at byte 0: input ends 5 bytes into the pixels")
  let (_, cutHeader) = try readError([UInt8](text: "P5\n4 "))
  #expect(cutHeader == .truncatedHeader(frame: 0, offset: 0, received: 5, expected: nil))
  let (_, zero) = try readError([UInt8](text: "P5\n0 4\n255\n"))
  #expect(zero == .invalidHeader(frame: 0, offset: 0, fault: .zeroSize(width: 0, height: 4)))
  let (_, huge) = try readError([UInt8](text: "P5\n100000 100000\n255\n"))
  #expect(
    huge == .tooLarge(frame: 0, offset: 0, width: 100_000, height: 100_000, limit: 268_435_456))
}
