#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Reading QR codes: qrpipe against zxing-cpp, zbar and quirc, on the corpus and on timed frames.

    detect.py [options] BENCH EFFORT CORPUS WORK

"ours" is either DetectBench (BENCH, built by Benchmarks/detect.sh: QRVision's detector with
qrpipe's decoder, in-process), or with --qrdetect PATH the qrdetect tool itself, run as a user
runs it: one process over every corpus image of a rotation, and one process over a stream of
frames for the timing, so its start-up is amortised. With DECODER=zxing (DetectBench only), the
grids our detector samples are decoded by zxing-cpp instead (rendered clean, 4 px per module),
which measures our detection apart from our decoding.

The peers run in this process, as libraries, on the same pixels: zxing-cpp (zxingcpp), zbar
(pyzbar over libzbar0) and quirc (pyquirc). A peer whose module does not import is left out and
listed as unavailable. zbar and quirc do not read Micro QR. quirc returns bytes: they are read as
Shift_JIS for Kanji mode, else as UTF-8, else Shift_JIS, else ISO-8859-1.

Options (the environment variables in brackets are the older spelling, still read):
    --qrdetect PATH        ours = the qrdetect binary
    --peers LIST           comma-separated, from zxing-cpp,zbar,quirc [PEERS; default zxing-cpp]
    --rotations LIST       [ROTATIONS; default "0 90 180 270"]
    --frames N             frames per timed stream [FRAMES; default 300]
    --passes N             timed passes, the best counts [PASSES; default 3]
    --budget SECONDS       no further pass once a reader has spent this long on a kind of frame
                           [BUDGET; default 20]
    --results PATH         also write the numbers as JSON there, for Benchmarks/product
    --skip-corpus, --skip-timing                              [SKIP_CORPUS=1, SKIP_TIMING=1]
VERBOSE=1 lists the files read by ours and not by the first peer, and the reverse.
"""
import argparse
import base64
import json
import os
import resource
import subprocess
import sys
import time

import numpy as np

DECODER = os.environ.get("DECODER", "qrpipe")
KNOWN_PEERS = ("zxing-cpp", "zbar", "quirc")


# MARK: - images

def read_pgm(path):
    with open(path, "rb") as f:
        data = f.read()
    return parse_pgm(data, 0)[0]


def parse_pgm(data, index):
    """The binary PGM at data[index:], and the index after it."""
    parts, index = [], index + 2
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
    end = index + width * height
    return np.frombuffer(data[index:end], dtype=np.uint8).reshape(height, width), end


def pgm_bytes(array):
    return (b"P5\n%d %d\n255\n" % (array.shape[1], array.shape[0])
            + np.ascontiguousarray(array, dtype=np.uint8).tobytes())


def write_pgm(path, array):
    with open(path, "wb") as f:
        f.write(pgm_bytes(array))


def take_turns(run_ours, run_theirs, passes):
    """Runs qrdetect's and the peer's readings `passes` times (at least once), taking turns, the
    one going first alternating: a slow minute on a shared machine then slows both, and the
    ratio of a pass's two times compares them at the same moment. Each run returns (seconds,
    result). Returns the fastest seconds of each, the ratios ours / theirs pass by pass, and
    each reader's result (of its last pass: a reading is the same every time)."""
    ours_time, their_time, ratios = float("inf"), float("inf"), []
    for number in range(max(passes, 1)):
        if number % 2 == 0:
            (ours_spent, ours), (their_spent, theirs) = run_ours(), run_theirs()
        else:
            (their_spent, theirs), (ours_spent, ours) = run_theirs(), run_ours()
        ours_time = min(ours_time, ours_spent)
        their_time = min(their_time, their_spent)
        ratios.append(ours_spent / max(their_spent, 1e-9))
    return ours_time, their_time, ratios, ours, theirs


def rotated(image, rotation):
    """The image turned clockwise by rotation degrees, C-contiguous (quirc and zbar need it)."""
    return np.ascontiguousarray(np.rot90(image, k=-rotation // 90))


# MARK: - the readers

def bytes_as_text(payload, kanji=False):
    for charset in (("shift_jis",) if kanji else ()) + ("utf-8", "shift_jis", "iso-8859-1"):
        try:
            return payload.decode(charset)
        except UnicodeDecodeError:
            continue
    return payload.decode("iso-8859-1")


def make_peer(name):
    """A function from a gray image (2-D uint8 array) to the texts read, and the version; or None."""
    try:
        if name == "zxing-cpp":
            import zxingcpp
            formats = (zxingcpp.BarcodeFormat.QRCode, zxingcpp.BarcodeFormat.MicroQRCode)
            # Raw text (control characters and GS1 separators as bytes), as the corpus holds it.
            plain = zxingcpp.TextMode.Plain

            def read(image):
                return [r.text for r in zxingcpp.read_barcodes(image, formats=formats,
                                                               text_mode=plain)]
            return read, package_version("zxing-cpp")
        if name == "zbar":
            from pyzbar import pyzbar
            qr = [pyzbar.ZBarSymbol.QRCODE]
            # pyzbar 0.1.9 raises on zbar's "unknown orientation" (-1 as unsigned); we never use
            # the orientation, so report every symbol as upright.
            pyzbar.zbar_symbol_get_orientation = lambda symbol: 0

            def read(image):
                found = pyzbar.decode((image.tobytes(), image.shape[1], image.shape[0]),
                                      symbols=qr)
                return [d.data.decode("utf-8", "replace") for d in found]
            return read, f"libzbar0 {debian_version('libzbar0')}, pyzbar " \
                         f"{package_version('pyzbar')}"
        if name == "quirc":
            import warnings

            import quirc
            # A symbol quirc locates but cannot decode is a warning per call; the count says it.
            warnings.filterwarnings("ignore", category=quirc.DecodingFailedWarning)

            def read(image):
                return [bytes_as_text(data.payload, kanji=data.data_type.name == "KANJI")
                        for _, data in quirc.decode(image)]
            return read, f"pyquirc {package_version('pyquirc')}"
    except ImportError as error:
        print(f"detect.py: {name} unavailable: {error}", file=sys.stderr)
        return None
    raise SystemExit(f"detect.py: unknown peer {name} (known: {', '.join(KNOWN_PEERS)})")


def package_version(name):
    try:
        from importlib.metadata import version
        return version(name)
    except Exception:
        return "?"


def debian_version(name):
    try:
        return subprocess.run(["dpkg-query", "-W", "-f=${Version}", name], capture_output=True,
                              text=True, check=True).stdout
    except Exception:
        return "?"


def record_text(record):
    if "text" in record:
        return record["text"]
    return base64.b64decode(record.get("bytes", "")).decode("utf-8", "replace")


# MARK: - ours

def ours_bench(bench, effort, jobs):
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


def decode_grid(size, bits):
    """zxing-cpp's decoder on a sampled grid, drawn clean with a quiet zone."""
    import zxingcpp
    grid = np.array([c == "1" for c in bits], dtype=bool).reshape(size, size)
    quiet, scale = 4, 4
    image = np.full((size + 2 * quiet, size + 2 * quiet), 255, dtype=np.uint8)
    image[quiet:quiet + size, quiet:quiet + size][grid] = 0
    image = np.kron(image, np.ones((scale, scale), dtype=np.uint8))
    formats = (zxingcpp.BarcodeFormat.QRCode, zxingcpp.BarcodeFormat.MicroQRCode)
    results = zxingcpp.read_barcodes(image, formats=formats, text_mode=zxingcpp.TextMode.Plain)
    return results[0].text if results else None


def ours_qrdetect(qrdetect, effort, jobs, work):
    """Yields (pgm, rotation, texts): one qrdetect process per rotation over all its images."""
    by_rotation = {}
    for pgm, rotation in jobs:
        by_rotation.setdefault(rotation, []).append(pgm)
    for rotation, pgms in by_rotation.items():
        operands = {}
        for pgm in pgms:
            if rotation == 0:
                operands[pgm] = pgm
                continue
            path = os.path.join(work, f"rot{rotation}", os.path.relpath(pgm, "/"))
            os.makedirs(os.path.dirname(path), exist_ok=True)
            write_pgm(path, rotated(read_pgm(pgm), rotation))
            operands[path] = pgm
        run = subprocess.run([qrdetect, "--effort", effort, "--", *operands], capture_output=True)
        if run.returncode not in (0, 1):
            print(f"detect.py: qrdetect exited {run.returncode}: "
                  f"{run.stderr.decode(errors='replace')[:400]}", file=sys.stderr)
        texts = {pgm: [] for pgm in pgms}
        for line in run.stdout.splitlines():
            record = json.loads(line)
            texts[operands[record["source"]]].append(record_text(record))
        for pgm in pgms:
            yield pgm, rotation, texts[pgm]


def ours_name(args):
    if args.qrdetect:
        return "qrdetect"
    return f"DetectBench ({DECODER} decoder)"


# MARK: - the corpus

def corpus(args, peers, results):
    root = args.corpus
    entries = [json.loads(line) for line in open(os.path.join(root, "index.jsonl"))]
    jobs = [(os.path.join(root, e["pgm"]), r) for r in args.rotations for e in entries]
    expected = {os.path.join(root, e["pgm"]): e for e in entries}
    if args.qrdetect:
        ours = ours_qrdetect(args.qrdetect, args.effort, jobs, args.work)
    else:
        ours = ours_bench(args.bench, args.effort, jobs)

    def theirs(read):
        for pgm, rotation in jobs:
            yield pgm, rotation, read(rotated(read_pgm(pgm), rotation))

    tools = ["ours"] + list(peers)
    readers = [ours] + [theirs(read) for read, _ in peers.values()]
    # (tool, folder, rotation) -> [found, expected, false positives, wrong texts]
    tally = {}
    wrong_examples = []
    hits = {tool: set() for tool in tools}
    seconds = {}
    for tool, reader in zip(tools, readers):
        start = time.perf_counter()
        for pgm, rotation, texts in reader:
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
        seconds[tool] = time.perf_counter() - start
    if os.environ.get("VERBOSE") == "1" and len(tools) > 1:
        for key in sorted(hits[tools[1]] - hits["ours"]):
            print(f"  missed ({tools[1]} reads it):", *key)
        for key in sorted(hits["ours"] - hits[tools[1]]):
            print(f"  read ({tools[1]} misses it):", *key)

    folders = sorted({f for _, f, _ in tally})
    cell = 8 * len(tools) + 6
    names = " / ".join(["ours"] + [t.replace("-cpp", "") for t in peers])
    print(f"corpus {root} (effort {args.effort}; ours = {ours_name(args)})")
    print(f"{'folder':18}" + "".join(f"{'rot ' + str(r):>{cell}}" for r in args.rotations))
    print(f"{'':18}" + "".join(f"{names:>{cell}}" for _ in args.rotations))
    totals = {}
    for folder in folders:
        cells = []
        for r in args.rotations:
            rows = [tally.get((tool, folder, r), [0, 0, 0, 0]) for tool in tools]
            for tool, row in zip(tools, rows):
                total = totals.setdefault((tool, r), [0, 0, 0, 0])
                for i in range(4):
                    total[i] += row[i]
            if folder.startswith("falsepositives"):
                cells.append(" / ".join(str(row[2]) for row in rows) + " FP")
            else:
                cells.append(" / ".join(str(row[0]) for row in rows) + f" of {rows[0][1]}")
        print(f"{folder:18}" + "".join(f"{c:>{cell}}" for c in cells))
    for label, index in (("total", 0), ("false positives", 2), ("wrong texts", 3)):
        print(f"{label:18}" + "".join(
            f"{' / '.join(str(totals[(tool, r)][index]) for tool in tools):>{cell}}"
            for r in args.rotations))
    print("seconds: " + ", ".join(f"{tool} {seconds[tool]:.1f}" for tool in tools))
    for example in wrong_examples[:10]:
        print("  unexpected text:", example)

    results["corpus"] = {
        "root": root,
        "effort": args.effort,
        "tools": tools,
        "rotations": args.rotations,
        "seconds": seconds,
        "rows": [
            {"tool": tool, "folder": folder, "rotation": rotation, "found": row[0],
             "expected": row[1], "false_positives": row[2], "wrong": row[3]}
            for (tool, folder, rotation), row in sorted(tally.items())
        ],
    }


# MARK: - ms per frame

def frame_kinds(variants):
    """640x480 and 1920x1080 frames with no code, with one code (segno) and of pure Gaussian
    noise: label -> images.

    Each kind has `variants` frames that differ in their background and noise, and for one code
    in where the code sits, so no reader sees the same pixels twice in a row.
    """
    import segno
    rng = np.random.default_rng(1)
    kinds = {}
    code = np.array(segno.make("https://example.com/qrpipe/frame/0001", error="m",
                               micro=False).matrix, dtype=bool)
    code = np.pad(code, 4, constant_values=False)
    for width, height, module in ((640, 480, 4), (1920, 1080, 8)):
        empty_frames, code_frames = [], []
        tile = np.where(np.kron(code, np.ones((module, module), dtype=bool)), 25, 230)
        y, x = np.mgrid[0:height, 0:width]
        for variant in range(variants):
            background = 90 + 100 * x / width + 30 * np.sin((y + 7 * variant) / 37.0)
            for _ in range(40):  # some edges, like a desk or a room
                x0, y0 = rng.integers(0, width - 50), rng.integers(0, height - 50)
                background[y0:y0 + rng.integers(10, 120), x0:x0 + rng.integers(10, 160)] -= 60
            background += rng.normal(0, 4, background.shape)
            empty = np.clip(background, 0, 255).astype(np.uint8)
            withcode = empty.copy()
            top = (height - tile.shape[0]) // 2 + int(rng.integers(-20, 21))
            left = (width - tile.shape[1]) // 3 + int(rng.integers(-20, 21))
            withcode[top:top + tile.shape[0], left:left + tile.shape[1]] = tile
            empty_frames.append(empty)
            code_frames.append(withcode)
        kinds[f"{width}x{height} no code"] = empty_frames
        kinds[f"{width}x{height} one code"] = code_frames
        # Pure Gaussian noise: full of 1:1:3:1:1 runs, the worst case for the frame budget.
        kinds[f"{width}x{height} noise"] = [
            np.clip(rng.normal(128, 50, (height, width)), 0, 255).astype(np.uint8)
            for _ in range(variants)]
    return kinds


def timing(args, peers, results):
    count, passes = args.frames, args.passes
    kinds = frame_kinds(variants=8)
    tools = ["ours"] + list(peers)
    rows = []
    print(f"\nms per frame: mean over {count} frames, best of up to {passes} passes; ours = "
          f"{ours_name(args)}" + (" over a PGM stream on stdin, start-up included" if args.qrdetect
                                  else "") + "; peers in-process on the same pixels")
    print(f"{'frame':22}" + "".join(f"{t + ' ms':>14}{'CPU':>8}{'read':>6}" for t in tools))
    for label, images in kinds.items():
        # Noise frames are slow for every reader (zbar takes seconds per 1080p noise frame), so
        # they get at most 20 frames: the per-frame mean needs no more.
        kind_count = min(count, 20) if "noise" in label else count
        frames = [images[i % len(images)] for i in range(kind_count)]
        row = {"frame": label, "frames": kind_count, "tools": {}}
        if args.qrdetect:
            stream = os.path.join(args.work, label.replace(" ", "-") + ".pgm")
            with open(stream, "wb") as f:
                for image in frames:
                    f.write(pgm_bytes(image))
            best, cpu, read, spent, done = None, None, 0, 0.0, 0
            while done < passes and (done == 0 or spent < args.budget):
                with open(stream, "rb") as source:
                    before = resource.getrusage(resource.RUSAGE_CHILDREN)
                    start = time.perf_counter()
                    run = subprocess.run([args.qrdetect, "--effort", args.effort], stdin=source,
                                         capture_output=True)
                    elapsed = time.perf_counter() - start
                    after = resource.getrusage(resource.RUSAGE_CHILDREN)
                used = (after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
                best = elapsed if best is None else min(best, elapsed)
                cpu = used if cpu is None else min(cpu, used)
                spent += elapsed
                done += 1
                read = len({json.loads(line)["frame"] for line in run.stdout.splitlines()})
            os.remove(stream)
            row["tools"]["ours"] = {"ms": best * 1e3 / kind_count, "cpu_ms": cpu * 1e3 / kind_count,
                                    "read": read, "passes": done}
        else:
            out = subprocess.run([args.bench, "time", write_first(args.work, frames),
                                  str(kind_count), args.effort],
                                 capture_output=True, text=True, check=True).stdout.split()
            row["tools"]["ours"] = {"ms": float(out[0]), "read": kind_count if int(out[1]) else 0}
        for name, (read_image, _) in peers.items():
            read_image(frames[0])  # warm-up
            best, cpu, read, spent, done = None, None, 0, 0.0, 0
            # Further passes only while they are cheap: zbar takes a tenth of a second or more
            # per 1080p frame.
            while done < passes and (done == 0 or spent < args.budget):
                start, start_cpu = time.perf_counter(), time.process_time()
                read = sum(1 for image in frames if read_image(image))
                elapsed, used = time.perf_counter() - start, time.process_time() - start_cpu
                best = elapsed if best is None else min(best, elapsed)
                cpu = used if cpu is None else min(cpu, used)
                spent += elapsed
                done += 1
            row["tools"][name] = {"ms": best * 1e3 / kind_count, "cpu_ms": cpu * 1e3 / kind_count,
                                  "read": read, "passes": done}
        rows.append(row)
        print(f"{label:22}" + "".join(
            f"{row['tools'][t]['ms']:>14.2f}{row['tools'][t].get('cpu_ms', float('nan')):>8.2f}"
            f"{row['tools'][t]['read']:>6}" for t in tools))
    if args.qrdetect:
        startup = qrdetect_startup(args.qrdetect)
        print(f"qrdetect start-up on empty input: {startup['ms']:.2f} ms, "
              f"{startup['cpu_ms']:.2f} CPU ms (best of 10)")
        jobs = jobs_scaling(args, kinds["1920x1080 one code"])
    results["timing"] = {"tools": tools, "passes": passes, "rows": rows,
                         "method": "mean over a stream" if args.qrdetect
                         else "DetectBench median (ours), mean (peers)"}
    if args.qrdetect:
        results["timing"]["startup"] = startup
        results["timing"]["jobs"] = jobs


def jobs_scaling(args, images):
    """qrdetect --jobs 1 against --jobs N (N = the cores here) on one stream of 1080p frames with
    one code each: wall ms per frame and the speed-up, best of the passes."""
    cores = os.cpu_count() or 1
    count = max(args.frames // 2, 20)
    stream = os.path.join(args.work, "jobs.pgm")
    with open(stream, "wb") as f:
        for i in range(count):
            f.write(pgm_bytes(images[i % len(images)]))
    rows = []
    for jobs in sorted({1, cores}):
        best, read = None, 0
        for _ in range(args.passes):
            with open(stream, "rb") as source:
                start = time.perf_counter()
                run = subprocess.run([args.qrdetect, "--effort", args.effort, "--jobs", str(jobs)],
                                     stdin=source, capture_output=True)
                elapsed = time.perf_counter() - start
            best = elapsed if best is None else min(best, elapsed)
            read = len(run.stdout.splitlines())
        rows.append({"jobs": jobs, "ms": best * 1e3 / count, "read": read})
    os.remove(stream)
    base = rows[0]["ms"]
    for row in rows:
        row["speedup"] = base / row["ms"]
    print(f"qrdetect --jobs over {count} 1920x1080 frames with one code (cores: {cores}): "
          + ", ".join(f"-j {r['jobs']} {r['ms']:.2f} ms/frame ({r['speedup']:.2f}x, "
                      f"{r['read']} read)" for r in rows))
    return {"frames": count, "cores": cores, "rows": rows}


def qrdetect_startup(qrdetect):
    """The best wall and CPU milliseconds of qrdetect reading an empty input, of ten runs."""
    best, cpu = None, None
    for _ in range(10):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run([qrdetect], stdin=subprocess.DEVNULL, capture_output=True)
        elapsed = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        used = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
        best = elapsed if best is None else min(best, elapsed)
        cpu = used if cpu is None else min(cpu, used)
    return {"ms": best * 1e3, "cpu_ms": cpu * 1e3}


def write_first(work, frames):
    path = os.path.join(work, "frame.pgm")
    write_pgm(path, frames[0])
    return path


# MARK: - main

def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("bench", help="DetectBench, or - with --qrdetect")
    parser.add_argument("effort")
    parser.add_argument("corpus")
    parser.add_argument("work")
    parser.add_argument("--qrdetect")
    parser.add_argument("--peers", default=os.environ.get("PEERS", "zxing-cpp"))
    parser.add_argument("--rotations", default=os.environ.get("ROTATIONS", "0 90 180 270"))
    parser.add_argument("--frames", type=int, default=int(os.environ.get(
        "FRAMES", os.environ.get("REPS", "300"))))
    parser.add_argument("--passes", type=int, default=int(os.environ.get("PASSES", "3")))
    parser.add_argument("--budget", type=float, default=float(os.environ.get("BUDGET", "20")))
    parser.add_argument("--results")
    parser.add_argument("--skip-corpus", action="store_true",
                        default=os.environ.get("SKIP_CORPUS") == "1")
    parser.add_argument("--skip-timing", action="store_true",
                        default=os.environ.get("SKIP_TIMING") == "1")
    args = parser.parse_args()
    args.rotations = [int(r) for r in args.rotations.replace(",", " ").split()]

    peers, versions, unavailable = {}, {}, []
    for name in [p.strip() for p in args.peers.split(",") if p.strip()]:
        made = make_peer(name)
        if made is None:
            unavailable.append(name)
        else:
            peers[name] = made
            versions[name] = made[1]
    results = {"ours": ours_name(args), "peers": versions, "unavailable": unavailable}
    if args.qrdetect:
        version = subprocess.run([args.qrdetect, "--version"], capture_output=True, text=True)
        results["ours_version"] = version.stdout.strip()
    if not args.skip_corpus:
        corpus(args, peers, results)
    if not args.skip_timing:
        timing(args, peers, results)
    if args.results:
        with open(args.results, "w") as f:
            json.dump(results, f, indent=1)


if __name__ == "__main__":
    main()
