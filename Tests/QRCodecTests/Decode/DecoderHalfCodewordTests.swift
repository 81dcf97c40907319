// SPDX-License-Identifier: MIT
// Micro QR's 4-bit final data codeword: the spare low half as some encoders fill it.

import Testing

@testable import QRCodec

/// An M3 grid sampled by QRVision from microqrcode-1/9 (a printed label): its Reed–Solomon
/// codewords are consistent with the 4-bit final data codeword's spare low half set to 1111,
/// not 0000, and one codeword is wrong.
private let labelM3 = [
  "#######.#.#.#.#", "#.....#....###.", "#.###.#...#####", "#.###.#..##..##",
  "#.###.#....#...", "#.....#.#.....#", "#######.#####..", "..........#.#.#",
  "#...##..###.#..", "...###.#..#.###", "#.....##.#.##..", "...#..##.##..#.",
  "##.####.####.##", "....##.###.#..#", "######.####.###",
]

@Test func spareHalfOfOnesDecodes() throws {
  let grid = try #require(BitMatrix(rows: labelM3.map { $0.map { $0 == "#" } }))
  let symbol = try Decoder.decode(grid)
  #expect(symbol.text == "ezik")
  #expect(symbol.version == .micro(.m3))
  #expect(symbol.blocks.map(\.errorCount) == [1])
}
