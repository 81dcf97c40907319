// SPDX-License-Identifier: MIT
// The seam between qrdetect and the engine: an image in, verified symbols with corners out.

import QRCodec
import QRImage
import QRRecords
import QRTrack
import QRVision

/// Reads the symbols in gray images; one value per thread, reused frame after frame.
///
/// `qrdetect` talks to the engine only through this protocol, so that its pipeline, records and
/// annotation are tested with doubles that need no pixels.
public protocol SymbolReading {
  /// The verified symbols in `image`, the next frame of the scene, in the order found.
  mutating func read(_ image: GrayImage) -> [FoundSymbol]
  /// Ends the scene: the next image is of another (an input's first frame).
  mutating func endScene()
}

extension SymbolReading {
  /// Nothing crosses frames: a reader of frames alone has no scene to end.
  public mutating func endScene() {}
}

/// The reader of frames alone (`--no-track`): `Detector` locates and samples, `Decoder`
/// verifies.
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

/// The reader of streams (the default): `CodeTracker` follows each code from frame to frame,
/// searching the whole frame only now and then, and reads codes from several frames combined.
/// Its symbols carry their track (numbered within this reader; `ResultSink` numbers them for
/// the run) and the frames their read used.
public struct TrackingSymbolReader: SymbolReading {
  private var tracker: CodeTracker

  /// A reader with these tracker and detector options.
  public init(options: TrackerOptions, detector: DetectorOptions) {
    tracker = CodeTracker(options: options, detectorOptions: detector)
  }

  /// The symbols read in `image`, the next frame of the scene.
  public mutating func read(_ image: GrayImage) -> [FoundSymbol] {
    let symbols = tracker.process(image)
    if image.pixels.count > DetectorSymbolReader.retainedPixelCount { tracker.releaseBuffers() }
    return symbols.map { symbol in
      FoundSymbol(
        decoded: symbol.decoded, corners: symbol.corners, isMirrored: symbol.isMirrored,
        isInverted: symbol.isInverted, track: symbol.track, framesUsed: symbol.frames)
    }
  }

  /// Ends every track: the next image starts a scene.
  public mutating func endScene() { tracker.endScene() }
}
