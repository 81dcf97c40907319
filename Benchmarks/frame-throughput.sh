#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# MB/s of the frame reader and writer against cat, on ~2 GB of raw 1920x1080 gray through pipes.
#   Benchmarks/frame-throughput.sh [ROUNDS]     (ROUNDS x 64 frames of 2,073,600 bytes; default 16)
# Everything runs in one go on the same page-cached data, so the ratios are what matter.
# QRCAPTURE=path uses that qrcapture instead of building one; DRIVER=0 leaves out the FrameThroughput
# driver (the library without the tool; no swiftc build); PASSES=3; RESULTS=file appends the
# numbers there as JSON lines (what Benchmarks/product reads).
set -euo pipefail
cd "$(dirname "$0")/.."
export rounds=${1:-16}
width=1920
height=1080
frames=64
scratch=.build-frames
work=$(mktemp -d "${TMPDIR:-/tmp}/frame-throughput.XXXXXX")
trap 'rm -rf "$work"' EXIT

results=${RESULTS:-/dev/null}
driver=${DRIVER:-1}

# The driver: the QRStream frame sources compiled with swiftc -O (no dependency on the tools).
bench=$scratch/bench/FrameThroughput
if [ "$driver" = 1 ]; then
  mkdir -p "$scratch/bench"
  swiftc -O -parse-as-library -module-name FrameThroughput \
    Sources/QRStream/Frame/*.swift Sources/QRStream/Image/GrayImage.swift \
    Sources/QRStream/Image/PixelLayout.swift Sources/QRStream/System/*.swift \
    Benchmarks/FrameThroughput.swift -o "$bench"
fi

# qrcapture, if it builds and reads raw frames from stdin (--size WxH -).
qrcapture=
if [ -n "${QRCAPTURE:-}" ]; then
  qrcapture=$QRCAPTURE
elif swift build -c release --scratch-path "$scratch" --product qrcapture >/dev/null 2>&1 \
  && "$scratch/release/qrcapture" --help 2>/dev/null | grep -q -- '--size'; then
  qrcapture=$scratch/release/qrcapture
fi

# 64 frames of a deterministic gradient (133 MB), streamed $rounds times from the page cache.
python3 - "$work/frames.raw" "$width" "$height" "$frames" <<'PY'
import sys
path, width, height, frames = sys.argv[1], *map(int, sys.argv[2:])
row = bytes((x * 255 // (width - 1)) for x in range(width))
with open(path, "wb") as out:
    for frame in range(frames):
        out.write(b"".join(row[frame % width:] + row[:frame % width] for _ in range(height)))
PY
if [ "$driver" = 1 ]; then
  "$bench" reframe "$width" "$height" <"$work/frames.raw" >"$work/frames.qrframe"
else
  "$qrcapture" --size "${width}x${height}" - <"$work/frames.raw" >"$work/frames.qrframe"
fi
generate() { for _ in $(seq "$rounds"); do cat "$1"; done; }
cat "$work/frames.raw" "$work/frames.qrframe" >/dev/null  # warm the page cache

raw_bytes=$(($(stat -c %s "$work/frames.raw") * rounds))
qrframe_bytes=$(($(stat -c %s "$work/frames.qrframe") * rounds))

# Each pipeline runs $passes times, interleaved with the others, and the best time counts: on a
# shared 2-core machine the slow runs measure the neighbours, not the pipeline.
passes=${PASSES:-3}
names=()
declare -A bytes_of command_of best
add() { names+=("$1"); bytes_of[$1]=$2; command_of[$1]="$(declare -f generate); $3"; }
add "cat raw | cat > /dev/null" "$raw_bytes" \
  "generate '$work/frames.raw' | cat > /dev/null"
if [ "$driver" = 1 ]; then
  add "cat raw | FrameThroughput reframe > /dev/null" "$raw_bytes" \
    "generate '$work/frames.raw' | '$bench' reframe $width $height > /dev/null"
  add "cat raw | FrameThroughput reframe | cat > /dev/null" "$raw_bytes" \
    "generate '$work/frames.raw' | '$bench' reframe $width $height | cat > /dev/null"
fi
add "cat qrframe | cat > /dev/null" "$qrframe_bytes" \
  "generate '$work/frames.qrframe' | cat > /dev/null"
if [ "$driver" = 1 ]; then
  add "cat qrframe | FrameThroughput read" "$qrframe_bytes" \
    "generate '$work/frames.qrframe' | '$bench' read 2>/dev/null"
fi
if [ -n "$qrcapture" ]; then
  add "cat raw | qrcapture --size ${width}x${height} - > /dev/null" "$raw_bytes" \
    "generate '$work/frames.raw' | '$qrcapture' --size ${width}x${height} - > /dev/null"
  add "cat raw | qrcapture --size ${width}x${height} - | cat > /dev/null" "$raw_bytes" \
    "generate '$work/frames.raw' | '$qrcapture' --size ${width}x${height} - | cat > /dev/null"
  add "cat qrframe | qrcapture - > /dev/null" "$qrframe_bytes" \
    "generate '$work/frames.qrframe' | '$qrcapture' - > /dev/null"
fi

echo "frame-throughput: $rounds x $frames frames of ${width}x${height} gray, $(nproc) cores," \
  "best of $passes, load average $(cut -d' ' -f1 /proc/loadavg)"
for _ in $(seq "$passes"); do
  for name in "${names[@]}"; do
    start=$(date +%s%N)
    bash -c "${command_of[$name]}"
    elapsed=$(($(date +%s%N) - start))
    if [ -z "${best[$name]:-}" ] || [ "$elapsed" -lt "${best[$name]}" ]; then best[$name]=$elapsed; fi
  done
done
for name in "${names[@]}"; do
  awk -v n="$name" -v b="${bytes_of[$name]}" -v t="${best[$name]}" \
    'BEGIN { printf "%-56s %6.0f MB/s  (%.2f s, %.2f GB)\n", n, b / t * 1e3, t / 1e9, b / 1e9 }'
  awk -v n="$name" -v b="${bytes_of[$name]}" -v t="${best[$name]}" -v f=$((rounds * frames)) \
    'BEGIN { printf "{\"bench\":\"frames\",\"section\":\"throughput\",\"name\":\"%s\",\"bytes\":%d,\"frames\":%d,\"seconds\":%.4f,\"mb_per_s\":%.1f}\n", n, b, f, t / 1e9, b / t * 1e3 }' \
    >>"$results"
done
[ -n "$qrcapture" ] || echo "qrcapture: not built or no --size option yet; skipped"

# Peak memory of the reader: constant in the number of frames (one frame plus a 1 MiB buffer).
[ "$driver" = 1 ] && for count in 1 "$rounds"; do
  rss=$( { /usr/bin/time -f %M bash -c "$(declare -f generate); rounds=$count; generate '$work/frames.qrframe' | '$bench' read 2>/dev/null" ; } 2>&1 | tail -1)
  echo "FrameThroughput read, $((count * frames)) frames: peak RSS of the pipeline's largest process ${rss} KiB"
done

# Peak memory of qrcapture as the stream grows: 1,000 vs 100,000 frames of 320x240 from a pipe,
# re-framed, then the qrframe stream read back by a second qrcapture. Must be flat.
if [ -n "$qrcapture" ]; then
  for count in 1000 100000; do
    reframe=$( { head -c $((count * 76800)) /dev/zero \
      | /usr/bin/time -f %M "$qrcapture" -s 320x240 - 2>&1 >/dev/null; } 2>&1 | tail -1)
    reread=$( { head -c $((count * 76800)) /dev/zero | "$qrcapture" -s 320x240 - \
      | /usr/bin/time -f %M "$qrcapture" - 2>&1 >/dev/null; } 2>&1 | tail -1)
    printf 'qrcapture, %6d frames of 320x240: peak RSS %6s KiB re-framing raw, %6s KiB reading qrframe\n' \
      "$count" "$reframe" "$reread"
    printf '{"bench":"frames","section":"rss","name":"qrcapture","frames":%d,"reframe_kib":%d,"reread_kib":%d}\n' \
      "$count" "$reframe" "$reread" >>"$results"
  done
fi
