// SPDX-License-Identifier: MIT
// Hostile inputs, round three (issue 46): each case is built here from its description, small,
// and run through the real tools.

import Foundation
import Testing

// MARK: - Building files

private func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
private func le32(_ value: Int) -> [UInt8] { le16(value & 0xFFFF) + le16(value >> 16 & 0xFFFF) }

/// A 32-bit BI_BITFIELDS BMP (a 40-byte header, then the red, green and blue masks) of
/// `width` × `height` pixels, each `pixel`.
private func bitFieldBMP(
  width: Int = 4, height: Int = 4, masks: [UInt32], pixel: UInt32 = 0xFFFF_FFFF
) -> [UInt8] {
  let offset = 14 + 40 + 4 * masks.count
  let pixels = (0..<width * height).flatMap { _ in le32(Int(pixel)) }
  return Array("BM".utf8) + le32(offset + pixels.count) + [0, 0, 0, 0] + le32(offset) + le32(40)
    + le32(width) + le32(height) + le16(1) + le16(32) + le32(3) + le32(pixels.count)
    + le32(2835) + le32(2835) + le32(0) + le32(0) + masks.flatMap { le32(Int($0)) } + pixels
}

/// The gray pixels qrcapture gives for `input` (the payload of its one qrframe).
private func grayPixels(_ input: [UInt8], count: Int) throws -> [UInt8] {
  let result = try ToolRunner.run("qrcapture", ["-"], input: input)
  #expect(result.status == 0, "\(result.errors)")
  return Array(result.stdout.suffix(count))
}

// MARK: - BMP bit fields

@Test func bitFieldMasksOfEveryWidthAreScaledNotATrap() throws {
  // The masks that trapped (an overflow of a 32-bit product): wider than 24 bits.
  for width in [24, 25, 28, 31, 32] {
    let mask = UInt32(truncatingIfNeeded: (UInt64(1) << width) - 1)
    let bmp = bitFieldBMP(masks: [mask, mask, mask])
    #expect(bmp.count == 130)
    #expect(try grayPixels(bmp, count: 16) == [UInt8](repeating: 255, count: 16), "\(width)")
    let detected = try ToolRunner.run("qrdetect", input: bmp)
    #expect(detected.status == 1 && !detected.wasSignalled, "\(width): \(detected.errors)")
  }
  // Half of a 32-bit channel is half white; masks that overlap or leave holes still scale.
  let half = bitFieldBMP(masks: [0xFFFF_FFFF, 0xFFFF_FFFF, 0xFFFF_FFFF], pixel: 0x8000_0000)
  #expect(try grayPixels(half, count: 16) == [UInt8](repeating: 127, count: 16))
  let holes = bitFieldBMP(masks: [0xF0F0_F0F0, 0x0F0F_0F0F, 0xFF00_00FF], pixel: 0xFFFF_FFFF)
  #expect(try grayPixels(holes, count: 16) == [UInt8](repeating: 255, count: 16))
}

@Test func mutatedBitFieldHeadersNeverKillTheReader() throws {
  // Every byte of the header and masks set to each of four values: an error or frames, and
  // the next file of a directory still read.
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("qrpipe-bmp-mutations-\(getpid())")
  try? FileManager.default.removeItem(at: directory)
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: directory) }
  let valid = bitFieldBMP(masks: [0xFF_0000, 0xFF00, 0xFF])
  var count = 0
  for index in 14..<66 {
    for value: UInt8 in [0x00, 0x7F, 0xFE, 0xFF] {
      var bmp = valid
      bmp[index] = value
      try Data(bmp).write(to: directory.appendingPathComponent("m\(count).bmp"))
      count += 1
    }
  }
  let run = try ToolRunner.run("qrdetect", ["--jobs", "1", directory.path])
  #expect(!run.wasSignalled, "\(run.errors)")
  #expect(run.status == 1 || run.status == 2)
  #expect(!run.errors.contains("Fatal error"), "\(run.errors)")
}

@Test func negativeBMPWidthIsNamedAsSuch() throws {
  var bmp = bitFieldBMP(masks: [0xFF_0000, 0xFF00, 0xFF])
  bmp.replaceSubrange(18..<22, with: le32(-16 & 0xFFFF_FFFF))
  let run = try ToolRunner.run("qrdetect", input: bmp)
  #expect(run.status == 2)
  #expect(run.errors == "qrdetect: -: frame 0 at byte 0: malformed BMP image: negative width -16\n")
}

// MARK: - One memory budget

/// An RLE8 BMP of `width` × `height` whose pixels are one end-of-bitmap code: a kilobyte that
/// declares any size.
private func rleBMP(width: Int, height: Int) -> [UInt8] {
  let palette: [UInt8] = [0, 0, 0, 0, 255, 255, 255, 0]
  let rle: [UInt8] = [0, 1]
  let offset = 14 + 40 + palette.count
  return Array("BM".utf8) + le32(offset + rle.count) + [0, 0, 0, 0] + le32(offset) + le32(40)
    + le32(width) + le32(height) + le16(1) + le16(8) + le32(1) + le32(rle.count) + le32(2835)
    + le32(2835) + le32(2) + le32(0) + palette + rle + [UInt8](repeating: 0, count: 1000)
}

/// A GIF89a of a `width` × `height` logical screen and `frames` one-pixel frames (each a
/// minimal LZW stream), at `(i, i)` for frame `i`.
private func gifScreen(width: Int, height: Int, frames: Int, size: Int = 1) -> [UInt8] {
  var gif =
    Array("GIF89a".utf8) + le16(width) + le16(height) + [0x80, 0, 0, 0, 0, 0, 255, 255, 255]
  for index in 0..<frames {
    gif += [0x2C] + le16(index % width) + le16(index % height) + le16(size) + le16(size) + [0]
    gif += [0x02, 0x02, 0x4C, 0x01, 0x00]
  }
  return gif + [0x3B]
}

/// Peak resident memory of `command` run by bash, in kilobytes, with its result; nil when
/// /usr/bin/time is not installed.
private func peakKilobytes(_ command: String) throws -> (Int, ToolResult)? {
  guard FileManager.default.isExecutableFile(atPath: "/usr/bin/time") else { return nil }
  let result = try ToolRunner.shell("/usr/bin/time -f 'peak %M' -o /dev/fd/3 \(command) 3>&2")
  let peak = result.errors.split(separator: "\n").last { $0.hasPrefix("peak ") }
  return (Int(peak?.dropFirst(5) ?? "") ?? -1, result)
}

@Test func aKilobyteBMPDeclaringGigapixelsIsRefusedByTheBudgetAtOnce() throws {
  let run = try ToolRunner.run("qrdetect", input: rleBMP(width: 16384, height: 16384))
  #expect(run.status == 2)
  #expect(
    run.errors
      == "qrdetect: -: frame 0 at byte 0: a 16384x16384 frame needs 512 MiB of memory to read,"
      + " more than the budget of 256 MiB for the whole process; --max-memory raises the budget\n")
  // The same file is read when the budget allows it: the budget, not a size rule, refused it.
  let small = try ToolRunner.run(
    "qrdetect", ["--max-memory", "16M"], input: rleBMP(width: 2000, height: 2000))
  #expect(small.status == 1, "\(small.errors)")
  let tight = try ToolRunner.run(
    "qrdetect", ["--max-memory", "7M"], input: rleBMP(width: 2000, height: 2000))
  #expect(tight.status == 2 && tight.errors.contains("more than the budget of 7 MiB"))
}

@Test func jobsShareOneBudgetInsteadOfMultiplyingIt() throws {
  // Four 2100 x 2100 BMPs at -j 4 under a 10 MiB budget: one frame (4.4 MB, twice for the
  // detector) fits at a time, so the peak stays near one file's, not four frames' more.
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("qrpipe-budget-\(getpid())")
  try? FileManager.default.removeItem(at: directory)
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: directory) }
  for index in 0..<4 {
    try Data(rleBMP(width: 2100, height: 2100))
      .write(to: directory.appendingPathComponent("b\(index).bmp"))
  }
  guard
    let (shared, run) = try peakKilobytes("qrdetect -j 4 --max-memory 10M '\(directory.path)'")
  else { return }
  #expect(run.status == 1, "\(run.errors)")
  guard
    let (unbounded, _) = try peakKilobytes("qrdetect -j 4 --max-memory 1G '\(directory.path)'")
  else { return }
  // Measured: 30 MB with the budget, 48.5 MB with room for every frame in flight.
  #expect(shared + 8_000 < unbounded, "10 MiB budget: \(shared) KB, 1 GiB: \(unbounded) KB")
}

@Test func aLargeGIFScreenIsRefusedBeforeItsCanvasesAreAllocated() throws {
  let gif = gifScreen(width: 11585, height: 11585, frames: 8)
  #expect(gif.count < 200)
  let run = try ToolRunner.run("qrdetect", input: gif)
  #expect(run.status == 2)
  #expect(run.errors.contains("a 11585x11585 frame needs"), "\(run.errors)")
  #expect(run.errors.contains("--max-memory raises the budget"))
}

// MARK: - Work per file

@Test func aLongAnimationIsReadUpToItsCapNotRefusedAsMalformed() throws {
  // 600 frames of 64 x 64: all read, no error (the cap is 4 x --max-pixels pixels in all).
  let valid = try ToolRunner.run(
    "qrcapture", ["-"], input: gifScreen(width: 64, height: 64, frames: 600))
  #expect(valid.status == 0, "\(valid.errors)")
  #expect(valid.errors.isEmpty)
  // Under --max-pixels 4096, the cap is 16384 pixels: four frames, then an error saying so.
  let capped = try ToolRunner.run(
    "qrcapture", ["--max-pixels", "4096", "-"], input: gifScreen(width: 64, height: 64, frames: 600)
  )
  #expect(capped.status == 2)
  #expect(
    capped.errors
      == "qrcapture: -: frame 4 at byte 0: the GIF image has more frames than one image may give"
      + " (65536 frames, or 16384 pixels in all): its frames up to here were read, the rest is"
      + " skipped; --max-pixels raises the pixel cap (four times its value in all)\n")
  #expect(capped.stdout.count == 4 * (64 + 64 * 64))
}

/// An animated WebP of a `side` × `side` canvas and `frames` frames of 2 x 2 pixels.
private func animatedWebP(side: Int, frames: Int) -> [UInt8] {
  func le24(_ value: Int) -> [UInt8] { Array(le32(value).prefix(3)) }
  // A 2 x 2 white lossless bitstream (libwebp's, through ffmpeg), padded to an even length.
  let vp8l: [UInt8] =
    Array("VP8L".utf8) + le32(17)
    + [
      0x2F, 0x01, 0x40, 0x00, 0x00, 0x07, 0xD0, 0xFF, 0xFE, 0xF7, 0xBF, 0xFF, 0x81, 0x88, 0xE8,
      0x7F, 0x00, 0x00,
    ]
  var chunks =
    Array("VP8X".utf8) + le32(10) + [0x12, 0, 0, 0] + le24(side - 1) + le24(side - 1)
    + Array("ANIM".utf8) + le32(6) + [255, 255, 255, 255, 0, 0]
  let body = le24(0) + le24(0) + le24(1) + le24(1) + le24(1) + [0] + vp8l
  for _ in 0..<frames { chunks += Array("ANMF".utf8) + le32(body.count) + body }
  return Array("RIFF".utf8) + le32(4 + chunks.count) + Array("WEBP".utf8) + chunks
}

/// A TIFF of `pages` 8-bit gray pages of `side` x `side`, all sharing one deflated strip.
private func sharedStripTIFF(side: Int, pages: Int) throws -> [UInt8] {
  let strip = try ToolRunner.shell(
    "head -c \(side * side) /dev/zero | python3 -c 'import sys, zlib;"
      + " sys.stdout.buffer.write(zlib.compress(sys.stdin.buffer.read(), 9))'"
  ).stdout
  var tiff: [UInt8] = [0x49, 0x49, 0x2A, 0] + le32(8 + strip.count) + strip
  let tags: [(Int, Int, Int)] = [
    (256, 3, side), (257, 3, side), (258, 3, 8), (259, 3, 8), (262, 3, 1), (273, 4, 8),
    (277, 3, 1), (278, 3, side), (279, 4, strip.count),
  ]
  for page in 0..<pages {
    tiff += le16(tags.count)
    for (tag, type, value) in tags { tiff += le16(tag) + le16(type) + le32(1) + le32(value) }
    // The next directory starts right after this pointer.
    tiff += le32(page + 1 < pages ? tiff.count + 4 : 0)
  }
  return tiff
}

@Test func webPAndTIFFTimeBombsEndAtTheCapWithinSeconds() throws {
  let webp = animatedWebP(side: 1000, frames: 3000)
  #expect(webp.count < 200_000)
  let start = Date()
  let animation = try ToolRunner.run("qrcapture", ["--max-pixels", "1000000", "-"], input: webp)
  #expect(animation.status == 2)
  #expect(
    animation.errors.contains("frame 4 at byte 0: the WebP image has more frames"),
    "\(animation.errors)")
  #expect(animation.stdout.count == 4 * (64 + 1_000_000))
  let tiff = try sharedStripTIFF(side: 1000, pages: 500)
  #expect(tiff.count < 80_000)
  let pages = try ToolRunner.run("qrcapture", ["--max-pixels", "1000000", "-"], input: tiff)
  #expect(pages.status == 2)
  #expect(
    pages.errors.contains("frame 4 at byte 0: the TIFF image has more frames"), "\(pages.errors)")
  #expect(Date().timeIntervalSince(start) < 30)
  // The default budget refuses the 5000 x 5000 canvas of the bomb at once.
  let canvas = try ToolRunner.run("qrdetect", input: animatedWebP(side: 5000, frames: 10))
  #expect(
    canvas.status == 2 && canvas.errors.contains("a 5000x5000 frame needs"), "\(canvas.errors)")
}

@Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/heif-enc")))
func heifObeysTheBudgetBeforeDecoding() throws {
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("qrpipe-heif-budget-\(getpid())")
  try? FileManager.default.removeItem(at: directory)
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: directory) }
  let png = directory.appendingPathComponent("white.png").path
  let heic = directory.appendingPathComponent("white.heic").path
  // A 3000 x 3000 white image: libheif would take about 60 MB to decode it.
  let made = try ToolRunner.shell(
    "ffmpeg -v error -f lavfi -i color=c=white:s=3000x3000 -frames:v 1 '\(png)'"
      + " && heif-enc -q 50 -o '\(heic)' '\(png)'")
  guard made.status == 0 else { return }
  guard let (peak, run) = try peakKilobytes("qrdetect --max-memory 16M '\(heic)'") else { return }
  #expect(run.status == 2)
  #expect(run.errors.contains("a 3000x3000 frame needs"), "\(run.errors)")
  #expect(peak < 40_000, "\(peak) KB")
}

// MARK: - Whole records on a full disk

/// A scratch directory removed when the value goes.
private final class Scratch {
  let url: URL
  var path: String { url.path }

  init(_ name: String) throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "qrpipe-\(name)-\(getpid())")
    try? FileManager.default.removeItem(at: url)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: url) }
}

/// Whether every line of `bytes` is a whole JSON object and the last ends in a newline.
private func isWholeJSONLines(_ bytes: [UInt8]) -> Bool {
  guard bytes.last == 0x0A else { return bytes.isEmpty }
  return bytes.split(separator: 0x0A).allSatisfy {
    (try? JSONSerialization.jsonObject(with: Data($0))) is [String: Any]
  }
}

@Test func aFileThatCannotGrowEndsInAWholeRecord() throws {
  let scratch = try Scratch("file-size")
  // Sixty codes with long payloads: about 22 KB of records, cut at 8 KiB by the file-size limit
  // (which a full disk does the same way: a short write, then an error).
  let codes = try ToolRunner.shell(
    "cd '\(scratch.path)' && seq -f 'payload %05g with some padding to make the record longer'"
      + " 1 60 | qrrender --lines -f qrframe -s 2 > codes.qrframe")
  #expect(codes.status == 0, "\(codes.errors)")
  for option in ["> out.json", "--json-output out.json"] {
    let run = try ToolRunner.shell(
      "cd '\(scratch.path)' && rm -f out.json && trap '' XFSZ && ulimit -f 8"
        + " && qrdetect \(option) codes.qrframe")
    #expect(run.status == 2)
    let written = Array(try Data(contentsOf: scratch.url.appendingPathComponent("out.json")))
    #expect(written.count > 4000 && written.count <= 8192, "\(written.count)")
    #expect(isWholeJSONLines(written), "\(option): ends in \(written.suffix(40))")
    #expect(run.errors.contains("write error: file too large"), "\(run.errors)")
    #expect(run.errors.split(separator: "\n").count == 1, "\(run.errors)")
  }
}

/// Whether a small tmpfs can be mounted here (as root), for a real full disk.
private let canMountTmpfs: Bool = {
  guard getuid() == 0, let scratch = try? Scratch("mount-probe") else { return false }
  guard (try? ToolRunner.shell("mount -t tmpfs -o size=64k tmpfs '\(scratch.path)'"))?.status == 0
  else { return false }
  _ = try? ToolRunner.shell("umount '\(scratch.path)'")
  return true
}()

@Test(.enabled(if: canMountTmpfs, "needs root to mount a small tmpfs"))
func aFullDiskStopsAnnotationAtTheFirstFileAndLeavesNoPart() throws {
  let scratch = try Scratch("full-disk")
  let full = scratch.url.appendingPathComponent("full")
  try FileManager.default.createDirectory(at: full, withIntermediateDirectories: true)
  #expect(try ToolRunner.shell("mount -t tmpfs -o size=64k tmpfs '\(full.path)'").status == 0)
  defer { _ = try? ToolRunner.shell("umount '\(full.path)'") }
  let made = try ToolRunner.shell(
    "cd '\(scratch.path)' && mkdir codes && for i in $(seq 1 40); do"
      + " qrrender -o codes/c$i.png -s 6 \"code number $i\" || exit 1; done")
  #expect(made.status == 0, "\(made.errors)")
  let run = try ToolRunner.shell(
    "cd '\(scratch.path)' && qrdetect --annotate='\(full.path)/' codes > records.json")
  #expect(run.status == 2)
  let lines = run.errors.split(separator: "\n")
  #expect(lines.count == 1, "\(run.errors)")
  #expect(lines.first?.hasSuffix(": --annotate: no space left on device") == true, "\(run.errors)")
  let names = try FileManager.default.contentsOfDirectory(atPath: full.path)
  #expect(!names.isEmpty && names.count < 40)
  #expect(!names.contains { !$0.hasSuffix(".png") || $0.contains(".tmp") }, "\(names)")
  // Every PNG left there is whole: qrdetect reads each.
  let reread = try ToolRunner.shell("qrdetect '\(full.path)' > /dev/null")
  #expect(reread.status == 0 || reread.status == 1, "\(reread.errors)")
  #expect(!reread.errors.contains("truncated"))
  // Records on the full disk: whole lines, and the file named.
  let json = try ToolRunner.shell(
    "cd '\(scratch.path)' && rm -f '\(full.path)'/*.png; head -c 1000000 /dev/zero"
      + " > '\(full.path)/filler' 2>/dev/null; truncate -s -6000 '\(full.path)/filler'"
      + " && qrdetect --json-output '\(full.path)/out.json' codes")
  #expect(json.status == 2)
  #expect(
    json.errors.hasSuffix("/out.json: write error: no space left on device\n"), "\(json.errors)")
  let written = Array(try Data(contentsOf: full.appendingPathComponent("out.json")))
  #expect(isWholeJSONLines(written))
}

// MARK: - Planted symbolic links

@Test func plantedSymbolicLinksAreRefusedNotWrittenThrough() throws {
  let scratch = try Scratch("symlinks")
  let precious = scratch.url.appendingPathComponent("precious")
  try Data("precious\n".utf8).write(to: precious)
  let shared = scratch.url.appendingPathComponent("shared")
  try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
  try FileManager.default.createSymbolicLink(
    atPath: shared.appendingPathComponent("part-01.png").path, withDestinationPath: precious.path)
  let render = try ToolRunner.run("qrrender", ["--output-dir", shared.path, "-f", "png", "hello"])
  #expect(render.status == 2)
  #expect(
    render.errors
      == "qrrender: \(shared.path)/part-01.png: a symbolic link is there: not written through it;"
      + " remove it or write elsewhere\n")
  #expect(try String(contentsOf: precious, encoding: .utf8) == "precious\n")
  // qrdetect --annotate=dir/: the link named after the input is refused the same way.
  let code = scratch.url.appendingPathComponent("code.png").path
  #expect(try ToolRunner.run("qrrender", ["-o", code, "-s", "6", "hello"]).status == 0)
  let boxes = scratch.url.appendingPathComponent("boxes")
  try FileManager.default.createDirectory(at: boxes, withIntermediateDirectories: true)
  try FileManager.default.createSymbolicLink(
    atPath: boxes.appendingPathComponent("code.png").path, withDestinationPath: precious.path)
  let annotate = try ToolRunner.run("qrdetect", ["--annotate=\(boxes.path)/", code])
  #expect(annotate.status == 2)
  #expect(
    annotate.errors
      == "qrdetect: \(boxes.path)/code.png: --annotate: a symbolic link is there: not written"
      + " through it; remove it\n")
  #expect(try String(contentsOf: precious, encoding: .utf8) == "precious\n")
  // A regular file of the same name is replaced, as before.
  try FileManager.default.removeItem(at: boxes.appendingPathComponent("code.png"))
  try Data("old".utf8).write(to: boxes.appendingPathComponent("code.png"))
  #expect(try ToolRunner.run("qrdetect", ["--annotate=\(boxes.path)/", code]).status == 0)
  let png = try Data(contentsOf: boxes.appendingPathComponent("code.png"))
  #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
}

// MARK: - Escapes on a terminal

@Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
func qrdedupeEscapesForeignLinesOnATerminal() throws {
  let scratch = try Scratch("terminal")
  let input = scratch.url.appendingPathComponent("mixed.txt")
  try Data("plain\n\u{1B}[31mred\u{1B}]0;title\u{07}\n{\"text\":\"a\"}\n".utf8).write(to: input)
  // script(1) gives qrdedupe a pseudo-terminal as its standard output.
  let run = try ToolRunner.shell(
    "script -qec \"qrdedupe '\(input.path)' 2>/dev/null\" /dev/null | tr -d '\\r'")
  #expect(run.status == 0, "\(run.errors)")
  #expect(run.output == "plain\n\\x1B[31mred\\x1B]0;title\\x07\n{\"text\":\"a\"}\n")
  // Into a pipe, the lines pass through verbatim, as a filter's should.
  let piped = try ToolRunner.run("qrdedupe", [input.path])
  #expect(piped.output == "plain\n\u{1B}[31mred\u{1B}]0;title\u{07}\n{\"text\":\"a\"}\n")
}

// MARK: - An image that is the rest of its input

@Test func aTIFFLargerThanTheBudgetIsRefusedBeforeItIsRead() throws {
  let scratch = try Scratch("big-tiff")
  // Twelve uncompressed 1000 x 1000 pages, each its own strip: 12 MB, against an 8 MiB budget
  // (the bytes are held twice: read, and the decoder's copy).
  var pages: [UInt8] = []
  for page in 0..<12 { pages += [UInt8](repeating: UInt8(page * 20), count: 1_000_000) }
  var tiff: [UInt8] = [0x49, 0x49, 0x2A, 0] + le32(8 + pages.count) + pages
  for page in 0..<12 {
    let tags: [(Int, Int, Int)] = [
      (256, 3, 1000), (257, 3, 1000), (258, 3, 8), (259, 3, 1), (262, 3, 1),
      (273, 4, 8 + page * 1_000_000), (277, 3, 1), (278, 3, 1000), (279, 4, 1_000_000),
    ]
    tiff += le16(tags.count)
    for (tag, type, value) in tags { tiff += le16(tag) + le16(type) + le32(1) + le32(value) }
    tiff += le32(page < 11 ? tiff.count + 4 : 0)
  }
  let file = scratch.url.appendingPathComponent("pages.tiff")
  try Data(tiff).write(to: file)
  let expected =
    "frame 0 at byte 0: TIFF image needs more than the decoding memory limit of 4 MiB;"
    + " --max-memory raises the limit\n"
  guard
    let (fromFile, named) = try peakKilobytes("qrdetect --max-memory 8M '\(file.path)'"),
    let (fromPipe, piped) = try peakKilobytes(
      "sh -c \"cat '\(file.path)' | qrdetect --max-memory 8M\"")
  else { return }
  // (The errors end in the peak /usr/bin/time writes.)
  #expect(named.status == 2 && named.errors.hasPrefix("qrdetect: \(file.path): " + expected))
  #expect(piped.status == 2 && piped.errors.hasPrefix("qrdetect: -: " + expected))
  // Refused before reading from a file; from a pipe, after half the budget.
  #expect(fromFile < 30_000 && fromPipe < fromFile + 12_000, "\(fromFile) KB, \(fromPipe) KB")
  // With room for it, every page is read.
  let read = try ToolRunner.run("qrcapture", ["--max-memory", "64M", file.path])
  #expect(read.status == 0, "\(read.errors)")
  #expect(read.stdout.count == 12 * (64 + 1_000_000))
}

@Test func aTIFFPageOfTwoTo32PixelsASideIsRefusedNotATrap() throws {
  // 4294967295 x 4294967295: the product overflows 64 bits; the frame cap must not multiply it.
  var tiff: [UInt8] = [0x49, 0x49, 0x2A, 0] + le32(8) + le16(4)
  for (tag, value) in [(256, 0xFFFF_FFFF), (257, 0xFFFF_FFFF), (273, 0), (279, 0)] {
    tiff += le16(tag) + le16(4) + le32(1) + le32(value)
  }
  tiff += le32(0)
  let run = try ToolRunner.run("qrdetect", input: tiff)
  #expect(!run.wasSignalled)
  #expect(
    run.errors
      == "qrdetect: -: frame 0 at byte 0: 4294967295x4294967295 exceeds the limit of 268435456"
      + " pixels\n")
}
