// SPDX-License-Identifier: MIT
// Deriving a decoded symbol's text from its bytes and segments.

extension DecodedSymbol {
  /// The text of `bytes`, read segment by segment, and how it was derived; the rule is
  /// `TextDerivation`'s.
  ///
  /// Consecutive byte segments under the same ECI are read together, so that a character split
  /// between two segments survives.
  /// - Complexity: O(*n*).
  static func text(
    _ bytes: [UInt8], segments: [DecodedSegment], eciDesignators: [ECIDesignator]
  ) -> (text: String?, derivation: TextDerivation) {
    // Runs of bytes that share one interpretation, in order.
    var runs: [(mode: Mode, eci: ECIDesignator?, range: Range<Int>)] = []
    for segment in segments where segment.mode.isDataMode {
      if let last = runs.last, last.mode == segment.mode, last.eci == segment.eci,
        last.range.upperBound == segment.byteRange.lowerBound
      {
        runs[runs.count - 1].range = last.range.lowerBound..<segment.byteRange.upperBound
      } else {
        runs.append((segment.mode, segment.eci, segment.byteRange))
      }
    }
    let defaultRuns = runs.filter { $0.mode == .byte && $0.eci == nil }
    let hasKanji = runs.contains { $0.mode == .kanji }
    let hasHanzi = !hasKanji && runs.contains { $0.mode == .hanzi }
    let defaultBytes = defaultRuns.flatMap { bytes[$0.range] }
    let defaultCharset: TextCharset
    let defaultDerivation: TextDerivation
    if hasHanzi && defaultBytes.allSatisfy({ $0 < 0x80 }) {
      defaultCharset = .utf8
      defaultDerivation = .gb2312
    } else if defaultBytes.isEmpty {
      defaultCharset = .utf8
      defaultDerivation = hasKanji ? .shiftJIS : .ascii
    } else if String(validating: defaultBytes, as: UTF8.self) != nil {
      defaultCharset = .utf8
      defaultDerivation = .utf8
    } else if hasHanzi && TextCharset.gb2312Text(defaultBytes[...]) != nil {
      defaultCharset = .gb2312
      defaultDerivation = .guessedGB2312
    } else if TextCharset.shiftJISText(defaultBytes[...]) != nil
      && (hasKanji || TextCharset.looksLikeShiftJIS(defaultBytes[...]))
    {
      defaultCharset = .shiftJIS
      defaultDerivation = .guessedShiftJIS
    } else {
      defaultCharset = .iso8859_1
      defaultDerivation = .iso8859_1
    }

    var text = ""
    for run in runs {
      let slice = bytes[run.range]
      switch run.mode {
      case .kanji:
        guard let piece = TextCharset.shiftJIS.text(slice) else { return (nil, .invalidText(nil)) }
        text += piece
      case .hanzi:
        guard let piece = TextCharset.gb2312.text(slice) else { return (nil, .invalidHanzi) }
        text += piece
      case .byte:
        if let eci = run.eci {
          guard let charset = TextCharset(eci) else { return (nil, .unsupportedECI(eci)) }
          if case .unsupported = charset { return (nil, .unsupportedECI(eci)) }
          guard let piece = charset.text(slice) else { return (nil, .invalidText(eci)) }
          text += piece
        } else {
          guard let piece = defaultCharset.text(slice) else { return (nil, .invalidText(nil)) }
          text += piece
        }
      default:
        // Digits and the alphanumeric set are ASCII in every charset (0x1D for FNC1 too).
        text += String(decoding: slice, as: UTF8.self)
      }
    }
    return (text, eciDesignators.isEmpty ? defaultDerivation : .eci(eciDesignators))
  }
}
