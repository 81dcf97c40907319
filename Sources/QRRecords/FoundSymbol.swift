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

  /// Creates a found symbol.
  public init(decoded: DecodedSymbol, corners: [Point], isMirrored: Bool, isInverted: Bool) {
    self.decoded = decoded
    self.corners = corners
    self.isMirrored = isMirrored
    self.isInverted = isInverted
  }
}
