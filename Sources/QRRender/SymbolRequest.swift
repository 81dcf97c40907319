// SPDX-License-Identifier: MIT
// What to encode a payload as, and the messages for payloads that do not fit.

import QRCodec

/// How qrrender turns one payload into symbols: the encoder's options and the splitting rule.
///
/// A payload that is valid UTF-8 is encoded as text (so Kanji mode and `--charset` apply);
/// anything else as the bytes themselves.
public struct SymbolRequest: Sendable {
  /// The encoder's options.
  public var encodeOptions: EncodeOptions
  /// The number of symbols to divide every payload into (1…16), or nil for automatic.
  public var partCount: Int?
  /// Whether a payload too large for the forced version is divided over as many symbols of
  /// that version as it needs (qrencode's `-S -v N`), rather than refused.
  public var dividesAtForcedVersion = false

  /// Creates a request.
  ///
  /// - Parameter partCount: The number of symbols, or nil: one symbol when the payload fits,
  ///   else as few as structured append needs. A forced version or Micro QR only (which has no
  ///   structured append) means one symbol unless a count is given.
  public init(encodeOptions: EncodeOptions, partCount: Int?) {
    self.encodeOptions = encodeOptions
    self.partCount = partCount
  }

  /// Whether a payload too large for one symbol is divided automatically.
  public var splitsAutomatically: Bool {
    partCount == nil && (encodeOptions.version == nil || dividesAtForcedVersion)
      && encodeOptions.allows(.qr)
  }

  /// The symbols for `payload`: one, or the parts of a structured append sequence in order.
  ///
  /// - Throws: `EncodeError`.
  /// - Complexity: that of `Encoder.encodeParts`.
  public func symbols(for payload: [UInt8]) throws(EncodeError) -> [EncodedSymbol] {
    let count = splitsAutomatically ? nil : (partCount ?? 1)
    if let text = String(validating: payload, as: UTF8.self) {
      return try Encoder.encodeParts(text: text, count: count, options: encodeOptions)
    }
    return try Encoder.encodeParts(payload, count: count, options: encodeOptions)
  }
}
