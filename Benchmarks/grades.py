#!/usr/bin/env python3
"""Print-quality grades over the real photos: does a code's grade predict whether it reads?

    Benchmarks/grades.py [--qrdetect PATH] [--json OUT] [DIR]

DIR is the benchmark half shared with the project (default ../shared/realphotos beside the
repository; read in place, never copied). qrdetect (balanced) reads each category's images with
`--grade --bytes`; zxing-cpp (QR Code and Micro QR, default options) reads the same files
in-process. Every code qrdetect reads is graded; the table gives, per category, how many grade
A–B, C–D and F, and how many of each zxing-cpp also reads: if the grade predicts reading, the
codes zxing-cpp misses sit in the low grades. Codes qrdetect misses have no grade (a grade needs
a decode); their count, and how many of them zxing-cpp reads, close each row. Last, which
parameter set the overall grade, over every graded code.
"""

import argparse
import base64
import collections
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
from realphotos import load_truth, run_zxing  # noqa: E402


def run_graded(binary, directory, images):
    """{path: [(bytes, text, grade)]} from one qrdetect run over `images`."""
    by_path = collections.defaultdict(list)
    paths = [os.path.join(directory, image["path"]) for image in images]
    out = subprocess.run(
        [binary, "--bytes", "--grade", *paths],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, check=False).stdout
    for line in out.splitlines():
        record = json.loads(line)
        by_path[os.path.relpath(record["source"], directory)].append(
            (base64.b64decode(record["bytes"]), record.get("text"), record["grade"]))
    return by_path


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--qrdetect", default=os.path.join(ROOT, ".build", "release", "qrdetect"))
    parser.add_argument("--json", help="also write every graded code as JSON lines here")
    parser.add_argument(
        "directory", nargs="?",
        default=os.path.join(os.path.dirname(ROOT), "shared", "realphotos"))
    args = parser.parse_args()
    truth = load_truth(args.directory)
    categories = sorted({image["category"] for image in truth})
    bands = [("A-B", {"A", "B"}), ("C-D", {"C", "D"}), ("F", {"F"})]
    limiting = collections.Counter()
    rows = []
    dump = open(args.json, "w") if args.json else None
    for category in categories:
        images = [image for image in truth if image["category"] == category]
        graded = run_graded(args.qrdetect, args.directory, images)
        zxing, _ = run_zxing(args.directory, images)
        counts = {name: [0, 0] for name, _ in bands}  # graded, of which zxing-cpp reads
        missed = [0, 0]  # labelled codes with known bytes qrdetect misses, of which zxing reads
        for image in images:
            ours = graded.get(image["path"], [])
            # Several codes may carry one payload (the sheets in `lots`): count them as many.
            theirs = collections.Counter(payload for payload, _ in zxing.get(image["path"], []))
            seen = collections.Counter()
            for payload, text, grade in ours:
                seen[payload] += 1
                band = next(name for name, letters in bands if grade["letter"] in letters)
                counts[band][0] += 1
                if theirs[payload] > 0:
                    theirs[payload] -= 1
                    counts[band][1] += 1
                    also = True
                else:
                    also = False
                if grade["letter"] != "A":
                    worst = min(p["grade"] for p in grade["parameters"].values()
                                if p is not grade["parameters"]["print_growth"])
                    limiting.update(name for name, p in grade["parameters"].items()
                                    if name != "print_growth" and p["grade"] == worst)
                if dump:
                    dump.write(json.dumps({"path": image["path"], "category": category,
                                           "zxing": also, "grade": grade}) + "\n")
            for hexed in image["bytes_hex"]:
                if hexed is None:
                    continue
                payload = bytes.fromhex(hexed)
                if seen[payload] > 0:
                    seen[payload] -= 1
                else:
                    missed[0] += 1
                    if theirs[payload] > 0:
                        theirs[payload] -= 1
                        missed[1] += 1
        rows.append((category, counts, missed))
        print(f"{category}: done", file=sys.stderr)

    def cell(pair):
        return f"{pair[0]} ({pair[1]})" if pair[0] else "0"

    print("| category | graded | A–B (zxing reads) | C–D (zxing reads) | F (zxing reads) "
          "| missed by qrdetect (zxing reads) |")
    print("|---|---:|---:|---:|---:|---:|")
    total = {name: [0, 0] for name, _ in bands}
    total_missed = [0, 0]
    for category, counts, missed in rows:
        graded = sum(c[0] for c in counts.values())
        print(f"| {category} | {graded} | " + " | ".join(cell(counts[n]) for n, _ in bands)
              + f" | {cell(missed)} |")
        for name, _ in bands:
            total[name] = [a + b for a, b in zip(total[name], counts[name])]
        total_missed = [a + b for a, b in zip(total_missed, missed)]
    graded = sum(c[0] for c in total.values())
    print(f"| all | {graded} | " + " | ".join(cell(total[n]) for n, _ in bands)
          + f" | {cell(total_missed)} |")
    print()
    print("Parameters at the overall grade, codes below A: "
          + ", ".join(f"{name} {count}" for name, count in limiting.most_common()))


if __name__ == "__main__":
    main()
