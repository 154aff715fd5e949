#!/usr/bin/env bash
# One command on a GPU machine: build dash's extension in place, run the GPU tests, and
# optionally a benchmark. Logs go to LOG_DIR (default: ./gpu-logs).
#
#   scripts/gpu.sh [LOG_DIR] [--tests PYTEST_ARGS...] [--bench "bench/bwd.py --quick"]...
#
# Examples:
#   scripts/gpu.sh $OUT                                   # build + all tests
#   scripts/gpu.sh $OUT --tests tests/test_bwd.py -x      # build + some tests
#   scripts/gpu.sh $OUT --bench "bench/bwd.py --quick"    # build + tests + a benchmark
# Objects compiled elsewhere with the same nvcc are reused from build/objcache.
set -uo pipefail
cd "$(dirname "$0")/.."
log_dir=${1:-gpu-logs}; shift || true
mkdir -p "$log_dir"
tests=(tests) benches=()
while [ $# -gt 0 ]; do
  case "$1" in
    --tests) shift; tests=(); while [ $# -gt 0 ] && [ "$1" != "--bench" ]; do tests+=("$1"); shift; done ;;
    --bench) benches+=("$2"); shift 2 ;;
    *) echo "unknown argument: $1" >&2; exit 2 ;;
  esac
done
export PYTHONUNBUFFERED=1 MAX_JOBS=${MAX_JOBS:-16}
python3 -c 'import torch; print("device:", torch.cuda.get_device_name(), "| torch", torch.__version__, "| CUDA", torch.version.cuda)' | tee "$log_dir/device.txt"
# Objects brought back from an earlier device build or compiled on a CPU machine (DEVELOPERS.md):
# build/objcache keys them by content and build settings, so only the sources whose headers
# changed since then compile; device_build.sh takes the settings from .oc/objcache.env.
source scripts/device_build.sh "$log_dir/build.log"
[ "$DASH_BUILD_OK" = 1 ] || exit 1
grep -E "compiled" "$log_dir/build.log" | head -20
python3 -m dash | tee "$log_dir/status.txt"
rc=0
if [ -f scripts/smoke_bwd.py ]; then
  # A hang here costs a minute, not the whole run.
  timeout 300 python3 scripts/smoke_bwd.py 2>&1 | tee "$log_dir/smoke.log" || { echo "SMOKE FAILED OR HUNG"; exit 1; }
fi
if [ -f scripts/smoke_varlen_bwd.py ]; then
  timeout 120 python3 scripts/smoke_varlen_bwd.py 2>&1 | tee "$log_dir/smoke_varlen.log" || { echo "VARLEN SMOKE FAILED OR HUNG"; exit 1; }
fi
# -rsfE: the skip reasons, then the failures and errors, so that the tail below ends with the
# failing tests' names above the summary line.
timeout ${TEST_TIMEOUT:-480} python3 -m pytest -rsfE "${tests[@]}" 2>&1 | tee "$log_dir/tests.log" | tail -40 || rc=1
for b in "${benches[@]}"; do
  echo "== $b"; python3 $b 2>&1 | tee -a "$log_dir/bench.log" | tail -60 || rc=1
done
exit $rc
