// SPDX-License-Identifier: MIT

import QRRandom
import Testing

@testable import QRCodec

/// A random codeword: `dataCount` random data codewords and their error correction codewords.
private func randomCodeword(
  dataCount: Int, parity: Int, using generator: inout SplitMix64
) -> [UInt8] {
  let data = (0..<dataCount).map { _ in UInt8.random(in: 0...255, using: &generator) }
  return data
    + ReedSolomonEncoder.remainder(
      dividing: data, by: ReedSolomonEncoder.generator(degree: parity))
}

/// Adds a nonzero random value at each position.
private func corrupt(
  _ codeword: inout [UInt8], at positions: [Int], using generator: inout SplitMix64
) {
  for position in positions { codeword[position] ^= UInt8.random(in: 1...255, using: &generator) }
}

@Test func cleanBlockNeedsNoCorrection() throws {
  var generator = SplitMix64(seed: 1)
  var block = randomCodeword(dataCount: 16, parity: 10, using: &generator)
  let original = block
  let correction = try ReedSolomonDecoder.correct(&block, errorCorrectionCodewordCount: 10)
  #expect(correction == ReedSolomonDecoder.Correction(errorCount: 0, erasureCount: 0))
  #expect(block == original)
}

/// ISO/IEC 18004:2015, Annex I's 1-M codeword with two codewords damaged.
@Test func annexICodewordWithTwoErrors() throws {
  let original: [UInt8] = [
    0x10, 0x20, 0x0C, 0x56, 0x61, 0x80, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11,
    0xA5, 0x24, 0xD4, 0xC1, 0xED, 0x36, 0xC7, 0x87, 0x2C, 0x55,
  ]
  var block = original
  block[0] = 0x00
  block[20] = 0xFF
  let correction = try ReedSolomonDecoder.correct(&block, errorCorrectionCodewordCount: 10)
  #expect(block == original)
  #expect(correction.errorCount == 2)
}

/// Every split 2e + f ≤ n − k corrects exactly, for block shapes QR Code uses.
@Test(arguments: [(19, 7), (16, 10), (13, 13), (9, 17), (3, 2), (5, 5), (4, 6), (16, 8), (15, 30)])
func correctsEveryErrorErasureSplitWithinCapacity(dataCount: Int, parity: Int) throws {
  var generator = SplitMix64(seed: UInt64(dataCount * 1000 + parity))
  let n = dataCount + parity
  for f in 0...parity {
    for e in 0...((parity - f) / 2) {
      for _ in 0..<8 {
        let original = randomCodeword(dataCount: dataCount, parity: parity, using: &generator)
        let positions = generator.distinct(e + f, in: 0..<n)
        var block = original
        corrupt(&block, at: Array(positions.prefix(e)), using: &generator)
        // Erased codewords get any value, sometimes the right one.
        for position in positions.dropFirst(e) {
          block[position] = UInt8.random(in: 0...255, using: &generator)
        }
        let correction = try ReedSolomonDecoder.correct(
          &block, errorCorrectionCodewordCount: parity, erasures: Array(positions.dropFirst(e)))
        #expect(block == original, "e \(e) f \(f)")
        #expect(correction.errorCount == e || e == 0)
      }
    }
  }
}

/// Property: over thousands of seeds, errata of weight 2e + f ≤ n − k are corrected exactly, and
/// errata of weight n − k + 1 are always reported, never turned into another codeword.
///
/// The second half is guaranteed by the minimum distance n − k + 1: a codeword c′ reached with
/// weight ≤ n − k from a word at weight n − k + 1 from c would be within distance n − k of c.
/// Weights of n − k + 2 or more can be miscorrected (bounded-distance decoding; rarely for large
/// blocks, up to n/255 of the time when one error of capacity remains), which is why QR Code
/// reserves misdecode protection codewords in its smallest blocks.
@Test(arguments: [(19, 7), (16, 10), (13, 22), (15, 30), (5, 5), (10, 14), (118, 30), (3, 2)])
func beyondCapacityIsAnErrorNeverAWrongBlock(dataCount: Int, parity: Int) {
  let n = dataCount + parity
  var wrong = 0
  var corrected = 0
  var detected = 0
  for seed in 0..<2000 {
    var generator = SplitMix64(seed: UInt64(seed))
    let original = randomCodeword(dataCount: dataCount, parity: parity, using: &generator)
    let beyond = seed % 2 == 1
    let weight = beyond ? parity + 1 : parity
    // f has the parity of the weight, so that e = (weight − f) / 2 is whole.
    var f = Int.random(in: 0...min(weight, parity), using: &generator)
    if (weight - f) % 2 != 0 { f += f > 0 ? -1 : 1 }
    let e = (weight - f) / 2
    guard f >= 0, e + f <= n else { continue }
    let positions = generator.distinct(e + f, in: 0..<n)
    var block = original
    corrupt(&block, at: positions, using: &generator)
    let erasures = Array(positions.dropFirst(e))
    do {
      _ = try ReedSolomonDecoder.correct(
        &block, errorCorrectionCodewordCount: parity, erasures: erasures)
      if block == original { corrected += 1 } else { wrong += 1 }
      #expect(!beyond, "seed \(seed): e \(e) f \(f) beyond capacity accepted")
      #expect(block == original, "seed \(seed)")
    } catch {
      detected += 1
      #expect(beyond, "seed \(seed): e \(e) f \(f) within capacity: \(error)")
    }
  }
  #expect(wrong == 0)
  #expect(corrected >= 700 && detected >= 700)
}

@Test func limitRejectsCorrectionsInTheMisdecodeProtectionMargin() {
  var generator = SplitMix64(seed: 7)
  let original = randomCodeword(dataCount: 19, parity: 7, using: &generator)
  var block = original
  corrupt(&block, at: [1, 5, 9], using: &generator)
  // 1-L: 7 codewords, p = 3, so at most 2 errors.
  #expect(throws: ReedSolomonError.beyondLimit(weight: 6, limit: 4)) {
    try ReedSolomonDecoder.correct(&block, errorCorrectionCodewordCount: 7, limit: 4)
  }
  var twoErrors = original
  corrupt(&twoErrors, at: [3, 20], using: &generator)
  #expect(throws: Never.self) {
    try ReedSolomonDecoder.correct(&twoErrors, errorCorrectionCodewordCount: 7, limit: 4)
  }
  #expect(twoErrors == original)
}

@Test func tooManyErasuresIsAnError() {
  var block = [UInt8](repeating: 1, count: 10)
  #expect(throws: ReedSolomonError.tooManyErasures(count: 6, limit: 5)) {
    try ReedSolomonDecoder.correct(
      &block, errorCorrectionCodewordCount: 5, erasures: [0, 1, 2, 3, 4, 5])
  }
}

@Test func failedCorrectionLeavesTheBlockUnchanged() {
  var generator = SplitMix64(seed: 11)
  var block = randomCodeword(dataCount: 10, parity: 4, using: &generator)
  corrupt(&block, at: [0, 1, 2, 3, 4, 5, 6], using: &generator)
  let received = block
  _ = try? ReedSolomonDecoder.correct(&block, errorCorrectionCodewordCount: 4)
  #expect(block == received)
}
