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
  /// The function patterns, format and version information areas light.
  let functionPatterns: BitMatrix
  /// The data modules in placement order (ISO/IEC 18004:2015, 7.7.3) as *y* × size + *x*.
  let dataModules: [Int32]
  /// For each data module, bit *m* set when QR Code mask pattern *m* inverts it (7.8.2); Micro
  /// QR masks are patterns 1, 4, 6 and 7 of these.
  let maskBits: [UInt8]
  /// The format information copies; element *i* of a copy is the module of bit *i* (7.9).
  let formatInformation: [[Int]]
  /// The version information copies (versions 7…40); element *i* is the module of bit *i*.
  let versionInformation: [[Int]]
  /// The format information copies as coordinates.
  let formatInformationCoordinates: [[(x: Int, y: Int)]]
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
    functionPatterns = layout.functionPatterns
    var modules: [Int32] = []
    var masks: [UInt8] = []
    modules.reserveCapacity(layout.dataModuleOrder.count)
    masks.reserveCapacity(layout.dataModuleOrder.count)
    for position in layout.dataModuleOrder {
      modules.append(Int32(position.y * size + position.x))
      masks.append(Mask.invertingPatterns(x: position.x, y: position.y))
    }
    dataModules = modules
    maskBits = masks
    formatInformation = layout.formatInformationPositions.map { $0.map { $0.y * size + $0.x } }
    formatInformationCoordinates = layout.formatInformationPositions.map {
      $0.map { (x: $0.x, y: $0.y) }
    }
    var lines: [UInt64] = []
    if !version.isMicro && size <= BitMatrix.largestWordSize {
      lines = [UInt64](repeating: 0, count: 8 * 2 * size)
      for (position, bits) in zip(layout.dataModuleOrder, masks) {
        var patterns = bits
        while patterns != 0 {
          let first = patterns.trailingZeroBitCount * 2 * size
          patterns &= patterns - 1
          lines[first + position.y] |= 1 << UInt64(position.x)
          lines[first + size + position.x] |= 1 << UInt64(position.y)
        }
      }
    }
    maskLines = lines
    versionInformation = layout.versionInformationPositions.map {
      $0.map { $0.y * size + $0.x }
    }
  }

  /// The layouts built so far: QR versions 1…40 at 0…39, M1…M4 at 40…43.
  private static let cache = Mutex([EncodingLayout?](repeating: nil, count: 44))

  /// The layout of `version`, built the first time it is asked for.
  static func of(_ version: SymbolVersion) -> EncodingLayout {
    let index: Int
    switch version {
    case .qr(let qrVersion): index = qrVersion.number - 1
    case .micro(let microVersion): index = 40 + microVersion.rawValue - 1
    }
    if let layout = cache.withLock({ $0[index] }) { return layout }
    // Built outside the lock; two threads racing build the same value and either may win.
    let layout = EncodingLayout(version)
    cache.withLock { $0[index] = layout }
    return layout
  }
}
