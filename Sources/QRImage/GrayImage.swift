// SPDX-License-Identifier: MIT
// An 8-bit gray image: the pixels every tool passes around.

/// An 8-bit gray image stored row-major without padding (row stride equals `width`).
///
/// A value type over `[UInt8]`: copies are cheap until written (copy-on-write), and readers of a
/// frame never see another frame's pixels. The accessors are `@inlinable` so that hot loops in
/// other modules compile to direct loads (ARCHITECTURE.md, "Platform facts the code relies on").
@frozen
public struct GrayImage: Equatable, Sendable {
  /// Width in pixels (> 0).
  public let width: Int
  /// Height in pixels (> 0).
  public let height: Int
  /// `width * height` samples, row by row; 0 is black, 255 is white.
  public var pixels: [UInt8]

  /// Wraps `pixels`, which must hold exactly `width * height` samples.
  @inlinable
  public init(width: Int, height: Int, pixels: [UInt8]) {
    precondition(width > 0 && height > 0 && pixels.count == width * height, "GrayImage geometry")
    self.width = width
    self.height = height
    self.pixels = pixels
  }

  /// An image filled with one value.
  @inlinable
  public init(width: Int, height: Int, filledWith value: UInt8 = 0) {
    self.init(
      width: width, height: height,
      pixels: [UInt8](repeating: value, count: width * height))
  }

  /// The sample at column `x`, row `y`.
  @inlinable
  public subscript(x: Int, y: Int) -> UInt8 {
    get { pixels[y &* width &+ x] }
    set { pixels[y &* width &+ x] = newValue }
  }
}
