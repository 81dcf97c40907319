// SPDX-License-Identifier: MIT
// What to ask of a camera.

/// The settings `V4L2Camera` negotiates with a device.
public struct CaptureOptions: Equatable, Sendable {
  /// A frame size in pixels.
  public struct Size: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int

    /// Creates a size.
    public init(width: Int, height: Int) {
      self.width = width
      self.height = height
    }

    /// `WIDTHxHEIGHT`, as `--size` takes it.
    public var description: String { "\(width)x\(height)" }
  }

  /// The device node, such as `/dev/video0`.
  public var devicePath: String
  /// The frame size to request, or nil to keep the device's current size. The driver picks the
  /// nearest size it supports; `V4L2Camera.format` tells what was granted.
  public var size: Size?
  /// The frame rate to request, or nil to keep the device's. Best effort: many drivers ignore it,
  /// and `V4L2Camera.framesPerSecond` tells what was granted.
  public var framesPerSecond: Double?
  /// How many driver buffers to ask for (the driver may grant a different number; 2...32).
  public var bufferCount: Int
  /// Seconds without a frame after which `next()` throws `CaptureError.noFrame`.
  public var frameTimeout: Double

  /// Creates options; the defaults suit a webcam.
  public init(
    devicePath: String = "/dev/video0", size: Size? = nil, framesPerSecond: Double? = nil,
    bufferCount: Int = 4, frameTimeout: Double = 5
  ) {
    self.devicePath = devicePath
    self.size = size
    self.framesPerSecond = framesPerSecond
    self.bufferCount = bufferCount
    self.frameTimeout = frameTimeout
  }
}
