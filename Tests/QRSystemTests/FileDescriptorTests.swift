// SPDX-License-Identifier: MIT

import Glibc
import Testing

@testable import QRSystem

@Test func writevWritesEveryBufferInOrder() throws {
  var fds: [CInt] = [0, 0]
  #expect(pipe(&fds) == 0)
  let writer = FileDescriptor(rawValue: fds[1])
  let reader = FileDescriptor(rawValue: fds[0])
  defer { reader.close() }
  let a: [UInt8] = [1, 2, 3]
  let b: [UInt8] = []
  let c: [UInt8] = Array(repeating: 9, count: 5000)
  try a.withUnsafeBytes { pa in
    try b.withUnsafeBytes { pb in
      try c.withUnsafeBytes { pc in try writer.writeAll([pa, pb, pc]) }
    }
  }
  writer.close()
  var received = [UInt8](repeating: 0, count: 6000)
  let count = try received.withUnsafeMutableBytes { try reader.readFully(into: $0) }
  #expect(count == 5003)
  #expect(Array(received[0..<count]) == a + c)
}

@Test func brokenPipeIsReportedAsErrno() throws {
  _ = signal(SIGPIPE, SIG_IGN)
  var fds: [CInt] = [0, 0]
  #expect(pipe(&fds) == 0)
  FileDescriptor(rawValue: fds[0]).close()
  let writer = FileDescriptor(rawValue: fds[1])
  defer { writer.close() }
  #expect(throws: Errno.brokenPipe) { try writer.writeAll([1, 2, 3] as [UInt8]) }
}

@Test func openingADirectoryFailsAtOnce() {
  #expect(throws: Errno.isDirectory) { _ = try FileDescriptor.openForReading("/tmp") }
  #expect(throws: Errno.noSuchFileOrDirectory) {
    _ = try FileDescriptor.openForReading("/nonexistent/qrpipe")
  }
}

@Test func errnoDescriptionIsLowercased() {
  #expect(Errno.noSuchFileOrDirectory.description == "no such file or directory")
}
