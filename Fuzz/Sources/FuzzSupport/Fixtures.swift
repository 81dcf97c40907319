// SPDX-License-Identifier: MIT
// Real symbols made by qrpipe's encoder, for the targets that mutate them.

import QRCore

/// A symbol and the bytes it carries.
public struct FixtureSymbol: Sendable {
  /// What the symbol was made from: the bytes a correct decode returns.
  public let payload: [UInt8]
  /// The encoder's symbol.
  public let symbol: EncodedSymbol
}

/// Symbols of every symbology and the modes, levels and headers the decoder distinguishes.
public enum Fixtures {
  /// The symbols; stops the process if the encoder refuses one (a bug of its own).
  public static let symbols: [FixtureSymbol] = {
    var fixtures: [FixtureSymbol] = []
    func add(
      _ text: String, version: String?, level: ErrorCorrectionLevel,
      kinds: Set<SymbolKind> = [.qr], eci: ECIDesignator? = nil
    ) {
      var options = EncodeOptions()
      options.errorCorrectionLevel = level
      options.symbolKinds = kinds
      options.version = version.flatMap(SymbolVersion.init)
      options.eci = eci
      do {
        let symbol = try Encoder.encode(text: text, options: options)
        fixtures.append(FixtureSymbol(payload: Array(text.utf8), symbol: symbol))
      } catch {
        fatalError("fixture \(text.prefix(20)): \(error)")
      }
    }
    add("HELLO WORLD", version: "1", level: .quartile)
    add("https://example.com/q?x=1", version: "2", level: .low)
    add("0123456789012345678901234567890123", version: "3", level: .high)
    add("Grüße aus Köln", version: nil, level: .medium)
    add("WIFI:T:WPA;S:net;P:secret;;", version: "7", level: .medium)
    add(String(repeating: "qrpipe fuzz ", count: 17), version: "10", level: .medium)
    add("ECI text ✓", version: "4", level: .low, eci: .utf8)
    add("12345", version: "M1", level: .low, kinds: [.micro])
    add("AB-12", version: "M2", level: .low, kinds: [.micro])
    add("micro!", version: "M3", level: .medium, kinds: [.micro])
    add("MICRO QR M4", version: "M4", level: .quartile, kinds: [.micro])
    return fixtures
  }()
}
