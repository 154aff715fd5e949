"""Session 45: where in a CTA's life the turn waits fall (the turn_times hook of
bench/experiments/s44-turn-times-hook.patch; run from the patched copy's root). Per schedule:
the mean turn wait (us) by the visit's index inside its CTA, for the first 132 CTAs to start and
for the rest; the share of all CTA-visit time spent waiting; and per CTA the wait summed over its
visits, by decile of start order. ("turn wait / CTA span" is the writer's view: its waits overlap
the MMA warpgroups' steps.) Results: bench/NOTES.md, session 45.

    # in the patched copy's root, after building it (bench/NOTES.md, session 45, says how)
    python3 bench/experiments/s45-turn_waits_by_visit.py --cells 64f16k 64f8k --schedules ascending spt shift
"""
import argparse
import os
import sys

import torch

sys.path.insert(0, os.getcwd())
from bench.common import peer_grid_backward_cells  # noqa: E402
from dash.ops import attn_bwd, schedule_tables  # noqa: E402

ap = argparse.ArgumentParser()
ap.add_argument("--cells", nargs="+", default=["64f16k"])
ap.add_argument("--schedules", nargs="+", default=["ascending", "spt", "shift"])
ap.add_argument("--calls", type=int, default=3)
args = ap.parse_args()
sms = torch.cuda.get_device_properties(0).multi_processor_count
buckets = [(0, 1), (1, 2), (2, 4), (4, 8), (8, 16), (16, 32), (32, 64), (64, 1 << 20)]
for (name, hdim, causal, seqlen, batch, heads, heads_kv, (q, k, v, dout), (out, lse), _) in peer_grid_backward_cells(args.cells):
    for s in args.schedules:
        tables = schedule_tables(q, k, causal=causal, schedule=s, deterministic=True)
        total = tables.visit_m.numel()
        times = torch.zeros(batch, heads, total, 4, dtype=torch.int64, device="cuda")
        for _ in range(args.calls + 1):
            attn_bwd(dout, q, k, v, out, lse, causal=causal, schedule=s, deterministic=True, turn_times=times)
        torch.cuda.synchronize()
        t = (times.double().cpu() - times[..., 0].min().item()) / 1e3
        wait = t[..., 1] - t[..., 0]
        offsets = tables.visit_offsets.cpu().tolist()
        ctas = []  # (start, [waits by visit index], span)
        for n in range(len(offsets) - 1):
            lo, hi = offsets[n], offsets[n + 1]
            if hi <= lo:
                continue
            for b in range(batch):
                for h in range(heads):
                    ctas.append((float(t[b, h, lo, 0]), wait[b, h, lo:hi], float(t[b, h, hi - 1, 3] - t[b, h, lo, 0])))
        ctas.sort(key=lambda c: c[0])
        def by_index(group):
            out = []
            for a, z in buckets:
                vals = [float(w[a:z].mean()) for _, w, _ in group if len(w) > a]
                out.append(f"{a}-{min(z, 999) - 1}:{sum(vals) / max(1, len(vals)):.2f}" if vals else f"{a}-:-")
            return " ".join(out)
        print(f"{name} {s}: span {float(t[..., 3].max()):.0f} us; turn wait / CTA span {sum(float(w.sum()) for _, w, _ in ctas) / sum(sp for *_, sp in ctas):.3f}")
        print(f"   wave 1 wait by visit index: {by_index(ctas[:sms])}")
        print(f"   later  wait by visit index: {by_index(ctas[sms:])}")
        dec = len(ctas) // 10
        print("   summed wait per CTA by start decile: " + " ".join(f"{sum(float(w.sum()) for _, w, _ in ctas[i * dec:(i + 1) * dec]) / dec:.0f}" for i in range(10)), flush=True)
