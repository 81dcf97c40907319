// SPDX-License-Identifier: MIT
// A symbol with its quiet zone and inversion applied: the grid every renderer draws.

import QRCodec

/// The modules of a symbol framed by its quiet zone, dark or light after any inversion.
///
/// Renderers work from this, so margin and `--invert` are handled once. One byte per module
/// (1 dark, 0 light), row-major; `side` is the symbol size plus twice the margin.
public struct ModuleRaster: Hashable, Sendable {
  /// Modules on each side, quiet zone included.
  public let side: Int
  /// Row-major modules, 1 for dark and 0 for light.
  public private(set) var modules: [UInt8]

  /// Frames `matrix` with `margin` light modules on each side, then swaps dark and light if
  /// `invert` is set.
  ///
  /// - Complexity: O(*side*²).
  public init(_ matrix: BitMatrix, margin: Int, invert: Bool) {
    precondition(margin >= 0, "negative margin")
    side = matrix.size + 2 * margin
    let background: UInt8 = invert ? 1 : 0
    var modules = [UInt8](repeating: background, count: side * side)
    let side = side
    // Through a buffer pointer, not the array: a store to the array checks its uniqueness, and
    // every module of every rendered symbol is stored here. Unsafe: `row + x` is below
    // (y + margin + 1) × side ≤ side × side, as x < matrix.size ≤ side − margin.
    modules.withUnsafeMutableBufferPointer { modules in
      for y in 0..<matrix.size {
        let row = (y + margin) * side + margin
        for x in 0..<matrix.size {
          modules[row + x] = matrix.isDark(x: x, y: y) != invert ? 1 : 0
        }
      }
    }
    self.modules = modules
  }

  /// Frames `symbol` as `options` say: its margin (or the standard quiet zone for its kind) and
  /// inversion.
  public init(_ symbol: EncodedSymbol, options: RenderOptions) {
    self.init(
      symbol.matrix, margin: options.margin ?? (symbol.kind == .micro ? 2 : 4),
      invert: options.invert)
  }

  /// Whether the module at column `x`, row `y` (quiet zone included) is dark.
  ///
  /// - Precondition: `x` and `y` are in 0..<`side`.
  @inlinable
  public func isDark(x: Int, y: Int) -> Bool { modules[y * side + x] != 0 }

  /// The modules of row `y`.
  public func row(_ y: Int) -> ArraySlice<UInt8> { modules[y * side..<(y + 1) * side] }
}
