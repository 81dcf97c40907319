// SPDX-License-Identifier: MIT
// How a symbol becomes pixels: module size, quiet zone, inversion, colours.

/// The choices that turn a module grid into pixels; the same for every format.
public struct RenderOptions: Hashable, Sendable {
  /// Pixels (or character cells) per module side, at least 1; scaling is nearest neighbour.
  public var scale: Int
  /// The quiet zone in modules on each side; nil for the standard's: 4 for QR Code, 2 for
  /// Micro QR (ISO/IEC 18004:2015, 6.3.8).
  public var margin: Int?
  /// Whether to swap dark and light, quiet zone included (a light-on-dark symbol).
  public var invert: Bool
  /// The colour of dark modules.
  public var dark: RGBColor
  /// The colour of light modules and the quiet zone.
  public var light: RGBColor
  /// The pixel density a PNG records (its `pHYs` chunk), or nil for none.
  public var dotsPerInch: Int?

  /// Creates options; the defaults give a standard black-on-white symbol at one pixel per
  /// module.
  public init(
    scale: Int = 1, margin: Int? = nil, invert: Bool = false, dark: RGBColor = .black,
    light: RGBColor = .white, dotsPerInch: Int? = nil
  ) {
    precondition(scale >= 1, "scale must be at least 1")
    precondition((margin ?? 0) >= 0, "negative margin")
    self.scale = scale
    self.margin = margin
    self.invert = invert
    self.dark = dark
    self.light = light
    self.dotsPerInch = dotsPerInch
  }

  /// Whether the colours are plain opaque black and white (a PNG can then be 1-bit grayscale).
  public var isBlackOnWhite: Bool { dark == .black && light == .white }
}
