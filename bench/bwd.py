"""Backward-only benchmark: dash (atomic, every deterministic schedule, auto) against its peers,
FlashAttention-4 (non-deterministic and deterministic, where `flash_attn.cute` imports) and
PyTorch SDPA's backends, timed in interleaved rounds in one process (bf16, batch x seqlen =
16384). Prints a table, saves JSON under bench/results/ and a PNG beside it.

    python bench/bwd.py               # DESIGN.md section 7's grid: hdim 64 x 32 heads, 128 x 16, 512..16k
    python bench/bwd.py --quick       # 2k and 8k only
    python bench/bwd.py --peer-grid   # the 14 cells compared with FA4 (adds d128 GQA 32/8 at 8k)

Records: impl "dash" (schedule = "atomic", a deterministic schedule, or "auto", which is timed as
its own call; `resolved` names the schedule it ran), "fa4" (deterministic true/false),
"sdpa-cudnn", "sdpa-flash", "sdpa-efficient".
"""
from __future__ import annotations

import os
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from bench.common import (add_peers, fa4_interface, grid_arguments, grid_cells, peers, record, report,  # noqa: E402
                          sdpa_backend, time_cells)
from dash.fwd import attn_fwd  # noqa: E402
from dash.ops import DETERMINISTIC_SCHEDULES, _problem, attn_bwd, resolve_schedule, schedules_for  # noqa: E402


def sdpa_bwd_fn(q, k, v, dout, causal, impl):
    qt, kt, vt = (t.transpose(1, 2).detach().requires_grad_(True) for t in (q, k, v))
    gqa = q.shape[2] != k.shape[2]
    with sdpa_backend(impl):
        out = torch.nn.functional.scaled_dot_product_attention(qt, kt, vt, is_causal=causal, enable_gqa=gqa)
    dout_t = dout.transpose(1, 2)

    def fn():
        with sdpa_backend(impl):
            return torch.autograd.grad(out, (qt, kt, vt), dout_t, retain_graph=True)
    return fn


def fa4_bwd_fn(q, k, v, dout, causal, deterministic):
    fa4 = fa4_interface()
    out, lse = fa4._flash_attn_fwd(q, k, v, causal=causal, return_lse=True)[:2]
    return lambda: fa4._flash_attn_bwd(q, k, v, out, dout, lse, causal=causal, deterministic=deterministic)


def closures(q, k, v, dout, causal, peer_names):
    """{column: closure} for one cell; a peer that rejects the shape is left out, with a line."""
    out, lse = attn_fwd(q, k, v, causal=causal)
    dq, dk, dv = torch.empty_like(q), torch.empty_like(k), torch.empty_like(v)
    fns = {}
    for sched in ("atomic",) + schedules_for(causal) + ("auto",):
        fns[sched] = lambda s=sched: attn_bwd(dout, q, k, v, out, lse, causal=causal, schedule=s,
                                              deterministic=s != "atomic", dq=dq, dk=dk, dv=dv)
    return add_peers(fns, peer_names, lambda det: fa4_bwd_fn(q, k, v, dout, causal, det),
                     lambda name: sdpa_bwd_fn(q, k, v, dout, causal, name))


def main():
    args = grid_arguments(__doc__).parse_args()
    peer_names = peers(args)
    records, rows = [], []
    for cell, base, (q, k, v, dout) in grid_cells(args, "bwd"):
        causal = base["causal"]
        problem = _problem(base["seqlen_q"], base["seqlen_k"], base["hdim"], causal, base["batch"], base["nheads"],
                           base["nheads_kv"], q.device, q.dtype, 0)
        auto = resolve_schedule("auto", True, problem)
        ms = time_cells(closures(q, k, v, dout, causal, peer_names), args)
        row = {"cell": cell, "picks": auto}
        for col, t in ms.items():
            if col in ("atomic",) + DETERMINISTIC_SCHEDULES + ("auto",):
                rec = record("dash", "bwd", col, col != "atomic", ms=t, resolved=auto if col == "auto" else None, **base)
                rec["block_m"], rec["block_n"] = problem.block_m, problem.block_n  # the tiles it ran with
            else:
                impl = "fa4" if col.startswith("fa4") else col
                rec = record(impl, "bwd", None, col == "fa4-det", ms=t, **base)
            records.append(rec)
            row[col] = rec["tflops"]
        rows.append(row)
        print(format_row(row), flush=True)
    report("bwd", "Backward", args, rows, header, format_row, records)


COLUMNS = ("atomic",) + DETERMINISTIC_SCHEDULES + ("auto", "fa4", "fa4-det", "sdpa-cudnn", "sdpa-flash",
                                                   "sdpa-efficient")
SHORT = {"ascending": "asc", "descending": "desc", "shift_causal": "shift_c", "sdpa-cudnn": "cudnn",
         "sdpa-flash": "sdpa-fl", "sdpa-efficient": "sdpa-eff"}


def header():
    names = [SHORT.get(c, c) for c in COLUMNS]
    return f"{'cell':>22} " + " ".join(f"{n:>8}" for n in names) + \
        f" {'auto/fa4det':>11} {'atom/fa4':>8} {'auto/best':>9} {'picks':>12}"


def format_row(row):
    nan = float("nan")
    vals = " ".join(f"{row.get(c, nan):8.1f}" for c in COLUMNS)
    best_det = max(row[s] for s in DETERMINISTIC_SCHEDULES if s in row)
    return (f"{row['cell']:>22} {vals} {row.get('auto', nan) / row.get('fa4-det', nan):11.3f} "
            f"{row.get('atomic', nan) / row.get('fa4', nan):8.3f} {row.get('auto', nan) / best_det:9.3f} "
            f"{row['picks']:>12}")


if __name__ == "__main__":
    main()
