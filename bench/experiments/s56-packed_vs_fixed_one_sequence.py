"""Session 56: dash's packed backward on one sequence against its fixed-length backward on the same
sequence as a (1, L) batch, schedule by schedule, so that what the packed path costs per step can be
told from what its launch order costs. Under ncu (NVIDIA H200, d64 full, atomic) the packed main
kernel took 2.04 ms on one 7328-token sequence against the fixed-length one's 1.90 ms, with the same
tiles and CTA count (bench/NOTES.md, session 56); the atomic paths run different tables there
(fixed: ascending's, packed: shift's visit order), so the deterministic schedules, which both run
from the same tables, separate the two.

    python bench/experiments/s56-packed_vs_fixed_one_sequence.py --lengths 7328 8192 --hdims 64 128
"""
from __future__ import annotations

import argparse
import os
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
from bench.common import HEADS, attention_flops, time_interleaved  # noqa: E402
from dash import ops  # noqa: E402
from dash.fwd import attn_fwd, attn_fwd_varlen  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--lengths", type=int, nargs="+", default=[7328, 8192])
    ap.add_argument("--hdims", type=int, nargs="+", default=[64])
    ap.add_argument("--masks", nargs="+", default=["full", "causal"])
    ap.add_argument("--rounds", type=int, default=8)
    args = ap.parse_args()
    print("device:", torch.cuda.get_device_name(), flush=True)
    for hdim in args.hdims:
        heads = HEADS[hdim]
        for length in args.lengths:
            for causal in [m == "causal" for m in args.masks]:
                torch.manual_seed(0)
                q, k, v, dout = (torch.randn(1, length, heads, hdim, device="cuda", dtype=torch.bfloat16)
                                 for _ in range(4))
                out, lse = attn_fwd(q, k, v, causal=causal)
                qp, kp, vp, dop = (t[0] for t in (q, k, v, dout))
                cu = torch.tensor([0, length], dtype=torch.int32, device="cuda")
                outp, lsep = attn_fwd_varlen(qp, kp, vp, cu, cu, causal=causal)
                schedules = ["atomic", "ascending", "spt" if causal else "shift"]
                fns = {}
                for s in schedules:
                    det = s != "atomic"
                    fns[f"fixed {s}"] = (lambda s=s, det=det: ops.attn_bwd(dout, q, k, v, out, lse, causal=causal,
                                                                            deterministic=det, schedule=s if det else "auto"))
                    fns[f"packed {s}"] = (lambda s=s, det=det: ops.attn_bwd_varlen(
                        dop, qp, kp, vp, outp, lsep, cu, cu, causal=causal, deterministic=det,
                        schedule=s if det else "auto"))
                ms = time_interleaved(fns, args.rounds)
                flops = attention_flops(1, heads, length, length, hdim, causal, "bwd")
                cells = ", ".join(f"{s}: fixed {flops / ms[f'fixed {s}'] / 1e9:.1f} packed "
                                  f"{flops / ms[f'packed {s}'] / 1e9:.1f} ({ms[f'fixed {s}'] / ms[f'packed {s}']:.3f})"
                                  for s in schedules)
                print(f"d{hdim} {'causal' if causal else 'full'} L={length} (TFLOP/s; packed / fixed): {cells}",
                      flush=True)


if __name__ == "__main__":
    main()
