// SPDX-License-Identifier: MIT
// libFuzzer target: arbitrary bytes through FrameStreamReader (qrframe, y4m, PNM, raw, and the
// image formats: PNG, JPEG, WebP, TIFF, GIF, BMP, HEIF).

import FuzzSupport
import QRCore

// Input layout:
//   byte 0   bits 0-1  raw size: 0 none, 1 gray, 2 any layout, 3 none
//            bit 2     fix the CRC-32 of every complete qrframe header (else few pass the check)
//            bit 3     read through a pipe written in pieces by a thread (short reads)
//            bits 4-6  piece size: 1, 2, 3, 7, 64, 509, 4096, 65536
//   bytes 1-4 (only with a raw size) width % 40, height % 40, layout, row stride delta
//   rest     the stream

/// The pixel limit the reader is given: small, so that a header cannot make it allocate much.
let pixelLimit = 1 << 20
let file = MemoryFile()

/// Runs once before the first input: a pipe whose reader gave up must not kill the process.
@_cdecl("LLVMFuzzerInitialize")
public func initialize(
  _ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>>
) -> Int32 {
  ignoreBrokenPipes()
  return 0
}

/// Runs one input; libFuzzer calls it for every input it tries. Returns 0 (keep the input).
@_cdecl("LLVMFuzzerTestOneInput")
public func test(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  var input = FuzzInput(data, size)
  let flags = input.byte()
  var raw: RawFrameFormat?
  if flags & 3 == 1 || flags & 3 == 2 {
    let width = Int(input.byte()) % 40
    let height = Int(input.byte()) % 40
    let layoutByte = Int(input.byte())
    let layout =
      flags & 3 == 1 ? .gray : PixelLayout.allCases[layoutByte % PixelLayout.allCases.count]
    let strideDelta = Int(input.byte() % 8)
    raw = RawFrameFormat(
      width: width, height: height, layout: layout,
      rowStride: strideDelta == 0 ? nil : width + strideDelta - 3)
  }
  var stream = Array(input.rest)
  if flags & 4 != 0 { fixHeaderChecksums(&stream) }
  let options = FrameStreamOptions(maximumPixelCount: pixelLimit, raw: raw)
  stream.withUnsafeBytes { bytes in
    if flags & 8 != 0 {
      let feeder = PipeFeeder(bytes, pieceSize: fuzzPipePieceSizes[Int(flags >> 4) & 7])
      readAllFrames(
        feeder.descriptor, options: options, pixelLimit: pixelLimit, inputSize: bytes.count)
      feeder.finish()
    } else {
      readAllFrames(
        file.load(bytes), options: options, pixelLimit: pixelLimit, inputSize: bytes.count)
    }
  }
  return 0
}

/// Rewrites the checksum of every qrframe header that lies wholly in `stream`, so that the
/// fuzzer gets past the CRC check to the size and payload logic.
func fixHeaderChecksums(_ stream: inout [UInt8]) {
  let magic = FrameHeader.magic
  var start = 0
  while start + 8 <= stream.count {
    defer { start += 1 }
    guard stream[start] == magic[0], stream[start..<start + 4].elementsEqual(magic) else {
      continue
    }
    let length = Int(stream[start + 6]) | Int(stream[start + 7]) << 8
    guard length >= FrameHeader.minimumLength, start + length <= stream.count else { continue }
    let checksum = stream.withUnsafeBytes {
      CRC32.checksum(of: UnsafeRawBufferPointer(rebasing: $0[start..<start + length - 4]))
    }
    for index in 0..<4 {
      stream[start + length - 4 + index] = UInt8(truncatingIfNeeded: checksum >> (8 * index))
    }
  }
}
