// SPDX-License-Identifier: MIT
// libFuzzer target: the Y4M reader alone. y4m (YUV4MPEG2): every input is a y4m stream header after the magic, then its frames.

import FuzzSupport
import QRCore

// Input layout:
//   byte 0   bit 3     read through a pipe written in pieces by a thread (short reads)
//            bits 4-6  piece size: 1, 2, 3, 7, 64, 509, 4096, 65536
//   rest     the stream after "YUV4MPEG2 " (stream header parameters, FRAME lines, pixels)
//
// FuzzFrameStream reaches this reader only when the mutated input still starts with its magic;
// here the magic is always there, so all the work goes into the header and raster.

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
  readFramesStarting(
    with: Array("YUV4MPEG2 ".utf8), body: input.rest, flags: flags, file: file, pixelLimit: 1 << 20)
  return 0
}
