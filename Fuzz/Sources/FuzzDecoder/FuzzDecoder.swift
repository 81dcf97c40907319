// SPDX-License-Identifier: MIT
// libFuzzer target: Decoder.decode on random grids and on real symbols with modules flipped.

import Foundation
import FuzzSupport
import QRCore

// Input layout:
//   byte 0   mode: bit 0 clear = random grid, set = a real symbol mutated
//            bit 1: allowsMirrored; bit 2: transpose the mutated symbol (the mirror path)
//   Random grid:
//     byte 1   size: 21...177 step 4 (indices 0...39) or 11...17 step 2 (40...43)
//     byte 2   bit 0: mark the modules of the following bytes' 1-bits unreliable too, with 1/8 of them
//     rest     modules, one bit each, row by row (missing bits are light); a grid that decodes
//              is recorded like a misread (as misread-e-1-…)
//   Mutated symbol:
//     byte 1   which fixture (Fixtures.symbols)
//     then     pairs of bytes: a module index (little-endian, modulo size²); the top bit of the
//              second byte marks the module unreliable instead of (only) flipping it
//
// A decode that returns a payload other than the fixture's is a finding when the damage was within
// what error correction must correct (`mustDecode`); beyond that, Reed–Solomon may honestly land on
// another codeword, and such misreads are only recorded (FUZZ_MISREADS=DIR) for reading by hand
// (FUZZ_MISREADS_FATAL=1 makes them crashes too, to see the details of one).

let misreadDirectory = ProcessInfo.processInfo.environment["FUZZ_MISREADS"]
let misreadsAreFatal = ProcessInfo.processInfo.environment["FUZZ_MISREADS_FATAL"] == "1"
let sizes = Array(stride(from: 21, through: 177, by: 4)) + [11, 13, 15, 17]

/// Runs one input; libFuzzer calls it for every input it tries. Returns 0 (keep the input).
@_cdecl("LLVMFuzzerTestOneInput")
public func test(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  var input = FuzzInput(data, size)
  let mode = input.byte()
  let allowsMirrored = mode & 2 != 0
  if mode & 1 == 0 {
    decodeRandomGrid(&input, allowsMirrored: allowsMirrored)
  } else {
    decodeMutatedSymbol(&input, allowsMirrored: allowsMirrored, transposes: mode & 4 != 0)
  }
  return 0
}

func decodeRandomGrid(_ input: inout FuzzInput, allowsMirrored: Bool) {
  let side = sizes[Int(input.byte()) % sizes.count]
  let marksUnreliable = input.byte() & 1 != 0
  var grid = BitMatrix(size: side)
  var unreliable = BitMatrix(size: side)
  let bits = input.rest
  for index in 0..<min(side * side, bits.count * 8) where bits[index / 8] & (1 << (index % 8)) != 0
  {
    grid.setDark(true, x: index % side, y: index / side)
    if marksUnreliable && index % 8 == 0 {
      unreliable.setDark(true, x: index % side, y: index / side)
    }
  }
  do {
    let decoded = try Decoder.decode(
      grid, unreliableModules: marksUnreliable ? unreliable : nil, allowsMirrored: allowsMirrored)
    checkConsistency(decoded, size: side)
    // Not wrong in itself (the fuzzer may build a valid symbol), but worth a look: noise that
    // passes error correction is a false detection waiting to happen.
    recordMisread(
      input.bytes, errors: -1, erasures: decoded.blocks.reduce(0) { $0 + $1.erasureCount })
  } catch {
    _ = String(describing: error)
  }
}

func decodeMutatedSymbol(_ input: inout FuzzInput, allowsMirrored: Bool, transposes: Bool) {
  let fixtureIndex = Int(input.byte()) % Fixtures.symbols.count
  let fixture = Fixtures.symbols[fixtureIndex]
  var grid = fixture.symbol.matrix
  let side = grid.size
  var unreliable = BitMatrix(size: side)
  var hasUnreliable = false
  while !input.isAtEnd {
    let word = input.uint16()
    let index = (word & 0x7FFF) % (side * side)
    let (x, y) = (index % side, index / side)
    if word & 0x8000 != 0 {
      unreliable.setDark(true, x: x, y: y)
      hasUnreliable = true
      if word & 1 != 0 { grid.invert(x: x, y: y) }
    } else {
      grid.invert(x: x, y: y)
    }
  }
  if transposes {
    grid = grid.transposed()
    unreliable = unreliable.transposed()
  }
  let decoded: DecodedSymbol
  do {
    decoded = try Decoder.decode(
      grid, unreliableModules: hasUnreliable ? unreliable : nil, allowsMirrored: allowsMirrored)
  } catch {
    _ = String(describing: error)
    return
  }
  checkConsistency(decoded, size: side)
  guard decoded.bytes != fixture.payload else { return }
  var errors = 0
  var erasures = 0
  let original = fixture.symbol.matrix
  let reference = transposes ? grid.transposed() : grid
  let marks = transposes ? unreliable.transposed() : unreliable
  for y in 0..<side {
    for x in 0..<side {
      if marks.isDark(x: x, y: y) {
        erasures += 1
      } else if reference.isDark(x: x, y: y) != original.isDark(x: x, y: y) {
        errors += 1
      }
    }
  }
  let isMicro = fixture.symbol.kind == .micro
  if !mustDecode(
    errors: errors, erasures: erasures, capacity: capacities[fixtureIndex], isMicro: isMicro)
  {
    recordMisread(input.bytes, errors: errors, erasures: erasures)
    if !misreadsAreFatal { return }
  }
  finding(
    "wrong payload: \(fixture.symbol.version) \(fixture.symbol.errorCorrectionLevel) "
      + "\(fixture.payload) read as \(decoded.bytes) (\(decoded.version) "
      + "\(decoded.errorCorrectionLevel) mask \(decoded.mask), mirrored \(decoded.isMirrored), "
      + "blocks \(decoded.blocks)); \(errors) modules flipped, \(erasures) marked")
}

/// The error-correction capacity of the fixture's weakest block, in erasures (an error costs 2).
let capacities: [Int] = Fixtures.symbols.map { fixture in
  guard let decoded = try? Decoder.decode(fixture.symbol.matrix) else {
    fatalError("fixture \(fixture.symbol.version) does not decode")
  }
  return decoded.blocks.map(\.capacity).min() ?? 0
}

/// Whether damage this small must be corrected by any decoder: even if every flipped codeword
/// fell in one block, that block stays within its capacity (2 per error, 1 per erasure), and at
/// least one format information copy keeps at most 3 of its 15 bits wrong (one copy in Micro
/// QR; two copies and the BCH code's distance of 7 in QR Code, so at most 6 flips in all).
func mustDecode(errors: Int, erasures: Int, capacity: Int, isMicro: Bool) -> Bool {
  2 * errors + erasures <= capacity && errors + erasures <= (isMicro ? 3 : 6)
}

/// What every decode promises whatever the input.
func checkConsistency(_ decoded: DecodedSymbol, size: Int) {
  guard decoded.version.size == size else {
    finding("\(decoded.version) decoded from a grid of \(size)")
  }
  guard (0...3).contains(decoded.formatInformationBitErrors) else {
    finding("\(decoded.formatInformationBitErrors) format information bit errors")
  }
  _ = decoded.text
  _ = decoded.symbologyIdentifier
}

/// Misreads seen so far, by kind: random grids that decoded (errors -1), and misreads of mutated
/// symbols with and without unreliable modules; printed at exit.
nonisolated(unsafe) var misreadCounts = (randomGrids: 0, withErasures: 0, errorsOnly: 0)
/// Files written per kind: the first `recordLimit` are enough to read by hand, and a fuzzer that
/// has found one finds thousands of its neighbours.
nonisolated(unsafe) var recordedCounts = (randomGrids: 0, mutated: 0)
let recordLimit = 100

/// Runs once before the first input: arranges for the misread counts to be printed at exit.
@_cdecl("LLVMFuzzerInitialize")
public func initialize(
  _ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>>
) -> Int32 {
  atexit {
    let counts = misreadCounts
    print(
      "FuzzDecoder misreads beyond capacity: \(counts.withErasures) with unreliable modules, "
        + "\(counts.errorsOnly) with errors only; random grids decoded: \(counts.randomGrids)")
  }
  return 0
}

/// Counts a misread beyond capacity (or a random grid that decoded) and keeps the first few for
/// reading by hand.
func recordMisread(_ bytes: UnsafeRawBufferPointer, errors: Int, erasures: Int) {
  if errors < 0 {
    misreadCounts.randomGrids += 1
  } else if erasures > 0 {
    misreadCounts.withErasures += 1
  } else {
    misreadCounts.errorsOnly += 1
  }
  guard let directory = misreadDirectory else { return }
  if errors < 0 {
    guard recordedCounts.randomGrids < recordLimit else { return }
    recordedCounts.randomGrids += 1
  } else {
    guard recordedCounts.mutated < recordLimit else { return }
    recordedCounts.mutated += 1
  }
  var hasher = Hasher()
  hasher.combine(bytes: bytes)
  let name = "\(directory)/misread-e\(errors)-x\(erasures)-\(UInt(bitPattern: hasher.finalize()))"
  _ = FileManager.default.createFile(atPath: name, contents: Data(bytes))
}
