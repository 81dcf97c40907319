#!/usr/bin/env python3
"""Codes read in real photos: qrdetect against zxing-cpp, per category, scored as the photos'
README says.

    Benchmarks/realphotos.py [--qrdetect PATH] [--effort E ...] [--peer] [--json OUT] [DIR]
    Benchmarks/realphotos.py --check [--qrdetect PATH] [DIR]

--check is the test scripts/test runs: balanced effort must read at least FLOORS in every
category, with no false positive, at least MINIMUM_RATE over all labelled codes, and accurate
effort at least as many codes as balanced in every image; it prints what fails and exits 1.

DIR is the benchmark half shared with the project (default ../shared/realphotos beside the
repository): CATEGORY/imageNNN.{jpg,png} with truth.jsonl. qrdetect reads each category's images
as operands in one process (`--bytes`, so payloads compare byte for byte); zxing-cpp (QR Code and
Micro QR, default options) reads the same files in-process when --peer is given.

Scoring, per image: a decode whose bytes match a labelled code's text counts as read (each label
once); in an image with `unknown` codes, up to that many other decodes count as unverified; any
other decode is a false positive. The rate is (read + unverified) / labelled codes, as the
benchmark's published rates are given.
"""

import argparse
import base64
import collections
import json
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))

# Codes read (texts matched, not counting unverified ones) per category at balanced effort, as
# measured when the detector last improved; zxing-cpp 3.1.1 on the same half, from the photos'
# README, beside them. Raise a floor when reading improves; a drop is a regression. The rate is
# (read + unverified) / labelled codes over all categories (Dynamsoft's published rate over the
# whole benchmark is 83.3%).
FLOORS = {  # category: (qrdetect balanced floor, zxing-cpp 3.1.1)
    "blurred": (21, 19), "bright_spots": (24, 11), "brightness": (35, 33), "close": (20, 20),
    "curved": (16, 15), "damaged": (6, 5), "glare": (13, 11), "high_version": (16, 14),
    "lots": (240, 239), "monitor": (9, 9), "nominal": (39, 38), "noncompliant": (11, 10),
    "pathological": (7, 5), "perspective": (11, 11), "rotations": (66, 65), "shadows": (10, 10),
}
MINIMUM_RATE = 87.0
ROOT = os.path.dirname(HERE)


def load_truth(directory):
    images = []
    with open(os.path.join(directory, "truth.jsonl")) as f:
        for line in f:
            images.append(json.loads(line))
    return images


def score(truth, decoded):
    """(read, unverified, false positives) for one image: `decoded` lists (bytes, text) pairs."""
    # A label's bytes where known, else its text.
    wanted = [bytes.fromhex(h) if h is not None else None for h in truth["bytes_hex"]]
    texts = list(truth["texts"])
    read = unverified = false = 0
    seen = set()
    for payload, text in decoded:
        match = next((i for i, (b, t) in enumerate(zip(wanted, texts))
                      if (b == payload if b is not None else t == text)), None)
        if match is not None:
            del wanted[match], texts[match]
            read += 1
        elif (payload, text) in seen:
            continue  # the same code reported twice is the reader's duplicate, counted once
        elif unverified < truth["unknown"]:
            unverified += 1
        else:
            false += 1
        seen.add((payload, text))
    return read, unverified, false


def run_qrdetect(binary, effort, directory, images, extra):
    by_path = collections.defaultdict(list)
    started = time.monotonic()
    paths = [os.path.join(directory, image["path"]) for image in images]
    out = subprocess.run(
        [binary, "--bytes", "--effort", effort, *extra, *paths],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, check=False).stdout
    elapsed = time.monotonic() - started
    for line in out.splitlines():
        record = json.loads(line)
        by_path[os.path.relpath(record["source"], directory)].append(
            (base64.b64decode(record["bytes"]), record.get("text")))
    return by_path, elapsed


def run_zxing(directory, images):
    import zxingcpp
    from PIL import Image

    formats = [zxingcpp.BarcodeFormat.QRCode, zxingcpp.BarcodeFormat.MicroQRCode]
    by_path = {}
    elapsed = 0.0
    for image in images:
        pixels = Image.open(os.path.join(directory, image["path"])).convert("L")
        started = time.monotonic()
        results = zxingcpp.read_barcodes(pixels, formats=formats)
        elapsed += time.monotonic() - started
        by_path[image["path"]] = [(r.bytes, r.text) for r in results if r.valid]
    return by_path, elapsed


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("directory", nargs="?",
                        default=os.path.join(ROOT, "..", "shared", "realphotos"))
    parser.add_argument("--qrdetect", default=os.path.join(ROOT, ".build", "release", "qrdetect"))
    parser.add_argument("--effort", action="append", default=None)
    parser.add_argument("--peer", action="store_true", help="also run zxing-cpp in-process")
    parser.add_argument("--category", action="append", help="only these categories")
    parser.add_argument("--json", help="write the counts as JSON here")
    parser.add_argument("--misses", action="store_true", help="list each image with a code missed")
    parser.add_argument("--check", action="store_true",
                        help="fail below the floors (balanced) or where accurate reads less")
    args = parser.parse_args()
    if args.check:
        return check(args)
    efforts = args.effort or ["balanced"]
    images = load_truth(args.directory)
    categories = sorted({image["category"] for image in images})
    if args.category:
        categories = [c for c in categories if c in args.category]
    readers = [(f"qrdetect {e}", e) for e in efforts] + ([("zxing-cpp", None)] if args.peer else [])
    results = {name: {} for name, _ in readers}
    for category in categories:
        chosen = [image for image in images if image["category"] == category]
        for name, effort in readers:
            if effort is None:
                decoded, elapsed = run_zxing(args.directory, chosen)
            else:
                decoded, elapsed = run_qrdetect(args.qrdetect, effort, args.directory, chosen, [])
            totals = [0, 0, 0]
            missed = []
            for image in chosen:
                counts = score(image, decoded.get(image["path"], []))
                totals = [a + b for a, b in zip(totals, counts)]
                if counts[0] + counts[1] < image["n_codes"] or counts[2]:
                    missed.append((image["path"], counts, image["n_codes"]))
            results[name][category] = {
                "images": len(chosen),
                "labelled": sum(image["n_codes"] for image in chosen),
                "texts": sum(len(image["bytes_hex"]) for image in chosen),
                "read": totals[0], "unverified": totals[1], "false": totals[2],
                "seconds": elapsed, "missed": missed,
            }
    # The table is report.py's, as the product report shows it.
    from report import realphotos as table
    print("\n".join(table(results)))
    names = [name for name, _ in readers]
    if args.misses:
        for name in names:
            print(f"\n{name}: images with a code missed or a false positive")
            for category in categories:
                for path, counts, n in results[name][category]["missed"]:
                    print(f"  {path}: read {counts[0]} (+{counts[1]}) of {n}"
                          + (f", {counts[2]} false" if counts[2] else ""))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=1)
    return 0


def check(args):
    images = load_truth(args.directory)
    failures = []
    per_effort = {}
    for effort in ("balanced", "accurate"):
        decoded, _ = run_qrdetect(args.qrdetect, effort, args.directory, images, [])
        per_effort[effort] = {image["path"]: score(image, decoded.get(image["path"], []))
                              for image in images}
    balanced = per_effort["balanced"]
    read = collections.Counter()
    for image in images:
        counts = balanced[image["path"]]
        read[image["category"]] += counts[0]
        if counts[2]:
            failures.append(f"{image['path']}: {counts[2]} false positive(s) at balanced effort")
        more = per_effort["accurate"][image["path"]]
        if more[0] + more[1] < counts[0] + counts[1]:
            failures.append(f"{image['path']}: accurate reads {more[0]} (+{more[1]}), "
                            f"balanced {counts[0]} (+{counts[1]})")
    for category, (floor, zxing) in sorted(FLOORS.items()):
        line = f"{category}: {read[category]} read (floor {floor}, zxing-cpp {zxing})"
        print(line)
        if read[category] < floor:
            failures.append(line)
    labelled = sum(image["n_codes"] for image in images)
    found = sum(c[0] + c[1] for c in balanced.values())
    rate = 100.0 * found / labelled
    print(f"all: {found} of {labelled} labelled codes = {rate:.1f}% (at least {MINIMUM_RATE}%)")
    if rate < MINIMUM_RATE:
        failures.append(f"rate {rate:.1f}% below {MINIMUM_RATE}%")
    for failure in failures:
        print("FAIL " + failure, file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
