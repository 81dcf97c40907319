// SPDX-License-Identifier: MIT
// What a generated scene holds: its pixels, and for each code what a reader should report.

import QRImage

/// One code of a generated scene, as a perfect reader would report it.
public struct SceneCodeTruth: Hashable, Sendable {
  /// The payload's text.
  public var text: String
  /// The symbol's corners in pixels (its quiet zone excluded), in the order of the symbol's own
  /// top-left, top-right, bottom-right and bottom-left modules.
  public var corners: [Point]
  /// Whether the symbol is a Micro QR Code.
  public var isMicro: Bool
  /// Whether the symbol is light on dark.
  public var isInverted: Bool

  /// A code with these facts.
  public init(text: String, corners: [Point], isMicro: Bool, isInverted: Bool) {
    self.text = text
    self.corners = corners
    self.isMicro = isMicro
    self.isInverted = isInverted
  }
}

/// A generated still image and the codes in it.
public struct GeneratedScene: Sendable {
  /// The pixels.
  public var image: GrayImage
  /// Every code drawn into `image`, in drawing order; empty for the `empty` class.
  public var codes: [SceneCodeTruth]

  /// A scene of `image` holding `codes`.
  public init(image: GrayImage, codes: [SceneCodeTruth]) {
    self.image = image
    self.codes = codes
  }
}
