#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Writes the seed corpora in Fuzz/Corpus/<target>/: a handful of small valid and near-valid
# inputs per target, each starting with the target's configuration bytes (see each target's
# "Input layout" comment). Deterministic; uses python3, and ffmpeg for the y4m seeds.
#   Fuzz/make-seeds.sh
set -euo pipefail
cd "$(dirname "$0")"
command -v ffmpeg >/dev/null || { echo "make-seeds: ffmpeg is needed for the y4m seeds" >&2; exit 1; }
work=$(mktemp -d "${TMPDIR:-/tmp}/fuzz-seeds.XXXXXX")
trap 'rm -rf "$work"' EXIT

# ffmpeg's own JPEG: baseline gray and 4:2:0 colour, 16x8.
for format in gray:gray yuvj420p:color; do
  ffmpeg -v error -f lavfi -i testsrc=size=16x8:rate=5 -frames:v 1 -pix_fmt "${format%%:*}" \
    "$work/${format##*:}.jpg"
done

# ffmpeg's own photo formats, 16x8: WebP (lossless), GIF (two frames), BMP, TIFF (LZW).
ffmpeg -v error -f lavfi -i testsrc=size=16x8:rate=5 -frames:v 1 -c:v libwebp -lossless 1 \
  "$work/photo.webp"
ffmpeg -v error -f lavfi -i testsrc=size=16x8:rate=5 -frames:v 2 "$work/photo.gif"
ffmpeg -v error -f lavfi -i testsrc=size=16x8:rate=5 -frames:v 1 -pix_fmt bgr24 "$work/photo.bmp"
ffmpeg -v error -f lavfi -i testsrc=size=16x8:rate=5 -frames:v 1 -compression_algo lzw \
  "$work/photo.tiff"
# An animated WebP (three lossless frames): the ANIM/ANMF walk and libwebp's demuxer.
ffmpeg -v error -f lavfi -i testsrc=size=16x8:rate=5 -frames:v 3 -c:v libwebp -lossless 1 \
  -loop 0 "$work/anim.webp"

# ffmpeg's own y4m: 8-bit mono, 4:2:0 and 10-bit 4:2:0, two 8x6 frames each.
for format in gray:mono yuv420p:420 yuv420p10le:420p10; do
  ffmpeg -v error -f lavfi -i testsrc=size=8x6:rate=5 -frames:v 2 -pix_fmt "${format%%:*}" \
    -strict -1 -f yuv4mpegpipe "$work/${format##*:}.y4m"
done

python3 - "$work" <<'PY'
import os, struct, sys, zlib

work = sys.argv[1]
def write(target, name, data):
    os.makedirs(f"Corpus/{target}", exist_ok=True)
    with open(f"Corpus/{target}/{name}", "wb") as f:
        f.write(bytes(data))

def qrframe_header(w, h, stride=None, seq=0, ts=0, length=64):
    stride = stride or w
    head = b"QRFM" + bytes([1, 0]) + struct.pack("<H", length) + b"GREY"
    head += struct.pack("<IIIQQQI", w, h, stride, stride * h, seq, ts, 0)
    head += bytes([0, 0]) + bytes(length - 4 - len(head))   # clock 0, flags 0, reserved
    return head + struct.pack("<I", zlib.crc32(head))

def qrframe(w, h, stride=None, seq=0):
    stride = stride or w
    return qrframe_header(w, h, stride, seq, seq * 40_000_000) + bytes(
        (x * 31 + y * 7) & 255 for y in range(h) for x in range(stride))

y4m = {name: open(f"{work}/{name}.y4m", "rb").read() for name in ["mono", "420", "420p10"]}
pgm = b"P5\n# seed\n4 3\n255\n" + bytes(range(0, 240, 20))
pnm = {
    "p1": b"P1\n3 2\n1 0 1\n0 1 0\n",
    "p2": b"P2\n3 2\n15\n0 5 10\n15 3 1\n",
    "p3": b"P3\n2 1\n255\n255 0 0 0 0 255\n",
    "p4": b"P4\n10 2\n" + bytes([0xA5, 0xC0, 0x5A, 0x40]),
    "p5": pgm,
    "p5-16bit": b"P5 2 2 1000\n" + struct.pack(">4H", 0, 250, 999, 1000),
    "p6": b"P6\n2 2\n255\n" + bytes(range(12)),
    "p6-16bit": b"P6 1 1 65535\n" + struct.pack(">3H", 65535, 0, 32768),
}

# FuzzFrameStream: flags byte (bit 2 fixes qrframe CRCs, bit 3 pipe, bits 4-6 piece size),
# raw geometry only with bits 0-1 = 1 or 2.
T = "FuzzFrameStream"
write(T, "qrframe-two", [4] + list(qrframe(8, 4) + qrframe(8, 4, seq=1)))
write(T, "qrframe-stride", [0] + list(qrframe(6, 3, stride=9)))
write(T, "qrframe-pipe-pieces-3", [0x08 | (2 << 4)] + list(qrframe(5, 5)))
write(T, "qrframe-truncated", [4] + list(qrframe(8, 4)[:-5]))
for name, data in y4m.items():
    write(T, f"y4m-{name}", [0] + list(data))
write(T, "y4m-pipe-pieces-7", [0x08 | (3 << 4)] + list(y4m["mono"]))
for name, data in pnm.items():
    write(T, f"pnm-{name}", [0] + list(data))
write(T, "mixed-pgm-qrframe-y4m", [4] + list(pgm + qrframe(4, 2) + y4m["mono"] + pnm["p1"]))
write(T, "raw-gray-4x2", [1, 4, 2, 0, 0] + list(range(16)))
write(T, "raw-yuyv-4x2-stride", [2, 4, 2, 1, 6] + list(range(40)))
write(T, "raw-nv12-4x2", [2, 4, 2, 3, 0] + list(range(24)))
write(T, "bad-magic", [0] + list(b"GIF89a\x01\x00"))
photos = {name: open(f"{work}/photo.{name}", "rb").read() for name in ["webp", "gif", "bmp", "tiff"]}
for name, data in photos.items():
    write(T, f"photo-{name}", [0] + list(data))
write(T, "photos-bmp-gif-webp-pipe-pieces-7",
      [0x08 | (3 << 4)] + list(photos["bmp"] + photos["gif"] + photos["webp"]))

# FuzzQRFrameHeader: bit 0 of the first byte fixes the CRC.
T = "FuzzQRFrameHeader"
write(T, "valid", [0] + list(qrframe_header(640, 480, seq=7, ts=123456789)))
write(T, "valid-fixing", [1] + list(qrframe_header(3, 2, stride=4)))
write(T, "long-header", [0] + list(qrframe_header(16, 16, length=80)))
write(T, "bad-crc", [0] + list(qrframe_header(1, 1)[:-1] + b"\x00"))
write(T, "zero-width", [1] + list(qrframe_header(0, 5)))

# FuzzDedupeLines: three bytes of 3-bit option choices and a reserved byte, then lines.
T = "FuzzDedupeLines"
def options(*choices):  # choices per option, in the target's optionChoices order; 0 = absent
    bits = sum(choice << (3 * index) for index, choice in enumerate(choices))
    return list(struct.pack("<I", bits)[:3]) + [0]
def rec(t, text, extra=""):
    return '{"time":%s,"source":"-","symbology":"qr","text":"%s","bytes":"YQ==",%s"version":1}' % (t, text, extra)
corners = '"corners":[[10,10],[90,10],[90,90],[10,90]],'
lines = "\n".join([rec(0, "a"), rec(0.1, "a"), rec(0.5, "b", corners), rec(2, "a"), "not json",
                   '{"time":3,"text":"a\\u00e9\\ud83d\\ude00","x":[1,2.5e3,{"y":null}],"z":true}'])
write(T, "records-default", options() + list(lines.encode()))
write(T, "records-events", options(0, 2, 3, 0, 1, 2) + list((lines + "\n").encode()))
seq = "\n".join('{"time":0.%d,"text":"%s","sequence":{"index":%d,"count":2,"parity":5}}' % (i, c, i)
                for i, c in enumerate("xy"))
write(T, "assemble", options(0, 0, 0, 0, 4) + list(seq.encode()))
write(T, "rearm-wall-maxkeys", options(2, 4, 1, 2, 0, 0, 4, 2) + list(lines.encode()))
write(T, "json-edge-cases", options(0, 0, 0, 0, 3) + list(
    b'{}\n {"a":-0.0e+1}\t\n{"a":"\\/\\b\\f\\n\\r\\t\\"\\\\"}\n{"a":1,}\n{"a":01}\n[1]\n{"a":"\x01"}\n'
    b'{"\xc3\xa9":"\xff"}\n{"a":[[[[[]]]]]}\n{"a":1}x'))

# FuzzDecoder: mode byte, then a size or a fixture, then modules or flips.
T = "FuzzDecoder"
write(T, "random-21", [0, 0, 0] + [0x5A] * 56)
write(T, "random-micro-11", [2, 40, 1] + [0xC3] * 16)
for fixture in range(11):
    flips = [(fixture * 37 + k * 101) % 400 for k in range(3)]
    write(T, f"fixture-{fixture}-3-flips", [1, fixture] + [b for f in flips for b in struct.pack("<H", f)])
write(T, "fixture-5-erasures-mirrored", [1 | 2 | 4, 5] + [b for f in range(30, 90, 7) for b in struct.pack("<H", f | 0x8000)])

# FuzzDetector: mode byte, then a size or a rendered fixture, then XOR triples.
T = "FuzzDetector"
write(T, "random-64x48", [0, 48, 32] + [(i * 37) & 255 for i in range(256)])
write(T, "random-checker", [2, 144, 104] + [0, 0, 255, 255] * 8)
for fixture in range(6):
    write(T, f"fixture-{fixture}-clean", [1, fixture])
    write(T, f"fixture-{fixture}-noise", [1 | (fixture % 3) << 1, fixture] + [b for k in range(12) for b in struct.pack("<HB", (k * 997 + fixture) & 0xFFFF, 0x80)])

# FuzzY4M and FuzzPNM: the FuzzFrameStream seeds of their format, with the magic the target
# supplies ("YUV4MPEG2 ", "P") taken out after the flag byte.
for prefix, target, magic in [("y4m-", "FuzzY4M", b"YUV4MPEG2 "), ("pnm-", "FuzzPNM", b"P")]:
    for name in sorted(os.listdir("Corpus/FuzzFrameStream")):
        if name.startswith(prefix):
            seed = open(f"Corpus/FuzzFrameStream/{name}", "rb").read()
            assert seed[1:1 + len(magic)] == magic
            write(target, name[len(prefix):], seed[:1] + seed[1 + len(magic):])

# FuzzImages: bits 0-2 of the first byte pick the magic (0 PNG, 1 JPEG, ...), which the input follows.
T = "FuzzImages"
def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
def png(w, h, depth, color, rows, interlace=0, extra=b""):
    ihdr = struct.pack(">IIBBBBB", w, h, depth, color, 0, 0, interlace)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + extra
            + chunk(b"IDAT", zlib.compress(b"".join(b"\0" + r for r in rows))) + chunk(b"IEND", b""))
pngs = {
    "gray8": png(4, 3, 8, 0, [bytes(range(y * 4, y * 4 + 4)) for y in range(3)]),
    "bits1": png(10, 2, 1, 0, [bytes([0xA5, 0xC0]), bytes([0x5A, 0x40])]),
    "palette-trns": png(2, 2, 8, 3, [b"\0\1", b"\1\0"],
        extra=chunk(b"PLTE", b"\0\0\0\xff\xff\xff") + chunk(b"tRNS", b"\0")),
    "rgba16": png(1, 1, 16, 6, [b"\xff\xff\0\0\x80\0\x40\0"]),
    "gray-alpha": png(2, 1, 8, 4, [b"\0\x80\xff\x00"]),
    # Adam7, 2x2: pass 1 holds (0,0), pass 6 (1,0), pass 7 row 1.
    "interlaced": png(2, 2, 8, 0, [b"\x10", b"\x20", b"\x30\x40"], interlace=1),
}
for name, data in pngs.items():
    write(T, f"png-{name}", [0] + list(data[8:]))
write(T, "png-twice", [0] + list((pngs["gray8"] + pngs["bits1"])[8:]))
jpegs = {name: open(f"{work}/{name}.jpg", "rb").read() for name in ["gray", "color"]}
# An APP1 EXIF segment with orientation 6 (big-endian TIFF) after SOI.
tiff = b"MM\0*" + struct.pack(">I", 8) + struct.pack(">H", 1) + struct.pack(">HHII", 0x0112, 3, 1, 6 << 16) + b"\0\0\0\0"
app1 = b"Exif\0\0" + tiff
exif = jpegs["gray"][:2] + b"\xff\xe1" + struct.pack(">H", len(app1) + 2) + app1 + jpegs["gray"][2:]
for name, data in [("gray", jpegs["gray"]), ("color", jpegs["color"]), ("exif6", exif)]:
    write(T, f"jpeg-{name}", [1] + list(data[3:]))
write(T, "jpeg-then-png", [1] + list((jpegs["gray"] + pngs["gray8"])[3:]))

# The other image formats (bits 0-2 of the first byte: 2 BMP, 3 GIF89a, 4 TIFF II, 5 WebP, 6
# TIFF MM, 7 GIF87a), with seeds that reach each header field: BMP bit fields of every mask
# width (the masks over 24 bits trapped, issue 46) in the three places masks are kept, RLE8 and
# RLE4 with every escape, GIF screens and frames (disposal, transparency, interlace, a local
# palette, a frame beyond the screen), TIFF directories and strips (pages sharing one strip), and
# an animated WebP.
def bmp(w, h, bits, pixels, header=40, compression=0, masks=b"", palette=b"", colours=0):
    head = struct.pack("<iiHHIIiiII", w, h, 1, bits, compression, len(pixels), 2835, 2835,
                       colours, 0)
    if header > 40:
        head += masks.ljust(header - 40, b"\0")[:header - 40]
        masks = b""
    head = struct.pack("<I", header) + head
    offset = 14 + len(head) + len(masks) + len(palette)
    return (b"BM" + struct.pack("<IHHI", offset + len(pixels), 0, 0, offset) + head + masks
            + palette + pixels)
def fields(*masks):
    return b"".join(struct.pack("<I", m) for m in masks)
for width in [16, 24, 25, 31, 32]:
    mask = (1 << width) - 1
    px = b"".join(struct.pack("<I", (i * 0x01234567) & 0xFFFFFFFF) for i in range(16))
    write(T, f"bmp-fields32-{width}bit-masks", [2] + list(bmp(4, 4, 32, px, compression=3,
          masks=fields(mask, mask, mask))[2:]))
write(T, "bmp-fields32-v4-alpha", [2] + list(bmp(4, -4, 32, bytes(range(64)), header=108,
      compression=3, masks=fields(0xFF000000, 0xFF0000, 0xFF00, 0xFF))[2:]))
write(T, "bmp-fields32-v5-holes", [2] + list(bmp(4, 4, 32, bytes(range(64)), header=124,
      compression=3, masks=fields(0xF0F0F0F0, 0x0F0F0F0F, 0xFF0000FF, 0))[2:]))
write(T, "bmp-fields16-565", [2] + list(bmp(4, 2, 16, bytes(range(16)), compression=3,
      masks=fields(0xF800, 0x07E0, 0x001F))[2:]))
write(T, "bmp-alphafields-52", [2] + list(bmp(2, 2, 32, bytes(range(16)), header=56,
      compression=6, masks=fields(0xFF0000, 0xFF00, 0xFF, 0xFF000000))[2:]))
gray = b"".join(bytes([v, v, v, 0]) for v in range(0, 256, 16))
# RLE8: a run, an absolute run (odd, padded), a delta, an end of line, an end of bitmap.
rle8 = bytes([3, 7, 0, 3, 1, 2, 3, 0, 0, 2, 1, 1, 2, 9, 0, 0, 4, 5, 0, 1])
write(T, "bmp-rle8", [2] + list(bmp(6, 4, 8, rle8, compression=1, palette=gray, colours=16)[2:]))
rle4 = bytes([5, 0x12, 0, 5, 0x34, 0x56, 0x70, 0, 0, 0, 0, 2, 2, 1, 3, 0xAB, 0, 1])
write(T, "bmp-rle4", [2] + list(bmp(7, 3, 4, rle4, compression=2, palette=gray, colours=16)[2:]))
write(T, "bmp-os2-8bit", [2] + list(b"BM" + struct.pack("<IHHI", 26 + 6 + 8, 0, 0, 26 + 6)
      + struct.pack("<IHHHH", 12, 2, 2, 1, 8) + b"\0\0\0\xff\xff\xff" + bytes([0, 1, 0, 0, 1, 0, 0, 0]))[2:])
def gif(w, h, frames, palette=b"\0\0\0\xff\xff\xff"):
    out = b"GIF89a" + struct.pack("<HHBBB", w, h, 0x80, 0, 0) + palette
    for (left, top, fw, fh, flags, control, local) in frames:
        if control is not None:
            out += b"\x21\xf9\x04" + bytes([control, 10, 0, 1]) + b"\0"
        out += b"\x2c" + struct.pack("<HHHHB", left, top, fw, fh, flags) + local
        # LZW, minimum code size 2: clear, a few codes, end (a valid stream for any size).
        out += b"\x02\x02\x4c\x01\x00"
    return out + b"\x3b"
write(T, "gif-frames", [3] + list(gif(4, 4, [(0, 0, 4, 4, 0, None, b""),
      (1, 1, 2, 2, 0x40, 0x09, b""), (2, 2, 2, 2, 0x80, 0x0C, b"\0\0\0\xff\0\0"),
      (3, 3, 8, 8, 0, 0x04, b"")])[6:]))
write(T, "gif-wide-screen", [3] + list(gif(4000, 3, [(0, 0, 1, 1, 0, None, b"")] * 3)[6:]))
photo_gif = photos["gif"]
write(T, "gif-ffmpeg", [3 if photo_gif[:6] == b"GIF89a" else 7] + list(photo_gif[6:]))
def tiff(pages):
    # Little-endian, uncompressed 8-bit gray pages; `pages` lists (width, height, strip offset
    # or None for its own strip).
    body = b""
    entries = []
    offset = 8
    strips = []
    for (w, h, shared) in pages:
        if shared is None:
            strips.append((offset, w * h))
            body += bytes((i * 13) & 255 for i in range(w * h))
            offset += w * h
        else:
            strips.append((shared, w * h))
    out = b"II*\0"
    ifds = b""
    ifd_offset = 8 + len(body)
    first = ifd_offset
    for index, ((w, h, _), (strip, count)) in enumerate(zip(pages, strips)):
        tags = [(256, 3, w), (257, 3, h), (258, 3, 8), (259, 3, 1), (262, 3, 1), (273, 4, strip),
                (277, 3, 1), (278, 3, h), (279, 4, count)]
        size = 2 + 12 * len(tags) + 4
        next_ifd = ifd_offset + size if index + 1 < len(pages) else 0
        ifd = struct.pack("<H", len(tags)) + b"".join(
            struct.pack("<HHII", t, k, 1, v) for (t, k, v) in tags) + struct.pack("<I", next_ifd)
        ifds += ifd
        ifd_offset += size
    return out + struct.pack("<I", first) + body + ifds
write(T, "tiff-pages", [4] + list(tiff([(4, 3, None), (2, 2, None)])[4:]))
write(T, "tiff-shared-strip", [4] + list(tiff([(4, 4, None)] + [(4, 4, 8)] * 6)[4:]))
write(T, "tiff-lzw", [4 if photos["tiff"][:2] == b"II" else 6] + list(photos["tiff"][4:]))
write(T, "webp-lossless", [5] + list(photos["webp"][4:]))
write(T, "webp-animated", [5] + list(open(f"{work}/anim.webp", "rb").read()[4:]))
PY
for target in Corpus/*; do echo "$target: $(ls "$target" | wc -l) seeds"; done
