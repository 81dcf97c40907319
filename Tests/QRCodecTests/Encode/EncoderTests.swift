// SPDX-License-Identifier: MIT

import Testing

@testable import QRCodec

/// ISO/IEC 18004:2015, Annex I: "01234567" at 1-M.
@Test func annexIDataCodewords() throws {
  let version = SymbolVersion.qr(Version.minimum)
  let structure = try #require(version.blockStructure(.medium))
  let data = SymbolBuilder.dataCodewords(
    segments: [.numeric(Array("01234567".utf8))], version: version, structure: structure)
  #expect(
    data == [
      0x10, 0x20, 0x0C, 0x56, 0x61, 0x80, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC,
      0x11,
    ])
  var options = EncodeOptions()
  options.version = version
  let symbol = try Encoder.encode(text: "01234567", options: options)
  #expect(symbol.segments.map(\.mode) == [.numeric])
  #expect(symbol.dataBitCount == 41)
}

@Test func smallestVersionAndOptimalSegments() throws {
  let url = try Encoder.encode(text: "https://example.com", options: EncodeOptions())
  #expect(url.version == .qr(try #require(Version(2))))
  let mixed = try Encoder.encode(
    text: "ORDER 123456789012345678901234567890 shipped", options: EncodeOptions())
  #expect(mixed.segments.map(\.mode).contains(.numeric))
  var smallest = EncodeOptions()
  smallest.allowsKanji = true
  let kanji = try Encoder.encode(text: "点茗", options: smallest)
  #expect(kanji.segments.map(\.mode) == [.kanji])
  #expect(kanji.dataBitCount == 4 + 8 + 26)
}

@Test func microQRPicksTheSmallestSymbol() throws {
  var options = EncodeOptions()
  options.symbolKinds = [.micro, .qr]
  options.errorCorrectionLevel = .low
  #expect(try Encoder.encode(text: "12345", options: options).version == .micro(.m1))
  #expect(try Encoder.encode(text: "HELLO", options: options).version == .micro(.m2))
  #expect(try Encoder.encode(text: "hello", options: options).version == .micro(.m3))
  options.errorCorrectionLevel = .high
  #expect(try Encoder.encode(text: "12345", options: options).version.isMicro == false)
}

@Test func boostRaisesTheLevelWithinTheVersion() throws {
  var options = EncodeOptions()
  options.errorCorrectionLevel = .low
  options.boostsErrorCorrectionLevel = true
  let symbol = try Encoder.encode(text: "HI", options: options)
  #expect(symbol.version == .qr(Version.minimum))
  #expect(symbol.errorCorrectionLevel == .high)
}

@Test func minimumVersionIsTheSmallestChosen() throws {
  var options = EncodeOptions()
  options.minimumVersion = .qr(try #require(Version(5)))
  #expect(try Encoder.encode(text: "HI", options: options).version == .qr(try #require(Version(5))))
  // A payload too large for the minimum gets the smallest version above it that fits.
  let payload = [UInt8](repeating: 0x41, count: 100)
  options.minimumVersion = .qr(Version.minimum)
  #expect(try Encoder.encode(payload, options: options).version == .qr(try #require(Version(5))))
  // Micro QR from M3 up, and QR Code after M4 when Micro QR is too small.
  options.symbolKinds = [.micro, .qr]
  options.errorCorrectionLevel = .low
  options.minimumVersion = .micro(.m3)
  #expect(try Encoder.encode(text: "12345", options: options).version == .micro(.m3))
  #expect(try Encoder.encode(payload, options: options).version.isMicro == false)
  // A forced version wins over the minimum.
  options.version = .micro(.m1)
  #expect(try Encoder.encode(text: "12345", options: options).version == .micro(.m1))
}

@Test func forcedVersionTooSmallNamesTheSmallestThatFits() throws {
  var options = EncodeOptions()
  options.version = .qr(Version.minimum)
  let payload = [UInt8](repeating: 0x41, count: 100)
  #expect {
    try Encoder.encode(payload, options: options)
  } throws: { error in
    guard case .versionTooSmall(_, _, _, _, let smallest) = error as? EncodeError else {
      return false
    }
    return smallest == .qr(Version(5) ?? Version.minimum)
  }
  do {
    _ = try Encoder.encode(payload, options: options)
  } catch {
    #expect(error.description.contains("the smallest that fits is version 5"))
  }
}

@Test func payloadTooLargeSaysByHowMuch() {
  let payload = [UInt8](repeating: 0xFF, count: 3000)
  do {
    _ = try Encoder.encode(payload, options: EncodeOptions())
    Issue.record("3000 bytes fitted at level M")
  } catch {
    guard case .payloadTooLarge(let bits, let capacity, let largest, let level) = error else {
      Issue.record("unexpected \(error)")
      return
    }
    #expect(largest == .qr(Version.maximum) && level == .medium)
    #expect(capacity == 2334 * 8 && bits == 4 + 16 + 3000 * 8)
    #expect(error.description.contains("version 40-M"))
  }
}

@Test func microQRRefusesECIFNC1AndStructuredAppend() {
  var options = EncodeOptions()
  options.version = .micro(.m4)
  options.eci = .utf8
  #expect(throws: EncodeError.modeUnsupportedInMicroQR(.eci)) {
    try Encoder.encode(text: "A", options: options)
  }
  options.eci = nil
  options.fnc1 = .gs1
  #expect(throws: EncodeError.modeUnsupportedInMicroQR(.fnc1FirstPosition)) {
    try Encoder.encode(text: "01", options: options)
  }
  options.fnc1 = nil
  #expect(throws: EncodeError.modeUnsupportedInMicroQR(.structuredAppend)) {
    try Encoder.encodeParts(text: "12", count: 2, options: options)
  }
  options.errorCorrectionLevel = .high
  #expect(throws: EncodeError.levelUnsupported(.micro(.m4), .high)) {
    try Encoder.encode(text: "1", options: options)
  }
}

@Test func badCharactersAreReported() {
  var options = EncodeOptions()
  options.charset = .shiftJIS
  #expect(throws: EncodeError.characterNotInCharset("é", offset: 1, charset: .shiftJIS)) {
    try Encoder.encode(text: "aé", options: options)
  }
  options.charset = .utf8
  options.mode = .kanji
  options.allowsKanji = true
  #expect(throws: EncodeError.characterNotInMode(.kanji, offset: 1)) {
    try Encoder.encode(text: "点A", options: options)
  }
  options.mode = .numeric
  options.version = .micro(.m1)
  options.errorCorrectionLevel = .low
  #expect(throws: EncodeError.characterNotInMode(.numeric, offset: 0)) {
    try Encoder.encode(text: "A", options: options)
  }
}

@Test func eciIsWrittenOnlyWhenAskedForNonASCIIUTF8OrForShiftJIS() throws {
  // Text every reader reads: ECI 26 and one byte segment, once anything is not ASCII.
  let readable = try Encoder.encode(text: "grüße 12345678", options: EncodeOptions())
  #expect(readable.segments.map(\.mode) == [.eci, .byte])
  #expect(
    try Encoder.encode(text: "GRUSSE 1234", options: EncodeOptions()).segments.first != .eci(.utf8))
  var micro = EncodeOptions()
  micro.symbolKinds = [.micro]
  #expect(try Encoder.encode(text: "grüße", options: micro).segments.first?.mode == .byte)
  var options = EncodeOptions()
  options.writesTextForEveryReader = false
  #expect(try Encoder.encode(text: "grüße", options: options).segments.first?.mode == .byte)
  options.eci = .utf8
  #expect(try Encoder.encode(text: "grüße", options: options).segments.first == .eci(.utf8))
  options.eci = nil
  options.charset = .shiftJIS
  options.allowsKanji = false
  #expect(try Encoder.encode(text: "ｱ点", options: options).segments.first == .eci(.shiftJIS))
}

@Test func structuredAppendSplitsIntoEqualVersions() throws {
  let text = String(repeating: "The quick brown fox jumps over the lazy dog. ", count: 120)
  let parts = try Encoder.encodeParts(text: text, count: nil, options: EncodeOptions())
  #expect(parts.count == 3)
  #expect(Set(parts.map(\.version)).count == 1)
  #expect(parts.map { $0.structuredAppend?.index } == [0, 1, 2])
  let parity = StructuredAppendHeader.parity(Array(text.utf8))
  #expect(
    parts.allSatisfy { $0.structuredAppend?.parity == parity && $0.structuredAppend?.count == 3 })
  let four = try Encoder.encodeParts(text: "HELLO WORLD", count: 4, options: EncodeOptions())
  #expect(four.count == 4)
  #expect(try Encoder.encodeParts(text: "HELLO", count: nil, options: EncodeOptions()).count == 1)
  #expect(throws: EncodeError.invalidPartCount(17)) {
    try Encoder.encodeParts(text: "HELLO", count: 17, options: EncodeOptions())
  }
}

@Test func gs1PercentAndSeparatorInAlphanumericMode() throws {
  var options = EncodeOptions()
  options.fnc1 = .gs1
  let symbol = try Encoder.encode(text: "01095060001343528200ABC\u{1D}10XYZ%", options: options)
  #expect(symbol.segments.first == .fnc1FirstPosition)
  #expect(symbol.segments.contains { $0.mode == .alphanumeric })
}

@Test(arguments: Mask.allCases)
func forcedMaskIsUsed(mask: Mask) throws {
  var options = EncodeOptions()
  options.mask = mask
  #expect(try Encoder.encode(text: "MASK", options: options).mask == mask)
}

@Test func forcedModeSkipsMicroVersionsWithoutIt() throws {
  var options = EncodeOptions()
  options.symbolKinds = [.micro, .qr]
  options.errorCorrectionLevel = .low
  options.mode = .byte
  #expect(try Encoder.encode(text: "12", options: options).version == .micro(.m3))
  options.mode = .numeric
  #expect(try Encoder.encode(text: "12", options: options).version == .micro(.m1))
}
