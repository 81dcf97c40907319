#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""qrdetect following codes through hand-held clips, against zxing-cpp frame by frame.

    clips.py [options] QRDETECT WORK

Each clip is made from one real photo (truth.jsonl of ../shared/realphotos, photos whose every
labelled code has a known text): 24 frames at 1280x720 and 30 fps, the photo scaled to cover
1.25 times the frame and viewed through a camera that pans, zooms and rolls smoothly, as a hand
does. Each clip has one condition:

    steady     light sensor noise (sigma 2.5)
    lowlight   contrast a fifth of the photo's, over a dark floor, with heavy noise fresh in
               every frame (sigma --noise, default 9)
    glare      a saturating spot, about a code wide, sweeping across the first labelled code
    blur       motion blur (8-14 px, any direction) on every other frame, light noise

The photos are dealt to the conditions by --seed (15 clips each by default); the clips are
written as y4m files (Cmono) in WORK. Three readers see the same frames: qrdetect as a user
runs it (one process for a condition's clips, one file each: tracks never cross files),
qrdetect --no-track (every frame alone, as before tracking), and zxing-cpp (each frame, each
call timed). Per condition: codes found in their clip (texts of the photo read in at least one
frame), frames reporting a code (a frame counts once for each of the photo's texts it reports),
wrong texts (any other text), and time per frame. "Late" counts codes that qrdetect reported
more than 2 frames after the first frame any reader read them in.

Options:
    --photos DIR   the real photos (default ../shared/realphotos beside the repository)
    --seed N       which photos go to which condition (default 1)
    --clips N      clips per condition (default 15)
    --noise S      the low-light noise's sigma (default 9)
    --passes N     timed passes of qrdetect and zxing-cpp, taking turns; the fastest counts (2)
    --args ARGS    more qrdetect options, as one string (e.g. "--search-every 1")
    --conditions L which conditions, comma-separated (default all four)
    --keep         keep the clips (WORK/CONDITION-NN.y4m)
    --results PATH append the numbers as one JSON line there
"""
import argparse
import json
import math
import os
import subprocess
import sys
import time

import cv2
import numpy as np

from detect import make_peer, take_turns

WIDTH, HEIGHT, FRAMES = 1280, 720, 24
CONDITIONS = ("steady", "lowlight", "glare", "blur")


def labelled_codes(photos, entry):
    """The labelled codes' corners (stored-pixel coordinates) of a photo, as 4x2 arrays."""
    path = os.path.join(photos, os.path.splitext(entry["path"])[0] + ".txt")
    numbers = []
    with open(path) as labels:
        for line in labels:
            line = line.split("#")[0].strip()
            if not line or line[0].isalpha():
                continue
            numbers.append([float(v) for v in line.replace(",", " ").split()])
    codes = []
    if all(len(n) == 2 for n in numbers):
        for i in range(0, len(numbers) - 3, 4):
            codes.append(np.array(numbers[i:i + 4]))
    else:
        codes = [np.array(n[:8]).reshape(4, 2) for n in numbers if len(n) >= 8]
    return codes


def camera_path(rng, base_shape):
    """A hand's smooth motion over a clip: per frame, the affine map from the base image to
    the frame."""
    bh, bw = base_shape
    phase = rng.uniform(0, 2 * math.pi, 3)
    pan = (rng.uniform(0.02, 0.07) * WIDTH, rng.uniform(0.02, 0.06) * HEIGHT)
    zoom = rng.uniform(-0.1, 0.1)
    roll = rng.uniform(-5, 5)
    maps = []
    for t in range(FRAMES):
        s = t / (FRAMES - 1)
        cx = bw / 2 + pan[0] * math.sin(math.pi * s + phase[0])
        cy = bh / 2 + pan[1] * math.sin(math.pi * s + phase[1])
        m = cv2.getRotationMatrix2D((cx, cy), roll * math.sin(math.pi * s + phase[2]),
                                    1 + zoom * s)
        m[0, 2] += WIDTH / 2 - cx
        m[1, 2] += HEIGHT / 2 - cy
        maps.append(m)
    return maps


def make_clip(photo, codes, condition, rng, noise):
    """The frames of one clip of `photo` (gray, stored pixels) in `condition`."""
    h, w = photo.shape
    scale = max(1.25 * WIDTH / w, 1.25 * HEIGHT / h)
    size = (max(1, round(w * scale)), max(1, round(h * scale)))
    base = cv2.resize(photo, size, interpolation=cv2.INTER_AREA if scale < 1 else cv2.INTER_LINEAR)
    maps = camera_path(rng, base.shape)
    centre, side = None, None
    if codes:
        quad = codes[0] * scale
        centre = quad.mean(axis=0)
        side = max(np.linalg.norm(quad[0] - quad[1]), np.linalg.norm(quad[1] - quad[2]))
    yy, xx = np.mgrid[0:HEIGHT, 0:WIDTH].astype(np.float32)
    blurred_angle = rng.uniform(0, math.pi)
    frames = []
    for t, m in enumerate(maps):
        frame = cv2.warpAffine(base, m, (WIDTH, HEIGHT), flags=cv2.INTER_LINEAR,
                               borderMode=cv2.BORDER_REFLECT).astype(np.float32)
        if condition == "lowlight":
            frame = 12 + 0.2 * frame + rng.normal(0, noise, frame.shape)
        elif condition == "glare" and centre is not None:
            # The spot's path, in base pixels, from left of the code to right of it.
            s = t / (FRAMES - 1)
            along = (s - 0.5) * 4 * side
            spot = np.array([centre[0] + along, centre[1] + 0.3 * along])
            fx, fy = m @ np.array([spot[0], spot[1], 1.0])
            radius = 0.45 * side * (1 + m[0, 0]) / 2
            frame = frame + 320 * np.exp(-((xx - fx) ** 2 + (yy - fy) ** 2) / (2 * radius ** 2))
            frame = frame + rng.normal(0, 2.5, frame.shape)
        elif condition == "blur":
            if t % 2 == 1:
                length = int(rng.integers(8, 15))
                kernel = np.zeros((length, length), np.float32)
                c = (length - 1) / 2
                dx, dy = math.cos(blurred_angle), math.sin(blurred_angle)
                cv2.line(kernel, (round(c - dx * c), round(c - dy * c)),
                         (round(c + dx * c), round(c + dy * c)), 1.0, 1)
                kernel /= kernel.sum()
                frame = cv2.filter2D(frame, -1, kernel)
            frame = frame + rng.normal(0, 2.5, frame.shape)
        else:
            frame = frame + rng.normal(0, 2.5, frame.shape)
        frames.append(np.clip(frame, 0, 255).astype(np.uint8))
    return frames


def write_y4m(path, frames):
    with open(path, "wb") as out:
        out.write(b"YUV4MPEG2 W%d H%d F30:1 Ip A1:1 Cmono\n" % (WIDTH, HEIGHT))
        for frame in frames:
            out.write(b"FRAME\n")
            out.write(frame.tobytes())


def run_qrdetect(qrdetect, paths, extra):
    started = time.perf_counter()
    done = subprocess.run([qrdetect] + extra + paths, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE)
    spent = time.perf_counter() - started
    if done.returncode not in (0, 1):
        sys.exit("clips.py: qrdetect failed (%d): %s" % (done.returncode, done.stderr.decode()))
    reads = [[set() for _ in range(FRAMES)] for _ in paths]
    tracks = set()
    for line in done.stdout.decode().splitlines():
        record = json.loads(line)
        clip = paths.index(record["source"])
        reads[clip][record["frame"] - clip * FRAMES].add(record.get("text"))
        if "track" in record:
            tracks.add((clip, record["track"]))
    return spent, (reads, len(tracks))


def score(reads, wanted):
    """Codes found, frames reporting, wrong texts, and each clip's first frame per text."""
    found = reporting = wrong = 0
    firsts = []
    for clip, texts in zip(reads, wanted):
        seen = set()
        first = {}
        for index, frame in enumerate(clip):
            reporting += len(frame & texts)
            wrong += len(frame - texts)
            for text in frame & texts:
                first.setdefault(text, index)
            seen |= frame & texts
        found += len(seen)
        firsts.append(first)
    return found, reporting, wrong, firsts


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("qrdetect")
    parser.add_argument("work")
    here = os.path.dirname(os.path.abspath(__file__))
    parser.add_argument("--photos", default=os.path.join(here, "..", "..", "shared", "realphotos"))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--clips", type=int, default=15)
    parser.add_argument("--noise", type=float, default=9)
    parser.add_argument("--passes", type=int, default=2)
    parser.add_argument("--args", default="")
    parser.add_argument("--conditions", default=",".join(CONDITIONS))
    parser.add_argument("--results")
    parser.add_argument("--keep", action="store_true", help="keep the clips in WORK")
    args = parser.parse_args()
    extra = args.args.split()

    entries = [json.loads(line) for line in open(os.path.join(args.photos, "truth.jsonl"))]
    entries = [e for e in entries if e["unknown"] == 0 and e["texts"] and e["category"] != "lots"]
    rng = np.random.default_rng(args.seed)
    order = rng.permutation(len(entries))
    peer = make_peer("zxing-cpp")
    if peer is None:
        sys.exit("clips.py: zxing-cpp does not import")
    read, version = peer
    print("clips of %s (seed %d, %d a condition, %d frames of %dx%d); qrdetect %s; zxing-cpp %s\n"
          % (args.photos, args.seed, args.clips, FRAMES, WIDTH, HEIGHT, " ".join(extra) or
             "(defaults)", version))
    header = ("condition", "clips", "codes", "found: qrdetect / --no-track / zxing",
              "frames reporting: qrdetect / --no-track / zxing", "wrong", "late",
              "ms/frame: qrdetect / --no-track / zxing", "qrdetect/zxing time")
    print("| " + " | ".join(header) + " |")
    print("|" + "|".join("---" if i == 0 else "--:" for i in range(len(header))) + "|")
    os.makedirs(args.work, exist_ok=True)
    rows = []
    totals = {}
    for number, condition in enumerate(CONDITIONS):
        if condition not in args.conditions.split(","):
            continue
        chosen = [entries[i] for i in order[number * args.clips:(number + 1) * args.clips]]
        paths, wanted, clips = [], [], []
        for index, entry in enumerate(chosen):
            photo = cv2.imread(os.path.join(args.photos, entry["path"]),
                               cv2.IMREAD_GRAYSCALE | cv2.IMREAD_IGNORE_ORIENTATION)
            frames = make_clip(photo, labelled_codes(args.photos, entry), condition,
                               np.random.default_rng([args.seed, number, index]), args.noise)
            path = os.path.join(args.work, "%s-%02d.y4m" % (condition, index))
            write_y4m(path, frames)
            paths.append(path)
            wanted.append(set(entry["texts"]))
            clips.append(frames)
        all_frames = [f for clip in clips for f in clip]

        def run_theirs():
            spent, found = 0.0, []
            for frame in all_frames:
                started = time.perf_counter()
                found.append(set(read(frame)))
                spent += time.perf_counter() - started
            return spent, [found[i * FRAMES:(i + 1) * FRAMES] for i in range(len(clips))]

        ours_time, their_time, ratios, (ours, tracks), theirs = take_turns(
            lambda: run_qrdetect(args.qrdetect, paths, extra), run_theirs, args.passes)
        alone_time, (alone, _) = run_qrdetect(args.qrdetect, paths, ["--no-track"])
        o_found, o_frames, o_wrong, o_first = score(ours, wanted)
        a_found, a_frames, a_wrong, a_first = score(alone, wanted)
        t_found, t_frames, t_wrong, t_first = score(theirs, wanted)
        late = 0
        for mine, plain, peer_first in zip(o_first, a_first, t_first):
            for text, frame in mine.items():
                earliest = min([frame] + [f[text] for f in (plain, peer_first) if text in f])
                late += frame - earliest > 2
        frames = len(all_frames)
        row = {"condition": condition, "clips": len(clips), "codes": sum(map(len, wanted)),
               "found": [o_found, a_found, t_found], "frames": [o_frames, a_frames, t_frames],
               "wrong": [o_wrong, a_wrong, t_wrong], "late": late, "tracks": tracks,
               "ms": [1000 * ours_time / frames, 1000 * alone_time / frames,
                      1000 * their_time / frames], "pass_ratios": [round(r, 3) for r in ratios]}
        rows.append(row)
        for key in ("found", "frames", "wrong"):
            totals[key] = [a + b for a, b in zip(totals.get(key, [0, 0, 0]), row[key])]
        totals["late"] = totals.get("late", 0) + late
        totals["time"] = [a + b for a, b in zip(totals.get("time", [0, 0, 0]),
                                                 [ours_time, alone_time, their_time])]
        totals["n"] = totals.get("n", 0) + frames
        print("| %s | %d | %d | %d / %d / %d | %d / %d / %d | %d / %d / %d | %d | %.2f / %.2f / %.2f"
              " | %.2f |" % ((condition, len(clips), row["codes"]) + tuple(row["found"])
                             + tuple(row["frames"]) + tuple(row["wrong"]) + (late,)
                             + tuple(row["ms"]) + (ours_time / max(their_time, 1e-9),)),
              flush=True)
        if not args.keep:
            for path in paths:
                os.remove(path)
    if totals:
        ms = [1000 * t / totals["n"] for t in totals["time"]]
        print("| all | | | %d / %d / %d | %d / %d / %d | %d / %d / %d | %d | %.2f / %.2f / %.2f"
              " | %.2f |" % (tuple(totals["found"]) + tuple(totals["frames"])
                             + tuple(totals["wrong"]) + (totals["late"],) + tuple(ms)
                             + (ms[0] / max(ms[2], 1e-9),)))
    if args.results:
        with open(args.results, "a") as out:
            out.write(json.dumps({"benchmark": "clips", "seed": args.seed, "args": args.args,
                                  "zxing_cpp": version, "rows": rows}) + "\n")


if __name__ == "__main__":
    main()
