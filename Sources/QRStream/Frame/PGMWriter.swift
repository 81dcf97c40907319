// SPDX-License-Identifier: MIT
// Writes gray images as binary PGM (P5), one after another.

import QRImage
import QRSystem

/// Writes gray images as a sequence of binary PGM images (`P5`, maxval 255).
///
/// Netpbm tools read such a sequence image by image (`pamfile -allimages`), and so does
/// `FrameStreamReader`. Each image is one `writev(2)` of its header and pixels.
public struct PGMWriter: Sendable {
  /// Where images go; not closed here.
  public let descriptor: FileDescriptor

  /// A writer to `descriptor`.
  public init(descriptor: FileDescriptor) {
    self.descriptor = descriptor
  }

  /// Writes `frame`'s image; PGM has no place for its sequence or timestamp.
  ///
  /// - Throws: the `Errno` of the failed write, untouched.
  public func write(_ frame: Frame) throws(Errno) {
    try write(frame.image)
  }

  /// Writes `image` as `P5\n<width> <height>\n255\n` and its pixels.
  ///
  /// - Throws: the `Errno` of the failed write, untouched.
  public func write(_ image: GrayImage) throws(Errno) {
    let header = Array("P5\n\(image.width) \(image.height)\n255\n".utf8)
    var failure: Errno?
    header.withUnsafeBytes { header in
      image.pixels.withUnsafeBytes { pixels in
        do throws(Errno) { try descriptor.writeAll([header, pixels]) } catch { failure = error }
      }
    }
    if let failure { throw failure }
  }
}
