#!/usr/bin/env bash
# Sourced by scripts/device_build.sh and scripts/patched_build.sh: export the settings a packed
# object cache was compiled under (FILE, e.g. .oc/objcache.env, written by
# scripts/prebuild_objects.py --pack: DASH_HEAD_DIMS and the others are part of the objects' keys,
# so a build without them compiles every source again). A variable the caller set to another
# value is left as it is, with a warning.
dash_load_objcache_env() {
  local key value
  [ -f "$1" ] || return 0
  while IFS='=' read -r key value; do
    [ -n "$key" ] || continue
    if [ -n "${!key+x}" ] && [ "${!key}" != "$value" ]; then
      echo "objcache_env: $key=${!key} is set, the cache was compiled with '$value'" >&2
    elif [ -n "$value" ]; then export "$key=$value"; else unset "$key"; fi
  done < "$1"
}
