// SPDX-License-Identifier: MIT
// Hostile inputs, round three (issue 46): each case is built here from its description, small,
// and run through the real tools.

import Foundation
import Testing

// MARK: - Building files

private func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
private func le32(_ value: Int) -> [UInt8] { le16(value & 0xFFFF) + le16(value >> 16 & 0xFFFF) }

/// A 32-bit BI_BITFIELDS BMP (a 40-byte header, then the red, green and blue masks) of
/// `width` × `height` pixels, each `pixel`.
private func bitFieldBMP(
  width: Int = 4, height: Int = 4, masks: [UInt32], pixel: UInt32 = 0xFFFF_FFFF
) -> [UInt8] {
  let offset = 14 + 40 + 4 * masks.count
  let pixels = (0..<width * height).flatMap { _ in le32(Int(pixel)) }
  return Array("BM".utf8) + le32(offset + pixels.count) + [0, 0, 0, 0] + le32(offset) + le32(40)
    + le32(width) + le32(height) + le16(1) + le16(32) + le32(3) + le32(pixels.count)
    + le32(2835) + le32(2835) + le32(0) + le32(0) + masks.flatMap { le32(Int($0)) } + pixels
}

/// The gray pixels qrcapture gives for `input` (the payload of its one qrframe).
private func grayPixels(_ input: [UInt8], count: Int) throws -> [UInt8] {
  let result = try ToolRunner.run("qrcapture", ["-"], input: input)
  #expect(result.status == 0, "\(result.errors)")
  return Array(result.stdout.suffix(count))
}

// MARK: - BMP bit fields

@Test func bitFieldMasksOfEveryWidthAreScaledNotATrap() throws {
  // The masks that trapped (an overflow of a 32-bit product): wider than 24 bits.
  for width in [24, 25, 28, 31, 32] {
    let mask = UInt32(truncatingIfNeeded: (UInt64(1) << width) - 1)
    let bmp = bitFieldBMP(masks: [mask, mask, mask])
    #expect(bmp.count == 130)
    #expect(try grayPixels(bmp, count: 16) == [UInt8](repeating: 255, count: 16), "\(width)")
    let detected = try ToolRunner.run("qrdetect", input: bmp)
    #expect(detected.status == 1 && !detected.wasSignalled, "\(width): \(detected.errors)")
  }
  // Half of a 32-bit channel is half white; masks that overlap or leave holes still scale.
  let half = bitFieldBMP(masks: [0xFFFF_FFFF, 0xFFFF_FFFF, 0xFFFF_FFFF], pixel: 0x8000_0000)
  #expect(try grayPixels(half, count: 16) == [UInt8](repeating: 127, count: 16))
  let holes = bitFieldBMP(masks: [0xF0F0_F0F0, 0x0F0F_0F0F, 0xFF00_00FF], pixel: 0xFFFF_FFFF)
  #expect(try grayPixels(holes, count: 16) == [UInt8](repeating: 255, count: 16))
}

@Test func mutatedBitFieldHeadersNeverKillTheReader() throws {
  // Every byte of the header and masks set to each of four values: an error or frames, and
  // the next file of a directory still read.
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("qrpipe-bmp-mutations-\(getpid())")
  try? FileManager.default.removeItem(at: directory)
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: directory) }
  let valid = bitFieldBMP(masks: [0xFF_0000, 0xFF00, 0xFF])
  var count = 0
  for index in 14..<66 {
    for value: UInt8 in [0x00, 0x7F, 0xFE, 0xFF] {
      var bmp = valid
      bmp[index] = value
      try Data(bmp).write(to: directory.appendingPathComponent("m\(count).bmp"))
      count += 1
    }
  }
  let run = try ToolRunner.run("qrdetect", ["--jobs", "1", directory.path])
  #expect(!run.wasSignalled, "\(run.errors)")
  #expect(run.status == 1 || run.status == 2)
  #expect(!run.errors.contains("Fatal error"), "\(run.errors)")
}

@Test func negativeBMPWidthIsNamedAsSuch() throws {
  var bmp = bitFieldBMP(masks: [0xFF_0000, 0xFF00, 0xFF])
  bmp.replaceSubrange(18..<22, with: le32(-16 & 0xFFFF_FFFF))
  let run = try ToolRunner.run("qrdetect", input: bmp)
  #expect(run.status == 2)
  #expect(run.errors == "qrdetect: -: frame 0 at byte 0: malformed BMP image: negative width -16\n")
}

