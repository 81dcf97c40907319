// SPDX-License-Identifier: MIT
// Where qrcapture's frames go: one of the three stream writers.

import QRStream
import QRSystem

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
  /// - Throws: `Errno.brokenPipe` when the reader has gone, `WriteError` naming standard output
  ///   when the write fails otherwise (`>/dev/full`), or the y4m writer's `sizeChanged` when the
  ///   frame size changes mid-stream.
  public mutating func write(_ frame: Frame) throws {
    do {
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
    } catch let error as Errno {
      throw error == .brokenPipe ? error : WriteError(output: "standard output", errno: error)
    } catch Y4MWriteError.io(let error) {
      throw error == .brokenPipe ? error : WriteError(output: "standard output", errno: error)
    }
  }

  /// A write that failed for another reason than a closed reader: the output is at fault, not
  /// the input being read.
  public struct WriteError: Error, Equatable, CustomStringConvertible {
    /// The output, as messages name it: `standard output` or a path.
    public var output: String
    /// Why `write(2)` failed.
    public var errno: Errno

    /// Creates the error.
    public init(output: String, errno: Errno) {
      self.output = output
      self.errno = errno
    }

    /// `standard output: write error: no space left on device`.
    public var description: String { "\(output): write error: \(errno)" }
  }
}
