// SPDX-License-Identifier: MIT
// PNG and JPEG into qrdetect and qrcapture: every colour type and depth, EXIF orientation,
// concatenated streams, truncation, limits, and the formats that are named with a conversion.

import Foundation
import Testing

private let hasPillow = FileManager.default.isExecutableFile(atPath: venvPython)
private let hasFfmpeg = FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg")

/// The text of the images these tests make.
private let imageText = "https://example.com/png"

/// A scratch directory holding `code.png` (`ScratchImages`) of `imageText`.
private func scratch() throws -> ScratchImages { try ScratchImages("images", text: imageText) }

extension ScratchImages {
  /// Runs a Pillow script in the directory (`code` is qrrender's image as 8-bit gray).
  fileprivate func pillow(_ script: String) throws {
    try pillow(
      script,
      prelude: """
        import struct, zlib
        import numpy as np
        from PIL import Image, ImageOps
        code = Image.open("code.png").convert("L")

        """)
  }
}

@Test func qrrenderPNGIsReadBackByQrdetectWithItsCorners() throws {
  let images = try scratch()
  let result = try ToolRunner.run("qrdetect", [images.path("code.png")])
  #expect(result.status == 0, "\(result.errors)")
  let found = records(result.output)
  #expect(found.count == 1)
  #expect(found.first?["text"] as? String == imageText)
  #expect(found.first.map(corners) == [[32, 32], [232, 32], [232, 232], [32, 232]])
}

@Test(.enabled(if: hasPillow, "no .venv with Pillow (scripts/test makes it)"))
func everyPNGColourTypeAndDepthAndEveryJPEGColourSpaceIsRead() throws {
  let images = try scratch()
  try images.pillow(
    """
    code.convert("1").save("bits1.png")
    code.convert("P").save("palette.png")
    Image.fromarray((np.array(code) // 17).astype(np.uint8)).convert("P").save("palette4.png", bits=4)
    code.convert("LA").save("gray-alpha.png")
    Image.fromarray(np.array(code).astype(np.uint16) * 257).save("gray16.png")
    code.convert("RGB").save("rgb.png")
    # Transparent black where the code is light: composited over white, black over black.
    a = np.zeros((code.height, code.width, 4), np.uint8)
    a[..., 3] = np.where(np.array(code) < 128, 255, 0)
    Image.fromarray(a, "RGBA").save("rgba-over-white.png")
    # Palette with a tRNS chunk: index 0 (black, transparent) for light modules.
    p = Image.fromarray(np.where(np.array(code) < 128, 1, 0).astype(np.uint8), "P")
    p.putpalette([0, 0, 0, 0, 0, 0] + [0] * 762)
    p.save("palette-trns.png", transparency=0)
    # 16-bit RGBA written by hand (Pillow writes no 16-bit colour PNG), Adam7 interlaced.
    g = np.array(code).astype(np.uint16) * 257
    rgba = np.stack([g, g, g, np.full_like(g, 65535)], axis=-1).astype(">u2")
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    raw = b""
    for (x0, y0, dx, dy) in [(0,0,8,8),(4,0,8,8),(0,4,4,8),(2,0,4,4),(0,2,2,4),(1,0,2,2),(0,1,1,2)]:
        sub = rgba[y0::dy, x0::dx]
        if sub.size == 0: continue
        for row in sub: raw += b"\\0" + row.tobytes()
    h, w = g.shape
    png = b"\\x89PNG\\r\\n\\x1a\\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 16, 6, 0, 0, 1))
    png += chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")
    open("rgba16-interlaced.png", "wb").write(png)
    code.save("gray.jpg", quality=90)
    code.convert("RGB").save("ycbcr.jpg", quality=90)
    code.convert("RGB").save("progressive.jpg", quality=90, progressive=True)
    code.convert("CMYK").save("cmyk.jpg", quality=90)
    """)
  let names = [
    "bits1.png", "palette.png", "palette4.png", "gray-alpha.png", "gray16.png", "rgb.png",
    "rgba-over-white.png", "palette-trns.png", "rgba16-interlaced.png", "gray.jpg", "ycbcr.jpg",
    "progressive.jpg", "cmyk.jpg",
  ]
  for name in names {
    let result = try ToolRunner.run("qrdetect", [images.path(name)])
    #expect(result.status == 0, "\(name): \(result.errors)")
    let found = records(result.output)
    #expect(found.first?["text"] as? String == imageText, "\(name)")
    for (corner, expected) in zip(found.first.map(corners) ?? [], [[32, 32], [232, 32]]) {
      #expect(abs(corner[0] - Double(expected[0])) <= 2, "\(name): \(corner)")
    }
  }
}

@Test(.enabled(if: hasPillow, "no .venv with Pillow (scripts/test makes it)"))
func jpegEXIFOrientationPutsCornersInTheDisplayedFrame() throws {
  let images = try scratch()
  // Displayed: a 528 × 264 picture with the code on its left half. Stored: turned so that a
  // viewer must apply the orientation to show it so.
  try images.pillow(
    """
    shown = Image.new("L", (528, 264), 255)
    shown.paste(code, (0, 0))
    for orientation, stored in [
        (6, shown.transpose(Image.Transpose.ROTATE_90)),
        (8, shown.transpose(Image.Transpose.ROTATE_270)),
        (3, shown.transpose(Image.Transpose.ROTATE_180)),
        (2, shown.transpose(Image.Transpose.FLIP_LEFT_RIGHT)),
        (5, shown.transpose(Image.Transpose.TRANSPOSE)),
        (7, shown.transpose(Image.Transpose.TRANSVERSE))]:
        exif = Image.Exif()
        exif[274] = orientation
        stored.save(f"exif{orientation}.jpg", quality=95, exif=exif.tobytes())
        assert ImageOps.exif_transpose(Image.open(f"exif{orientation}.jpg")).size == (528, 264)
    """)
  for orientation in [6, 8, 3, 2, 5, 7] {
    let result = try ToolRunner.run("qrdetect", [images.path("exif\(orientation).jpg")])
    #expect(result.status == 0, "\(orientation): \(result.errors)")
    let found = records(result.output)
    #expect(found.first?["text"] as? String == imageText, "orientation \(orientation)")
    // Upright, unmirrored, on the left: the corners are where a viewer shows them.
    let points = found.first.map(corners) ?? []
    #expect(points.count == 4 && found.first?["mirrored"] as? Bool == false)
    for (point, expected) in zip(points, [[32.0, 32.0], [232, 32], [232, 232], [32, 232]]) {
      #expect(
        abs(point[0] - expected[0]) <= 2 && abs(point[1] - expected[1]) <= 2,
        "orientation \(orientation): \(points)")
    }
  }
}

@Test(.enabled(if: hasFfmpeg, "ffmpeg not installed (scripts/test installs it)"))
func concatenatedPNGJPEGAndPGMAreReadAsOneStream() throws {
  let images = try scratch()
  let result = try images.shell(
    """
    ffmpeg -v error -i code.png -pix_fmt gray code.pgm && ffmpeg -v error -i code.png code.jpg &&
    cat code.png code.jpg code.pgm code.jpg code.png | qrdetect
    """)
  #expect(result.status == 0, "\(result.errors)")
  let found = records(result.output)
  #expect(found.compactMap { $0["frame"] as? Int } == [0, 1, 2, 3, 4])
  #expect(found.allSatisfy { $0["text"] as? String == imageText })
}

@Test func qrcaptureTakesPNGAsAFrameSource() throws {
  let images = try scratch()
  let result = try images.shell("qrcapture code.png code.png | qrdetect")
  #expect(result.status == 0, "\(result.errors)")
  // Each input's frames are numbered from 0: one record per image.
  let found = records(result.output)
  #expect(found.count == 2 && found.allSatisfy { $0["text"] as? String == imageText })
}

@Test func truncatedAndCorruptImagesAreErrorsAfterTheGoodOnes() throws {
  let images = try scratch()
  let png = try images.bytes("code.png")
  // Cut inside the IDAT chunk: the first image is written, the second reported.
  let truncated = try ToolRunner.run("qrdetect", input: png + png.prefix(png.count - 30))
  #expect(truncated.status == 2)
  #expect(records(truncated.output).count == 1)
  #expect(
    truncated.errors
      == "qrdetect: -: truncated frame 1 at byte \(png.count): input ends \(png.count - 30)"
      + " bytes into a PNG image\n")
  // A flipped bit in the compressed data: libpng's CRC check refuses it, as a message.
  var corrupt = png
  corrupt[60] ^= 0x10
  let refused = try ToolRunner.run("qrdetect", input: corrupt)
  #expect(refused.status == 2)
  #expect(refused.errors.hasPrefix("qrdetect: -: frame 0 at byte 0: malformed PNG image: "))
  // JPEG: a SOI with garbage after it.
  let jpeg = try ToolRunner.run("qrdetect", input: [0xFF, 0xD8, 0xFF, 0xE0, 0, 1, 0xAB])
  #expect(jpeg.status == 2)
  #expect(jpeg.errors.hasPrefix("qrdetect: -: frame 0 at byte 0: malformed JPEG image: "))
}

@Test func hugeImageHeadersAreRefusedBeforeAllocating() throws {
  // A PNG claiming 100000 × 100000 pixels, and a JPEG claiming 65535 × 65535: refused from
  // their headers, at once, under the default limit and under --max-pixels.
  var ihdr: [UInt8] = Array("IHDR".utf8) + [0, 1, 0x86, 0xA0, 0, 1, 0x86, 0xA0, 8, 0, 0, 0, 0]
  ihdr = [0, 0, 0, 13] + ihdr + [0, 0, 0, 0]
  let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + ihdr
  let result = try ToolRunner.run("qrdetect", input: png)
  #expect(result.status == 2)
  #expect(
    result.errors
      == "qrdetect: -: frame 0 at byte 0: 100000x100000 exceeds the limit of 268435456 pixels\n")
  // A 1 × 1 PNG announcing a 2 GB chunk: refused before the chunk is read or buffered.
  var small: [UInt8] = Array("IHDR".utf8) + [0, 0, 0, 1, 0, 0, 0, 1, 8, 0, 0, 0, 0]
  small = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + small + [0, 0, 0, 0]
  let bloated = try ToolRunner.run(
    "qrdetect",
    input: small + [0x7F, 0xFF, 0xFF, 0xF0] + Array("tEXt".utf8)
      + [UInt8](
        repeating: 0, count: 1 << 16))
  #expect(bloated.status == 2)
  #expect(
    bloated.errors.hasPrefix(
      "qrdetect: -: frame 0 at byte 0: PNG image data exceed 16777"), "\(bloated.errors)")
  let sof: [UInt8] = [0xFF, 0xD8, 0xFF, 0xC0, 0, 11, 8, 0xFF, 0xFF, 0xFF, 0xFF, 1, 1, 0x11, 0]
  let jpeg = try ToolRunner.run("qrdetect", ["--max-pixels", "1000000"], input: sof)
  #expect(jpeg.status == 2)
  #expect(jpeg.errors.contains("65535x65535 exceeds the limit of 1000000 pixels"))
}

@Test(.enabled(if: hasFfmpeg, "ffmpeg not installed (scripts/test installs it)"))
func otherFormatsAreNamedWithTheFfmpegCommandThatReadsThem() throws {
  let images = try scratch()
  for (file, name) in [
    ("code.jp2", "a JPEG 2000 image"), ("code.mp4", "an MP4 or QuickTime video"),
  ] {
    let made = try images.shell("ffmpeg -v error -i code.png -pix_fmt yuv420p \(file)")
    if made.status != 0 { continue }  // an encoder this ffmpeg lacks
    let result = try ToolRunner.run("qrdetect", [images.path(file)])
    #expect(result.status == 2, "\(file)")
    let prefix = "qrdetect: \(images.path(file)): frame 0 at byte 0: \(name) is not read here;"
    #expect(result.errors.hasPrefix(prefix), "\(result.errors)")
    // The command in the message, run as it is, pipes the file into qrdetect.
    guard let start = result.errors.firstIndex(of: "'"),
      let end = result.errors.lastIndex(of: "'"), start < end
    else {
      Issue.record("no command in \(result.errors)")
      continue
    }
    let command = String(result.errors[result.errors.index(after: start)..<end])
    #expect(command.hasSuffix(" - | qrdetect") && command.contains(images.path(file)))
    let converted = try images.shell(command)
    #expect(converted.status == 0, "\(command): \(converted.errors)")
  }
}

/// Issue 28: Adam7 PNGs are decoded a row at a time (each pass converting only its own pixels),
/// no longer whole at 4 bytes a pixel; the gray frame must be the same pixel for pixel as the
/// same image not interlaced, at sizes whose passes are partly empty.
@Test(arguments: [(1, 1), (3, 2), (13, 11), (17, 9)])
func anInterlacedPNGDecodesToTheSamePixelsAsAPlainOne(width: Int, height: Int) throws {
  var generator = SystemRandomNumberGenerator()
  let pixels = (0..<width * height * 4).map { _ in
    UInt16.random(in: 0...UInt16.max, using: &generator)
  }
  let plain = ImageBombs.rgba16PNG(width: width, height: height, pixels: pixels, interlaced: false)
  let adam7 = ImageBombs.rgba16PNG(width: width, height: height, pixels: pixels, interlaced: true)
  let expected = try ToolRunner.run("qrcapture", ["-o", "pgm", "-"], input: plain)
  let result = try ToolRunner.run("qrcapture", ["-o", "pgm", "-"], input: adam7)
  #expect(expected.status == 0 && result.status == 0, "\(expected.errors) \(result.errors)")
  #expect(!expected.stdout.isEmpty)
  #expect(result.stdout == expected.stdout)
}
