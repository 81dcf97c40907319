// SPDX-License-Identifier: MIT
// A square grid of dark and light modules.

/// A square grid of modules, each dark or light; a value type.
///
/// Coordinates are `x` (column, left to right) and `y` (row, top to bottom), both in
/// 0..<`size`, as in ISO/IEC 18004:2015 (which calls them *j* and *i*). This is the boundary
/// between detection and decoding, and the encoder's output.
///
///     var matrix = BitMatrix(size: 21)
///     matrix.setDark(true, x: 3, y: 9)
///     print(matrix.isDark(x: 3, y: 9))  // Prints "true"
public struct BitMatrix: Hashable, Sendable {
  /// The number of modules on each side.
  public let size: Int

  /// Row-major modules; `true` is dark.
  @usableFromInline var modules: [Bool]

  /// Creates a matrix of `size` × `size` light modules.
  ///
  /// - Complexity: O(*size*²).
  public init(size: Int) {
    precondition(size >= 0, "negative matrix size \(size)")
    self.size = size
    self.modules = [Bool](repeating: false, count: size * size)
  }

  /// Creates a `size` × `size` matrix from its modules row by row (`true` is dark).
  ///
  /// - Precondition: `modules` holds `size` × `size` values.
  /// - Complexity: O(1).
  public init(size: Int, rowMajor modules: [Bool]) {
    precondition(
      size >= 0 && modules.count == size * size, "\(modules.count) modules for size \(size)")
    self.size = size
    self.modules = modules
  }

  /// Creates a matrix from rows of booleans (`true` is dark), or nil if the rows do not form a
  /// square.
  ///
  /// - Complexity: O(*size*²).
  public init?(rows: [[Bool]]) {
    guard rows.allSatisfy({ $0.count == rows.count }) else { return nil }
    self.size = rows.count
    self.modules = rows.flatMap { $0 }
  }

  /// Whether the module at column `x`, row `y` is dark.
  ///
  /// - Precondition: `x` and `y` are in 0..<`size`.
  @inlinable
  public func isDark(x: Int, y: Int) -> Bool {
    precondition(x >= 0 && x < size && y >= 0 && y < size, "module (\(x), \(y)) outside matrix")
    return modules[y * size + x]
  }

  /// Makes the module at column `x`, row `y` dark (`true`) or light (`false`).
  ///
  /// - Precondition: `x` and `y` are in 0..<`size`.
  @inlinable
  public mutating func setDark(_ isDark: Bool, x: Int, y: Int) {
    precondition(x >= 0 && x < size && y >= 0 && y < size, "module (\(x), \(y)) outside matrix")
    modules[y * size + x] = isDark
  }

  /// Swaps dark and light at column `x`, row `y`.
  @inlinable
  public mutating func invert(x: Int, y: Int) {
    precondition(x >= 0 && x < size && y >= 0 && y < size, "module (\(x), \(y)) outside matrix")
    modules[y * size + x].toggle()
  }

  /// The number of dark modules.
  ///
  /// - Complexity: O(*size*²).
  public var darkCount: Int { modules.reduce(0) { $0 &+ ($1 ? 1 : 0) } }

  /// The matrix mirrored about its main diagonal (module (x, y) moves to (y, x)).
  ///
  /// - Complexity: O(*size*²).
  public func transposed() -> BitMatrix {
    var result = self
    for y in 0..<size {
      for x in 0..<size { result.modules[x * size + y] = modules[y * size + x] }
    }
    return result
  }

  /// The rows as text: `#` for dark, `.` for light, one line per row; for tests and debugging.
  ///
  /// - Complexity: O(*size*²).
  public var rowsText: [String] {
    (0..<size).map { y in String((0..<size).map { isDark(x: $0, y: y) ? "#" : "." }) }
  }
}
