#!/usr/bin/env bash
# Sustained A/B of kernel variants against this build (a device machine, after
# `source scripts/device_build.sh LOG`; the backward's probe unless PROBE names another): each
# variant's objects are linked into a copy of the checkout (scripts/relink_baseline.sh), then
# every build's own copy of the probe runs in turn, this build first in the first round (it writes
# the outputs' bits, which every variant must match), the order reversed in every second round.
#
#   scripts/relink_sustained_ab.sh BUILD_LOG "PROBE ARGS" VARIANT_DIR [VARIANT_DIR ...]
#   scripts/relink_sustained_ab.sh $OUT/build.log "--cells 64f16k 64f8k --seconds 2" .ab/b2/relink_b2
#
# The baseline is the checkout as it travelled, so keep variants out of the working tree and
# build it with `DASH_CACHED_ONLY=1 source scripts/device_build.sh LOG`: a cache miss then fails
# the build at once instead of compiling (setup.py).
#
# VARIANT_DIR: objects named <source>-<tag>.o (relink_baseline.sh's convention), and optionally an
# overlay/ folder (below); the copy goes to
# /tmp/ab_<basename of VARIANT_DIR>. Prints each build's rates and the bit check, then the table of
# means (scripts/ab_means.py).
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
  # VARIANT_DIR/overlay/: files of the variant's own that replace the checkout's in its tree (a
  # Python side that goes with its objects, e.g. overlay/dash/fwd.py).
  if [ -d "$dir/overlay" ]; then cp -r "$dir/overlay/." "$tree/"; echo "overlay: $(cd "$dir/overlay" && find . -type f | tr '\n' ' ')"; fi
  trees+=("$tree")
done
# Every second round runs the builds in the reverse order, so that no build always runs in the
# same place of a round (session 47 read 3% between two builds whose step loops were the same
# instructions, with this build first in both rounds: bench/NOTES.md). ROUNDS: default 2.
log_all=/tmp/ab_all.txt
: > "$log_all"
for round in $(seq 1 "${ROUNDS:-2}"); do
  order=("${trees[@]}")
  if (( round % 2 == 0 )); then
    order=(); for (( i = ${#trees[@]} - 1; i >= 0; i-- )); do order+=("${trees[i]}"); done
  fi
  for tree in "${order[@]}"; do
    echo "== round $round: $tree" | tee -a "$log_all"
    python3 "$tree/$probe_script" --no-fa4 --bits "$bits" $probe 2>&1 | grep -v Warning | tee -a "$log_all"
  done
done
# Each build's rounds, means and change against this build (scripts/ab_means.py).
python3 scripts/ab_means.py "$log_all"
