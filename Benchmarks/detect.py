#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""QRVision's detector against zxing-cpp: corpus counts per folder and rotation, ms per frame.

Run by Benchmarks/detect.sh, which builds DetectBench. "ours" is QRVision's detector with
qrpipe's decoder; with DECODER=zxing, the grids our detector samples are decoded by zxing-cpp
instead (rendered clean, 4 px per module), which measures our detection apart from our decoding.
"""
import json
import os
import statistics
import subprocess
import sys
import time

import numpy as np
import zxingcpp

FORMATS = (zxingcpp.BarcodeFormat.QRCode, zxingcpp.BarcodeFormat.MicroQRCode)
# Raw text (control characters and GS1 separators as bytes), as the expected files hold it.
PLAIN = zxingcpp.TextMode.Plain
DECODER = os.environ.get("DECODER", "qrpipe")


def read_pgm(path):
    with open(path, "rb") as f:
        data = f.read()
    parts, index = [], 2
    while len(parts) < 3:
        while data[index:index + 1].isspace():
            index += 1
        if data[index:index + 1] == b"#":
            index = data.index(b"\n", index)
            continue
        start = index
        while not data[index:index + 1].isspace():
            index += 1
        parts.append(int(data[start:index]))
    width, height, _ = parts
    index += 1
    return np.frombuffer(data[index:index + width * height], dtype=np.uint8).reshape(height, width)


def write_pgm(path, array):
    with open(path, "wb") as f:
        f.write(b"P5\n%d %d\n255\n" % (array.shape[1], array.shape[0]))
        f.write(np.ascontiguousarray(array, dtype=np.uint8).tobytes())


def decode_grid(size, bits):
    """zxing-cpp's decoder on a sampled grid, drawn clean with a quiet zone."""
    grid = np.array([c == "1" for c in bits], dtype=bool).reshape(size, size)
    quiet, scale = 4, 4
    image = np.full((size + 2 * quiet, size + 2 * quiet), 255, dtype=np.uint8)
    image[quiet:quiet + size, quiet:quiet + size][grid] = 0
    image = np.kron(image, np.ones((scale, scale), dtype=np.uint8))
    results = zxingcpp.read_barcodes(image, formats=FORMATS, text_mode=PLAIN)
    return results[0].text if results else None


def ours(bench, effort, jobs):
    """Yields (pgm, rotation, texts) from DetectBench serving requests."""
    process = subprocess.Popen([bench, "serve", effort, DECODER], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, text=True, bufsize=1)
    for pgm, rotation in jobs:
        process.stdin.write(f"{pgm} {rotation}\n")
        process.stdin.flush()
        texts = []
        while True:
            line = process.stdout.readline()
            if not line:
                raise SystemExit("DetectBench died")
            if line.startswith("D"):
                break
            if line.startswith("T"):
                texts.append(bytes.fromhex(line[2:].strip()).decode("utf-8", "replace"))
                continue
            _, size, bits = line.split()
            text = decode_grid(int(size), bits)
            if text is not None:
                texts.append(text)
            process.stdin.write("1\n" if text is not None else "0\n")
            process.stdin.flush()
        yield pgm, rotation, texts
    process.stdin.close()
    process.wait()


def theirs(jobs):
    for pgm, rotation in jobs:
        image = np.rot90(read_pgm(pgm), k=-rotation // 90)
        results = zxingcpp.read_barcodes(image, formats=FORMATS, text_mode=PLAIN)
        yield pgm, rotation, [r.text for r in results]


def corpus(bench, effort, root, rotations):
    entries = [json.loads(line) for line in open(os.path.join(root, "index.jsonl"))]
    jobs = [(os.path.join(root, e["pgm"]), r) for r in rotations for e in entries]
    expected = {os.path.join(root, e["pgm"]): e for e in entries}
    tally = {}  # (tool, folder, rotation) -> [found, expected, false positives, wrong texts]
    wrong_examples = []
    hits = {"ours": set(), "zxing-cpp": set()}
    for tool, results in (("ours", ours(bench, effort, jobs)), ("zxing-cpp", theirs(jobs))):
        for pgm, rotation, texts in results:
            entry = expected[pgm]
            folder = entry["pgm"].split("/")[0]
            row = tally.setdefault((tool, folder, rotation), [0, 0, 0, 0])
            wanted = entry.get("expected", [])
            row[1] += len(wanted)
            if entry["kind"] == "part":
                # A structured-append part: its own text is a piece of the group's.
                row[0] += int(any(t and t in wanted[0] for t in texts))
                texts = [t for t in texts if not (t and t in wanted[0])]
            else:
                row[0] += sum(1 for text in set(wanted) if text in texts)
            for text in set(wanted):
                if any(t and (t == text or (entry["kind"] == "part" and t in text)) for t in texts):
                    hits[tool].add((entry["pgm"], rotation, wanted.index(text)))
            if entry["kind"] not in ("positive", "part"):
                row[2] += len(texts)
            else:
                # qrcode-2/16 nests a code in another; the outer one is not an error.
                extra = [t for t in texts if t not in wanted]
                if extra and not entry["pgm"].startswith("qrcode-2/16."):
                    row[3] += len(extra)
                    wrong_examples.append((tool, entry["pgm"], rotation, extra[:1]))
    if os.environ.get("VERBOSE") == "1":
        for key in sorted(hits["zxing-cpp"] - hits["ours"]):
            print("  missed (zxing-cpp reads it):", *key)
        for key in sorted(hits["ours"] - hits["zxing-cpp"]):
            print("  read (zxing-cpp misses it):", *key)
    folders = sorted({f for _, f, _ in tally})
    print(f"corpus {root} (effort {effort}; ours = QRVision detector + {DECODER} decoder)")
    header = f"{'folder':16}" + "".join(f"{'rot ' + str(r):>18}" for r in rotations)
    print(header)
    print(f"{'':16}" + "".join(f"{'ours / zxing':>18}" for _ in rotations))
    totals = {}
    for folder in folders:
        cells = []
        for r in rotations:
            a = tally.get(("ours", folder, r), [0, 0, 0, 0])
            b = tally.get(("zxing-cpp", folder, r), [0, 0, 0, 0])
            for tool, row in (("ours", a), ("zxing-cpp", b)):
                t = totals.setdefault((tool, r), [0, 0, 0, 0])
                for i in range(4):
                    t[i] += row[i]
            if folder.startswith("falsepositives"):
                cells.append(f"{a[2]} / {b[2]} FP")
            else:
                cells.append(f"{a[0]} / {b[0]} of {a[1]}")
        print(f"{folder:16}" + "".join(f"{c:>18}" for c in cells))
    print(f"{'total':16}" + "".join(
        f"{str(totals[('ours', r)][0]) + ' / ' + str(totals[('zxing-cpp', r)][0]):>18}"
        for r in rotations))
    print(f"{'false positives':16}" + "".join(
        f"{str(totals[('ours', r)][2]) + ' / ' + str(totals[('zxing-cpp', r)][2]):>18}"
        for r in rotations))
    print(f"{'wrong texts':16}" + "".join(
        f"{str(totals[('ours', r)][3]) + ' / ' + str(totals[('zxing-cpp', r)][3]):>18}"
        for r in rotations))
    for example in wrong_examples[:10]:
        print("  unexpected text:", example)


def frames(work):
    """640x480 and 1920x1080 frames with no code, with one code (segno) and of pure Gaussian
    noise, as PGM files."""
    import segno
    rng = np.random.default_rng(1)
    made = []
    for width, height, module in ((640, 480, 4), (1920, 1080, 8)):
        y, x = np.mgrid[0:height, 0:width]
        background = 90 + 100 * x / width + 30 * np.sin(y / 37.0)
        for _ in range(40):  # some edges, like a desk or a room
            x0, y0 = rng.integers(0, width - 50), rng.integers(0, height - 50)
            background[y0:y0 + rng.integers(10, 120), x0:x0 + rng.integers(10, 160)] -= 60
        background += rng.normal(0, 4, background.shape)
        empty = np.clip(background, 0, 255).astype(np.uint8)
        code = np.array(segno.make("https://example.com/qrpipe/frame/0001", error="m",
                                   micro=False).matrix, dtype=bool)
        code = np.pad(code, 4, constant_values=False)
        tile = np.where(np.kron(code, np.ones((module, module), dtype=bool)), 25, 230)
        withcode = empty.copy()
        top, left = (height - tile.shape[0]) // 2, (width - tile.shape[1]) // 3
        withcode[top:top + tile.shape[0], left:left + tile.shape[1]] = tile
        # Pure Gaussian noise: full of 1:1:3:1:1 runs, the worst case for the frame budget.
        noise = np.clip(rng.normal(128, 50, (height, width)), 0, 255).astype(np.uint8)
        for name, image in (("no code", empty), ("one code", withcode), ("noise", noise)):
            path = os.path.join(work, f"{width}x{height}-{name.replace(' ', '-')}.pgm")
            write_pgm(path, image)
            made.append((f"{width}x{height} {name}", path))
    return made


def timing(bench, effort, work, repetitions):
    print(f"\nms per frame (median of {repetitions}; ours: detect() with decoding, effort {effort};"
          " zxing-cpp: read_barcodes, QR|MicroQR)")
    print(f"{'frame':22}{'ours ms':>10}{'found':>7}{'zxing ms':>10}{'found':>7}")
    for label, path in frames(work):
        out = subprocess.run([bench, "time", path, str(repetitions), effort], capture_output=True,
                             text=True, check=True).stdout.split()
        image = read_pgm(path)
        zxingcpp.read_barcodes(image, formats=FORMATS)
        samples = []
        for _ in range(repetitions):
            start = time.perf_counter()
            found = len(zxingcpp.read_barcodes(image, formats=FORMATS))
            samples.append((time.perf_counter() - start) * 1e3)
        print(f"{label:22}{float(out[0]):>10.3f}{out[1]:>7}{statistics.median(samples):>10.3f}{found:>7}")


def main():
    bench, effort, root, work = sys.argv[1:5]
    rotations = [int(r) for r in os.environ.get("ROTATIONS", "0 90 180 270").split()]
    if os.environ.get("SKIP_CORPUS") != "1":
        corpus(bench, effort, root, rotations)
    if os.environ.get("SKIP_TIMING") != "1":
        timing(bench, effort, work, int(os.environ.get("REPS", "200")))


if __name__ == "__main__":
    main()
