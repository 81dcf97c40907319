// SPDX-License-Identifier: MIT
// Where qrcapture's frames go: one of the three stream writers.

import QRStream

/// Writes frames in the format `--output` chose, one frame per write.
public struct CaptureSink {
  /// The rate announced by a y4m stream header (settable until the first frame is written).
  public var frameRate: FrameRate
  private let format: CaptureOutputFormat
  private let output: FileDescriptor
  private var frameWriter: FrameWriter?
  private var y4mWriter: Y4MWriter?
  private var pgmWriter: PGMWriter?

  /// A sink writing `format` to `output`.
  public init(format: CaptureOutputFormat, frameRate: FrameRate, output: FileDescriptor) {
    self.format = format
    self.frameRate = frameRate
    self.output = output
  }

  /// Writes one frame.
  ///
  /// - Throws: `Errno` (`brokenPipe` when the reader has gone) or the y4m writer's error when the
  ///   frame size changes mid-stream.
  public mutating func write(_ frame: Frame) throws {
    switch format {
    case .qrframe:
      if frameWriter == nil { frameWriter = FrameWriter(descriptor: output) }
      try frameWriter?.write(frame)
    case .y4m:
      if y4mWriter == nil { y4mWriter = Y4MWriter(descriptor: output, frameRate: frameRate) }
      try y4mWriter?.write(frame)
    case .pgm:
      if pgmWriter == nil { pgmWriter = PGMWriter(descriptor: output) }
      try pgmWriter?.write(frame)
    }
  }
}
