// SPDX-License-Identifier: MIT
// A V4L2 camera as a FrameSource: mmap streaming, newest frame first, drops counted.

import CV4L2
import Glibc
import QRImage
import QRStream
import QRSystem

/// The format a camera and `V4L2Camera` agreed on, as read back from the driver.
public struct V4L2Format: Equatable, Sendable {
  /// The pixel format the buffers hold.
  public var pixelFormat: V4L2PixelFormat
  /// Width in pixels.
  public var width: Int
  /// Height in pixels.
  public var height: Int
  /// Bytes from one row to the next (of the Y plane for planar formats); at least the row's size.
  public var bytesPerLine: Int
  /// Bytes in a full buffer.
  public var sizeImage: Int
  /// Whether libv4l2 converts to `pixelFormat` from what the camera sends (MJPEG, for example).
  public var isConvertedByLibV4L2: Bool

  /// Creates a format.
  public init(
    pixelFormat: V4L2PixelFormat, width: Int, height: Int, bytesPerLine: Int, sizeImage: Int,
    isConvertedByLibV4L2: Bool = false
  ) {
    self.pixelFormat = pixelFormat
    self.width = width
    self.height = height
    self.bytesPerLine = bytesPerLine
    self.sizeImage = sizeImage
    self.isConvertedByLibV4L2 = isConvertedByLibV4L2
  }
}

/// A V4L2 video capture device, streaming through mmap buffers and yielding gray frames.
///
/// Opening negotiates a format the camera can deliver and qrcapture can reduce to gray (GREY
/// first, then YUYV, UYVY, NV12, NV21, YU12, YV12, then, with libv4l2 loaded, YU12 converted by
/// libv4l2 from MJPEG and the like), asks for the frame rate, queues a small ring of buffers and
/// starts streaming. `next()` always returns the newest filled buffer: older ones are handed back
/// to the driver and counted in `Frame.dropped`, so a slow consumer makes the stream skip rather
/// than lag. Gaps in the driver's own sequence numbers count as dropped too, and a buffer that
/// is shorter than the format says (or flagged as erroneous) is skipped and counted.
///
///     let camera = try V4L2Camera(
///       options: CaptureOptions(devicePath: "/dev/video0"),
///       shouldStop: { Signals.stopRequested })
///     defer { camera.close() }
///     while let frame = try camera.next() { try writer.write(frame) }
///
/// Timestamps: a buffer stamped `V4L2_BUF_FLAG_TIMESTAMP_MONOTONIC` (every driver since Linux
/// 3.9) keeps its `CLOCK_MONOTONIC` capture time. A buffer stamped on another or an unknown
/// clock gets `CLOCK_MONOTONIC` read at dequeue instead, so every frame of a stream is on
/// `FrameClock.monotonic` and intervals between frames stay meaningful.
///
/// `close()`, which `deinit`, a stop and every thrown error also reach, stops streaming, unmaps
/// the buffers and closes the device.
public final class V4L2Camera: FrameSource {
  /// The options the camera was opened with.
  public let options: CaptureOptions
  /// The device's name (`v4l2_capability.card`), such as `HD Webcam C525`.
  public private(set) var card = ""
  /// The driver's name, such as `uvcvideo`.
  public private(set) var driver = ""
  /// The format the driver granted.
  public private(set) var format = V4L2Format(
    pixelFormat: .grey, width: 0, height: 0, bytesPerLine: 0, sizeImage: 0)
  /// The frame rate the driver reports after negotiation, or nil if it does not say.
  public private(set) var framesPerSecond: Double?
  /// How many buffers the driver granted.
  public private(set) var bufferCount = 0
  /// Frames returned by `next()`.
  public private(set) var framesDelivered: UInt64 = 0
  /// Frames dropped so far: drained unread, missing from the driver's sequence, or incomplete.
  public private(set) var framesDropped: UInt64 = 0
  /// Buffers skipped because they held fewer bytes than the format needs or were flagged as
  /// erroneous (already included in `framesDropped`).
  public private(set) var incompleteBuffers: UInt64 = 0

  // MARK: - State

  private let device: V4L2Device
  private let shouldStop: () -> Bool
  private var isOpen = true
  private var isStreaming = false
  private var mappings: [UnsafeMutableRawBufferPointer] = []
  /// The driver's sequence number of the last buffer dequeued, for gap counting.
  private var lastDriverSequence: UInt32?
  /// Drops since the last delivered frame.
  private var pendingDropped: UInt64 = 0
  /// Our sequence number for the next frame if nothing is dropped.
  private var nextSequence: UInt64 = 0
  /// `CLOCK_MONOTONIC` nanoseconds at stream start or the last delivered frame.
  private var lastProgress: UInt64 = 0
  /// How `format` lays out a buffer, and how many bytes a complete one holds (every plane).
  private var layout = PixelLayout.gray
  private var frameByteCount = 0

  /// How long one `poll` waits before checking `shouldStop` again.
  static let pollInterval: CInt = 100

  // MARK: - Opening

  /// Opens the device, negotiates format, size and frame rate, maps the buffers and starts
  /// streaming.
  ///
  /// - Parameters:
  ///   - options: The device path and what to ask of it.
  ///   - calls: The system calls; tests pass a fake.
  ///   - shouldStop: Polled at least every 100 ms while waiting for a frame; once it returns
  ///     true, `next()` releases the camera and returns nil.
  /// - Throws: `CaptureError`; the device is closed again before the error propagates.
  public init(
    options: CaptureOptions, calls: any V4L2Calls = SystemV4L2Calls(),
    shouldStop: @escaping () -> Bool = { false }
  ) throws(CaptureError) {
    self.options = options
    self.shouldStop = shouldStop
    device = try V4L2Device.open(options.devicePath, calls: calls)
    do throws(CaptureError) {
      try start()
    } catch {
      close()
      throw error
    }
  }

  deinit { close() }

  private func start() throws(CaptureError) {
    let capabilities = try device.capabilities()
    card = capabilities.card
    driver = capabilities.driver
    guard capabilities.canCapture else { throw .notCaptureDevice(card: card) }
    guard capabilities.canStream else { throw .noStreamingIO(card: card) }
    format = try negotiateFormat()
    // negotiateFormat only accepts formats that have a layout.
    layout = format.pixelFormat.layout ?? .gray
    framesPerSecond = negotiateFrameRate()
    try mapBuffers()
    var type = CInt(V4L2Device.captureType)
    try device.require("VIDIOC_STREAMON", CV4L2_VIDIOC_STREAMON, &type)
    isStreaming = true
    lastProgress = Self.monotonicNow()
  }

  /// Tries the formats in preference order and returns the first the driver grants in a form
  /// we read; the driver may substitute another format or size, so the answer is read back.
  private func negotiateFormat() throws(CaptureError) -> V4L2Format {
    var current = v4l2_format()
    current.type = V4L2Device.captureType
    try device.require("VIDIOC_G_FMT", CV4L2_VIDIOC_G_FMT, &current)
    let width = options.size?.width ?? Int(current.fmt.pix.width)
    let height = options.size?.height ?? Int(current.fmt.pix.height)

    let offered = try device.formats()
    let delivered = offered.filter { !$0.isEmulated }.map(\.pixelFormat)
    var candidates = V4L2PixelFormat.native.filter { delivered.contains($0) }
    let usesLibV4L2 = device.calls.isUsingLibV4L2
    if usesLibV4L2, !delivered.isEmpty, !candidates.contains(.yuv420) {
      candidates.append(.yuv420)  // libv4l2 converts to it from whatever the camera sends
    }
    for candidate in candidates {
      var request = v4l2_format()
      request.type = V4L2Device.captureType
      request.fmt.pix.width = UInt32(clamping: width)
      request.fmt.pix.height = UInt32(clamping: height)
      request.fmt.pix.pixelformat = candidate.rawValue
      request.fmt.pix.field = V4L2_FIELD_NONE.rawValue
      if let error = device.perform(CV4L2_VIDIOC_S_FMT, &request) {
        if error == .invalidArgument { continue }
        throw error == .resourceBusy ? .busy : .ioctlFailed(request: "VIDIOC_S_FMT", error)
      }
      let granted = V4L2PixelFormat(rawValue: request.fmt.pix.pixelformat)
      let grantedWidth = Int(request.fmt.pix.width)
      let grantedHeight = Int(request.fmt.pix.height)
      guard let layout = granted.layout,
        let packed = layout.minimumRowStride(width: grantedWidth)
      else { continue }
      // Some drivers leave bytesperline 0 for planar formats: the rows are then packed.
      let bytesPerLine = max(Int(request.fmt.pix.bytesperline), packed)
      guard
        let size = layout.frameByteCount(
          width: grantedWidth, height: grantedHeight, rowStride: bytesPerLine)
      else { continue }
      frameByteCount = size
      return V4L2Format(
        pixelFormat: granted, width: grantedWidth, height: grantedHeight,
        bytesPerLine: bytesPerLine,
        sizeImage: Int(request.fmt.pix.sizeimage),
        isConvertedByLibV4L2: usesLibV4L2 && !delivered.contains(granted))
    }
    let helpful = !usesLibV4L2 && delivered.contains { $0.isConvertibleByLibV4L2 }
    throw .noUsableFormat(
      offered: delivered.map(\.code), libV4L2Problem: helpful ? device.calls.libV4L2Problem : nil)
  }

  /// Asks for `options.framesPerSecond` when the driver supports it, and returns the rate it
  /// reports afterwards. Best effort: a driver without `VIDIOC_G_PARM` is not an error.
  private func negotiateFrameRate() -> Double? {
    var parameters = v4l2_streamparm()
    parameters.type = V4L2Device.captureType
    guard device.perform(CV4L2_VIDIOC_G_PARM, &parameters) == nil else { return nil }
    if let rate = options.framesPerSecond, rate > 0,
      parameters.parm.capture.capability & UInt32(V4L2_CAP_TIMEPERFRAME) != 0
    {
      // Frame period as a fraction: 1000 / (1000 × rate) keeps rates like 29.97 exact.
      parameters.parm.capture.timeperframe = v4l2_fract(
        numerator: 1000, denominator: UInt32(clamping: Int((rate * 1000).rounded())))
      _ = device.perform(CV4L2_VIDIOC_S_PARM, &parameters)
      parameters = v4l2_streamparm()
      parameters.type = V4L2Device.captureType
      guard device.perform(CV4L2_VIDIOC_G_PARM, &parameters) == nil else { return nil }
    }
    let period = parameters.parm.capture.timeperframe
    guard period.numerator > 0, period.denominator > 0 else { return nil }
    return Double(period.denominator) / Double(period.numerator)
  }

  /// REQBUFS, then QUERYBUF, mmap and QBUF for each buffer.
  private func mapBuffers() throws(CaptureError) {
    var request = v4l2_requestbuffers()
    request.count = UInt32(min(max(options.bufferCount, 2), 32))
    request.type = V4L2Device.captureType
    request.memory = V4L2_MEMORY_MMAP.rawValue
    if let error = device.perform(CV4L2_VIDIOC_REQBUFS, &request) {
      if error == .invalidArgument { throw .noStreamingIO(card: card) }
      throw error == .resourceBusy ? .busy : .ioctlFailed(request: "VIDIOC_REQBUFS", error)
    }
    guard request.count > 0 else { throw .noBuffers }
    bufferCount = Int(request.count)
    for index in 0..<request.count {
      var buffer = Self.emptyBuffer(index: index)
      try device.require("VIDIOC_QUERYBUF", CV4L2_VIDIOC_QUERYBUF, &buffer)
      let length = Int(buffer.length)
      do throws(Errno) {
        let address = try device.calls.mmap(
          fd: device.fd, length: length, offset: Int64(buffer.m.offset))
        mappings.append(UnsafeMutableRawBufferPointer(start: address, count: length))
      } catch {
        throw .systemCallFailed(function: "mmap", error)
      }
    }
    for index in 0..<request.count { try enqueue(index) }
  }

  // MARK: - Frames

  /// The newest frame the camera has captured, waiting for one if none is ready.
  ///
  /// - Returns: The frame, or nil once `shouldStop` returned true or after `close()`; the camera
  ///   is then released.
  /// - Throws: `CaptureError.disconnected` if the camera goes away, `.noFrame` after
  ///   `options.frameTimeout` seconds without a frame, `.ioctlFailed` for other faults. The
  ///   camera is released before the error propagates, and later calls return nil.
  /// - Complexity: O(*width* × *height*) per frame for the gray conversion.
  public func next() throws(CaptureError) -> Frame? {
    guard isStreaming else { return nil }
    do throws(CaptureError) {
      let frame = try waitForFrame()
      if frame == nil { close() }
      return frame
    } catch {
      close()
      throw error
    }
  }

  private func waitForFrame() throws(CaptureError) -> Frame? {
    while true {
      if shouldStop() { return nil }
      // EINTR (a signal) reads as no events, so shouldStop is looked at again.
      let events = try poll(timeoutMilliseconds: Self.pollInterval)
      // Checked whether or not poll saw input: libv4l2 reports a frame it cannot convert as
      // EAGAIN from DQBUF while poll keeps saying the device is readable.
      let waited = Double(Self.monotonicNow() &- lastProgress) / 1e9
      if waited >= options.frameTimeout { throw .noFrame(seconds: options.frameTimeout) }
      if events == 0 { continue }
      if events & Int16(POLLHUP | POLLNVAL) != 0 {
        throw .disconnected(framesDelivered: framesDelivered)
      }
      guard var newest = try dequeue() else {
        // POLLERR with nothing to dequeue: the driver has stopped streaming under us.
        if events & Int16(POLLERR) != 0 { throw .disconnected(framesDelivered: framesDelivered) }
        continue
      }
      // Keep only the newest filled buffer; hand the older ones straight back. Poll first
      // rather than try DQBUF: libv4l2 prints a message on every EAGAIN.
      while try isReadable(timeoutMilliseconds: 0), let newer = try dequeue() {
        try enqueue(newest.index)
        pendingDropped += 1
        newest = newer
      }
      if let frame = try frame(from: newest) { return frame }
    }
  }

  /// Converts a dequeued buffer and hands it back to the driver; nil (counted as dropped) if
  /// the buffer is incomplete.
  private func frame(from buffer: v4l2_buffer) throws(CaptureError) -> Frame? {
    let mapping = mappings[Int(buffer.index)]
    let used = min(Int(buffer.bytesused), mapping.count)
    guard used >= frameByteCount, buffer.flags & UInt32(V4L2_BUF_FLAG_ERROR) == 0 else {
      try enqueue(buffer.index)
      pendingDropped += 1
      incompleteBuffers += 1
      return nil
    }
    let image = layout.luma(
      from: UnsafeRawBufferPointer(rebasing: mapping[0..<used]), width: format.width,
      height: format.height, rowStride: format.bytesPerLine)
    try enqueue(buffer.index)

    let now = Self.monotonicNow()
    let stamp = buffer.timestamp
    let isMonotonic =
      buffer.flags & UInt32(V4L2_BUF_FLAG_TIMESTAMP_MASK)
      == UInt32(V4L2_BUF_FLAG_TIMESTAMP_MONOTONIC) && (stamp.tv_sec > 0 || stamp.tv_usec > 0)
    let timestamp =
      isMonotonic
      ? UInt64(stamp.tv_sec) &* 1_000_000_000 &+ UInt64(stamp.tv_usec) &* 1_000 : now
    let sequence = nextSequence &+ pendingDropped
    let frame = Frame(
      image: image, sequence: sequence, timestamp: timestamp, clock: .monotonic,
      dropped: UInt32(clamping: pendingDropped))
    framesDelivered += 1
    framesDropped += pendingDropped
    pendingDropped = 0
    nextSequence = sequence &+ 1
    lastProgress = now
    return frame
  }

  /// The `poll` events on the device; 0 on timeout or `EINTR`.
  private func poll(timeoutMilliseconds: CInt) throws(CaptureError) -> Int16 {
    do throws(Errno) {
      return try device.calls.poll(device.fd, timeoutMilliseconds: timeoutMilliseconds)
    } catch {
      if error == .interrupted { return 0 }
      throw .systemCallFailed(function: "poll", error)
    }
  }

  /// Whether a filled buffer is waiting (poll says `POLLIN`).
  private func isReadable(timeoutMilliseconds: CInt) throws(CaptureError) -> Bool {
    try poll(timeoutMilliseconds: timeoutMilliseconds) & Int16(POLLIN) != 0
  }

  /// `VIDIOC_DQBUF`: a filled buffer, or nil if none is ready. Counts gaps in the driver's
  /// sequence numbers as dropped frames.
  private func dequeue() throws(CaptureError) -> v4l2_buffer? {
    var buffer = Self.emptyBuffer(index: 0)
    if let error = device.perform(CV4L2_VIDIOC_DQBUF, &buffer) {
      switch error.rawValue {
      case EAGAIN: return nil
      case EIO where format.isConvertedByLibV4L2: throw .conversionFailed
      case ENODEV, EIO: throw .disconnected(framesDelivered: framesDelivered)
      default: throw .ioctlFailed(request: "VIDIOC_DQBUF", error)
      }
    }
    guard Int(buffer.index) < mappings.count else {
      throw .ioctlFailed(request: "VIDIOC_DQBUF", .invalidArgument)
    }
    if let last = lastDriverSequence {
      // Wrapping difference: a sequence that repeats or goes back (drivers that never count)
      // lands in the upper half and is not a gap.
      let gap = buffer.sequence &- last &- 1
      if gap < 1 << 31 { pendingDropped += UInt64(gap) }
    }
    lastDriverSequence = buffer.sequence
    return buffer
  }

  /// `VIDIOC_QBUF`: hands buffer `index` back to the driver.
  private func enqueue(_ index: UInt32) throws(CaptureError) {
    var buffer = Self.emptyBuffer(index: index)
    if let error = device.perform(CV4L2_VIDIOC_QBUF, &buffer) {
      if error == .noSuchDevice || error.rawValue == EIO {
        throw .disconnected(framesDelivered: framesDelivered)
      }
      throw .ioctlFailed(request: "VIDIOC_QBUF", error)
    }
  }

  // MARK: - Closing

  /// Stops streaming, unmaps the buffers and closes the device. Safe to call more than once;
  /// `next()` returns nil afterwards.
  public func close() {
    guard isOpen else { return }
    isOpen = false
    if isStreaming {
      var type = CInt(V4L2Device.captureType)
      _ = device.perform(CV4L2_VIDIOC_STREAMOFF, &type)
      isStreaming = false
    }
    for mapping in mappings {
      if let address = mapping.baseAddress { device.calls.munmap(address, length: mapping.count) }
    }
    mappings = []
    device.close()
  }

  // MARK: - Helpers

  private static func emptyBuffer(index: UInt32) -> v4l2_buffer {
    var buffer = v4l2_buffer()
    buffer.index = index
    buffer.type = V4L2Device.captureType
    buffer.memory = V4L2_MEMORY_MMAP.rawValue
    return buffer
  }

  static func monotonicNow() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return UInt64(now.tv_sec) &* 1_000_000_000 &+ UInt64(now.tv_nsec)
  }
}
