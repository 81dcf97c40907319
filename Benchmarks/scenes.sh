#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# qrdetect against zxing-cpp on generated scenes (qrscenes), one row per scene class, in one run.
#   Benchmarks/scenes.sh [scenes.py options]     e.g. --count 5 --classes blur,dense --effort fast
#   Benchmarks/scenes.sh --real [realscenes.py options]   the corpus as 720p and 1080p y4m streams
#   Benchmarks/scenes.sh --all      both, in one run: every class, then the corpus as video (both fits)
# Environment: PYTHON (default .venv/bin/python, which has zxing-cpp and numpy).
set -euo pipefail
cd "$(dirname "$0")/.."
python=${PYTHON:-.venv/bin/python}
# Built as scripts/install builds them (scripts/release-flags) and measured as it installs them,
# copied (Benchmarks/product says why).
source scripts/release-flags
swift build "${release_flags[@]}" --product qrdetect >&2
swift build "${release_flags[@]}" --product qrscenes >&2
built=$(swift build "${release_flags[@]}" --show-bin-path)
work=$(mktemp -d "${TMPDIR:-/tmp}/scenes-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT
bin=$work/bin
mkdir -p "$bin"
install -m 755 "$built/qrdetect" "$built/qrscenes" "$bin/"
if [ "${1:-}" = "--all" ]; then
  shift
  "$python" Benchmarks/scenes.py "$@" "$bin/qrscenes" "$bin/qrdetect" "$work"
  for fit in cover contain; do "$python" Benchmarks/realscenes.py --fit $fit "$bin/qrdetect" "$work"; done
elif [ "${1:-}" = "--real" ]; then
  shift
  "$python" Benchmarks/realscenes.py "$@" "$bin/qrdetect" "$work"
else
  "$python" Benchmarks/scenes.py "$@" "$bin/qrscenes" "$bin/qrdetect" "$work"
fi
