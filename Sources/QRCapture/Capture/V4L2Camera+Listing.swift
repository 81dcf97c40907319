// SPDX-License-Identifier: MIT
// --list-devices and --list-formats: what cameras there are and what they can deliver.

import CV4L2
import Glibc

/// One `/dev/video*` node as `V4L2Camera.listDevices` found it.
public struct V4L2DeviceInfo: Equatable, Sendable, CustomStringConvertible {
  /// The device node, such as `/dev/video0`.
  public var path: String
  /// The device's name (`v4l2_capability.card`).
  public var card: String
  /// The driver's name, such as `uvcvideo`.
  public var driver: String
  /// Where the device is attached, such as `usb-0000:00:14.0-1`.
  public var busInfo: String
  /// Whether qrcapture can capture from it (video capture with streaming I/O).
  public var canCapture: Bool
  /// Why the node could not be queried (permission denied, busy), or nil.
  public var problem: String?

  /// Creates a description.
  public init(
    path: String, card: String = "", driver: String = "", busInfo: String = "",
    canCapture: Bool = false, problem: String? = nil
  ) {
    self.path = path
    self.card = card
    self.driver = driver
    self.busInfo = busInfo
    self.canCapture = canCapture
    self.problem = problem
  }

  /// One line: `/dev/video0: HD Webcam (uvcvideo, usb-0000:00:14.0-1): capture`.
  public var description: String {
    if let problem { return "\(path): \(problem)" }
    let place = busInfo.isEmpty ? driver : "\(driver), \(busInfo)"
    return "\(path): \(card) (\(place)): \(canCapture ? "capture" : "no video capture")"
  }
}

extension V4L2Camera {
  // MARK: - Devices

  /// The V4L2 nodes named `video<N>` in `directory`, in numeric order, each with what
  /// `VIDIOC_QUERYCAP` says about it.
  ///
  /// A node that cannot be opened or queried is listed with its `problem`.
  ///
  /// - Complexity: One open and one ioctl per node.
  public static func listDevices(
    directory: String = "/dev", calls: any V4L2Calls = SystemV4L2Calls()
  ) -> [V4L2DeviceInfo] {
    deviceNumbers(in: directory).map { number in
      let path = (directory.hasSuffix("/") ? directory : directory + "/") + "video\(number)"
      do throws(CaptureError) {
        let device = try V4L2Device.open(path, calls: calls)
        defer { device.close() }
        let capabilities = try device.capabilities()
        return V4L2DeviceInfo(
          path: path, card: capabilities.card, driver: capabilities.driver,
          busInfo: capabilities.busInfo,
          canCapture: capabilities.canCapture && capabilities.canStream)
      } catch {
        return V4L2DeviceInfo(path: path, problem: error.description)
      }
    }
  }

  /// The text `qrcapture --list-devices` prints: one line per device, or a note that there is
  /// none.
  public static func deviceListing(_ devices: [V4L2DeviceInfo]) -> String {
    guard !devices.isEmpty else { return "no V4L2 devices found (no /dev/video* nodes)\n" }
    return devices.map { $0.description + "\n" }.joined()
  }

  private static func deviceNumbers(in directory: String) -> [Int] {
    guard let stream = opendir(directory) else { return [] }
    defer { closedir(stream) }
    var numbers: [Int] = []
    while let entry = readdir(stream) {
      let name = V4L2Device.string(entry.pointee.d_name)
      guard name.hasPrefix("video"), let number = Int(name.dropFirst(5)), number >= 0 else {
        continue
      }
      numbers.append(number)
    }
    return numbers.sorted()
  }

  // MARK: - Formats

  /// A listing of the device's capture formats in the manner of `v4l2-ctl --list-formats-ext`:
  /// each format with its frame sizes and intervals, and whether qrcapture reads it natively,
  /// through libv4l2, or not at all.
  ///
  /// - Throws: `CaptureError` if the device cannot be opened or is not a V4L2 capture device.
  public static func listFormats(
    devicePath: String, calls: any V4L2Calls = SystemV4L2Calls()
  ) throws(CaptureError) -> String {
    let device = try V4L2Device.open(devicePath, calls: calls)
    defer { device.close() }
    let capabilities = try device.capabilities()
    guard capabilities.canCapture else { throw .notCaptureDevice(card: capabilities.card) }
    let usesLibV4L2 = calls.isUsingLibV4L2
    var text = "Device: \(devicePath): \(capabilities.card) (\(capabilities.driver))\n"
    text += "libv4l2: \(usesLibV4L2 ? "in use" : "not in use (\(calls.libV4L2Problem))")\n"
    text += "ioctl: VIDIOC_ENUM_FMT\n\tType: Video Capture\n\n"
    for (index, entry) in try device.formats().enumerated() {
      let support = Self.support(of: entry, usesLibV4L2: usesLibV4L2, problem: calls.libV4L2Problem)
      text += "\t[\(index)]: '\(entry.pixelFormat.code)' (\(entry.name)"
      text += entry.isEmulated ? ", emulated by libv4l2): \(support)\n" : "): \(support)\n"
      text += sizes(of: entry.pixelFormat, on: device)
    }
    return text
  }

  private static func support(
    of entry: V4L2Device.FormatDescription, usesLibV4L2: Bool, problem: String
  ) -> String {
    if entry.pixelFormat.isNative { return "read natively" }
    if entry.isEmulated { return "not read (qrcapture asks libv4l2 for YU12)" }
    if entry.pixelFormat.isConvertibleByLibV4L2 {
      return usesLibV4L2 ? "read via libv4l2 (converted to YU12)" : "needs libv4l2 (\(problem))"
    }
    return "not readable"
  }

  private static func sizes(of format: V4L2PixelFormat, on device: V4L2Device) -> String {
    var text = ""
    for index in 0..<256 {
      var size = v4l2_frmsizeenum()
      size.index = UInt32(index)
      size.pixel_format = format.rawValue
      guard device.perform(CV4L2_VIDIOC_ENUM_FRAMESIZES, &size) == nil else { break }
      if size.type == V4L2_FRMSIZE_TYPE_DISCRETE.rawValue {
        let (width, height) = (size.discrete.width, size.discrete.height)
        text += "\t\tSize: Discrete \(width)x\(height)\n"
        text += intervals(of: format, width: width, height: height, on: device)
        continue
      }
      let range = size.stepwise
      let kind = size.type == V4L2_FRMSIZE_TYPE_CONTINUOUS.rawValue ? "Continuous" : "Stepwise"
      text += "\t\tSize: \(kind) \(range.min_width)x\(range.min_height) - "
      text += "\(range.max_width)x\(range.max_height) with step "
      text += "\(range.step_width)/\(range.step_height)\n"
      break  // a stepwise range is the only entry
    }
    return text
  }

  private static func intervals(
    of format: V4L2PixelFormat, width: UInt32, height: UInt32, on device: V4L2Device
  ) -> String {
    var text = ""
    for index in 0..<256 {
      var interval = v4l2_frmivalenum()
      interval.index = UInt32(index)
      interval.pixel_format = format.rawValue
      interval.width = width
      interval.height = height
      guard device.perform(CV4L2_VIDIOC_ENUM_FRAMEINTERVALS, &interval) == nil else { break }
      if interval.type == V4L2_FRMIVAL_TYPE_DISCRETE.rawValue {
        text += "\t\t\tInterval: Discrete \(period(interval.discrete))\n"
        continue
      }
      let range = interval.stepwise
      text += "\t\t\tInterval: Stepwise \(seconds(range.min)) - \(seconds(range.max))"
      text += " with step \(seconds(range.step))\n"
      break
    }
    return text
  }

  /// `0.033s (30.000 fps)`, as v4l2-ctl prints a frame interval.
  private static func period(_ fraction: v4l2_fract) -> String {
    guard fraction.numerator > 0, fraction.denominator > 0 else { return seconds(fraction) }
    let rate = Double(fraction.denominator) / Double(fraction.numerator)
    return "\(seconds(fraction)) (\(fixed(rate, digits: 3)) fps)"
  }

  private static func seconds(_ fraction: v4l2_fract) -> String {
    guard fraction.denominator > 0 else { return "?" }
    return fixed(Double(fraction.numerator) / Double(fraction.denominator), digits: 3) + "s"
  }

  /// `value` with exactly `digits` decimals (no Foundation `String(format:)` here).
  private static func fixed(_ value: Double, digits: Int) -> String {
    var scale = 1
    for _ in 0..<digits { scale *= 10 }
    let scaled = Int((value * Double(scale)).rounded())
    let fraction = String(scaled % scale)
    return "\(scaled / scale)." + String(repeating: "0", count: digits - fraction.count) + fraction
  }
}
