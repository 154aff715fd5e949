"""Session 42: where a backward call's time goes when calls run back to back (the regime where
dash trails FA4-det by 2-3% at d64 full, bench/NOTES.md "Session 42"): each implementation runs
--calls calls back to back under torch.profiler, after a warm-up; prints the mean duration of each
kernel per call and the wall time per call (CUDA events over the whole run).

    python bench/experiments/s42-kernel_times_bwd.py --cells 64f16k 64f8k --calls 30
"""
import argparse
import collections
import os
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
from bench.bwd import fa4_bwd_fn  # noqa: E402
from bench.common import peer_grid_backward_cells  # noqa: E402
from dash.ops import attn_bwd  # noqa: E402


def profile(fn, calls):
    for _ in range(10):
        fn()
    torch.cuda.synchronize()
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    with torch.profiler.profile(activities=[torch.profiler.ProfilerActivity.CUDA]) as prof:
        start.record()
        for _ in range(calls):
            fn()
        end.record()
        torch.cuda.synchronize()
    per_kernel = collections.defaultdict(float)
    for e in prof.key_averages():
        us = getattr(e, "device_time_total", None)
        us = e.cuda_time_total if us is None else us
        if us > 0:
            per_kernel[e.key[:70]] += us / 1e3
    return start.elapsed_time(end) / calls, {k: v / calls for k, v in per_kernel.items()}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cells", nargs="+", default=["64f16k", "64f8k"])
    ap.add_argument("--calls", type=int, default=30)
    args = ap.parse_args()
    print("device:", torch.cuda.get_device_name(), flush=True)
    for (name, hdim, causal, seqlen, batch, heads, heads_kv, (q, k, v, dout), (out, lse),
         (dq, dk, dv)) in peer_grid_backward_cells(args.cells):
        fns = {"dash auto": lambda: attn_bwd(dout, q, k, v, out, lse, causal=causal, dq=dq, dk=dk, dv=dv),
               "dash atomic": lambda: attn_bwd(dout, q, k, v, out, lse, causal=causal, deterministic=False,
                                               dq=dq, dk=dk, dv=dv),
               "fa4-det": fa4_bwd_fn(q, k, v, dout, causal, True),
               "fa4": fa4_bwd_fn(q, k, v, dout, causal, False)}
        for impl in list(fns) * 2:
            wall, kernels = profile(fns[impl], args.calls)
            busy = sum(kernels.values())
            top = ", ".join(f"{k.split('(')[0][-40:]} {ms:.3f}" for k, ms in sorted(kernels.items(), key=lambda x: -x[1]))
            print(f"{name} {impl}: wall {wall:.3f} ms/call, kernels {busy:.3f} ms ({top})", flush=True)


if __name__ == "__main__":
    main()
