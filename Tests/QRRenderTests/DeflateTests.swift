// SPDX-License-Identifier: MIT

import Testing

@testable import QRRender

@Test func adler32KnownAnswers() {
  #expect(Deflate.adler32([]) == 1)
  #expect(Deflate.adler32(Array("Wikipedia".utf8)) == 0x11E6_0398)
  // Long input crosses the 5552-byte modulo boundary many times.
  #expect(Deflate.adler32([UInt8](repeating: 0xFF, count: 100_000)) == 0x149A_302C)
}

@Test func fixedHuffmanLiteralsAndEndOfBlock() {
  // "a" is literal 0x61 → code 0x30 + 0x61 = 0x91 (8 bits), then end of block (7 zero bits).
  // Bits in stream order: 1 (BFINAL), 1 0 (BTYPE 01 LSB first), 1001 0001 (MSB first), 0000000.
  #expect(Deflate.fixedHuffman([0x61]) == [0x4B, 0x04, 0x00])
}

@Test func storedBlocksCarryTheBytesAsTheyAre() {
  #expect(Deflate.stored([1, 2, 3]) == [0x01, 0x03, 0x00, 0xFC, 0xFF, 1, 2, 3])
  #expect(Deflate.stored([]) == [0x01, 0x00, 0x00, 0xFF, 0xFF])
  let large = Deflate.stored([UInt8](repeating: 7, count: 70_000))
  #expect(large.count == 70_000 + 10)
  #expect(large[0] == 0 && large[65_540] == 1)
}

private struct Sample: CustomTestStringConvertible, Sendable {
  var name: String
  var bytes: [UInt8]
  var rowLength: Int?
  var testDescription: String { name }
}

private let samples: [Sample] = {
  var generator = SystemRandomNumberGenerator()
  let random = (0..<5000).map { _ in UInt8.random(in: 0...255, using: &generator) }
  let rows = (0..<300).flatMap { row in
    (0..<41).map { UInt8(truncatingIfNeeded: ($0 / 5 + row / 4) * 37) }
  }
  return [
    Sample(name: "empty", bytes: [], rowLength: nil),
    Sample(name: "one byte", bytes: [9], rowLength: nil),
    Sample(name: "long run", bytes: [UInt8](repeating: 0, count: 100_000), rowLength: nil),
    Sample(name: "random (stored)", bytes: random, rowLength: 100),
    Sample(name: "repeated rows", bytes: rows, rowLength: 41),
    Sample(
      name: "all lengths",
      bytes: (0..<600).flatMap { [UInt8](repeating: UInt8($0 % 251), count: $0 % 300) },
      rowLength: 7),
  ]
}()

@Test(.enabled(if: Python.isAvailable, Python.unavailableReason), arguments: samples)
private func zlibStreamsInflateWithPythonZlib(sample: Sample) throws {
  let stream = Deflate.zlib(sample.bytes, rowLength: sample.rowLength)
  let output = try Python.run(
    """
    import sys, zlib, hashlib
    data = zlib.decompress(open(sys.argv[1], 'rb').read())
    print(len(data), hashlib.sha256(data).hexdigest())
    """, files: [stream])
  let expected = try Python.run(
    "import sys, hashlib; d = open(sys.argv[1], 'rb').read(); print(len(d), hashlib.sha256(d).hexdigest())",
    files: [sample.bytes])
  #expect(output == expected)
}

@Test(.enabled(if: Python.isAvailable, Python.unavailableReason), arguments: samples)
private func everyBlockKindInflatesWithPythonZlib(sample: Sample) throws {
  let blocks = [
    Deflate.fixedHuffman(sample.bytes, rowLength: sample.rowLength),
    Deflate.dynamicHuffman(sample.bytes, rowLength: sample.rowLength),
    Deflate.stored(sample.bytes),
  ]
  let output = try Python.run(
    """
    import sys, zlib
    expected = open(sys.argv[1], 'rb').read()
    print(' '.join(str(zlib.decompress(open(p, 'rb').read(), -15) == expected) for p in sys.argv[2:]))
    """, files: [sample.bytes] + blocks)
  #expect(output == "True True True\n")
}

@Test func huffmanCodeLengthsAreCompleteAndLimited() {
  // Fibonacci frequencies give the deepest tree: unlimited, 30 symbols would need 29 bits.
  var fibonacci = [1, 1]
  while fibonacci.count < 30 {
    fibonacci.append(fibonacci[fibonacci.count - 1] + fibonacci[fibonacci.count - 2])
  }
  for (frequencies, limit) in [(fibonacci, 15), (fibonacci, 7), ([5, 0, 0, 3, 9, 1], 15)] {
    let lengths = HuffmanCode.lengths(frequencies, limit: limit)
    #expect(lengths.max() ?? 0 <= limit)
    // Kraft: a complete prefix code has sum 2^-length == 1.
    let kraft = lengths.filter { $0 > 0 }.reduce(0.0) { $0 + 1 / Double(1 << $1) }
    #expect(kraft == 1)
    #expect(zip(frequencies, lengths).allSatisfy { ($0 == 0) == ($1 == 0) })
  }
  #expect(HuffmanCode.lengths([0, 4, 0], limit: 15) == [0, 1, 0])
  // RFC 1951, 3.2.2's example: lengths (3, 3, 3, 3, 3, 2, 4, 4) give 010, 011, ... 1111.
  #expect(
    HuffmanCode.canonical([3, 3, 3, 3, 3, 2, 4, 4]).map(\.code)
      == [0b010, 0b011, 0b100, 0b101, 0b110, 0b00, 0b1110, 0b1111])
}

@Test func qrRastersCompressWell() throws {
  let symbol = try Fixture.symbol(String(repeating: "https://example.com/", count: 40))
  let png = Renderer.render(symbol, as: .png, options: RenderOptions(scale: 4))
  let side = (symbol.size + 8) * 4
  let scanlineBytes = side * (1 + (side + 7) / 8)
  // About a bit per module, whatever the scale: measured 1:17 at scale 4; fail on a regression.
  #expect(png.count * 10 < scanlineBytes, "\(png.count) bytes for \(scanlineBytes) of scanlines")
}
