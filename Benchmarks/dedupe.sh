#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# qrdedupe throughput (lines/s) on realistic qrdetect records, peak RSS with a million distinct
# keys, and the same input through trivial peers in the same run, as ratios.
#
# usage: Benchmarks/dedupe.sh [records]      (default 10000000)
# KEEP=1 keeps the generated data; NO_BUILD=1 uses the release binary already built; QRDEDUPE=path
# uses that binary; DISTINCT=n sets the distinct keys of the memory test (default 1000000);
# RESULTS=file appends the numbers there as JSON lines (what Benchmarks/product reads).
set -euo pipefail

records=${1:-10000000}
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/qrdedupe-bench.XXXXXX")
[[ ${KEEP:-0} == 1 ]] || trap 'rm -rf "$work"' EXIT

if [[ ! -x /usr/bin/time ]]; then
  echo "dedupe.sh: /usr/bin/time is missing: apt-get install time" >&2
  exit 2
fi

if [[ -n ${QRDEDUPE:-} ]]; then
  qrdedupe=$QRDEDUPE
else
  if [[ ${NO_BUILD:-0} != 1 ]]; then
    echo "building qrdedupe (release)..." >&2
    swift build -c release --scratch-path "$root/.build-dedupe" --product qrdedupe >&2
  fi
  qrdedupe=$root/.build-dedupe/release/qrdedupe
fi
distinct=${DISTINCT:-1000000}
results=${RESULTS:-/dev/null}

# A camera at 30 frames/s over a scene of 40 codes: 1 to 3 codes in view per frame, each staying
# for 2 to 6 seconds, records shaped as qrdetect writes them (about 300 bytes).
echo "generating $records records..." >&2
for c in $(seq 0 39); do
  text=$(printf 'https://example.com/item/%06d?lot=%d' $((c * 7919 % 1000000)) "$c")
  printf '%s\t%s\n' "$text" "$(printf '%s' "$text" | base64 -w 0)"
done > "$work/codes.tsv"
awk -v n="$records" -v codes="$work/codes.tsv" 'BEGIN {
  srand(42)
  FS = "\t"
  for (c = 0; (getline line < codes) > 0; c++) {
    split(line, field, "\t"); text[c] = field[1]; base64[c] = field[2]
  }
  frame = 0; written = 0
  while (written < n) {
    if (frame % 90 == 0) { visible = 1 + int(rand() * 3); base = int(rand() * 40) }
    t = frame / 30
    for (i = 0; i < visible && written < n; i++) {
      c = (base + i) % 40; x = 100 + 200 * i + int(rand() * 3); y = 120 + int(rand() * 3)
      printf "{\"frame\":%d,\"time\":%.4f,\"source\":\"/dev/video0\",\"symbology\":\"qr\",", frame, t
      printf "\"text\":\"%s\",\"bytes\":\"%s\",\"version\":3,\"level\":\"M\",\"mask\":5,", text[c], base64[c]
      printf "\"corners\":[[%d,%d],[%d,%d],[%d,%d],[%d,%d]]}\n", x, y, x + 90, y, x + 90, y + 90, x, y + 90
      written++
    }
    frame++
  }
}' > "$work/camera.jsonl"

# A million distinct payloads, ten records per second.
awk -v n="$distinct" 'BEGIN {
  for (i = 0; i < n; i++) {
    printf "{\"frame\":%d,\"time\":%.2f,\"source\":\"-\",\"symbology\":\"qr\",\"text\":\"code-%07d\"}\n", i, i / 10, i
  }
}' > "$work/distinct.jsonl"

bytes=$(stat -c %s "$work/camera.jsonl")
echo "camera.jsonl: $records lines, $((bytes / 1000000)) MB" >&2

# Runs a command with the file on stdin; prints "seconds peak-RSS-KiB output-lines". The seconds
# are CPU seconds (user + system) of the command alone, which stay meaningful on a shared machine;
# the wall-clock seconds are in $work/wall.
measure() {
  local input=$1
  shift
  /usr/bin/time -f "%U %S %M %e" -o "$work/time" "$@" < "$input" | wc -l > "$work/lines"
  read -r user system rss wall < "$work/time"
  echo "$wall" > "$work/wall"
  echo "$(awk -v u="$user" -v s="$system" 'BEGIN { printf "%.2f", u + s }') $rss $(cat "$work/lines")"
}

rate() { awk -v n="$1" -v s="$2" 'BEGIN { printf "%.0f", (s > 0 ? n / s : 0) }'; }
record() {  # record SECTION NAME LINES CPU-SECONDS RSS LINES-OUT
  printf '{"bench":"dedupe","section":"%s","name":"%s","lines":%d,"cpu_seconds":%s,"rate":%s,"rss_kib":%d,"lines_out":%d}\n' \
    "$1" "${2//\"/\\\"}" "$3" "$4" "$(rate "$3" "$4")" "$5" "$6" >>"$results"
}

printf '\n%-44s %10s %14s %10s %12s\n' "command (camera stream)" "CPU s" "lines/CPU s" "RSS KiB" "lines out"
declare -A speed
run() {
  local name=$1
  shift
  read -r seconds rss out <<< "$(measure "$work/camera.jsonl" "$@")"
  speed[$name]=$(rate "$records" "$seconds")
  printf '%-44s %10s %14s %10s %12s\n' "$name" "$seconds" "${speed[$name]}" "$rss" "$out"
  record camera "$name" "$records" "$seconds" "$rss" "$out"
}
cat "$work/camera.jsonl" > /dev/null # warm the page cache
run "cat" cat
run "qrdedupe" "$qrdedupe"
run "qrdedupe --mode rearm --confirm 3" "$qrdedupe" --mode rearm --confirm 3
run "qrdedupe --events" "$qrdedupe" --events
run "qrdedupe --interval 0 (writes every line)" "$qrdedupe" --interval 0
run "qrdedupe --mode once" "$qrdedupe" --mode once
# The nearest one-liner: each text once (what --mode once does, without JSON or time).
run "awk (each text once)" awk -F'"text":"' '{ split($2, a, "\""); if (!seen[a[1]]++) print }'
if command -v jq > /dev/null; then
  head -n 1000000 "$work/camera.jsonl" > "$work/camera-1m.jsonl"
  sample=$(wc -l < "$work/camera-1m.jsonl")
  read -r seconds rss out <<< "$(measure "$work/camera-1m.jsonl" jq -c .)"
  speed["jq -c ."]=$(rate "$sample" "$seconds")
  printf '%-44s %10s %14s %10s %12s\n' "jq -c . (first $sample lines)" "$seconds" "${speed["jq -c ."]}" "$rss" "$out"
  record camera "jq -c ." "$sample" "$seconds" "$rss" "$out"
fi

echo
echo "ratios (qrdedupe lines/s over the peer's):"
for peer in "cat" "awk (each text once)" "jq -c ."; do
  [[ -n ${speed[$peer]:-} ]] || continue
  awk -v a="${speed[qrdedupe]}" -v b="${speed[$peer]}" -v p="$peer" \
    'BEGIN { printf "  qrdedupe / %-20s %6.2f\n", p, a / b }'
done

printf '\n%-44s %10s %14s %10s %12s\n' "command ($distinct distinct keys)" "CPU s" "lines/CPU s" "RSS KiB" "lines out"
for arguments in "--mode once" "--mode once --max-keys 100000" "--mode once --max-keys 10000" "" "--events"; do
  # shellcheck disable=SC2086 # the arguments are words
  read -r seconds rss out <<< "$(measure "$work/distinct.jsonl" "$qrdedupe" $arguments)"
  printf '%-44s %10s %14s %10s %12s\n' "qrdedupe $arguments" "$seconds" "$(rate "$distinct" "$seconds")" "$rss" "$out"
  record distinct "qrdedupe $arguments" "$distinct" "$seconds" "$rss" "$out"
done
read -r seconds rss out <<< "$(measure "$work/distinct.jsonl" awk '!seen[$0]++')"
printf '%-44s %10s %14s %10s %12s\n' "awk '!seen[\$0]++'" "$seconds" "$(rate "$distinct" "$seconds")" "$rss" "$out"
record distinct "awk '!seen[\$0]++'" "$distinct" "$seconds" "$rss" "$out"
