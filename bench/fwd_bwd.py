"""One training step of attention (forward + backward through autograd): dash's
`flash_attn_func` (deterministic with the auto schedule, and non-deterministic) against PyTorch
SDPA's backends, on the grid of DESIGN.md section 7 (bf16, batch x seqlen = 16384, hdim 64 with
32 heads and hdim 128 with 16 heads, causal and full).

FLOPs per step = 3.5 x the forward's 4 b h s_q s_k d (forward 1 + backward 2.5), halved for
causal. The records' `pass` is "fwd_bwd". SDPA's backends are non-deterministic in their
backward (atomic dQ adds), so the fair comparison for "dash det" is the fastest SDPA column.

    python bench/fwd_bwd.py            # full grid
    python bench/fwd_bwd.py --quick    # seqlen 2k and 8k only
"""
from __future__ import annotations

import os
import sys

import torch
import torch.nn.functional as F

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from bench.common import (attention_flops, grid, grid_arguments, plot_results, record,  # noqa: E402
                          save_results, sdpa_backend, time_or_none)
import dash  # noqa: E402

IMPLS = ("dash-det", "dash-atomic", "sdpa-flash", "sdpa-cudnn", "sdpa-efficient")


def step_fn(impl, batch, heads, seqlen, hdim, causal, dtype):
    """A closure running forward + backward once, and the schedule dash's backward used."""
    if impl.startswith("dash"):
        shape = (batch, seqlen, heads, hdim)
    else:  # SDPA's native (batch, heads, seqlen, head_dim) layout
        shape = (batch, heads, seqlen, hdim)
    q, k, v = (torch.randn(shape, device="cuda", dtype=dtype, requires_grad=True) for _ in range(3))
    dout = torch.randn(shape, device="cuda", dtype=dtype)
    if impl.startswith("dash"):
        det = impl == "dash-det"

        def fn():
            out = dash.flash_attn_func(q, k, v, causal=causal, deterministic=det)
            return torch.autograd.grad(out, (q, k, v), dout)
        return fn

    def fn():
        with sdpa_backend(impl):
            out = F.scaled_dot_product_attention(q, k, v, is_causal=causal)
        return torch.autograd.grad(out, (q, k, v), dout)
    return fn


def main():
    args = grid_arguments(__doc__).parse_args()
    impls = IMPLS[:2] if args.no_sdpa else IMPLS
    dtype = torch.bfloat16
    print(f"Forward + backward TFLOP/s on {torch.cuda.get_device_name()} (bf16, batch x seqlen = {args.tokens})")
    print(f"{'hdim':>4} {'mask':>6} {'seqlen':>6} " + " ".join(f"{i:>14}" for i in impls) + f" {'det/best sdpa':>14}")
    records = []
    for hdim, causal, seqlen, batch, heads in grid(args):
        flops = attention_flops(batch, heads, seqlen, seqlen, hdim, causal, "fwd_bwd")
        tflops = {}
        for impl in impls:
            ms = time_or_none(f"{impl} d{hdim} {seqlen}", lambda: step_fn(impl, batch, heads, seqlen, hdim, causal, dtype))
            if ms is None:
                continue
            name = "dash" if impl.startswith("dash") else impl
            schedule = ("auto" if impl == "dash-det" else "atomic") if name == "dash" else None
            records.append(record(name, "fwd_bwd", schedule, impl == "dash-det", dtype, hdim, causal, batch, seqlen,
                                  seqlen, heads, heads, ms, flops))
            tflops[impl] = records[-1]["tflops"]
        best_sdpa = max((t for i, t in tflops.items() if i.startswith("sdpa")), default=float("nan"))
        cells = " ".join(f"{tflops.get(i, float('nan')):14.1f}" for i in impls)
        ratio = tflops.get("dash-det", float("nan")) / best_sdpa
        print(f"{hdim:>4} {'causal' if causal else 'full':>6} {seqlen:>6} {cells} {ratio:14.3f}", flush=True)
    if not args.no_save:
        path = save_results("fwd_bwd", records)
        png = plot_results(records, path.replace(".json", ".png"),
                           f"dash forward + backward, {torch.cuda.get_device_name()}")
        print(f"saved {path}" + (f" and {png}" if png else ""))


if __name__ == "__main__":
    main()
