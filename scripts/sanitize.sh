#!/usr/bin/env bash
# compute-sanitizer's memcheck, racecheck and synccheck over dash's forward and backward kernels
# (scripts/sanitize_cases.py: small shapes, every schedule, MHA and GQA). Writes one log per tool
# to LOG_DIR and a summary; exits non-zero if a tool reports an error or a result is wrong.
#   scripts/sanitize.sh LOG_DIR
set -uo pipefail
cd "$(dirname "$0")/.."
out=${1:-sanitize-logs}; mkdir -p "$out"
rc=0
for tool in memcheck racecheck synccheck; do
  extra=()
  [ "$tool" = racecheck ] && extra=(--racecheck-report all)
  timeout 900 compute-sanitizer --tool "$tool" "${extra[@]}" --error-exitcode 3 --target-processes all \
      python3 scripts/sanitize_cases.py > "$out/sanitize-$tool.log" 2>&1
  code=$?
  echo "$tool: exit $code, $(grep -c ' ok$' "$out/sanitize-$tool.log") calls ok, $(grep -E '^========= (ERROR SUMMARY|RACECHECK SUMMARY)' "$out/sanitize-$tool.log" | tail -1)"
  [ $code -ne 0 ] && rc=1
done
exit $rc
