// SPDX-License-Identifier: MIT
// Why a camera could not be opened or stopped delivering, in words a user can act on.

import QRSystem

/// A failure of `V4L2Camera`.
///
/// The descriptions are lowercase with no trailing period and do not repeat the device path;
/// the tool prints them after it: `qrcapture: /dev/video0: device busy; another program is using
/// it`.
public enum CaptureError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The device node does not exist (`ENOENT`, `ENODEV`, `ENXIO` from `open`).
  case noSuchDevice
  /// `open` failed with `EACCES` or `EPERM`.
  case permissionDenied
  /// Another program holds the device (`EBUSY` from `open`, `VIDIOC_S_FMT`, `VIDIOC_REQBUFS` or
  /// `VIDIOC_STREAMON`).
  case busy
  /// The node does not answer `VIDIOC_QUERYCAP`, so it is not a V4L2 device.
  case notV4L2Device
  /// The device cannot capture video (an output, a codec, a metadata node); `card` names it.
  case notCaptureDevice(card: String)
  /// The device captures but has no streaming (mmap) I/O.
  case noStreamingIO(card: String)
  /// None of the device's formats can be reduced to gray. `offered` lists its fourccs;
  /// `libV4L2Problem` is why libv4l2, which could convert some of them, is not in use (or nil
  /// when it is in use, or would not help).
  case noUsableFormat(offered: [String], libV4L2Problem: String?)
  /// The driver granted no buffers.
  case noBuffers
  /// The device went away while streaming (`ENODEV` or `EIO`, or `POLLHUP`).
  case disconnected(framesDelivered: UInt64)
  /// libv4l2 gave up converting the camera's frames (`EIO` from `VIDIOC_DQBUF` while it
  /// converts), usually corrupt MJPEG data.
  case conversionFailed
  /// No frame arrived within `seconds`.
  case noFrame(seconds: Double)
  /// `open` failed for another reason.
  case openFailed(Errno)
  /// An ioctl failed; `request` is its name, such as `VIDIOC_S_FMT`.
  case ioctlFailed(request: String, Errno)
  /// Another system call (`mmap`, `poll`) failed.
  case systemCallFailed(function: String, Errno)

  /// The user-facing message.
  public var description: String {
    switch self {
    case .noSuchDevice:
      "no such device"
    case .permissionDenied:
      "permission denied; cameras belong to the 'video' group: add yourself with "
        + "'sudo usermod -aG video $USER' and log in again"
    case .busy:
      "device busy; another program is using it"
    case .notV4L2Device:
      "not a V4L2 device"
    case .notCaptureDevice(let card):
      "\(card.isEmpty ? "device" : "'\(card)'") is not a video capture device"
    case .noStreamingIO(let card):
      "\(card.isEmpty ? "device" : "'\(card)'") has no streaming I/O, which capture needs"
    case .noUsableFormat(let offered, let problem):
      Self.noUsableFormatMessage(offered: offered, libV4L2Problem: problem)
    case .noBuffers:
      "the driver granted no capture buffers"
    case .disconnected(let count):
      "camera disconnected after \(count) frame\(count == 1 ? "" : "s")"
    case .conversionFailed:
      "libv4l2 cannot convert the camera's frames (corrupt or unsupported data)"
    case .noFrame(let seconds):
      "no frame from the camera within \(Self.format(seconds)) seconds"
    case .openFailed(let error):
      "cannot open: \(error)"
    case .ioctlFailed(let request, let error):
      "\(request) failed: \(error)"
    case .systemCallFailed(let function, let error):
      "\(function) failed: \(error)"
    }
  }

  private static func noUsableFormatMessage(offered: [String], libV4L2Problem: String?) -> String {
    let list = offered.isEmpty ? "no formats" : offered.joined(separator: ", ")
    var message = "no usable pixel format (the camera offers \(list))"
    if let libV4L2Problem {
      message += "; libv4l2 could convert it but \(libV4L2Problem)"
      if !libV4L2Problem.contains("QRPIPE_NO_LIBV4L2") {
        message += ": install libv4l-0 (apt-get install libv4l-0)"
      }
    }
    return message
  }

  private static func format(_ seconds: Double) -> String {
    seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
  }
}
