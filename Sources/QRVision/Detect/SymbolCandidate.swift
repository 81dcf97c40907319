// SPDX-License-Identifier: MIT
// A located and sampled symbol, before (or without) decoding.

import QRCodec
import QRImage

/// A symbol found in an image and sampled into modules; what the decoder is given.
///
/// The boundary between detection and decoding, as quirc's `quirc_code`: corners, a version
/// and the module grid. Nothing here says the symbol decodes; `Detector.detect(in:decode:)`
/// keeps only the candidates its decoder verifies.
public struct SymbolCandidate: Sendable {
  /// The version the grid was sampled at (from the finder geometry, confirmed by the timing
  /// patterns, and by version information for QR versions 7 and up; Micro QR's comes from its
  /// format information).
  public var version: SymbolVersion
  /// The outer corners of the symbol in image pixels, in symbol order: top-left, top-right,
  /// bottom-right, bottom-left (clockwise on screen unless `isMirrored`).
  public var corners: [Point]
  /// The sampled modules in symbol orientation (already transposed back if `isMirrored`).
  public var matrix: BitMatrix
  /// Modules whose samples were too close to the threshold to trust (erasure candidates).
  public var unreliable: BitMatrix
  /// Whether the symbol is light on dark.
  public var isInverted: Bool
  /// Whether the symbol appears mirrored (its finder patterns run counter-clockwise).
  public var isMirrored: Bool
  /// The smallest Hamming distance between the format information read and a valid codeword
  /// (over both copies for QR Code); 0 is a clean read.
  public var formatDistance: Int
  /// The finder pattern centres used (three for QR Code, one for Micro QR).
  public var finderPatterns: [FinderPattern]

  /// The symbology.
  public var kind: SymbolKind { version.kind }

  /// The candidate with its grid transposed and its mirroring flag flipped, for decoders that
  /// need to try the other reading.
  ///
  /// - Complexity: O(*size*²).
  public func mirrored() -> SymbolCandidate {
    var copy = self
    copy.matrix = matrix.transposed()
    copy.unreliable = unreliable.transposed()
    copy.isMirrored.toggle()
    copy.corners = [corners[0], corners[3], corners[2], corners[1]]
    return copy
  }

  /// The centre of the symbol (mean of its corners), in image pixels.
  public var centre: Point {
    let sum = corners.reduce(Point(x: 0, y: 0), +)
    return sum * (1 / Double(max(corners.count, 1)))
  }

  /// Whether `other` is the same symbol seen again: its centre inside this symbol's corners
  /// (`contains`) and its area within a factor `DetectorTuning.sameSymbolArea` (a small symbol
  /// printed inside a large one is another).
  ///
  /// - Complexity: O(1).
  public func overlaps(_ other: SymbolCandidate) -> Bool {
    let ratio = other.area / max(area, 1e-9)
    guard ratio > 1 / DetectorTuning.sameSymbolArea, ratio < DetectorTuning.sameSymbolArea else {
      return false
    }
    return contains(other.centre)
  }

  /// The area inside the corners, in square pixels (shoelace formula).
  public var area: Double {
    var twice = 0.0
    for i in 0..<corners.count { twice += corners[i].cross(corners[(i + 1) % corners.count]) }
    return abs(twice) / 2
  }
}
