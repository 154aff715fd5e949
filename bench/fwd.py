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

import torch
import torch.nn.functional as F

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from bench.common import (attention_flops, cell_name, fa4_interface, grid, grid_arguments, peers, plot_results,  # noqa: E402
                          ready_or_none, record, save_results, sdpa_backend, time_interleaved)
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
    fns = {"dash": lambda: attn_fwd(q, k, v, causal=causal)}
    for name in peer_names:
        if name == "fa4":
            fa4 = fa4_interface()
            make = lambda: (lambda: fa4._flash_attn_fwd(q, k, v, causal=causal, return_lse=True))  # noqa: E731
        else:
            make = lambda n=name: sdpa_fwd_fn(q, k, v, causal, n)  # noqa: E731
        fn = ready_or_none(name, make)  # FA4 JITs each kernel once per process: before timing
        if fn is not None:
            fns[name] = fn
    return fns


def header():
    return f"{'cell':>22} " + " ".join(f"{c:>14}" for c in COLUMNS) + f" {'dash/fa4':>9} {'dash/best':>9}"


def format_row(row):
    nan = float("nan")
    peers_best = max((row[c] for c in COLUMNS[1:] if c in row), default=nan)
    return (f"{row['cell']:>22} " + " ".join(f"{row.get(c, nan):14.1f}" for c in COLUMNS) +
            f" {row.get('dash', nan) / row.get('fa4', nan):9.3f} {row.get('dash', nan) / peers_best:9.3f}")


def main():
    args = grid_arguments(__doc__).parse_args()
    dtype = torch.bfloat16
    peer_names = peers(args)
    records, rows = [], []
    for hdim, causal, seqlen, batch, heads, heads_kv in grid(args):
        torch.manual_seed(0)
        q = torch.randn(batch, seqlen, heads, hdim, device="cuda", dtype=dtype)
        k, v = (torch.randn(batch, seqlen, heads_kv, hdim, device="cuda", dtype=dtype) for _ in range(2))
        flops = attention_flops(batch, heads, seqlen, seqlen, hdim, causal, "fwd")
        base = dict(dtype=dtype, hdim=hdim, causal=causal, batch=batch, seqlen_q=seqlen, seqlen_k=seqlen,
                    nheads=heads, nheads_kv=heads_kv, flops=flops)
        ms = time_interleaved(closures(q, k, v, causal, peer_names), args.rounds)
        row = {"cell": cell_name(hdim, causal, seqlen, heads, heads_kv)}
        for col, t in ms.items():
            rec = record(col, "fwd", None, col == "dash", ms=t, **base)
            records.append(rec)
            row[col] = rec["tflops"]
        rows.append(row)
        print(format_row(row), flush=True)
        del q, k, v
        torch.cuda.empty_cache()
    print()
    print(f"Forward TFLOP/s on {torch.cuda.get_device_name()} (bf16, batch x seqlen = {args.tokens}, "
          f"median of {args.rounds or 'a Williams design of'} interleaved rounds)")
    print(header())
    for row in rows:
        print(format_row(row))
    if not args.no_save:
        path = save_results("fwd", records)
        png = plot_results(records, path.replace(".json", ".png"), f"dash forward, {torch.cuda.get_device_name()}")
        print(f"saved {path}" + (f" and {png}" if png else ""))


if __name__ == "__main__":
    main()
