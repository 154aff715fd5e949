"""Forward-only benchmark: dash against FlashAttention-4 (where `flash_attn.cute` imports) and
PyTorch SDPA's backends, timed in interleaved rounds in one process (bf16, batch x seqlen =
16384). TFLOP/s = 4 * batch * heads * seqlen_q * seqlen_k * head_dim / time, halved for causal.
Prints a table, saves JSON under bench/results/ and a PNG beside it.

    python bench/fwd.py               # DESIGN.md section 7's grid: hdim 64 x 32 heads, 128 x 16, 512..16k
    python bench/fwd.py --quick       # 2k and 8k only
    python bench/fwd.py --peer-grid   # the 14 cells compared with FA4 (adds d128 GQA 32/8 at 8k)

Records: impl "dash", "fa4", "sdpa-cudnn", "sdpa-flash", "sdpa-efficient" (pass "fwd").
"""
from __future__ import annotations

import os
import sys

import torch.nn.functional as F

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from bench.common import (add_peers, fa4_interface, grid_arguments, grid_cells, peers, record, report,  # noqa: E402
                          sdpa_backend, time_cells)
from dash.fwd import attn_fwd  # noqa: E402

COLUMNS = ("dash", "fa4", "sdpa-cudnn", "sdpa-flash", "sdpa-efficient")


def sdpa_fwd_fn(q, k, v, causal, impl):
    qt, kt, vt = (t.transpose(1, 2) for t in (q, k, v))  # SDPA's (batch, heads, seqlen, head_dim) view
    gqa = q.shape[2] != k.shape[2]

    def fn():
        with sdpa_backend(impl):
            return F.scaled_dot_product_attention(qt, kt, vt, is_causal=causal, enable_gqa=gqa)
    return fn


def closures(q, k, v, causal, peer_names):
    """{column: closure} for one cell; a peer that rejects the shape is left out, with a line."""
    def fa4_fn(_deterministic):
        fa4 = fa4_interface()
        return lambda: fa4._flash_attn_fwd(q, k, v, causal=causal, return_lse=True)

    return add_peers({"dash": lambda: attn_fwd(q, k, v, causal=causal)}, peer_names, fa4_fn,
                     lambda name: sdpa_fwd_fn(q, k, v, causal, name), fa4_det=False)


def header():
    return f"{'cell':>22} " + " ".join(f"{c:>14}" for c in COLUMNS) + f" {'dash/fa4':>9} {'dash/best':>9}"


def format_row(row):
    nan = float("nan")
    peers_best = max((row[c] for c in COLUMNS[1:] if c in row), default=nan)
    return (f"{row['cell']:>22} " + " ".join(f"{row.get(c, nan):14.1f}" for c in COLUMNS) +
            f" {row.get('dash', nan) / row.get('fa4', nan):9.3f} {row.get('dash', nan) / peers_best:9.3f}")


def main():
    args = grid_arguments(__doc__).parse_args()
    peer_names = peers(args)
    records, rows = [], []
    for cell, base, (q, k, v, _) in grid_cells(args, "fwd"):
        ms = time_cells(closures(q, k, v, base["causal"], peer_names), args)
        row = {"cell": cell}
        for col, t in ms.items():
            rec = record(col, "fwd", None, col == "dash", ms=t, **base)
            records.append(rec)
            row[col] = rec["tflops"]
        rows.append(row)
        print(format_row(row), flush=True)
    report("fwd", "Forward", args, rows, header, format_row, records)


if __name__ == "__main__":
    main()
