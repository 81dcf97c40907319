// SPDX-License-Identifier: MIT
// decode(encode(x)) == x with our encoder: every version, level and mask, every mode and header.

import QRRandom
import Testing

@testable import QRCodec

/// Deterministic payload helpers for the decoder tests.
enum DecodeFixture {
  /// `count` characters suited to `mode`, from `seed`.
  static func payload(_ mode: Mode, count: Int, seed: UInt64) -> [UInt8] {
    var generator = SplitMix64(seed: seed)
    return (0..<count).map { _ in
      switch mode {
      case .numeric: UInt8(ascii: "0") + UInt8.random(in: 0...9, using: &generator)
      case .alphanumeric: Segment.alphanumericCharacters[Int.random(in: 0..<45, using: &generator)]
      default: UInt8.random(in: 0...255, using: &generator)
      }
    }
  }

  /// The most characters of `mode` that fit `version` at `level` in one segment.
  static func capacity(_ mode: Mode, _ version: SymbolVersion, _ level: ErrorCorrectionLevel)
    -> Int
  {
    guard let capacity = version.dataBitCapacity(level),
      let countBits = mode.characterCountBitCount(version)
    else { return 0 }
    let bits = capacity - version.modeIndicatorBitCount - countBits
    let count: Int
    switch mode {
    case .numeric: count = bits / 10 * 3 + (bits % 10 >= 7 ? 2 : bits % 10 >= 4 ? 1 : 0)
    case .alphanumeric: count = bits / 11 * 2 + (bits % 11 >= 6 ? 1 : 0)
    case .kanji: count = bits / 13
    default: count = bits / 8
    }
    return min(count, (1 << countBits) - 1)
  }

  /// A symbol of `mode` data filling `fraction` of the capacity, at a fixed version, level and
  /// mask.
  static func symbol(
    _ mode: Mode, _ version: SymbolVersion, _ level: ErrorCorrectionLevel, _ mask: Mask,
    fraction: Double = 0.8, seed: UInt64 = 1
  ) throws -> (payload: [UInt8], symbol: EncodedSymbol) {
    let count = max(1, Int(Double(capacity(mode, version, level)) * fraction))
    let payload = payload(mode, count: count, seed: seed)
    var options = EncodeOptions()
    options.version = version
    options.errorCorrectionLevel = level
    options.mask = mask
    options.mode = mode
    return (payload, try Encoder.encode(payload, options: options))
  }
}

/// Every QR Code version × level × mask: 1,280 symbols of byte data at 80 % of capacity.
@Test(arguments: Version.all)
func roundTripEveryQRVersionLevelMask(version: Version) throws {
  for level in ErrorCorrectionLevel.allCases {
    for mask in Mask.allCases {
      let seed = UInt64(version.number * 100 + level.rawValue * 10 + mask.pattern)
      let (payload, symbol) = try DecodeFixture.symbol(
        .byte, .qr(version), level, mask, seed: seed)
      let decoded = try Decoder.decode(symbol.matrix)
      #expect(decoded.bytes == payload, "\(version)-\(level) mask \(mask)")
      #expect(decoded.version == .qr(version))
      #expect(decoded.errorCorrectionLevel == level)
      #expect(decoded.mask == mask)
      #expect(!decoded.isMirrored)
      #expect(decoded.formatInformationBitErrors == 0)
      #expect(decoded.versionInformationCopy == (version.hasVersionInformation ? 0 : nil))
      #expect(decoded.blocks.allSatisfy { $0.errorCount == 0 && $0.erasureCount == 0 })
      #expect(decoded.blocks.count == BlockStructure(version, level).blockCount)
      #expect(decoded.segments.map(\.mode) == [.byte])
      #expect(decoded.symbologyIdentifier == "]Q1")
    }
  }
}

/// Every Micro QR version × level × mask × data mode the version has.
@Test(arguments: MicroVersion.allCases)
func roundTripEveryMicroVersionLevelMaskMode(version: MicroVersion) throws {
  for level in version.supportedLevels {
    for mask in Mask.microCases {
      for mode in Mode.dataModes where mode.microIndicator(version) != nil {
        guard mode != .kanji else { continue }  // Kanji payloads are tested below
        for fraction in [0.3, 1.0] {
          let (payload, symbol) = try DecodeFixture.symbol(
            mode, .micro(version), level, mask, fraction: fraction)
          let decoded = try Decoder.decode(symbol.matrix)
          #expect(decoded.bytes == payload, "\(version)-\(level) mask \(mask) \(mode)")
          #expect(decoded.version == .micro(version))
          #expect(decoded.kind == .micro)
          #expect(decoded.errorCorrectionLevel == level)
          #expect(decoded.mask == mask)
          #expect(decoded.segments.map(\.mode) == [mode])
          #expect(decoded.symbologyIdentifier == "]Q1")
        }
      }
    }
  }
}

/// Numeric and alphanumeric segments at every QR Code version (one level and mask each), full.
@Test(arguments: [Mode.numeric, .alphanumeric])
func roundTripFullNumericAndAlphanumeric(mode: Mode) throws {
  for version in Version.all {
    let level = ErrorCorrectionLevel.allCases[version.number % 4]
    let mask = Mask.allCases[version.number % 8]
    let (payload, symbol) = try DecodeFixture.symbol(
      mode, .qr(version), level, mask, fraction: 1.0, seed: UInt64(version.number))
    let decoded = try Decoder.decode(symbol.matrix)
    #expect(decoded.bytes == payload, "\(version)-\(level) \(mode)")
    #expect(decoded.text == String(decoding: payload, as: UTF8.self))
    #expect(decoded.textDerivation == .ascii)
  }
}

@Test func roundTripMixedTextWithKanji() throws {
  let text = "QRコード 2024年 ＡＢＣ abc 漢字テキスト 1234567890 HELLO WORLD"
  for version in [
    SymbolVersion.micro(.m4), .qr(Version(uncheckedNumber: 3)), .qr(Version(uncheckedNumber: 12)),
  ] {
    var options = EncodeOptions()
    options.allowsKanji = true
    options.version = version
    options.errorCorrectionLevel = .low
    guard let symbol = try? Encoder.encode(text: "漢字テキスト", options: options) else {
      continue
    }
    let decoded = try Decoder.decode(symbol.matrix)
    #expect(decoded.text == "漢字テキスト")
    #expect(decoded.segments.map(\.mode) == [.kanji])
    #expect(decoded.textDerivation == .shiftJIS)
  }
  var kanji = EncodeOptions()
  kanji.allowsKanji = true
  let symbol = try Encoder.encode(text: text, options: kanji)
  let decoded = try Decoder.decode(symbol.matrix)
  #expect(decoded.text == text)
  #expect(decoded.segments.contains { $0.mode == .kanji })
}

@Test func roundTripUTF8TextWithoutECI() throws {
  let text = "Zürich → 東京 🚀 ok"
  var options = EncodeOptions()
  options.writesTextForEveryReader = false
  let decoded = try Decoder.decode(Encoder.encode(text: text, options: options).matrix)
  #expect(decoded.text == text)
  #expect(decoded.textDerivation == .utf8)
  #expect(decoded.eciDesignators.isEmpty)
  #expect(decoded.bytes == Array(text.utf8))
}

@Test(arguments: [(Charset.utf8, 26), (.iso8859_1, 3), (.shiftJIS, 20)])
func roundTripWithECI(charset: Charset, designator: Int) throws {
  let text1 =
    switch charset {
    case .iso8859_1: "Grüße, señor"
    case .shiftJIS: "東京タワー ｱｲｳ"
    case .utf8: "Grüße 東京 🚀"
    }
  var options = EncodeOptions()
  options.charset = charset
  options.eci = ECIDesignator(designator)
  let symbol = try Encoder.encode(text: text1, options: options)
  let decoded = try Decoder.decode(symbol.matrix)
  #expect(decoded.text == text1)
  #expect(decoded.eciDesignators == [ECIDesignator(uncheckedValue: designator)])
  #expect(decoded.textDerivation == .eci([ECIDesignator(uncheckedValue: designator)]))
  #expect(decoded.symbologyIdentifier == "]Q2")
  #expect(decoded.segments.first?.mode == .eci)
}

@Test func roundTripStructuredAppend() throws {
  let text = String(repeating: "The quick brown fox jumps over the lazy dog. ", count: 12)
  var options = EncodeOptions()
  options.version = .qr(Version(uncheckedNumber: 5))
  let parts = try Encoder.encodeParts(text: text, count: nil, options: options)
  #expect(parts.count > 1)
  var joined: [UInt8] = []
  for (index, part) in parts.enumerated() {
    let decoded = try Decoder.decode(part.matrix)
    #expect(decoded.structuredAppend == part.structuredAppend)
    #expect(decoded.structuredAppend?.index == index)
    #expect(decoded.structuredAppend?.count == parts.count)
    #expect(decoded.segments.first?.mode == .structuredAppend)
    joined += decoded.bytes
  }
  #expect(joined == Array(text.utf8))
  #expect(parts.first?.structuredAppend?.parity == StructuredAppendHeader.parity(joined))
}

@Test func roundTripFNC1FirstPosition() throws {
  // GS1: (01) GTIN, (10) batch, FNC1 separator, (21) serial.
  let gs1 = "0109501101020917" + "10ABC%123" + "\u{1D}" + "21XYZ"
  var options = EncodeOptions()
  options.fnc1 = .gs1
  let decoded = try Decoder.decode(Encoder.encode(text: gs1, options: options).matrix)
  #expect(decoded.text == gs1)
  #expect(decoded.fnc1 == .gs1)
  #expect(decoded.symbologyIdentifier == "]Q3")
}

@Test func roundTripFNC1SecondPosition() throws {
  var options = EncodeOptions()
  options.fnc1 = .industry(applicationIndicator: 37)
  let decoded = try Decoder.decode(Encoder.encode(text: "AB-1234%X", options: options).matrix)
  #expect(decoded.text == "AB-1234%X")
  #expect(decoded.fnc1 == .industry(applicationIndicator: 37))
  #expect(decoded.symbologyIdentifier == "]Q5")
}

@Test func mirroredGridIsReadAndFlagged() throws {
  for version in [
    SymbolVersion.micro(.m3), .qr(Version(uncheckedNumber: 1)), .qr(Version(uncheckedNumber: 7)),
    .qr(Version(uncheckedNumber: 25)),
  ] {
    let (payload, symbol) = try DecodeFixture.symbol(
      .byte, version, .low, Mask(uncheckedPattern: 4))
    let mirrored = try Decoder.decode(symbol.matrix.transposed())
    #expect(mirrored.bytes == payload)
    #expect(mirrored.isMirrored)
    #expect(throws: DecodeError.self) {
      try Decoder.decode(symbol.matrix.transposed(), allowsMirrored: false)
    }
  }
}
