// SPDX-License-Identifier: MIT
// libFuzzer target: qrdedupe's JSON-lines path (options, LineReader, Deduplicator, JSON scanner),
// plus a differential check of JSONObjectScanner against Foundation's JSONSerialization.

import Foundation
import FuzzCommandLine
import FuzzSupport
import FuzzTool
import Glibc
import QRCore

// Input layout:
//   bytes 0-3  option choices (see `arguments(_:)`), parsed by qrdedupe's own option table; the
//              fourth byte's low bits (limits) were reserved before, so old seeds run without them
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
  // From the fourth byte: budgets small enough for a few kilobytes of input to fill, time jumps.
  [
    "--max-memory=8K", "--max-memory=12K --events", "--max-time-jump=1",
    "--summary --max-memory=16K",
  ],
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
  var bits =
    Int(input.byte()) | Int(input.byte()) << 8 | Int(input.byte()) << 16
    | Int(input.byte()) << 24
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
    clock: SteppingClock(), showsSummary: Options<DedupeOption>(parsed).has(.summary))
  do {
    _ = try runner.run(operands: [PathName(file.path)])
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

/// Disagreements that are Foundation's, not the scanner's, and so not findings.
///
/// Checked against RFC 8259 (and Python's `json` as a third opinion) on the first run's 539
/// disagreements, and explained in Fuzz/README.md:
/// - NUL bytes among the first four: Foundation guesses UTF-16 or UTF-32; a UTF-8 byte order
///   mark: Foundation skips it. RFC 8259 JSON between systems is UTF-8 without a BOM (8.1).
/// - Escapes of unpaired UTF-16 surrogates (`"\ude00"`): the grammar allows them (8.2 only
///   warns that their meaning is unpredictable); Foundation refuses them.
/// - A trailing comma (`{"a":1,}`): not JSON; Foundation accepts it.
/// - Numbers beyond Double (`1e400`): the grammar allows them (6 lets implementations limit
///   range); Foundation refuses them.
/// A line is a known difference when neutralizing those constructs (`neutralized(_:)`) makes
/// the two agree; anything else is recorded.
func isKnownDifference(_ line: UnsafeRawBufferPointer, scannerAccepts: Bool) -> Bool {
  if line.prefix(4).contains(0) { return !scannerAccepts }
  if line.starts(with: [0xEF, 0xBB, 0xBF]) { return !scannerAccepts }
  let plain = neutralized(line)
  var scanner = JSONObjectScanner()
  let ours = plain.withUnsafeBytes { scanner.scan($0) }
  let theirs = (try? JSONSerialization.jsonObject(with: Data(plain))) is [String: Any]
  return ours == theirs
}

/// `line` with surrogate escapes replaced by `\u0041`, well-formed numbers by `0`, and commas
/// directly before `}` or `]` removed; everything else, malformed numbers included, unchanged.
func neutralized(_ line: UnsafeRawBufferPointer) -> [UInt8] {
  let bytes = Array(line)
  var result: [UInt8] = []
  result.reserveCapacity(bytes.count)
  var index = 0
  var isInString = false
  func isHex(_ byte: UInt8) -> Bool {
    (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
  }
  while index < bytes.count {
    let byte = bytes[index]
    if isInString {
      if byte == UInt8(ascii: "\\"), index + 5 < bytes.count, bytes[index + 1] == UInt8(ascii: "u"),
        bytes[index + 2...index + 5].allSatisfy(isHex),
        let value = Int(String(decoding: bytes[index + 2...index + 5], as: UTF8.self), radix: 16),
        (0xD800...0xDFFF).contains(value)
      {
        result += Array("\\u0041".utf8)
        index += 6
      } else if byte == UInt8(ascii: "\\"), index + 1 < bytes.count {
        result += bytes[index...index + 1]
        index += 2
      } else {
        if byte == UInt8(ascii: "\"") { isInString = false }
        result.append(byte)
        index += 1
      }
      continue
    }
    if byte == UInt8(ascii: "\"") {
      isInString = true
      result.append(byte)
      index += 1
    } else if byte == UInt8(ascii: "-") || (0x30...0x39).contains(byte) {
      var end = index
      while end < bytes.count, Array("0123456789+-.eE".utf8).contains(bytes[end]) { end += 1 }
      result +=
        isWellFormedNumber(bytes[index..<end]) ? [UInt8(ascii: "0")] : Array(bytes[index..<end])
      index = end
    } else if byte == UInt8(ascii: ",") {
      var next = index + 1
      while next < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[next]) { next += 1 }
      if next == bytes.count
        || (bytes[next] != UInt8(ascii: "}") && bytes[next] != UInt8(ascii: "]"))
      {
        result.append(byte)
      }
      index += 1
    } else {
      result.append(byte)
      index += 1
    }
  }
  return result
}

/// Whether `text` is an RFC 8259 number: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
func isWellFormedNumber(_ text: ArraySlice<UInt8>) -> Bool {
  var rest = text[...]
  func digits() -> Int {
    let count = rest.prefix(while: { (0x30...0x39).contains($0) }).count
    rest = rest.dropFirst(count)
    return count
  }
  if rest.first == UInt8(ascii: "-") { rest = rest.dropFirst() }
  if rest.first == UInt8(ascii: "0") {
    rest = rest.dropFirst()
  } else if digits() == 0 {
    return false
  }
  if rest.first == UInt8(ascii: ".") {
    rest = rest.dropFirst()
    guard digits() > 0 else { return false }
  }
  if rest.first == UInt8(ascii: "e") || rest.first == UInt8(ascii: "E") {
    rest = rest.dropFirst()
    if rest.first == UInt8(ascii: "+") || rest.first == UInt8(ascii: "-") {
      rest = rest.dropFirst()
    }
    guard digits() > 0 else { return false }
  }
  return rest.isEmpty
}

/// Disagreements written so far; the first 200 per process are plenty to read.
nonisolated(unsafe) var recordedCount = 0

func record(_ line: UnsafeRawBufferPointer, scannerAccepts: Bool) {
  let verdict =
    scannerAccepts
    ? "scanner accepts, JSONSerialization refuses" : "scanner refuses, JSONSerialization accepts"
  if differencesAreFatal {
    finding("\(verdict): \(Array(line))")
  }
  guard let directory = differencesDirectory, recordedCount < 200 else { return }
  recordedCount += 1
  var hasher = Hasher()
  hasher.combine(bytes: line)
  let name =
    "\(directory)/\(scannerAccepts ? "accepts" : "refuses")-\(UInt(bitPattern: hasher.finalize()))"
  _ = FileManager.default.createFile(atPath: name, contents: Data(line))
}
