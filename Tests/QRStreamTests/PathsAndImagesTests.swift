// SPDX-License-Identifier: MIT
// Paths as bytes, the directory walk, NUL-separated lists, EXIF orientation and foreign magic.

import Foundation
import Glibc
import QRImage
import Testing

@testable import QRImageFormats
@testable import QRSystem

@Test func pathNamesKeepTheirBytesAndEscapeOnlyForMessages() throws {
  let name = PathName(bytes: Array("dir/x".utf8) + [0xFF, 0xC3] + Array("é.pgm".utf8))
  #expect(name.string == nil)
  #expect(name.description == "dir/x\\xFF\\xC3é.pgm")
  #expect(PathName("plain.pgm").description == "plain.pgm")
  #expect(PathName("-").isStandardStream && !PathName("./-").isStandardStream)
  #expect(PathName("a/").appending(Array("b".utf8)) == PathName("a/b"))
  #expect(PathName("a").appending(Array("b".utf8)) == PathName("a/b"))
}

@Test func theWalkYieldsRegularFilesInByteOrderAndEntersEachDirectoryOnce() throws {
  let root = FileManager.default.temporaryDirectory.appendingPathComponent(
    "walk-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
  defer { try? FileManager.default.removeItem(at: root) }
  let manager = FileManager.default
  for directory in ["a", "a/b", "c"] {
    try manager.createDirectory(
      at: root.appendingPathComponent(directory), withIntermediateDirectories: true)
  }
  for file in ["a.txt", "a/b/z", "a/y", "c/x", "B"] {
    try Data().write(to: root.appendingPathComponent(file))
  }
  try manager.createSymbolicLink(
    atPath: root.appendingPathComponent("c/up").path, withDestinationPath: "..")
  #expect(mkfifo(root.appendingPathComponent("fifo").path, 0o600) == 0)
  let walker = DirectoryWalker(root: PathName(root.path))
  var items: [String] = []
  while let item = walker.next() {
    switch item {
    case .file(let path): items.append(String(path.description.dropFirst(root.path.count + 1)))
    case .revisited(let path):
      items.append("again " + path.description.dropFirst(root.path.count + 1))
    case .failed(let path, let error): items.append("failed \(path) \(error)")
    }
  }
  // "B" < "a.txt" < "a/" (0x2E < 0x2F); the link back to the root is not followed twice.
  #expect(items == ["B", "a.txt", "a/b/z", "a/y", "again c/up", "c/x"])
}

@Test func lineReaderSplitsOnAnyDelimiter() throws {
  var fds: [Int32] = [0, 0]
  #expect(pipe(&fds) == 0)
  let bytes: [UInt8] = Array("one\ntwo".utf8) + [0] + Array("three".utf8) + [0]
  _ = bytes.withUnsafeBytes { write(fds[1], $0.baseAddress, $0.count) }
  close(fds[1])
  let reader = LineReader(FileDescriptor(rawValue: fds[0]), maximumLineLength: 64, delimiter: 0)
  var lines: [[UInt8]] = []
  while case .line(let line) = try reader.next() { lines.append(Array(line.bytes)) }
  close(fds[0])
  #expect(lines == [Array("one\ntwo".utf8) + [0], Array("three".utf8) + [0]])
}

@Test func exifOrientationIsReadFromEitherByteOrderAndBoundsAreChecked() {
  func segment(littleEndian: Bool, orientation: UInt16, count: UInt16 = 1) -> ArraySlice<UInt8> {
    func u16(_ v: UInt16) -> [UInt8] {
      littleEndian ? [UInt8(v & 255), UInt8(v >> 8)] : [UInt8(v >> 8), UInt8(v & 255)]
    }
    func u32(_ v: UInt32) -> [UInt8] {
      let bytes = (0..<4).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) }
      return littleEndian ? bytes : bytes.reversed()
    }
    var tiff: [UInt8] = littleEndian ? [0x49, 0x49] : [0x4D, 0x4D]
    tiff += u16(42) + u32(8) + u16(count)
    tiff += u16(0x0112) + u16(3) + u32(1) + u16(orientation) + [0, 0]
    return ArraySlice(Array("Exif".utf8) + [0, 0] + tiff)
  }
  #expect(FrameStreamReader.exifOrientation(segment(littleEndian: true, orientation: 6)) == 6)
  #expect(FrameStreamReader.exifOrientation(segment(littleEndian: false, orientation: 8)) == 8)
  #expect(FrameStreamReader.exifOrientation(segment(littleEndian: false, orientation: 9)) == nil)
  // An entry count pointing past the segment ends the search, it reads nothing beyond.
  #expect(
    FrameStreamReader.exifOrientation(segment(littleEndian: true, orientation: 3, count: 900))
      == 3)
  #expect(FrameStreamReader.exifOrientation(ArraySlice(Array("Exif\0\0MM\0*".utf8))) == nil)
}

@Test func orientationsTurnAndMirrorAsAViewerShows() {
  // 3 × 2: 0 1 2 / 3 4 5.
  let image = GrayImage(width: 3, height: 2, pixels: [0, 1, 2, 3, 4, 5])
  let expected: [Int: (Int, [UInt8])] = [
    1: (3, [0, 1, 2, 3, 4, 5]), 2: (3, [2, 1, 0, 5, 4, 3]), 3: (3, [5, 4, 3, 2, 1, 0]),
    4: (3, [3, 4, 5, 0, 1, 2]), 5: (2, [0, 3, 1, 4, 2, 5]), 6: (2, [3, 0, 4, 1, 5, 2]),
    7: (2, [5, 2, 4, 1, 3, 0]), 8: (2, [2, 5, 1, 4, 0, 3]),
  ]
  for (orientation, (width, pixels)) in expected {
    let turned = FrameStreamReader.oriented(image, exif: orientation)
    #expect(turned.width == width && turned.pixels == pixels, "orientation \(orientation)")
  }
}

@Test func foreignFormatsAreRecognisedByTheirMagic() {
  func name(_ bytes: [UInt8]) -> String? { ForeignFormat(recognizing: bytes)?.name }
  #expect(name([0, 0, 0, 0x0C, 0x6A, 0x50, 0x20, 0x20, 0x0D, 0x0A]) == "a JPEG 2000 image")
  #expect(name([0, 0, 0, 0x18] + Array("ftypisom".utf8)) == "an MP4 or QuickTime video")
  #expect(name(Array("RIFF\0\0\0\0AVI LIST".utf8)) == "an AVI video")
  // Read by FrameStreamReader, so not foreign.
  #expect(name(Array("GIF89a\u{1}\0".utf8)) == nil)
  #expect(name(Array("RIFF\0\0\0\0WEBPVP8 ".utf8)) == nil)
  #expect(name([0, 0, 0, 0x18] + Array("ftypheic".utf8)) == nil)
  #expect(name([0x49, 0x49, 0x2A, 0, 8, 0, 0, 0]) == nil)
  #expect(name(Array("hello, world".utf8)) == nil)
}
