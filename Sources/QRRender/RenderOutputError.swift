// SPDX-License-Identifier: MIT
// Why rendered images could not be written.

import QRSystem

/// Rendered images could not be written.
public enum RenderOutputError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A file or directory could not be created or written.
  case file(path: String, Errno)
  /// A y4m stream has one frame size, and this symbol is larger than the first one.
  case frameTooLarge(width: Int, height: Int, streamWidth: Int, streamHeight: Int)
  /// A payload needs `count` symbols, but the format's files hold one image each.
  case oneImagePerFile(format: ImageFormat, count: Int)
  /// Writing to the stream failed (`.brokenPipe` when the reader has gone).
  case io(Errno)
  /// A symbolic link is where a file of a directory output would go: it is not written
  /// through (in a shared directory, someone else chose its target).
  case symbolicLink(path: String)

  /// The error, lowercase, without a trailing period.
  public var description: String {
    switch self {
    case .file(let path, let errno): "\(path): \(errno)"
    case .frameTooLarge(let width, let height, let streamWidth, let streamHeight):
      "a \(width)x\(height) symbol does not fit the y4m stream's \(streamWidth)x\(streamHeight)"
        + " frames"
    case .oneImagePerFile(let format, let count):
      "the payload needs \(count) symbols (structured append), but a \(format.rawValue) file holds"
        + " one image"
    case .io(let errno): "\(errno)"
    case .symbolicLink(let path):
      "\(path): a symbolic link is there: not written through it; remove it or write elsewhere"
    }
  }
}
