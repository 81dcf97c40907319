#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Codes per second for qrrender --lines (PBM and PNG) against qrencode and segno, and the wall
# time of one qrrender invocation against one qrencode, all in the same run.
#   Benchmarks/render.sh [COUNT]     (COUNT URLs for the batch; default 10000)
# qrencode has no batch mode: it encodes one payload per process, so a script that makes many
# codes runs it in a shell loop; that loop runs over the first LOOP payloads (default 1000) and
# is reported per code. segno runs in one Python process, as a library, over the first SEGNO
# payloads (default 2000; it manages about a hundred codes a second here).
# QRRENDER=path uses that binary instead of building two (scripts/release-flags, and dynamic);
# PYTHON=path is the Python with segno; RESULTS=file appends the numbers there as JSON lines
# (what Benchmarks/product reads); PASSES=3, RUNS=200 (one-process runs).
set -euo pipefail
cd "$(dirname "$0")/.."
count=${1:-10000}
loop=${LOOP:-1000}
segno=${SEGNO:-2000}
scratch=${SCRATCH:-.build-render}
work=$(mktemp -d "${TMPDIR:-/tmp}/render-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT

# The installed build (scripts/release-flags, as scripts/install and scripts/run build it), and
# for comparison a plain `swift build -c release` with the Swift runtime linked dynamically.
if [ -n "${QRRENDER:-}" ]; then
  qrrender=$QRRENDER
  dynamic=
else
  source scripts/release-flags
  swift build "${release_flags[@]}" --scratch-path "$scratch" --product qrrender >/dev/null
  swift build -c release --scratch-path "$scratch-dynamic" --product qrrender >/dev/null
  qrrender=$scratch/release/qrrender
  dynamic=$scratch-dynamic/release/qrrender
fi
# Measured as scripts/install puts it, copied by `install` (see Benchmarks/product: a file the
# linker wrote is cached in 4 KiB pages, which make each start of the process slower).
install -m 755 "$qrrender" "$work/qrrender"
qrrender=$work/qrrender
if [ -n "$dynamic" ]; then
  install -m 755 "$dynamic" "$work/qrrender-dynamic"
  dynamic=$work/qrrender-dynamic
fi
python=${PYTHON:-.venv/bin/python}
[ -x "$python" ] || python=python3
results=${RESULTS:-/dev/null}

# Mixed payloads: URLs with paths, queries and ids of varying length.
awk -v n="$count" 'BEGIN {
  srand(42)
  split("shop news docs item user track", words, " ")
  for (i = 1; i <= n; i++) {
    w = words[int(rand() * 6) + 1]
    printf "https://example.com/%s/%d?ref=%x&q=%s%d\n", w, i, int(rand() * 2^31), w, int(rand() * 1e6)
  }
}' >"$work/urls.txt"
head -n "$loop" "$work/urls.txt" >"$work/loop.txt"
head -n "$segno" "$work/urls.txt" >"$work/segno.txt"

now() { date +%s.%N; }
rate() { awk -v n="$1" -v s="$2" 'BEGIN { printf "%.0f", n / s }'; }
# Best of $passes runs: on a shared 2-core machine the slow runs measure the neighbours.
passes=${PASSES:-3}

declare -A per_second
record() {  # record NAME CODES SECONDS
  per_second[$1]=$(rate "$2" "$3")
  printf '%-44s %8s codes/s  (%d codes in %.2f s)\n' "$1" "${per_second[$1]}" "$2" "$3"
  printf '{"bench":"render","section":"batch","name":"%s","codes":%d,"seconds":%s,"rate":%s}\n' \
    "$1" "$2" "$3" "${per_second[$1]}" >>"$results"
}
# take_turns CODES NAME "command" NAME "command" ...: each command once a pass, in turn, for
# $passes passes; the best of each recorded. For the commands that create files: for minutes
# after many files are removed this ext4 creates new ones up to ten times slower, and taking
# turns lets such a minute fall on all of them, not on the first alone.
take_turns() {
  local codes=$1 index start end
  shift
  local -a names=() commands=() fastest=()
  while [ $# -ge 2 ]; do
    names+=("$1")
    commands+=("$2")
    fastest+=("")
    shift 2
  done
  for _ in $(seq "$passes"); do
    for index in "${!commands[@]}"; do
      start=$(now)
      bash -c "${commands[$index]}"
      end=$(now)
      fastest[index]=$(awk -v a="${fastest[$index]}" -v s="$start" -v e="$end" \
        'BEGIN { b = e - s; print (a == "" || b < a) ? b : a }')
    done
  done
  for index in "${!names[@]}"; do record "${names[$index]}" "$codes" "${fastest[$index]}"; done
}
measure() {  # measure NAME CODES "command": the best of $passes runs of one command
  take_turns "$2" "$1" "$3"
}

echo "batch: $count URLs, scale 4, level M (best of $passes)"
# Every pass that writes files writes them into a directory of its own, and none is removed
# before the end: where ext4 runs without a journal (as on the machine these numbers come from),
# it does not reuse an inode freed in the last minute, and after 10,000 files were removed each
# new file cost ten times as much, which measured the file system, not the program.
measure "qrrender --lines -f pbm" "$count" "'$qrrender' --lines -f pbm < '$work/urls.txt' > /dev/null"
# The file system's own rate on this machine now: as many files of a PNG's size, created as
# qrrender creates them (unnamed, then linked into place), by one process doing nothing else.
# (Here it swings tenfold: for minutes after many files are removed, ext4 without a journal
# scans for inodes it may reuse.)
cat >"$work/floor.py" <<'PY'
import os, sys
directory, count, data = sys.argv[1], int(sys.argv[2]), bytes(300)
parent = os.open(directory, os.O_RDONLY | os.O_DIRECTORY)
for n in range(count):
    fd = os.open(directory, os.O_TMPFILE | os.O_WRONLY, 0o644)
    os.write(fd, data)
    os.link("/proc/self/fd/%d" % fd, "%06d.png" % (n + 1), dst_dir_fd=parent)
    os.close(fd)
PY
take_turns "$count" \
  "qrrender --lines -f png --output-dir DIR" \
  "d=\$(mktemp -d '$work/png.XXXXXX'); '$qrrender' --lines -f png --output-dir \"\$d\" < '$work/urls.txt'" \
  "qrrender --lines -f png --output-dir DIR -j 1" \
  "d=\$(mktemp -d '$work/png1.XXXXXX'); '$qrrender' --lines -j 1 -f png --output-dir \"\$d\" < '$work/urls.txt'" \
  "file system: files created alone (floor)" \
  "d=\$(mktemp -d '$work/floor.XXXXXX'); '$python' '$work/floor.py' \"\$d\" '$count'"
measure "qrencode -t PNG, shell loop" "$loop" \
  "while IFS= read -r url; do qrencode -s 4 -m 4 -l M -o - -t PNG \"\$url\" > /dev/null; done < '$work/loop.txt'"
measure "qrencode -t PNG to files, shell loop" "$loop" \
  "d=\$(mktemp -d '$work/qe.XXXXXX'); n=0; while IFS= read -r url; do n=\$((n+1)); qrencode -s 4 -m 4 -l M -o \"\$d/\$n.png\" \"\$url\"; done < '$work/loop.txt'"
if "$python" -c 'import segno' 2>/dev/null; then
  for kind in pbm png; do
    measure "segno $kind, one Python process" "$segno" \
      "'$python' -c '
import io, sys, segno
for line in open(sys.argv[1]):
    out = io.BytesIO()
    segno.make(line.rstrip(\"\\n\"), error=\"m\", micro=False, boost_error=False).save(out, kind=\"$kind\", scale=4, border=4)
' '$work/segno.txt'"
  done
fi

echo
echo "ratios (higher is better for qrrender):"
ratio() { awk -v a="${per_second[$1]}" -v b="${per_second[$2]}" 'BEGIN { printf "%.1f", a / b }'; }
printf '  qrrender pbm / qrencode png loop:  %sx\n' "$(ratio 'qrrender --lines -f pbm' 'qrencode -t PNG, shell loop')"
printf '  qrrender png / qrencode png loop:  %sx\n' "$(ratio 'qrrender --lines -f png --output-dir DIR' 'qrencode -t PNG to files, shell loop')"
if [ -n "${per_second['segno pbm, one Python process']:-}" ]; then
  printf '  qrrender pbm / segno pbm:          %sx\n' "$(ratio 'qrrender --lines -f pbm' 'segno pbm, one Python process')"
  printf '  qrrender png / segno png:          %sx\n' "$(ratio 'qrrender --lines -f png --output-dir DIR' 'segno png, one Python process')"
fi

echo
runs=${RUNS:-200}
head -n "$runs" "$work/urls.txt" >"$work/single.txt"
echo "one code, one process, $runs processes (a shell loop over $runs URLs): mean wall time, best of $passes"
echo "(the commands take turns, pass after pass, so a slow spell of the machine hits them all)"
declare -A ms
names=()
declare -A commands
single() {  # single NAME "command with \$url": registers one command
  names+=("$1")
  commands[$1]="while IFS= read -r url; do $2; done < '$work/single.txt'"
}
single "true (the loop's own cost)" "true"
single "qrencode -o - (PNG)" "qrencode -o - \"\$url\" > /dev/null"
single "qrencode -t ASCII" "qrencode -t ASCII \"\$url\" > /dev/null"
single "qrrender (PBM)" "'$qrrender' \"\$url\" > /dev/null"
single "qrrender -f png" "'$qrrender' -f png \"\$url\" > /dev/null"
single "qrrender -f ascii" "'$qrrender' -f ascii \"\$url\" > /dev/null"
if [ -n "$dynamic" ]; then
  single "qrrender (PBM, dynamic Swift runtime)" "'$dynamic' \"\$url\" > /dev/null"
fi
# Each command's time in every pass (space-separated), and the fastest.
declare -A pass_ms
for _ in $(seq "$passes"); do
  for name in "${names[@]}"; do
    start=$(now)
    bash -c "${commands[$name]}"
    end=$(now)
    t=$(awk -v s="$start" -v e="$end" -v n="$runs" 'BEGIN { printf "%.3f", (e - s) * 1000 / n }')
    pass_ms[$name]="${pass_ms[$name]:-} $t"
    ms[$name]=$(awk -v t="$t" -v best="${ms[$name]:-}" \
      'BEGIN { printf "%.3f", (best == "" || t < best) ? t : best }')
  done
done
# What each qrrender command is set against: qrencode's PNG, or its ASCII art.
declare -A versus=(
  ["qrrender (PBM)"]="qrencode -o - (PNG)"
  ["qrrender -f png"]="qrencode -o - (PNG)"
  ["qrrender -f ascii"]="qrencode -t ASCII"
  ["qrrender (PBM, dynamic Swift runtime)"]="qrencode -o - (PNG)"
)
over() { awk -v a="${ms[$1]}" -v b="${ms[$2]}" 'BEGIN { printf "%.2f", a / b }'; }
# The median over the passes of the two commands' ratio within a pass (they ran one after the
# other), which a slow moment of the machine moves less than the ratio of the fastest passes.
paired() {
  awk -v a="${pass_ms[$1]}" -v b="${pass_ms[$2]}" 'BEGIN {
    n = split(a, x, " "); split(b, y, " ")
    for (i = 1; i <= n; i++) r[i] = x[i] / y[i]
    for (i = 2; i <= n; i++) for (j = i; j > 1 && r[j - 1] > r[j]; j--) { t = r[j]; r[j] = r[j - 1]; r[j - 1] = t }
    printf "%.2f", n % 2 ? r[(n + 1) / 2] : (r[n / 2] + r[n / 2 + 1]) / 2
  }'
}
for name in "${names[@]}"; do
  printf '%-44s %8.2f ms\n' "$name" "${ms[$name]}"
  if [ -n "${versus[$name]:-}" ]; then
    printf '{"bench":"render","section":"single","name":"%s","ms":%s,"versus":"%s","ratio":%s,"paired_ratio":%s}\n' \
      "$name" "${ms[$name]}" "${versus[$name]}" "$(over "$name" "${versus[$name]}")" \
      "$(paired "$name" "${versus[$name]}")" >>"$results"
  else
    printf '{"bench":"render","section":"single","name":"%s","ms":%s}\n' "$name" "${ms[$name]}" >>"$results"
  fi
done
echo
echo "ratios (one process per code: qrrender's wall time over qrencode's, fastest passes and, in"
echo "brackets, the median of the passes' own ratios; lower is better, goal <= 1;"
echo "batch: codes/s, goal >= 10000):"
for name in "qrrender -f png" "qrrender (PBM)" "qrrender -f ascii" "qrrender (PBM, dynamic Swift runtime)"; do
  [ -n "${ms[$name]:-}" ] || continue
  printf '  %-40s %sx (%sx)\n' "$name / ${versus[$name]}:" "$(over "$name" "${versus[$name]}")" \
    "$(paired "$name" "${versus[$name]}")"
done
printf '  qrrender --lines -f pbm:                  %s codes/s\n' "${per_second['qrrender --lines -f pbm']}"
printf '  qrrender --lines -f png --output-dir DIR: %s codes/s (one thread: %s; the file system alone: %s files/s)\n' \
  "${per_second['qrrender --lines -f png --output-dir DIR']}" \
  "${per_second['qrrender --lines -f png --output-dir DIR -j 1']}" \
  "${per_second['file system: files created alone (floor)']}"
