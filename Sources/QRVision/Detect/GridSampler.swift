// SPDX-License-Identifier: MIT
// Module sampling through a perspective transform, and the checks made on a sampled grid.

import QRCodec
import QRImage

/// Samples module grids and reads the function patterns that tell a real symbol from a fluke.
enum GridSampler {
  /// The `size` × `size` modules seen through `transform` (module coordinates to pixels).
  ///
  /// - Complexity: O(`size`²).
  static func sample(_ image: BinaryImage, _ transform: PerspectiveTransform, size: Int)
    -> (BitMatrix, BitMatrix)
  {
    sample(image, size: size) { transform.apply(x: $0, y: $1) }
  }

  /// The `size` × `size` modules, module coordinates mapped to pixels by `position`.
  ///
  /// A module takes the colour at its centre: printing and blur grow dark modules into their
  /// light neighbours, so points off the centre are biased. Four more samples, a quarter
  /// module towards the corners, only judge the reading: when three or four of them disagree
  /// with the centre, the module is marked unreliable (an erasure for the decoder).
  ///
  /// - Complexity: O(`size`²).
  static func sample(_ image: BinaryImage, size: Int, position: (Double, Double) -> Point)
    -> (BitMatrix, BitMatrix)
  {
    var dark = [Bool](repeating: false, count: size * size)
    var unsure = [Bool](repeating: false, count: size * size)
    let offsets: [(Double, Double)] = [(0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)]
    dark.withUnsafeMutableBufferPointer { dark in
      unsure.withUnsafeMutableBufferPointer { unsure in
        // Unsafe, measured (sampling is a third of the work on dense symbols, and a checked,
        // uniquely referenced matrix write per module a good part of it): index < size².
        for y in 0..<size {
          for x in 0..<size {
            // Colours as 0 and 1, counted without branching on them (they are as
            // unpredictable as the symbol's data).
            let centre = image.darkness(position(Double(x) + 0.5, Double(y) + 0.5))
            var disagreeing = 0
            for (u, v) in offsets {
              disagreeing &+= image.darkness(position(Double(x) + u, Double(y) + v)) ^ centre
            }
            let index = y &* size &+ x
            dark[index] = centre != 0
            unsure[index] = disagreeing >= DetectorTuning.unsureSamples
          }
        }
      }
    }
    return (BitMatrix(size: size, rowMajor: dark), BitMatrix(size: size, rowMajor: unsure))
  }

  /// The `size` × `size` modules seen through `transform`, read for dark modules grown into
  /// their light neighbours: a module is dark only when its centre and four points 0.15 module
  /// diagonally off it all are, so a light module narrowed by its dark neighbours still reads
  /// light where the centre alone would just miss it (prints whose ink spread, and blurred
  /// photos of them: about a third fewer module errors than at the centres). No module is
  /// marked unreliable.
  ///
  /// - Complexity: O(`size`²).
  static func sampleThinningDark(_ image: BinaryImage, _ transform: PerspectiveTransform, size: Int)
    -> (BitMatrix, BitMatrix)
  {
    var dark = [Bool](repeating: false, count: size * size)
    let offsets: [(Double, Double)] = [
      (0.5, 0.5), (0.35, 0.35), (0.65, 0.35), (0.35, 0.65), (0.65, 0.65),
    ]
    dark.withUnsafeMutableBufferPointer { dark in
      // Unsafe: y × size + x < size² (as in `sample`).
      for y in 0..<size {
        for x in 0..<size {
          dark[y &* size &+ x] = offsets.allSatisfy { (u, v) in
            image.isDark(transform.apply(x: Double(x) + u, y: Double(y) + v))
          }
        }
      }
    }
    return (BitMatrix(size: size, rowMajor: dark), BitMatrix(size: size))
  }

  /// Whether module (`x`, `y`) of the possibly transposed `matrix` is dark.
  @inline(__always)
  private static func isDark(_ matrix: BitMatrix, _ x: Int, _ y: Int, transposed: Bool) -> Bool {
    transposed ? matrix.isDark(x: y, y: x) : matrix.isDark(x: x, y: y)
  }

  // MARK: - Format information

  /// The smallest total Hamming distance between the two QR Code format information copies and
  /// one valid codeword. ISO/IEC 18004:2015, 7.9.1.
  ///
  /// - Complexity: O(1) (32 codewords).
  static func qrFormatDistance(_ matrix: BitMatrix, transposed: Bool) -> Int {
    let size = matrix.size
    var first: UInt16 = 0
    var second: UInt16 = 0
    // Copy 1: bits 0…7 down column 8 (skipping row 6), bits 8…14 along row 8 leftwards from
    // column 7 (skipping column 6). Copy 2: bits 0…7 along row 8 from the right edge, bits
    // 8…14 down column 8 from row size − 7.
    let down = [0, 1, 2, 3, 4, 5, 7, 8]
    let left = [7, 5, 4, 3, 2, 1, 0]
    for (bit, y) in down.enumerated() where isDark(matrix, 8, y, transposed: transposed) {
      first |= 1 << bit
    }
    for (index, x) in left.enumerated() where isDark(matrix, x, 8, transposed: transposed) {
      first |= 1 << (8 + index)
    }
    for bit in 0..<8 where isDark(matrix, size - 1 - bit, 8, transposed: transposed) {
      second |= 1 << bit
    }
    for bit in 8..<15 where isDark(matrix, 8, size - 15 + bit, transposed: transposed) {
      second |= 1 << bit
    }
    var best = Int.max
    for entry in FormatInformation.all {
      let distance =
        (entry.codeword ^ first).nonzeroBitCount + (entry.codeword ^ second).nonzeroBitCount
      best = min(best, distance)
    }
    return best
  }

  /// The Micro QR format information nearest to what `matrix` holds (only the positions around
  /// the finder pattern are read, so any size ≥ 9 works), with its Hamming distance.
  /// ISO/IEC 18004:2015, 7.9.2.
  ///
  /// - Complexity: O(1).
  static func microFormat(_ matrix: BitMatrix, transposed: Bool) -> (
    MicroFormatInformation, Int
  )? {
    // Bits 14…7 along row 8 from column 1, bits 6…0 up column 8 from row 7.
    var word: UInt16 = 0
    for x in 1...8 where isDark(matrix, x, 8, transposed: transposed) { word |= 1 << (15 - x) }
    for y in 1...7 where isDark(matrix, 8, y, transposed: transposed) { word |= 1 << (y - 1) }
    var best: (MicroFormatInformation, Int)?
    for entry in MicroFormatInformation.all {
      let distance = (entry.codeword ^ word).nonzeroBitCount
      if distance < (best?.1 ?? Int.max) { best = (entry.information, distance) }
    }
    return best
  }

  // MARK: - Version information and timing patterns

  /// The version read from the version information blocks (versions 7…40), if either copy is
  /// within three bit errors of a valid codeword. ISO/IEC 18004:2015, 7.10.
  ///
  /// - Complexity: O(1) (34 codewords).
  static func versionInformation(_ matrix: BitMatrix) -> Version? {
    let size = matrix.size
    guard size >= 45 else { return nil }
    var bottomLeft: UInt32 = 0
    var topRight: UInt32 = 0
    for bit in 0..<18 {
      let (x, y) = (bit / 3, size - 11 + bit % 3)
      if matrix.isDark(x: x, y: y) { bottomLeft |= 1 << bit }
      if matrix.isDark(x: y, y: x) { topRight |= 1 << bit }
    }
    var best: (Version, Int)?
    for entry in VersionInformation.all {
      let distance = min(
        (entry.codeword ^ bottomLeft).nonzeroBitCount, (entry.codeword ^ topRight).nonzeroBitCount)
      if distance < (best?.1 ?? Int.max) { best = (entry.version, distance) }
    }
    guard let best, best.1 <= DetectorTuning.versionDistance else { return nil }
    return best.0
  }

  /// The fraction of timing pattern modules (row and column 6 between the finder patterns, or
  /// row and column 0 beyond Micro QR's one) that alternate as they should.
  /// ISO/IEC 18004:2015, 6.3.5.
  ///
  /// - Complexity: O(*size*).
  static func timingScore(_ matrix: BitMatrix, isMicro: Bool) -> Double {
    timingScore(size: matrix.size, isMicro: isMicro) { matrix.isDark(x: $0, y: $1) }
  }

  /// The timing score `sample` and `timingScore(_:isMicro:)` would give, read from the module
  /// centres of the timing patterns alone: the cheap test before a grid is sampled whole.
  ///
  /// - Complexity: O(`size`).
  static func timingScore(
    _ image: BinaryImage, size: Int, isMicro: Bool, position: (Double, Double) -> Point
  ) -> Double {
    timingScore(size: size, isMicro: isMicro) { x, y in
      image.isDark(position(Double(x) + 0.5, Double(y) + 0.5))
    }
  }

  /// `timingScore(_:size:isMicro:position:)` of a QR Code grid as a sequential test: the share
  /// read right and whether all were read. The read stops early as failed once more than
  /// `allowed` modules are wrong, or more than `DetectorTuning.timingEarlyWrongShare` of the
  /// first `DetectorTuning.timingEarlySamples` or more (texture and grids hung on it read about
  /// half wrong, a symbol's own a few per cent); the share is then that of the modules read.
  ///
  /// - Complexity: O(`size`), O(`DetectorTuning.timingEarlySamples`) on texture.
  static func timingRead(
    _ image: BinaryImage, size: Int, allowed: Int = .max, position: (Double, Double) -> Point
  ) -> (score: Double, isComplete: Bool) {
    timingRead(size: size, isMicro: false, allowed: allowed, givesUp: true) { x, y in
      image.isDark(position(Double(x) + 0.5, Double(y) + 0.5))
    }
  }

  private static func timingScore(size: Int, isMicro: Bool, isDark: (Int, Int) -> Bool)
    -> Double
  {
    timingRead(size: size, isMicro: isMicro, allowed: .max, givesUp: false, isDark: isDark).score
  }

  /// The timing modules read row and column in turns, counting those of the wrong colour
  /// (see `timingRead(_:size:allowed:position:)` for when it `givesUp`).
  @inline(__always)
  private static func timingRead(
    size: Int, isMicro: Bool, allowed: Int, givesUp: Bool, isDark: (Int, Int) -> Bool
  ) -> (score: Double, isComplete: Bool) {
    let line = isMicro ? 0 : 6
    let range = isMicro ? 8..<size : 8..<max(8, size - 8)
    var wrong = 0
    var sampled = 0
    for i in range {
      guard wrong <= allowed else { break }
      let expected = i % 2 == 0
      if isDark(i, line) != expected { wrong += 1 }
      if isDark(line, i) != expected { wrong += 1 }
      sampled += 2
      if givesUp, sampled >= DetectorTuning.timingEarlySamples,
        Double(wrong) > Double(sampled) * DetectorTuning.timingEarlyWrongShare
      {
        return (Double(sampled - wrong) / Double(sampled), false)
      }
    }
    guard sampled > 0 else { return (0, false) }
    return (Double(sampled - wrong) / Double(sampled), wrong <= allowed)
  }
}
