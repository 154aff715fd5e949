#!/usr/bin/env bash
# Split ../shared/fa4's archive into pieces of at most SIZE bytes (default 12,100,000: six
# pieces, since the tracked tree is 48 MB: session 41) under OUT_DIR (default /tmp/fa4pieces),
# for calls whose tree plus one 25 MB part would pass the 64 MiB a device call carries. Copy one
# piece at a time into .fa4/ with the PIECES file (scripts/fa4_device.sh reads it), e.g.
#   scripts/fa4_split.sh && cp /tmp/fa4pieces/PIECES /tmp/fa4pieces/fa4.tar.xz.piece0 .fa4/
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-/tmp/fa4pieces} size=${2:-12100000}
rm -rf "$out"; mkdir -p "$out"
cat ../shared/fa4/*.part0* | split -b "$size" -d -a 1 - "$out/fa4.tar.xz.piece"
ls "$out"/*.piece* | wc -l > "$out/PIECES"
(cd "$out" && cat fa4.tar.xz.piece* | md5sum | sed 's/-$/fa4-4.0.0b36-py312.tar.xz/')
cat ../shared/fa4/MD5SUM
