// SPDX-License-Identifier: MIT
// libFuzzer target: the PNG and JPEG readers (chunk and marker walk in Swift, libpng and
// libjpeg-turbo behind the C shim), EXIF orientation, images one after another.

import FuzzSupport
import QRCore

// Input layout:
//   byte 0   bit 0     0: PNG (the input follows the 8-byte signature), 1: JPEG (it follows
//                      FF D8 FF, so it starts with the second byte of the first marker)
//            bit 3     read through a pipe written in pieces by a thread (short reads)
//            bits 4-6  piece size: 1, 2, 3, 7, 64, 509, 4096, 65536
//   rest     the image after its magic: chunks or segments and scans, then further images
//
// FuzzFrameStream reaches these readers only when the mutated input keeps a magic; here the
// magic is always there, so the work goes into IHDR/SOF, the size limit, the walk to IEND/EOI,
// the libraries' errors (which must come back as messages, never as a longjmp through Swift)
// and the EXIF parser.
//
// The limits are the tools' own (2^28 pixels, 256 MiB of decoding memory), not smaller ones: a
// smaller pixel limit hid the 41-byte PNG that reserved 2 GB (issue 28). An input may so cost up
// to a 256 MiB frame plus 256 MiB of decoding, which scripts/fuzz's RSS limit for this target
// (1 GiB) allows and nothing beyond it does.

let file = MemoryFile()
let pngMagic: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
let jpegMagic: [UInt8] = [0xFF, 0xD8, 0xFF]

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
  readFramesStarting(
    with: flags & 1 == 0 ? pngMagic : jpegMagic, body: input.rest, flags: flags, file: file,
    pixelLimit: FrameStreamOptions.defaultMaximumPixelCount)
  return 0
}
