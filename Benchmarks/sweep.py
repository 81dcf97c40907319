#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Clean symbols made by another encoder: does every one read, and read exactly once?

    Benchmarks/sweep.py [--qrdetect PATH] [--scales 1,2,3,4,5,6] [--seed S] [--jobs N]
                        [--micro-only | --qr-only] [--misses] [--keep DIR]

Every QR Code version 1-40 at every level (L, M, Q, H) with every mask forced (0-7), and every
Micro QR version and level with every mask (0-3), made by segno (not by qrpipe's encoder, so a
reading of the standard that both share cannot hide a fault), each drawn at every scale given
(pixels a module, default 1-6). Per image, seeded: the quiet zone (1-4 modules) and the payload,
taking turns among one character (a symbol of padding), a few digits, and numeric, alphanumeric
or byte data from a random length up to the symbol's capacity.

qrdetect (balanced effort, `--bytes`) reads all the images in one process; zxing-cpp 3.1.1
(QR Code and Micro QR, default options) reads the same pixels in this one. A symbol is read
exactly when the reader reports its bytes once and nothing else. Prints the totals per family of
symbols and, with --misses, each image a reader missed (with --keep, the images stay there for
qrtrace).
"""
import argparse
import base64
import collections
import json
import os
import random
import subprocess
import sys
import tempfile
import time

import numpy as np
import segno
from segno import consts

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

LEVELS = "LMQH"
MICRO = {"M1": [None], "M2": ["L", "M"], "M3": ["L", "M"], "M4": ["L", "M", "Q"]}
ALPHANUMERIC = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:"
KINDS = ["one", "digits", "numeric", "alphanumeric", "bytes"]


def capacity_bits(version, level):
    """The data bits of a symbol (ISO/IEC 18004 Table 7, as segno holds it)."""
    key = version if isinstance(version, int) else consts.MICRO_VERSION_MAPPING[version]
    error = None if level is None else consts.ERROR_MAPPING[level]
    return consts.SYMBOL_CAPACITY[key][error]


def payload(kind, version, level, rng):
    """A payload of `kind` for the symbol: text or bytes, with the mode segno is to use."""
    bits = capacity_bits(version, level)
    if kind == "one":
        return rng.choice("7A"), None
    if kind == "digits":
        return "".join(rng.choice("0123456789") for _ in range(rng.randint(1, 8))), "numeric"
    # An upper bound on the characters that fit (the header makes the real one smaller: the
    # caller shrinks the payload until segno takes it).
    per = {"numeric": 10 / 3, "alphanumeric": 5.5, "bytes": 8}[kind]
    most = max(1, int(bits / per))
    length = rng.randint(1, most) if rng.random() < 0.5 else most
    if kind == "numeric":
        return "".join(rng.choice("0123456789") for _ in range(length)), "numeric"
    if kind == "alphanumeric":
        return "".join(rng.choice(ALPHANUMERIC) for _ in range(length)), "alphanumeric"
    return bytes(rng.randrange(32, 127) for _ in range(length)), "byte"


def make(version, level, mask, kind, rng):
    """A segno symbol and its payload's bytes, shrinking the payload until it fits."""
    content, mode = payload(kind, version, level, rng)
    micro = isinstance(version, str)
    if micro and version == "M1" and (mode != "numeric" or not content.isdigit()):
        content, mode = "".join(rng.choice("0123456789") for _ in range(len(content))), "numeric"
    if micro and version == "M2" and mode == "byte":
        mode = "alphanumeric"
        content = "".join(rng.choice(ALPHANUMERIC) for _ in range(len(content)))
    while True:
        try:
            symbol = segno.make(content, error=level, version=version, mode=mode, mask=mask,
                                micro=micro, boost_error=False)
            break
        except segno.DataOverflowError:
            if len(content) == 1:
                raise
            content = content[: max(1, len(content) * 15 // 16 - 1)]
    data = content if isinstance(content, bytes) else content.encode("ascii")
    return symbol, data


def pixels(symbol, scale, quiet):
    """The symbol as gray pixels: dark modules 0, light 255, `quiet` modules of quiet zone."""
    matrix = np.array([list(row) for row in symbol.matrix], dtype=np.uint8)
    image = np.where(matrix > 0, 0, 255).astype(np.uint8)
    image = np.pad(image, quiet, constant_values=255)
    return np.kron(image, np.ones((scale, scale), dtype=np.uint8))


def write_pgm(path, image):
    with open(path, "wb") as f:
        f.write(b"P5\n%d %d\n255\n" % (image.shape[1], image.shape[0]))
        f.write(image.tobytes())


def symbols(scales, seed, which):
    """(name, family, version, level, mask, kind, scale, quiet, rng seed) for every image."""
    rng = random.Random(seed)
    specs = []
    if which != "micro":
        for version in range(1, 41):
            for level in LEVELS:
                for mask in range(8):
                    for scale in scales:
                        specs.append(("qr", version, level, mask, scale))
    if which != "qr":
        for version, levels in MICRO.items():
            for level in levels:
                for mask in range(4):
                    for scale in scales:
                        for _ in range(3):  # few symbols: three payloads each
                            specs.append(("micro", version, level, mask, scale))
    for number, (family, version, level, mask, scale) in enumerate(specs):
        kind = KINDS[number % len(KINDS)] if family == "qr" else rng.choice(KINDS)
        yield number, family, version, level, mask, kind, scale, rng.randint(1, 4), rng.random()


def family_of(family, version):
    if family == "micro":
        return f"Micro QR {version}"
    low = (version - 1) // 10 * 10 + 1
    return f"QR {low}-{low + 9}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--qrdetect", default=os.path.join(ROOT, ".build", "release", "qrdetect"))
    parser.add_argument("--scales", default="1,2,3,4,5,6")
    parser.add_argument("--seed", type=int, default=43)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--effort", default="balanced")
    parser.add_argument("--micro-only", action="store_true")
    parser.add_argument("--qr-only", action="store_true")
    parser.add_argument("--no-peer", action="store_true", help="qrdetect alone")
    parser.add_argument("--misses", action="store_true")
    parser.add_argument("--keep", help="write the images here and leave them")
    parser.add_argument("--json", help="write the totals and misses as JSON here")
    args = parser.parse_args()
    scales = [int(s) for s in args.scales.split(",")]
    which = "micro" if args.micro_only else "qr" if args.qr_only else "both"
    import zxingcpp

    formats = [zxingcpp.BarcodeFormat.QRCode, zxingcpp.BarcodeFormat.MicroQRCode]
    folder = args.keep or tempfile.mkdtemp(prefix="qrsweep-")
    os.makedirs(folder, exist_ok=True)
    truth = {}
    peer = {}
    peer_seconds = 0.0
    for number, family, version, level, mask, kind, scale, quiet, draw in symbols(
            scales, args.seed, which):
        rng = random.Random(draw)
        symbol, data = make(version, level, mask, kind, rng)
        image = pixels(symbol, scale, quiet)
        name = f"{number:05d}-{version}-{level or 'X'}-m{mask}-{kind}-s{scale}-q{quiet}.pgm"
        path = os.path.join(folder, name)
        write_pgm(path, image)
        truth[path] = (family_of(family, version), data)
        if not args.no_peer:
            started = time.perf_counter()
            results = zxingcpp.read_barcodes(image, formats=formats)
            peer_seconds += time.perf_counter() - started
            peer[path] = [r.bytes for r in results if r.valid]
    listing = os.path.join(folder, "files.txt")
    with open(listing, "w") as f:
        f.write("".join(path + "\n" for path in truth))
    started = time.perf_counter()
    out = subprocess.run(
        [args.qrdetect, "--bytes", "--effort", args.effort, "--jobs", str(args.jobs),
         "--files-from", listing], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
        check=False).stdout
    ours_seconds = time.perf_counter() - started
    ours = collections.defaultdict(list)
    for line in out.splitlines():
        record = json.loads(line)
        ours[record["source"]].append(base64.b64decode(record["bytes"]))
    readers = [("qrdetect", ours)] + ([] if args.no_peer else [("zxing-cpp", peer)])
    table = collections.OrderedDict()
    misses = {name: [] for name, _ in readers}
    for path, (family, data) in truth.items():
        row = table.setdefault(family, {"symbols": 0, **{name: 0 for name, _ in readers}})
        row["symbols"] += 1
        for name, found in readers:
            if found.get(path, []) == [data]:
                row[name] += 1
            else:
                misses[name].append(os.path.basename(path))
    names = [name for name, _ in readers]
    print("| symbols | count | " + " | ".join(names) + " |")
    print("|---|---:|" + "---:|" * len(names))
    totals = collections.Counter()
    for family, row in table.items():
        print(f"| {family} | {row['symbols']} | " + " | ".join(str(row[n]) for n in names) + " |")
        totals.update(row)
    print(f"| all | {totals['symbols']} | " + " | ".join(str(totals[n]) for n in names) + " |")
    print(f"seconds: qrdetect {ours_seconds:.1f} (one process, --jobs {args.jobs})"
          + ("" if args.no_peer else f", zxing-cpp {peer_seconds:.1f} (in-process calls)"))
    if args.misses:
        for name in names:
            print(f"\n{name}: {len(misses[name])} not read exactly")
            for miss in misses[name]:
                print("  " + miss)
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"table": table, "misses": misses}, f, indent=1)
    if not args.keep:
        for path in list(truth) + [listing]:
            os.remove(path)
        os.rmdir(folder)
    return 0 if not misses["qrdetect"] else 1


if __name__ == "__main__":
    sys.exit(main())
