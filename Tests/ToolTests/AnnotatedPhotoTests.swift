// SPDX-License-Identifier: MIT
// qrdetect --annotate over photos of different sizes (issue 27, item 6).

import Foundation
import Testing

/// A directory of images of three sizes with a code each, one blank, and a y4m clip.
private func photos() throws -> URL {
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("qrdetect-annotate-\(UUID().uuidString)")
  let input = directory.appendingPathComponent("in")
  try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
  for (name, scale, format) in [("a", 3, "pgm"), ("b", 5, "png"), ("c", 7, "pgm"), ("v", 3, "y4m")]
  {
    let result = try ToolRunner.run(
      "qrrender",
      ["-f", format, "-s", "\(scale)", "-o", input.path + "/\(name).\(format)", "code \(name)"])
    #expect(result.status == 0, "\(result.errors)")
  }
  let blank = Array("P5\n40 30\n255\n".utf8) + [UInt8](repeating: 255, count: 1200)
  try Data(blank).write(to: input.appendingPathComponent("blank.pgm"))
  return directory
}

@Test func annotateIntoADirectoryWritesAPNGPerImage() throws {
  let directory = try photos()
  defer { try? FileManager.default.removeItem(at: directory) }
  let result = try ToolRunner.run(
    "qrdetect", ["--annotate=boxes/", "in"], currentDirectory: directory)
  // Every input read: annotation never stops the scan.
  #expect(result.status == 0, "\(result.errors)")
  #expect(result.output.split(separator: "\n").count == 4)
  let written = try FileManager.default.contentsOfDirectory(
    atPath: directory.appendingPathComponent("boxes").path
  ).sorted()
  #expect(written == ["a.png", "b.png", "blank.png", "c.png", "v.y4m"])
  // Each annotated image is a PNG of its input's size, in which the code still reads.
  let again = try ToolRunner.run("qrdetect", ["boxes"], currentDirectory: directory)
  #expect(again.status == 0, "\(again.errors)")
  for name in ["a", "b", "c", "v"] {
    #expect(again.output.contains(#""text":"code \#(name)""#), "boxes/\(name)")
  }
  let png = try Data(contentsOf: directory.appendingPathComponent("boxes/b.png"))
  #expect(png.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
}

@Test func annotateToAPNGPathWritesTheOthersBesideIt() throws {
  let directory = try photos()
  defer { try? FileManager.default.removeItem(at: directory) }
  let result = try ToolRunner.run(
    "qrdetect", ["--annotate=shot.png", "in/a.pgm", "in/b.png", "in/c.pgm"],
    currentDirectory: directory)
  #expect(result.status == 0, "\(result.errors)")
  for name in ["shot.png", "shot-2.png", "shot-3.png"] {
    #expect(FileManager.default.fileExists(atPath: directory.path + "/" + name), "\(name)")
  }
}

@Test func aVideoOfImagesOfOtherSizesKeepsScanning() throws {
  let directory = try photos()
  defer { try? FileManager.default.removeItem(at: directory) }
  // y4m has one size: frames of another are left out, with one warning, and every record is
  // still written (it stopped at b.png with status 2 before).
  let result = try ToolRunner.run(
    "qrdetect", ["--annotate=view.y4m", "in/a.pgm", "in/b.png", "in/c.pgm", "in/a.pgm"],
    currentDirectory: directory)
  #expect(result.status == 0, "\(result.errors)")
  #expect(result.output.split(separator: "\n").count == 4)
  #expect(result.errors.contains("frames of another size are left out"))
  #expect(result.errors.split(separator: "\n").count == 1)
  let video = try Data(contentsOf: directory.appendingPathComponent("view.y4m"))
  #expect(video.prefix(9) == Data("YUV4MPEG2".utf8))
}
