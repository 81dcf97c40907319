#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""qrdetect against zxing-cpp on the corpus photos framed as video: 1280x720 and 1920x1080.

    realscenes.py [options] QRDETECT WORK

Every corpus image outside the falsepositives folders is scaled to cover the frame (OpenCV,
area interpolation when shrinking, linear when enlarging) and centre-cropped. The frames of one
size become one y4m stream (Cmono), which one qrdetect process reads on standard input, timed by
its wall clock; zxing-cpp reads the same arrays in this process, each call timed. Each reader
goes over all the frames `--passes` times, the two taking turns (the first alternating), and its
fastest pass counts (a process of a third of a second swings by 15 % from run to run on a shared
machine; the same rule for both); the last column is the median over the passes of the ratio of
the two times taken one after the other, which a slow minute changes less. A read counts
when its text is one of that image's expected texts (cropping may cut some codes out of view;
both readers see the same pixels).

Options:
    --corpus DIR     default /work/shared/corpus-pgm
    --photos DIR     the real photos (truth.jsonl, CATEGORY/imageNNN.jpg) instead of the corpus;
                     a read counts when its text is one of the image's labelled texts
    --effort LEVEL   passed to qrdetect (default balanced)
    --fit MODE       cover (default: scale to cover, centre-crop; the corpus photos are near
                     square, so this cuts codes out of view) or contain (scale to fit, pad)
    --passes N       timed passes over the frames for each reader, the fastest counts (default 3)
    --results PATH   append the numbers as one JSON line there
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import time

import cv2
import numpy as np

from detect import make_peer, read_pgm, take_turns

SIZES = ((1280, 720), (1920, 1080))


def framed(image, width, height, fit="cover"):
    """image scaled to cover the frame and centre-cropped, or with fit "contain", scaled to fit
    inside it and centred on its median gray."""
    h, w = image.shape
    if fit == "contain":
        scale = min(width / w, height / h)
        size = (min(width, round(w * scale)), min(height, round(h * scale)))
        method = cv2.INTER_AREA if scale < 1 else cv2.INTER_LINEAR
        scaled = cv2.resize(image, size, interpolation=method)
        frame = np.full((height, width), int(np.median(image)), dtype=np.uint8)
        top = (height - size[1]) // 2
        left = (width - size[0]) // 2
        frame[top:top + size[1], left:left + size[0]] = scaled
        return frame
    scale = max(width / w, height / h)
    size = (max(width, round(w * scale)), max(height, round(h * scale)))
    method = cv2.INTER_AREA if scale < 1 else cv2.INTER_LINEAR
    scaled = cv2.resize(image, size, interpolation=method)
    top = (size[1] - height) // 2
    left = (size[0] - width) // 2
    return np.ascontiguousarray(scaled[top:top + height, left:left + width])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("qrdetect")
    parser.add_argument("work")
    parser.add_argument("--corpus", default="/work/shared/corpus-pgm")
    parser.add_argument("--photos", help="real photos with truth.jsonl (../shared/realphotos) "
                        "instead of the corpus")
    parser.add_argument("--effort", default="balanced")
    parser.add_argument("--fit", choices=("cover", "contain"), default="cover")
    parser.add_argument("--passes", type=int, default=3)
    parser.add_argument("--results")
    args = parser.parse_args()

    if args.photos:
        # The real photos' truth: one line an image, its texts (labelled codes whose text is
        # known). OpenCV applies EXIF orientation, as a camera's frame would be upright.
        args.corpus = args.photos
        entries = [json.loads(line) for line in open(os.path.join(args.photos, "truth.jsonl"))]
        sources = [cv2.imread(os.path.join(args.photos, e["path"]), cv2.IMREAD_GRAYSCALE)
                   for e in entries]
        wanted = [set(e["texts"]) for e in entries]
    else:
        entries = [json.loads(line) for line in open(os.path.join(args.corpus, "index.jsonl"))]
        entries = [e for e in entries if not e["pgm"].split("/")[0].startswith("falsepositives")]
        sources = [read_pgm(os.path.join(args.corpus, e["pgm"])) for e in entries]
        wanted = [set(e.get("expected", [])) for e in entries]
    codes = sum(len(w) for w in wanted)
    peer = make_peer("zxing-cpp")
    if peer is None:
        sys.exit("realscenes.py: zxing-cpp does not import")
    read, version = peer
    print("corpus %s: %d images, %d expected texts, fit %s; qrdetect --effort %s, zxing-cpp %s\n"
          % (args.corpus, len(entries), codes, args.fit, args.effort, version))
    header = ("size", "frames", "codes", "qrdetect read", "zxing-cpp read", "qrdetect ms/frame",
              "zxing ms/frame", "qrdetect/zxing time", "median of passes' ratios")
    print("| " + " | ".join(header) + " |")
    print("|" + "|".join("---" if i == 0 else "--:" for i in range(len(header))) + "|")
    rows = []
    os.makedirs(args.work, exist_ok=True)
    for width, height in SIZES:
        frames = [framed(image, width, height, args.fit) for image in sources]
        stream = os.path.join(args.work, "frames-%dx%d.y4m" % (width, height))
        with open(stream, "wb") as out:
            out.write(b"YUV4MPEG2 W%d H%d F30:1 Ip A1:1 Cmono\n" % (width, height))
            for frame in frames:
                out.write(b"FRAME\n")
                out.write(frame.tobytes())
        def run_ours():
            with open(stream, "rb") as source:
                started = time.perf_counter()
                done = subprocess.run([args.qrdetect, "--effort", args.effort], stdin=source,
                                      stdout=subprocess.PIPE, stderr=subprocess.PIPE)
                spent = time.perf_counter() - started
            if done.returncode not in (0, 1):
                sys.exit("realscenes.py: qrdetect failed (%d): %s" % (done.returncode,
                                                                      done.stderr.decode()))
            return spent, done.stdout.decode()

        def run_theirs():
            spent, found = 0.0, []
            for frame in frames:
                started = time.perf_counter()
                found.append(set(read(frame)))
                spent += time.perf_counter() - started
            return spent, found

        ours_time, their_time, ratios, output, theirs = take_turns(run_ours, run_theirs,
                                                                   args.passes)
        ours = [set() for _ in frames]
        for line in output.splitlines():
            record = json.loads(line)
            ours[record["frame"]].add(record.get("text"))
        ours_read = sum(len(o & w) for o, w in zip(ours, wanted))
        their_read = sum(len(t & w) for t, w in zip(theirs, wanted))
        row = {"size": "%dx%d" % (width, height), "frames": len(frames), "codes": codes,
               "qrdetect_read": ours_read, "zxing_read": their_read,
               "qrdetect_ms": 1000 * ours_time / len(frames),
               "zxing_ms": 1000 * their_time / len(frames), "passes": max(args.passes, 1),
               "pass_ratios": [round(r, 3) for r in ratios],
               "median_pass_ratio": statistics.median(ratios)}
        rows.append(row)
        print("| %s | %d | %d | %d (%.0f%%) | %d (%.0f%%) | %.1f | %.1f | %.2f | %.2f |" % (
            row["size"], len(frames), codes, ours_read, 100 * ours_read / max(codes, 1),
            their_read, 100 * their_read / max(codes, 1), row["qrdetect_ms"], row["zxing_ms"],
            row["qrdetect_ms"] / max(row["zxing_ms"], 1e-9), row["median_pass_ratio"]),
            flush=True)
        os.remove(stream)
    if args.results:
        with open(args.results, "a") as out:
            out.write(json.dumps({"benchmark": "realscenes", "effort": args.effort, "fit": args.fit,
                                  "source": "photos" if args.photos else "corpus",
                                  "zxing_cpp": version, "rows": rows}) + "\n")


if __name__ == "__main__":
    main()
