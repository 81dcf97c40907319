// SPDX-License-Identifier: MIT
// Fuzz finding (FuzzDecoder, 2026-11-29): erasure-aided correction that spends every parity
// codeword returns a payload nothing has verified.

import Testing

@testable import QRCodec

// With f erasures and e errors, Reed–Solomon corrects when 2e + f <= n - k - p; at equality no
// syndrome is left over to check the result, and with f = n - k any received block "corrects".
// The detector marks modules unreliable by heuristics, so a block whose erasures are wrong (or
// with one error besides) decodes to another codeword. In 1.4 million FuzzDecoder runs every one
// of 41,610 wrong payloads used erasures; errors alone never gave one.
//
// Fixed in `Decoder.correctBlocks`: an erasure-aided correction leaves three syndromes unused
// (`erasureVerificationMargin`), and the retry without erasures handles the rest.

/// The FuzzDecoder input, minimized: Micro QR M4-Q, 2 modules inverted and 12 marked unreliable
/// (one error and 12 erasures weigh exactly the 14 parity codewords), transposed, mirror allowed.
private let fuzzInput: [UInt8] = [
  0xFF, 0xFC, 0xA9, 0xA9, 0x00, 0x8E, 0x67, 0xFF, 0x94, 0x00, 0xFB, 0x94, 0x01, 0xBF, 0xFA, 0xF7,
  0x1E, 0x80, 0x87, 0xBE, 0x31, 0xFF, 0x04, 0x94, 0x00, 0xFB, 0x94, 0xF9, 0x31,
]

/// The grid and unreliable modules the fuzz target builds from `input` (its mutated-symbol
/// mode: after the mode and fixture bytes, little-endian words give a module index modulo the
/// module count; the top bit marks the module unreliable and then bit 0 also inverts it).
private func mutatedGrid(_ symbol: EncodedSymbol, _ input: [UInt8]) -> (BitMatrix, BitMatrix) {
  var grid = symbol.matrix
  var unreliable = BitMatrix(size: grid.size)
  let side = grid.size
  var index = 2
  while index < input.count {
    let word = Int(input[index]) | (index + 1 < input.count ? Int(input[index + 1]) << 8 : 0)
    index += 2
    let module = (word & 0x7FFF) % (side * side)
    if word & 0x8000 != 0 {
      unreliable.setDark(true, x: module % side, y: module / side)
      if word & 1 != 0 { grid.invert(x: module % side, y: module / side) }
    } else {
      grid.invert(x: module % side, y: module / side)
    }
  }
  return (grid.transposed(), unreliable.transposed())
}

@Test func erasuresAtFullCapacityFromFuzzInputGiveNoWrongPayload() throws {
  var options = EncodeOptions()
  options.errorCorrectionLevel = .quartile
  options.symbolKinds = [.micro]
  options.version = SymbolVersion("M4")
  let payload = Array("MICRO QR M4".utf8)
  let symbol = try Encoder.encode(payload, options: options)
  let (grid, unreliable) = mutatedGrid(symbol, fuzzInput)
  let decoded = try? Decoder.decode(grid, unreliableModules: unreliable, allowsMirrored: true)
  #expect(decoded == nil || decoded?.bytes == payload)
}

/// The same flaw built by hand: in a 5-M symbol, erase every error correction codeword of the
/// first block and invert one module of a payload codeword of that block. The weight 2 + 18
/// exceeds the block's 18 parity codewords, so no decoder can promise the payload, but the
/// retry without erasures corrects the single error; a wrong payload is never acceptable.
@Test func erasedParityAndOneErrorGiveNoWrongPayload() throws {
  let version = SymbolVersion.qr(Version(uncheckedNumber: 5))
  var options = EncodeOptions()
  options.errorCorrectionLevel = .medium
  options.version = version
  options.mode = .byte
  let payload = (0..<60).map { UInt8($0 * 7 % 256) }
  let symbol = try Encoder.encode(payload, options: options)
  let map = CodewordMap(version, .medium)
  guard let structure = version.blockStructure(.medium) else { return }
  let block = map.codewordsByBlock[0]
  let dataCount = structure.dataCodewordsPerBlock[0]
  var grid = symbol.matrix
  var unreliable = BitMatrix(size: grid.size)
  for codeword in block[dataCount...] {
    let module = map.modules[codeword][0]
    unreliable.setDark(true, x: module % grid.size, y: module / grid.size)
  }
  // Codeword 5 of the block lies inside the payload (after the 4-bit mode and 8-bit count).
  let module = map.modules[block[5]][3]
  grid.invert(x: module % grid.size, y: module / grid.size)

  #expect(try Decoder.decode(grid).bytes == payload)  // errors alone: corrected
  let decoded = try? Decoder.decode(grid, unreliableModules: unreliable)
  #expect(decoded == nil || decoded?.bytes == payload)
}
