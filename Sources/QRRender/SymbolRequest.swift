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
    partCount == nil && encodeOptions.version == nil && encodeOptions.symbolKinds.contains(.qr)
  }

  /// The symbols for `payload`: one, or the parts of a structured append sequence in order.
  ///
  /// - Throws: `EncodeError`; `message(for:payloadByteCount:)` words it for the user.
  /// - Complexity: that of `Encoder.encodeParts`.
  public func symbols(for payload: [UInt8]) throws(EncodeError) -> [EncodedSymbol] {
    let count = splitsAutomatically ? nil : (partCount ?? 1)
    if let text = String(validating: payload, as: UTF8.self) {
      return try Encoder.encodeParts(text: text, count: count, options: encodeOptions)
    }
    return try Encoder.encodeParts(payload, count: count, options: encodeOptions)
  }

  /// A one-line message for `error`, naming the payload size, what it did not fit and what
  /// would help: `payload of 3000 bytes does not fit version 40-H (capacity 1273 bytes); use
  /// --level L or --split`.
  public func message(for error: EncodeError, payloadByteCount count: Int) -> String {
    let level = encodeOptions.errorCorrectionLevel
    var advice: [String] = []
    if level != .low && !encodeOptions.boostsErrorCorrectionLevel { advice.append("--level L") }
    switch error {
    case .payloadTooLarge(_, let capacity, let largest, let level):
      if largest.isMicro && encodeOptions.symbolKinds == [.micro] { advice.append("--micro=auto") }
      if !largest.isMicro && partCount == 1 { advice.append("--split") }
      return "payload of \(count) bytes does not fit \(Self.name(largest))-\(level)"
        + " (capacity \(Self.capacityText(largest, bits: capacity)))"
        + Self.adviceText(advice)
    case .versionTooSmall(let version, let level, _, let capacity, let smallest):
      let fitting =
        smallest.map { "; the smallest version that fits is \($0)" }
        ?? "; no \(version.isMicro ? "Micro QR" : "QR Code") version fits at level \(level)"
      return "payload of \(count) bytes does not fit \(Self.name(version))-\(level)"
        + " (capacity \(Self.capacityText(version, bits: capacity)))" + fitting
    case .tooLargeForStructuredAppend:
      return "payload of \(count) bytes does not fit 16 symbols of version 40-\(level),"
        + " the most structured append links" + Self.adviceText(advice)
    case .partsTooSmall(let parts):
      return "payload of \(count) bytes does not fit \(parts) symbols; use a larger --split"
    default:
      return "\(error)"
    }
  }

  private static func name(_ version: SymbolVersion) -> String {
    version.isMicro ? "Micro QR \(version)" : "version \(version)"
  }

  /// Capacity in bytes of byte mode data for QR Code (mode indicator 4 bits, count 8 or 16
  /// bits; ISO/IEC 18004:2015, table 3), in data bits for Micro QR.
  private static func capacityText(_ version: SymbolVersion, bits: Int) -> String {
    guard case .qr(let qr) = version else { return "\(bits) data bits" }
    let countBits = qr.number <= 9 ? 8 : 16
    return "\(max(0, (bits - 4 - countBits) / 8)) bytes"
  }

  private static func adviceText(_ advice: [String]) -> String {
    advice.isEmpty ? "" : "; use " + advice.joined(separator: " or ")
  }
}
