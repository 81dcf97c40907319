// SPDX-License-Identifier: MIT
// An in-process V4L2 device: a state machine over memory buffers that can fail on cue.

import CV4L2
import Glibc

@testable import QRCapture
@testable import QRSystem

/// A scripted V4L2 capture device for `V4L2Camera` unit tests.
///
/// Each `poll` with a timeout plays the next `Round` of `script`: frames become ready in the
/// queued buffers (oldest first), nothing happens (the poll sleeps its timeout), a signal
/// interrupts it, the device is unplugged, or the stop flag goes up. Every call is logged by
/// name (`open`, `VIDIOC_S_FMT`, `mmap`, `munmap`, `close`) so tests can check the device was
/// released, and `failures` makes the next calls of a name fail with the given errno values.
final class FakeV4L2Calls: V4L2Calls {
  /// One frame the fake driver fills into a buffer.
  struct FakeFrame {
    /// The bytes of the whole buffer, in the negotiated format.
    var bytes: [UInt8]
    /// The driver's sequence number; nil continues from the previous frame.
    var sequence: UInt32?
    /// `bytesused`; nil means all of `bytes`.
    var bytesUsed: Int?
    /// Buffer flags besides the monotonic timestamp flag.
    var flags: UInt32 = 0
  }

  /// What one poll does.
  enum Round {
    case frames([FakeFrame])
    case nothing
    case interrupted
    case unplug
    case stop
  }

  // MARK: - Configuration

  var card = "Fake Camera"
  var deviceCaps = UInt32(V4L2_CAP_VIDEO_CAPTURE | V4L2_CAP_STREAMING)
  /// Formats the driver delivers.
  var formats: [V4L2PixelFormat] = [.grey]
  /// Formats libv4l2 adds (flagged emulated) when `isUsingLibV4L2`.
  var emulatedFormats: [V4L2PixelFormat] = []
  var isUsingLibV4L2 = false
  var libV4L2Problem = "libv4l2.so.0 not found"
  var width = 8
  var height = 4
  /// Extra bytes at the end of each row (bytesperline − packed row).
  var padding = 0
  /// Whether S_FMT grants any requested size; else the size stays `width`×`height`.
  var acceptsSize = false
  /// If set, S_FMT grants this format whatever was asked.
  var substitutedFormat: V4L2PixelFormat?
  var maximumBuffers = 4
  var openErrors: [String: Errno] = [:]
  /// Errors the next calls of a name return, in order (`VIDIOC_DQBUF`, `open`, `poll`).
  var failures: [String: [Errno]] = [:]
  var script: [Round] = []
  private(set) var stopRequested = false

  // MARK: - Observed

  private(set) var log: [String] = []
  private(set) var currentFormat = V4L2PixelFormat.grey
  private(set) var timePerFrame = v4l2_fract(numerator: 1, denominator: 30)

  private var isOpen = false
  private var isStreaming = false
  private var isUnplugged = false
  private var buffers: [UnsafeMutableRawBufferPointer] = []
  private var queued: [Int] = []
  private var done: [(index: Int, frame: FakeFrame, sequence: UInt32)] = []
  private var nextSequence: UInt32 = 0
  private static let fd: CInt = 42
  private static let offsetStep = 0x10000

  deinit { for buffer in buffers { buffer.deallocate() } }

  // MARK: - V4L2Calls

  func open(_ path: String, flags: CInt) throws(Errno) -> CInt {
    log.append("open \(path)")
    if let error = openErrors[path] ?? takeFailure("open") { throw error }
    isOpen = true
    return Self.fd
  }

  func close(_ fd: CInt) {
    log.append("close")
    isOpen = false
    isStreaming = false
  }

  func mmap(fd: CInt, length: Int, offset: Int64) throws(Errno) -> UnsafeMutableRawPointer {
    log.append("mmap")
    if let error = takeFailure("mmap") { throw error }
    let index = Int(offset) / Self.offsetStep
    guard index < buffers.count, length <= buffers[index].count,
      let address = buffers[index].baseAddress
    else { throw .invalidArgument }
    return address
  }

  func munmap(_ address: UnsafeMutableRawPointer, length: Int) {
    log.append("munmap")
  }

  func poll(_ fd: CInt, timeoutMilliseconds: CInt) throws(Errno) -> Int16 {
    if let error = takeFailure("poll") { throw error }
    if timeoutMilliseconds > 0 { try playRound(sleeping: timeoutMilliseconds) }
    if isUnplugged { return Int16(POLLIN | POLLERR) }
    return done.isEmpty ? 0 : Int16(POLLIN)
  }

  func ioctl(_ fd: CInt, _ request: UInt, _ argument: UnsafeMutableRawPointer) throws(Errno) {
    let name = Self.names[request] ?? "ioctl \(request)"
    log.append(name)
    guard isOpen else { throw Errno(rawValue: EBADF) }
    if let error = takeFailure(name) { throw error }
    if isUnplugged, name != "VIDIOC_STREAMOFF" { throw .noSuchDevice }
    switch name {
    case "VIDIOC_QUERYCAP":
      queryCapabilities(argument.assumingMemoryBound(to: v4l2_capability.self))
    case "VIDIOC_ENUM_FMT": try enumerate(argument.assumingMemoryBound(to: v4l2_fmtdesc.self))
    case "VIDIOC_G_FMT": describe(argument.assumingMemoryBound(to: v4l2_format.self))
    case "VIDIOC_S_FMT": try setFormat(argument.assumingMemoryBound(to: v4l2_format.self))
    case "VIDIOC_G_PARM", "VIDIOC_S_PARM":
      let parameters = argument.assumingMemoryBound(to: v4l2_streamparm.self)
      if name == "VIDIOC_S_PARM" {
        timePerFrame = parameters.pointee.parm.capture.timeperframe
      }
      parameters.pointee.parm.capture.capability = UInt32(V4L2_CAP_TIMEPERFRAME)
      parameters.pointee.parm.capture.timeperframe = timePerFrame
    case "VIDIOC_REQBUFS":
      requestBuffers(argument.assumingMemoryBound(to: v4l2_requestbuffers.self))
    case "VIDIOC_QUERYBUF":
      let buffer = argument.assumingMemoryBound(to: v4l2_buffer.self)
      guard Int(buffer.pointee.index) < buffers.count else { throw .invalidArgument }
      buffer.pointee.length = UInt32(buffers[Int(buffer.pointee.index)].count)
      buffer.pointee.m.offset = buffer.pointee.index * UInt32(Self.offsetStep)
    case "VIDIOC_QBUF":
      let index = Int(argument.assumingMemoryBound(to: v4l2_buffer.self).pointee.index)
      guard index < buffers.count, !queued.contains(index) else { throw .invalidArgument }
      queued.append(index)
    case "VIDIOC_DQBUF": try dequeue(argument.assumingMemoryBound(to: v4l2_buffer.self))
    case "VIDIOC_STREAMON":
      guard !buffers.isEmpty else { throw .invalidArgument }
      isStreaming = true
    case "VIDIOC_STREAMOFF":
      isStreaming = false
      queued = []
      done = []
    default: throw .notATerminal
    }
  }

  // MARK: - Driver behaviour

  private static let names: [UInt: String] = [
    CV4L2_VIDIOC_QUERYCAP: "VIDIOC_QUERYCAP", CV4L2_VIDIOC_ENUM_FMT: "VIDIOC_ENUM_FMT",
    CV4L2_VIDIOC_G_FMT: "VIDIOC_G_FMT", CV4L2_VIDIOC_S_FMT: "VIDIOC_S_FMT",
    CV4L2_VIDIOC_G_PARM: "VIDIOC_G_PARM", CV4L2_VIDIOC_S_PARM: "VIDIOC_S_PARM",
    CV4L2_VIDIOC_REQBUFS: "VIDIOC_REQBUFS", CV4L2_VIDIOC_QUERYBUF: "VIDIOC_QUERYBUF",
    CV4L2_VIDIOC_QBUF: "VIDIOC_QBUF", CV4L2_VIDIOC_DQBUF: "VIDIOC_DQBUF",
    CV4L2_VIDIOC_STREAMON: "VIDIOC_STREAMON", CV4L2_VIDIOC_STREAMOFF: "VIDIOC_STREAMOFF",
    CV4L2_VIDIOC_ENUM_FRAMESIZES: "VIDIOC_ENUM_FRAMESIZES",
    CV4L2_VIDIOC_ENUM_FRAMEINTERVALS: "VIDIOC_ENUM_FRAMEINTERVALS",
  ]

  private func takeFailure(_ name: String) -> Errno? {
    guard var list = failures[name], !list.isEmpty else { return nil }
    let error = list.removeFirst()
    failures[name] = list
    return error
  }

  private func playRound(sleeping milliseconds: CInt) throws(Errno) {
    guard !script.isEmpty else {
      usleep(UInt32(milliseconds) * 1000)
      return
    }
    switch script.removeFirst() {
    case .frames(let frames):
      for frame in frames { fill(frame) }
    case .nothing: usleep(UInt32(milliseconds) * 1000)
    case .interrupted: throw .interrupted
    case .unplug: isUnplugged = true
    case .stop: stopRequested = true
    }
  }

  /// Fills the oldest queued buffer; with none queued the frame is lost, as in a driver.
  private func fill(_ frame: FakeFrame) {
    let sequence = frame.sequence ?? nextSequence
    nextSequence = sequence &+ 1
    guard isStreaming, !queued.isEmpty else { return }
    let index = queued.removeFirst()
    let target = buffers[index]
    frame.bytes.withUnsafeBytes { source in
      target.copyMemory(from: UnsafeRawBufferPointer(rebasing: source.prefix(target.count)))
    }
    done.append((index, frame, sequence))
  }

  private func dequeue(_ buffer: UnsafeMutablePointer<v4l2_buffer>) throws(Errno) {
    guard !done.isEmpty else { throw .wouldBlock }
    let (index, frame, sequence) = done.removeFirst()
    buffer.pointee.index = UInt32(index)
    buffer.pointee.sequence = sequence
    buffer.pointee.bytesused = UInt32(frame.bytesUsed ?? frame.bytes.count)
    buffer.pointee.flags = frame.flags | UInt32(V4L2_BUF_FLAG_TIMESTAMP_MONOTONIC)
    buffer.pointee.timestamp = timeval(tv_sec: 100 + Int(sequence), tv_usec: 500)
  }

  private func queryCapabilities(_ capability: UnsafeMutablePointer<v4l2_capability>) {
    capability.pointee = v4l2_capability()
    Self.copy("fake", into: &capability.pointee.driver)
    Self.copy(card, into: &capability.pointee.card)
    Self.copy("platform:fake", into: &capability.pointee.bus_info)
    capability.pointee.device_caps = deviceCaps
    capability.pointee.capabilities = deviceCaps | UInt32(V4L2_CAP_DEVICE_CAPS)
  }

  private func enumerate(_ description: UnsafeMutablePointer<v4l2_fmtdesc>) throws(Errno) {
    let all =
      formats.map { ($0, false) } + (isUsingLibV4L2 ? emulatedFormats.map { ($0, true) } : [])
    let index = Int(description.pointee.index)
    guard index < all.count else { throw .invalidArgument }
    description.pointee.pixelformat = all[index].0.rawValue
    description.pointee.flags = all[index].1 ? UInt32(V4L2_FMT_FLAG_EMULATED) : 0
    Self.copy(
      all[index].0 == .mjpeg ? "Motion-JPEG" : all[index].0.code,
      into: &description.pointee.description)
  }

  private func describe(_ format: UnsafeMutablePointer<v4l2_format>) {
    let layout = currentFormat.layout ?? .gray
    let stride = (layout.minimumRowStride(width: width) ?? width) + padding
    format.pointee.fmt.pix.width = UInt32(width)
    format.pointee.fmt.pix.height = UInt32(height)
    format.pointee.fmt.pix.pixelformat = currentFormat.rawValue
    format.pointee.fmt.pix.bytesperline = UInt32(stride)
    format.pointee.fmt.pix.sizeimage = UInt32(
      layout.frameByteCount(width: width, height: height, rowStride: stride) ?? 0)
  }

  private func setFormat(_ format: UnsafeMutablePointer<v4l2_format>) throws(Errno) {
    let asked = V4L2PixelFormat(rawValue: format.pointee.fmt.pix.pixelformat)
    let offered = formats + (isUsingLibV4L2 ? emulatedFormats : [])
    currentFormat = substitutedFormat ?? (offered.contains(asked) ? asked : formats[0])
    if acceptsSize {
      width = Int(format.pointee.fmt.pix.width)
      height = Int(format.pointee.fmt.pix.height)
    }
    describe(format)
  }

  private func requestBuffers(_ request: UnsafeMutablePointer<v4l2_requestbuffers>) {
    for buffer in buffers { buffer.deallocate() }
    let count = min(Int(request.pointee.count), maximumBuffers)
    var size = v4l2_format()
    describe(&size)
    buffers = (0..<count).map { _ in
      UnsafeMutableRawBufferPointer.allocate(byteCount: Int(size.fmt.pix.sizeimage), alignment: 16)
    }
    request.pointee.count = UInt32(count)
  }

  private static func copy<T>(_ text: String, into field: inout T) {
    withUnsafeMutableBytes(of: &field) { bytes in
      bytes.initializeMemory(as: UInt8.self, repeating: 0)
      for (index, byte) in text.utf8.prefix(bytes.count - 1).enumerated() { bytes[index] = byte }
    }
  }
}
