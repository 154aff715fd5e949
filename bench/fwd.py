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
from bench.common import grid_arguments, plot_results, save_results, sdpa_backend, sweep  # noqa: E402
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
    records = sweep(args, "Forward", impls, "fwd", forward_fn, lambda impl: (impl, None, impl == "dash"), "dash")
    if not args.no_save:
        path = save_results("fwd", records)
        png = plot_results(records, path.replace(".json", ".png"), f"dash forward, {torch.cuda.get_device_name()}")
        print(f"saved {path}" + (f" and {png}" if png else ""))


if __name__ == "__main__":
    main()
