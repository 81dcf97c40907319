// SPDX-License-Identifier: MIT
// The fixed little-endian header in front of every qrframe(5) payload.

/// The header of one qrframe(5) frame: 64 little-endian bytes in version 1.0.
///
/// Layout (byte offset, length, field):
///
///     0  4  magic "QRFM"           24  8  payload length (u64)
///     4  1  major version (1)      32  8  sequence number (u64)
///     5  1  minor version (0)      40  8  timestamp, nanoseconds (u64)
///     6  2  header length (u16)    48  4  frames dropped before this one (u32)
///     8  4  pixel format "GREY"    52  1  clock (FrameClock raw value)
///    12  4  width (u32)            53  1  flags (0)
///    16  4  height (u32)           54  6  reserved (0)
///    20  4  row stride (u32)       H-4 4  CRC-32 of bytes 0 ..< H-4
///
/// `man 5 qrframe` is the normative description; this type and the page must agree.
public struct FrameHeader: Equatable, Sendable {
  /// The magic bytes "QRFM", which double as the sync word.
  public static let magic: [UInt8] = Array("QRFM".utf8)
  /// The major version this code reads and writes; readers reject any other.
  public static let majorVersion: UInt8 = 1
  /// The minor version this code writes; readers accept any.
  public static let minorVersion: UInt8 = 0
  /// The header length this code writes, and the smallest a reader accepts.
  public static let minimumLength = 64
  /// The pixel format code of 8-bit gray: "GREY" as four bytes in file order.
  public static let grayFormat: UInt32 = 0x5945_5247

  /// Minor version of the writer (informative: minor versions only add fields).
  public var minorVersion: UInt8 = FrameHeader.minorVersion
  /// Header length in bytes, checksum included (>= 64).
  public var length: Int = FrameHeader.minimumLength
  /// Pixel format code, read little-endian from the four bytes at offset 8.
  public var pixelFormat: UInt32 = FrameHeader.grayFormat
  /// Width in pixels (>= 1).
  public var width: Int
  /// Height in pixels (>= 1).
  public var height: Int
  /// Bytes from the start of one row to the next (>= width for GREY).
  public var rowStride: Int
  /// Bytes of payload after the header (for GREY exactly `rowStride * height`).
  public var payloadLength: UInt64
  /// Sequence number in the source.
  public var sequence: UInt64
  /// Timestamp in nanoseconds on `clock`.
  public var timestamp: UInt64
  /// Frames the source dropped between the previous frame and this one.
  public var dropped: UInt32
  /// The clock of `timestamp`.
  public var clock: FrameClock
  /// Flag bits; none are defined, writers write 0 and readers ignore them.
  public var flags: UInt8 = 0

  /// A GREY header for a width×height payload whose rows are `rowStride` bytes apart.
  ///
  /// - Precondition: `width`, `height` >= 1 and `rowStride` >= `width`, all below 2^32.
  public init(
    width: Int, height: Int, rowStride: Int? = nil, sequence: UInt64, timestamp: UInt64,
    clock: FrameClock = .media, dropped: UInt32 = 0
  ) {
    let stride = rowStride ?? width
    precondition(width >= 1 && height >= 1 && stride >= width, "FrameHeader geometry")
    precondition(stride <= UInt32.max && height <= UInt32.max, "FrameHeader size above 2^32")
    self.width = width
    self.height = height
    self.rowStride = stride
    self.payloadLength = UInt64(stride) * UInt64(height)
    self.sequence = sequence
    self.timestamp = timestamp
    self.clock = clock
    self.dropped = dropped
  }

  /// The header of `frame` (a packed GREY payload).
  public init(of frame: Frame) {
    self.init(
      width: frame.image.width, height: frame.image.height, sequence: frame.sequence,
      timestamp: frame.timestamp, clock: frame.clock, dropped: frame.dropped)
  }

  // MARK: - Encoding

  /// Writes the 64-byte version 1.0 encoding, checksum included, into `bytes`.
  ///
  /// The `length` and `minorVersion` fields are ignored: this code writes version 1.0.
  ///
  /// - Precondition: `bytes.count >= 64`.
  public func encode(into bytes: UnsafeMutableRawBufferPointer) {
    precondition(bytes.count >= Self.minimumLength, "FrameHeader.encode: buffer too small")
    for index in 0..<Self.minimumLength { bytes[index] = 0 }
    for (index, byte) in Self.magic.enumerated() { bytes[index] = byte }
    bytes[4] = Self.majorVersion
    bytes[5] = Self.minorVersion
    store(UInt16(Self.minimumLength), at: 6, in: bytes)
    store(pixelFormat, at: 8, in: bytes)
    store(UInt32(truncatingIfNeeded: width), at: 12, in: bytes)
    store(UInt32(truncatingIfNeeded: height), at: 16, in: bytes)
    store(UInt32(truncatingIfNeeded: rowStride), at: 20, in: bytes)
    store(payloadLength, at: 24, in: bytes)
    store(sequence, at: 32, in: bytes)
    store(timestamp, at: 40, in: bytes)
    store(dropped, at: 48, in: bytes)
    bytes[52] = clock.rawValue
    bytes[53] = flags
    let checked = UnsafeRawBufferPointer(rebasing: bytes[0..<Self.minimumLength - 4])
    store(CRC32.checksum(of: checked), at: Self.minimumLength - 4, in: bytes)
  }

  /// The 64-byte version 1.0 encoding.
  public var encoded: [UInt8] {
    [UInt8](unsafeUninitializedCapacity: Self.minimumLength) { buffer, count in
      encode(into: UnsafeMutableRawBufferPointer(buffer))
      count = Self.minimumLength
    }
  }

  // MARK: - Decoding

  /// The header length announced by the first 8 bytes, after checking magic and major version.
  ///
  /// - Throws: `.notAHeader`, `.majorVersion` or `.headerLength`.
  public static func announcedLength(_ prefix: UnsafeRawBufferPointer) throws(HeaderFault) -> Int {
    precondition(prefix.count >= 8, "FrameHeader.announcedLength: needs 8 bytes")
    guard prefix.prefix(4).elementsEqual(magic) else {
      throw .notAHeader(found: Array(prefix.prefix(4)))
    }
    guard prefix[4] == majorVersion else { throw .majorVersion(prefix[4]) }
    let length = Int(load(UInt16.self, at: 6, in: prefix))
    guard length >= minimumLength else { throw .headerLength(length) }
    return length
  }

  /// Decodes and validates a whole header (`bytes.count` is its announced length).
  ///
  /// Checks, in order: magic, major version, header length, checksum, clock, pixel format,
  /// size, stride, payload length. Fields past byte 60 of a longer header are skipped.
  ///
  /// - Throws: the first fault found.
  public init(decoding bytes: UnsafeRawBufferPointer) throws(HeaderFault) {
    precondition(bytes.count >= 8, "FrameHeader.init(decoding:): needs 8 bytes")
    let length = try Self.announcedLength(bytes)
    precondition(bytes.count >= length, "FrameHeader.init(decoding:): shorter than announced")
    let stored = Self.load(UInt32.self, at: length - 4, in: bytes)
    let computed = CRC32.checksum(of: UnsafeRawBufferPointer(rebasing: bytes[0..<length - 4]))
    guard stored == computed else { throw .checksum(stored: stored, computed: computed) }
    guard let clock = FrameClock(rawValue: bytes[52]) else { throw .clock(bytes[52]) }
    let format = Self.load(UInt32.self, at: 8, in: bytes)
    guard format == Self.grayFormat else { throw .pixelFormat(format) }
    let width = Int(Self.load(UInt32.self, at: 12, in: bytes))
    let height = Int(Self.load(UInt32.self, at: 16, in: bytes))
    let stride = Int(Self.load(UInt32.self, at: 20, in: bytes))
    let payload = Self.load(UInt64.self, at: 24, in: bytes)
    guard width >= 1, height >= 1 else { throw .zeroSize(width: width, height: height) }
    guard stride >= width else { throw .rowStride(stride, width: width) }
    // Both factors are below 2^32, so the product fits in 64 bits.
    let expected = UInt64(stride) * UInt64(height)
    guard payload == expected else { throw .payloadLength(payload, expected: expected) }
    self.minorVersion = bytes[5]
    self.length = length
    self.pixelFormat = format
    self.width = width
    self.height = height
    self.rowStride = stride
    self.payloadLength = payload
    self.sequence = Self.load(UInt64.self, at: 32, in: bytes)
    self.timestamp = Self.load(UInt64.self, at: 40, in: bytes)
    self.dropped = Self.load(UInt32.self, at: 48, in: bytes)
    self.clock = clock
    self.flags = bytes[53]
  }

  // MARK: - Little-endian fields

  private func store<T: FixedWidthInteger>(
    _ value: T, at offset: Int, in bytes: UnsafeMutableRawBufferPointer
  ) {
    bytes.storeBytes(of: value.littleEndian, toByteOffset: offset, as: T.self)
  }

  private static func load<T: FixedWidthInteger>(
    _ type: T.Type, at offset: Int, in bytes: UnsafeRawBufferPointer
  ) -> T {
    T(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: T.self))
  }
}
