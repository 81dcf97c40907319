// SPDX-License-Identifier: MIT
// qrtrace's command line: its help, its messages and its few options.

import Glibc
import QRSystem
import QRVision

let usage = "usage: qrtrace [--effort LEVEL] [--draw PATH] FILE | --help"
let help = """
  \(usage)

  Run the detector on each frame of FILE (any input qrdetect reads: PNG, JPEG, PNM, qrframe,
  y4m) and print what its search saw, one step a line: each pass (pyramid level, threshold,
  polarity, window) with the finder patterns it kept (centre, module size, scan lines that saw
  it, whether it held all round); each attempt made from them (three patterns as one symbol,
  with the timing evidence that ranked it; two patterns with a guessed third; a lone pattern
  as Micro QR) and how it ended; where the frame's budget ran out; then the work counts and
  the texts read. A developer tool, not installed.

  options:
    --effort LEVEL   fast, balanced (default) or accurate
    --draw PATH      also write the last frame as PGM at PATH, darkened, with every pattern
                     kept marked (a cross a module wide) and every triple tried outlined
                     (white where it read, grey where it did not)
    -h, --help       show this help and exit

  """

func say(_ text: String, to descriptor: FileDescriptor = .standardOutput) {
  try? descriptor.writeAll(Array(text.utf8))
}

func fail(_ message: String, status: Int32) -> Never {
  say("qrtrace: \(message)\n", to: .standardError)
  if status == 64 { say("\(usage)\n", to: .standardError) }
  exit(status)
}

/// qrtrace's command line: the detector's options (tracing on), where to draw, the file.
struct TraceArguments {
  var options: DetectorOptions
  var drawPath: String?
  var file: String

  /// Parses the process's arguments; exits with status 0 after --help, 64 on a usage error.
  static func parse() -> TraceArguments {
    var options = DetectorOptions()
    options.tracesSearch = true
    var drawPath: String?
    var file: String?
    var arguments = CommandLine.arguments.dropFirst()
    while let argument = arguments.popFirst() {
      func value() -> String {
        guard let next = arguments.popFirst() else {
          fail("missing value for '\(argument)'", status: 64)
        }
        return next
      }
      switch argument {
      case "-h", "--help":
        say(help)
        exit(0)
      case "--effort":
        let text = value()
        guard let effort = DetectorOptions.Effort(rawValue: text) else {
          fail("the value '\(text)' is invalid for '--effort LEVEL'", status: 64)
        }
        options.effort = effort
      case "--draw": drawPath = value()
      default:
        guard file == nil, !argument.hasPrefix("-") || argument == "-" else {
          fail("unexpected '\(argument)'", status: 64)
        }
        file = argument
      }
    }
    guard let file else { fail("a file is required", status: 64) }
    return TraceArguments(options: options, drawPath: drawPath, file: file)
  }
}
