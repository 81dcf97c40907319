// SPDX-License-Identifier: MIT
// The two symbologies of ISO/IEC 18004: QR Code and Micro QR Code.

/// Which of the two symbologies in ISO/IEC 18004 a symbol belongs to.
public enum SymbolKind: Hashable, Sendable, CaseIterable, CustomStringConvertible {
  /// QR Code: Model 2, versions 1…40, or a decoded Model 1 symbol, versions 1…14 (see
  /// `DecodedSymbol.isModel1`).
  case qr
  /// Micro QR Code, versions M1…M4.
  case micro

  /// `qr` or `microqr`, as reported in machine-readable output.
  public var description: String {
    switch self {
    case .qr: "qr"
    case .micro: "microqr"
    }
  }
}
