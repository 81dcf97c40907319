#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# qrdetect against zxing-cpp on generated scenes (qrscenes), one row per scene class, in one run.
#   Benchmarks/scenes.sh [scenes.py options]     e.g. --count 5 --classes blur,dense --effort fast
#   Benchmarks/scenes.sh --real [realscenes.py options]   the corpus as 720p and 1080p y4m streams
# Environment: PYTHON (default .venv/bin/python, which has zxing-cpp and numpy).
set -euo pipefail
cd "$(dirname "$0")/.."
python=${PYTHON:-.venv/bin/python}
swift build -c release --product qrdetect >&2
swift build -c release --product qrscenes >&2
bin=$(swift build -c release --show-bin-path)
work=$(mktemp -d "${TMPDIR:-/tmp}/scenes-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT
if [ "${1:-}" = "--real" ]; then
  shift
  "$python" Benchmarks/realscenes.py "$@" "$bin/qrdetect" "$work"
else
  "$python" Benchmarks/scenes.py "$@" "$bin/qrscenes" "$bin/qrdetect" "$work"
fi
