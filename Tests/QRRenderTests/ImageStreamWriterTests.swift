// SPDX-License-Identifier: MIT

import Foundation
import QRCodec
import QRImageFormats
import QRStream
import QRSystem
import Testing

@testable import QRRender

private func written(
  _ format: ImageFormat, _ symbols: [EncodedSymbol], options: RenderOptions = RenderOptions()
) throws -> [UInt8] {
  let path = Fixture.temporaryPath("stream")
  defer { try? FileManager.default.removeItem(atPath: path) }
  let pending = try OutputFile.Pending(path: path)
  do {
    var writer = ImageStreamWriter(
      format: format, options: options, descriptor: pending.descriptor)
    for symbol in symbols { try writer.write(symbol) }
  } catch {
    pending.discard()  // as qrrender does: no temporary file left behind
    throw error
  }
  try pending.commit()
  return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
}

private func frames(_ bytes: [UInt8]) throws -> [Frame] {
  let path = Fixture.temporaryPath("frames")
  defer { try? FileManager.default.removeItem(atPath: path) }
  try OutputFile.write(bytes, to: path)
  let descriptor = try FileDescriptor.openForReading(path)
  defer { descriptor.close() }
  let reader = FrameStreamReader(descriptor: descriptor, name: path)
  var result: [Frame] = []
  while let frame = try reader.next() { result.append(frame) }
  return result
}

@Test func qrframesAreNumberedAndTimedAtTwentyFivePerSecond() throws {
  let symbols = [try Fixture.symbol("one"), try Fixture.symbol("two")]
  let read = try frames(try written(.qrframe, symbols, options: RenderOptions(scale: 2)))
  #expect(read.map(\.sequence) == [0, 1])
  #expect(read.map(\.timestamp) == [0, 40_000_000])
  #expect(
    read[1].image
      == Renderer.grayImage(
        ModuleRaster(symbols[1], options: RenderOptions(scale: 2)), options: RenderOptions(scale: 2)
      ))
}

@Test func y4mCentresSmallerSymbolsInTheFirstFrameSize() throws {
  let large = try Fixture.symbol(String(repeating: "x", count: 100))
  let small = try Fixture.symbol("s")
  let read = try frames(try written(.y4m, [large, small]))
  try #require(read.count == 2)
  #expect(read[1].image.width == read[0].image.width)
  let image = Renderer.grayImage(
    ModuleRaster(small, options: RenderOptions()), options: RenderOptions())
  let offset = (read[0].image.width - image.width) / 2
  #expect(read[1].image[offset, offset] == image[0, 0])
  #expect(read[1].image[0, 0] == 255)
}

@Test func y4mRefusesASymbolLargerThanTheFirst() throws {
  let large = try Fixture.symbol(String(repeating: "x", count: 100))
  #expect(throws: RenderOutputError.self) {
    try written(.y4m, [try Fixture.symbol("s"), large])
  }
}

@Test func terminalArtIsSeparatedByBlankLines() throws {
  let one = try Fixture.symbol("one")
  let art = try written(.ascii, [one, one])
  let single = Renderer.render(one, as: .ascii, options: RenderOptions())
  #expect(art == single + [0x0A] + single)
}

@Test func pbmImagesFollowEachOther() throws {
  let one = try Fixture.symbol("one")
  let two = try Fixture.symbol("two")
  let options = RenderOptions(scale: 3)
  #expect(
    try written(.pbm, [one, two], options: options)
      == Renderer.render(one, as: .pbm, options: options)
      + Renderer.render(two, as: .pbm, options: options))
}

@Test func outputDirectoryNamesPartsAndLines() throws {
  let directory = Fixture.temporaryPath("dir")
  defer { try? FileManager.default.removeItem(atPath: directory) }
  var output = try SymbolOutput(format: .svg, options: RenderOptions(), directory: directory)
  let parts = try Encoder.encodeParts(
    text: String(repeating: "ab", count: 100), count: 2, options: EncodeOptions())
  try output.write(parts)
  try output.write([try Fixture.symbol()], line: 7)
  try output.write(parts, line: 12)
  try output.finish()
  #expect(
    try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == [
      "000007.svg", "000012-part-01.svg", "000012-part-02.svg", "part-01.svg", "part-02.svg",
    ])
}

@Test func aFailedOutputFileLeavesNothingBehind() throws {
  let path = Fixture.temporaryPath("single.png")
  var output = try SymbolOutput(format: .png, options: RenderOptions(), file: path)
  let parts = try Encoder.encodeParts(
    text: String(repeating: "ab", count: 100), count: 2, options: EncodeOptions())
  #expect(throws: RenderOutputError.oneImagePerFile(format: .png, count: 2)) {
    try output.write(parts)
  }
  output.discard()
  let leftovers = try FileManager.default.contentsOfDirectory(
    atPath: FileManager.default.temporaryDirectory.path
  ).filter { $0.hasPrefix(URL(fileURLWithPath: path).lastPathComponent) }
  #expect(leftovers.isEmpty)
}

@Test func payloadsSplitAutomaticallyWithStructuredAppend() throws {
  let request = SymbolRequest(encodeOptions: EncodeOptions(), partCount: nil)
  let symbols = try request.symbols(for: [UInt8](repeating: 0xFF, count: 5000))
  #expect(symbols.count == 3)
  #expect(symbols.map { $0.structuredAppend?.index } == [0, 1, 2])
  #expect(try request.symbols(for: Array("short".utf8)).count == 1)
}

@Test func devicesFIFOsAndLinksAreWrittenInPlaceNotReplaced() throws {
  #expect(!OutputFile.isReplaceable("/dev/null"))
  #expect(OutputFile.isReplaceable(Fixture.temporaryPath("new")))
  let target = Fixture.temporaryPath("target")
  let link = Fixture.temporaryPath("link")
  defer {
    try? FileManager.default.removeItem(atPath: target)
    try? FileManager.default.removeItem(atPath: link)
  }
  try OutputFile.write([1], to: target)
  #expect(OutputFile.isReplaceable(target))
  try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
  #expect(!OutputFile.isReplaceable(link))
  try OutputFile.write([2, 3], to: link)
  #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
  #expect(Array(try Data(contentsOf: URL(fileURLWithPath: target))) == [2, 3])
  try OutputFile.write([4], to: "/dev/null")
  let type =
    try FileManager.default.attributesOfItem(atPath: "/dev/null")[.type] as? FileAttributeType
  #expect(type == .typeCharacterSpecial)
}
