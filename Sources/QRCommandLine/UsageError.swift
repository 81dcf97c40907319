// SPDX-License-Identifier: MIT
// A command line the tool cannot accept.

/// A usage error: reported with the usage line and a pointer to `--help`, status 64.
public struct UsageError: Error, Equatable, CustomStringConvertible {
  /// What is wrong, naming the offending token: `unknown option '--frobnicate'`.
  public var message: String

  /// Creates a usage error.
  public init(_ message: String) { self.message = message }

  /// The message.
  public var description: String { message }
}

/// An error already reported to the user (or one that needs no message); only sets the status.
public struct ToolExit: Error {
  /// The status to exit with.
  public var status: ExitStatus
  /// Creates the error.
  public init(_ status: ExitStatus) { self.status = status }
}
