#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Whether a change to the detector changes what it does, and what it costs in instructions:
# QRVision's detector in-process (DetectBench, built as detect.sh builds it) of a base revision
# against the working tree, image by image, on
#   corpus    the corpus at rotations 0/90/180/270
#   cover720, contain720, cover1080
#             the corpus photos framed as camera frames (realscenes.py's framing)
#   scenes    every qrscenes class, seed 1 (SCENES=N images a class, default 10; sheets, wall 3)
#   noise     8 frames of 640x480 Gaussian noise (sigma 50, as detect.py makes them)
# For each set it prints "same" when every image's work counts (passes, patterns, attempts,
# decodes) and decoded texts are the base's, else how many images differ in each; with
# INSTRUCTIONS=1 also each side's instructions (valgrind's callgrind on a stripped copy: a count
# that load does not change, where wall time swings by 15%).
#   Benchmarks/detector-diff.sh [BASE]        BASE: a git revision (default HEAD)
# Environment: CORPUS=dir (default ../shared/corpus-pgm), PYTHON (default .venv/bin/python, with
# numpy and opencv-python-headless), SETS="corpus scenes ..." (default all), INSTRUCTIONS=1.
# Exit status 0 when every set is the same, 1 when one differs.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
base=${1:-HEAD}
corpus=$(cd "${CORPUS:-../shared/corpus-pgm}" && pwd)
python=${PYTHON:-.venv/bin/python}
sets=${SETS:-corpus cover720 contain720 cover1080 scenes noise}
work=$(mktemp -d "${TMPDIR:-/tmp}/detector-diff.XXXXXX")
trap 'git -C "$root" worktree remove --force "$work/base-tree" 2>/dev/null || true; rm -rf "$work"' EXIT

build() { # SOURCE-TREE OUT: DetectBench over static QRImage, QRCodec and QRVision
  local tree=$1 out=$2 module
  mkdir -p "$out"
  for module in QRImage QRCodec QRVision; do
    # shellcheck disable=SC2046
    swiftc -O -wmo -parse-as-library -module-name "$module" -emit-module -emit-library -static \
      -I "$out" -o "$out/lib$module.a" -emit-module-path "$out/$module.swiftmodule" \
      $(find "$tree/Sources/$module" -name '*.swift')
  done
  swiftc -O -parse-as-library -I "$out" -L "$out" -lQRVision -lQRCodec -lQRImage \
    "$tree/Benchmarks/DetectBench.swift" -o "$out/DetectBench"
}
echo "building DetectBench at $base and in the working tree" >&2
git worktree add --detach -q "$work/base-tree" "$base"
build "$work/base-tree" "$work/base"
build "$root" "$work/new"

# The image lists: "PATH ROTATION" lines, as DetectBench reads them.
swift build -c release --product qrscenes >&2
scenes_bin=$(swift build -c release --show-bin-path)/qrscenes
mkdir -p "$work/images"
for set in $sets; do
  case $set in
    corpus)
      for rotation in 0 90 180 270; do
        find "$corpus" -name '*.pgm' | sort | sed "s/\$/ $rotation/"
      done >"$work/corpus.list" ;;
    scenes)
      for class in $("$scenes_bin" --list); do
        count=${SCENES:-10}
        case $class in sheets | wall) count=$(((count + 2) / 3)) ;; esac
        "$scenes_bin" --class "$class" --count "$count" --seed 1 --output "$work/images/$class" >/dev/null
        find "$work/images/$class" -name '*.pgm' | sort | sed 's/$/ 0/'
      done >"$work/scenes.list" ;;
    cover720 | contain720 | cover1080 | noise)
      "$python" - "$set" "$corpus" "$work/images/$set" "$root/Benchmarks" >"$work/$set.list" <<'PY'
import json, os, sys
name, corpus, out, benchmarks = sys.argv[1:]
sys.path.insert(0, benchmarks)
import numpy as np
os.makedirs(out, exist_ok=True)
def write(index, frame):
    path = os.path.join(out, "%04d.pgm" % index)
    with open(path, "wb") as f:
        f.write(b"P5\n%d %d\n255\n" % (frame.shape[1], frame.shape[0]) + frame.tobytes())
    print(path, 0)
if name == "noise":
    rng = np.random.default_rng(1)
    for i in range(8):
        write(i, np.clip(rng.normal(128, 50, (480, 640)), 0, 255).astype(np.uint8))
    sys.exit()
from detect import read_pgm
from realscenes import framed
fit, height = name[:-3] if name.endswith("720") else name[:-4], int(name[-4:] if name.endswith("1080") else name[-3:])
width = height * 16 // 9
entries = [json.loads(line) for line in open(os.path.join(corpus, "index.jsonl"))]
entries = [e for e in entries if not e["pgm"].split("/")[0].startswith("falsepositives")]
for i, entry in enumerate(entries):
    write(i, framed(read_pgm(os.path.join(corpus, entry["pgm"])), width, height, fit))
PY
      ;;
    *) echo "detector-diff.sh: unknown set '$set'" >&2; exit 64 ;;
  esac
done

status=0
for set in $sets; do
  for side in base new; do
    "$work/$side/DetectBench" work balanced <"$work/$set.list" >"$work/$set.$side.work"
    "$work/$side/DetectBench" serve balanced <"$work/$set.list" >"$work/$set.$side.texts"
  done
  # One line per image of work counts; texts as "T ..." lines closed by "D count" per image.
  work_differ=$(paste -d'|' "$work/$set.base.work" "$work/$set.new.work" | awk -F'|' '$1 != $2' | wc -l)
  texts_differ=$(for side in base new; do
    awk '/^D /{print block; block=""; next} {block = block $0 ";"}' "$work/$set.$side.texts" >"$work/$set.$side.blocks"
  done; paste -d'|' "$work/$set.base.blocks" "$work/$set.new.blocks" | awk -F'|' '$1 != $2' | wc -l)
  images=$(wc -l <"$work/$set.list")
  line="$set ($images images):"
  if [ "$work_differ" -eq 0 ] && [ "$texts_differ" -eq 0 ]; then
    line="$line same"
  else
    # (grep -c prints 0 and fails when nothing matches: a set that reads no code.)
    reads_base=$(grep -c '^T ' "$work/$set.base.texts" || true)
    reads_new=$(grep -c '^T ' "$work/$set.new.texts" || true)
    line="$line work differs on $work_differ, texts on $texts_differ (reads $reads_base -> $reads_new)"
    status=1
  fi
  if [ "${INSTRUCTIONS:-0}" = 1 ]; then
    for side in base new; do
      strip -g "$work/$side/DetectBench" -o "$work/$side/DetectBench.stripped"
      count=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null \
        "$work/$side/DetectBench.stripped" work balanced <"$work/$set.list" 2>&1 >/dev/null \
        | awk '/refs:/ { gsub(",", "", $4); printf "%.1f", $4 / 1e6 }')
      line="$line; $side ${count} M instructions"
    done
  fi
  echo "$line"
done
exit $status
