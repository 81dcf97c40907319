// SPDX-License-Identifier: MIT
// The encoder's result: the module matrix and how it was made.

/// A finished symbol: its modules, and the version, level, mask and segments it was made with.
public struct EncodedSymbol: Hashable, Sendable {
  /// The modules, without quiet zone.
  public let matrix: BitMatrix
  /// The version.
  public let version: SymbolVersion
  /// The error correction level (after any boost; `.low` for M1, which only detects errors).
  public let errorCorrectionLevel: ErrorCorrectionLevel
  /// The mask pattern applied.
  public let mask: Mask
  /// The segments in order, headers (structured append, ECI, FNC1) included.
  public let segments: [Segment]
  /// The number of data bits the segments take, before the terminator and padding.
  public let dataBitCount: Int
  /// The structured append header, if the symbol is part of a sequence.
  public let structuredAppend: StructuredAppendHeader?

  /// The symbology.
  public var kind: SymbolKind { version.kind }

  /// The number of modules on each side.
  public var size: Int { matrix.size }

  /// Whether the module at column `x`, row `y` is dark.
  public func isDark(x: Int, y: Int) -> Bool { matrix.isDark(x: x, y: y) }
}
