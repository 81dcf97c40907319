// SPDX-License-Identifier: MIT
// Fixtures for the frame tests: inputs on files and pipes, synthetic images, external tools.

import Foundation
import Glibc
import QRImage

@testable import QRImageFormats
@testable import QRStream
@testable import QRSystem

/// A width×height image whose pixel (x, y) is `(x * 7 + y * 13 + seed) % 256`.
func patternImage(width: Int, height: Int, seed: Int = 0) -> GrayImage {
  var pixels = [UInt8](repeating: 0, count: width * height)
  for y in 0..<height {
    for x in 0..<width { pixels[y * width + x] = UInt8((x * 7 + y * 13 + seed) % 256) }
  }
  return GrayImage(width: width, height: height, pixels: pixels)
}

/// A temporary file holding `bytes`, removed by the caller through `defer`.
func temporaryFile(_ bytes: [UInt8]) throws -> String {
  let path = NSTemporaryDirectory() + "qrframe-test-\(UUID().uuidString)"
  let descriptor = try FileDescriptor.openForWriting(path)
  defer { descriptor.close() }
  try descriptor.writeAll(bytes)
  return path
}

/// Runs `body` with a reader over a temporary file holding `bytes`.
func withReader<T>(
  _ bytes: [UInt8], options: FrameStreamOptions = FrameStreamOptions(),
  _ body: (FrameStreamReader) throws -> T
) throws -> T {
  let path = try temporaryFile(bytes)
  defer { unlink(path) }
  let descriptor = try FileDescriptor.openForReading(path)
  defer { descriptor.close() }
  return try body(FrameStreamReader(descriptor: descriptor, name: path, options: options))
}

/// Every frame of `bytes`.
func readFrames(_ bytes: [UInt8], options: FrameStreamOptions = FrameStreamOptions()) throws
  -> [Frame]
{
  try withReader(bytes, options: options) { reader in
    var frames: [Frame] = []
    while let frame = try reader.next() { frames.append(frame) }
    return frames
  }
}

/// The error reading `bytes` to its end throws, after the frames before it.
func readError(_ bytes: [UInt8], options: FrameStreamOptions = FrameStreamOptions()) throws
  -> (frames: Int, error: FrameStreamError?)
{
  try withReader(bytes, options: options) { reader in
    var count = 0
    do {
      while try reader.next() != nil { count += 1 }
    } catch {
      return (count, error as? FrameStreamError)
    }
    return (count, nil)
  }
}

/// What a writer writes to a pipe, collected through a temporary file.
func captureOutput(_ body: (FileDescriptor) throws -> Void) throws -> [UInt8] {
  let path = NSTemporaryDirectory() + "qrframe-out-\(UUID().uuidString)"
  defer { unlink(path) }
  let descriptor = try FileDescriptor.openForWriting(path)
  try body(descriptor)
  descriptor.close()
  return try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
}

/// The qrframe encoding of `frames`.
func encodeFrames(_ frames: [Frame]) throws -> [UInt8] {
  try captureOutput { descriptor in
    let writer = FrameWriter(descriptor: descriptor)
    for frame in frames { try writer.write(frame) }
  }
}

/// A pipe whose write end is fed `bytes` by a thread, in chunks of 1...`maximumChunk` bytes.
func tricklingPipe(_ bytes: [UInt8], maximumChunk: Int) -> FileDescriptor {
  var fds: [CInt] = [0, 0]
  precondition(pipe(&fds) == 0)
  let writeEnd = fds[1]
  Thread.detachNewThread {
    var generator = SystemRandomNumberGenerator()
    var next = 0
    while next < bytes.count {
      let count = min(Int.random(in: 1...maximumChunk, using: &generator), bytes.count - next)
      let chunk = Array(bytes[next..<next + count])
      try? FileDescriptor(rawValue: writeEnd).writeAll(chunk)
      next += count
      if count % 3 == 0 { usleep(50) }
    }
    close(writeEnd)
  }
  return FileDescriptor(rawValue: fds[0])
}

/// Runs a program; returns its standard output, or nil if it cannot be found or fails.
func run(_ program: String, _ arguments: [String], input: [UInt8]? = nil) -> [UInt8]? {
  let candidates = ["/usr/bin/", "/usr/local/bin/", "/bin/"].map { $0 + program }
  guard let path = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) })
  else { return nil }
  let process = Process()
  process.executableURL = URL(fileURLWithPath: path)
  process.arguments = arguments
  let output = Pipe()
  let inputPipe = Pipe()
  process.standardOutput = output
  process.standardError = FileHandle.nullDevice
  process.standardInput = input == nil ? FileHandle.nullDevice : inputPipe
  do { try process.run() } catch { return nil }
  if let input {
    let handle = inputPipe.fileHandleForWriting
    Thread.detachNewThread {
      try? handle.write(contentsOf: input)
      try? handle.close()
    }
  }
  // Drain before waiting: the output may exceed the pipe buffer.
  let data = output.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return process.terminationStatus == 0 ? [UInt8](data) : nil
}

/// Whether `program` is installed.
func isInstalled(_ program: String) -> Bool {
  ["/usr/bin/", "/usr/local/bin/", "/bin/"].contains {
    FileManager.default.isExecutableFile(atPath: $0 + program)
  }
}

extension Array where Element == UInt8 {
  /// The UTF-8 bytes of `text`.
  init(text: String) { self = Array(text.utf8) }
}
