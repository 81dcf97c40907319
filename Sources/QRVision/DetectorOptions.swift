// SPDX-License-Identifier: MIT
// What a detector looks for and how hard it tries.

/// The choices a `Detector` caller can make; the defaults suit camera frames.
public struct DetectorOptions: Hashable, Sendable {
  /// How much time a frame may take in fallbacks after the first pass.
  public enum Effort: String, Hashable, Sendable, CaseIterable {
    /// One pass: local threshold, dark on light, every third row.
    case fast
    /// Every other row; while nothing has been found, adds the inverted image, then (when
    /// finder-like patterns were seen) a local threshold over blocks with contrast only, a
    /// global Otsu threshold and its inverse.
    case balanced
    /// Every row, and every fallback whatever was found: those of `balanced`, then the image
    /// at half size (huge or blurred modules).
    case accurate
  }

  /// A rectangle of the image, in pixels.
  public struct Region: Hashable, Sendable {
    /// The left edge.
    public var x: Int
    /// The top edge.
    public var y: Int
    /// The width.
    public var width: Int
    /// The height.
    public var height: Int

    /// Creates a region.
    public init(x: Int, y: Int, width: Int, height: Int) {
      self.x = x
      self.y = y
      self.width = width
      self.height = height
    }
  }

  /// The effort per frame. Default `.balanced`.
  public var effort: Effort = .balanced
  /// Only look for finder patterns here (symbols may extend past it); nil for the whole image.
  public var region: Region?
  /// Stop after this many symbols. Default 64.
  public var maxSymbols = 64
  /// Whether to look for light-on-dark symbols. Default true.
  public var triesInverted = true
  /// Whether to look for Micro QR symbols. Default true.
  public var findsMicroQR = true

  /// Creates the default options.
  public init() {}
}
