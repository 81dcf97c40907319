#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""qrdetect against zxing-cpp on generated scenes, per scene class, in one run.

    scenes.py [options] QRSCENES QRDETECT WORK

For each class, QRSCENES (the qrscenes tool) writes N images and their truth into WORK/CLASS;
QRDETECT runs once over all of them (files as operands; records matched to files by "source"),
timed by its wall clock; zxing-cpp reads the same pixels in this process, each call timed. Each
reader goes over a class --passes times, the two taking turns (the first alternating), and the
fastest pass counts: a class takes a few tens of milliseconds, which one slow moment of a shared
machine would otherwise decide. A read counts when its text is one of that image's truth texts;
any other text is a false positive.

Options:
    --classes LIST   comma-separated (default: every class qrscenes --list prints)
    --count N        images per class (default 10; 20 for the small-frame classes)
    --seed S         qrscenes seed (default 1)
    --effort LEVEL   passed to qrdetect (default balanced)
    --passes N       passes over each class for each reader, the fastest counting (default 3)
    --results PATH   append the table as one JSON line there
"""
import argparse
import json
import os
import subprocess
import sys
import time

import numpy as np

from detect import make_peer, read_pgm, take_turns

# Classes whose frames are small enough to take twice the images in the same time.
SMALL = {"lowcontrast", "blur", "perspective", "micro", "empty", "multi", "screen", "uneven",
         "curved", "dense"}


def generate(qrscenes, name, count, seed, folder):
    os.makedirs(folder, exist_ok=True)  # qrscenes makes the last folder, not those above it
    subprocess.run([qrscenes, "--class", name, "--count", str(count), "--seed", str(seed),
                    "--output", folder], check=True)
    truth = [json.loads(line) for line in open(os.path.join(folder, "truth.jsonl"))]
    return [(os.path.join(folder, entry["file"]), entry) for entry in truth]


def score(found_by_file, images):
    """(codes read, false positives) over images, matching texts per image."""
    read = wrong = 0
    for path, entry in images:
        wanted = {code["text"] for code in entry["codes"]}
        texts = set(found_by_file.get(path, []))
        read += len(texts & wanted)
        wrong += len(texts - wanted)
    return read, wrong


def run_qrdetect(qrdetect, effort, images):
    started = time.perf_counter()
    done = subprocess.run([qrdetect, "--effort", effort] + [path for path, _ in images],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    elapsed = time.perf_counter() - started
    if done.returncode not in (0, 1):
        sys.exit("scenes.py: qrdetect failed (%d): %s" % (done.returncode, done.stderr.decode()))
    found = {}
    for line in done.stdout.decode().splitlines():
        record = json.loads(line)
        found.setdefault(record["source"], []).append(record.get("text"))
    return elapsed, found


def run_zxing(read, images):
    found, elapsed = {}, 0.0
    for path, _ in images:
        pixels = read_pgm(path)
        started = time.perf_counter()
        found[path] = read(pixels)
        elapsed += time.perf_counter() - started
    return elapsed, found


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("qrscenes")
    parser.add_argument("qrdetect")
    parser.add_argument("work")
    parser.add_argument("--classes")
    parser.add_argument("--count", type=int)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--effort", default="balanced")
    parser.add_argument("--passes", type=int, default=3)
    parser.add_argument("--results")
    args = parser.parse_args()

    names = (args.classes.split(",") if args.classes else
             subprocess.run([args.qrscenes, "--list"], check=True, stdout=subprocess.PIPE)
             .stdout.decode().split())
    peer = make_peer("zxing-cpp")
    if peer is None:
        sys.exit("scenes.py: zxing-cpp does not import")
    read, version = peer
    print("qrdetect --effort %s against zxing-cpp %s, seed %d\n" % (args.effort, version, args.seed))
    header = ("class", "images", "codes", "qrdetect read", "zxing-cpp read", "qrdetect FP",
              "zxing FP", "qrdetect ms/image", "zxing ms/image")
    print("| " + " | ".join(header) + " |")
    print("|" + "|".join("---" if i == 0 else "--:" for i in range(len(header))) + "|")
    rows, totals = [], [0] * 6
    for name in names:
        count = args.count or (20 if name in SMALL else 10)
        images = generate(args.qrscenes, name, count, args.seed, os.path.join(args.work, name))
        codes = sum(len(entry["codes"]) for _, entry in images)
        ours_time, their_time, _, ours, theirs = take_turns(
            lambda: run_qrdetect(args.qrdetect, args.effort, images),
            lambda: run_zxing(read, images), args.passes)
        ours_read, ours_wrong = score(ours, images)
        their_read, their_wrong = score(theirs, images)
        row = {"class": name, "images": len(images), "codes": codes,
               "qrdetect_read": ours_read, "zxing_read": their_read,
               "qrdetect_fp": ours_wrong, "zxing_fp": their_wrong,
               "qrdetect_ms": 1000 * ours_time / len(images),
               "zxing_ms": 1000 * their_time / len(images)}
        rows.append(row)
        for index, value in enumerate((len(images), codes, ours_read, their_read, ours_wrong,
                                       their_wrong)):
            totals[index] += value
        print("| %s | %d | %d | %d (%.0f%%) | %d (%.0f%%) | %d | %d | %.1f | %.1f |" % (
            name, len(images), codes, ours_read, 100 * ours_read / max(codes, 1), their_read,
            100 * their_read / max(codes, 1), ours_wrong, their_wrong, row["qrdetect_ms"],
            row["zxing_ms"]), flush=True)
    print("| all | %d | %d | %d (%.0f%%) | %d (%.0f%%) | %d | %d | | |" % (
        totals[0], totals[1], totals[2], 100 * totals[2] / max(totals[1], 1), totals[3],
        100 * totals[3] / max(totals[1], 1), totals[4], totals[5]))
    if args.results:
        with open(args.results, "a") as out:
            out.write(json.dumps({"benchmark": "scenes", "effort": args.effort, "seed": args.seed,
                                  "passes": max(args.passes, 1), "zxing_cpp": version,
                                  "rows": rows}) + "\n")


if __name__ == "__main__":
    main()
