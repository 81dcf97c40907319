// SPDX-License-Identifier: MIT
// The decoder benchmark's driver (Benchmarks/decode.sh builds and runs it; see there).

import Glibc
import QRCodec

/// Decodes per second for symbols at versions 10 and 40, clean and with every block damaged to
/// its capacity, and for a grid that fails; writes the same symbols as PGM for zxing-cpp.
///
///     DecodeBench OUTPUT-DIRECTORY
///
/// Prints one tab-separated line per case: name, CPU µs per decode, decodes per CPU second,
/// errors corrected, rounds, PGM file (or `-`). Times are CPU time of this process, which a
/// busy shared machine disturbs less than wall time.
@main
enum DecodeBench {
  static func main() throws {
    guard CommandLine.arguments.count == 2 else {
      fputs("usage: DecodeBench OUTPUT-DIRECTORY\n", stderr)
      exit(64)
    }
    let directory = CommandLine.arguments[1]
    _ = try? Decoder.decode(BitMatrix(size: 21))  // the decoder's lazily built tables
    var generator = SplitMix64(seed: 2026)
    for number in [10, 40] {
      let (payload, symbol) = try fullSymbol(number, using: &generator)
      let clean = symbol.matrix
      let damaged = try damageToCapacity(clean, payload: payload, using: &generator)
      for (label, grid) in [("clean", clean), ("max-errors", damaged)] {
        let name = "v\(number)-M-\(label)"
        let file = "\(directory)/\(name).pgm"
        try writePGM(grid, to: file)
        try writeBytes(payload, to: "\(directory)/\(name).payload")
        let decoded = try Decoder.decode(grid)
        guard decoded.bytes == payload else { fatalError("\(name): wrong payload") }
        let errors = decoded.blocks.reduce(0) { $0 + $1.errorCount }
        report(name, errors: errors, file: file) { _ = try? Decoder.decode(grid) }
      }
    }
    var random = BitMatrix(size: 57)
    for y in 0..<57 {
      for x in 0..<57 where generator.next() & 1 == 1 { random.setDark(true, x: x, y: y) }
    }
    guard (try? Decoder.decode(random)) == nil else { fatalError("a random grid decoded") }
    report("random-57-fails", errors: 0, file: nil) { _ = try? Decoder.decode(random) }
  }

  /// Runs `body` in batches until half a CPU second has passed and prints the median batch.
  static func report(_ name: String, errors: Int, file: String?, _ body: () -> Void) {
    var rounds = 1
    while cpuSeconds(repeating: rounds, body) < 0.02 { rounds *= 2 }
    var samples: [Double] = []
    var spent = 0.0
    while samples.count < 5 || spent < 0.5 {
      let seconds = cpuSeconds(repeating: rounds, body)
      samples.append(seconds / Double(rounds))
      spent += seconds
    }
    samples.sort()
    let perDecode = samples[samples.count / 2]
    let microseconds: Double = (perDecode * 1e7).rounded() / 10
    let rate = Int((1 / perDecode).rounded())
    let runs = rounds * samples.count
    let fields: [String] = [
      name, "\(microseconds)", "\(rate)", "\(errors)", "\(runs)", file ?? "-",
    ]
    print(fields.joined(separator: "\t"))
  }

  /// The process CPU time `body` takes when run `count` times.
  static func cpuSeconds(repeating count: Int, _ body: () -> Void) -> Double {
    func now() -> Double {
      var time = timespec()
      clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
      return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
    let start = now()
    for _ in 0..<count { body() }
    return now() - start
  }

  // MARK: - Symbols

  /// A version-`number` level-M symbol whose byte payload fills it (the longest that fits).
  static func fullSymbol(
    _ number: Int, using generator: inout SplitMix64
  ) throws -> ([UInt8], EncodedSymbol) {
    guard let version = SymbolVersion("\(number)"), let bits = version.dataBitCapacity(.medium)
    else { fatalError("version \(number)") }
    var options = EncodeOptions()
    options.errorCorrectionLevel = .medium
    options.version = version
    options.mode = .byte
    // Mode indicator (4 bits) and a 16-bit character count at versions 10 and above.
    var count = (bits - 4 - 16) / 8
    while count > 0 {
      let payload = (0..<count).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
      if let symbol = try? Encoder.encode(payload, options: options) { return (payload, symbol) }
      count -= 1
    }
    fatalError("no payload fits version \(number)")
  }

  /// `grid` with modules inverted until every block holds as many errors as it can correct,
  /// chosen greedily through the public API: an inversion is kept only when the decode still
  /// returns `payload` with one more corrected error in all, so no block goes past capacity.
  static func damageToCapacity(
    _ grid: BitMatrix, payload: [UInt8], using generator: inout SplitMix64
  ) throws -> BitMatrix {
    var damaged = grid
    let size = grid.size
    var order = Array(0..<size * size)
    for index in order.indices.reversed() {
      order.swapAt(index, Int(generator.next() % UInt64(index + 1)))
    }
    var corrected = 0
    for index in order {
      let (x, y) = (index % size, index / size)
      damaged.invert(x: x, y: y)
      if let decoded = try? Decoder.decode(damaged, allowsMirrored: false),
        decoded.bytes == payload, decoded.formatInformationBitErrors == 0,
        decoded.blocks.reduce(0, { $0 + $1.errorCount }) == corrected + 1
      {
        corrected += 1
        if decoded.blocks.allSatisfy({ 2 * $0.errorCount == $0.capacity }) { return damaged }
      } else {
        damaged.invert(x: x, y: y)
      }
    }
    fatalError("could not damage every block to capacity")
  }

  // MARK: - Files

  /// The grid as a binary PGM, 4 pixels per module and a 4-module quiet zone.
  static func writePGM(_ grid: BitMatrix, to path: String) throws {
    let scale = 4
    let margin = 4
    let side = (grid.size + 2 * margin) * scale
    var bytes = Array("P5\n\(side) \(side)\n255\n".utf8)
    for row in 0..<side {
      for column in 0..<side {
        let x = column / scale - margin
        let y = row / scale - margin
        let isInside = (0..<grid.size).contains(x) && (0..<grid.size).contains(y)
        bytes.append(isInside && grid.isDark(x: x, y: y) ? 0 : 255)
      }
    }
    try writeBytes(bytes, to: path)
  }

  static func writeBytes(_ bytes: [UInt8], to path: String) throws {
    guard let file = fopen(path, "wb") else { fatalError("cannot write \(path)") }
    defer { fclose(file) }
    guard fwrite(bytes, 1, bytes.count, file) == bytes.count else { fatalError("short write") }
  }
}

/// A small deterministic generator (Steele, Lea and Flood's SplitMix64).
struct SplitMix64 {
  private var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
