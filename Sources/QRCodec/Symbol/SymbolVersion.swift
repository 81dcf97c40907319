// SPDX-License-Identifier: MIT
// A version of either symbology, with the facts that encoder and decoder share.

/// A symbol version of either kind: QR Code 1…40 or Micro QR M1…M4.
///
/// Ordered smallest first: M1 < M2 < M3 < M4 < 1 < 2 < … < 40.
public enum SymbolVersion: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// A QR Code version.
  case qr(Version)
  /// A Micro QR Code version.
  case micro(MicroVersion)

  /// All 44 versions, smallest first.
  public static let all: [SymbolVersion] =
    MicroVersion.allCases.map { .micro($0) } + Version.all.map { .qr($0) }

  /// The versions of one kind, smallest first.
  ///
  /// QR Code's from `Version.range`, not `Version.all`: the encoder asks for them on every
  /// run, and that array's metadata is made at run time, a hundredth of a one-code `qrrender` run.
  public static func all(_ kind: SymbolKind) -> [SymbolVersion] {
    switch kind {
    case .qr: Version.range.map { .qr(Version(uncheckedNumber: $0)) }
    case .micro: MicroVersion.allCases.map { .micro($0) }
    }
  }

  /// Parses `1`…`40` or `M1`…`M4` (case-insensitive).
  public init?(_ text: String) {
    if let first = text.first, first == "M" || first == "m" {
      guard let number = Int(text.dropFirst()), let micro = MicroVersion(rawValue: number) else {
        return nil
      }
      self = .micro(micro)
    } else {
      guard let number = Int(text), let version = Version(number) else { return nil }
      self = .qr(version)
    }
  }

  /// The symbology.
  public var kind: SymbolKind {
    switch self {
    case .qr: .qr
    case .micro: .micro
    }
  }

  /// Whether this is a Micro QR version.
  public var isMicro: Bool { kind == .micro }

  /// The number of modules on each side, in 11…177.
  public var size: Int {
    switch self {
    case .qr(let version): version.size
    case .micro(let version): version.size
    }
  }

  /// The number of modules that carry codewords (and QR Code remainder bits).
  public var dataModuleCount: Int {
    switch self {
    case .qr(let version): version.dataModuleCount
    case .micro(let version): version.dataModuleCount
    }
  }

  /// The error correction levels this version supports, lowest first.
  public var supportedLevels: [ErrorCorrectionLevel] {
    switch self {
    case .qr: ErrorCorrectionLevel.allCases
    case .micro(let version): version.supportedLevels
    }
  }

  /// The block structure at `level`, or nil where the version does not support the level.
  public func blockStructure(_ level: ErrorCorrectionLevel) -> BlockStructure? {
    switch self {
    case .qr(let version): BlockStructure(version, level)
    case .micro(let version): BlockStructure(version, level)
    }
  }

  /// The number of data bits the symbol holds at `level`, or nil where the level is unsupported.
  ///
  /// 8 × data codewords, less 4 for M1 and M3 (whose final data codeword has 4 bits).
  public func dataBitCapacity(_ level: ErrorCorrectionLevel) -> Int? {
    blockStructure(level)?.dataBitCapacity
  }

  /// `M1`…`M4` or `1`…`40`.
  public var description: String {
    switch self {
    case .qr(let version): version.description
    case .micro(let version): version.description
    }
  }

  /// Orders Micro QR before QR Code, then by number.
  public static func < (lhs: Self, rhs: Self) -> Bool {
    switch (lhs, rhs) {
    case (.micro(let a), .micro(let b)): a < b
    case (.qr(let a), .qr(let b)): a < b
    case (.micro, .qr): true
    case (.qr, .micro): false
    }
  }
}
