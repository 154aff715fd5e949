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
from bench.common import (attention_flops, cell_name, fa4_interface, grid, grid_arguments, peers, plot_results,  # noqa: E402
                          ready_or_none, record, save_results, sdpa_backend, time_interleaved)
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
    makers = {}
    for name in peer_names:
        if name == "fa4":
            makers["fa4"] = lambda: fa4_bwd_fn(q, k, v, dout, causal, False)
            makers["fa4-det"] = lambda: fa4_bwd_fn(q, k, v, dout, causal, True)
        else:
            makers[name] = lambda n=name: sdpa_bwd_fn(q, k, v, dout, causal, n)
    for name, make in makers.items():
        fn = ready_or_none(name, make)  # FA4 JITs each kernel once per process: before timing
        if fn is not None:
            fns[name] = fn
    return fns


def main():
    args = grid_arguments(__doc__).parse_args()
    dtype = torch.bfloat16
    peer_names = peers(args)
    records, rows = [], []
    for hdim, causal, seqlen, batch, heads, heads_kv in grid(args):
        torch.manual_seed(0)
        q, dout = (torch.randn(batch, seqlen, heads, hdim, device="cuda", dtype=dtype) for _ in range(2))
        k, v = (torch.randn(batch, seqlen, heads_kv, hdim, device="cuda", dtype=dtype) for _ in range(2))
        flops = attention_flops(batch, heads, seqlen, seqlen, hdim, causal, "bwd")
        base = dict(dtype=dtype, hdim=hdim, causal=causal, batch=batch, seqlen_q=seqlen, seqlen_k=seqlen,
                    nheads=heads, nheads_kv=heads_kv, flops=flops)
        problem = _problem(seqlen, seqlen, hdim, causal, batch, heads, heads_kv, q.device, dtype, 0)
        auto = resolve_schedule("auto", True, problem)
        ms = time_interleaved(closures(q, k, v, dout, causal, peer_names), args.rounds)
        row = {"cell": cell_name(hdim, causal, seqlen, heads, heads_kv), "picks": auto}
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
        del q, k, v, dout
        torch.cuda.empty_cache()
    print()
    print(f"Backward TFLOP/s on {torch.cuda.get_device_name()} (bf16, batch x seqlen = {args.tokens}, "
          f"median of {args.rounds or 'a Williams design of'} interleaved rounds)")
    print(header())
    for row in rows:
        print(format_row(row))
    if not args.no_save:
        path = save_results("bwd", records)
        png = plot_results(records, path.replace(".json", ".png"), f"dash backward, {torch.cuda.get_device_name()}")
        print(f"saved {path}" + (f" and {png}" if png else ""))


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
