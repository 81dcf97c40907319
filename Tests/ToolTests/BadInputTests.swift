// SPDX-License-Identifier: MIT
// Bad input for each tool, as tables: the status, the one message naming tool and input, and every
// complete frame or record before the fault still on standard output.

import Foundation
import QRCore
import Testing

// MARK: - The table's columns

/// Something a row puts in its temporary directory before the run (`{dir}` in its arguments).
enum BadInputFixture: Sendable {
  /// A file with these bytes.
  case file(String, [UInt8])
  /// A file with the bytes `make` returns, made only when the row runs (large image bombs).
  case generatedFile(String, @Sendable () -> [UInt8])
  /// An empty directory.
  case directory(String)
  /// A file with mode 0000. Root reads those anyway, so as root the tool runs as `nobody`
  /// (through setpriv(1)), for whom the file is unreadable as it is for any other user.
  case unreadableFile(String)
}

/// What standard output must hold.
enum ExpectedOutput: Sendable {
  /// Nothing.
  case empty
  /// Exactly these bytes.
  case exactly([UInt8])
  /// Exactly what the same tool writes, with the same arguments unless given, for `input` alone:
  /// the complete frames or records before the fault. Must not be empty.
  case sameAsFor(input: [UInt8], arguments: [String]? = nil)
}

/// One row: a bad input and what the tool must do with it.
struct BadInput: Sendable, CustomTestStringConvertible {
  /// The tool under test.
  var tool: String
  /// What is bad, as the test's name.
  var name: String
  /// The arguments; `{dir}` becomes the row's temporary directory.
  var arguments: [String] = []
  /// Standard input.
  var input: [UInt8] = []
  /// Files and directories made before the run.
  var fixtures: [BadInputFixture] = []
  /// The exit status.
  var status: Int32
  /// A regular expression the whole of standard error must match, without its last newline
  /// (`{dir}` becomes the row's directory); it starts with the tool's name and names the input.
  var stderr: String
  /// Standard output.
  var stdout: ExpectedOutput
  /// A file standard output is opened on instead of a pipe (`/dev/full`); stdout is then empty.
  var standardOutput: String? = nil
  /// The most resident memory the run may reach (VmHWM, measured by GNU time's `%M`), in bytes:
  /// a few times the tools' ~15 MB at start, far below what the bad inputs claim (a 2^32-square
  /// frame, a 2-gigapixel y4m stream), so that an allocation sized by a claim shows.
  var peakMemory: Int = 48 << 20

  var testDescription: String { "\(tool): \(name)" }
}

// MARK: - Inputs

/// Small frames and records the rows are made of.
enum BadInputData {
  /// A PGM frame (2 pixels per module, 4-module margin) holding a QR Code of `payload`; `tail`
  /// ends the header after the maxval.
  static func pgm(_ payload: [UInt8], tail: String = "\n") -> [UInt8] {
    pgm(image(of: symbolMatrix(payload)), tail: tail)
  }

  /// A PGM frame of `image`.
  static func pgm(_ image: (width: Int, height: Int, pixels: [UInt8]), tail: String = "\n")
    -> [UInt8]
  {
    Array("P5\n\(image.width) \(image.height)\n255\(tail)".utf8) + image.pixels
  }

  /// A PGM frame of "one".
  static let one = pgm(Array("one".utf8))

  /// The same frame as qrframe(5), frame number `sequence`.
  static func qrframe(_ payload: [UInt8], sequence: UInt64 = 0) -> [UInt8] {
    let image = image(of: symbolMatrix(payload))
    return FrameHeader(
      width: image.width, height: image.height, sequence: sequence,
      timestamp: sequence * 40_000_000
    ).encoded + image.pixels
  }

  /// A qrframe header of `header` with its checksum recomputed after `edit`.
  static func qrframeHeader(_ header: FrameHeader, edit: (inout [UInt8]) -> Void) -> [UInt8] {
    var bytes = header.encoded
    edit(&bytes)
    let checksum = bytes.withUnsafeBytes {
      CRC32.checksum(of: UnsafeRawBufferPointer(rebasing: $0[0..<60]))
    }
    for index in 0..<4 { bytes[60 + index] = UInt8(truncatingIfNeeded: checksum >> (8 * index)) }
    return bytes
  }

  /// A valid header for an 8×4 frame.
  static let smallHeader = FrameHeader(width: 8, height: 4, sequence: 1, timestamp: 0)

  /// An 8×6 y4m stream header with colour space `colour` (nil: none, which means 4:2:0).
  static func y4m(_ parameters: String) -> [UInt8] { Array("YUV4MPEG2 \(parameters)\n".utf8) }

  /// A y4m stream of one 8×6 mono frame.
  static let y4mMono = y4m("W8 H6 F25:1 Ip A1:1 Cmono") + Array("FRAME\n".utf8) + gray(48)

  /// A y4m stream of one mono frame holding a QR Code of "one".
  static let y4mOne: [UInt8] = {
    let frame = image(of: symbolMatrix(Array("one".utf8)))
    return y4m("W\(frame.width) H\(frame.height) F25:1 Cmono") + Array("FRAME\n".utf8)
      + frame.pixels
  }()

  /// `count` mid-gray bytes.
  static func gray(_ count: Int) -> [UInt8] { [UInt8](repeating: 128, count: count) }

  /// A qrdetect-like record of `text` at `time`.
  static func record(_ text: String, time: Double = 0) -> [UInt8] {
    Array(
      "{\"frame\":0,\"time\":\(time),\"source\":\"-\",\"symbology\":\"qr\",\"text\":\"\(text)\"}\n"
        .utf8)
  }

  /// Bytes no UTF-8 decoder accepts, and terminal controls: ESC [2J clears the screen, ESC ]0;
  /// sets the window title, CSI as a C1 control, DEL.
  static let hostile: [UInt8] =
    [0xFF, 0xFE, 0x1B] + Array("[2J".utf8) + [0x1B] + Array("]0;pwned".utf8) + [
      0x07, 0xC2, 0x9B, 0x7F,
    ]

  /// Terminal controls that are valid UTF-8 (so that the payload is its text): clear the screen,
  /// set the window title, C1 CSI, DEL.
  static let hostileText: [UInt8] =
    [0x1B] + Array("[2J".utf8) + [0x1B] + Array("]0;pwned".utf8) + [0x07, 0xC2, 0x9B, 0x7F]

  /// The picture FuzzDetector made of its "random image" input crash-d7ce027d (2026-11-29): a
  /// degenerate perspective put a sampling point beyond `Int` and converting it trapped (see
  /// Tests/QRVisionTests/Regression). Byte 0 picks the effort (here balanced), bytes 1-2 the
  /// size, the rest is repeated to fill the pixels.
  static let fuzzDetectorCrash: (width: Int, height: Int, pixels: [UInt8]) = {
    let bytes = [UInt8](
      Data(
        base64Encoded:
          "BLKysjcBAACAIymysm91YmyAKB+ADQD/+gAA//+ADQD//wAA//8AAP//ALKysrKysrKysrKysrKysrKysrKysrKy"
          + "srKyLQCysrKysrKysrKysrKysrKysgEDA0WA6AMBAoA2AAAAC4CXsrKysrKyAQMDRYDoAwHkgDYAAAALgJcPfP//"
          + "gAH/////AIsTgGEXgAAbgCsfgBAjIfUmMwEA/4D9/f39/ak=") ?? Data())
    let (width, height) = (16 + Int(bytes[1]) % 145, 16 + Int(bytes[2]) % 105)
    let source = bytes[3...]
    let pixels = (0..<width * height).map { source[source.startIndex + $0 % source.count] }
    return (width, height, pixels)
  }()

  /// FuzzDecoder's finding (2026-11-29), as a picture: a version 1-M symbol whose data modules
  /// all equal its mask, so that its data codewords unmask to zero, which Reed–Solomon accepts
  /// and the segment parser read as an empty payload. Function patterns and format information
  /// are intact, so the detector finds it and the decoder must refuse it.
  static let zeroDataSymbol: (width: Int, height: Int, pixels: [UInt8]) = {
    var options = EncodeOptions()
    options.version = SymbolVersion("1")
    // swift-format-ignore: NeverUseForceTry
    // Four bytes fit version 1-M.
    let symbol = try! Encoder.encode(Array("zero".utf8), options: options)
    var matrix = symbol.matrix
    // Version 1 (21×21): finders with separators and format information in the three corners,
    // timing row and column 6; everything else is data (no alignment or version information).
    for y in 0..<21 {
      for x in 0..<21 {
        let isFunction =
          (x < 9 && y < 9) || (x >= 13 && y < 9) || (x < 9 && y >= 13) || x == 6 || y == 6
        if !isFunction { matrix.setDark(symbol.mask.inverts(x: x, y: y), x: x, y: y) }
      }
    }
    return image(of: matrix)
  }()

  private static func symbolMatrix(_ payload: [UInt8]) -> BitMatrix {
    // swift-format-ignore: NeverUseForceTry
    // Every payload here is a few bytes, which fit version 1 or 2 at level M.
    try! Encoder.encode(payload, options: EncodeOptions()).matrix
  }

  private static func image(of matrix: BitMatrix) -> (width: Int, height: Int, pixels: [UInt8]) {
    let (scale, margin) = (2, 4)
    let side = (matrix.size + 2 * margin) * scale
    var pixels = [UInt8](repeating: 230, count: side * side)
    for y in 0..<side {
      for x in 0..<side {
        let (moduleX, moduleY) = (x / scale - margin, y / scale - margin)
        if (0..<matrix.size).contains(moduleX), (0..<matrix.size).contains(moduleY),
          matrix.isDark(x: moduleX, y: moduleY)
        {
          pixels[y * side + x] = 25
        }
      }
    }
    return (side, side, pixels)
  }
}

private typealias D = BadInputData

/// The usage error's three lines for `message`.
private func usage(_ tool: String, _ message: String) -> String {
  #"\#(tool): \#(message)\nusage: \#(tool) \[options\].*\nSee '\#(tool) --help' for more information\."#
}

// MARK: - qrdetect

/// qrdetect: every frame fault, PNM and y4m faults, payloads that are not text, files.
let detectRows: [BadInput] = [
  BadInput(
    tool: "qrdetect", name: "empty input is a stream of no frames: nothing found",
    status: 1, stderr: "", stdout: .empty),
  BadInput(
    tool: "qrdetect",
    name: "a y4m stream header and no frames (ffmpeg seeking past the end): nothing found",
    input: D.y4m("W8 H6 F25:1 Cmono"), status: 1, stderr: "", stdout: .empty),
  BadInput(
    tool: "qrdetect", name: "an empty y4m stream, then a stream with a frame",
    input: D.y4m("W8 H6 F25:1 Cmono") + D.y4mOne, status: 0, stderr: "",
    stdout: .sameAsFor(input: D.y4mOne)),
  BadInput(
    tool: "qrdetect", name: "truncated qrframe header after a complete frame",
    input: D.qrframe(Array("one".utf8)) + Array(D.qrframe(Array("two".utf8)).prefix(20)),
    status: 2,
    stderr: #"qrdetect: -: truncated frame 1 at byte \d+: got 20 of 64 header bytes"#,
    stdout: .sameAsFor(input: D.qrframe(Array("one".utf8)))),
  BadInput(
    tool: "qrdetect", name: "truncated PGM pixels after a complete frame",
    input: D.one + D.pgm(Array("two".utf8)).dropLast(100), status: 2,
    stderr: #"qrdetect: -: truncated frame 1 at byte \d+: got \d+ of \d+ bytes"#,
    stdout: .sameAsFor(input: D.one)),
  BadInput(
    tool: "qrdetect", name: "--jobs 4: frames in flight when the stream breaks are all written",
    arguments: ["--jobs", "4"],
    input: (0..<6).flatMap { D.qrframe(Array("f\($0)".utf8), sequence: UInt64($0)) }
      + Array(D.qrframe(Array("f6".utf8), sequence: 6).dropLast(1)),
    status: 2, stderr: #"qrdetect: -: truncated frame 6 at byte \d+: got \d+ of \d+ bytes"#,
    stdout: .sameAsFor(
      input: (0..<6).flatMap { D.qrframe(Array("f\($0)".utf8), sequence: UInt64($0)) },
      arguments: ["--jobs", "1"])),
  BadInput(
    tool: "qrdetect", name: "corrupt qrframe header (checksum)",
    input: D.qrframe(Array("one".utf8))
      + D.smallHeader.encoded.enumerated().map { $0 == 32 ? $1 ^ 0x40 : $1 } + D.gray(32),
    status: 2,
    stderr: #"qrdetect: -: frame 1 at byte \d+: header checksum mismatch \(corrupt stream\): "#
      + #"stored 0x[0-9a-f]{8}, computed 0x[0-9a-f]{8}"#,
    stdout: .sameAsFor(input: D.qrframe(Array("one".utf8)))),
  BadInput(
    tool: "qrdetect", name: "qrframe major version 9",
    input: D.qrframeHeader(D.smallHeader) { $0[4] = 9 } + D.gray(32), status: 2,
    stderr:
      #"qrdetect: -: frame 0 at byte 0: unsupported qrframe major version 9 \(this reader knows version 1\)"#,
    stdout: .empty),
  BadInput(
    tool: "qrdetect", name: "wrong magic at the start",
    input: [0x01, 0x02, 0x03, 0x04] + D.gray(100), status: 2,
    stderr:
      #"qrdetect: -: unrecognised input at byte 0: not qrframe, y4m, PNM, PNG, JPEG, WebP, TIFF, GIF, BMP, HEIF or AVIF \(raw frames need --size\)"#,
    stdout: .empty),
  BadInput(
    tool: "qrdetect", name: "file names on standard input point to --files-from (issue 27)",
    input: Array("a.jpg\nb.jpg\n".utf8), status: 2,
    stderr: #"qrdetect: -: unrecognised input at byte 0: not qrframe, y4m, PNM, PNG, JPEG, WebP, "#
      + #"TIFF, GIF, BMP, HEIF or AVIF \(raw frames need --size; a list of file names goes to qrdetect --files-from -\)"#,
    stdout: .empty),
  BadInput(
    tool: "qrdetect", name: "a PDF points to pdftoppm (issue 27)",
    input: Array("%PDF-1.4\n".utf8) + D.gray(100), status: 2,
    stderr: #"qrdetect: -: unrecognised input at byte 0: .*; it is a PDF: 'pdftoppm -gray -r 150"#
      + #" - \| qrdetect' reads its pages"#,
    stdout: .empty),
  BadInput(
    tool: "qrdetect", name: "an SVG points to rsvg-convert (issue 27)",
    input: Array("<?xml version=\"1.0\"?>\n<svg/>\n".utf8), status: 2,
    stderr: #"qrdetect: -: unrecognised input at byte 0: .*; if it is SVG, 'rsvg-convert"#
      + #" \| qrdetect' reads it"#,
    stdout: .empty),
  BadInput(
    tool: "qrdetect", name: "a PNG header claiming 100000x100000 pixels",
    input: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
      + [0, 1, 0x86, 0xA0, 0, 1, 0x86, 0xA0, 8, 0, 0, 0, 0, 0, 0, 0, 0],
    status: 2,
    stderr: "qrdetect: -: frame 0 at byte 0: 100000x100000 exceeds the limit of 268435456 pixels",
    stdout: .empty),
  BadInput(
    tool: "qrdetect", name: "a 41-byte PNG whose chunk claims 2^31-1 bytes: over the memory limit",
    input: ImageBombs.claimedChunk, status: 2,
    // Its 16384 x 16384 header is over the process's budget before the chunk is read.
    stderr:
      "qrdetect: -: frame 0 at byte 0: a 16384x16384 frame needs 512 MiB of memory to read, more "
      + "than the budget of 256 MiB for the whole process; --max-memory raises the budget",
    stdout: .empty),
  BadInput(
    tool: "qrdetect", name: "the 41-byte PNG with --max-memory 4G: nothing reserved ahead of bytes",
    arguments: ["--max-memory", "4G"], input: ImageBombs.claimedChunk, status: 2,
    stderr: "qrdetect: -: truncated frame 0 at byte 0: input ends 41 bytes into a PNG image",
    stdout: .empty),
  BadInput(
    tool: "qrdetect",
    name: "a progressive 16384x16384 4:4:4 JPEG of 162 bytes (1.6 GB of coefficients)",
    input: ImageBombs.jpeg(side: 16384, components: 3, progressive: true), status: 2,
    stderr:
      "qrdetect: -: frame 0 at byte 0: a 16384x16384 frame needs 512 MiB of memory to read, more "
      + "than the budget of 256 MiB for the whole process; --max-memory raises the budget",
    stdout: .empty),
  BadInput(
    tool: "qrdetect", name: "four such JPEGs with -j 4: each refused, within the bound",
    arguments: ["-j", "4"] + (1...4).map { "{dir}/\($0).jpg" },
    fixtures: (1...4).map {
      .file("\($0).jpg", ImageBombs.jpeg(side: 16384, components: 3, progressive: true))
    },
    status: 2,
    stderr: (1...4).map {
      "qrdetect: {dir}/\($0).jpg: frame 0 at byte 0: a 16384x16384 frame needs 512 MiB of memory "
        + "to read, more than the budget of 256 MiB for the whole process; --max-memory raises the "
        + "budget"
    }.joined(separator: "\n"),
    stdout: .empty),
  BadInput(
    tool: "qrdetect", name: "a progressive 16384x16384 JPEG of 252 scans: refused before decoding",
    // A budget that holds the frame and its coefficients, so that the scan limit is what refuses.
    arguments: ["--max-memory", "2G"],
    input: ImageBombs.jpeg(side: 16384, components: 1, progressive: true, scans: 252),
    status: 2,
    stderr:
      "qrdetect: -: frame 0 at byte 0: JPEG image has more than 32 scans, the most a "
      + "16384x16384 image may have",
    stdout: .empty),
  BadInput(
    tool: "qrdetect", name: "a progressive 8192x8192 JPEG of 200 scans, within the memory limit",
    input: ImageBombs.jpeg(side: 8192, components: 1, progressive: true, scans: 200),
    status: 2,
    stderr:
      "qrdetect: -: frame 0 at byte 0: JPEG image has more than 128 scans, the most a "
      + "8192x8192 image may have",
    stdout: .empty),
  BadInput(
    tool: "qrdetect", name: "a JPEG cut inside a segment",
    input: [0xFF, 0xD8, 0xFF, 0xE0, 0, 16, 0x4A, 0x46], status: 2,
    stderr: "qrdetect: -: truncated frame 0 at byte 0: input ends 8 bytes into a JPEG image",
    stdout: .empty),
  BadInput(
    tool: "qrdetect", name: "a JPEG 2000 image, which is named with the command that reads it",
    input: [0, 0, 0, 0x0C, 0x6A, 0x50, 0x20, 0x20, 0x0D, 0x0A, 0x87, 0x0A] + D.gray(100),
    status: 2,
    stderr:
      #"qrdetect: -: frame 0 at byte 0: a JPEG 2000 image is not read here; read it through ffmpeg: 'ffmpeg -v error -i - -pix_fmt gray -f image2pipe -c:v pgm - \| qrdetect'"#,
    stdout: .empty),
  BadInput(
    tool: "qrdetect", name: "wrong magic after a complete frame",
    input: D.one + Array("JUNK".utf8) + D.gray(100), status: 2,
    stderr:
      #"qrdetect: -: frame 1 at byte \d+: not a qrframe, y4m, PNM, PNG, JPEG, WebP, TIFF, GIF, BMP, HEIF or AVIF header after pnm frames \(found 4a 55 4e 4b\)"#,
    stdout: .sameAsFor(input: D.one)),
  BadInput(
    tool: "qrdetect", name: "absurd PNM dimensions are refused before allocating",
    input: Array("P5\n99999999 99999999\n255\n".utf8), status: 2,
    stderr:
      "qrdetect: -: frame 0 at byte 0: 99999999x99999999 exceeds the limit of 268435456 pixels",
    stdout: .empty),
  BadInput(
    tool: "qrdetect", name: "absurd qrframe dimensions (2^32-1 square)",
    input: D.one
      + FrameHeader(width: 0xFFFF_FFFF, height: 0xFFFF_FFFF, sequence: 1, timestamp: 0)
      .encoded,
    status: 2,
    stderr:
      #"qrdetect: -: frame 1 at byte \d+: 4294967295x4294967295 exceeds the limit of 268435456 pixels"#,
    stdout: .sameAsFor(input: D.one)),
  BadInput(
    tool: "qrdetect", name: "absurd y4m dimensions",
    input: D.y4m("W2000000000 H2000000000 Cmono") + Array("FRAME\n".utf8), status: 2,
    stderr:
      #"qrdetect: -: frame 0 at byte 0: 2000000000x2000000000 exceeds the limit of 268435456 pixels"#,
    stdout: .empty),
  BadInput(
    tool: "qrdetect", name: "zero PNM dimensions",
    input: Array("P5\n0 0\n255\n".utf8), status: 2,
    stderr: "qrdetect: -: frame 0 at byte 0: zero-sized frame 0x0", stdout: .empty),
  BadInput(
    tool: "qrdetect", name: "zero qrframe width",
    input: D.qrframeHeader(D.smallHeader) { $0[12] = 0 }, status: 2,
    stderr: "qrdetect: -: frame 0 at byte 0: zero-sized frame 0x4", stdout: .empty),
  BadInput(
    tool: "qrdetect", name: "zero y4m height",
    input: D.y4m("W8 H0 Cmono") + Array("FRAME\n".utf8), status: 2,
    stderr: "qrdetect: -: frame 0 at byte 0: zero-sized frame 8x0", stdout: .empty),
  BadInput(
    tool: "qrdetect", name: "y4m with an unsupported colour space",
    input: D.y4m("W8 H6 F25:1 C422p20") + Array("FRAME\n".utf8) + D.gray(96), status: 2,
    stderr: "qrdetect: -: frame 0 at byte 0: unsupported y4m colour space '422p20'",
    stdout: .empty),
  BadInput(
    tool: "qrdetect", name: "y4m without W",
    input: D.y4m("H6 Cmono"), status: 2,
    stderr:
      #"qrdetect: -: frame 0 at byte 0: y4m stream header without a width \(W\) or a height \(H\)"#,
    stdout: .empty),
  BadInput(
    tool: "qrdetect", name: "over-long y4m header line",
    input: Array("YUV4MPEG2 W8 H6 X".utf8) + [UInt8](repeating: 0x41, count: 100_000), status: 2,
    stderr: #"qrdetect: -: frame 0 at byte 0: y4m header line longer than \d+ bytes"#,
    stdout: .empty),
  BadInput(
    tool: "qrdetect", name: "a plain PNM sample that is not a number is quoted once",
    input: Array("P2\n2 1\n15\n3 x\n".utf8), status: 2,
    stderr: "qrdetect: -: frame 0 at byte 0: malformed plain PNM sample 'x'", stdout: .empty),
  BadInput(
    tool: "qrdetect", name: "a y4m header line of 5,000 bytes, arriving in one read",
    input: Array("YUV4MPEG2 W8 H6 Cmono X".utf8) + [UInt8](repeating: 0x41, count: 5000)
      + Array("\nFRAME\n".utf8) + D.gray(48),
    status: 2, stderr: "qrdetect: -: frame 0 at byte 0: y4m header line longer than 4096 bytes",
    stdout: .empty),
  BadInput(
    tool: "qrdetect", name: "PNM maxval 0",
    input: Array("P5\n2 2\n0\n".utf8) + D.gray(4), status: 2,
    stderr: #"qrdetect: -: frame 0 at byte 0: PNM maxval 0 is outside 1\.\.\.65535"#,
    stdout: .empty),
  BadInput(
    tool: "qrdetect", name: "PNM header with letters for a width",
    input: Array("P5\nabc 2\n255\n".utf8), status: 2,
    stderr: "qrdetect: -: frame 0 at byte 0: malformed PNM header: expected the width, found 'a'",
    stdout: .empty),
  BadInput(
    tool: "qrdetect", name: "plain PGM sample above maxval",
    input: Array("P2\n2 1\n15\n3 99\n".utf8), status: 2,
    stderr: "qrdetect: -: frame 0 at byte 0: malformed plain PNM sample '99'", stdout: .empty),
  BadInput(
    tool: "qrdetect", name: "raw frames: a truncated last frame",
    arguments: ["--size", "8x4"], input: D.gray(32 + 10), status: 2,
    stderr: #"qrdetect: -: truncated frame 1 at byte 32: got 10 of 32 bytes"#, stdout: .empty),
  BadInput(
    tool: "qrdetect", name: "control characters and invalid UTF-8 in a payload are JSON-escaped",
    input: D.pgm(D.hostile), status: 0, stderr: "",
    stdout: .exactly(
      Array(
        (#"{"frame":0,"time":0,"source":"-","track":1,"frames_used":1,"symbology":"qr","text":"ÿþ\u001b[2J\u001b]0;pwned\u0007"#
          + #"Â\u009b\u007f","text_encoding":"iso-8859-1","bytes":"//4bWzJKG10wO3B3bmVkB8Kbfw==","#
          + #""kind":"binary","version":2,"level":"M","mask":"#).utf8))),
  BadInput(
    tool: "qrdetect", name: "a url reversed by U+202E is escaped and flagged suspicious",
    input: D.pgm(Array("https://example.com/\u{202E}gpj.exe".utf8)), status: 0, stderr: "",
    stdout: .exactly(
      Array(
        (#"{"frame":0,"time":0,"source":"-","track":1,"frames_used":1,"symbology":"qr","#
          + #""text":"https://example.com/\u202egpj.exe","text_encoding":"utf-8","#
          + #""kind":"url","suspicious":true,"version":"#).utf8))),
  BadInput(
    tool: "qrdetect", name: "--print text in a pipe keeps invisible characters' bytes exact",
    arguments: ["--print", "text"],
    input: D.pgm(Array("a\u{2028}b\u{202E}c\u{FEFF}".utf8)), status: 0, stderr: "",
    stdout: .exactly(Array("a\u{2028}b\u{202E}c\u{FEFF}\n".utf8))),
  BadInput(
    tool: "qrdetect", name: "NUL bytes in a payload are JSON-escaped",
    arguments: ["--print", "json"], input: D.pgm([0x61, 0, 0x62, 0]), status: 0, stderr: "",
    stdout: .exactly(
      Array(
        (#"{"frame":0,"time":0,"source":"-","track":1,"frames_used":1,"symbology":"qr","#
          + #""text":"a\u0000b\u0000","#).utf8))),
  BadInput(
    tool: "qrdetect", name: "unknown option", arguments: ["--frobnicate"], status: 64,
    stderr: usage("qrdetect", "unknown option '--frobnicate'"), stdout: .empty),
  BadInput(
    tool: "qrdetect", name: "control characters in an option value are escaped",
    arguments: ["--jobs", "\u{1B}[2J"], status: 64,
    stderr: usage(
      "qrdetect",
      #"invalid value '\\x1B\[2J' for --jobs: expected a whole number from 1 to 256"#),
    stdout: .empty),
  BadInput(
    tool: "qrdetect", name: "missing file, then a good one: both read",
    arguments: ["{dir}/missing.pgm", "{dir}/one.pgm"], fixtures: [.file("one.pgm", D.one)],
    status: 2, stderr: "qrdetect: {dir}/missing.pgm: no such file or directory",
    stdout: .sameAsFor(input: [], arguments: ["{dir}/one.pgm"])),
  BadInput(
    tool: "qrdetect", name: "unreadable file (mode 0000)",
    arguments: ["{dir}/locked.pgm"], fixtures: [.unreadableFile("locked.pgm")], status: 2,
    stderr: "qrdetect: {dir}/locked.pgm: permission denied", stdout: .empty),
  BadInput(
    tool: "qrdetect", name: "a file whose read(2) fails (/proc/self/mem at offset 0: EIO)",
    arguments: ["/proc/self/mem"], status: 2,
    stderr: "qrdetect: /proc/self/mem: frame 0 at byte 0: read error: input/output error",
    stdout: .empty),
  BadInput(
    tool: "qrdetect", name: "an empty directory as input: searched, nothing found",
    arguments: ["{dir}/frames"], fixtures: [.directory("frames")], status: 1,
    stderr: "", stdout: .empty),
  BadInput(
    tool: "qrdetect", name: "a file name with terminal controls is escaped",
    arguments: ["{dir}/\u{1B}]0;x\u{07}.pgm"], status: 2,
    stderr: #"qrdetect: {dir}/\\x1B\]0;x\\x07\.pgm: no such file or directory"#, stdout: .empty),
  BadInput(
    tool: "qrdetect", name: "--json-output into a missing directory",
    arguments: ["--json-output", "{dir}/no/such/out.jsonl"], input: D.one, status: 2,
    stderr: "qrdetect: {dir}/no/such/out.jsonl: no such file or directory", stdout: .empty),
  BadInput(
    tool: "qrdetect",
    name: "a comment right after the PNM maxval (255#comment), as netpbm reads it",
    input: D.pgm(Array("one".utf8), tail: "#made by x\n"), status: 0, stderr: "",
    stdout: .sameAsFor(input: D.one)),
  BadInput(
    tool: "qrdetect", name: "--print text: a payload holding a newline is written, as zbarimg",
    arguments: ["--print", "text"],
    input: D.pgm(Array("a\nb".utf8)) + D.one + D.pgm(Array("c\nd".utf8)), status: 0,
    stderr: #"qrdetect: -: warning: frame 0: payload of 3 bytes holds a newline, which also "#
      + #"ends payloads: written as it is \(-0 or --print json keeps payloads apart\)"#,
    stdout: .exactly(Array("a\nb\none\nc\nd\n".utf8))),
  BadInput(
    tool: "qrdetect", name: "--print text -0: a payload holding a newline, no warning",
    arguments: ["--print", "text", "-0"], input: D.pgm(Array("a\nb".utf8)), status: 0,
    stderr: "", stdout: .exactly(Array("a\nb\0".utf8))),
  BadInput(
    tool: "qrdetect", name: "--print text -0: a payload holding NUL is written, with a warning",
    arguments: ["--print", "text", "-0"], input: D.one + D.pgm([0x61, 0, 0x62]), status: 0,
    stderr: #"qrdetect: -: warning: frame 1: payload of 3 bytes holds a NUL byte, which -0 "#
      + #"also ends payloads with: written as it is \(--print json keeps payloads apart\)"#,
    stdout: .exactly(Array("one\0a\0b\0".utf8))),
  BadInput(
    tool: "qrdetect",
    name: "--print text in a pipe: terminal controls are payload bytes, unchanged",
    arguments: ["--print", "text"], input: D.pgm(D.hostileText), status: 0, stderr: "",
    stdout: .exactly(D.hostileText + [0x0A])),
  BadInput(
    tool: "qrdetect", name: "--json-fd naming a descriptor that is not open",
    arguments: ["--json-fd", "99"], input: D.one, status: 64,
    stderr: usage("qrdetect", #"--json-fd 99: descriptor is not open \(give it as 99>file\)"#),
    stdout: .empty),
  BadInput(
    tool: "qrdetect", name: "--raw with --print json", arguments: ["--raw", "-p", "json"],
    status: 64,
    stderr: usage(
      "qrdetect",
      "--raw writes payloads unescaped; --print json writes records, whose strings are escaped:"
        + " give --print text or raw, or omit --print"),
    stdout: .empty),
  BadInput(
    tool: "qrdetect", name: "standard output on a full device names the output, not the input",
    input: D.one, status: 2,
    stderr: "qrdetect: standard output: write error: no space left on device", stdout: .empty,
    standardOutput: "/dev/full"),
  BadInput(
    tool: "qrdetect", name: "FuzzDetector's crash input (a sampling point beyond Int): nothing",
    input: D.pgm(D.fuzzDetectorCrash), status: 1, stderr: "", stdout: .empty),
  BadInput(
    tool: "qrdetect", name: "FuzzDecoder's finding: a symbol of zero data codewords is no symbol",
    input: D.pgm(D.zeroDataSymbol), status: 1, stderr: "", stdout: .empty),
]

// MARK: - qrcapture

/// qrcapture on files and standard input (the camera's faults are in CaptureDeviceTests).
let captureRows: [BadInput] = [
  // Image bombs that decode: the gray frame (discarded by --skip) is the memory they cost, plus
  // the tool's ~15 MB and a row or two of the decoder.
  BadInput(
    tool: "qrcapture", name: "a PNG deflate bomb of 16000x16000: the gray frame and no more",
    arguments: ["--skip", "1", "{dir}/bomb.png"],
    fixtures: [
      .generatedFile("bomb.png") {
        ImageBombs.zeroPNG(
          width: 16000, height: 16000, depth: 8, color: 0, bytesPerPixel: 1, interlaced: false)
      }
    ],
    status: 0, stderr: "", stdout: .empty, peakMemory: 16000 * 16000 + (32 << 20)),
  BadInput(
    tool: "qrcapture", name: "an Adam7 RGBA 16-bit PNG of 8192x8192: decoded a row at a time",
    arguments: ["--skip", "1", "{dir}/adam7.png"],
    fixtures: [
      .generatedFile("adam7.png") {
        ImageBombs.zeroPNG(
          width: 8192, height: 8192, depth: 16, color: 6, bytesPerPixel: 8, interlaced: true)
      }
    ],
    status: 0, stderr: "", stdout: .empty, peakMemory: 8192 * 8192 + (32 << 20)),
  BadInput(
    tool: "qrcapture", name: "a baseline 16384x16384 JPEG of 162 bytes: the gray frame and no more",
    // A budget that holds the 256 MiB frame (the default budget, 256 MiB, refuses it).
    arguments: ["--max-memory", "300M", "--skip", "1", "-"],
    input: ImageBombs.jpeg(side: 16384, components: 3, progressive: false), status: 0,
    stderr: "", stdout: .empty, peakMemory: 16384 * 16384 + (32 << 20)),
  BadInput(
    tool: "qrcapture", name: "the 41-byte PNG whose chunk claims 2^31-1 bytes",
    arguments: ["-"], input: ImageBombs.claimedChunk, status: 2,
    stderr:
      "qrcapture: -: frame 0 at byte 0: PNG image needs more than the decoding memory limit of "
      + "256 MiB; --max-memory raises the limit",
    stdout: .empty),
  BadInput(
    tool: "qrcapture", name: "empty input is an empty stream", arguments: ["-"], status: 0,
    stderr: "", stdout: .empty),
  BadInput(
    tool: "qrcapture", name: "a y4m stream header and no frames is a complete, empty stream",
    arguments: ["-"], input: D.y4m("W8 H6 F25:1 Cmono"), status: 0, stderr: "", stdout: .empty),
  BadInput(
    tool: "qrcapture", name: "truncated qrframe payload after a complete frame",
    arguments: ["-"],
    input: D.qrframe(Array("one".utf8)) + D.qrframe(Array("two".utf8), sequence: 1).dropLast(7),
    status: 2, stderr: #"qrcapture: -: truncated frame 1 at byte \d+: got \d+ of \d+ bytes"#,
    stdout: .sameAsFor(input: D.qrframe(Array("one".utf8)))),
  BadInput(
    tool: "qrcapture", name: "truncated y4m FRAME after a complete frame", arguments: ["-"],
    input: D.y4mMono + Array("FRA".utf8), status: 2,
    stderr: #"qrcapture: -: truncated frame 1 at byte \d+: input ends 3 bytes into the header"#,
    stdout: .sameAsFor(input: D.y4mMono)),
  BadInput(
    tool: "qrcapture", name: "corrupt qrframe header (checksum)", arguments: ["-"],
    input: D.smallHeader.encoded.enumerated().map { $0 == 12 ? $1 ^ 1 : $1 } + D.gray(32),
    status: 2,
    stderr: #"qrcapture: -: frame 0 at byte 0: header checksum mismatch \(corrupt stream\): .*"#,
    stdout: .empty),
  BadInput(
    tool: "qrcapture", name: "wrong magic without --size", arguments: ["-"],
    input: Array("\u{89}PNG\r\n".utf8) + D.gray(100), status: 2,
    stderr:
      #"qrcapture: -: unrecognised input at byte 0: not qrframe, y4m, PNM, PNG, JPEG, WebP, TIFF, GIF, BMP, HEIF or AVIF \(raw frames need --size\)"#,
    stdout: .empty),
  BadInput(
    tool: "qrcapture", name: "wrong magic after a complete y4m frame", arguments: ["-"],
    input: D.y4mMono + Array("FRAMX\n".utf8) + D.gray(48), status: 2,
    stderr:
      #"qrcapture: -: frame 1 at byte 90: not a qrframe, y4m, PNM, PNG, JPEG, WebP, TIFF, GIF, BMP, HEIF or AVIF header after y4m frames \(found 46 52 41 4d\)"#,
    stdout: .sameAsFor(input: D.y4mMono)),
  BadInput(
    tool: "qrcapture", name: "absurd PNM dimensions", arguments: ["-"],
    input: Array("P5 60000 60000 255\n".utf8), status: 2,
    stderr: "qrcapture: -: frame 0 at byte 0: 60000x60000 exceeds the limit of 268435456 pixels",
    stdout: .empty),
  BadInput(
    tool: "qrcapture", name: "PNM dimensions beyond 32 bits", arguments: ["-"],
    input: Array("P5 99999999999999999999999 2 255\n".utf8), status: 2,
    stderr: "qrcapture: -: frame 0 at byte 0: malformed PNM header: width has more than 9 digits",
    stdout: .empty),
  BadInput(
    tool: "qrcapture", name: "absurd --size is a usage error",
    arguments: ["--size", "99999999x99999999"],
    status: 64,
    stderr: usage(
      "qrcapture",
      "invalid value '99999999x99999999' for --size: expected WIDTHxHEIGHT such as 1280x720"),
    stdout: .empty),
  BadInput(
    tool: "qrcapture", name: "zero y4m width", arguments: ["-"],
    input: D.y4m("W0 H6 Cmono") + Array("FRAME\n".utf8), status: 2,
    stderr: "qrcapture: -: frame 0 at byte 0: zero-sized frame 0x6", stdout: .empty),
  BadInput(
    tool: "qrcapture", name: "y4m with an unsupported colour space", arguments: ["-"],
    input: D.y4m("W8 H6 Cxyz") + Array("FRAME\n".utf8) + D.gray(48), status: 2,
    stderr: "qrcapture: -: frame 0 at byte 0: unsupported y4m colour space 'xyz'",
    stdout: .empty),
  BadInput(
    tool: "qrcapture", name: "unknown option", arguments: ["--frobnicate"], status: 64,
    stderr: usage("qrcapture", "unknown option '--frobnicate'"), stdout: .empty),
  BadInput(
    tool: "qrcapture", name: "missing file, then a good one: both read",
    arguments: ["{dir}/missing.y4m", "{dir}/mono.y4m"], fixtures: [.file("mono.y4m", D.y4mMono)],
    status: 2, stderr: "qrcapture: {dir}/missing.y4m: no such file or directory",
    stdout: .sameAsFor(input: D.y4mMono, arguments: ["-"])),
  BadInput(
    tool: "qrcapture", name: "unreadable file (mode 0000)", arguments: ["{dir}/locked"],
    fixtures: [.unreadableFile("locked")], status: 2,
    stderr: "qrcapture: {dir}/locked: permission denied", stdout: .empty),
  BadInput(
    tool: "qrcapture", name: "a file whose read(2) fails", arguments: ["/proc/self/mem"],
    status: 2,
    stderr: "qrcapture: /proc/self/mem: frame 0 at byte 0: read error: input/output error",
    stdout: .empty),
  BadInput(
    tool: "qrcapture", name: "a directory as input", arguments: ["-s", "8x4", "{dir}/d"],
    fixtures: [.directory("d")], status: 2, stderr: "qrcapture: {dir}/d: is a directory",
    stdout: .empty),
  BadInput(
    tool: "qrcapture", name: "y4m output when the frame size changes",
    arguments: ["--output", "y4m", "-"],
    input: Array("P5 2 2 255\n".utf8) + D.gray(4) + Array("P5 3 3 255\n".utf8) + D.gray(9),
    status: 2,
    stderr: "qrcapture: -: frame size changed from 2x2 to 3x3, which y4m cannot express",
    stdout: .sameAsFor(input: Array("P5 2 2 255\n".utf8) + D.gray(4))),
  BadInput(
    tool: "qrcapture", name: "a device that is no camera (/dev/null): one prefixed line",
    arguments: ["--device", "/dev/null"], status: 2,
    stderr: "qrcapture: /dev/null: not a V4L2 device", stdout: .empty),
  BadInput(
    tool: "qrcapture", name: "y4m to a full device names standard output, not the input",
    arguments: ["--output", "y4m", "-"], input: D.y4mMono, status: 2,
    stderr: "qrcapture: standard output: write error: no space left on device", stdout: .empty,
    standardOutput: "/dev/full"),
  BadInput(
    tool: "qrcapture", name: "qrframe to a full device names standard output",
    arguments: ["-"], input: D.y4mMono, status: 2,
    stderr: "qrcapture: standard output: write error: no space left on device", stdout: .empty,
    standardOutput: "/dev/full"),
]

// MARK: - qrdedupe

/// qrdedupe: lines that are not JSON, too long, with NUL, invalid UTF-8 or controls; files.
let dedupeRows: [BadInput] = [
  BadInput(
    tool: "qrdedupe", name: "empty input", status: 0, stderr: "", stdout: .empty),
  // Issue 14's audit: one record timed 1e16 (where 1e16 + 1 s == 1e16) let every later record
  // through; now such times are warned about and the records are timed by their arrival.
  BadInput(
    tool: "qrdedupe", name: "a time of 1e16 does not switch throttling off",
    input: (0..<21).flatMap { D.record("a", time: 1e16 + Double($0)) }, status: 0,
    stderr:
      #"qrdedupe: -: warning: line 1: time 1e\+16 is too large to resolve a millisecond; "#
      + #"the record is timed by its arrival(\n.*)*"#,
    stdout: .sameAsFor(input: D.record("a", time: 1e16))),
  // The audit's 4.0 GB: distinct long keys grew the table with their size; now each key is a
  // digest of constant size, within --max-memory.
  BadInput(
    tool: "qrdedupe", name: "36 MB of distinct keys up to 1 KB stay within the memory budget",
    arguments: ["--max-memory", "4M"],
    input: (0..<40_000).flatMap { D.record(String(repeating: String($0), count: 200)) },
    status: 0, stderr: "",
    stdout: .exactly((0..<40_000).flatMap { D.record(String(repeating: String($0), count: 200)) })
  ),
  BadInput(
    tool: "qrdedupe", name: "a line that is not JSON is passed through, with a warning",
    input: D.record("a") + Array("not json\n".utf8), status: 0,
    stderr: "qrdedupe: -: line 2: not a JSON object, passed through\n"
      + "qrdedupe: -: hint: this is text, not a record: .* \\| jq -r \\.text",
    stdout: .exactly(D.record("a") + Array("not json\n".utf8))),
  BadInput(
    tool: "qrdedupe", name: "--events: a line that is not JSON is dropped, not passed as an event",
    arguments: ["--events"],
    input: D.record("a") + Array("{\"text\":\"".utf8) + D.hostile + Array("\"}\n".utf8)
      + Array("not json\n".utf8),
    status: 0,
    stderr:
      #"qrdedupe: -: line 2: not a JSON object, dropped \(--events writes only events\)\n"#
      + #"qrdedupe: -: line 3: not a JSON object, dropped \(--events writes only events\)"#,
    stdout: .sameAsFor(input: D.record("a"))),
  BadInput(
    tool: "qrdedupe", name: "--strict: a line that is not JSON ends the run",
    arguments: ["--strict"], input: D.record("a") + Array("{\"text\":\n".utf8) + D.record("b"),
    status: 2, stderr: "qrdedupe: -: line 2: not a JSON object",
    stdout: .sameAsFor(input: D.record("a"))),
  BadInput(
    tool: "qrdedupe", name: "an over-long line is skipped, and the records after it read",
    arguments: ["--max-line-length", "200"],
    input: D.record("a") + D.record(String(repeating: "x", count: 300)) + D.record("b"),
    status: 0,
    stderr: "qrdedupe: -: warning: line 2: 362 bytes, longer than --max-line-length 200:"
      + " skipped\nqrdedupe: warning: 1 line longer than --max-line-length 200 skipped",
    stdout: .sameAsFor(input: D.record("a") + D.record("b"))),
  BadInput(
    tool: "qrdedupe", name: "an over-long line ends the run with --strict",
    arguments: ["--strict", "--max-line-length", "200"],
    input: D.record("a") + D.record(String(repeating: "x", count: 300)) + D.record("b"),
    status: 2, stderr: "qrdedupe: -: line 2: longer than 200 bytes",
    stdout: .sameAsFor(input: D.record("a"))),
  BadInput(
    tool: "qrdedupe", name: "standard output on a full device names the output",
    input: D.record("a"), status: 2,
    stderr: "qrdedupe: standard output: write error: no space left on device", stdout: .empty,
    standardOutput: "/dev/full"),
  BadInput(
    tool: "qrdedupe", name: "--max-line-length takes a size with K, as --max-memory does",
    arguments: ["--max-line-length", "1K"],
    input: D.record("a") + D.record(String(repeating: "x", count: 2000)), status: 0,
    stderr: "qrdedupe: -: warning: line 2: 2062 bytes, longer than --max-line-length 1024:"
      + " skipped\nqrdedupe: warning: 1 line longer than --max-line-length 1024 skipped",
    stdout: .sameAsFor(input: D.record("a"))
  ),
  BadInput(
    tool: "qrdedupe", name: "an over-long line without a newline at the end",
    arguments: ["--max-line-length", "64"],
    input: D.record("a") + [UInt8](repeating: 0x78, count: 100_000), status: 0,
    stderr: "qrdedupe: -: warning: line 2: 100000 bytes, longer than --max-line-length 64:"
      + " skipped\nqrdedupe: warning: 1 line longer than --max-line-length 64 skipped",
    stdout: .sameAsFor(input: D.record("a"))),
  BadInput(
    tool: "qrdedupe", name: "NUL bytes: a raw NUL in a string is not JSON; \\u0000 is",
    arguments: ["--strict"],
    input: D.record("a\\u0000") + Array("{\"text\":\"b\0\"}\n".utf8), status: 2,
    stderr: "qrdedupe: -: line 2: not a JSON object",
    stdout: .sameAsFor(input: D.record("a\\u0000"))),
  BadInput(
    tool: "qrdedupe", name: "invalid UTF-8 in a string is not JSON",
    arguments: ["--strict"],
    input: D.record("a") + D.record("\u{FFFD}").map { $0 == 0xEF ? 0xFF : $0 },
    status: 2, stderr: "qrdedupe: -: line 2: not a JSON object",
    stdout: .sameAsFor(input: D.record("a"))),
  BadInput(
    tool: "qrdedupe", name: "raw control characters in a string are not JSON, and stay off stderr",
    input: Array("{\"text\":\"".utf8) + D.hostile + Array("\"}\n".utf8), status: 0,
    stderr: "qrdedupe: -: line 1: not a JSON object, passed through",
    stdout: .exactly(Array("{\"text\":\"".utf8) + D.hostile + Array("\"}\n".utf8))),
  BadInput(
    tool: "qrdedupe", name: "escaped control characters are JSON and are kept",
    input: D.record(#"\u001b[2J\u0007"#), status: 0, stderr: "",
    stdout: .exactly(D.record(#"\u001b[2J\u0007"#))),
  BadInput(
    tool: "qrdedupe", name: "unknown option", arguments: ["--frobnicate"], status: 64,
    stderr: usage("qrdedupe", "unknown option '--frobnicate'"), stdout: .empty),
  BadInput(
    tool: "qrdedupe", name: "a bad option value with terminal controls is escaped",
    arguments: ["--interval", "\u{1B}[31m"], status: 64,
    stderr: usage("qrdedupe", #"invalid value '\\x1B\[31m' for --interval: .*"#),
    stdout: .empty),
  BadInput(
    tool: "qrdedupe", name: "missing file, then a good one: both read",
    arguments: ["{dir}/missing.jsonl", "{dir}/a.jsonl"],
    fixtures: [.file("a.jsonl", D.record("a"))],
    status: 2, stderr: "qrdedupe: {dir}/missing.jsonl: no such file or directory",
    stdout: .exactly(D.record("a"))),
  BadInput(
    tool: "qrdedupe", name: "unreadable file (mode 0000)", arguments: ["{dir}/locked"],
    fixtures: [.unreadableFile("locked")], status: 2,
    stderr: "qrdedupe: {dir}/locked: permission denied", stdout: .empty),
  BadInput(
    tool: "qrdedupe", name: "a file whose read(2) fails", arguments: ["/proc/self/mem"],
    status: 2, stderr: "qrdedupe: /proc/self/mem: read error: input/output error",
    stdout: .empty),
  BadInput(
    tool: "qrdedupe", name: "a directory as input", arguments: ["{dir}/d"],
    fixtures: [.directory("d")], status: 2, stderr: "qrdedupe: {dir}/d: is a directory",
    stdout: .empty),
]

// MARK: - qrrender

/// qrrender: payloads that are not text or too long, bad options, inputs and outputs.
let renderRows: [BadInput] = [
  BadInput(
    tool: "qrrender", name: "invalid UTF-8 and controls are payload bytes like any other",
    arguments: ["--verify", "-f", "pbm"], input: D.hostile, fixtures: [.file("payload", D.hostile)],
    status: 0, stderr: "",
    stdout: .sameAsFor(input: [], arguments: ["-f", "pbm", "--file", "{dir}/payload"])),
  BadInput(
    tool: "qrrender", name: "NUL bytes are payload bytes", arguments: ["--verify", "-f", "pbm"],
    input: [0, 0x61, 0], fixtures: [.file("payload", [0, 0x61, 0])], status: 0, stderr: "",
    stdout: .sameAsFor(input: [], arguments: ["-f", "pbm", "--file", "{dir}/payload"])),
  BadInput(
    tool: "qrrender", name: "payload too long for any version",
    arguments: ["-f", "pbm", "--split", "1"], input: [UInt8](repeating: 0x61, count: 3000),
    status: 2,
    stderr:
      #"qrrender: -: payload of 3000 bytes does not fit version 40-M \(capacity 2331 bytes\); use --split"#,
    stdout: .empty),
  BadInput(
    tool: "qrrender",
    name: "a payload given as the operand is not called 'argument' in messages (issue 27)",
    arguments: [
      "-f", "pbm", "-v", "1", "--strict-version", "-l", "H", "payload too long for version 1-H",
    ],
    status: 2,
    stderr: #"qrrender: payload of 32 bytes does not fit version 1-H \(capacity 7 bytes\); .*"#,
    stdout: .empty),
  BadInput(
    tool: "qrrender", name: "--lines: a line too long after a good one",
    arguments: ["--lines", "-f", "pbm", "--split", "1"],
    input: Array("ok\n".utf8) + [UInt8](repeating: 0x61, count: 3000) + [0x0A], status: 2,
    stderr: #"qrrender: -:2: payload of 3000 bytes does not fit version 40-M .*"#,
    stdout: .sameAsFor(input: Array("ok\n".utf8))),
  BadInput(
    tool: "qrrender", name: "--lines: a line over the 1 MiB limit after a good one",
    arguments: ["--lines", "-f", "pbm"],
    input: Array("ok\n".utf8) + [UInt8](repeating: 0x61, count: (1 << 20) + 1) + [0x0A], status: 2,
    stderr: "qrrender: -:2: longer than 1048576 bytes",
    stdout: .sameAsFor(input: Array("ok\n".utf8))),
  BadInput(
    tool: "qrrender", name: "--json: a line that is not a record",
    arguments: ["--json", "-f", "pbm"], input: D.record("ok") + Array("\u{1B}[2J\n".utf8),
    status: 2, stderr: #"qrrender: -:2: not a qrdetect record with "text" or "bytes""#,
    stdout: .sameAsFor(input: D.record("ok"))),
  BadInput(
    tool: "qrrender", name: "unknown option", arguments: ["--frobnicate"], status: 64,
    stderr: usage("qrrender", "unknown option '--frobnicate'"), stdout: .empty),
  BadInput(
    tool: "qrrender", name: "symbol version 41", arguments: ["-v", "41", "x"], status: 64,
    stderr: usage("qrrender", "invalid value '41' for --symbol-version: .*"), stdout: .empty),
  BadInput(
    tool: "qrrender", name: "missing --file", arguments: ["--file", "{dir}/missing"], status: 2,
    stderr: "qrrender: {dir}/missing: no such file or directory", stdout: .empty),
  BadInput(
    tool: "qrrender", name: "unreadable --file (mode 0000)", arguments: ["--file", "{dir}/locked"],
    fixtures: [.unreadableFile("locked")], status: 2,
    stderr: "qrrender: {dir}/locked: permission denied", stdout: .empty),
  BadInput(
    tool: "qrrender", name: "--file whose read(2) fails", arguments: ["--file", "/proc/self/mem"],
    status: 2, stderr: "qrrender: /proc/self/mem: read error: input/output error",
    stdout: .empty),
  BadInput(
    tool: "qrrender", name: "a directory as --file", arguments: ["--file", "{dir}/d"],
    fixtures: [.directory("d")], status: 2, stderr: "qrrender: {dir}/d: is a directory",
    stdout: .empty),
  BadInput(
    tool: "qrrender", name: "-o in a missing directory", arguments: ["-o", "{dir}/no/x.png", "x"],
    status: 2, stderr: "qrrender: {dir}/no/x.png: no such file or directory", stdout: .empty),
  BadInput(
    tool: "qrrender", name: "-o naming a directory",
    arguments: ["-o", "{dir}/d", "-f", "png", "x"],
    fixtures: [.directory("d")], status: 2, stderr: "qrrender: {dir}/d: is a directory",
    stdout: .empty),
  BadInput(
    tool: "qrrender", name: "-o with terminal controls in its name is escaped",
    arguments: ["-o", "{dir}/no/\u{1B}[2J.png", "x"], status: 2,
    stderr: #"qrrender: {dir}/no/\\x1B\[2J\.png: no such file or directory"#, stdout: .empty),
  BadInput(
    tool: "qrrender", name: "--output-dir naming a file",
    arguments: ["--lines", "-f", "png", "--output-dir", "{dir}/f"], input: Array("x\n".utf8),
    fixtures: [.file("f", [])], status: 2, stderr: "qrrender: {dir}/f: not a directory",
    stdout: .empty),
  BadInput(
    tool: "qrrender", name: "--output-dir with terminal controls in its name is escaped",
    arguments: ["--lines", "-f", "png", "--output-dir", "{dir}/f/\u{9B}2J"],
    input: Array("x\n".utf8), fixtures: [.file("f", [])], status: 2,
    stderr: #"qrrender: {dir}/f/\\u\{009B\}2J: not a directory"#, stdout: .empty),
  BadInput(
    tool: "qrrender", name: "--json: a lone surrogate in text is refused, not turned into U+FFFD",
    arguments: ["--json", "-f", "pbm"],
    input: D.record("ok") + Array(#"{"text":"a\ud800b"}"#.utf8) + [0x0A] + D.record("ok2"),
    status: 2,
    stderr: #"qrrender: -:2: byte 11: "text" holds the lone surrogate \\ud800, which is no "#
      + #"character \(give the payload as "bytes"\)"#,
    stdout: .sameAsFor(input: D.record("ok") + D.record("ok2"))),
  BadInput(
    tool: "qrrender", name: "a payload too large at every level: no advice that would fail too",
    input: [UInt8](repeating: 0x61, count: 80000), status: 2,
    stderr:
      "qrrender: -: payload of 80000 bytes does not fit 16 symbols of version 40-M, the most "
      + "structured append links",
    stdout: .empty),
  BadInput(
    tool: "qrrender", name: "--frame-size beyond what qrdetect reads by default",
    arguments: ["-f", "y4m", "--frame-size", "30000x30000", "x"], status: 64,
    stderr: usage(
      "qrrender",
      "--frame-size 30000x30000 exceeds 268435456 pixels, the most qrdetect reads by default"),
    stdout: .empty),
  BadInput(
    tool: "qrrender", name: "standard output on a full device names the output",
    arguments: ["-f", "pbm", "x"], status: 2,
    stderr: "qrrender: standard output: write error: no space left on device", stdout: .empty,
    standardOutput: "/dev/full"),
]

// MARK: - Running a row

@Suite struct BadInputTests {
  @Test(arguments: detectRows) func qrdetect(_ row: BadInput) throws { try check(row) }
  @Test(arguments: captureRows) func qrcapture(_ row: BadInput) throws { try check(row) }
  @Test(arguments: dedupeRows) func qrdedupe(_ row: BadInput) throws { try check(row) }
  @Test(arguments: renderRows) func qrrender(_ row: BadInput) throws { try check(row) }

  /// Runs `row` and checks status, stderr and stdout.
  private func check(_ row: BadInput) throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "bad-input-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let dir = directory.path
    var runsAsNobody = false
    for fixture in row.fixtures {
      switch fixture {
      case .file(let name, let bytes):
        try Data(bytes).write(to: directory.appendingPathComponent(name))
      case .generatedFile(let name, let make):
        try Data(make()).write(to: directory.appendingPathComponent(name))
      case .directory(let name):
        try FileManager.default.createDirectory(
          at: directory.appendingPathComponent(name), withIntermediateDirectories: false)
      case .unreadableFile(let name):
        let path = directory.appendingPathComponent(name).path
        try Data("P5 1 1 255\n\0".utf8).write(to: URL(fileURLWithPath: path))
        #expect(chmod(path, 0) == 0)
        runsAsNobody = getuid() == 0
      }
    }
    func expand(_ arguments: [String]) -> [String] {
      arguments.map { $0.replacingOccurrences(of: "{dir}", with: dir) }
    }
    var command = [ToolRunner.path(of: row.tool)] + expand(row.arguments)
    if runsAsNobody {
      // The directory must be searchable by nobody; the file in it is mode 0000.
      #expect(chmod(dir, 0o755) == 0)
      command = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] + command
    }
    // GNU time runs the tool as its child and writes its peak RSS (kB) to a file of its own; it
    // exits with the tool's status (128 + N after signal N), and -q keeps it from commenting.
    let peakFile = directory.appendingPathComponent("peak-rss").path
    let result = try ToolRunner.runExecutable(
      "/usr/bin/time", ["-q", "-f", "%M", "-o", peakFile] + command, input: row.input,
      standardOutputPath: row.standardOutput)

    #expect(result.status == row.status, "stderr: \(result.errors)")
    #expect(!result.wasSignalled)
    let peakText = try String(contentsOfFile: peakFile, encoding: .utf8)
    let peakKilobytes = try #require(
      peakText.split(separator: "\n").last.flatMap { Int($0) }, "time wrote \(peakText)")
    #expect(
      peakKilobytes * 1024 <= row.peakMemory,
      "peak RSS \(peakKilobytes) kB, above \(row.peakMemory >> 10) kB")
    let pattern = row.stderr.replacingOccurrences(
      of: "{dir}", with: NSRegularExpression.escapedPattern(for: dir))
    var errors = result.errors
    if errors.hasSuffix("\n") { errors.removeLast() }
    let expression = try Regex(pattern)
    #expect(
      errors.wholeMatch(of: expression) != nil,
      "stderr \(String(reflecting: result.errors)) does not match \(pattern)")
    if !row.stderr.isEmpty {
      #expect(result.errors.hasPrefix(row.tool + ": "))
      #expect(result.errors.hasSuffix("\n"))
    }
    // Nothing reaches the terminal raw: no C0 control but the line ends, no DEL, no C1.
    let controls = result.errors.unicodeScalars.filter {
      ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value)
    }
    #expect(controls.isEmpty, "raw controls in stderr: \(String(reflecting: result.errors))")
    #expect(!result.stderr.contains(0xFF), "invalid UTF-8 in stderr")

    switch row.stdout {
    case .empty:
      #expect(result.stdout.isEmpty, "stdout: \(String(reflecting: result.output.prefix(200)))")
    case .exactly(let expected):
      if row.tool == "qrdetect" && !row.arguments.contains("text") {
        // A record's tail (mask, corners) depends on the detector; the start is fixed.
        // (--print text writes payloads only, which are compared exactly.)
        #expect(
          result.stdout.starts(with: expected),
          "stdout: \(String(reflecting: result.output.prefix(400)))")
        #expect(result.stdout.filter { $0 == 0x0A }.count == 1)
      } else {
        #expect(
          result.stdout == expected, "stdout: \(String(reflecting: result.output.prefix(400)))")
      }
    case .sameAsFor(let input, let referenceArguments):
      let reference = try ToolRunner.run(
        row.tool, expand(referenceArguments ?? row.arguments), input: input)
      #expect(!reference.stdout.isEmpty, "the reference run wrote nothing: \(reference.errors)")
      #expect(
        result.stdout == reference.stdout,
        """
        stdout: \(String(reflecting: result.output.prefix(400)))
        reference: \(String(reflecting: reference.output.prefix(400)))
        """)
    }
  }
}
