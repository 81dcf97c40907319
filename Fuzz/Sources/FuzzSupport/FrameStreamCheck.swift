// SPDX-License-Identifier: MIT
// What every frame stream target checks: the frames a reader returns keep their promises.

import QRImageFormats
import QRStream
import QRSystem

/// Reads frames from `descriptor` until the end or the first error, and stops the run when a frame
/// breaks what `FrameStreamReader` promises: at least 1×1, within `pixelLimit`, as many pixels as
/// width × height, offsets that grow (but for the later frames of a multi-frame image), and a
/// clean end only at the end of the input.
///
/// Errors are the expected outcome for most inputs; their messages are rendered, so that a crash
/// while describing one is found too.
public func readAllFrames(
  _ descriptor: FileDescriptor, options: FrameStreamOptions, pixelLimit: Int, inputSize: Int
) {
  let reader = FrameStreamReader(descriptor: descriptor, name: "fuzz", options: options)
  var previousOffset = 0
  do {
    while let frame = try reader.next() {
      let image = frame.image
      guard image.width >= 1, image.height >= 1 else {
        finding("frame \(reader.frameCount - 1) is \(image.width)x\(image.height)")
      }
      guard image.width * image.height <= pixelLimit else {
        finding("frame of \(image.width)x\(image.height) above the limit \(pixelLimit)")
      }
      guard image.pixels.count == image.width * image.height else {
        finding("\(image.pixels.count) pixels in a \(image.width)x\(image.height) frame")
      }
      // The pages and frames of one TIFF, GIF or WebP image after its first come from bytes
      // already read.
      let isLaterFrameOfAnImage =
        [.tiff, .gif, .webp, .heif].contains(reader.kind) && reader.offset == previousOffset
        && previousOffset > 0
      guard reader.offset > previousOffset || isLaterFrameOfAnImage, reader.offset <= inputSize
      else {
        finding("frame ends at offset \(reader.offset) after \(previousOffset) of \(inputSize)")
      }
      previousOffset = reader.offset
    }
    guard reader.offset == inputSize else {
      finding("clean end at offset \(reader.offset) of \(inputSize)")
    }
  } catch {
    _ = String(describing: error)
  }
}

/// The piece sizes a `PipeFeeder` is given, chosen by three bits of a target's flag byte.
public let fuzzPipePieceSizes = [1, 2, 3, 7, 64, 509, 4096, 65536]

/// Runs `readAllFrames` over `magic` followed by `body`, through a memory file or (flag bit 3) a
/// pipe written in pieces chosen by flag bits 4–6: the body of the single-format targets, whose
/// every input reaches one reader instead of whichever the magic happens to pick.
public func readFramesStarting(
  with magic: [UInt8], body: UnsafeRawBufferPointer, flags: UInt8, file: MemoryFile,
  pixelLimit: Int
) {
  let stream = magic + Array(body)
  let options = FrameStreamOptions(maximumPixelCount: pixelLimit)
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
}
