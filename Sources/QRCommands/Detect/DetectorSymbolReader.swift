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

  /// A reader with these detector options.
  public init(options: DetectorOptions) {
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
    return detections.map { detection in
      FoundSymbol(
        decoded: detection.decoded, corners: detection.candidate.corners,
        isMirrored: detection.candidate.isMirrored, isInverted: detection.candidate.isInverted)
    }
  }
}
