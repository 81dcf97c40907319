// SPDX-License-Identifier: MIT
// An attempt at a place given from outside: the quadrilateral where a caller expects a symbol.

import QRCodec
import QRImage

/// Where a caller expects a symbol, and what it knows of it: a tracker's prediction of a code it
/// read in earlier frames.
public struct SymbolGuess: Sendable, Equatable {
  /// The expected outer corners in image pixels, in symbol order (top-left, top-right,
  /// bottom-right, bottom-left), as `SymbolCandidate.corners` lists them.
  public var corners: [Point]
  /// The symbol's version (which sets its module grid).
  public var version: SymbolVersion
  /// Whether it is light on dark.
  public var isInverted: Bool
  /// Whether it appears mirrored (the corners then run counter-clockwise on screen).
  public var isMirrored: Bool

  /// Creates a guess.
  public init(corners: [Point], version: SymbolVersion, isInverted: Bool, isMirrored: Bool) {
    precondition(corners.count == 4, "a guess has four corners")
    self.corners = corners
    self.version = version
    self.isInverted = isInverted
    self.isMirrored = isMirrored
  }

  /// The mean width of a module along the guess's four sides, in pixels.
  public var moduleSize: Double {
    var sides = 0.0
    for i in 0..<4 { sides += corners[i].distance(to: corners[(i + 1) % 4]) }
    return sides / (4 * Double(version.size))
  }
}

/// Reads the symbol at a quadrilateral given from outside, without searching for finder
/// patterns: the attempt a tracker makes where a code's motion says it is now.
///
/// The window around the guess (`QuadrilateralReader.marginModules` modules wider on each side)
/// is binarized with the local threshold alone; the grid is sampled through the guessed
/// corners, and, when that does not decode, fitted to its function patterns (`GridFitter`,
/// which moves each corner by up to a few modules) and sampled again. Every reading goes through
/// the same verification as the full search's (`Detector.verified`), so nothing is returned
/// that the decoder did not accept with a check to spare.
///
/// Keep one reader per stream: it keeps its binarizer's buffers between calls.
public struct QuadrilateralReader: Sendable {
  /// How far past the guessed corners the window reaches, in modules: room for the fit to move
  /// a corner, and for the local threshold's blocks around the symbol's edge.
  static let marginModules = 4.0
  private var binarizer = Binarizer()
  /// Grid fits made by this reader (a measure of its work).
  public private(set) var fittedGrids = 0

  /// Creates a reader.
  public init() {}

  /// The symbol at `guess` in `image` that `decode` accepts, or nil.
  ///
  /// - Complexity: O(*window pixels*) to binarize, O(*size*²) per grid sampled.
  public mutating func read<Decoded>(
    _ guess: SymbolGuess, in image: GrayImage, decode: (SymbolCandidate) -> Decoded?
  ) -> Detector.Detection<Decoded>? {
    let module = guess.moduleSize
    guard module.isFinite, module > 0,
      let window = PixelRect(
        around: guess.corners, margin: Self.marginModules * module + 4, within: image.width,
        height: image.height)
    else { return nil }
    binarizer.binarizeLocally(image.cropped(to: window))
    if guess.isInverted { binarizer.invert() }
    let binary = BinaryImage(
      width: binarizer.width, height: binarizer.height, words: binarizer.words)
    let origin = window.origin
    let local = guess.corners.map { $0 - origin }
    guard let sampled = Self.sample(binary, local, guess) else { return nil }
    func found(_ candidate: SymbolCandidate) -> Detector.Detection<Decoded>? {
      let placed = candidate.translated(by: origin)
      return Detector.verified(placed, decode: decode).map {
        Detector.Detection(candidate: placed, decoded: $0)
      }
    }
    if let detection = found(sampled) { return detection }
    guard let fitted = GridFitter.refine(binary, sampled, searches: &fittedGrids) else {
      return nil
    }
    return found(fitted)
  }

  /// The grid seen through `corners` (in `binary`'s pixels) as a candidate of `guess`'s version.
  private static func sample(_ binary: BinaryImage, _ corners: [Point], _ guess: SymbolGuess)
    -> SymbolCandidate?
  {
    let size = guess.version.size
    guard let transform = PerspectiveTransform(square: Double(size), to: corners) else {
      return nil
    }
    let (matrix, unreliable) = GridSampler.sample(binary, transform, size: size)
    let distance =
      guess.version.isMicro
      ? GridSampler.microFormat(matrix, transposed: false)?.1 ?? Int.max
      : GridSampler.qrFormatDistance(matrix, transposed: false)
    return SymbolCandidate(
      version: guess.version, corners: corners, matrix: matrix, unreliable: unreliable,
      isInverted: guess.isInverted, isMirrored: guess.isMirrored, formatDistance: distance,
      finderPatterns: [])
  }
}

extension Detector {
  /// The symbol that a grid read elsewhere (a tracker's combination of frames, in symbol
  /// orientation) decodes to, verified as the search's own readings are
  /// (`verified(_:decode:)`); nil when it does not decode or proves nothing.
  ///
  /// - Complexity: O(*size*²) plus the decoder's work.
  public static func verifiedDecode(
    _ matrix: BitMatrix, unreliable: BitMatrix, version: SymbolVersion
  ) -> DecodedSymbol? {
    let candidate = SymbolCandidate(
      version: version, corners: [], matrix: matrix, unreliable: unreliable,
      isInverted: false, isMirrored: false, formatDistance: 0, finderPatterns: [])
    return verified(candidate) {
      try? Decoder.decode($0.matrix, unreliableModules: $0.unreliable, allowsMirrored: false)
    }
  }

  /// What `decode` makes of `candidate`, kept only when it proves something: a reading whose
  /// block used up all its check codewords on erasures "decodes" any garbage, so the candidate
  /// is tried again without its unreliable modules and kept only if that decodes with a check
  /// to spare.
  static func verified<Decoded>(
    _ candidate: SymbolCandidate, decode: (SymbolCandidate) -> Decoded?
  ) -> Decoded? {
    guard let decoded = decode(candidate) else { return nil }
    guard let symbol = decoded as? DecodedSymbol, symbol.leansOnErasuresAlone else {
      return decoded
    }
    var plain = candidate
    plain.unreliable = BitMatrix(size: candidate.matrix.size)
    guard let again = decode(plain) else { return nil }
    if let symbol = again as? DecodedSymbol, symbol.leansOnErasuresAlone { return nil }
    return again
  }
}

extension DecodedSymbol {
  /// Whether a block leaned on erasures with no check codeword left over: its correction
  /// could not have noticed a wrong result.
  var leansOnErasuresAlone: Bool {
    blocks.contains { $0.erasureCount > 0 && $0.margin <= 0 }
  }
}
