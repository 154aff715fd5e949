#!/usr/bin/env bash
# Build dash's extension in place on a device machine from the carried object cache:
#   source scripts/device_build.sh [LOG]     # LOG: the build's log (default build.log)
# Unpacks .oc/objcache.tgz into build/, exports the settings its objects were compiled under
# (.oc/objcache.env, written by scripts/prebuild_objects.py --pack: DASH_HEAD_DIMS etc. are
# part of the objects' keys, and a build without them compiles every source again, ten minutes
# of device time), builds, and says how many objects came from the cache. DASH_BUILD_OK: 1 when
# the build succeeded. DASH_CACHED_ONLY=1: fail at the first object the cache lacks instead of
# compiling it (a call meant only to link).
if [ -f .oc/objcache.tgz ]; then mkdir -p build && tar -xzf .oc/objcache.tgz -C build; fi
source "$(dirname "${BASH_SOURCE[0]}")/objcache_env.sh"
dash_load_objcache_env .oc/objcache.env
_dash_log=${1:-build.log}
_dash_start=$(date +%s)
DASH_BUILD_OK=0
if python3 setup.py build_ext --inplace > "$_dash_log" 2>&1; then
  DASH_BUILD_OK=1
  echo "build: $(( $(date +%s) - _dash_start )) s, $(grep -c '] cached' "$_dash_log") objects cached," \
       "$(grep -c '] compiled' "$_dash_log") compiled (DASH_HEAD_DIMS=${DASH_HEAD_DIMS:-all})"
else
  tail -40 "$_dash_log"; echo "BUILD FAILED"
fi
unset _dash_log _dash_start  # sourced: leave the caller's shell as it was, but DASH_BUILD_OK
