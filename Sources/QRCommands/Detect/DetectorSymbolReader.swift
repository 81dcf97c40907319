// SPDX-License-Identifier: MIT
// The seam between qrdetect and the engine: an image in, verified symbols with corners out.

import QRCodec
import QRImage
import QRRecords
import QRVision

/// Reads the symbols in gray images; one value per thread, reused frame after frame.
///
/// `qrdetect` talks to the engine only through this protocol, so that its pipeline, records and
/// annotation are tested with doubles that need no pixels.
public protocol SymbolReading {
  /// The verified symbols in `image`, in the order found.
  mutating func read(_ image: GrayImage) -> [FoundSymbol]
}

/// The real reader: `Detector` locates and samples, `Decoder` verifies.
public struct DetectorSymbolReader: SymbolReading {
  private var detector: Detector
  private let options: DetectorOptions

  /// The largest frame whose buffers a reader keeps for the next: 4 megapixels (a 1440p video
  /// keeps them; 4K frames make them anew, a few milliseconds against tens of detection). A
  /// detector's buffers grow to its largest frame and stay, one set per `--jobs` thread, outside
  /// the memory budget; above this they go with the frame, so that eight threads that each met
  /// one large image do not keep eight times its size (measured: 16 BMPs of 121 megapixels at
  /// -j 8 kept 882 MB).
  public static let retainedPixelCount = 1 << 22

  /// A reader with these detector options.
  public init(options: DetectorOptions) {
    self.options = options
    detector = Detector(options: options)
  }

  /// The symbols in `image` that decode; nothing unverified is returned.
  public mutating func read(_ image: GrayImage) -> [FoundSymbol] {
    let detections = detector.detect(in: image) { candidate in
      // The detector tries the mirror image itself (and then swaps the corners to match), so
      // the decoder must not transpose on its own.
      try? Decoder.decode(
        candidate.matrix, unreliableModules: candidate.unreliable, allowsMirrored: false)
    }
    if image.pixels.count > Self.retainedPixelCount { detector = Detector(options: options) }
    return detections.map { detection in
      FoundSymbol(
        decoded: detection.decoded, corners: detection.candidate.corners,
        isMirrored: detection.candidate.isMirrored, isInverted: detection.candidate.isInverted)
    }
  }
}
