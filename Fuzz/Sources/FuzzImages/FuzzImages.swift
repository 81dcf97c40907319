// SPDX-License-Identifier: MIT
// libFuzzer target: the image readers (PNG and JPEG: chunk and marker walk in Swift, libpng and
// libjpeg-turbo behind the C shim; BMP, decoded in Swift; GIF, TIFF and WebP: extent found in
// Swift, giflib, libtiff and libwebp behind the C shim), EXIF orientation, images one after
// another.

import FuzzSupport
import QRCore

// Input layout:
//   byte 0   bits 0-2  the magic the input follows: 0 PNG (the 8-byte signature), 1 JPEG
//                      (FF D8 FF, so the input starts with the second byte of the first marker),
//                      2 BMP ("BM": the input starts with the file size), 3 GIF ("GIF89a": the
//                      logical screen's width), 4 TIFF ("II*\0": the first IFD's offset), 5
//                      WebP ("RIFF": the RIFF length), 6 TIFF ("MM\0*"), 7 GIF ("GIF87a")
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
/// The magics, in the order of bits 0-2 of the first byte (bit 0 alone kept its meaning, PNG
/// or JPEG, so the seeds of the first layout still mean what they did).
let magics: [[UInt8]] = [
  [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], [0xFF, 0xD8, 0xFF], Array("BM".utf8),
  Array("GIF89a".utf8), [0x49, 0x49, 0x2A, 0x00], Array("RIFF".utf8), [0x4D, 0x4D, 0x00, 0x2A],
  Array("GIF87a".utf8),
]

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
    with: magics[Int(flags & 7)], body: input.rest, flags: flags, file: file,
    pixelLimit: FrameStreamOptions.defaultMaximumPixelCount)
  return 0
}
