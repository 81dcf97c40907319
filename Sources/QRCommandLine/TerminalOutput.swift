// SPDX-License-Identifier: MIT
// What every tool does when its standard output is a terminal: no binary data, art that fits.

import Glibc
import QRSystem

/// The terminal checks all four tools share.
public enum TerminalOutput {
  /// Whether `output` is a terminal, after reporting that `format` data is not written to it
  /// (`prog: standard output is a terminal: not writing png data to it; redirect it, ...`).
  ///
  /// Binary frames or images shown on a terminal are garbage at best and terminal commands at
  /// worst, so every tool refuses them there, with the same message and status 2 (`.failure`).
  ///
  /// - Parameter advice: what to do instead, such as `"redirect it, use -o, or -f utf8"`.
  public static func refusesBinary(
    _ format: String, advice: String, output: FileDescriptor = .standardOutput,
    diagnostics: Diagnostics
  ) -> Bool {
    guard output.isTerminal else { return false }
    diagnostics.error(
      "standard output is a terminal: not writing \(format) data to it; \(advice)")
    return true
  }

  /// Whether `path` names a terminal (`-o /dev/tty`). Only a character device is opened to ask
  /// (without `O_CREAT`, non-blocking, closed at once): opening a FIFO, even briefly, would end
  /// its reader's input.
  public static func isTerminal(path: String) -> Bool {
    var info = stat()
    guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFCHR else { return false }
    let descriptor = open(path, O_WRONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    return isatty(descriptor) == 1
  }

  /// The width in columns that text written to `output` will be shown at: the terminal's
  /// (`TIOCGWINSZ`) when `output` is one, else `COLUMNS` from the environment when set (a pager
  /// or a script that knows its width); nil when neither says.
  public static func columns(of output: FileDescriptor = .standardOutput) -> Int? {
    if output.isTerminal {
      var size = winsize()
      if ioctl(output.rawValue, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
        return Int(size.ws_col)
      }
    }
    guard let text = getenv("COLUMNS").map({ String(cString: $0) }), let columns = Int(text),
      columns > 0
    else { return nil }
    return columns
  }
}
