"""One training step of attention (forward + backward through autograd): dash's
`flash_attn_func` (deterministic with the auto schedule, and non-deterministic) against
FlashAttention-4 (its forward then its backward, non-deterministic and deterministic, where
`flash_attn.cute` imports) and PyTorch SDPA's backends, on the grid of DESIGN.md section 7 (bf16, batch x seqlen = 16384, hdim 64 with
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
from bench.common import fa4_interface, grid_arguments, peers, plot_results, save_results, sdpa_backend, sweep  # noqa: E402
import dash  # noqa: E402

IMPLS = ("dash-det", "dash-atomic", "sdpa-flash", "sdpa-cudnn", "sdpa-efficient")


def step_fn(impl, batch, heads, seqlen, hdim, causal, dtype):
    """A closure running forward + backward once, and the schedule dash's backward used."""
    if impl.startswith("dash") or impl.startswith("fa4"):
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

    if impl.startswith("fa4"):
        fa4, det = fa4_interface(), impl == "fa4-det"

        def fn():
            out, lse = fa4._flash_attn_fwd(q, k, v, causal=causal, return_lse=True)[:2]
            return fa4._flash_attn_bwd(q, k, v, out, dout, lse, causal=causal, deterministic=det)
        return fn

    def fn():
        with sdpa_backend(impl):
            out = F.scaled_dot_product_attention(q, k, v, is_causal=causal)
        return torch.autograd.grad(out, (q, k, v), dout)
    return fn


def describe(impl):
    """(impl, schedule, deterministic) of a record."""
    if impl == "dash-det":
        return "dash", "auto", True
    if impl == "dash-atomic":
        return "dash", "atomic", False
    if impl.startswith("fa4"):
        return "fa4", None, impl == "fa4-det"
    return impl, None, False


def main():
    args = grid_arguments(__doc__).parse_args()
    impls = IMPLS[:2] + (("fa4", "fa4-det") if "fa4" in peers(args) else ()) + (() if args.no_sdpa else IMPLS[2:])
    records = sweep(args, "Forward + backward", impls, "fwd_bwd", step_fn, describe, "dash-det")
    if not args.no_save:
        path = save_results("fwd_bwd", records)
        png = plot_results(records, path.replace(".json", ".png"),
                           f"dash forward + backward, {torch.cuda.get_device_name()}")
        print(f"saved {path}" + (f" and {png}" if png else ""))


if __name__ == "__main__":
    main()
