#!/usr/bin/env bash
# Sustained A/B of kernel variants against this build (a device machine, after
# `source scripts/device_build.sh LOG`; the backward's probe unless PROBE names another): each
# variant's objects are linked into a copy of the checkout (scripts/relink_baseline.sh), then
# every build's own copy of the probe runs in turn, this build first (it writes the outputs' bits,
# which every variant must match), twice round.
#
#   scripts/relink_sustained_ab.sh BUILD_LOG "PROBE ARGS" VARIANT_DIR [VARIANT_DIR ...]
#   scripts/relink_sustained_ab.sh $OUT/build.log "--cells 64f16k 64f8k --seconds 2" .ab/b2/relink_b2
#
# The baseline is the checkout as it travelled, so keep variants out of the working tree and
# build it with `DASH_CACHED_ONLY=1 source scripts/device_build.sh LOG`: a cache miss then fails
# the build at once instead of compiling (setup.py).
#
# VARIANT_DIR: objects named <source>-<tag>.o (relink_baseline.sh's convention); the copy goes to
# /tmp/ab_<basename of VARIANT_DIR>. Prints each build's rates and the bit check.
set -uo pipefail
log=$1 probe=$2; shift 2
# PROBE: the probe each build runs (the forward's: bench/experiments/s43-sustained_fwd.py, which
# checks out and lse bitwise the same way).
probe_script=${PROBE:-bench/experiments/s42-sustained_bwd.py}
cd "$(dirname "$0")/.."
bits=/tmp/ab_bits.pt
rm -f "$bits"
trees=(".")
for dir in "$@"; do
  tree=/tmp/ab_$(basename "$dir")
  scripts/relink_baseline.sh "$log" "$dir" "$tree" > /tmp/ab_relink_$(basename "$dir").log 2>&1 \
    || { echo "relink failed for $dir"; tail -5 /tmp/ab_relink_$(basename "$dir").log; exit 1; }
  trees+=("$tree")
done
for round in 1 2; do
  for tree in "${trees[@]}"; do
    echo "== round $round: $tree"
    python3 "$tree/$probe_script" --no-fa4 --bits "$bits" $probe 2>&1 | grep -v Warning
  done
done
