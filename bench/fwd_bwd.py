"""One training step of attention (forward + backward through autograd): dash's
`flash_attn_func` (deterministic with the auto schedule, and non-deterministic) against
FlashAttention-4 (its forward then its backward, non-deterministic and deterministic, where
`flash_attn.cute` imports) and PyTorch SDPA's backends, timed in interleaved rounds in one process
on the grid of DESIGN.md section 7 (bf16, batch x seqlen = 16384, hdim 64 with 32 heads and hdim
128 with 16 heads, causal and full).

FLOPs per step = 3.5 x the forward's 4 b h s_q s_k d (forward 1 + backward 2.5), halved for
causal. The records' `pass` is "fwd_bwd". SDPA's backends are non-deterministic in their
backward (atomic dQ adds), as is FA4's unless asked: the fair comparison for "dash-det" is
"fa4-det", the bar the mission sets is the fastest of all.

    python bench/fwd_bwd.py              # full grid
    python bench/fwd_bwd.py --quick      # seqlen 2k and 8k only
    python bench/fwd_bwd.py --peer-grid  # the 14 cells compared with FA4 (adds d128 GQA 32/8 at 8k)
"""
from __future__ import annotations

import os
import sys

import torch
import torch.nn.functional as F

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from bench.common import (add_peers, fa4_interface, grid_arguments, grid_cells, peers, record, report,  # noqa: E402
                          sdpa_backend, time_cells)
import dash  # noqa: E402

COLUMNS = ("dash-det", "dash-atomic", "fa4-det", "fa4", "sdpa-cudnn", "sdpa-flash", "sdpa-efficient")


def dash_step_fn(q, k, v, dout, causal, deterministic):
    def fn():
        out = dash.flash_attn_func(q, k, v, causal=causal, deterministic=deterministic)
        return torch.autograd.grad(out, (q, k, v), dout)
    return fn


def fa4_step_fn(q, k, v, dout, causal, deterministic):
    fa4 = fa4_interface()

    def fn():
        out, lse = fa4._flash_attn_fwd(q, k, v, causal=causal, return_lse=True)[:2]
        return fa4._flash_attn_bwd(q, k, v, out, dout, lse, causal=causal, deterministic=deterministic)
    return fn


def sdpa_step_fn(q, k, v, dout, causal, impl):
    # SDPA's native (batch, heads, seqlen, head_dim) layout, as a model calling it would have it
    qt, kt, vt = (t.detach().transpose(1, 2).contiguous().requires_grad_(True) for t in (q, k, v))
    dout_t = dout.transpose(1, 2).contiguous()
    gqa = q.shape[2] != k.shape[2]

    def fn():
        with sdpa_backend(impl):
            out = F.scaled_dot_product_attention(qt, kt, vt, is_causal=causal, enable_gqa=gqa)
        return torch.autograd.grad(out, (qt, kt, vt), dout_t)
    return fn


def closures(q, k, v, dout, causal, peer_names):
    """{column: closure} for one cell; a peer that rejects the shape is left out, with a line."""
    fns = {"dash-det": dash_step_fn(q, k, v, dout, causal, True),
           "dash-atomic": dash_step_fn(q, k, v, dout, causal, False)}
    return add_peers(fns, peer_names, lambda det: fa4_step_fn(q, k, v, dout, causal, det),
                     lambda name: sdpa_step_fn(q, k, v, dout, causal, name))


def describe(col):
    """(impl, schedule, deterministic) of a column's records."""
    if col.startswith("dash"):
        return "dash", "auto" if col == "dash-det" else "atomic", col == "dash-det"
    if col.startswith("fa4"):
        return "fa4", None, col == "fa4-det"
    return col, None, False


SHORT = {"sdpa-cudnn": "cudnn", "sdpa-flash": "sdpa-fl", "sdpa-efficient": "sdpa-eff"}


def header():
    return (f"{'cell':>22} " + " ".join(f"{SHORT.get(c, c):>11}" for c in COLUMNS) +
            f" {'det/fa4det':>10} {'atom/fa4':>8} {'det/best':>8}")


def format_row(row):
    nan = float("nan")
    best_peer = max((row[c] for c in COLUMNS[2:] if c in row), default=nan)
    return (f"{row['cell']:>22} " + " ".join(f"{row.get(c, nan):11.1f}" for c in COLUMNS) +
            f" {row.get('dash-det', nan) / row.get('fa4-det', nan):10.3f}"
            f" {row.get('dash-atomic', nan) / row.get('fa4', nan):8.3f}"
            f" {row.get('dash-det', nan) / best_peer:8.3f}")


def main():
    args = grid_arguments(__doc__).parse_args()
    peer_names = peers(args)
    records, rows = [], []
    for cell, base, (q, k, v, dout) in grid_cells(args, "fwd_bwd", grad_inputs=True):
        ms = time_cells(closures(q, k, v, dout, base["causal"], peer_names), args)
        row = {"cell": cell}
        for col, t in ms.items():
            impl, schedule, deterministic = describe(col)
            records.append(record(impl, "fwd_bwd", schedule, deterministic, ms=t, **base))
            row[col] = records[-1]["tflops"]
        rows.append(row)
        print(format_row(row), flush=True)
    report("fwd_bwd", "Forward + backward", args, rows, header, format_row, records)


if __name__ == "__main__":
    main()
