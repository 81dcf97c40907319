// SPDX-License-Identifier: MIT
// Per-version module positions for reading a grid fast, built once per version on first use.

import Synchronization

/// Where a decoder reads a symbol of one version: data modules in placement order with the masks
/// that invert each, and the format and version information modules. Module positions are
/// row-major indices (*y* × size + *x*).
///
/// Derived from `SymbolLayout`, the encoder's geometry, so that both sides place modules the same
/// way; compact (three bytes per data module) so that all 44 versions stay in memory.
struct DecodingLayout: Sendable {
  /// The version.
  let version: SymbolVersion
  /// The data modules in placement order (ISO/IEC 18004:2015, 7.7.3), remainder bits included.
  let dataModules: [UInt16]
  /// For each data module, bit *m* set when QR Code mask pattern *m* inverts it (7.8.2).
  let maskBits: [UInt8]
  /// The format information copies; element *i* of a copy holds bit *i* (7.9).
  let formatInformation: [[Int]]
  /// The version information copies (versions 7…40); element *i* holds bit *i* (7.10).
  let versionInformation: [[Int]]

  /// Builds the layout of `version`.
  ///
  /// - Complexity: O(*size*²).
  init(_ version: SymbolVersion) {
    let layout = SymbolLayout(version)
    self.init(
      version: version, order: layout.dataModuleOrder,
      formatInformation: layout.formatInformationPositions,
      versionInformation: layout.versionInformationPositions)
  }

  /// Builds the layout of a QR Code Model 1 symbol of `version` (1…14): Model 1's codeword
  /// placement, Model 2's format information positions, no version information.
  ///
  /// - Complexity: O(*size*²).
  init(model1 version: Version) {
    self.init(
      version: .qr(version), order: Model1.dataModuleOrder(version),
      formatInformation: SymbolLayout(.qr(version)).formatInformationPositions,
      versionInformation: [])
  }

  private init(
    version: SymbolVersion, order: [SymbolLayout.Position],
    formatInformation: [[SymbolLayout.Position]], versionInformation: [[SymbolLayout.Position]]
  ) {
    let size = version.size
    self.version = version
    dataModules = order.map { UInt16($0.y * size + $0.x) }
    // The eight conditions at once (eight calls of `Mask.inverts` a module were four fifths of
    // building a version 40 layout, which a one-image run of a large code pays).
    maskBits = order.map { Mask.invertingPatterns(x: $0.x, y: $0.y) }
    self.formatInformation = formatInformation.map { $0.map { $0.y * size + $0.x } }
    self.versionInformation = versionInformation.map { $0.map { $0.y * size + $0.x } }
  }

  /// The layouts built so far (QR versions 1…40 at 0…39, M1…M4 at 40…43, Model 1 versions 1…14
  /// at 44…57), each on first use, so a process that reads one small code does not pay about
  /// 20 ms for all of them.
  private static let cache = Mutex([DecodingLayout?](repeating: nil, count: 58))

  /// The layout of `version`, built the first time it is asked for.
  static func of(_ version: SymbolVersion) -> DecodingLayout {
    let index: Int
    switch version {
    case .qr(let qrVersion): index = qrVersion.number - 1
    case .micro(let microVersion): index = 40 + microVersion.rawValue - 1
    }
    return cached(index) { DecodingLayout(version) }
  }

  /// The layout of a QR Code Model 1 symbol of `version` (1…14), built the first time it is
  /// asked for.
  static func model1(_ version: Version) -> DecodingLayout {
    precondition(Model1.versionRange.contains(version.number), "Model 1 has no version \(version)")
    return cached(44 + version.number - 1) { DecodingLayout(model1: version) }
  }

  private static func cached(_ index: Int, build: () -> DecodingLayout) -> DecodingLayout {
    if let layout = cache.withLock({ $0[index] }) { return layout }
    // Built outside the lock; two threads racing build the same value and either may win.
    let layout = build()
    cache.withLock { $0[index] = layout }
    return layout
  }
}
