// SPDX-License-Identifier: MIT

import QRCore
import Testing

@testable import QRCommandLine
@testable import QRCommands

private func options(_ words: [String], stdinIsData: Bool = false) throws -> CaptureCommandOptions {
  try CaptureCommandOptions(CaptureCommand.spec.parse(words), standardInputIsData: stdinIsData)
}

@Test func withNoOperandStandardInputIsReadWhenItIsAPipe() throws {
  #expect(try options([], stdinIsData: true).inputs == [.file("-")])
  #expect(try options([], stdinIsData: false).inputs == [.camera("/dev/video0")])
  #expect(try options(["-d", "/dev/video2"], stdinIsData: true).inputs == [.camera("/dev/video2")])
  #expect(try options(["a", "-", "b"]).inputs == [.file("a"), .file("-"), .file("b")])
}

@Test func sizesRatesAndLayoutsAreChecked() throws {
  let parsed = try options(["-s", "1280x720", "-r", "29.97", "-p", "yuyv422"])
  #expect(parsed.size?.width == 1280 && parsed.size?.height == 720)
  #expect(parsed.frameRate == FrameRate(numerator: 29970, denominator: 1000))
  #expect(
    try options(["-r", "30000/1001"]).frameRate == FrameRate(numerator: 30000, denominator: 1001))
  #expect(parsed.pixelLayout == .yuyv)
  for bad in [
    ["-s", "1280"], ["-s", "0x5"], ["-s", "x"], ["-s", "70000x1"], ["-r", "0"],
    ["-p", "mjpeg"], ["-n", "0"], ["--every", "0"], ["--skip", "-1"], ["-o", "png"],
    ["--duration", "nan"],
  ] {
    #expect(throws: UsageError.self, "\(bad)") { try options(bad) }
  }
}

@Test func conflictingRequestsAreUsageErrors() {
  #expect(throws: UsageError("give either --device or file operands, not both")) {
    try options(["-d", "/dev/video0", "file"])
  }
  #expect(throws: UsageError("standard input ('-') can be read only once")) {
    try options(["-", "-"])
  }
  #expect(throws: UsageError.self) { try options(["--list-devices", "--list-formats"]) }
  #expect(throws: UsageError.self) { try options(["--list-formats", "file"]) }
}

@Test func selectionOptionsReachTheSelection() throws {
  let parsed = try options(["--skip", "3", "--every", "2", "-n", "7", "--duration", "1.5"])
  #expect(parsed.selection.skip == 3)
  #expect(parsed.selection.every == 2)
  #expect(parsed.selection.count == 7)
  #expect(parsed.selection.duration == 1_500_000_000)
  #expect(parsed.output == .qrframe)
  #expect(try options(["-o", "y4m"]).output == .y4m)
}

@Test func simulateTakesPayloadOperandsAndItsOwnOptions() throws {
  let parsed = try options(
    ["--simulate", "--seed", "9", "--fast", "hello", "-"], stdinIsData: true)
  #expect(parsed.inputs == [.simulation])
  #expect(
    parsed.simulation
      == SimulationRequest(payloads: ["hello", "-"], payloadFile: nil, seed: 9, isPaced: false))
  #expect(parsed.simulationSize == (640, 480))
  let defaults = try options(["--simulate", "--payloads", "list.txt", "-s", "320x240"])
  #expect(defaults.simulation?.seed == 1 && defaults.simulation?.isPaced == true)
  #expect(defaults.simulation?.payloadFile == "list.txt")
  #expect(defaults.simulationSize == (320, 240))
}

@Test func simulateOptionsNeedSimulateAndExcludeTheCamera() {
  for option in [["--seed", "3"], ["--fast"], ["--payloads", "f"], ["--truth", "t"]] {
    #expect(throws: UsageError("\(option[0]) needs --simulate")) { try options(option) }
  }
  #expect(throws: UsageError("--simulate and --device cannot be combined")) {
    try options(["--simulate", "-d", "/dev/video0"])
  }
  #expect(throws: UsageError("--simulate and --list-formats cannot be combined")) {
    try options(["--simulate", "--list-formats"])
  }
  #expect(throws: UsageError("payload 2 is empty")) { try options(["--simulate", "a", ""]) }
  #expect(throws: UsageError.self) { try options(["--simulate", "--seed", "-1"]) }
  #expect(throws: UsageError.self) { try options(["--simulate", "--max-pixels", "100"]) }
}
