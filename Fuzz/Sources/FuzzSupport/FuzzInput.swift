// SPDX-License-Identifier: MIT
// Reading a fuzz input as configuration bytes followed by a body.

/// A cursor over libFuzzer's input: small choices come off the front, the rest is the body.
///
/// Every read succeeds: past the end, integers read as 0, so that any input, the empty one
/// included, picks some configuration.
public struct FuzzInput {
  /// The whole input.
  public let bytes: UnsafeRawBufferPointer
  /// The next unread byte.
  public private(set) var position = 0

  /// A cursor at the start of the `count` bytes at `data` (libFuzzer's arguments).
  public init(_ data: UnsafePointer<UInt8>?, _ count: Int) {
    bytes = UnsafeRawBufferPointer(start: count > 0 ? data : nil, count: count)
  }

  /// Whether every byte has been read.
  public var isAtEnd: Bool { position >= bytes.count }

  /// The next byte, or 0 past the end.
  public mutating func byte() -> UInt8 {
    guard position < bytes.count else { return 0 }
    defer { position += 1 }
    return bytes[position]
  }

  /// The next two bytes, little-endian.
  public mutating func uint16() -> Int {
    Int(byte()) | Int(byte()) << 8
  }

  /// The unread bytes, which stay valid as long as `bytes` is.
  public var rest: UnsafeRawBufferPointer {
    UnsafeRawBufferPointer(rebasing: bytes[min(position, bytes.count)...])
  }

  /// Consumes and returns up to `count` bytes.
  public mutating func take(_ count: Int) -> UnsafeRawBufferPointer {
    let end = min(bytes.count, position + max(0, count))
    defer { position = max(position, end) }
    return UnsafeRawBufferPointer(rebasing: bytes[min(position, end)..<end])
  }
}

/// Stops the run with a message: libFuzzer saves the input as a crash.
///
/// For properties the code must hold (a wrong payload, a frame over the limit), as opposed to
/// errors it reports.
public func finding(_ message: @autoclosure () -> String) -> Never {
  fatalError("fuzz finding: \(message())")
}
