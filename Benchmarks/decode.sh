#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Decoder speed (issue 4): decodes per second and µs per decode of version 10-M and 40-M grids
# whose byte payload fills the symbol, clean and with every block holding as many errors as it
# can correct, plus a random grid that fails; zxing-cpp reads the same symbols as PGM images in
# the same run. zxing-cpp's figure includes finding the symbol in the image (with is_pure, only
# the bounding box of a clean, axis-aligned symbol), so the ratio is an upper bound on ours.
#   Benchmarks/decode.sh
# Times are CPU time of each process (less disturbed by other work on a shared machine).
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=.build-decode
work=$(mktemp -d "${TMPDIR:-/tmp}/decode-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT

if [ ! -x .venv/bin/python ]; then python3 -m venv .venv; fi
.venv/bin/python -c 'import zxingcpp, numpy' 2>/dev/null \
  || .venv/bin/pip install -q 'zxing-cpp==3.1.1' numpy

# QRCodec as a static library, whole-module optimised as in a release build; the driver uses
# only its public API.
mkdir -p "$scratch"
echo "building QRCodec and the driver (swiftc -O -wmo)..." >&2
swiftc -O -wmo -parse-as-library -module-name QRCodec -emit-module -emit-library -static \
  -o "$scratch/libQRCodec.a" -emit-module-path "$scratch/QRCodec.swiftmodule" \
  $(find Sources/QRCodec -name '*.swift')
swiftc -O -wmo -parse-as-library -I "$scratch" -L "$scratch" -lQRCodec \
  Benchmarks/Decode/DecodeBench.swift -o "$scratch/DecodeBench"

echo "damaging the grids to capacity and timing..." >&2
"$scratch/DecodeBench" "$work" > "$work/ours.tsv"

.venv/bin/python - "$work/ours.tsv" <<'PY'
import sys, time
import numpy, zxingcpp

def read_pgm(path):
    with open(path, "rb") as f:
        data = f.read()
    magic, width, height, maxval, pixels = data.split(maxsplit=4)
    return numpy.frombuffer(pixels, dtype=numpy.uint8).reshape(int(height), int(width))

def per_call(function):
    """Median CPU seconds per call over batches, at least half a CPU second in all."""
    rounds = 1
    while True:
        start = time.process_time()
        for _ in range(rounds): function()
        if time.process_time() - start >= 0.02: break
        rounds *= 2
    samples, spent = [], 0.0
    while len(samples) < 5 or spent < 0.5:
        start = time.process_time()
        for _ in range(rounds): function()
        elapsed = time.process_time() - start
        samples.append(elapsed / rounds)
        spent += elapsed
    return sorted(samples)[len(samples) // 2]

rows = [line.rstrip("\n").split("\t") for line in open(sys.argv[1])]
print("Decoder: qrpipe's Decoder.decode on module grids; zxing-cpp 3.1.1 read_barcodes on the")
print("same symbols as PGM (4 px/module, 4-module quiet zone), which includes locating the symbol.")
print()
print("| grid | errors corrected | qrpipe µs/decode | qrpipe decodes/s "
      "| zxing-cpp µs (is_pure) | zxing-cpp µs (default) | ratio zxing pure / qrpipe |")
print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
for name, micros, rate, errors, rounds, pgm in rows:
    ours = float(micros)
    if pgm == "-":
        print(f"| {name} | {errors} | {ours:.1f} | {float(rate):,.0f} | – | – | – |")
        continue
    image = read_pgm(pgm)
    expected = open(pgm[:-4] + ".payload", "rb").read()
    fmt = zxingcpp.BarcodeFormat.QRCode
    cells = []
    for pure in (True, False):
        found = zxingcpp.read_barcodes(image, formats=fmt, is_pure=pure, text_mode=zxingcpp.TextMode.Plain)
        ok = len(found) == 1 and found[0].bytes == expected
        seconds = per_call(lambda: zxingcpp.read_barcodes(image, formats=fmt, is_pure=pure))
        cells.append(f"{seconds * 1e6:.1f}" + ("" if ok else " (misread)"))
        if pure: pure_seconds = seconds
    print(f"| {name} | {errors} | {ours:.1f} | {float(rate):,.0f} | {cells[0]} | {cells[1]} "
          f"| {pure_seconds * 1e6 / ours:.1f}× |")
PY
