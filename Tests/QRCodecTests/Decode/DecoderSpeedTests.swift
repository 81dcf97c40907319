// SPDX-License-Identifier: MIT
// Decode speed: microseconds per grid at versions 10 and 40, clean and at full capacity.

import QRRandom
import Testing

@testable import QRCodec

/// A grid of `version` at level M with every block damaged up to its capacity (errors only).
private func damagedGrid(_ version: Version, errors: Bool) throws -> BitMatrix {
  let (_, symbol) = try DecodeFixture.symbol(
    .byte, .qr(version), .medium, Mask(uncheckedPattern: 3), seed: 5)
  guard errors else { return symbol.matrix }
  let map = CodewordMap(.qr(version), .medium)
  let capacity = BlockStructure(version, .medium).errorCorrectionCodewordsPerBlock / 2
  var generator = SplitMix64(seed: 17)
  var grid = symbol.matrix
  for codewords in map.codewordsByBlock {
    for index in generator.distinct(capacity, in: 0..<codewords.count) {
      grid.damage(map.modules[codewords[index]], using: &generator)
    }
  }
  return grid
}

/// Prints µs per decode (run with `-c release -Xswiftc -enable-testing` for real numbers) and
/// checks a loose bound that holds even in debug builds.
@Test func decodeSpeed() throws {
  let clock = ContinuousClock()
  let first = clock.measure { _ = try? Decoder.decode(BitMatrix(size: 57)) }
  print("decode: first call (builds 44 layouts) \(first)")
  for number in [10, 40] {
    for errors in [false, true] {
      let version = Version(uncheckedNumber: number)
      let grid = try damagedGrid(version, errors: errors)
      let expected = try Decoder.decode(grid)
      let rounds = number == 10 ? 200 : 20
      var result: DecodedSymbol?
      let elapsed = clock.measure {
        for _ in 0..<rounds { result = try? Decoder.decode(grid) }
      }
      #expect(result == expected)
      let microseconds =
        Double(elapsed.components.seconds) * 1e6 + Double(elapsed.components.attoseconds) / 1e12
      let perDecode = microseconds / Double(rounds)
      let corrected = expected.blocks.reduce(0) { $0 + $1.errorCount }
      print("decode: version \(number)-M, \(corrected) errors corrected: \(perDecode) µs")
      #expect(perDecode < (number == 10 ? 20_000 : 200_000))
    }
  }
  // Failure is cheap: unreadable format information.
  let blank = BitMatrix(size: 57)
  let failure = clock.measure { for _ in 0..<1000 { _ = try? Decoder.decode(blank) } }
  print("decode: failure (format information, both orientations) \(failure / 1000) per grid")
}
