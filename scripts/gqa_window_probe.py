"""Why the grouped (GQA) backward over a sliding window runs at 0.72 x the MHA kernel's rate
(window-...-221659.json: d128 GQA 32/8 w4096 16k atomic 373 TFLOP/s, MHA d128 x 16 heads 521).

Times, interleaved in one process (bf16, d128, 32 q-heads / 8 k/v heads):
  - the grouped kernel over the band (atomic and the deterministic schedules), under launch folds;
  - the same call with K and V repeated to 32 heads (the MHA kernel, dK/dV summed afterwards not
    timed: the question is the main kernel's rate);
  - the grouped kernel without the window (causal) at the same shape, and the window at batch 2 x 8k;
and, from the kernel's timing hook, each CTA's duration against the launch's elapsed time: how
much of the SMs' time CTAs fill (load balance) and how long a step takes (per-step rate).

    python scripts/gqa_window_probe.py [--rounds 3]
"""
from __future__ import annotations

import argparse
import os
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from bench.common import cell_tensors, time_interleaved, with_fold  # noqa: E402
from bench.window import band_pairs  # noqa: E402
from dash.fwd import attn_fwd  # noqa: E402
from dash.ops import attn_bwd  # noqa: E402


def cell(name, batch, seqlen, heads, heads_kv, window, scheds, folds, rounds, hdim=128):
    causal = window == (-1, 0)
    q, k, v, dout = cell_tensors(batch, seqlen, heads, heads_kv, hdim, torch.bfloat16)
    kw = dict(causal=causal, window=(-1, -1) if causal else window)
    out, lse = attn_fwd(q, k, v, **kw)
    dq, dk, dv = torch.empty_like(q), torch.empty_like(k), torch.empty_like(v)
    fns = {}
    for fold in folds:
        for s in scheds:
            call = (lambda s=s: attn_bwd(dout, q, k, v, out, lse, schedule=s, deterministic=s != "atomic",
                                         dq=dq, dk=dk, dv=dv, **kw))
            fns[f"{name} {fold} {s}"] = with_fold(fold, call)
    ms = time_interleaved(fns, rounds)
    pairs = band_pairs(seqlen, seqlen, (seqlen, 0) if causal else window)
    flops = 2.5 * 4 * batch * heads * pairs * hdim
    for key, t in ms.items():
        print(f"{key:40s} {t:8.3f} ms {flops / t / 1e9:7.1f} TFLOP/s", flush=True)
    os.environ.pop("DASH_LAUNCH_FOLD", None)
    # Load balance and per-CTA durations of the atomic call (timing hook).
    nblk = -(-seqlen // 128)
    timing = torch.zeros(batch, heads_kv, nblk, 2, dtype=torch.int64, device="cuda")
    attn_bwd(dout, q, k, v, out, lse, schedule="atomic", deterministic=False, timing=timing, **kw)
    torch.cuda.synchronize()
    t = timing.view(-1, 2).double()
    dur = (t[:, 1] - t[:, 0]) / 1e3  # us
    span = (t[:, 1].max() - t[:, 0].min()) / 1e3
    sms = torch.cuda.get_device_properties(0).multi_processor_count
    print(f"{name}: CTAs {dur.numel()}, span {span:.0f} us, CTA us mean {dur.mean():.1f} max {dur.max():.1f}, "
          f"fill {dur.sum() / (span * sms):.3f} (CTA-time / SMs x span)", flush=True)
    starts = t[:, 0] - t[:, 0].min()
    last_start = starts.max() / 1e3
    print(f"{name}: last CTA starts at {last_start:.0f} us; CTAs that end after the last start: "
          f"{int((t[:, 1] - t[:, 0].min() > starts.max()).sum())}", flush=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    print("device:", torch.cuda.get_device_name())
    w = (4096, 0)
    cell("gqa w4096 16k", 1, 16384, 32, 8, w, ("atomic", "shift_causal", "descending", "spt"),
         ("base", "1:l2", "1:all", "tables:l2", "tables:1"), args.rounds)
    cell("mha32 w4096 16k", 1, 16384, 32, 32, w, ("atomic", "shift_causal", "spt"), ("base",), args.rounds)
    cell("mha16 w4096 16k", 1, 16384, 16, 16, w, ("atomic", "spt"), ("base",), args.rounds)
    cell("gqa causal 16k", 1, 16384, 32, 8, (-1, 0), ("atomic", "spt"), ("base",), args.rounds)
    cell("gqa w4096 2x8k", 2, 8192, 32, 8, w, ("atomic", "shift_causal"), ("base",), args.rounds)
    cell("gqa w1024 16k", 1, 16384, 32, 8, (1024, 0), ("atomic", "shift_causal"), ("base",), args.rounds)


if __name__ == "__main__":
    main()
