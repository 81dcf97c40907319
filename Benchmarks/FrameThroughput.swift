// SPDX-License-Identifier: MIT
// Benchmark driver for frame-throughput.sh, compiled with swiftc -O against the QRStream sources.
//   FrameThroughput reframe W H   raw W×H gray on stdin → qrframe on stdout
//   FrameThroughput read          any frame stream on stdin, frames discarded; count on stderr
//   FrameThroughput sample        one 4×2 qrframe frame on stdout (the man page's example)

import Glibc

@main
enum FrameThroughput {
  static func main() {
    signal(SIGPIPE, SIG_IGN)
    let arguments = CommandLine.arguments
    do {
      switch arguments.dropFirst().first {
      case "reframe":
        guard arguments.count == 4, let width = Int(arguments[2]), let height = Int(arguments[3])
        else { fail("usage: FrameThroughput reframe W H") }
        let options = FrameStreamOptions(raw: RawFrameFormat(width: width, height: height))
        let reader = FrameStreamReader(descriptor: .standardInput, name: "-", options: options)
        let writer = FrameWriter(descriptor: .standardOutput)
        while let frame = try reader.next() { try writer.write(frame) }
      case "read":
        let reader = FrameStreamReader(descriptor: .standardInput, name: "-")
        var count = 0
        var checksum = 0
        while let frame = try reader.next() {
          count += 1
          checksum &+= Int(frame.image.pixels[count % frame.image.pixels.count])
        }
        report("\(count) frames, \(reader.offset) bytes, checksum \(checksum)\n")
      case "sample":
        let image = GrayImage(width: 4, height: 2, pixels: [0, 36, 73, 109, 146, 182, 219, 255])
        let frame = Frame(
          image: image, sequence: 7, timestamp: 1_500_000_000, clock: .monotonic, dropped: 3)
        try FrameWriter(descriptor: .standardOutput).write(frame)
      default:
        fail("usage: FrameThroughput reframe W H | read | sample")
      }
    } catch {
      fail("FrameThroughput: \(error)")
    }
  }

  static func report(_ text: String) {
    try? FileDescriptor.standardError.writeAll(Array(text.utf8))
  }

  static func fail(_ text: String) -> Never {
    report(text + "\n")
    exit(1)
  }
}
