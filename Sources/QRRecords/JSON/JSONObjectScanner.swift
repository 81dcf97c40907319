// SPDX-License-Identifier: MIT
// Validates one JSON text as an object and finds its top-level members without building a tree.

import Glibc

/// The kind of a JSON value, as told by its first byte.
public enum JSONValueKind: UInt8, Sendable, Equatable {
  /// A string: `"…"`.
  case string
  /// A number: `-1.5e3`.
  case number
  /// An object: `{…}`.
  case object
  /// An array: `[…]`.
  case array
  /// `true` or `false`.
  case boolean
  /// `null`.
  case null
}

/// One top-level member of a scanned object, as byte offsets into the scanned text.
public struct JSONMember: Sendable, Equatable {
  /// The name's bytes between its quotes, still escaped.
  public var name: Range<Int>
  /// Whether the name contains a backslash escape (and so must be decoded to compare).
  public var nameHasEscapes: Bool
  /// The value's text: a string includes its quotes, a container its brackets.
  public var value: Range<Int>
  /// What the value is.
  public var kind: JSONValueKind
}

/// A strict RFC 8259 validator that also records the top-level members of an object.
///
/// `scan(_:)` accepts exactly one JSON object with optional whitespace around it and rejects
/// everything else: other JSON values, trailing garbage, invalid escapes, control characters and
/// invalid UTF-8 in strings, malformed numbers, and nesting deeper than `maximumDepth`. Nothing is
/// allocated per scan once the member list has grown to the widest object seen.
///
///     var scanner = JSONObjectScanner()
///     let ok = line.withUnsafeBytes { scanner.scan($0) }   // line: [UInt8]
///     // scanner.members[i].value is a byte range of line
///
/// Duplicate names are kept; `index(of:in:)` returns the last, as most parsers do.
public struct JSONObjectScanner: Sendable {
  /// The deepest nesting accepted, counting the top-level object as 1.
  public static let maximumDepth = 512

  /// The top-level members of the last object scanned, in order.
  public private(set) var members: [JSONMember] = []
  /// The object's text, from `{` to `}`, in the last text scanned.
  public private(set) var objectRange: Range<Int> = 0..<0
  /// Whether the last scan failed because the text nests deeper than `maximumDepth` (the text
  /// up to there was valid); false after a success or any other failure.
  public private(set) var isTooDeep = false

  /// Whether each open container is an array (true) or an object (false).
  private var containers: [Bool] = []

  /// Creates a scanner.
  public init() {
    members.reserveCapacity(32)
    containers.reserveCapacity(16)
  }

  /// Returns whether `text` is one JSON object, surrounded by nothing but JSON whitespace.
  ///
  /// On success `members` and `objectRange` describe it; on failure they are unspecified.
  /// - Complexity: O(*n*) in the length of `text`.
  public mutating func scan(_ text: UnsafeRawBufferPointer) -> Bool {
    members.removeAll(keepingCapacity: true)
    containers.removeAll(keepingCapacity: true)
    isTooDeep = false
    let count = text.count
    var i = Self.skipWhitespace(text, from: 0)
    guard i < count, text[i] == UInt8(ascii: "{") else { return false }
    let objectStart = i
    containers.append(false)
    i += 1

    enum Expect { case firstMember, member, firstElement, value, separator }
    var expect = Expect.firstMember
    var name = 0..<0
    var nameHasEscapes = false
    var valueStart = 0

    while true {
      i = Self.skipWhitespace(text, from: i)
      guard i < count else { return false }
      let byte = text[i]
      var closed: Bool? = nil  // set to the closed container's kind (isArray) after `}` or `]`
      switch expect {
      case .firstMember where byte == UInt8(ascii: "}"),
        .firstElement where byte == UInt8(ascii: "]"):
        closed = expect == .firstElement
        i += 1
      case .firstMember, .member:
        guard byte == UInt8(ascii: "\"") else { return false }
        var hasEscapes = false
        let stop = Self.scanString(text, from: i, hasEscapes: &hasEscapes)
        guard stop > 0 else { return false }
        if containers.count == 1 {
          name = (i + 1)..<(stop - 1)
          nameHasEscapes = hasEscapes
        }
        i = Self.skipWhitespace(text, from: stop)
        guard i < count, text[i] == UInt8(ascii: ":") else { return false }
        i += 1
        expect = .value
        continue
      case .firstElement, .value:
        if containers.count == 1 { valueStart = i }
        let kind: JSONValueKind
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
          guard containers.count < Self.maximumDepth else {
            isTooDeep = true
            return false
          }
          let isArray = byte == UInt8(ascii: "[")
          containers.append(isArray)
          expect = isArray ? .firstElement : .firstMember
          i += 1
          continue
        case UInt8(ascii: "\""):
          var hasEscapes = false
          let stop = Self.scanString(text, from: i, hasEscapes: &hasEscapes)
          guard stop > 0 else { return false }
          i = stop
          kind = .string
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
          let stop = Self.scanNumber(text, from: i)
          guard stop > 0 else { return false }
          i = stop
          kind = .number
        case UInt8(ascii: "t"):
          guard Self.matches(text, at: i, "true") else { return false }
          i += 4
          kind = .boolean
        case UInt8(ascii: "f"):
          guard Self.matches(text, at: i, "false") else { return false }
          i += 5
          kind = .boolean
        case UInt8(ascii: "n"):
          guard Self.matches(text, at: i, "null") else { return false }
          i += 4
          kind = .null
        default:
          return false
        }
        if containers.count == 1 {
          members.append(
            JSONMember(
              name: name, nameHasEscapes: nameHasEscapes, value: valueStart..<i, kind: kind))
        }
        expect = .separator
        continue
      case .separator:
        // Force-unwrap-free: the loop runs only while a container is open.
        let isArray = containers[containers.count - 1]
        if byte == UInt8(ascii: ",") {
          expect = isArray ? .value : .member
          i += 1
          continue
        }
        guard byte == (isArray ? UInt8(ascii: "]") : UInt8(ascii: "}")) else { return false }
        closed = isArray
        i += 1
      }
      guard let isArray = closed else { continue }
      containers.removeLast()
      if containers.isEmpty {
        objectRange = objectStart..<i
        return Self.skipWhitespace(text, from: i) == count
      }
      if containers.count == 1 {
        members.append(
          JSONMember(
            name: name, nameHasEscapes: nameHasEscapes, value: valueStart..<i,
            kind: isArray ? .array : .object))
      }
      expect = .separator
    }
  }

  /// The index in `members` of the last member called `name`, comparing decoded names.
  ///
  /// - Parameter text: The text passed to the last successful `scan(_:)`.
  /// - Complexity: O(*m*) in the number of members (plus decoding of escaped names).
  public func index(of name: [UInt8], in text: UnsafeRawBufferPointer) -> Int? {
    var i = members.count - 1
    while i >= 0 {
      let member = members[i]
      if member.nameHasEscapes {
        if JSONString.decoded(UnsafeRawBufferPointer(rebasing: text[member.name])) == name {
          return i
        }
      } else if member.name.count == name.count {
        let raw = UnsafeRawBufferPointer(rebasing: text[member.name])
        if name.withUnsafeBytes({ Self.isEqual(raw, $0) }) { return i }
      }
      i -= 1
    }
    return nil
  }

  /// The last member called `name`, if any.
  public func member(_ name: [UInt8], in text: UnsafeRawBufferPointer) -> JSONMember? {
    index(of: name, in: text).map { members[$0] }
  }

  // MARK: - Lexical pieces (RFC 8259, sections 2, 6 and 7)

  /// Skips space, tab, line feed and carriage return.
  @inline(__always)
  static func skipWhitespace(_ text: UnsafeRawBufferPointer, from start: Int) -> Int {
    var i = start
    while i < text.count {
      switch text[i] {
      case 0x20, 0x09, 0x0A, 0x0D: i += 1
      default: return i
      }
    }
    return i
  }

  /// Returns the index after the string starting with the quote at `start`, or -1 if it is not a
  /// valid string: unterminated, a raw control character, a bad escape or invalid UTF-8.
  static func scanString(
    _ text: UnsafeRawBufferPointer, from start: Int, hasEscapes: inout Bool
  ) -> Int {
    let count = text.count
    var i = start + 1
    while i < count {
      // Eight plain bytes at a time (no quote, backslash, control or non-ASCII byte), with the
      // bit tricks of Anderson's "Bit Twiddling Hacks" (hasless, haszero). Each test can only
      // err towards "maybe", which the byte-at-a-time code below then settles.
      while i + 8 <= count {
        let word = text.loadUnaligned(fromByteOffset: i, as: UInt64.self)
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        let special =
          (word | ((word &- ones &* 0x20) & ~word) | ((quote &- ones) & ~quote)
            | ((backslash &- ones) & ~backslash)) & highs
        guard special == 0 else { break }
        i += 8
      }
      guard i < count else { return -1 }
      let byte = text[i]
      if byte == UInt8(ascii: "\"") { return i + 1 }
      if byte == UInt8(ascii: "\\") {
        hasEscapes = true
        guard i + 1 < count else { return -1 }
        switch text[i + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
          UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
          i += 2
        case UInt8(ascii: "u"):
          guard i + 5 < count else { return -1 }
          for offset in 2...5 where JSONString.hexValue(text[i + offset]) < 0 { return -1 }
          i += 6
        default:
          return -1
        }
      } else if byte < 0x20 {
        return -1
      } else if byte < 0x80 {
        i += 1
      } else {
        let length = utf8SequenceLength(text, at: i)
        guard length > 0 else { return -1 }
        i += length
      }
    }
    return -1
  }

  /// The length of the well-formed UTF-8 sequence at `i` (Unicode 15, table 3-7), or 0.
  static func utf8SequenceLength(_ text: UnsafeRawBufferPointer, at i: Int) -> Int {
    let count = text.count
    let lead = text[i]
    @inline(__always) func continuation(_ offset: Int, _ range: ClosedRange<UInt8>) -> Bool {
      i + offset < count && range.contains(text[i + offset])
    }
    let tail: ClosedRange<UInt8> = 0x80...0xBF
    switch lead {
    case 0xC2...0xDF:
      return continuation(1, tail) ? 2 : 0
    case 0xE0:
      return continuation(1, 0xA0...0xBF) && continuation(2, tail) ? 3 : 0
    case 0xE1...0xEC, 0xEE...0xEF:
      return continuation(1, tail) && continuation(2, tail) ? 3 : 0
    case 0xED:
      return continuation(1, 0x80...0x9F) && continuation(2, tail) ? 3 : 0
    case 0xF0:
      return continuation(1, 0x90...0xBF) && continuation(2, tail) && continuation(3, tail) ? 4 : 0
    case 0xF1...0xF3:
      return continuation(1, tail) && continuation(2, tail) && continuation(3, tail) ? 4 : 0
    case 0xF4:
      return continuation(1, 0x80...0x8F) && continuation(2, tail) && continuation(3, tail) ? 4 : 0
    default:
      return 0
    }
  }

  /// Returns the index after the number at `start`, or -1: `-? (0 | [1-9][0-9]*) frac? exp?`.
  static func scanNumber(_ text: UnsafeRawBufferPointer, from start: Int) -> Int {
    let count = text.count
    var i = start
    @inline(__always) func isDigit(_ index: Int) -> Bool {
      index < count && text[index] &- UInt8(ascii: "0") < 10
    }
    if text[i] == UInt8(ascii: "-") { i += 1 }
    guard isDigit(i) else { return -1 }
    if text[i] == UInt8(ascii: "0") {
      i += 1
    } else {
      while isDigit(i) { i += 1 }
    }
    if i < count, text[i] == UInt8(ascii: ".") {
      i += 1
      guard isDigit(i) else { return -1 }
      while isDigit(i) { i += 1 }
    }
    if i < count, text[i] | 0x20 == UInt8(ascii: "e") {
      i += 1
      if i < count, text[i] == UInt8(ascii: "+") || text[i] == UInt8(ascii: "-") { i += 1 }
      guard isDigit(i) else { return -1 }
      while isDigit(i) { i += 1 }
    }
    return i
  }

  private static func matches(_ text: UnsafeRawBufferPointer, at start: Int, _ word: StaticString)
    -> Bool
  {
    let length = word.utf8CodeUnitCount
    guard start + length <= text.count, let base = text.baseAddress else { return false }
    return memcmp(base + start, word.utf8Start, length) == 0
  }

  /// Whether two byte buffers hold the same bytes.
  @inline(__always)
  public static func isEqual(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
    guard a.count == b.count else { return false }
    guard let left = a.baseAddress, let right = b.baseAddress else { return true }
    return memcmp(left, right, a.count) == 0
  }
}
