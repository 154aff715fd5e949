"""Sliding-window (local) attention benchmark: dash's forward and backward (atomic, every
deterministic schedule that applies to the band, auto) against FlashAttention-4's (forward;
backward non-deterministic and deterministic, where `flash_attn.cute` imports), timed in
interleaved rounds in one process (bf16, batch x seqlen = 16384).

    python bench/window.py            # the window grid: (4096, 0) at 16k, (512, 0) at 4k; d64 x 32 heads,
                                      # d128 x 16 heads, d128 GQA 32/8 at 16k
    python bench/window.py --windows 4096,4096 --seqlens 16384

window = FA3's window_size (left, right), bottom-right aligned: query row i sees keys
i - left .. i + right (seqlen_q = seqlen_k). FLOPs count the (query, key) pairs the band keeps:
forward 4 d pairs per (batch, head), backward 2.5 x that (the causal grid's "halved" is the same
rule for the causal band, up to the diagonal).

Records: the fields of bench/bwd.py's and bench/fwd.py's plus "window": [left, right]; impl
"dash" (pass "fwd"; pass "bwd" with schedule "atomic", a deterministic schedule or "auto",
`resolved` naming what auto ran) and "fa4" (pass "fwd"; pass "bwd", deterministic true/false).
Before timing, each cell checks that FA4 and dash agree on the band (max |out difference|).
"""
from __future__ import annotations

import argparse
import os
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from bench.common import (cell_tensors, fa4_interface, first_line, record, report, time_interleaved)  # noqa: E402
from dash.fwd import attn_fwd  # noqa: E402
from dash.ops import DETERMINISTIC_SCHEDULES, _problem, applicable_schedules, attn_bwd, resolve_schedule  # noqa: E402

# (hdim, seqlen, (left, right), heads, heads_kv)
WINDOW_GRID = [(64, 16384, (4096, 0), 32, 32), (128, 16384, (4096, 0), 16, 16), (128, 16384, (4096, 0), 32, 8),
               (64, 4096, (512, 0), 32, 32), (128, 4096, (512, 0), 16, 16)]


def band_pairs(seqlen_q, seqlen_k, window):
    """The (query, key) pairs a band keeps: row i sees keys max(0, i + off - left) ..
    min(seqlen_k - 1, i + off + right), off = seqlen_k - seqlen_q; -1 = unbounded."""
    left, right = window
    rows = torch.arange(seqlen_q, dtype=torch.int64) + (seqlen_k - seqlen_q)
    lo = (rows - left).clamp(min=0) if left >= 0 else torch.zeros_like(rows)
    hi = (rows + right).clamp(max=seqlen_k - 1) if right >= 0 else torch.full_like(rows, seqlen_k - 1)
    return int((hi - lo + 1).clamp(min=0).sum())


def cell_label(hdim, seqlen, window, heads, heads_kv):
    gqa = f" gqa{heads}/{heads_kv}" if heads != heads_kv else ""
    return f"d{hdim}{gqa} w{window[0]},{window[1]} {seqlen // 1024}k"


def fa4_closures(q, k, v, dout, window):
    """{column: closure} of FA4's forward and backward over the band, and its forward's out; {}
    and None where FA4 does not import or rejects the band (with a line)."""
    try:
        fa4 = fa4_interface()
        left, right = window
        kw = dict(causal=False, window_size_left=left, window_size_right=right)
        out, lse = fa4._flash_attn_fwd(q, k, v, return_lse=True, **kw)[:2]
        fns = {"fa4-fwd": lambda: fa4._flash_attn_fwd(q, k, v, return_lse=True, **kw)}
        for det in (False, True):
            fns["fa4-bwd-det" if det else "fa4-bwd"] = (
                lambda d=det: fa4._flash_attn_bwd(q, k, v, out, dout, lse, deterministic=d, **kw))
        for fn in fns.values():
            fn()
        torch.cuda.synchronize()
        return fns, out
    except Exception as exc:  # a missing package or a band FA4 refuses: the row goes without it
        print(f"  fa4: left out ({first_line(exc)})", flush=True)
        return {}, None


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--windows", nargs="+", default=None, metavar="LEFT,RIGHT",
                    help="windows to time at every --seqlens and --hdims instead of the window grid")
    ap.add_argument("--seqlens", type=int, nargs="+", default=[16384])
    ap.add_argument("--hdims", type=int, nargs="+", default=[64, 128])
    ap.add_argument("--tokens", type=int, default=16384, help="batch x seqlen")
    ap.add_argument("--rounds", type=int, default=0, help="interleaved rounds per cell; 0: a Williams design")
    ap.add_argument("--no-fa4", action="store_true")
    ap.add_argument("--no-save", action="store_true")
    args = ap.parse_args()
    if args.windows:
        grid = [(h, s, tuple(int(x) for x in w.split(",")), 32 if h == 64 else 16, 32 if h == 64 else 16)
                for w in args.windows for s in args.seqlens for h in args.hdims]
    else:
        grid = WINDOW_GRID

    records, rows = [], []
    for hdim, seqlen, window, heads, heads_kv in grid:
        batch = max(1, args.tokens // seqlen)
        q, k, v, dout = cell_tensors(batch, seqlen, heads, heads_kv, hdim, torch.bfloat16)
        label = cell_label(hdim, seqlen, window, heads, heads_kv)
        pairs = band_pairs(seqlen, seqlen, window)
        fwd_flops = 4.0 * batch * heads * hdim * pairs
        base = dict(dtype=torch.bfloat16, hdim=hdim, causal=False, batch=batch, seqlen_q=seqlen, seqlen_k=seqlen,
                    nheads=heads, nheads_kv=heads_kv)
        out, lse = attn_fwd(q, k, v, window=window)
        dq, dk, dv = torch.empty_like(q), torch.empty_like(k), torch.empty_like(v)
        schedules = applicable_schedules(q, k, window=window)
        problem = _problem(seqlen, seqlen, hdim, False, batch, heads, heads_kv, q.device, q.dtype, 0, window)
        auto = resolve_schedule("auto", True, problem)
        fns = {"dash-fwd": lambda: attn_fwd(q, k, v, window=window)}
        for s in ("atomic", *schedules, "auto"):
            fns[s] = lambda s=s: attn_bwd(dout, q, k, v, out, lse, window=window, schedule=s,
                                          deterministic=s != "atomic", dq=dq, dk=dk, dv=dv)
        if not args.no_fa4:
            fa4_fns, fa4_out = fa4_closures(q, k, v, dout, window)
            if fa4_out is not None:
                diff = (fa4_out.float() - out.float()).abs().max().item()
                print(f"  {label}: max |out(fa4) - out(dash)| = {diff:.2e}", flush=True)
                if diff > 0.05:
                    raise SystemExit(f"{label}: FA4 and dash disagree on the band ({diff:.3f}): not the same mask")
            fns.update(fa4_fns)
        ms = time_interleaved(fns, args.rounds)
        row = {"cell": label, "picks": auto}
        for col, t in ms.items():
            if col == "dash-fwd":
                rec = record("dash", "fwd", None, True, ms=t, flops=fwd_flops, **base)
            elif col == "fa4-fwd":
                rec = record("fa4", "fwd", None, True, ms=t, flops=fwd_flops, **base)
            elif col.startswith("fa4-bwd"):
                rec = record("fa4", "bwd", None, col == "fa4-bwd-det", ms=t, flops=2.5 * fwd_flops, **base)
            else:
                rec = record("dash", "bwd", col, col != "atomic", ms=t, flops=2.5 * fwd_flops,
                             resolved=auto if col == "auto" else None, **base)
            rec["window"] = list(window)
            records.append(rec)
            row[col] = rec["tflops"]
        rows.append(row)
        print(format_row(row), flush=True)
        del q, k, v, dout, out, lse, dq, dk, dv
        torch.cuda.empty_cache()
    report("window", "Sliding-window forward and backward", args, rows, header, format_row, records)


COLUMNS = ("dash-fwd", "fa4-fwd", "atomic") + DETERMINISTIC_SCHEDULES + ("auto", "fa4-bwd", "fa4-bwd-det")
SHORT = {"ascending": "asc", "descending": "desc", "shift_causal": "shift_c", "dash-fwd": "fwd",
         "fa4-fwd": "fa4 fwd", "fa4-bwd": "fa4", "fa4-bwd-det": "fa4-det"}


def header():
    names = [SHORT.get(c, c) for c in COLUMNS]
    return (f"{'cell':>24} " + " ".join(f"{n:>8}" for n in names) +
            f" {'fwd/fa4':>8} {'auto/fa4det':>11} {'atom/fa4':>8} {'picks':>12}")


def format_row(row):
    nan = float("nan")
    vals = " ".join(f"{row.get(c, nan):8.1f}" for c in COLUMNS)
    return (f"{row['cell']:>24} {vals} {row.get('dash-fwd', nan) / row.get('fa4-fwd', nan):8.3f} "
            f"{row.get('auto', nan) / row.get('fa4-bwd-det', nan):11.3f} "
            f"{row.get('atomic', nan) / row.get('fa4-bwd', nan):8.3f} {row['picks']:>12}")


if __name__ == "__main__":
    main()
