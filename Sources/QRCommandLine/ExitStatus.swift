// SPDX-License-Identifier: MIT
// The exit statuses of all four tools, in one place; each man page's EXIT STATUS lists the same.

/// How a tool ends. Only a tool's `main` turns this into `exit(3)`.
public enum ExitStatus: Int32, Sendable, CaseIterable {
  /// Everything worked (and for `qrdetect`, something was decoded).
  case success = 0
  /// Nothing to do: `qrdetect` read its input and decoded nothing (grep's 1); `qrrender` got
  /// no input data (an empty payload or a blank line, as qrencode exits 1).
  case nothingFound = 1
  /// An error: unreadable input, a malformed stream, a device failure, an I/O error.
  case failure = 2
  /// `qrdetect --miss-status`: some input had no symbol, whether or not others had (zbarimg's 4).
  case someInputsMissed = 4
  /// A usage error: unknown option, bad value or bad operand (`EX_USAGE`).
  case usage = 64
  /// Stopped by SIGINT (128 + 2); the tool re-raises the signal after cleaning up.
  case interrupted = 130
  /// Stopped by SIGTERM (128 + 15); the tool re-raises the signal after cleaning up.
  case terminated = 143

  /// One line for each man page's EXIT STATUS section.
  public var summary: String {
    switch self {
    case .success: "success"
    case .nothingFound: "nothing found (qrdetect) or no input data (qrrender)"
    case .failure: "an error occurred; everything complete before it was written"
    case .someInputsMissed: "qrdetect --miss-status: some input had no symbol (zbarimg's 4)"
    case .usage: "usage error: unknown option, bad value or bad operand"
    case .interrupted: "stopped by SIGINT after cleaning up"
    case .terminated: "stopped by SIGTERM after cleaning up"
    }
  }
}
