// SPDX-License-Identifier: MIT
// A file name as the bytes the system knows it by, whatever their encoding.

import Glibc

/// A path as bytes: what `open(2)` receives, unchanged from argv, a file list or a directory.
///
/// Linux file names are bytes, not text: `x\xff.pgm` is a valid name that no `String` holds
/// (decoding replaces the byte with U+FFFD, which names another file). A `PathName` keeps the
/// bytes, and gives text only for messages (`description`, invalid bytes as `\xNN`).
///
///     let name = PathName(bytes: Array("x".utf8) + [0xFF] + Array(".pgm".utf8))
///     name.description  // "x\\xFF.pgm"
///     name.string       // nil: not valid UTF-8
public struct PathName: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
  /// The bytes, without a terminating NUL (a path cannot hold one).
  public var bytes: [UInt8]

  /// A path of these bytes.
  public init(bytes: [UInt8]) { self.bytes = bytes }

  /// The path `text` names (its UTF-8).
  public init(_ text: String) { bytes = Array(text.utf8) }

  /// The path `value` names.
  public init(stringLiteral value: String) { self.init(value) }

  /// `-`, which the tools read as standard input or write as standard output.
  public static let standardStream = PathName("-")

  /// Whether the path is `-`.
  public var isStandardStream: Bool { bytes == [0x2D] }

  /// Whether the path is empty.
  public var isEmpty: Bool { bytes.isEmpty }

  /// The path as text when its bytes are valid UTF-8, else nil.
  public var string: String? { String(validating: bytes, as: UTF8.self) }

  /// The path for messages: valid UTF-8 as it is, every other byte as `\xNN` (upper-case hex).
  /// Control characters are left for the message writer to escape.
  public var description: String {
    string ?? Self.escapingInvalidBytes(bytes) { $0 }
  }

  /// `bytes` as text: each run of valid UTF-8 through `text`, every other byte as `\xNN`
  /// (upper-case hex). The one decoding of names for messages (the tools' message writer passes
  /// its own escaping of controls as `text`).
  public static func escapingInvalidBytes(
    _ bytes: some Collection<UInt8>, text: (String) -> String
  ) -> String {
    let bytes = Array(bytes)
    var result = ""
    var index = 0
    while index < bytes.count {
      let lead = bytes[index]
      let length =
        switch lead {
        case 0x00..<0x80: 1
        case 0xC2...0xDF: 2
        case 0xE0...0xEF: 3
        case 0xF0...0xF4: 4
        default: 0
        }
      if length > 0, index + length <= bytes.count,
        let valid = String(validating: bytes[index..<index + length], as: UTF8.self)
      {
        result += text(valid)
        index += length
      } else {
        let digits = Array("0123456789ABCDEF")
        result += "\\x" + String([digits[Int(lead >> 4)], digits[Int(lead & 15)]])
        index += 1
      }
    }
    return result
  }

  /// This directory's entry `name`: the two joined by one `/`.
  public func appending(_ name: [UInt8]) -> PathName {
    var joined = bytes
    if joined.last != 0x2F { joined.append(0x2F) }
    return PathName(bytes: joined + name)
  }

  /// The last component, without a trailing `/`: `b.jpg` for `a/b.jpg`, `-` for `-`.
  public var lastComponent: [UInt8] {
    var name = bytes[...]
    while name.count > 1 && name.last == 0x2F { name = name.dropLast() }
    if let slash = name.lastIndex(of: 0x2F), slash != name.indices.last {
      name = name[(slash + 1)...]
    }
    return Array(name)
  }

  /// Whether the path names a directory, through symbolic links; false if it names nothing.
  ///
  /// The corresponding C function is `stat`.
  public var isDirectory: Bool {
    var status = stat()
    let found = (try? withCString { path in stat(path, &status) }) ?? -1
    return found == 0 && (status.st_mode & S_IFMT) == S_IFDIR
  }

  /// Creates the directory, readable and writable by everyone the umask allows; an existing
  /// directory is no error.
  ///
  /// The corresponding C function is `mkdir`.
  /// - Throws: The `Errno` of `mkdir(2)`.
  public func makeDirectory() throws(Errno) {
    let result = try withCString { path in Syscalls.retrying { mkdir(path, 0o777) } }
    if result != 0 {
      let error = Errno(rawValue: errno)
      if error.rawValue == EEXIST && isDirectory { return }
      throw error
    }
  }

  /// Calls `body` with the path as a NUL-terminated C string.
  public func withCString<T>(_ body: (UnsafePointer<CChar>) throws(Errno) -> T) throws(Errno) -> T {
    var terminated = bytes.map { CChar(bitPattern: $0) }
    terminated.append(0)
    var result: Result<T, Errno>?
    terminated.withUnsafeBufferPointer { buffer in
      // swift-format-ignore: NeverForceUnwrap
      // The array holds at least the NUL, so it has an address.
      result = Result { () throws(Errno) in try body(buffer.baseAddress!) }
    }
    // swift-format-ignore: NeverForceUnwrap
    // The closure above ran and set the result.
    return try result!.get()
  }
}
