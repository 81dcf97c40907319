// SPDX-License-Identifier: MIT
// WebP, TIFF, GIF, BMP and HEIF into qrdetect and qrcapture (issue 27, item 2): known answers,
// every page and frame, orientation, truncation, claimed sizes, libheif absent, and the hints and
// summary for what is still not read. The images are made here, from qrrender's PNG.

import Foundation
import Testing

private let hasPillow = FileManager.default.isExecutableFile(atPath: venvPython)
private let pillowMissing: Comment = "no .venv with Pillow (scripts/test makes it)"
private let hasHeifEnc = FileManager.default.isExecutableFile(atPath: "/usr/bin/heif-enc")
private let hasFfmpeg = FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg")

/// qrrender's code at 8 pixels a module: 264 × 264, the symbol from 32 to 232.
private let upright: [[Double]] = [[32, 32], [232, 32], [232, 232], [32, 232]]

/// The text of the photos these tests make.
private let photoText = "https://example.com/photo"

/// A scratch directory holding `code.png` (`ScratchImages`) of `photoText`.
private func scratch() throws -> ScratchImages { try ScratchImages("photos", text: photoText) }

extension ScratchImages {
  /// Runs a Pillow script in the directory (`code` is qrrender's image as 8-bit gray, `blank` a
  /// white image of its size, `bmp(...)` writes a BMP from its parts).
  fileprivate func pillow(_ script: String) throws {
    let prelude = """
      import struct
      from PIL import Image
      code = Image.open("code.png").convert("L")
      blank = Image.new("L", code.size, 255)
      W, H = code.size
      px = code.tobytes()

      def bmp(name, header, palette, rows, top_down=False, masks=b"", compression=0, size=None):
          # rows: bytes of each stored row, unpadded; padded here to 4 bytes.
          pad = lambda r: r + bytes(-len(r) % 4)
          data = rows if compression in (1, 2) else b"".join(map(pad, rows))
          bits = header
          info = struct.pack("<IiiHHIIiiII", 40, W, -H if top_down else H, 1, bits, compression,
                             len(data), 2835, 2835, len(palette) // 4, 0)
          offset = 14 + len(info) + len(masks) + len(palette)
          head = b"BM" + struct.pack("<IHHI", offset + len(data), 0, 0, offset)
          open(name, "wb").write(head + info + masks + palette + data)

      def gray_palette(n):
          return b"".join(bytes([v, v, v, 0]) for v in [round(i * 255 / (n - 1)) for i in range(n)])

      def stored_rows(convert, top_down=False):
          rows = [convert(px[y * W:(y + 1) * W]) for y in range(H)]
          return rows if top_down else rows[::-1]

      """
    try pillow(script, prelude: prelude)
  }

  /// qrcapture's frames of `file` (its qrframe stream), to compare pixels with the PNG's.
  fileprivate func frames(_ file: String) throws -> [UInt8] {
    try ToolRunner.run("qrcapture", [path(file)]).stdout
  }
}

// MARK: - Known answers

@Test(.enabled(if: hasPillow, pillowMissing))
func everyPhotoFormatGivesThePNGsPixelsAndItsCode() throws {
  let photos = try scratch()
  try photos.pillow(
    """
    rgb = code.convert("RGB")
    code.save("gray.webp", lossless=True)
    rgb.save("lossy.webp", quality=90)
    rgb.convert("RGBA").save("alpha.webp", lossless=True)
    code.save("plain.tiff")
    rgb.save("lzw.tiff", compression="tiff_lzw")
    code.save("deflate.tiff", compression="tiff_adobe_deflate")
    code.convert("1").save("fax.tiff", compression="group4")
    rgb.convert("RGBA").save("packbits.tiff", compression="packbits")
    code.save("code.gif")
    rgb.save("rgb.bmp")
    code.save("gray.bmp")
    code.convert("1").save("mono.bmp")
    """)
  let reference = try photos.frames("code.png")
  #expect(reference.count == 64 + 264 * 264)
  for file in [
    "gray.webp", "lossy.webp", "alpha.webp", "plain.tiff", "lzw.tiff", "deflate.tiff",
    "fax.tiff", "packbits.tiff", "code.gif", "rgb.bmp", "gray.bmp", "mono.bmp",
  ] {
    // The same gray pixels as the PNG, byte for byte (the code is black and white, which even
    // lossy WebP keeps), in the same frame.
    #expect(try photos.frames(file) == reference, "\(file)")
    let result = try ToolRunner.run("qrdetect", [photos.path(file)])
    #expect(result.status == 0, "\(file): \(result.errors)")
    let found = records(result.output)
    #expect(found.count == 1 && found.first?["text"] as? String == photoText, "\(file)")
    #expect(found.first.map(corners) == upright, "\(file)")
  }
}

@Test(.enabled(if: hasPillow, pillowMissing))
func everyBMPVariantIsRead() throws {
  let photos = try scratch()
  // Made here byte by byte: what Pillow does not write (4 and 16 bits, bit fields, a V5 header
  // with alpha, top-down rows, RLE).
  try photos.pillow(
    """
    level = lambda v: 1 if v > 127 else 0
    def pack(values, bits):
        out, acc, n = bytearray(), 0, 0
        for v in values:
            acc, n = (acc << bits) | v, n + bits
            if n == 8: out.append(acc); acc, n = 0, 0
        if n: out.append(acc << (8 - n))
        return bytes(out)
    bmp("b1.bmp", 1, gray_palette(2), stored_rows(lambda r: pack([level(v) for v in r], 1)))
    bmp("b4.bmp", 4, gray_palette(16), stored_rows(lambda r: pack([v // 17 for v in r], 4)))
    bmp("b8.bmp", 8, gray_palette(256), stored_rows(bytes))
    bmp("b8down.bmp", 8, gray_palette(256), stored_rows(bytes, True), top_down=True)
    bmp("b16.bmp", 16, b"", stored_rows(
        lambda r: b"".join(struct.pack("<H", (v >> 3) * 0x421) for v in r)))
    bmp("b565.bmp", 16, b"", stored_rows(
        lambda r: b"".join(struct.pack("<H", (v >> 3) << 11 | (v >> 2) << 5 | v >> 3) for v in r)),
        masks=struct.pack("<III", 0xF800, 0x07E0, 0x001F), compression=3)
    bmp("b24.bmp", 24, b"", stored_rows(lambda r: b"".join(bytes([v, v, v]) for v in r)))
    bmp("b32.bmp", 32, b"", stored_rows(lambda r: b"".join(bytes([v, v, v, 0]) for v in r)))
    bmp("b32fields.bmp", 32, b"", stored_rows(
        lambda r: b"".join(struct.pack("<I", v << 24 | v << 16 | v << 8) for v in r)),
        masks=struct.pack("<III", 0xFF000000, 0x00FF0000, 0x0000FF00), compression=3)
    def rle8(rows):
        out = bytearray()
        for r in rows:
            x = 0
            while x < len(r):
                n = 1
                while x + n < len(r) and n < 255 and r[x + n] == r[x]: n += 1
                out += bytes([n, r[x]]); x += n
            out += b"\\0\\0"
        return bytes(out + b"\\0\\1")
    bmp("rle8.bmp", 8, gray_palette(256), rle8(stored_rows(bytes)), compression=1)
    def rle4(rows):
        out = bytearray()
        for r in rows:
            x = 0
            while x < len(r):
                n = 1
                while x + n < len(r) and n < 254 and r[x + n] == r[x]: n += 1
                out += bytes([n, r[x] << 4 | r[x]]); x += n
            out += b"\\0\\0"
        return bytes(out + b"\\0\\1")
    bmp("rle4.bmp", 4, gray_palette(16), rle4(stored_rows(lambda r: bytes(v // 17 for v in r))),
        compression=2)
    # A V5 header with an alpha mask: transparent pixels are white.
    rows = stored_rows(lambda r: b"".join(
        struct.pack("<I", 0 if v > 127 else 0xFF000000) for v in r))
    data = b"".join(rows)
    v5 = struct.pack("<IiiHHIIiiII", 124, W, H, 1, 32, 3, len(data), 2835, 2835, 0, 0)
    v5 += struct.pack("<IIII", 0x00FF0000, 0x0000FF00, 0x000000FF, 0xFF000000) + bytes(124 - 56)
    open("alpha.bmp", "wb").write(
        b"BM" + struct.pack("<IHHI", 14 + 124 + len(data), 0, 0, 14 + 124) + v5 + data)
    """)
  let reference = try photos.frames("code.png")
  for file in [
    "b1.bmp", "b4.bmp", "b8.bmp", "b8down.bmp", "b16.bmp", "b565.bmp", "b24.bmp", "b32.bmp",
    "b32fields.bmp", "rle8.bmp", "rle4.bmp", "alpha.bmp",
  ] {
    #expect(try photos.frames(file) == reference, "\(file)")
    let result = try ToolRunner.run("qrdetect", [photos.path(file)])
    #expect(records(result.output).first.map(corners) == upright, "\(file): \(result.errors)")
  }
  // Concatenated with other images: each BMP ends after its pixels.
  let stream = try photos.shell("cat b8.bmp code.png rle8.bmp b24.bmp | qrdetect")
  #expect(records(stream.output).compactMap { $0["frame"] as? Int } == [0, 1, 2, 3])
}

// MARK: - Pages and frames

@Test(.enabled(if: hasPillow, pillowMissing))
func everyTIFFPageAndGIFAndWebPFrameIsAFrame() throws {
  let photos = try scratch()
  try photos.pillow(
    """
    turned = code.rotate(90)
    blank.save("pages.tiff", save_all=True, append_images=[code, turned],
               compression="tiff_lzw")
    # A GIF over a white screen: blank, the code, blank again, the code turned; each frame is
    # drawn whole, and the last one on a smaller area over the frame before.
    blank.save("frames.gif", save_all=True, append_images=[code, blank, turned], duration=100,
               disposal=1)
    blank.convert("RGB").save("frames.webp", save_all=True, lossless=True, duration=100,
        append_images=[code.convert("RGB"), turned.convert("RGB")])
    """)
  // Turned a quarter counter-clockwise: the top-left corner is at the bottom left.
  let turned: [[Double]] = [[32, 232], [32, 32], [232, 32], [232, 232]]
  for file in ["pages.tiff", "frames.gif", "frames.webp"] {
    let result = try ToolRunner.run("qrdetect", [photos.path(file)])
    #expect(result.status == 0, "\(file): \(result.errors)")
    let found = records(result.output)
    let frames = file == "frames.gif" ? [1, 3] : [1, 2]
    #expect(found.compactMap { $0["frame"] as? Int } == frames, "\(file)")
    #expect(found.map(corners) == [upright, turned], "\(file)")
  }
  // qrcapture makes a frame of every page: three from the TIFF, four from the GIF.
  let captured = try photos.shell("qrcapture pages.tiff frames.gif | qrdetect --summary")
  #expect(captured.errors.contains("in 7 frames"), "\(captured.errors)")
}

// MARK: - Orientation

@Test(.enabled(if: hasPillow, pillowMissing))
func tiffAndWebPOrientationPutCornersInTheDisplayedFrame() throws {
  let photos = try scratch()
  // Displayed: 528 × 264 with the code on the left. Stored turned, with the orientation that
  // tells a viewer how to turn it back (TIFF's tag 274, WebP's EXIF chunk).
  try photos.pillow(
    """
    shown = Image.new("L", (528, 264), 255)
    shown.paste(code, (0, 0))
    for orientation, stored in [
        (6, shown.transpose(Image.Transpose.ROTATE_90)),
        (8, shown.transpose(Image.Transpose.ROTATE_270)),
        (3, shown.transpose(Image.Transpose.ROTATE_180)),
        (5, shown.transpose(Image.Transpose.TRANSPOSE))]:
        stored.save(f"o{orientation}.tiff", tiffinfo={274: orientation})
        exif = Image.Exif()
        exif[274] = orientation
        stored.save(f"o{orientation}.webp", lossless=True, exif=exif.tobytes())
    """)
  for orientation in [6, 8, 3, 5] {
    for format in ["tiff", "webp"] {
      let file = "o\(orientation).\(format)"
      let result = try ToolRunner.run("qrdetect", [photos.path(file)])
      #expect(result.status == 0, "\(file): \(result.errors)")
      let found = records(result.output).first
      #expect(found.map(corners) == upright, "\(file)")
      #expect(found?["mirrored"] as? Bool == false, "\(file)")
    }
  }
}

// MARK: - HEIF

@Test(.enabled(if: hasHeifEnc, "heif-enc not installed (scripts/test installs libheif-examples)"))
func heicMadeByHeifEncIsReadAndItsAbsenceNamesThePackage() throws {
  let photos = try scratch()
  let made = try photos.shell(
    "ffmpeg -v error -i code.png -pix_fmt rgb24 rgb.png && heif-enc -q 90 rgb.png -o photo.heic"
      + " >/dev/null")
  try #require(made.status == 0, "\(made.errors)")
  let result = try ToolRunner.run("qrdetect", [photos.path("photo.heic")])
  #expect(result.status == 0, "\(result.errors)")
  let found = records(result.output)
  #expect(found.first?["text"] as? String == photoText)
  // HEVC is lossy: the corners within a pixel.
  for (point, expected) in zip(found.first.map(corners) ?? [], upright) {
    #expect(abs(point[0] - expected[0]) <= 1 && abs(point[1] - expected[1]) <= 1)
  }
  // AVIF, the same container with AV1 inside, goes through libheif too.
  let avif = try photos.shell(
    "heif-enc -A -q 90 rgb.png -o photo.avif >/dev/null && qrdetect photo.avif")
  #expect(records(avif.output).first?["text"] as? String == photoText, "\(avif.errors)")
  // After a PNG on standard input, as a stream.
  let stream = try photos.shell("cat code.png photo.heic | qrdetect")
  #expect(records(stream.output).count == 2, "\(stream.errors)")

  // Without libheif: the file named, the package to install, a conversion that works.
  let absent = try photos.shell(
    "cat code.png photo.heic | qrdetect; qrdetect photo.heic",
    environment: ["QRPIPE_LIBHEIF": "libheif-missing.so.1"])
  #expect(records(absent.output).count == 1)
  let lines = absent.errors.split(separator: "\n").map(String.init)
  let png = try photos.bytes("code.png").count
  #expect(
    lines == [
      "qrdetect: -: frame 1 at byte \(png): a HEIF image needs libheif, and libheif-missing.so.1"
        + " is not installed: install Debian's libheif1 ('apt-get install libheif1'), or convert"
        + " the image where libheif is, with 'heif-convert in.heic in.png' (Debian's"
        + " libheif-examples)",
      "qrdetect: photo.heic: frame 0 at byte 0: a HEIF image needs libheif, and"
        + " libheif-missing.so.1 is not installed: install Debian's libheif1 ('apt-get install"
        + " libheif1'), or convert the image where libheif is, with 'heif-convert photo.heic"
        + " photo.png' (Debian's libheif-examples)",
    ], "\(absent.errors)")
  let converted = try photos.shell(
    "heif-convert photo.heic photo.png >/dev/null && qrdetect photo.png")
  #expect(records(converted.output).count == 1, "\(converted.errors)")
}

/// A HEIC stored a quarter turn clockwise, with an `irot` property (a quarter turn back) added to
/// heif-enc's file here (heif-enc writes none): libheif turns it as a viewer does.
@Test(
  .enabled(
    if: hasHeifEnc && hasPillow, "heif-enc or Pillow missing (scripts/test installs them)"))
func heicRotationIsAppliedByLibheif() throws {
  let photos = try scratch()
  try photos.pillow(
    """
    shown = Image.new("RGB", (528, 264), (255, 255, 255))
    shown.paste(code.convert("RGB"), (0, 0))
    shown.rotate(-90, expand=True).save("stored.png")
    """)
  let encoded = try photos.shell("heif-enc -q 95 stored.png -o stored.heic >/dev/null")
  try #require(encoded.status == 0, "\(encoded.errors)")
  let script = """
    import os, struct
    os.chdir("\(photos.directory.path)")


    def boxes(data, start, end):
        at = start
        while at + 8 <= end:
            size, kind = struct.unpack(">I4s", data[at:at + 8])
            yield at, size, kind.decode("latin1")
            at += size

    def add_irot(data, angle):
        data = bytearray(data)
        meta = next((a, s) for a, s, k in boxes(data, 0, len(data)) if k == "meta")
        children = list(boxes(data, meta[0] + 12, meta[0] + meta[1]))
        iprp = next((a, s) for a, s, k in children if k == "iprp")
        iloc = next((a, s) for a, s, k in children if k == "iloc")
        inner = list(boxes(data, iprp[0] + 8, iprp[0] + iprp[1]))
        ipco = next((a, s) for a, s, k in inner if k == "ipco")
        ipma = next((a, s) for a, s, k in inner if k == "ipma")
        index = len(list(boxes(data, ipco[0] + 8, ipco[0] + ipco[1]))) + 1
        irot = struct.pack(">I4sB", 9, b"irot", angle)
        # ipma: version and flags, entry count, then item ID, count, associations (1 byte each).
        version, flags = data[ipma[0] + 8], int.from_bytes(data[ipma[0] + 9:ipma[0] + 12], "big")
        assert version == 0 and flags & 1 == 0
        entries = struct.unpack(">I", data[ipma[0] + 12:ipma[0] + 16])[0]
        at = ipma[0] + 16
        new_ipma = bytearray(data[ipma[0]:at])
        added = 0
        for _ in range(entries):
            item, count = struct.unpack(">HB", data[at:at + 3])
            new_ipma += struct.pack(">HB", item, count + 1) + data[at + 3:at + 3 + count]
            new_ipma += bytes([0x80 | index])
            at += 3 + count
            added += 1
        struct.pack_into(">I", new_ipma, 0, len(new_ipma))
        delta = 9 + added
        # iloc: shift file offsets by the bytes inserted before mdat.
        v = data[iloc[0] + 8]
        at = iloc[0] + 12
        offset_size, length_size = data[at] >> 4, data[at] & 15
        base_size, index_size = data[at + 1] >> 4, data[at + 1] & 15
        at += 2
        count = struct.unpack(">H" if v < 2 else ">I", data[at:at + (2 if v < 2 else 4)])[0]
        at += 2 if v < 2 else 4
        def shift(at, size):
            if size:
                value = int.from_bytes(data[at:at + size], "big")
                if value: data[at:at + size] = (value + delta).to_bytes(size, "big")
        for _ in range(count):
            at += 2 if v < 2 else 4
            method = 0
            if v in (1, 2):
                method = struct.unpack(">H", data[at:at + 2])[0] & 15
                at += 2
            at += 2
            base_at = at
            base = int.from_bytes(data[at:at + base_size], "big") if base_size else 0
            at += base_size
            extents = struct.unpack(">H", data[at:at + 2])[0]
            at += 2
            if method == 0 and base: shift(base_at, base_size)
            for _ in range(extents):
                if v in (1, 2) and index_size: at += index_size
                if method == 0 and not base: shift(at, offset_size)
                at += offset_size + length_size
        out = data[:ipco[0] + ipco[1]] + irot + new_ipma + data[ipma[0] + ipma[1]:]
        struct.pack_into(">I", out, ipco[0], ipco[1] + 9)
        for box in (iprp, meta):
            struct.pack_into(">I", out, box[0], box[1] + delta)
        return bytes(out)

    open("turned.heic", "wb").write(add_irot(open("stored.heic", "rb").read(), 1))
    """
  let patched = try ToolRunner.runExecutable(venvPython, ["-c", script])
  try #require(patched.status == 0, "\(patched.errors)")
  for file in ["turned.heic"] {
    let result = try ToolRunner.run("qrdetect", [photos.path(file)])
    #expect(result.status == 0, "\(result.errors)")
    let points = records(result.output).first.map(corners) ?? []
    #expect(points.count == 4, "\(result.errors)")
    for (point, expected) in zip(points, upright) {
      #expect(abs(point[0] - expected[0]) <= 1 && abs(point[1] - expected[1]) <= 1, "\(points)")
    }
  }
}

// MARK: - Damage and limits

@Test(.enabled(if: hasPillow, pillowMissing))
func truncatedAndCorruptPhotosAreErrorsAfterTheGoodFrames() throws {
  let photos = try scratch()
  try photos.pillow(
    """
    code.save("code.webp", lossless=True)
    code.save("code.tiff")
    code.save("code.gif")
    code.save("code.bmp")
    """)
  let png = try photos.bytes("code.png")
  for (file, format) in [
    ("code.webp", "WebP"), ("code.gif", "GIF"), ("code.bmp", "BMP"), ("code.tiff", "TIFF"),
  ] {
    let image = try photos.bytes(file)
    // Cut short after a good PNG: the PNG's record is written, the cut image named.
    let cut = try ToolRunner.run("qrdetect", input: png + image.prefix(image.count / 2))
    #expect(cut.status == 2, "\(file)")
    #expect(records(cut.output).count == 1, "\(file)")
    #expect(
      cut.errors.hasPrefix("qrdetect: -: ") && cut.errors.contains(format)
        && cut.errors.split(separator: "\n").count == 1,
      "\(file): \(cut.errors)")
    // A named file: the message names it.
    try photos.write("cut-\(file)", Array(image.prefix(image.count / 2)))
    let named = try ToolRunner.run(
      "qrdetect", [photos.path("code.png"), photos.path("cut-\(file)")])
    #expect(named.status == 2 && records(named.output).count == 1, "\(file)")
    #expect(named.errors.hasPrefix("qrdetect: \(photos.path("cut-\(file)")): "), "\(named.errors)")
  }
  // Corrupt compressed data: refused as a message, not a crash.
  var gif = try photos.bytes("code.gif")
  for index in stride(from: gif.count / 2, to: gif.count - 2, by: 7) { gif[index] ^= 0x5A }
  let corrupt = try ToolRunner.run("qrdetect", input: gif)
  #expect(corrupt.status == 1 || corrupt.status == 2, "\(corrupt.errors)")
  #expect(!corrupt.wasSignalled)
}

@Test func hugeClaimedPhotoSizesAreRefusedBeforeAllocating() throws {
  func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
  func le32(_ value: Int) -> [UInt8] { le16(value & 0xFFFF) + le16(value >> 16 & 0xFFFF) }
  // A BMP header claiming 100000 × 100000 pixels, and no pixels.
  let bmp: [UInt8] =
    Array("BM".utf8) + le32(54) + [0, 0, 0, 0] + le32(54) + le32(40) + le32(100_000)
    + le32(100_000) + le16(1) + le16(24) + [UInt8](repeating: 0, count: 24)
  let refused = try ToolRunner.run("qrdetect", input: bmp)
  #expect(
    refused.errors
      == "qrdetect: -: frame 0 at byte 0: 100000x100000 exceeds the limit of 268435456 pixels\n")
  // A GIF screen of 65535 × 65535 under --max-pixels.
  let gif: [UInt8] = Array("GIF89a".utf8) + le16(65535) + le16(65535) + [0, 0, 0]
  let screen = try ToolRunner.run("qrdetect", ["--max-pixels", "1000000"], input: gif)
  #expect(screen.errors.contains("65535x65535 exceeds the limit of 1000000 pixels"))
  // A TIFF whose one page claims 100000 × 100000 (strips that are not there).
  var tiff: [UInt8] = [0x49, 0x49, 0x2A, 0] + le32(8) + le16(4)
  for (tag, type, value) in [(256, 4, 100_000), (257, 4, 100_000), (273, 4, 0), (279, 4, 0)] {
    tiff += le16(tag) + le16(type) + le32(1) + le32(value)
  }
  tiff += le32(0)
  let page = try ToolRunner.run("qrdetect", input: tiff)
  #expect(page.errors.contains("100000x100000 exceeds the limit"), "\(page.errors)")
  // A WebP (VP8X) canvas of 16384 × 16384 under --max-pixels.
  let vp8x: [UInt8] =
    Array("VP8X".utf8) + le32(10) + [0, 0, 0, 0] + [0xFF, 0x3F, 0] + [0xFF, 0x3F, 0]
  let webp = Array("RIFF".utf8) + le32(4 + vp8x.count) + Array("WEBP".utf8) + vp8x
  let canvas = try ToolRunner.run("qrdetect", ["--max-pixels", "1000000"], input: webp)
  #expect(canvas.status == 2 && canvas.errors.hasPrefix("qrdetect: -: frame 0"), "\(canvas.errors)")
  for result in [refused, screen, page, canvas] {
    #expect(result.status == 2 && !result.wasSignalled)
  }
}

// MARK: - What is still not read

@Test(.enabled(if: hasFfmpeg, "ffmpeg not installed (scripts/test installs it)"))
func unreadFormatsNameTheFileAndPipeAndTheSummaryCountsThemApart() throws {
  let photos = try scratch()
  let made = try photos.shell(
    """
    mkdir -p dir && cp code.png dir/ && printf 'notes\\n' > dir/notes.txt &&
    ffmpeg -v error -i code.png -pix_fmt gray dir/code.jp2 &&
    ffmpeg -v error -loop 1 -i code.png -t 0.5 -r 10 -pix_fmt yuv420p 'dir/my clip.mp4'
    """)
  try #require(made.status == 0, "\(made.errors)")
  let walked = try photos.shell("qrdetect --summary dir")
  #expect(records(walked.output).count == 1)
  let lines = walked.errors.split(separator: "\n").map(String.init)
  #expect(lines.count == 3, "\(walked.errors)")
  #expect(
    lines.first
      == "qrdetect: dir/code.jp2: warning: skipped: a JPEG 2000 image is not read here; read it"
      + " through ffmpeg: 'ffmpeg -v error -i dir/code.jp2 -pix_fmt gray -f image2pipe -c:v pgm -"
      + " | qrdetect'")
  #expect(
    lines.dropFirst().first
      == "qrdetect: dir/my clip.mp4: warning: skipped: an MP4 or QuickTime video is not read"
      + " here; read it through ffmpeg: 'ffmpeg -v error -i \"dir/my clip.mp4\" -pix_fmt gray"
      + " -f yuv4mpegpipe - | qrdetect'")
  // The summary: the text file is "not an image"; the two warned of are counted apart.
  #expect(
    lines.last?.hasSuffix(
      " s; skipped 1 file that is not an image; skipped 2 files in formats not read (named above)"
    ) == true, "\(walked.errors)")
  // Each command, run as the message gives it, reads the file.
  for line in lines.prefix(2) {
    guard let start = line.firstIndex(of: "'"), let end = line.lastIndex(of: "'") else {
      Issue.record("no command in \(line)")
      continue
    }
    let command = String(line[line.index(after: start)..<end])
    let piped = try photos.shell(command)
    #expect(records(piped.output).first?["text"] as? String == photoText, "\(command)")
  }
}
