// SPDX-License-Identifier: MIT
// libFuzzer target: qrdedupe's JSON-lines path (options, LineReader, Deduplicator, JSON scanner),
// plus a differential check of JSONObjectScanner against Foundation's JSONSerialization.

import Foundation
import FuzzSupport
import Glibc
import QRCore

// Input layout:
//   bytes 0-3  option choices (see `arguments(_:)`), parsed by qrdedupe's own option table
//   rest       the input lines
//
// Environment:
//   FUZZ_JSON_DIFFERENCES=DIR   write each line on which the scanner and JSONSerialization
//                               disagree (and that no rule below explains) to DIR
//   FUZZ_JSON_DIFFERENCES_FATAL=1   make such a disagreement a crash, for minimizing it

let file = MemoryFile()
let devNull = open("/dev/null", O_WRONLY)
let differencesDirectory = ProcessInfo.processInfo.environment["FUZZ_JSON_DIFFERENCES"]
let differencesAreFatal = ProcessInfo.processInfo.environment["FUZZ_JSON_DIFFERENCES_FATAL"] == "1"

/// Lines up to this length also go through the differential check.
let differentialLimit = 1024

/// Each option: the words a choice of 0...(count) selects; 0 leaves the option out.
let optionChoices: [[String]] = [
  ["--mode=interval", "--mode=rearm", "--mode=global", "--mode=once"],
  ["--interval=0", "--interval=0.5", "--interval=1", "--interval=30"],
  ["--key=payload", "--key=text", "--key=payload,corners", "--key=symbology,version,x"],
  ["--count=1", "--count=3", "--confirm=2", "--confirm=3"],
  ["--events", "--assemble", "--strict", "--events --assemble"],
  ["--move=0", "--move=5", "--linger=0.5", "--linger=10"],
  ["--clock=wall", "--clock=record", "--max-keys=1", "--max-keys=3"],
  ["--max-line-length=16", "--max-line-length=300", "--max-keys=2 --clock=wall", "--strict"],
]

/// A clock that moves 0.25 s at every reading, so that wall-clock runs are deterministic.
final class SteppingClock: ArrivalClock {
  private var now = 0.0
  func seconds() -> Double {
    now += 0.25
    return now
  }
}

/// qrdedupe's argument words chosen by the first four input bytes (three bits per option).
func arguments(_ input: inout FuzzInput) -> [String] {
  var bits = Int(input.byte()) | Int(input.byte()) << 8 | Int(input.byte()) << 16
  _ = input.byte()  // reserved, so that seeds keep their meaning if options are added
  var words: [String] = []
  for choices in optionChoices {
    let choice = bits & 7
    bits >>= 3
    if choice >= 1 && choice <= choices.count {
      words += choices[choice - 1].split(separator: " ").map(String.init)
    }
  }
  return words
}

/// Runs one input; libFuzzer calls it for every input it tries. Returns 0 (keep the input).
@_cdecl("LLVMFuzzerTestOneInput")
public func test(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  var input = FuzzInput(data, size)
  let words = arguments(&input)
  let lines = input.rest
  compareWithFoundation(lines)
  guard let parsed = try? DedupeCommand.spec.parse(words),
    let configuration = try? DedupeConfiguration(arguments: parsed)
  else { return 0 }
  file.load(lines)
  let output = FileDescriptor(rawValue: devNull)
  let runner = DedupeRunner(
    configuration: configuration,
    diagnostics: Diagnostics(program: "qrdedupe", output: output), output: output,
    clock: SteppingClock())
  do {
    _ = try runner.run(operands: [file.path])
  } catch {
    finding("writing to /dev/null failed: \(error)")
  }
  return 0
}

// MARK: - Differential check

/// Compares the scanner's verdict on each short line with JSONSerialization's.
func compareWithFoundation(_ text: UnsafeRawBufferPointer) {
  var scanner = JSONObjectScanner()
  var start = 0
  while start <= text.count {
    let end = text[start...].firstIndex(of: 0x0A) ?? text.count
    defer { start = end + 1 }
    let line = UnsafeRawBufferPointer(rebasing: text[start..<end])
    guard line.count <= differentialLimit else { continue }
    let ours = scanner.scan(line)
    let data = Data(line)
    let theirs = (try? JSONSerialization.jsonObject(with: data)) is [String: Any]
    guard ours != theirs, !isKnownDifference(line, scannerAccepts: ours) else { continue }
    record(line, scannerAccepts: ours)
  }
}

/// Disagreements that are Foundation's, not the scanner's, and so not findings (each checked
/// against RFC 8259 and explained in Fuzz/README.md).
func isKnownDifference(_ line: UnsafeRawBufferPointer, scannerAccepts: Bool) -> Bool {
  // Foundation guesses UTF-16 and UTF-32 from NUL bytes among the first four and accepts a
  // UTF-8 byte order mark; RFC 8259 JSON exchanged between systems is UTF-8 only (section 8.1).
  if line.prefix(4).contains(0) { return !scannerAccepts }
  if line.starts(with: [0xEF, 0xBB, 0xBF]) { return !scannerAccepts }
  return false
}

func record(_ line: UnsafeRawBufferPointer, scannerAccepts: Bool) {
  let verdict =
    scannerAccepts
    ? "scanner accepts, JSONSerialization refuses" : "scanner refuses, JSONSerialization accepts"
  if differencesAreFatal {
    finding("\(verdict): \(Array(line))")
  }
  guard let directory = differencesDirectory else { return }
  var hasher = Hasher()
  hasher.combine(bytes: line)
  let name =
    "\(directory)/\(scannerAccepts ? "accepts" : "refuses")-\(UInt(bitPattern: hasher.finalize()))"
  _ = FileManager.default.createFile(atPath: name, contents: Data(line))
}
