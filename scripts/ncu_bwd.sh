#!/usr/bin/env bash
# Nsight Compute on the backward main kernels of dash and FA4 at the same shapes, one report per
# (shape, implementation), plus a text summary of each. Needs the extension built and, for FA4,
# flash_attn.cute importable.
#
#   scripts/ncu_bwd.sh OUT_DIR "IMPL ARGS" ["IMPL ARGS" ...]
#   scripts/ncu_bwd.sh $OUT "dash:spt --hdim 64 --causal" "fa4-det --hdim 64 --causal"
#   scripts/ncu_bwd.sh $OUT "dash --fwd --hdim 64 --causal" "fa4 --fwd --hdim 64 --causal"   # forward kernels
set -uo pipefail
cd "$(dirname "$0")/.."
out=$1; shift
mkdir -p "$out"
sections=(--section SpeedOfLight --section WarpStateStats --section InstructionStats
          --section ComputeWorkloadAnalysis --section SchedulerStats --section SourceCounters
          --section LaunchStats --section Occupancy)
for spec in "$@"; do
  read -r impl rest <<< "$spec"
  name=$(echo "$impl $rest" | tr -c 'A-Za-z0-9\n' '_' | sed 's/__*/_/g; s/_$//')
  ncu --profile-from-start off --clock-control none -k 'regex:bwd_main_kernel|BackwardSm90|fwd_kernel|ForwardSm90' \
      "${sections[@]}" -f -o "$out/$name" python3 bench/profile_bwd.py --impl $impl $rest > "$out/$name.log" 2>&1 \
    || { echo "ncu failed for $spec"; tail -20 "$out/$name.log"; continue; }
  ncu -i "$out/$name.ncu-rep" --page details > "$out/$name.txt" 2>&1
  ncu -i "$out/$name.ncu-rep" --page source --csv --print-source sass > "$out/$name.sass.csv" 2>&1
  echo "== $spec"; grep -E "^\s+(Duration|Elapsed Cycles|SM Busy|Executed Ipc Active|Issue Slots Busy|Executed Instructions |Registers Per|Compute \(SM\) Throughput|No Eligible|Warp Cycles Per Issued)" "$out/$name.txt" | head -14
done
