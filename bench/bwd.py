"""Backward-only benchmark: dash (atomic, every deterministic schedule, auto) against PyTorch
SDPA's backends, on the grid of DESIGN.md §7 (bf16, batch x seqlen = 16384, hdim 64 with 32
heads and hdim 128 with 16 heads, causal and full). Prints a table, saves JSON under
bench/results/ and a PNG beside it.

    python bench/bwd.py            # the whole grid
    python bench/bwd.py --quick    # 2k and 8k only
"""
from __future__ import annotations

import math
import os
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from bench.common import (attention_flops, grid, grid_arguments, plot_results, record,  # noqa: E402
                          save_results, sdpa_backend, time_ms)
from dash.ops import DETERMINISTIC_SCHEDULES, attn_bwd, resolve_schedule, schedules_for, _problem  # noqa: E402


def forward_for(q, k, v, causal):
    """out and lse as a forward kernel returns them (dash's own forward when built)."""
    from dash import _ext

    if _ext.has("fwd"):
        from dash.fwd import attn_fwd

        return attn_fwd(q, k, v, causal=causal)
    # Fallback: the reference math one (batch, head) at a time, to bound memory.
    b, s, h, d = q.shape
    out = torch.empty_like(q)
    lse = torch.empty(b, h, s, device=q.device, dtype=torch.float32)
    scale = 1 / math.sqrt(d)
    for bi in range(b):
        for hi in range(h):
            sc = (q[bi, :, hi].float() @ k[bi, :, hi].float().T) * scale
            if causal:
                sc.masked_fill_(torch.ones(s, s, device=q.device, dtype=torch.bool).triu(1), float("-inf"))
            lse[bi, hi] = torch.logsumexp(sc, -1)
            out[bi, :, hi] = (torch.softmax(sc, -1) @ v[bi, :, hi].float()).to(q.dtype)
    return out, lse


def sdpa_bwd_fn(q, k, v, dout, causal, backend):
    qt, kt, vt = (t.transpose(1, 2).detach().requires_grad_(True) for t in (q, k, v))
    with sdpa_backend(f"sdpa-{backend}"):
        out = torch.nn.functional.scaled_dot_product_attention(qt, kt, vt, is_causal=causal)
    dout_t = dout.transpose(1, 2)
    return lambda: torch.autograd.grad(out, (qt, kt, vt), dout_t, retain_graph=True)


def main():
    args = grid_arguments(__doc__).parse_args()
    dtype = torch.bfloat16
    records, rows = [], []
    for hdim, causal, seqlen, batch, heads in grid(args):
        mask = "causal" if causal else "full"
        torch.manual_seed(0)
        q, k, v, dout = (torch.randn(batch, seqlen, heads, hdim, device="cuda", dtype=dtype)
                         for _ in range(4))
        out, lse = forward_for(q, k, v, causal)
        flops = attention_flops(batch, heads, seqlen, seqlen, hdim, causal, "bwd")
        base = dict(dtype=dtype, hdim=hdim, causal=causal, batch=batch, seqlen_q=seqlen, seqlen_k=seqlen,
                    nheads=heads, nheads_kv=heads, flops=flops)
        problem = _problem(seqlen, seqlen, hdim, causal, batch, heads, heads, q.device, dtype, 0)
        auto = resolve_schedule("auto", True, problem)
        row = {"hdim": hdim, "mask": mask, "seqlen": seqlen, "auto": auto}
        dq, dk, dv = torch.empty_like(q), torch.empty_like(k), torch.empty_like(v)
        ms_of = {}
        # shift runs on the full mask only, shift_causal on the causal one (others raise).
        for sched in ("atomic",) + schedules_for(causal):
            fn = lambda s=sched: attn_bwd(dout, q, k, v, out, lse, causal=causal, schedule=s,  # noqa: E731
                                          deterministic=s != "atomic", dq=dq, dk=dk, dv=dv)
            ms = ms_of[sched] = time_ms(fn)
            records.append(record("dash", "bwd", sched, sched != "atomic", ms=ms, **base))
            row[sched] = records[-1]["tflops"]
        # "auto" runs the schedule the model picked: its time is that schedule's time.
        records.append(record("dash", "bwd", "auto", True, ms=ms_of[auto], **base))
        row["auto_tflops"] = records[-1]["tflops"]
        if not args.no_sdpa:
            for backend in ("flash", "cudnn", "efficient"):
                try:
                    ms = time_ms(sdpa_bwd_fn(q, k, v, dout, causal, backend))
                except Exception as exc:  # noqa: BLE001 - a backend may not support a shape
                    print(f"  sdpa-{backend} unavailable for hdim {hdim} {mask} {seqlen}: {type(exc).__name__}")
                    continue
                records.append(record(f"sdpa-{backend}", "bwd", None, False, ms=ms, **base))
                row[f"sdpa-{backend}"] = records[-1]["tflops"]
        best_det = max(row[s] for s in schedules_for(causal))
        row["det/atomic"] = best_det / row["atomic"]
        rows.append(row)
        print(format_row(row), flush=True)
        del q, k, v, dout, out, lse, dq, dk, dv
        torch.cuda.empty_cache()
    print()
    print(f"Backward TFLOP/s on {torch.cuda.get_device_name()} (bf16, batch x seqlen = {args.tokens})")
    print(header())
    for row in rows:
        print(format_row(row))
    if not args.no_save:
        path = save_results("bwd", records)
        png = plot_results(records, path.replace(".json", ".png"), f"dash backward, {torch.cuda.get_device_name()}")
        print(f"saved {path}" + (f" and {png}" if png else ""))


COLUMNS = ("atomic",) + DETERMINISTIC_SCHEDULES + ("auto_tflops", "sdpa-flash", "sdpa-cudnn", "sdpa-efficient")


def header():
    names = [c.replace("_tflops", "").replace("sdpa-", "sdpa:") for c in COLUMNS]
    return f"{'hdim':>4} {'mask':>6} {'seqlen':>6} " + " ".join(f"{n:>12}" for n in names) + \
        f" {'best det/atomic':>16} {'auto picks':>12}"


def format_row(row):
    vals = " ".join(f"{row.get(c, float('nan')):12.1f}" for c in COLUMNS)
    return f"{row['hdim']:>4} {row['mask']:>6} {row['seqlen']:>6} {vals} {row['det/atomic']:16.3f} {row['auto']:>12}"


if __name__ == "__main__":
    main()
