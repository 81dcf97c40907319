#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# QRVision's detector against zxing-cpp on the shared corpus (per folder, rotations 0/90/180/270)
# and ms per frame at 640x480 and 1920x1080, with no code, with one code and of pure noise, in one
# run.
#   Benchmarks/detect.sh [EFFORT]      (fast | balanced | accurate; default balanced)
# Environment: ROTATIONS="0 90", FRAMES=300 (frames timed per kind), PASSES=3, SKIP_CORPUS=1,
# SKIP_TIMING=1, CORPUS=dir, VERBOSE=1 (list files read by one tool only), DECODER=zxing (zxing-cpp
# decodes our sampled grids: detection alone), PEERS=zxing-cpp,zbar,quirc (default zxing-cpp).
# Benchmarks/product runs detect.py on the qrdetect binary instead, against all three peers.
set -euo pipefail
cd "$(dirname "$0")/.."
effort=${1:-balanced}
corpus=${CORPUS:-../shared/corpus-pgm}
scratch=.build-detect
work=$(mktemp -d "${TMPDIR:-/tmp}/detect-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT

# The oracle: zxing-cpp 3.1.1 (and numpy, segno for the synthetic frames) in the project venv.
if [ ! -x .venv/bin/python ]; then python3 -m venv .venv; fi
.venv/bin/python -c 'import zxingcpp, numpy, segno' 2>/dev/null \
  || .venv/bin/pip install -q 'zxing-cpp==3.1.1' numpy segno
case ${PEERS:-} in *zbar*) .venv/bin/python -c 'import pyzbar' 2>/dev/null || .venv/bin/pip install -q pyzbar ;; esac
case ${PEERS:-} in *quirc*) .venv/bin/python -c 'import quirc' 2>/dev/null || .venv/bin/pip install -q pyquirc ;; esac

# The driver: QRImage, QRCodec and QRVision compiled as static libraries with swiftc -O (no
# dependency on the tools or on the package's other modules).
mkdir -p "$scratch"
build() {  # MODULE SOURCES...
  local module=$1
  shift
  swiftc -O -parse-as-library -module-name "$module" -emit-module -emit-library -static \
    -I "$scratch" -o "$scratch/lib$module.a" -emit-module-path "$scratch/$module.swiftmodule" "$@"
}
build QRImage $(find Sources/QRImage -name '*.swift')
build QRCodec $(find Sources/QRCodec -name '*.swift')
build QRVision $(find Sources/QRVision -name '*.swift')
swiftc -O -parse-as-library -I "$scratch" -L "$scratch" -lQRVision -lQRCodec -lQRImage \
  Benchmarks/DetectBench.swift -o "$scratch/DetectBench"

.venv/bin/python Benchmarks/detect.py "$scratch/DetectBench" "$effort" "$corpus" "$work"
