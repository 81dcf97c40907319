// SPDX-License-Identifier: MIT
// qrcapture --simulate end to end: the pipeline reads what the simulation shows, pacing drops
// frames for a slow reader, and the stream ends quietly however it is stopped.

import Foundation
import QRCommandLine
import QRCommands
import QRCore
import Testing

/// A running tool whose standard output the test reads at its own pace.
private final class StreamingRun {
  let process = Process()
  let output = Pipe()
  let errors = Pipe()

  init(_ tool: String, _ arguments: [String]) throws {
    process.executableURL = URL(fileURLWithPath: ToolRunner.path(of: tool))
    process.arguments = arguments
    var environment = ProcessInfo.processInfo.environment
    environment["SWIFT_BACKTRACE"] = "enable=no"
    process.environment = environment
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = output
    process.standardError = errors
    try process.run()
  }

  /// Reads `count` bytes or up to end of file.
  func read(_ count: Int) -> [UInt8] {
    var bytes: [UInt8] = []
    while bytes.count < count {
      let chunk = output.fileHandleForReading.readData(ofLength: count - bytes.count)
      if chunk.isEmpty { break }
      bytes += chunk
    }
    return bytes
  }

  /// Drains the rest, waits, and returns (status, stderr).
  func finish(readingRest: Bool = true) -> (status: Int32, signalled: Bool, errors: String) {
    if readingRest { _ = output.fileHandleForReading.readDataToEndOfFile() }
    let errorText = String(
      decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    let signalled = process.terminationReason == .uncaughtSignal
    return (
      signalled ? 128 + process.terminationStatus : process.terminationStatus, signalled, errorText
    )
  }
}

private struct Record: Decodable {
  var frame: Int
  var text: String
}

@Test func theSimulatedPipelineFindsEveryPayload() throws {
  let result = try ToolRunner.shell(
    "qrcapture --simulate --fast --seed 3 --duration 16 --fps 4 --size 320x240 A B "
      + "| qrdetect | qrdedupe --mode once")
  #expect(result.status == 0, "\(result.errors)")
  #expect(result.errors.isEmpty, "\(result.errors)")
  let texts = result.output.split(separator: "\n").compactMap {
    try? JSONDecoder().decode(Record.self, from: Data($0.utf8)).text
  }
  #expect(Set(texts) == ["A", "B"])
}

@Test func qrdetectReadsMostFullyVisibleCodesAndNothingElse() throws {
  let payloads = ["https://example.com/sim", "WIFI:T:WPA;S:x;P:y;;", "12345"]
  let (fps, seconds, width, height) = (5.0, 40.0, 320, 240)
  let result = try ToolRunner.shell(
    "qrcapture --simulate --fast --seed 11 --fps 5 --duration 40 --size 320x240 "
      + payloads.map { "'\($0)'" }.joined(separator: " ") + " | qrdetect")
  #expect(result.errors.isEmpty, "\(result.errors)")
  let records = result.output.split(separator: "\n").compactMap {
    try? JSONDecoder().decode(Record.self, from: Data($0.utf8))
  }
  var read: [Int: Set<String>] = [:]
  for record in records { read[record.frame, default: []].insert(record.text) }

  var scene = try SimulatedScene(payloads: payloads, width: width, height: height, seed: 11)
  var visible = 0
  var decoded = 0
  for frame in 0..<Int(fps * seconds) {
    let sightings = scene.sightings(at: Double(frame) / fps)
    let onScreen = Set(sightings.map(\.payload))
    let seen = read[frame] ?? []
    #expect(seen.isSubset(of: onScreen), "frame \(frame) read \(seen) but shows \(onScreen)")
    for sighting in sightings where sighting.isFullyVisible {
      visible += 1
      if seen.contains(sighting.payload) { decoded += 1 }
    }
  }
  #expect(visible > 50)
  let fraction = Double(decoded) / Double(max(visible, 1))
  #expect(fraction >= 0.8, "read \(decoded) of \(visible) fully visible codes")
  print("simulation: qrdetect read \(decoded) of \(visible) fully visible codes (\(fraction))")
}

@Test func theSameSeedGivesTheSameStream() throws {
  let arguments = ["--simulate", "--fast", "--seed", "4", "-n", "12", "-s", "240x180", "hi"]
  let first = try ToolRunner.run("qrcapture", arguments)
  let second = try ToolRunner.run("qrcapture", arguments)
  #expect(first.status == 0 && first.stderr.isEmpty, "\(first.errors)")
  #expect(first.stdout.count == 12 * (64 + 240 * 180))
  // Compared as Booleans: a failed comparison of two streams would print them whole.
  let repeats = first.stdout == second.stdout
  #expect(repeats)
  let other = try ToolRunner.run(
    "qrcapture", arguments.map { $0 == "4" ? "5" : $0 })
  let differs = other.status == 0 && other.stdout != first.stdout
  #expect(differs)
}

@Test func payloadsComeFromAFileOrStandardInput() throws {
  let result = try ToolRunner.run(
    "qrcapture", ["--simulate", "--payloads", "-", "--fast", "-n", "2", "-s", "240x180"],
    input: Array("first\nsecond\n".utf8))
  #expect(result.status == 0, "\(result.errors)")
  #expect(parseQRFrames(result.stdout)?.count == 2)
  let missing = try ToolRunner.run("qrcapture", ["--simulate", "--payloads", "/nonexistent/p"])
  #expect(missing.status == 2)
  #expect(missing.errors.hasPrefix("qrcapture: /nonexistent/p: "), "\(missing.errors)")
}

@Test func simulationUsageErrorsAreNamed() throws {
  let device = try ToolRunner.run("qrcapture", ["--simulate", "-d", "/dev/video0"])
  #expect(device.status == 64)
  #expect(device.errors.hasPrefix("qrcapture: --simulate and --device cannot be combined\n"))
  let large = try ToolRunner.run(
    "qrcapture", ["--simulate", "-s", "100x100", String(repeating: "y", count: 200)])
  #expect(large.status == 64)
  #expect(large.errors.hasPrefix("qrcapture: yyyy"), "\(large.errors)")
  #expect(large.errors.contains("does not fit a 100x100 frame"), "\(large.errors)")
}

@Test func aClosedReaderEndsASimulationQuietly() throws {
  let result = try ToolRunner.shell(
    "qrcapture --simulate | head -c 1000 | wc -c; echo \"${PIPESTATUS[0]} ${PIPESTATUS[1]}\"")
  #expect(result.output == "1000\n0 0\n", "\(result.errors)")
  #expect(result.errors.isEmpty, "\(result.errors)")
}

@Test func sigintStopsAPacedSimulationQuietly() throws {
  let run = try StreamingRun("qrcapture", ["--simulate", "-s", "240x180"])
  let header = run.read(64)
  #expect(header.count == 64)
  Thread.sleep(forTimeInterval: 0.5)
  run.process.interrupt()
  let (status, signalled, errors) = run.finish()
  #expect(status == 130 && signalled)
  #expect(errors.isEmpty, "\(errors)")
}

@Test func aSlowReaderMakesAPacedSimulationDropFramesButNotAFastOne() throws {
  let frameSize = 64 + 320 * 240
  for fast in [false, true] {
    let run = try StreamingRun(
      "qrcapture",
      ["--simulate", "-s", "320x240", "--fps", "30", "--duration", "2"] + (fast ? ["--fast"] : []))
    var bytes: [UInt8] = []
    while true {
      let chunk = run.read(frameSize)
      bytes += chunk
      if chunk.count < frameSize { break }
      Thread.sleep(forTimeInterval: 0.1)  // a reader at 10 frames per second
    }
    let (status, _, errors) = run.finish()
    #expect(status == 0 && errors.isEmpty, "\(errors)")
    let frames = try #require(parseQRFrames(bytes))
    let dropped = frames.map { Int($0.dropped) }.reduce(0, +)
    // Every sequence number is either delivered or counted as dropped.
    #expect(frames.first?.sequence == 0)
    #expect(Int(frames.last?.sequence ?? 0) + 1 == frames.count + dropped)
    for (previous, frame) in zip(frames, frames.dropFirst()) {
      #expect(frame.sequence - previous.sequence == UInt64(frame.dropped) + 1)
    }
    if fast {
      #expect(dropped == 0 && frames.count == 60)
    } else {
      #expect(dropped >= 20, "only \(dropped) dropped of \(frames.count + dropped)")
      #expect(frames.count < 40)
    }
  }
}

@Test func theTruthFileSaysWhatEachFrameShows() throws {
  let path = FileManager.default.temporaryDirectory.appendingPathComponent(
    "qrcapture-truth-\(getpid()).jsonl"
  ).path
  defer { try? FileManager.default.removeItem(atPath: path) }
  let result = try ToolRunner.run(
    "qrcapture",
    ["--simulate", "--fast", "--fps", "5", "-n", "10", "-s", "240x180", "--truth", path, "hi"])
  #expect(result.status == 0, "\(result.errors)")
  let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
  #expect(lines.count == 10)
  #expect(lines.first?.hasPrefix("{\"frame\":0,\"time\":0,\"codes\":[") == true)
  #expect(lines.contains { $0.contains("{\"text\":\"hi\",\"visible\":true,\"corners\":[[") })
  let missing = try ToolRunner.run("qrcapture", ["--truth", path])
  #expect(missing.status == 64 && missing.errors.hasPrefix("qrcapture: --truth needs --simulate"))
}
