// SPDX-License-Identifier: MIT
// Per-version module positions for reading a grid fast, built once.

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
    let size = version.size
    self.version = version
    var modules: [UInt16] = []
    var masks: [UInt8] = []
    modules.reserveCapacity(layout.dataModuleOrder.count)
    masks.reserveCapacity(layout.dataModuleOrder.count)
    for position in layout.dataModuleOrder {
      modules.append(UInt16(position.y * size + position.x))
      var bits: UInt8 = 0
      for mask in Mask.allCases where mask.inverts(x: position.x, y: position.y) {
        bits |= 1 << mask.pattern
      }
      masks.append(bits)
    }
    dataModules = modules
    maskBits = masks
    formatInformation = layout.formatInformationPositions.map { $0.map { $0.y * size + $0.x } }
    versionInformation = layout.versionInformationPositions.map { $0.map { $0.y * size + $0.x } }
  }

  /// The layouts of QR Code versions 1…40, built together on first use.
  static let qr: [DecodingLayout] = Version.all.map { DecodingLayout(.qr($0)) }

  /// The layouts of Micro QR M1…M4.
  static let micro: [DecodingLayout] = MicroVersion.allCases.map { DecodingLayout(.micro($0)) }

  /// The layout of `version`.
  static func of(_ version: SymbolVersion) -> DecodingLayout {
    switch version {
    case .qr(let qrVersion): qr[qrVersion.number - 1]
    case .micro(let microVersion): micro[microVersion.rawValue - 1]
    }
  }
}
