// SPDX-License-Identifier: MIT
// An open V4L2 node: the ioctl helpers the camera and the listings share.

import CV4L2
import Glibc
import QRSystem

/// An open device node and the calls to reach it; the owner closes it.
struct V4L2Device {
  /// What `VIDIOC_QUERYCAP` says about a device.
  struct Capabilities {
    var driver: String
    var card: String
    var busInfo: String
    /// The node's own capabilities: `device_caps` when `V4L2_CAP_DEVICE_CAPS` is set (the
    /// `capabilities` field then describes the whole physical device), else `capabilities`.
    var deviceCaps: UInt32

    var canCapture: Bool { deviceCaps & UInt32(V4L2_CAP_VIDEO_CAPTURE) != 0 }
    var canStream: Bool { deviceCaps & UInt32(V4L2_CAP_STREAMING) != 0 }
  }

  /// One `VIDIOC_ENUM_FMT` answer.
  struct FormatDescription {
    var pixelFormat: V4L2PixelFormat
    var name: String
    /// Set by libv4l2 for formats it converts to rather than the driver delivering them.
    var isEmulated: Bool
  }

  let calls: any V4L2Calls
  let fd: CInt

  /// The capture buffer type as the `type` fields want it.
  static let captureType = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue

  /// Opens `path` non-blocking for reading and writing.
  static func open(_ path: String, calls: any V4L2Calls) throws(CaptureError) -> V4L2Device {
    while true {
      do throws(Errno) {
        return V4L2Device(calls: calls, fd: try calls.open(path, flags: O_RDWR | O_NONBLOCK))
      } catch {
        switch error.rawValue {
        case EINTR: continue
        case ENOENT, ENODEV, ENXIO: throw .noSuchDevice
        case EACCES, EPERM: throw .permissionDenied
        case EBUSY: throw .busy
        default: throw .openFailed(error)
        }
      }
    }
  }

  func close() { calls.close(fd) }

  /// Issues `request` on `value`, retrying on `EINTR`; returns the error, if any.
  func perform<T>(_ request: UInt, _ value: inout T) -> Errno? {
    withUnsafeMutablePointer(to: &value) { pointer in
      while true {
        do throws(Errno) {
          try calls.ioctl(fd, request, UnsafeMutableRawPointer(pointer))
          return nil
        } catch {
          if error != .interrupted { return error }
        }
      }
    }
  }

  /// Issues `request` (called `name` in messages) on `value`; `EBUSY` means another program.
  func require<T>(_ name: String, _ request: UInt, _ value: inout T) throws(CaptureError) {
    guard let error = perform(request, &value) else { return }
    throw error == .resourceBusy ? .busy : .ioctlFailed(request: name, error)
  }

  /// `VIDIOC_QUERYCAP`; a node that does not know it is not a V4L2 device.
  func capabilities() throws(CaptureError) -> Capabilities {
    var raw = v4l2_capability()
    if let error = perform(CV4L2_VIDIOC_QUERYCAP, &raw) {
      if error == .notATerminal || error == .invalidArgument { throw .notV4L2Device }
      throw .ioctlFailed(request: "VIDIOC_QUERYCAP", error)
    }
    let hasDeviceCaps = raw.capabilities & UInt32(V4L2_CAP_DEVICE_CAPS) != 0
    return Capabilities(
      driver: Self.string(raw.driver), card: Self.string(raw.card),
      busInfo: Self.string(raw.bus_info),
      deviceCaps: hasDeviceCaps ? raw.device_caps : raw.capabilities)
  }

  /// Every capture format, in the driver's order (`VIDIOC_ENUM_FMT` until `EINVAL`).
  func formats() throws(CaptureError) -> [FormatDescription] {
    var result: [FormatDescription] = []
    // A driver that never says EINVAL would loop forever; no camera has 256 formats.
    for index in 0..<256 {
      var raw = v4l2_fmtdesc()
      raw.index = UInt32(index)
      raw.type = Self.captureType
      if let error = perform(CV4L2_VIDIOC_ENUM_FMT, &raw) {
        if error == .invalidArgument { break }
        throw .ioctlFailed(request: "VIDIOC_ENUM_FMT", error)
      }
      result.append(
        FormatDescription(
          pixelFormat: V4L2PixelFormat(rawValue: raw.pixelformat),
          name: Self.string(raw.description),
          isEmulated: raw.flags & UInt32(V4L2_FMT_FLAG_EMULATED) != 0))
    }
    return result
  }

  /// A NUL-terminated C character array (imported as a tuple) as a string.
  static func string<T>(_ tuple: T) -> String {
    withUnsafeBytes(of: tuple) { bytes in
      String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    }
  }
}
