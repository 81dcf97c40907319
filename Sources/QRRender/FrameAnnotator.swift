// SPDX-License-Identifier: MIT
// --annotate: each found symbol outlined on its frame, numbered, its top-left corner marked.

import QRImage

/// Draws what was found onto a copy of the frame, for a person to watch.
///
/// Frames are gray, so every mark is drawn white with a black rim: it shows on light and dark
/// backgrounds alike. Each symbol gets its quadrilateral outlined, a filled square on its
/// top-left corner (so a code upside down is visible), and its number in the frame (1, 2, …)
/// beside that corner; with `drawsText`, the payload's text follows the number. Sizes grow
/// with the frame so that marks stay visible on 4K frames and fit on small ones.
public struct FrameAnnotator: Sendable {
  /// One thing to mark: a quadrilateral and the text it holds.
  public struct Mark: Sendable, Equatable {
    /// The outer corners in frame pixels, in symbol order: top-left, top-right, bottom-right,
    /// bottom-left.
    public var corners: [Point]
    /// The payload's text, drawn after the number when the annotator draws text.
    public var text: String?

    /// Creates a mark.
    public init(corners: [Point], text: String?) {
      self.corners = corners
      self.text = text
    }
  }

  /// Whether to draw each payload's text after its number.
  public var drawsText: Bool

  /// Creates an annotator.
  public init(drawsText: Bool = false) { self.drawsText = drawsText }

  /// `image` with `marks` drawn on it.
  ///
  /// - Complexity: O(perimeter × thickness²) per symbol, plus the label area.
  public func annotated(_ image: GrayImage, marks symbols: [Mark]) -> GrayImage {
    var canvas = image
    let shortSide = min(image.width, image.height)
    let thickness = max(1, shortSide / 240)
    let textScale = max(1, shortSide / 270)
    for (index, symbol) in symbols.enumerated() where symbol.corners.count == 4 {
      let corners = symbol.corners
      for pass in 0..<2 {
        // The black rim first, then the white line on top of it.
        let width = pass == 0 ? thickness + 2 : thickness
        let value: UInt8 = pass == 0 ? 0 : 255
        for side in 0..<4 {
          Self.drawLine(
            on: &canvas, from: corners[side], to: corners[(side + 1) % 4], width: width,
            value: value)
        }
      }
      let marker = 2 * thickness + 3
      let topLeft = corners[0]
      Self.fillRectangle(
        on: &canvas, x: Int(topLeft.x.rounded()) - marker / 2 - 1,
        y: Int(topLeft.y.rounded()) - marker / 2 - 1, width: marker + 2, height: marker + 2,
        value: 0)
      Self.fillRectangle(
        on: &canvas, x: Int(topLeft.x.rounded()) - marker / 2,
        y: Int(topLeft.y.rounded()) - marker / 2, width: marker, height: marker, value: 255)

      var label = String(index + 1)
      if drawsText, let text = symbol.text {
        // As wide as the symbol's top edge, so labels of codes side by side do not overlap.
        let width = corners[1].distance(to: corners[0])
        let fits = width.isFinite ? Int(width) / (BitmapFont.advance * textScale) : 0
        label += " " + Self.printable(text, limit: max(8, fits - label.count - 1))
      }
      // Above the top-left corner if there is room, else below it.
      let labelHeight = (BitmapFont.lineHeight + 1) * textScale
      var labelY = Int(topLeft.y.rounded()) - marker - labelHeight
      if labelY < 0 { labelY = Int(topLeft.y.rounded()) + marker }
      Self.drawLabel(
        label, on: &canvas, x: Int(topLeft.x.rounded()) - marker / 2, y: labelY, scale: textScale)
    }
    return canvas
  }

  /// `text` on one line: controls and line breaks become spaces; at most `limit` characters,
  /// the last three `...` when it is cut.
  static func printable(_ text: String, limit: Int = 64) -> String {
    var result = ""
    for (count, character) in text.enumerated() {
      if count == limit {
        result = String(result.dropLast(3)) + "..."
        break
      }
      result.append(
        character.isNewline || character.asciiValue.map { $0 < 0x20 } == true ? " " : character)
    }
    return result
  }

  /// Draws `label` white on a black box whose top-left is (`x`, `y`); clipped to the image.
  static func drawLabel(_ label: String, on image: inout GrayImage, x: Int, y: Int, scale: Int) {
    let characters = Array(label)
    let boxWidth = (characters.count * BitmapFont.advance + 1) * scale
    let boxHeight = (BitmapFont.lineHeight + 1) * scale
    let left = min(max(0, x), max(0, image.width - boxWidth))
    let top = min(max(0, y), max(0, image.height - boxHeight))
    fillRectangle(on: &image, x: left, y: top, width: boxWidth, height: boxHeight, value: 0)
    for (position, character) in characters.enumerated() {
      let glyphLeft = left + (1 + position * BitmapFont.advance) * scale
      for row in 0..<BitmapFont.glyphHeight {
        for column in 0..<BitmapFont.glyphWidth
        where BitmapFont.isSet(character, x: column, y: row) {
          fillRectangle(
            on: &image, x: glyphLeft + column * scale, y: top + (1 + row) * scale, width: scale,
            height: scale, value: 255)
        }
      }
    }
  }

  /// Sets the pixels of a rectangle, clipped to the image.
  static func fillRectangle(
    on image: inout GrayImage, x: Int, y: Int, width: Int, height: Int, value: UInt8
  ) {
    let left = max(0, x)
    let top = max(0, y)
    let right = min(image.width, x + width)
    let bottom = min(image.height, y + height)
    guard left < right, top < bottom else { return }
    let imageWidth = image.width
    image.pixels.withUnsafeMutableBufferPointer { pixels in
      for row in top..<bottom {
        let start = row * imageWidth
        for column in left..<right { pixels[start + column] = value }
      }
    }
  }

  /// A line `width` pixels thick (squares stamped along it), clipped to the image.
  static func drawLine(
    on image: inout GrayImage, from start: Point, to end: Point, width: Int, value: UInt8
  ) {
    let dx = end.x - start.x
    let dy = end.y - start.y
    guard dx.isFinite, dy.isFinite else { return }
    // Corners far outside the frame would only make a long, invisible walk.
    let limit = Double(4 * max(image.width, image.height))
    guard abs(start.x) < limit, abs(start.y) < limit, abs(end.x) < limit, abs(end.y) < limit
    else { return }
    let steps = max(1, Int(max(abs(dx), abs(dy)).rounded(.up)))
    let half = width / 2
    for step in 0...steps {
      let t = Double(step) / Double(steps)
      let x = Int((start.x + dx * t).rounded()) - half
      let y = Int((start.y + dy * t).rounded()) - half
      fillRectangle(on: &image, x: x, y: y, width: width, height: width, value: value)
    }
  }
}
