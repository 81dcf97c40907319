// SPDX-License-Identifier: MIT
// What qrdetect and qrcapture, which both read images, share on their command lines.

import QRCommandLine
import QRImageFormats

/// The options of a command that reads images and frames through `FrameStreamReader`.
protocol FrameReadingOption: OptionName {
  /// `--max-memory`: the decoding memory of one image.
  static var maxMemory: Self { get }
}

extension CaptureOption: FrameReadingOption {}
extension DetectOption: FrameReadingOption {}

extension Options where Name: FrameReadingOption {
  /// `--max-memory`: the decoding memory of one image, from 1 MiB to 1 TiB (default
  /// `FrameStreamOptions.defaultMaximumDecodingMemory`).
  ///
  /// - Throws: `UsageError` when the value is not a size in range.
  func decodingMemory() throws(UsageError) -> Int {
    try byteCount(.maxMemory, in: (1 << 20)...(1 << 40))
      ?? FrameStreamOptions.defaultMaximumDecodingMemory
  }
}
