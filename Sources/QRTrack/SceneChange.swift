// SPDX-License-Identifier: MIT
// Whether a stream's picture changed: a cut, or the next of a stream of unrelated pictures.

import QRImage

/// Tells a picture that changed from one that moved a little.
///
/// A thumbnail of each frame (the means of its 16 × 16 blocks, each from two of its rows) is
/// compared with the last one's, both as standard scores (light and gain cancel): when their
/// mean absolute difference is more than `threshold`, the picture changed. A camera's frames differ by a little motion
/// and fresh noise, which blocks average away; a cut, or a stream of different pictures (frames
/// a script made, one code each), changes the blocks themselves.
struct SceneChange: Sendable {
  /// The mean difference of the blocks' standard scores above which the picture changed.
  static let threshold = 0.8
  /// The side of a block.
  static let block = 16
  private var last: [Int] = []

  /// Whether `image` changed from the last frame given (true for the first).
  ///
  /// - Complexity: O(*pixels* / 8).
  mutating func hasChanged(_ image: GrayImage) -> Bool {
    let side = Self.block
    let (wide, high) = (image.width / side, image.height / side)
    guard wide > 0, high > 0 else { return true }
    var means = [Int](repeating: 0, count: wide * high)
    image.pixels.withUnsafeBufferPointer { pixels in
      means.withUnsafeMutableBufferPointer { means in
        // Unsafe, measured (every frame of a stream): rows below high × side and columns below
        // wide × side are inside the image; every block index is below wide × high.
        for by in 0..<high {
          for row in [by &* side &+ side / 4, by &* side &+ 3 &* side / 4] {
            let start = row &* image.width
            for bx in 0..<wide {
              var sum = 0
              let first = start &+ bx &* side
              for x in 0..<side { sum &+= Int(pixels[first &+ x]) }
              means[by &* wide &+ bx] &+= sum
            }
          }
        }
      }
    }
    defer { last = means }
    guard last.count == means.count else { return true }
    // Compared as standard scores, so that the light turned up or down, or a camera's gain, is
    // not a change: the blocks' pattern is.
    let now = Self.standardScores(means)
    let before = Self.standardScores(last)
    var difference = 0.0
    for index in now.indices { difference += abs(now[index] - before[index]) }
    return difference > Self.threshold * Double(now.count)
  }

  /// `values` less their mean, over their standard deviation (at least two gray levels: a
  /// picture too flat for a deviation to mean anything, a blank frame, then differs from a
  /// picture by the picture's own pattern).
  private static func standardScores(_ values: [Int]) -> [Double] {
    let n = Double(values.count)
    let mean = Double(values.reduce(0, +)) / n
    let variance = values.reduce(0.0) { $0 + (Double($1) - mean) * (Double($1) - mean) } / n
    // Block sums are of 2 × block pixels: a deviation below 2 gray levels is flat.
    let deviation = max(variance.squareRoot(), 2 * Double(2 * block))
    return values.map { (Double($0) - mean) / deviation }
  }
}
