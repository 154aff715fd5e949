"""Attention forward benchmark: dash against PyTorch SDPA's backends (DESIGN.md section 7).

Grid: bf16; head_dim 64 with 32 heads and head_dim 128 with 16 heads; batch x seqlen = 16384;
seqlen 512 ... 16384; causal and full. TFLOP/s = 4 * batch * heads * seqlen_q * seqlen_k *
head_dim / time, halved for causal. Prints a table, saves JSON under bench/results/ and a PNG
beside it.

    python bench/fwd.py            # full grid
    python bench/fwd.py --quick    # seqlen 2k and 8k only
"""
from __future__ import annotations

import os
import sys

import torch
import torch.nn.functional as F

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from bench.common import (attention_flops, grid, grid_arguments, plot_results, record,  # noqa: E402
                          save_results, sdpa_backend, time_or_none)
from dash.fwd import attn_fwd  # noqa: E402

IMPLS = ("dash", "sdpa-flash", "sdpa-cudnn", "sdpa-efficient")


def forward_fn(impl, batch, heads, seqlen, hdim, causal, dtype):
    if impl == "dash":
        q, k, v = (torch.randn(batch, seqlen, heads, hdim, device="cuda", dtype=dtype) for _ in range(3))
        return lambda: attn_fwd(q, k, v, causal=causal)
    # SDPA's native (batch, heads, seqlen, head_dim) layout.
    q, k, v = (torch.randn(batch, heads, seqlen, hdim, device="cuda", dtype=dtype) for _ in range(3))

    def fn():
        with sdpa_backend(impl):
            return F.scaled_dot_product_attention(q, k, v, is_causal=causal)
    return fn


def main():
    args = grid_arguments(__doc__).parse_args()
    impls = IMPLS[:1] if args.no_sdpa else IMPLS
    dtype = torch.bfloat16
    print(f"Forward TFLOP/s on {torch.cuda.get_device_name()} (bf16, batch x seqlen = {args.tokens})")
    print(f"{'hdim':>4} {'mask':>6} {'seqlen':>6} " + " ".join(f"{i:>14}" for i in impls) + f" {'dash/best sdpa':>15}")
    records = []
    for hdim, causal, seqlen, batch, heads in grid(args):
        flops = attention_flops(batch, heads, seqlen, seqlen, hdim, causal, "fwd")
        tflops = {}
        for impl in impls:
            ms = time_or_none(f"{impl} d{hdim} {seqlen}",
                              lambda: forward_fn(impl, batch, heads, seqlen, hdim, causal, dtype))
            if ms is None:
                continue
            records.append(record(impl, "fwd", None, impl == "dash", dtype, hdim, causal, batch, seqlen, seqlen,
                                  heads, heads, ms, flops))
            tflops[impl] = records[-1]["tflops"]
        best_sdpa = max((t for i, t in tflops.items() if i != "dash"), default=float("nan"))
        cells = " ".join(f"{tflops.get(i, float('nan')):14.1f}" for i in impls)
        ratio = tflops.get("dash", float("nan")) / best_sdpa
        print(f"{hdim:>4} {'causal' if causal else 'full':>6} {seqlen:>6} {cells} {ratio:15.3f}", flush=True)
    if not args.no_save:
        path = save_results("fwd", records)
        png = plot_results(records, path.replace(".json", ".png"), f"dash forward, {torch.cuda.get_device_name()}")
        print(f"saved {path}" + (f" and {png}" if png else ""))


if __name__ == "__main__":
    main()
