// SPDX-License-Identifier: MIT
// A code's modules over many frames: samples aligned by its own grid, and their combination.

import QRCodec
import QRImage

/// One frame's view of a code's modules: each module's gray level less the mean of the modules
/// around it (so a glare spot or a shadow across the code shifts nothing), and whether the
/// frame saw it at all (a module in saturated glare, or outside the frame, says nothing).
struct ModuleSamples: Sendable {
  /// Per module, row-major in symbol orientation: light positive, dark negative (for a dark on
  /// light code), in gray levels; 0 where not `seen`.
  var values: [Float]
  /// Per module: whether the frame saw it.
  var seen: [Bool]

  /// The sides of the square of modules whose mean is a module's reference (odd).
  static let neighbourhood = 7
  /// A module whose samples average this level or more is in saturated glare.
  static let saturated = 250.0
  /// The points sampled in a module, as offsets from its corner in modules, each way.
  private static let offsets = [0.35, 0.65]

  /// The modules of a `size` × `size` grid seen through `transform` (module coordinates to
  /// pixels) in `image`.
  ///
  /// - Complexity: O(*size*²).
  init(_ image: GrayImage, _ transform: PerspectiveTransform, size: Int) {
    self = image.pixels.withUnsafeBufferPointer { buffer in
      Self(
        Pixels(buffer: buffer, width: image.width, height: image.height), transform, size: size)
    }
  }

  private init(_ image: Pixels, _ transform: PerspectiveTransform, size: Int) {
    var levels = [Double](repeating: 0, count: size * size)
    var seen = [Bool](repeating: true, count: size * size)
    let (width, height) = (Double(image.width), Double(image.height))
    for y in 0..<size {
      for x in 0..<size {
        var sum = 0.0
        var isInside = true
        for v in Self.offsets {
          for u in Self.offsets {
            let point = transform.apply(x: Double(x) + u, y: Double(y) + v)
            if !(point.x >= 0 && point.y >= 0 && point.x < width && point.y < height) {
              isInside = false
            }
            sum += image.level(at: point)
          }
        }
        let level = sum / Double(Self.offsets.count * Self.offsets.count)
        levels[y * size + x] = level
        if !isInside || level >= Self.saturated { seen[y * size + x] = false }
      }
    }
    let means = Self.boxMeans(levels, size: size)
    values = (0..<(size * size)).map { seen[$0] ? Float(levels[$0] - means[$0]) : 0 }
    self.seen = seen
  }

  /// Each module's mean over the `neighbourhood` square around it (clipped at the symbol's
  /// edges), from a summed-area table.
  private static func boxMeans(_ levels: [Double], size: Int) -> [Double] {
    var table = [Double](repeating: 0, count: (size + 1) * (size + 1))
    for y in 0..<size {
      var row = 0.0
      for x in 0..<size {
        row += levels[y * size + x]
        table[(y + 1) * (size + 1) + x + 1] = table[y * (size + 1) + x + 1] + row
      }
    }
    let reach = neighbourhood / 2
    var means = [Double](repeating: 0, count: size * size)
    for y in 0..<size {
      let (y0, y1) = (max(0, y - reach), min(size, y + reach + 1))
      for x in 0..<size {
        let (x0, x1) = (max(0, x - reach), min(size, x + reach + 1))
        let sum =
          table[y1 * (size + 1) + x1] - table[y0 * (size + 1) + x1]
          - table[y1 * (size + 1) + x0] + table[y0 * (size + 1) + x0]
        means[y * size + x] = sum / Double((y1 - y0) * (x1 - x0))
      }
    }
    return means
  }
}

/// The recent frames' samples of one code, and the grid their combination reads.
///
/// Samples add up: noise that is fresh in every frame shrinks against the code's steady
/// contrast as √*frames*; a module a frame did not see (glare, the frame's edge) takes the
/// frames that did. The modules whose sums are nearest the threshold are marked unreliable,
/// erasures for the decoder, which corrects them at twice the rate of errors.
struct FrameCombiner: Sendable {
  /// The symbol's side in modules.
  let size: Int
  /// The most frames kept; the oldest goes first.
  let capacity: Int
  private var frames: [ModuleSamples] = []

  /// The share of modules, nearest the threshold, marked unreliable.
  static let unreliableShare = 0.04

  /// An empty combiner for a symbol of `size` modules a side, keeping `capacity` frames.
  init(size: Int, capacity: Int) {
    self.size = size
    self.capacity = max(1, capacity)
  }

  /// How many frames are kept.
  var count: Int { frames.count }

  /// Adds a frame's samples, dropping the oldest beyond `capacity`.
  mutating func add(_ samples: ModuleSamples) {
    precondition(samples.values.count == size * size, "samples of this symbol's grid")
    if frames.count == capacity { frames.removeFirst() }
    frames.append(samples)
  }

  /// Forgets every frame.
  mutating func removeAll() { frames.removeAll(keepingCapacity: true) }

  /// The least share, over the kept frames, of the modules a frame saw (outside `isFunction`)
  /// whose samples alone agree with `matrix`: frames of one code agree on most modules, however
  /// noisy; a frame of another code of the same version, in its place, on about half.
  func leastAgreement(with matrix: BitMatrix, isInverted: Bool, isFunction: [Bool]) -> Double {
    var least = 1.0
    for frame in frames {
      var (same, counted) = (0, 0)
      for y in 0..<size {
        for x in 0..<size {
          let index = y * size + x
          guard frame.seen[index], !isFunction[index], frame.values[index] != 0 else { continue }
          counted += 1
          let isDark = isInverted ? frame.values[index] > 0 : frame.values[index] < 0
          if isDark == matrix.isDark(x: x, y: y) { same += 1 }
        }
      }
      if counted > 0 { least = min(least, Double(same) / Double(counted)) }
    }
    return least
  }

  /// The modules as the kept frames together read them (dark where the sum is below zero, or
  /// above it for a light-on-dark code), with the unreliable ones marked.
  ///
  /// - Complexity: O(*frames* × *size*²).
  func combined(isInverted: Bool) -> (matrix: BitMatrix, unreliable: BitMatrix) {
    let count = size * size
    var sums = [Float](repeating: 0, count: count)
    var seen = [Int](repeating: 0, count: count)
    for frame in frames {
      for index in 0..<count where frame.seen[index] {
        sums[index] += frame.values[index]
        seen[index] += 1
      }
    }
    var dark = [Bool](repeating: false, count: count)
    var unsure = [Bool](repeating: false, count: count)
    for index in 0..<count {
      dark[index] = isInverted ? sums[index] > 0 : sums[index] < 0
      unsure[index] = seen[index] == 0
    }
    // The weakest sums, as a share of the modules, are erasures.
    let strengths = (0..<count).map { abs(sums[$0]) / Float(max(seen[$0], 1)).squareRoot() }
    let marked = Int(Double(count) * Self.unreliableShare)
    if marked > 0 {
      let cut = strengths.sorted()[marked - 1]
      for index in 0..<count where strengths[index] <= cut { unsure[index] = true }
    }
    return (BitMatrix(size: size, rowMajor: dark), BitMatrix(size: size, rowMajor: unsure))
  }
}
