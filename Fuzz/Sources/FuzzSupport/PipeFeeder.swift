// SPDX-License-Identifier: MIT
// A fuzz input through a pipe, written in small pieces by another thread, for short reads.

import Glibc
import QRSystem

/// Writes bytes into a pipe from a second thread in pieces of `pieceSize`, so that the reading
/// side sees what a real pipeline gives it: short reads and reads that block.
///
///     let feeder = PipeFeeder(input, pieceSize: 7)
///     read(from: feeder.descriptor)
///     feeder.finish()              // closes the read end, joins the writer
///
/// The writer stops at the first failed write (the reader closed early: `EPIPE`, which needs
/// SIGPIPE ignored; `ignoreBrokenPipes()` does that).
public final class PipeFeeder {
  /// The read end, owned by the feeder.
  public let descriptor: FileDescriptor
  private let job: Job
  private var thread = pthread_t()
  private var isFinished = false

  private final class Job {
    let bytes: [UInt8]
    let pieceSize: Int
    let writeEnd: CInt
    init(bytes: [UInt8], pieceSize: Int, writeEnd: CInt) {
      self.bytes = bytes
      self.pieceSize = pieceSize
      self.writeEnd = writeEnd
    }

    func run() {
      var written = 0
      bytes.withUnsafeBytes { buffer in
        while written < buffer.count {
          let count = min(pieceSize, buffer.count - written)
          // swift-format-ignore: NeverForceUnwrap
          // written < buffer.count, so the buffer is not empty.
          let result = write(writeEnd, buffer.baseAddress! + written, count)
          if result < 0 && errno == EINTR { continue }
          guard result > 0 else { break }
          written += result
        }
      }
      close(writeEnd)
    }
  }

  /// Starts writing `bytes` in pieces of `pieceSize` (>= 1) bytes.
  public init(_ bytes: UnsafeRawBufferPointer, pieceSize: Int) {
    var ends: [CInt] = [0, 0]
    guard pipe(&ends) == 0 else { fatalError("pipe: \(errno)") }
    descriptor = FileDescriptor(rawValue: ends[0])
    job = Job(bytes: Array(bytes), pieceSize: max(1, pieceSize), writeEnd: ends[1])
    let context = Unmanaged.passRetained(job).toOpaque()
    let status = pthread_create(
      &thread, nil,
      { context in
        // swift-format-ignore: NeverForceUnwrap
        // pthread_create passes the context given below, which is never nil.
        let job = Unmanaged<Job>.fromOpaque(context!).takeRetainedValue()
        job.run()
        return nil
      }, context)
    guard status == 0 else { fatalError("pthread_create: \(status)") }
  }

  /// Closes the read end (a writer still blocked gets `EPIPE`) and waits for the writer.
  public func finish() {
    guard !isFinished else { return }
    isFinished = true
    descriptor.close()
    pthread_join(thread, nil)
  }

  deinit { finish() }
}

/// Makes writes to a closed pipe fail with `EPIPE` instead of killing the process.
public func ignoreBrokenPipes() {
  signal(SIGPIPE, SIG_IGN)
}
