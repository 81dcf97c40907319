// SPDX-License-Identifier: MIT
// The modules whose colours are known before reading a symbol: what registers a frame's grid.

import QRCodec

/// The modules of a symbol whose colours a caller knows: the function patterns of its version
/// (ISO/IEC 18004:2015, 6.3), and, once the symbol has been read, every module as last read.
///
/// A frame's grid is registered by finding the corners under which these modules show their
/// colours best (`GridRegistration`); with every module known, a few hundred modules vote
/// instead of the finder patterns' few dozen, which is what holds a faint, noisy code.
struct ModuleTemplate: Sendable {
  /// The symbol's side in modules.
  let size: Int
  /// Known modules as (x, y) in symbol orientation, each with whether it is dark.
  private(set) var modules: [(x: Int, y: Int, isDark: Bool)]
  /// Neighbouring known modules of opposite colours, across and down, as (light, dark): each
  /// pair's difference measures the symbol's contrast where it is, whatever the light across
  /// the symbol (a glare spot's slope, a shadow's edge).
  private(set) var edges: [(light: (x: Int, y: Int), dark: (x: Int, y: Int))] = []

  /// The function patterns of `version`: finder patterns with their separators, and the timing
  /// patterns (and, for QR Code, the alignment patterns).
  init(version: SymbolVersion) {
    size = version.size
    modules = []
    switch version {
    case .qr(let qr):
      for (cx, cy) in [(3, 3), (size - 4, 3), (3, size - 4)] { addFinder(cx, cy) }
      for i in 8..<(size - 8) {
        modules.append((i, 6, i % 2 == 0))
        modules.append((6, i, i % 2 == 0))
      }
      let centres = qr.alignmentPatternCentres
      for cy in centres {
        for cx in centres where !Self.overlapsFinder(cx, cy, size: size) {
          for dy in -2...2 {
            for dx in -2...2 {
              let ring = max(abs(dx), abs(dy))
              modules.append((cx + dx, cy + dy, ring != 1))
            }
          }
        }
      }
    case .micro:
      addFinder(3, 3)
      for i in 8..<size {
        modules.append((i, 0, i % 2 == 0))
        modules.append((0, i, i % 2 == 0))
      }
    }
    edges = pairs()
    isFunction = [Bool](repeating: false, count: size * size)
    for module in modules { isFunction[module.y * size + module.x] = true }
  }

  /// The symbol as read, when every module is known.
  private(set) var matrix: BitMatrix?

  /// The share of data modules (those outside the function patterns, which every symbol of
  /// the version shares) on which `other` (a grid of this size) agrees with the symbol as
  /// read, leaving out those `unreliable` marks (modules a frame did not see, or barely); nil
  /// when only the function patterns are known, or no module is left.
  func agreement(with other: BitMatrix, unreliable: BitMatrix? = nil) -> Double? {
    guard let matrix, other.size == size else { return nil }
    var (same, counted) = (0, 0)
    for y in 0..<size {
      for x in 0..<size where !isFunction[y * size + x] && unreliable?.isDark(x: x, y: y) != true {
        counted += 1
        if matrix.isDark(x: x, y: y) == other.isDark(x: x, y: y) { same += 1 }
      }
    }
    return counted == 0 ? nil : Double(same) / Double(counted)
  }

  /// Per module, row-major: whether it is in a function pattern of the version.
  private(set) var isFunction: [Bool] = []

  /// Every module of `matrix` (a symbol of `version` as read, in symbol orientation).
  init(matrix: BitMatrix, version: SymbolVersion) {
    self.matrix = matrix
    size = matrix.size
    isFunction = ModuleTemplate(version: version).isFunction
    modules = []
    modules.reserveCapacity(size * size)
    for y in 0..<size {
      for x in 0..<size { modules.append((x, y, matrix.isDark(x: x, y: y))) }
    }
    edges = pairs()
  }

  /// The pairs of `modules` for `edges`.
  private func pairs() -> [(light: (x: Int, y: Int), dark: (x: Int, y: Int))] {
    var colours = [Int8](repeating: -1, count: size * size)
    for module in modules { colours[module.y * size + module.x] = module.isDark ? 1 : 0 }
    var edges: [(light: (x: Int, y: Int), dark: (x: Int, y: Int))] = []
    for module in modules {
      for (dx, dy) in [(1, 0), (0, 1)] {
        let (x, y) = (module.x + dx, module.y + dy)
        guard x < size, y < size else { continue }
        let other = colours[y * size + x]
        guard other >= 0, (other == 1) != module.isDark else { continue }
        let here = (x: module.x, y: module.y)
        let there = (x: x, y: y)
        edges.append(module.isDark ? (light: there, dark: here) : (light: here, dark: there))
      }
    }
    return edges
  }

  /// A finder pattern centred on module (`cx`, `cy`) and its separator ring, where it is in
  /// the symbol.
  private mutating func addFinder(_ cx: Int, _ cy: Int) {
    for dy in -4...4 {
      for dx in -4...4 {
        let (x, y) = (cx + dx, cy + dy)
        guard x >= 0, y >= 0, x < size, y < size else { continue }
        let ring = max(abs(dx), abs(dy))
        modules.append((x, y, ring != 2 && ring != 4))
      }
    }
  }

  /// Whether an alignment pattern at (`cx`, `cy`) would overlap a finder pattern (those are
  /// left out, ISO/IEC 18004:2015, 6.3.6).
  private static func overlapsFinder(_ cx: Int, _ cy: Int, size: Int) -> Bool {
    (cx < 9 && cy < 9) || (cx > size - 10 && cy < 9) || (cx < 9 && cy > size - 10)
  }
}
