// SPDX-License-Identifier: MIT
// The detection a record describes: what the decoder read, and where in the frame.

import QRCodec
import QRImage

/// A symbol found in a frame and verified by the decoder.
public struct FoundSymbol: Sendable, Equatable {
  /// What the decoder read.
  public var decoded: DecodedSymbol
  /// The outer corners in frame pixels, in symbol order: top-left, top-right, bottom-right,
  /// bottom-left.
  public var corners: [Point]
  /// Whether the symbol was read as a mirror image.
  public var isMirrored: Bool
  /// Whether the symbol is light on dark.
  public var isInverted: Bool
  /// In a stream, the number of the code's track: the same in every frame the code stays in
  /// view; nil when frames are read alone.
  public var track: Int?
  /// In a stream, how many frames the read used: 1 for this frame alone, more when the frames
  /// before it were combined with it; nil when frames are read alone.
  public var framesUsed: Int?

  /// Creates a found symbol.
  public init(
    decoded: DecodedSymbol, corners: [Point], isMirrored: Bool, isInverted: Bool,
    track: Int? = nil, framesUsed: Int? = nil
  ) {
    self.decoded = decoded
    self.corners = corners
    self.isMirrored = isMirrored
    self.isInverted = isInverted
    self.track = track
    self.framesUsed = framesUsed
  }
}
