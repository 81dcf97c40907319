// SPDX-License-Identifier: MIT
// A C `errno` value as a Swift error.

import Glibc

/// An error number reported by a system call.
///
/// The description is the `strerror(3)` text, lowercased at the start the way `err(3)` prints it
/// after a colon: `no such file or directory`.
public struct Errno: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
  /// The raw C value.
  public var rawValue: CInt

  /// Wraps a raw C error number.
  public init(rawValue: CInt) { self.rawValue = rawValue }

  /// The calling thread's current `errno`.
  public static var current: Errno { Errno(rawValue: errno) }

  /// `EPIPE`: the reading end of a pipe was closed.
  public static let brokenPipe = Errno(rawValue: EPIPE)
  /// `EINTR`: a signal interrupted the call.
  public static let interrupted = Errno(rawValue: EINTR)
  /// `EAGAIN`: try again (non-blocking descriptor not ready).
  public static let wouldBlock = Errno(rawValue: EAGAIN)
  /// `ENOENT`: no such file or directory.
  public static let noSuchFileOrDirectory = Errno(rawValue: ENOENT)
  /// `EACCES`: permission denied.
  public static let permissionDenied = Errno(rawValue: EACCES)
  /// `EBUSY`: device or resource busy.
  public static let resourceBusy = Errno(rawValue: EBUSY)
  /// `EISDIR`: is a directory.
  public static let isDirectory = Errno(rawValue: EISDIR)
  /// `EINVAL`: invalid argument.
  public static let invalidArgument = Errno(rawValue: EINVAL)
  /// `ENODEV`: no such device.
  public static let noSuchDevice = Errno(rawValue: ENODEV)
  /// `ENOTTY`: inappropriate ioctl for device.
  public static let notATerminal = Errno(rawValue: ENOTTY)

  /// The `strerror(3)` text with its first letter lowercased.
  public var description: String {
    guard let text = strerror(rawValue) else { return "error \(rawValue)" }
    let message = String(cString: text)
    guard let first = message.first else { return "error \(rawValue)" }
    return first.lowercased() + message.dropFirst()
  }
}

/// An error that is a failed system call or wraps one, so that a caller several layers up can
/// tell a closed pipe (`.brokenPipe`: a normal end for a filter) from a failure.
public protocol ErrnoCarrying: Error {
  /// The system call's error, when this error is one.
  var underlyingErrno: Errno? { get }
}

extension Errno: ErrnoCarrying {
  /// The error itself.
  public var underlyingErrno: Errno? { self }
}
