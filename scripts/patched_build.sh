#!/usr/bin/env bash
# A debug or experimental build from a patch (bench/experiments/*.patch), beside the checkout's
# own, without compiling on the device: the objects the patch changes are compiled here and
# carried, the others come from the checkout's cache (.oc/objcache.tgz). Two steps:
#
#   scripts/patched_build.sh prebuild PATCH DIR     # here (CPU): about 30 min for a backward patch
#   scripts/patched_build.sh device PATCH DIR       # on the device, in a call carrying .oc and DIR
#
# prebuild: a worktree of HEAD in /tmp/patched_wt with PATCH applied and .oc's objects unpacked;
# scripts/prebuild_objects.py under .oc's settings compiles what the patch changed; the objects
# .oc lacks go to DIR/objcache.tgz (DIR ignored, e.g. .ab/NAME: a call carries the tree, .oc and
# DIR together, 64 MiB in all, and the whole patched cache would not fit beside .oc).
# device: a copy of the tree in /tmp/patched with PATCH applied, both archives unpacked into its
# build/, built with DASH_CACHED_ONLY=1 (a miss fails at once). Then run the copy's own scripts
# from its root (`cd /tmp/patched && python3 bench/experiments/...`): every script puts its own
# checkout first on sys.path. bench/NOTES.md, session 45, ran the turn_times hook this way.
set -euo pipefail
mode=$1 patch=$(realpath "$2") dir=$3
cd "$(dirname "$0")/.."
[ -f .oc/objcache.tgz ] && [ -f .oc/objcache.env ] || { echo "no .oc/objcache.tgz (+ .env): prebuild the checkout first" >&2; exit 1; }
source scripts/objcache_env.sh
case "$mode" in
  prebuild)
    wt=/tmp/patched_wt
    git worktree remove --force "$wt" 2>/dev/null || rm -rf "$wt"
    git worktree add --detach -q "$wt" HEAD
    git -C "$wt" apply "$patch"
    mkdir -p "$wt/build" "$dir" && tar -xzf .oc/objcache.tgz -C "$wt/build"
    dash_load_objcache_env .oc/objcache.env
    python3 "$wt/scripts/prebuild_objects.py" -j "${JOBS:-2}" --pack "$wt/build/all.tgz"
    tar -tzf "$wt/build/all.tgz" | sort > "$wt/build/all.txt"
    tar -tzf .oc/objcache.tgz | sort > "$wt/build/oc.txt"
    comm -23 "$wt/build/all.txt" "$wt/build/oc.txt" > "$wt/build/new.txt"
    tar -czf "$dir/objcache.tgz" -C "$wt/build" -T "$wt/build/new.txt"
    echo "$dir/objcache.tgz: $(wc -l < "$wt/build/new.txt") objects the patch changed, $(du -h "$dir/objcache.tgz" | cut -f1)"
    ;;
  device)
    copy=/tmp/patched
    rm -rf "$copy" && mkdir -p "$copy/build" "$copy/.oc"
    cp -r bench csrc dash docs scripts tests third_party setup.py pyproject.toml README.md "$copy"/  # (docs, README: a patch may touch them)
    rm -f "$copy"/dash/_C*.so
    cp .oc/objcache.env "$copy/.oc/"
    tar -xzf .oc/objcache.tgz -C "$copy/build" && tar -xzf "$dir/objcache.tgz" -C "$copy/build"
    cd "$copy" && git apply "$patch"
    export MAX_JOBS=${MAX_JOBS:-16}
    DASH_CACHED_ONLY=1 source scripts/device_build.sh "${LOG:-$copy/build.log}"
    [ "$DASH_BUILD_OK" = 1 ] || exit 1
    echo "patched build in $copy"
    ;;
  *) echo "usage: $0 prebuild|device PATCH DIR" >&2; exit 2 ;;
esac
