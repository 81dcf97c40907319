// SPDX-License-Identifier: MIT
// Every clean symbol reads: a seeded sample of versions, levels, masks, payloads and sizes.

import QRCodec
import QRImage
import Testing

@testable import QRVision

/// A small seeded generator (SplitMix64), so that the sample is the same on every machine.
private struct Draws {
  var state: UInt64

  mutating func next(_ count: Int) -> Int {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return Int((z ^ (z >> 31)) % UInt64(count))
  }
}

/// One clean symbol of the sweep: how it is made and drawn.
private struct SweepSymbol: CustomStringConvertible {
  enum Payload: CaseIterable { case one, digits, numeric, alphanumeric, bytes }
  var version: SymbolVersion
  var level: ErrorCorrectionLevel
  var mask: Mask
  var payload: Payload
  /// Whether the payload fills the symbol (else a seeded length up to its capacity).
  var fills: Bool
  var moduleSize: Int
  var quietZone: Int

  var description: String {
    "\(version) \(level) mask \(mask) \(payload)\(fills ? " full" : "") "
      + "\(moduleSize) px quiet \(quietZone)"
  }
}

/// The sample: six symbols of each QR Code version, twelve of each Micro QR version, their
/// levels taking turns, masks, payloads and fills drawn; 1–6 pixels a module (fewer pixels
/// for the largest versions, so that a debug build takes seconds), quiet zones of 1–4 modules;
/// and one symbol of mostly padding for each version from 25 to 40.
private func sweepSymbols(seed: UInt64 = 43) -> [SweepSymbol] {
  var draws = Draws(state: seed)
  var symbols: [SweepSymbol] = []
  for version in SymbolVersion.all {
    let levels = ErrorCorrectionLevel.allCases.filter { version.dataBitCapacity($0) != nil }
    let masks = version.isMicro ? Mask.microCases : Mask.allCases
    let count = version.isMicro ? 12 : 6
    let most = version.size <= 57 ? 6 : version.size <= 101 ? 4 : 3
    for index in 0..<count {
      symbols.append(
        SweepSymbol(
          version: version, level: levels[(index + draws.next(4)) % levels.count],
          mask: masks[draws.next(masks.count)],
          payload: SweepSymbol.Payload.allCases[draws.next(SweepSymbol.Payload.allCases.count)],
          fills: draws.next(2) == 0, moduleSize: 1 + draws.next(most),
          quietZone: 1 + draws.next(4)))
    }
  }
  // The family where the search once spent its budget on patterns made by padding before it
  // tried the symbol's own (issue 43): large versions of a few digits, 4 pixels a module.
  for number in 25...40 {
    symbols.append(
      SweepSymbol(
        version: SymbolVersion.all(.qr)[number - 1], level: .low, mask: Mask.allCases[2],
        payload: .digits, fills: false, moduleSize: 4, quietZone: 4))
  }
  return symbols
}

/// The payload's bytes and the symbol encoded with them, shortened until they fit.
private func encoded(_ symbol: SweepSymbol, draws: inout Draws) -> ([UInt8], EncodedSymbol)? {
  let alphanumeric = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:".utf8)
  let digits = Array("0123456789".utf8)
  // M1 holds digits alone, M2 no bytes.
  var payload = symbol.payload
  if symbol.version == .micro(.m1) || symbol.version == .micro(.m2) && payload == .bytes {
    payload = symbol.version == .micro(.m1) ? .digits : .alphanumeric
  }
  let bits = symbol.version.dataBitCapacity(symbol.level) ?? 0
  let (alphabet, bitsPer): ([UInt8], Double) =
    switch payload {
    case .one, .digits, .numeric: (digits, 10.0 / 3)
    case .alphanumeric: (alphanumeric, 5.5)
    case .bytes: (Array(32...126), 8)
    }
  let capacity = max(1, Int(Double(bits) / bitsPer))
  var length =
    switch payload {
    case .one: 1
    case .digits: 1 + draws.next(min(8, capacity))
    default: symbol.fills ? capacity : 1 + draws.next(capacity)
    }
  let text = (0..<length).map { _ in alphabet[draws.next(alphabet.count)] }
  while length > 0 {
    let bytes = Array(text.prefix(length))
    let segment: Segment =
      switch payload {
      case .one, .digits, .numeric: .numeric(bytes)
      case .alphanumeric: .alphanumeric(bytes)
      case .bytes: .byte(bytes)
      }
    if let made = try? Encoder.encode(
      segments: [segment], version: symbol.version, level: symbol.level, mask: symbol.mask)
    {
      return (bytes, made)
    }
    length = length * 15 / 16 - (length > 16 ? 0 : 1)
  }
  return nil
}

/// The symbol drawn upright: dark modules 0, light 255, `moduleSize` pixels each.
private func drawn(_ matrix: BitMatrix, moduleSize: Int, quietZone: Int) -> GrayImage {
  let side = (matrix.size + 2 * quietZone) * moduleSize
  var image = GrayImage(width: side, height: side, filledWith: 255)
  for y in 0..<matrix.size {
    for x in 0..<matrix.size where matrix.isDark(x: x, y: y) {
      let (left, top) = ((x + quietZone) * moduleSize, (y + quietZone) * moduleSize)
      for dy in 0..<moduleSize {
        for dx in 0..<moduleSize { image[left + dx, top + dy] = 0 }
      }
    }
  }
  return image
}

/// Every clean symbol of the sample reads exactly: once, with its bytes, and nothing else.
/// (`Benchmarks/sweep.py` is the full sweep, of symbols made by segno, with zxing-cpp beside.)
@Test func everyCleanSymbolOfTheSweepReadsExactly() throws {
  var draws = Draws(state: 4343)
  var detector = Detector()
  var misses: [String] = []
  let symbols = sweepSymbols()
  #expect(symbols.count == 40 * 6 + 4 * 12 + 16)
  for symbol in symbols {
    let (bytes, made) = try #require(encoded(symbol, draws: &draws), "\(symbol)")
    let image = drawn(made.matrix, moduleSize: symbol.moduleSize, quietZone: symbol.quietZone)
    let read = detector.detect(in: image).map(\.decoded.bytes)
    if read != [bytes] { misses.append("\(symbol): read \(read.count)") }
  }
  #expect(misses.isEmpty, "\(misses.count) not read exactly: \(misses)")
}
