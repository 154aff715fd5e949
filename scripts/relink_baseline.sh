#!/usr/bin/env bash
# A/B of a kernel change without rebuilding the baseline on the GPU machine: link a second copy
# of the extension from this build's objects with some of them swapped for a baseline's.
#
#   scripts/relink_baseline.sh BUILD_LOG BASE_OBJECTS BASE_TREE
#
# BUILD_LOG: the log of this tree's `setup.py build_ext` (it holds the link command);
# BASE_OBJECTS: a folder of objects compiled from the baseline (e.g. the bf16 instances a
# benchmark runs, copied from an older build/objcache); each replaces this build's object of the
# same source (the name before the digest). The objects not swapped come from this build, which
# links because the two sides share every declaration (kernel parameters, launch functions): use
# it for changes inside kernels only. BASE_TREE gets a copy of this checkout with the relinked
# extension in dash/, so that `python3 BASE_TREE/bench/...` (that copy's own scripts: every script
# puts its own checkout first on sys.path, so PYTHONPATH=BASE_TREE would time this build) times the
# baseline. The build log must hold the link line: remove build/lib.* and dash/_C*.so before
# building on a machine that built already.
set -euo pipefail
log=$1 base_objs=$2 tree=$3
cd "$(dirname "$0")/.."
link=$(grep -E '^[^ ]*(g\+\+|c\+\+) .* -shared .*_C\.' "$log" | tail -1)
[ -n "$link" ] || { echo "no link command in $log" >&2; exit 1; }
for obj in "$base_objs"/*.o; do
  stem=$(basename "$obj" .o); stem=${stem%-*}
  new=$(echo "$link" | sed -E "s#[^ ]*/${stem}-[0-9a-f]+\.o#$(realpath "$obj")#")
  [ "$new" != "$link" ] || { echo "no object of $stem in the link command" >&2; exit 1; }
  link=$new; echo "baseline: $stem"
done
rm -rf "$tree"; mkdir -p "$tree"
cp -r dash bench scripts tests "$tree"/
so=$(echo "$link" | grep -oE '\-o [^ ]+' | awk '{print $2}')
link=$(echo "$link" | sed -E "s#-o [^ ]+#-o $tree/dash/$(basename "$so")#")
rm -f "$tree"/dash/_C*.so
eval "$link"
echo "baseline extension: $(ls "$tree"/dash/_C*.so)"
