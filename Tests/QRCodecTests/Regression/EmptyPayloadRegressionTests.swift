// SPDX-License-Identifier: MIT
// Fuzz finding (FuzzDecoder, 2026-11-29): grids whose data codewords are all zero (or within
// error correction of that) decode as a symbol with an empty payload.

import Testing

@testable import QRCodec

// A symbol's data codewords never are all zero: after the terminator an encoder pads with
// 0xEC 0x11 (ISO/IEC 18004:2015, 7.4.10), and an empty payload still has its pad codewords. But
// the zero codeword is a valid Reed–Solomon codeword of every block, and the segment parser reads
// 0000 as a terminator, so any grid whose unmasked data region is close to zero "decodes". In a
// 5-minute FuzzDecoder run, 126 random grids did so within the first minute (versions 1 and 3,
// 2 to 13 corrected errors, empty payload each time); a detector sampling a texture that matches
// a mask pattern (mask 0 is a checkerboard) would report an empty QR Code.
//
// Fixed: the decoder refuses all-zero data codewords (`DecodeError.noData`).

/// The FuzzDecoder input (random-grid mode): size index 2 (29 modules), no unreliable modules,
/// then the modules as bits, row by row.
private let fuzzInput: [UInt8] = [
  0x28, 0x02, 0x02, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x55, 0x55, 0x55, 0x55, 0x55, 0x55,
  0x55, 0x55, 0x55, 0x55, 0x55, 0x55, 0x55, 0x55, 0x55, 0x55, 0x55, 0x55, 0x55, 0x55, 0x55, 0x55,
  0x55, 0x55, 0x55, 0x55, 0x55, 0x55, 0x55, 0x55, 0x55, 0x55, 0x55, 0x55, 0x55, 0x55, 0x55, 0x55,
  0x55, 0x55, 0x55, 0x55, 0x55, 0x55, 0x55, 0x55, 0x55, 0x55, 0x55, 0x55, 0x55, 0x55, 0x55, 0x55,
  0x55, 0x55, 0x55, 0x55, 0x55, 0x55, 0x55, 0x55, 0x55, 0x55, 0x55, 0x55, 0x55, 0x55, 0x55, 0x55,
  0x55, 0x55, 0x55, 0x55, 0x55, 0x55, 0x55, 0x55, 0x55, 0x55, 0x55, 0x55, 0x55, 0x55, 0x55, 0x55,
  0x55, 0x55, 0x55, 0x55, 0x55, 0x55, 0x55, 0x55, 0x55, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
  0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
]

/// The grid the fuzz target builds from `input` in its random-grid mode.
private func randomGrid(_ input: [UInt8]) -> BitMatrix {
  let sizes = Array(stride(from: 21, through: 177, by: 4)) + [11, 13, 15, 17]
  let side = sizes[Int(input[1]) % sizes.count]
  var grid = BitMatrix(size: side)
  let bits = input[3...]
  for index in 0..<min(side * side, bits.count * 8)
  where bits[bits.startIndex + index / 8] & (1 << (index % 8)) != 0 {
    grid.setDark(true, x: index % side, y: index / side)
  }
  return grid
}

@Test func randomGridFromFuzzInputIsNotASymbol() {
  let grid = randomGrid(fuzzInput)
  #expect(throws: DecodeError.self) { try Decoder.decode(grid, allowsMirrored: false) }
}

/// By hand: a 1-M symbol whose data modules all equal its mask, so that unmasking leaves zeros.
@Test func zeroDataCodewordsAreNotASymbol() throws {
  let version = SymbolVersion.qr(Version(uncheckedNumber: 1))
  var options = EncodeOptions()
  options.errorCorrectionLevel = .medium
  options.version = version
  let symbol = try Encoder.encode(Array("zero".utf8), options: options)
  var grid = symbol.matrix
  for module in CodewordMap(version, .medium).modules.joined() {
    let (x, y) = (module % grid.size, module / grid.size)
    grid.setDark(symbol.mask.inverts(x: x, y: y), x: x, y: y)
  }
  #expect(throws: DecodeError.self) { try Decoder.decode(grid, allowsMirrored: false) }
}
