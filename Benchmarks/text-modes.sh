#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# What writing text so that every common reader reads it costs: the symbol version qrrender
# picks by default (UTF-8 text that is not all ASCII: ECI 26 and one byte segment), with -k
# (Kanji mode and the optimal mix, no ECI: smallest, but misread by OpenCV and zbar), and
# qrencode's (byte mode for non-ASCII, no ECI: misread by zbar), at level M.
#   Benchmarks/text-modes.sh          (QRRENDER=path to use that binary; prints a Markdown table)
# The readers' side is Tests/ToolTests/ReaderAgreementTests.swift.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${QRRENDER:-}" ]; then
  swift build --product qrrender >/dev/null
  QRRENDER=$(swift build --show-bin-path)/qrrender
fi

# The version of a PBM with no quiet zone at one pixel a module, from its width.
version() { sed -n 2p | awk '{ print ($1 - 17) / 4 }'; }

payloads=(
  "https://example.com/a?b=1"
  "Zürich"
  "Café crème brûlée, 12,50 €"
  "Hello, world! Ünïcödé ✓ 日本語"
  "日本語のテキストです"
  "東京 Tokyo 2026"
  "中文测试：二维码扫描"
  "안녕하세요, 세계!"
  "😀 emoji 🎉 and ✓ marks"
  "$(printf '長いテキスト long text ü 1234567890 %.0s' {1..20})"
  "$(printf '日本語の長い文章です。%.0s' {1..40})"
)
echo "| payload | bytes | default | -k (Kanji) | qrencode |"
echo "| --- | ---: | ---: | ---: | ---: |"
for text in "${payloads[@]}"; do
  plain=$("$QRRENDER" -f pbm-plain -s 1 -m 0 -- "$text" | version)
  kanji=$("$QRRENDER" -k -f pbm-plain -s 1 -m 0 -- "$text" | version)
  qrencode=$(printf %s "$text" | qrencode -l M -t ASCII -m 0 -o - | wc -l | awk '{ print ($1 - 17) / 4 }')
  shown=$text
  [ ${#text} -gt 32 ] && shown="${text:0:24}… (${#text} characters)"
  printf '| %s | %d | %s | %s | %s |\n' "$shown" "$(printf %s "$text" | wc -c)" "$plain" "$kanji" \
    "$qrencode"
done
