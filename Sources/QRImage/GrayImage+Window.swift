// SPDX-License-Identifier: MIT
// Rectangles of a gray image: where a look at part of a frame takes its pixels from.

/// A rectangle of whole pixels.
public struct PixelRect: Hashable, Sendable {
  /// The left edge.
  public var x: Int
  /// The top edge.
  public var y: Int
  /// The width.
  public var width: Int
  /// The height.
  public var height: Int

  /// Creates a rectangle.
  public init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// The smallest rectangle holding `points`, widened by `margin` pixels on every side and
  /// clipped to a `width` × `height` image; nil when nothing of it is inside the image.
  public init?(around points: [Point], margin: Double, within width: Int, height: Int) {
    guard let first = points.first else { return nil }
    var (x0, y0, x1, y1) = (first.x, first.y, first.x, first.y)
    for point in points.dropFirst() {
      x0 = min(x0, point.x)
      y0 = min(y0, point.y)
      x1 = max(x1, point.x)
      y1 = max(y1, point.y)
    }
    guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite else { return nil }
    let left = max(0, Int((x0 - margin).rounded(.down)))
    let top = max(0, Int((y0 - margin).rounded(.down)))
    let right = min(width, Int((x1 + margin).rounded(.up)))
    let bottom = min(height, Int((y1 + margin).rounded(.up)))
    guard right > left, bottom > top else { return nil }
    self.init(x: left, y: top, width: right - left, height: bottom - top)
  }

  /// The top-left corner, as a point.
  public var origin: Point { Point(x: Double(x), y: Double(y)) }
}

extension GrayImage {
  /// The pixels of `rect`, which must lie inside the image, as an image of their own.
  ///
  /// - Complexity: O(`rect.width` × `rect.height`).
  public func cropped(to rect: PixelRect) -> GrayImage {
    precondition(
      rect.x >= 0 && rect.y >= 0 && rect.width > 0 && rect.height > 0
        && rect.x + rect.width <= width && rect.y + rect.height <= height,
      "a crop inside the image")
    var out = [UInt8]()
    out.reserveCapacity(rect.width * rect.height)
    for y in rect.y..<(rect.y + rect.height) {
      let start = y * width + rect.x
      out.append(contentsOf: pixels[start..<(start + rect.width)])
    }
    return GrayImage(width: rect.width, height: rect.height, pixels: out)
  }
}
