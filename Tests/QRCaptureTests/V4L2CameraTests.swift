// SPDX-License-Identifier: MIT
// V4L2Camera against the in-process fake device: negotiation, frames, drops, every failure.

import CV4L2
import Foundation
import QRImage
import Testing

@testable import QRCapture
@testable import QRSystem

// MARK: - Helpers

/// An 8×4 luma pattern whose samples differ from each other and from padding (0xEE).
private func lumaPattern(seed: UInt8 = 0, width: Int = 8, height: Int = 4) -> [UInt8] {
  (0..<width * height).map { UInt8(truncatingIfNeeded: $0 * 5 + Int(seed)) & 0x7F }
}

/// A GREY buffer of `luma` with `padding` bytes of 0xEE after each row.
private func greyBuffer(_ luma: [UInt8], width: Int = 8, padding: Int = 0) -> [UInt8] {
  stride(from: 0, to: luma.count, by: width).flatMap {
    Array(luma[$0..<$0 + width]) + [UInt8](repeating: 0xEE, count: padding)
  }
}

/// A YUYV buffer of `luma` (chroma 0x80) with `padding` bytes of 0xEE after each row.
private func yuyvBuffer(_ luma: [UInt8], width: Int = 8, padding: Int = 0) -> [UInt8] {
  stride(from: 0, to: luma.count, by: width).flatMap {
    luma[$0..<$0 + width].flatMap { [$0, 0x80] } + [UInt8](repeating: 0xEE, count: padding)
  }
}

private func frame(_ seed: UInt8, sequence: UInt32? = nil) -> FakeV4L2Calls.FakeFrame {
  FakeV4L2Calls.FakeFrame(bytes: greyBuffer(lumaPattern(seed: seed)), sequence: sequence)
}

private let options = CaptureOptions(devicePath: "/dev/video-test", frameTimeout: 0.3)

private func openCamera(_ fake: FakeV4L2Calls, options: CaptureOptions = options) throws
  -> V4L2Camera
{
  try V4L2Camera(options: options, calls: fake, shouldStop: { fake.stopRequested })
}

/// Whether the log shows the camera fully released: STREAMOFF if it streamed, every mapping
/// unmapped, and the device closed last.
private func isReleased(_ fake: FakeV4L2Calls, streamed: Bool = true) -> Bool {
  let log = fake.log
  let mapped = log.filter { $0 == "mmap" }.count
  return log.last == "close" && log.filter { $0 == "munmap" }.count == mapped
    && log.contains("VIDIOC_STREAMOFF") == streamed
}

@Suite struct V4L2CameraTests {
  // MARK: - Frames

  @Test func greyFramesWithPaddedRowsMatchTheBuffer() throws {
    let fake = FakeV4L2Calls()
    fake.padding = 5
    let luma = lumaPattern(seed: 3)
    fake.script = [.frames([.init(bytes: greyBuffer(luma, padding: 5))])]
    let camera = try openCamera(fake)
    #expect(camera.format.pixelFormat == .grey)
    #expect(camera.format.bytesPerLine == 13)
    let first = try #require(try camera.next())
    #expect(first.image == GrayImage(width: 8, height: 4, pixels: luma))
    #expect(first.sequence == 0)
    #expect(first.dropped == 0)
    #expect(first.clock == .monotonic)
    #expect(first.timestamp == 100 * 1_000_000_000 + 500_000)
    camera.close()
    #expect(isReleased(fake))
  }

  @Test func yuyvFramesAreReducedToLuma() throws {
    let fake = FakeV4L2Calls()
    fake.formats = [.mjpeg, .yuyv]
    fake.padding = 4
    let luma = lumaPattern(seed: 9)
    fake.script = [.frames([.init(bytes: yuyvBuffer(luma, padding: 4))])]
    let camera = try openCamera(fake)
    #expect(camera.format.pixelFormat == .yuyv)
    #expect(camera.format.bytesPerLine == 20)
    #expect(try camera.next()?.image.pixels == luma)
  }

  @Test func greyIsPreferredOverOtherNativeFormats() throws {
    let fake = FakeV4L2Calls()
    fake.formats = [.yuyv, .nv12, .grey]
    let camera = try openCamera(fake)
    #expect(camera.format.pixelFormat == .grey)
  }

  @Test func theFormatTheDriverGrantsIsReadBack() throws {
    let fake = FakeV4L2Calls()
    fake.formats = [.grey, .yuyv]
    fake.substitutedFormat = .yuyv
    let luma = lumaPattern(seed: 1)
    fake.script = [.frames([.init(bytes: yuyvBuffer(luma))])]
    let camera = try openCamera(
      fake,
      options: CaptureOptions(devicePath: "/dev/video-test", size: .init(width: 1000, height: 900)))
    #expect(camera.format.pixelFormat == .yuyv)
    #expect(camera.format.width == 8 && camera.format.height == 4)
    #expect(try camera.next()?.image.pixels == luma)
  }

  @Test func frameRateIsRequestedAndReportedAsGranted() throws {
    let fake = FakeV4L2Calls()
    let camera = try openCamera(
      fake, options: CaptureOptions(devicePath: "/dev/video-test", framesPerSecond: 15))
    #expect(camera.framesPerSecond == 15)
    #expect(fake.log.contains("VIDIOC_S_PARM"))
    let unchanged = try openCamera(FakeV4L2Calls())
    #expect(unchanged.framesPerSecond == 30)
  }

  // MARK: - Drops

  @Test func onlyTheNewestOfSeveralReadyFramesIsDelivered() throws {
    let fake = FakeV4L2Calls()
    fake.script = [.frames([frame(0)]), .frames([frame(1), frame(2), frame(3)])]
    let camera = try openCamera(fake)
    let first = try #require(try camera.next())
    let newest = try #require(try camera.next())
    #expect(first.sequence == 0)
    #expect(newest.image.pixels == lumaPattern(seed: 3))
    #expect(newest.dropped == 2)
    #expect(newest.sequence == 3)
    #expect(camera.framesDropped == 2)
    #expect(camera.framesDelivered == 2)
  }

  @Test func gapsInTheDriverSequenceCountAsDropped() throws {
    let fake = FakeV4L2Calls()
    fake.script = [.frames([frame(0, sequence: 7)]), .frames([frame(1, sequence: 10)])]
    let camera = try openCamera(fake)
    #expect(try camera.next()?.sequence == 0)
    let second = try #require(try camera.next())
    #expect(second.dropped == 2)
    #expect(second.sequence == 3)
  }

  @Test func aDriverThatNeverCountsIsNotAGap() throws {
    let fake = FakeV4L2Calls()
    fake.script = [.frames([frame(0, sequence: 0)]), .frames([frame(1, sequence: 0)])]
    let camera = try openCamera(fake)
    _ = try camera.next()
    #expect(try camera.next()?.dropped == 0)
  }

  @Test func shortAndErroneousBuffersAreSkippedAndCounted() throws {
    let fake = FakeV4L2Calls()
    var short = frame(0)
    short.bytesUsed = 31
    var flagged = frame(1)
    flagged.flags = UInt32(V4L2_BUF_FLAG_ERROR)
    fake.script = [.frames([short]), .frames([flagged]), .frames([frame(2)])]
    let camera = try openCamera(fake)
    let delivered = try #require(try camera.next())
    #expect(delivered.image.pixels == lumaPattern(seed: 2))
    #expect(delivered.dropped == 2)
    #expect(camera.incompleteBuffers == 2)
  }

  // MARK: - Retries

  @Test func interruptedCallsAreRetried() throws {
    let fake = FakeV4L2Calls()
    fake.failures = [
      "VIDIOC_S_FMT": [.interrupted], "VIDIOC_DQBUF": [.interrupted], "open": [.interrupted],
    ]
    fake.script = [.interrupted, .frames([frame(4)])]
    let camera = try openCamera(fake)
    #expect(try camera.next()?.image.pixels == lumaPattern(seed: 4))
    #expect(fake.log.filter { $0 == "VIDIOC_S_FMT" }.count == 2)
    #expect(fake.log.filter { $0.hasPrefix("open") }.count == 2)
  }

  @Test func wouldBlockFromDequeueWaitsForTheNextFrame() throws {
    let fake = FakeV4L2Calls()
    fake.failures = ["VIDIOC_DQBUF": [.wouldBlock]]
    fake.script = [.frames([frame(0)]), .frames([frame(1)])]
    let camera = try openCamera(fake)
    let delivered = try #require(try camera.next())
    // The first DQBUF said EAGAIN; the next poll brought a second frame and the drain kept it.
    #expect(delivered.image.pixels == lumaPattern(seed: 1))
    #expect(delivered.dropped == 1)
  }

  // MARK: - Failures on open

  @Test(arguments: [
    (ENOENT, CaptureError.noSuchDevice), (EACCES, .permissionDenied), (EBUSY, .busy),
    (EIO, .openFailed(Errno(rawValue: EIO))),
  ])
  func openErrorsAreExplained(errno: CInt, expected: CaptureError) {
    let fake = FakeV4L2Calls()
    fake.openErrors = ["/dev/video-test": Errno(rawValue: errno)]
    #expect(throws: expected) { _ = try openCamera(fake) }
    #expect(!fake.log.contains("close"))
  }

  @Test func busyAtStreamOnReleasesTheBuffers() {
    let fake = FakeV4L2Calls()
    fake.failures = ["VIDIOC_STREAMON": [.resourceBusy]]
    #expect(throws: CaptureError.busy) { _ = try openCamera(fake) }
    #expect(isReleased(fake, streamed: false))
    #expect(fake.log.filter { $0 == "munmap" }.count == 4)
  }

  @Test func busyAtSetFormatIsReported() {
    let fake = FakeV4L2Calls()
    fake.failures = ["VIDIOC_S_FMT": [.resourceBusy]]
    #expect(throws: CaptureError.busy) { _ = try openCamera(fake) }
    #expect(isReleased(fake, streamed: false))
  }

  @Test func aDeviceThatCannotCaptureIsRefused() {
    let fake = FakeV4L2Calls()
    fake.deviceCaps = UInt32(V4L2_CAP_VIDEO_OUTPUT | V4L2_CAP_STREAMING)
    #expect(throws: CaptureError.notCaptureDevice(card: "Fake Camera")) { _ = try openCamera(fake) }
    #expect(isReleased(fake, streamed: false))
    let readOnly = FakeV4L2Calls()
    readOnly.deviceCaps = UInt32(V4L2_CAP_VIDEO_CAPTURE | V4L2_CAP_READWRITE)
    #expect(throws: CaptureError.noStreamingIO(card: "Fake Camera")) {
      _ = try openCamera(readOnly)
    }
    #expect(isReleased(readOnly, streamed: false))
  }

  @Test func mjpegOnlyWithoutLibV4L2SaysWhatToInstall() throws {
    let fake = FakeV4L2Calls()
    fake.formats = [.mjpeg]
    let expected = CaptureError.noUsableFormat(
      offered: ["MJPG"], libV4L2Problem: "libv4l2.so.0 not found")
    #expect(throws: expected) { _ = try openCamera(fake) }
    #expect(expected.description.contains("install libv4l-0 (apt-get install libv4l-0)"))
    #expect(isReleased(fake, streamed: false))
    fake.libV4L2Problem = "libv4l2 disabled by QRPIPE_NO_LIBV4L2=1"
    let disabled = CaptureError.noUsableFormat(
      offered: ["MJPG"], libV4L2Problem: fake.libV4L2Problem)
    #expect(!disabled.description.contains("apt-get"))
  }

  @Test func mjpegOnlyWithLibV4L2AsksForConvertedYU12() throws {
    let fake = FakeV4L2Calls()
    fake.formats = [.mjpeg]
    fake.isUsingLibV4L2 = true
    fake.emulatedFormats = [.rgb24, .yuv420]
    let luma = lumaPattern(seed: 6)
    fake.script = [.frames([.init(bytes: luma + [UInt8](repeating: 0x80, count: 16))])]
    let camera = try openCamera(fake)
    #expect(camera.format.pixelFormat == .yuv420)
    #expect(camera.format.isConvertedByLibV4L2)
    #expect(try camera.next()?.image.pixels == luma)
  }

  @Test func aFormatNobodyCanReadIsListed() {
    let fake = FakeV4L2Calls()
    fake.formats = [V4L2PixelFormat(code: "H264") ?? .mjpeg]
    #expect(throws: CaptureError.noUsableFormat(offered: ["H264"], libV4L2Problem: nil)) {
      _ = try openCamera(fake)
    }
  }

  // MARK: - Failures while streaming

  @Test func unplugMidStreamDeliversEarlierFramesThenFails() throws {
    let fake = FakeV4L2Calls()
    fake.script = [.frames([frame(0)]), .frames([frame(1)]), .unplug]
    let camera = try openCamera(fake)
    #expect(try camera.next() != nil)
    #expect(try camera.next() != nil)
    #expect(throws: CaptureError.disconnected(framesDelivered: 2)) { _ = try camera.next() }
    #expect(
      CaptureError.disconnected(framesDelivered: 2).description
        == "camera disconnected after 2 frames")
    #expect(isReleased(fake))
    #expect(try camera.next() == nil)
  }

  @Test func noFrameWithinTheTimeoutIsAnError() throws {
    let fake = FakeV4L2Calls()
    let camera = try openCamera(fake)
    let start = Date()
    #expect(throws: CaptureError.noFrame(seconds: 0.3)) { _ = try camera.next() }
    #expect(Date().timeIntervalSince(start) < 2)
    #expect(isReleased(fake))
  }

  @Test func stopReturnsNilAndReleasesTheCamera() throws {
    let fake = FakeV4L2Calls()
    fake.script = [.frames([frame(0)]), .nothing, .stop, .frames([frame(1)])]
    let camera = try openCamera(fake)
    #expect(try camera.next() != nil)
    #expect(try camera.next() == nil)
    #expect(isReleased(fake))
    #expect(try camera.next() == nil)
    camera.close()
    #expect(fake.log.filter { $0 == "close" }.count == 1)
  }

  @Test func deinitReleasesTheCamera() throws {
    let fake = FakeV4L2Calls()
    do {
      let camera = try openCamera(fake)
      _ = camera.format
    }
    #expect(isReleased(fake))
  }

  @Test func errorMessagesAreActionable() {
    #expect(
      CaptureError.permissionDenied.description.contains("sudo usermod -aG video $USER"))
    #expect(CaptureError.noSuchDevice.description == "no such device")
    #expect(
      CaptureError.ioctlFailed(request: "VIDIOC_QBUF", .invalidArgument).description
        == "VIDIOC_QBUF failed: invalid argument")
    for error in [CaptureError.busy, .noFrame(seconds: 5), .conversionFailed] {
      #expect(error.description.first?.isLowercase == true && error.description.last != ".")
    }
  }

  // MARK: - Listings

  @Test func devicesAreListedInNumericOrder() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("qrpipe-video-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    for name in ["video10", "video2", "video0", "videoX", "media0"] {
      _ = FileManager.default.createFile(
        atPath: directory.appendingPathComponent(name).path, contents: nil)
    }
    let fake = FakeV4L2Calls()
    fake.openErrors = [directory.path + "/video2": .permissionDenied]
    let devices = V4L2Camera.listDevices(directory: directory.path, calls: fake)
    #expect(
      devices.map { $0.path.split(separator: "/").last ?? "" } == ["video0", "video2", "video10"])
    #expect(devices[0].card == "Fake Camera" && devices[0].canCapture)
    #expect(devices[1].problem == CaptureError.permissionDenied.description)
    #expect(devices[2].description.hasSuffix(": Fake Camera (fake, platform:fake): capture"))
    #expect(fake.log.filter { $0 == "close" }.count == 2)
    #expect(V4L2Camera.deviceListing([]).hasPrefix("no V4L2 devices found"))
  }

  @Test func formatListingSaysHowEachFormatIsRead() throws {
    let fake = FakeV4L2Calls()
    fake.formats = [.yuyv, .mjpeg, V4L2PixelFormat(code: "H264") ?? .mjpeg]
    let text = try V4L2Camera.listFormats(devicePath: "/dev/video-test", calls: fake)
    #expect(text.contains("[0]: 'YUYV' (YUYV): read natively"))
    #expect(text.contains("[1]: 'MJPG' (Motion-JPEG): needs libv4l2 (libv4l2.so.0 not found)"))
    #expect(text.contains("[2]: 'H264' (H264): not readable"))
    #expect(fake.log.last == "close")
    fake.isUsingLibV4L2 = true
    let converted = try V4L2Camera.listFormats(devicePath: "/dev/video-test", calls: fake)
    #expect(converted.contains("'MJPG' (Motion-JPEG): read via libv4l2 (converted to YU12)"))
  }

  @Test func pixelFormatCodesRoundTrip() {
    #expect(V4L2PixelFormat(code: "YUYV") == .yuyv)
    #expect(V4L2PixelFormat.grey.code == "GREY")
    #expect(V4L2PixelFormat.yuv420.code == "YU12")
    #expect(V4L2PixelFormat(code: "TOOLONG") == nil)
    #expect(V4L2PixelFormat.native.allSatisfy { $0.layout != nil })
  }
}
