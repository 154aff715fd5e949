"""Where a backward call's time goes: each kernel's device time (torch.profiler) for dash and FA4
at the same shapes, and, for dash's main kernel, how much of the SMs' time its CTAs spend between
the MMA warpgroups' start and the end of their epilogue (the `timing` hook) against the time
around that (launch, claim, table reads, first loads: the per-CTA set-up, and the tail).

    python scripts/bwd_breakdown.py                       # the 2k and 8k cells, hdim 64 and 128
    python scripts/bwd_breakdown.py --cells d64c2k d128f8k

Cells: d{hdim}{f|c}{seqlen}k, 16k tokens per batch, d64 x 32 heads, d128 x 16 heads, bf16.
"""
from __future__ import annotations

import argparse
import collections
import os
import sys

import numpy as np
import torch

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from bench.bwd import closures  # noqa: E402
from bench.common import HEADS, parse_cell  # noqa: E402
from dash import ops  # noqa: E402
from dash.fwd import attn_fwd  # noqa: E402

DEFAULT_CELLS = ["d64c2k", "d64f2k", "d128c2k", "d128f2k", "d64f8k", "d128f8k"]


def kernel_times(fn, calls=5):
    """{kernel name: device us per call} of fn."""
    for _ in range(3):
        fn()
    torch.cuda.synchronize()
    with torch.profiler.profile(activities=[torch.profiler.ProfilerActivity.CUDA]) as prof:
        for _ in range(calls):
            fn()
        torch.cuda.synchronize()
    times = collections.defaultdict(float)
    for e in prof.events():
        if e.device_type == torch.autograd.DeviceType.CUDA:
            times[e.name[:60]] += e.device_time_total / calls if hasattr(e, "device_time_total") else e.cuda_time_total / calls
    return dict(times)


def cta_occupancy(q, k, v, dout, causal, schedule, sms):
    """(CTAs, mean CTA us, SM-busy fraction, non-busy us per CTA, span us, (us per step, us per CTA))
    of one dash main-kernel call. The last: a least-squares line through each CTA's time from its
    MMA start to its epilogue end against its number of steps (Q tiles visited, times the group
    for grouped heads): the step's cost and the CTA's fixed cost (K/V and first loads, epilogue)."""
    out, lse = attn_fwd(q, k, v, causal=causal)
    batch, heads_kv = q.shape[0], k.shape[2]
    block_m, block_n = ops._ext.load().bwd_tile_shape(q.shape[3], causal)
    num_n = (k.shape[1] + block_n - 1) // block_n
    timing = torch.zeros(batch, heads_kv, num_n, 2, dtype=torch.int64, device="cuda")
    for _ in range(2):
        ops.attn_bwd(dout, q, k, v, out, lse, causal=causal, deterministic=schedule != "atomic",
                     schedule=schedule, timing=timing)
    torch.cuda.synchronize()
    # The steps of each CTA, from the tables the call ran: its KV tile's visits (times the group).
    tables = ops.schedule_tables(q, k, causal=causal, schedule=schedule, deterministic=schedule != "atomic")
    visits = tables.visit_offsets.diff().double().cpu() * (q.shape[2] // k.shape[2])
    steps = visits.expand(timing.shape[:3]).reshape(-1)
    t = timing.view(-1, 2).double().cpu() / 1e3
    ran = t[:, 1] > 0
    t, steps = t[ran], steps[ran]
    dur = t[:, 1] - t[:, 0]
    span = float(t[:, 1].max() - t[:, 0].min())
    busy = float(dur.sum()) / (sms * span)
    line = tuple(np.polyfit(steps.numpy(), dur.numpy(), 1)) if len(set(steps.tolist())) > 1 else (float("nan"), float("nan"))
    return len(t), float(dur.mean()), busy, (sms * span - float(dur.sum())) / len(t), span, line


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cells", nargs="+", default=DEFAULT_CELLS)
    ap.add_argument("--tokens", type=int, default=16384)
    args = ap.parse_args()
    sms = torch.cuda.get_device_properties(0).multi_processor_count
    print("device:", torch.cuda.get_device_name(), "| SMs", sms)
    for cell in args.cells:
        hdim, causal, seqlen = parse_cell(cell)
        heads = HEADS[hdim]
        batch = max(1, args.tokens // seqlen)
        torch.manual_seed(0)
        q, k, v, dout = (torch.randn(batch, seqlen, heads, hdim, device="cuda", dtype=torch.bfloat16) for _ in range(4))
        problem = ops._problem(seqlen, seqlen, hdim, causal, batch, heads, heads, q.device, q.dtype, 0)
        auto = ops.resolve_schedule("auto", True, problem)
        try:
            import flash_attn.cute.interface  # noqa: F401
            peers = ["fa4"]
        except Exception as exc:  # noqa: BLE001
            print("fa4 not importable:", str(exc).splitlines()[0] if str(exc) else type(exc).__name__)
            peers = []
        fns = closures(q, k, v, dout, causal, peers)
        print(f"\n== {cell} (batch {batch}, heads {heads}); auto = {auto}")
        for col in ["atomic", auto] + [p for p in ("fa4", "fa4-det") if p in fns]:
            times = kernel_times(fns[col])
            total = sum(times.values())
            parts = ", ".join(f"{name} {us:.1f}" for name, us in sorted(times.items(), key=lambda x: -x[1]))
            print(f"  {col:>12}: total {total:8.1f} us | {parts}")
        for sched in ["atomic", auto]:
            n, mean, busy, idle, span, (per_step, fixed) = cta_occupancy(q, k, v, dout, causal, sched, sms)
            print(f"  {sched:>12}: {n} CTAs, mean {mean:.2f} us from MMA start to epilogue end, span {span:.1f} us, "
                  f"SM time inside them {busy:.3f}, outside {idle:.2f} us per CTA; "
                  f"CTA time = {fixed:.2f} us + {per_step:.3f} us x steps")


if __name__ == "__main__":
    main()
