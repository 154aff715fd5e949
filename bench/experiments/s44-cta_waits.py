"""Session 44: where in the launch a deterministic schedule's extra CTA time falls, against the
atomic path at the same cell (dash's `timing` hook: each CTA's MMA start and epilogue end).

Nsight Compute put the deterministic schedules' cost at hdim 64 / 16k at 3% more average SM-active
cycles than the atomic path (bench/NOTES.md, session 44). This splits each schedule's CTAs by
start order (the first wave of one CTA per SM, the second, the steady middle, the last wave) and,
in the first wave, by KV tile index (a CTA's place in its head's chain of turns under ascending),
and prints each group's mean CTA time beside the atomic path's.

    python bench/experiments/s44-cta_waits.py --cells 64f16k 64c16k --schedules atomic ascending spt
"""
import argparse
import os
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
from bench.common import peer_grid_backward_cells  # noqa: E402
from dash import ops  # noqa: E402


def cta_times(q, k, v, dout, out, lse, causal, schedule, calls):
    """(start_us, end_us, kv_index) per CTA, median over `calls` calls of each CTA's times
    relative to the call's first start."""
    batch, heads_kv = q.shape[0], k.shape[2]
    _, block_n = ops._ext.load().bwd_tile_shape(q.shape[3], causal)
    num_n = (k.shape[1] + block_n - 1) // block_n
    timing = torch.zeros(batch, heads_kv, num_n, 2, dtype=torch.int64, device="cuda")
    runs = []
    for _ in range(calls + 1):  # the first call warms up
        ops.attn_bwd(dout, q, k, v, out, lse, causal=causal, deterministic=schedule != "atomic",
                     schedule=schedule, timing=timing)
        torch.cuda.synchronize()
        t = timing.view(-1, 2).double().cpu()
        runs.append((t - t[:, 0].min()) / 1e3)
    t = torch.stack(runs[1:]).median(dim=0).values
    kv = torch.arange(num_n).repeat(batch * heads_kv)
    return t[:, 0], t[:, 1], kv


def groups(start, end, kv, sms):
    """{group name: mean CTA us}, by start order and, in the first wave, by KV tile index."""
    order = torch.argsort(start)
    dur = (end - start)[order]
    kv = kv[order]
    n = len(dur)
    out = {"all": dur.mean(), "wave 1": dur[:sms].mean(), "wave 2": dur[sms:2 * sms].mean(),
           "middle": dur[2 * sms:n - sms].mean(), "last wave": dur[n - sms:].mean()}
    first = kv[:sms]
    for label, lo, hi in (("0-7", 0, 8), ("8-15", 8, 16), ("16-23", 16, 24), ("24+", 24, 1 << 30)):
        sel = (first >= lo) & (first < hi)
        out[f"wave 1, kv {label}"] = dur[:sms][sel].mean() if sel.any() else torch.tensor(float("nan"))
    return {name: float(x) for name, x in out.items()}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cells", nargs="+", default=["64f16k", "64c16k"])
    ap.add_argument("--schedules", nargs="+", default=["atomic", "ascending", "spt", "shift"])
    ap.add_argument("--calls", type=int, default=5)
    args = ap.parse_args()
    sms = torch.cuda.get_device_properties(0).multi_processor_count
    print("device:", torch.cuda.get_device_name(), "| SMs", sms, flush=True)
    for (name, hdim, causal, seqlen, batch, heads, heads_kv, (q, k, v, dout), (out, lse),
         _) in peer_grid_backward_cells(args.cells):
        rows = {}
        for s in args.schedules:
            if s == "shift" and causal or s == "shift_causal" and not causal:
                continue
            start, end, kv = cta_times(q, k, v, dout, out, lse, causal, s, args.calls)
            span = float(end.max())
            busy = float((end - start).sum()) / (sms * span)
            rows[s] = groups(start, end, kv, sms)
            print(f"{name} {s}: {len(start)} CTAs, span {span:.1f} us, SM time inside CTAs {busy:.3f}", flush=True)
        names = list(next(iter(rows.values())))
        print(f"{name}: mean CTA us (MMA start to epilogue end) by group" +
              ("; / atomic in brackets" if "atomic" in rows else ""))
        for g in names:
            cells = []
            for s, r in rows.items():
                ratio = f" ({r[g] / rows['atomic'][g]:.3f})" if "atomic" in rows and s != "atomic" else ""
                cells.append(f"{s} {r[g]:.1f}{ratio}")
            print(f"  {g:>18}: " + ", ".join(cells))


if __name__ == "__main__":
    main()
