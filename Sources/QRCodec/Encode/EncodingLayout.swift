// SPDX-License-Identifier: MIT
// Per-version geometry for building symbols, built once per version on first use.

import Synchronization

/// What the encoder needs of a version's layout, in the form its inner loops want: the function
/// patterns to start from, the data modules in placement order as row-major indices with the
/// QR Code mask patterns that invert each, and the format and version information modules.
///
/// Built from `SymbolLayout` (so encoder and decoder place modules the same way) the first time
/// a version is used, then shared: a batch of codes of one version pays for the layout once, not
/// once per code (`qrrender --lines`).
struct EncodingLayout: Sendable {
  /// The version laid out.
  let version: SymbolVersion
  /// The function patterns, format and version information areas light.
  let functionPatterns: BitMatrix
  /// The data modules in placement order (ISO/IEC 18004:2015, 7.7.3) as *y* × size + *x*.
  ///
  /// `UInt32`, not `Int32`: the standard library comes with the metadata of `[UInt32]`, while
  /// `[Int32]`'s is made at run time, which a one-code `qrrender` run would pay.
  let dataModules: [UInt32]
  /// For each data module, bit *m* set when QR Code mask pattern *m* inverts it (7.8.2); Micro
  /// QR masks are patterns 1, 4, 6 and 7 of these. Empty where `maskLines` is not, which says
  /// the same.
  let maskBits: [UInt8]
  /// The format information copies, one after another: element *i* of a copy of 15 is the
  /// module of bit *i* (7.9).
  ///
  /// The copies in one array, here and in `versionInformation`, not an array of arrays: the
  /// metadata of `[[Int]]`, made at run time, would cost a one-code `qrrender` run a fiftieth.
  let formatInformation: [Int]
  /// The version information copies (versions 7…40; empty for others), one after another:
  /// element *i* of a copy of 18 is the module of bit *i*.
  let versionInformation: [Int]
  /// For symbols of at most `BitMatrix.largestWordSize` modules (QR Code versions 1…9), the data
  /// modules each QR Code mask inverts as lines (`BitMatrix.lineWords()`): 2 × size words per
  /// mask, mask 0 first. Empty for larger symbols and for Micro QR.
  let maskLines: [UInt64]

  /// Builds the layout of `version`.
  ///
  /// - Complexity: O(*size*²).
  init(_ version: SymbolVersion) {
    let layout = SymbolLayout(version)
    let size = version.size
    self.version = version
    functionPatterns = layout.functionPatterns
    dataModules = layout.dataModuleOrder.map { UInt32($0.y * size + $0.x) }
    if !version.isMicro && size <= BitMatrix.largestWordSize {
      maskLines = Self.maskLines(size: size, functionModules: layout.functionModules)
      maskBits = []
    } else {
      maskLines = []
      maskBits = layout.dataModuleOrder.map { Mask.invertingPatterns(x: $0.x, y: $0.y) }
    }
    var formatInformation: [Int] = []
    for copy in 0..<layout.formatInformationCopyCount {
      formatInformation += layout.formatInformationPositions(copy: copy).map { $0.y * size + $0.x }
    }
    self.formatInformation = formatInformation
    var versionInformation: [Int] = []
    for copy in layout.versionInformationPositions {
      versionInformation += copy.map { $0.y * size + $0.x }
    }
    self.versionInformation = versionInformation
  }

  /// `maskLines` of a symbol of `size` ≤ 64 modules: for each QR Code mask, the rows, then the
  /// columns, of the data modules (those not in `functionModules`) it inverts.
  ///
  /// Along a row every mask repeats every 6 modules (periods 1, 2, 3 and 6), so a row is its
  /// first six modules' pattern copied across the word by one multiplication; the columns are
  /// the rows transposed.
  private static func maskLines(size n: Int, functionModules: BitMatrix) -> [UInt64] {
    precondition(n <= 64, "symbol too large for one word a line")
    let function = functionModules.lineWords()
    let all: UInt64 = n == 64 ? ~0 : (1 << UInt64(n)) - 1
    let everySixth: UInt64 = 0x1041_0410_4104_1041  // bits 0, 6, 12, …, 60
    var lines = [UInt64](repeating: 0, count: 8 * 2 * n)
    // Eight 64 × 64 squares of rows, then eight words for one row's periods.
    withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 8 * 64 + 8) { rows in
      rows.initialize(repeating: 0)
      let periods = 8 * 64
      for y in 0..<n {
        let data = ~function[y] & all
        for mask in 0..<8 { rows[periods + mask] = 0 }
        for x in 0..<6 {
          let patterns = UInt64(Mask.invertingPatterns(x: x, y: y))
          for mask in 0..<8 {
            rows[periods + mask] |= (patterns &>> UInt64(mask) & 1) &<< UInt64(x)
          }
        }
        for mask in 0..<8 { rows[mask * 64 + y] = rows[periods + mask] &* everySixth & data }
      }
      lines.withUnsafeMutableBufferPointer { lines in
        for mask in 0..<8 {
          let square = UnsafeMutableBufferPointer(rebasing: rows[mask * 64..<(mask + 1) * 64])
          for y in 0..<n { lines[mask * 2 * n + y] = square[y] }
          BitMatrix.transpose(square)
          for x in 0..<n { lines[mask * 2 * n + n + x] = square[x] }
        }
      }
    }
    return lines
  }

  /// A layout built, and those built before it: the cache, newest first (at most 44 layouts,
  /// one per version).
  ///
  /// A list of objects, not an array indexed by version: the metadata of `[EncodingLayout?]`,
  /// made at run time, would cost a one-code `qrrender` run a thirtieth (it would be the run's
  /// first `Optional`, which sets up all of that type's metadata), and `[EncodingLayout]`'s a
  /// sixtieth; a final class's comes with the binary.
  private final class Built: Sendable {
    let layout: EncodingLayout
    let earlier: Built?

    init(_ layout: EncodingLayout, earlier: Built?) {
      self.layout = layout
      self.earlier = earlier
    }

    /// The layout of `version` in this list, if it holds one.
    func find(_ version: SymbolVersion) -> EncodingLayout? {
      var node: Built? = self
      while let built = node {
        if built.layout.version == version { return built.layout }
        node = built.earlier
      }
      return nil
    }
  }

  /// The layouts built so far, newest first; nil before the first.
  private static let cache = Mutex<Built?>(nil)

  /// The layout of `version`, built the first time it is asked for.
  static func of(_ version: SymbolVersion) -> EncodingLayout {
    if let layout = cache.withLock({ $0?.find(version) }) { return layout }
    // Built outside the lock; two threads racing build the same value and the first kept wins.
    let layout = EncodingLayout(version)
    cache.withLock { newest in
      if newest?.find(version) == nil { newest = Built(layout, earlier: newest) }
    }
    return layout
  }
}
