// SPDX-License-Identifier: MIT
// qrcapture end to end against the LD_PRELOAD fake camera (Tests/FakeV4L2/fake.c).

import Foundation
import Testing

/// Runs the real qrcapture binary with libFakeV4L2.so preloaded, playing `/dev/video-fake`.
@Suite struct CaptureDeviceTests {
  // MARK: - Frames

  @Test(arguments: ["GREY", "YUYV"], [false, true])
  func framesCarryTheCameraLuma(format: String, withoutLibV4L2: Bool) throws {
    let fixture = try FakeCamera()
    let luma = (0..<160 * 120).map { UInt8(truncatingIfNeeded: $0 * 7 + $0 / 160) }
    try Data(luma).write(to: fixture.framesFile)
    var environment = fixture.environment(["FAKE_V4L2_FMT": format, "FAKE_V4L2_PAD": "6"])
    if withoutLibV4L2 { environment["QRPIPE_NO_LIBV4L2"] = "1" }
    let result = try ToolRunner.run(
      "qrcapture", ["--device", FakeCamera.path, "--size", "160x120", "--count", "3"],
      environment: environment)
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.errors.isEmpty)
    let frames = try #require(decodeFrames(result.stdout))
    #expect(frames.count == 3)
    for frame in frames {
      #expect(frame.width == 160 && frame.height == 120)
      #expect(frame.pixels == luma)
    }
    #expect(frames.map(\.sequence) == frames.map(\.sequence).sorted())
    #expect(fixture.events.suffix(2) == ["munmap", "close"])
  }

  @Test func mjpegIsConvertedByLibV4L2() throws {
    let fixture = try FakeCamera()
    try Self.halfBlackHalfWhiteJPEG.write(to: fixture.framesFile)
    let result = try ToolRunner.run(
      "qrcapture", ["--device", FakeCamera.path, "--size", "320x240", "--count", "2"],
      environment: fixture.environment(["FAKE_V4L2_FMT": "MJPG"]))
    #expect(result.status == 0, "\(result.errors)")
    let frames = try #require(decodeFrames(result.stdout))
    #expect(frames.count == 2)
    let first = try #require(frames.first)
    #expect(first.width == 320 && first.height == 240)
    // Left half black, right half white, up to JPEG's limited-range luma (16...235).
    #expect(first.pixels[100 * 320 + 40] < 40)
    #expect(first.pixels[100 * 320 + 280] > 215)
  }

  @Test func mjpegWithoutLibV4L2IsRefusedWithTheReason() throws {
    let fixture = try FakeCamera()
    let result = try ToolRunner.run(
      "qrcapture", ["--device", FakeCamera.path, "--count", "1"],
      environment: fixture.environment(["FAKE_V4L2_FMT": "MJPG", "QRPIPE_NO_LIBV4L2": "1"]))
    #expect(result.status == 2)
    #expect(result.errors.hasPrefix("qrcapture: \(FakeCamera.path): no usable pixel format"))
    #expect(result.errors.contains("MJPG") && result.errors.contains("QRPIPE_NO_LIBV4L2=1"))
    #expect(result.stdout.isEmpty)
  }

  // MARK: - Failures

  @Test(arguments: [
    ("FAKE_V4L2_BUSY", "device busy; another program is using it"),
    ("FAKE_V4L2_NOT_CAPTURE", "'Fake QR Camera' is not a video capture device"),
  ])
  func deviceFaultsAreReported(switch name: String, message: String) throws {
    let fixture = try FakeCamera()
    let result = try ToolRunner.run(
      "qrcapture", ["--device", FakeCamera.path, "--count", "1"],
      environment: fixture.environment([name: "1"]))
    #expect(result.status == 2)
    #expect(result.errors.hasPrefix("qrcapture: \(FakeCamera.path): \(message)"))
    #expect(result.stdout.isEmpty)
    #expect(fixture.events.last == "close")
  }

  @Test func aMissingDeviceSaysHowToListCameras() throws {
    let result = try ToolRunner.run("qrcapture", ["--device", "/dev/video-none", "--count", "1"])
    #expect(result.status == 2)
    #expect(
      result.errors
        == "qrcapture: /dev/video-none: no such device; list cameras with 'qrcapture --list-devices'\n"
    )
  }

  @Test func unplugKeepsEarlierFramesAndReleasesTheDevice() throws {
    let fixture = try FakeCamera()
    let result = try ToolRunner.run(
      "qrcapture", ["--device", FakeCamera.path, "--count", "50"],
      environment: fixture.environment(["FAKE_V4L2_UNPLUG_AFTER": "4"]))
    #expect(result.status == 2)
    #expect(result.errors.hasPrefix("qrcapture: \(FakeCamera.path): camera disconnected after "))
    let frames = try #require(decodeFrames(result.stdout))
    #expect((1...4).contains(frames.count))
    #expect(
      fixture.events.suffix(6) == ["STREAMOFF", "munmap", "munmap", "munmap", "munmap", "close"])
  }

  @Test(arguments: [SIGINT, SIGTERM])
  func aStopSignalMidStreamReleasesTheCameraThenDiesByIt(signal: Int32) throws {
    let fixture = try FakeCamera()
    let environment = ProcessInfo.processInfo.environment.merging(
      fixture.environment(["SWIFT_BACKTRACE": "enable=no"])
    ) { $1 }
    let pid = try spawnLikeAShell(
      ToolRunner.path(of: "qrcapture"), ["--device", FakeCamera.path], environment: environment)
    let deadline = Date().addingTimeInterval(10)
    while !fixture.events.contains("STREAMON") && Date() < deadline { usleep(20_000) }
    usleep(200_000)
    kill(pid, signal)
    let status = waitOrKill(pid, seconds: 10)
    // Ctrl-C and kill: the shell sees 130 or 143, as without the handler.
    #expect(status == .signalled(signal))
    #expect(
      fixture.events.suffix(6) == ["STREAMOFF", "munmap", "munmap", "munmap", "munmap", "close"])
  }

  /// Issue 28: blocked in a write to a pipe nobody read, qrcapture ignored SIGTERM and the
  /// camera was never released (no STREAMOFF, munmap or close).
  @Test(arguments: [SIGTERM, SIGINT])
  func aStopSignalDuringABlockedWriteReleasesTheCamera(signal: Int32) throws {
    let fixture = try FakeCamera()
    let environment = ProcessInfo.processInfo.environment.merging(
      fixture.environment(["SWIFT_BACKTRACE": "enable=no"])
    ) { $1 }
    var output: [Int32] = [-1, -1]
    #expect(pipe(&output) == 0)
    // Neither end leaks into other children; dup2 onto descriptor 1 clears the flag there.
    for end in output { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    defer { close(output[0]) }
    let pid = try spawnLikeAShell(
      ToolRunner.path(of: "qrcapture"), ["--device", FakeCamera.path], environment: environment,
      standardOutput: output[1])
    close(output[1])
    let deadline = Date().addingTimeInterval(10)
    while !fixture.events.contains("STREAMON") && Date() < deadline { usleep(20_000) }
    // A few 640x480 frames fill the 64 KiB pipe; then the write blocks.
    usleep(1_000_000)
    let start = Date()
    kill(pid, signal)
    let status = waitOrKill(pid, seconds: 10)
    #expect(status == .signalled(signal))
    #expect(Date().timeIntervalSince(start) < 2)
    #expect(
      fixture.events.suffix(6) == ["STREAMOFF", "munmap", "munmap", "munmap", "munmap", "close"])
  }

  @Test(arguments: [false, true])
  func aReaderLeavingMidStreamReleasesTheCameraQuietly(ignoresBrokenPipe: Bool) throws {
    let fixture = try FakeCamera()
    // Only qrcapture gets the fake camera; the shell and head run without it.
    var exports = ""
    for (name, value) in fixture.environment([:]) { exports += "\(name)='\(value)' " }
    let result = try ToolRunner.shell(
      "env \(exports) qrcapture --device \(FakeCamera.path) | head -c 1000 | wc -c;"
        + " echo \"status ${PIPESTATUS[*]}\"",
      ignoresBrokenPipe: ignoresBrokenPipe)
    #expect(result.output == "1000\nstatus 0 0 0\n", "\(result.errors)")
    #expect(result.errors.isEmpty)
    #expect(
      fixture.events.suffix(6) == ["STREAMOFF", "munmap", "munmap", "munmap", "munmap", "close"])
  }

  // MARK: - Listings

  @Test func formatsAreListedWithHowQRCaptureReadsThem() throws {
    let fixture = try FakeCamera()
    let result = try ToolRunner.run(
      "qrcapture", ["--list-formats", "--device", FakeCamera.path],
      environment: fixture.environment(["FAKE_V4L2_FMT": "MJPG", "QRPIPE_NO_LIBV4L2": "1"]))
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output.contains("'MJPG' (Motion-JPEG): needs libv4l2"))
    #expect(result.output.contains("Size: Discrete 640x480"))
    #expect(result.output.contains("Interval: Discrete 0.033s (30.000 fps)"))
  }

  @Test func listDevicesSucceedsWithoutCameras() throws {
    let result = try ToolRunner.run("qrcapture", ["--list-devices"])
    #expect(result.status == 0, "\(result.errors)")
  }

  // MARK: - Fixture

  /// A 320×240 baseline JPEG, left half black, right half white (made with ffmpeg's lavfi
  /// `color` sources, `hstack`, `-q:v 2`).
  static let halfBlackHalfWhiteJPEG =
    Data(
      base64Encoded: """
        /9j/4AAQSkZJRgABAgAAAQABAAD//gAQTGF2YzU5LjM3LjEwMAD/2wBDAAgEBAQEBAUFBQUFBQYGBgYGBgYGBgYGBg
        YHBwcICAgHBwcGBgcHCAgICAkJCQgICAgJCQoKCgwMCwsODg4RERT/xABMAAEBAQAAAAAAAAAAAAAAAAAACAcBAQAA
        AAAAAAAAAAAAAAAAAAAQAQAAAAAAAAAAAAAAAAAAAAARAQAAAAAAAAAAAAAAAAAAAAD/wAARCADwAUADASIAAhEAAx
        EA/9oADAMBAAIRAxEAPwDDwAAAAAAAAAAAAAAAAAAAW2AAAAAAAAAAAAAAAAAAACJAAAAAAAAAAAAAAAAAAAAW2AAA
        AAAAAAAAAAAAAAAACJAAAAAAAAAAAAAAAAAAAAW2AAAAAAAAAAAAAAAAAAACJAAAAAAAAAAAAAAAAAAAAW2AAAAAAA
        AAAAAAAAAAAACJAAAAAAAAAAAAAAAAAAAAW2AAAAAAAAAAAAAAAAAAACJAAAAAAAAAAAAAAAAAAAAW2AAAAAAAAAAA
        AAAAAAAACJAAAAAAAAAAAAAAAAAAAAW2AAAAAAAAAAAAAAAAAAACJAAAAAAAAAAAAAAAAAAAAW2AAAAAAAAAAAAAAA
        AAAACJAAAAAAAAAAAAAAAAAAAAW2AAAAAAAAAAAAAAAAAAACJAAAAAAAAAAAAAAAAAAAAW2AAAAAAAAAAAAAAAAAAA
        CJAAAAAAAAAAAAAAAAAAAAW2AAAAAAAAAAAAAAAAAAACJAAAAAAAAAAAAAAAAAAAAW2AAAAAAAAAAAAAAAAAAACJAA
        AAAAAAAAAAAAAAAAAAW2AAAAAAAAAAAAAAAAAAACJAAAAAAAAAAAAAAAAAAAAW2AAAAAAAAAAAAAAAAAAACJAAAAAA
        AAAAAAAAAAAAAAW2AAAAAAAAAAAAAAAAAAAD/9k=
        """, options: .ignoreUnknownCharacters) ?? Data()
}

/// A temporary directory with the fake camera's log and frame files, and the environment that
/// preloads it; the directory is removed at deinit.
private final class FakeCamera {
  static let path = "/dev/video-fake"
  let directory: URL
  let library: String

  init() throws {
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("qrpipe-fake-v4l2-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    library = try Self.libraryPath()
  }

  deinit { try? FileManager.default.removeItem(at: directory) }

  var logFile: URL { directory.appendingPathComponent("device.log") }
  var framesFile: URL { directory.appendingPathComponent("frames.raw") }

  /// The fake's log: open, STREAMON, STREAMOFF, munmap, close, one per line.
  var events: [String] {
    ((try? String(contentsOf: logFile, encoding: .utf8)) ?? "").split(separator: "\n").map(
      String.init)
  }

  func environment(_ extra: [String: String]) -> [String: String] {
    var environment = ["LD_PRELOAD": library, "FAKE_V4L2_LOG": logFile.path]
    if FileManager.default.fileExists(atPath: framesFile.path) {
      environment["FAKE_V4L2_FRAMES"] = framesFile.path
    }
    return environment.merging(extra) { $1 }
  }

  /// libFakeV4L2.so beside the tools (swift build makes it); failing that, fake.c compiled with
  /// the system C compiler into a temporary directory.
  private static func libraryPath() throws -> String {
    let built = ToolRunner.productsDirectory.appendingPathComponent("libFakeV4L2.so").path
    if FileManager.default.fileExists(atPath: built) { return built }
    let source = ToolRunner.packageRoot.appendingPathComponent("Tests/FakeV4L2/fake.c").path
    let output = try ProcessScratch.directory("qrpipe-fake-v4l2-library")
      .appendingPathComponent("libFakeV4L2.so").path
    if !FileManager.default.fileExists(atPath: output) {
      let result = try ToolRunner.runExecutable(
        "/usr/bin/cc", ["-shared", "-fPIC", "-O1", "-o", output, source, "-ldl"])
      guard result.status == 0 else { throw CocoaError(.fileNoSuchFile) }
    }
    return output
  }
}

/// One frame of a qrframe stream, as far as these tests look.
private struct DecodedFrame {
  var width: Int
  var height: Int
  var sequence: UInt64
  var pixels: [UInt8]
}

/// Splits a qrframe stream into frames (header: "QRFM", header length u16 at 6, width u32 at
/// 12, height u32 at 16, payload length u64 at 24, sequence u64 at 32, little-endian); nil if
/// malformed.
private func decodeFrames(_ bytes: [UInt8]) -> [DecodedFrame]? {
  func integer(_ offset: Int, _ size: Int) -> UInt64 {
    (0..<size).reduce(0) { $0 | UInt64(bytes[offset + $1]) << (8 * UInt64($1)) }
  }
  var frames: [DecodedFrame] = []
  var offset = 0
  while offset < bytes.count {
    guard bytes.count - offset >= 64, bytes[offset..<offset + 4].elementsEqual("QRFM".utf8) else {
      return nil
    }
    let payload = offset + max(64, Int(integer(offset + 6, 2)))
    let length = Int(integer(offset + 24, 8))
    guard payload + length <= bytes.count else { return nil }
    frames.append(
      DecodedFrame(
        width: Int(integer(offset + 12, 4)), height: Int(integer(offset + 16, 4)),
        sequence: integer(offset + 32, 8), pixels: Array(bytes[payload..<payload + length])))
    offset = payload + length
  }
  return frames
}

/// How a child process ended.
private enum ChildStatus: Equatable {
  case exited(Int32)
  case signalled(Int32)
  case killedAfterTimeout
}

/// Starts `path` the way a shell would: no signals blocked and SIGINT/SIGTERM at their default
/// action, stdout and stderr to /dev/null.
///
/// Foundation's `Process` passes on the test runner's blocked-signal mask, under which a
/// SIGTERM would stay pending forever.
private func spawnLikeAShell(
  _ path: String, _ arguments: [String], environment: [String: String],
  standardOutput: Int32? = nil
) throws -> pid_t {
  var attributes = posix_spawnattr_t()
  posix_spawnattr_init(&attributes)
  defer { posix_spawnattr_destroy(&attributes) }
  var none = sigset_t()
  sigemptyset(&none)
  posix_spawnattr_setsigmask(&attributes, &none)
  var stopSignals = sigset_t()
  sigemptyset(&stopSignals)
  sigaddset(&stopSignals, SIGTERM)
  sigaddset(&stopSignals, SIGINT)
  posix_spawnattr_setsigdefault(&attributes, &stopSignals)
  posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  if let standardOutput {
    posix_spawn_file_actions_adddup2(&actions, standardOutput, 1)
  } else {
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
  }
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
  let argv = ([path] + arguments).map { strdup($0) } + [nil]
  let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
  defer { for pointer in argv + envp { free(pointer) } }
  var pid: pid_t = 0
  let error = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
  guard error == 0 else { throw POSIXError(POSIXErrorCode(rawValue: error) ?? .EINVAL) }
  return pid
}

/// Waits up to `seconds` for `pid`, then kills it with SIGKILL so that a test never hangs.
private func waitOrKill(_ pid: pid_t, seconds: Double) -> ChildStatus {
  let deadline = Date().addingTimeInterval(seconds)
  var status: Int32 = 0
  while Date() < deadline {
    if waitpid(pid, &status, WNOHANG) == pid {
      // The <sys/wait.h> macros, which Swift does not import: low 7 bits = signal, else exit.
      let signal = status & 0x7F
      return signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal)
    }
    usleep(20_000)
  }
  kill(pid, SIGKILL)
  waitpid(pid, &status, 0)
  return .killedAfterTimeout
}
