"""The tail split (dash.ops.tail_split) measured: dash's backward with DASH_TAIL_SPLIT = each of
--pieces (0: off; "d": the default rule; k: k pieces where the split applies), for each of
--schedules ("atomic": the non-deterministic path), interleaved in one process, FA4's
deterministic backward beside them when it imports. Checks first that every setting of a
deterministic schedule gives the same bits.

    python scripts/tail_ab.py --cells 64f8k 64f16k --schedules ascending auto atomic --pieces 0 d
"""
from __future__ import annotations

import os
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from bench.bwd import fa4_bwd_fn  # noqa: E402
from bench.common import (ab_arguments, attention_flops, peer_grid_backward_cells, ready_or_none,  # noqa: E402
                          settings_with_other_bits, time_interleaved)
from dash.ops import attn_bwd  # noqa: E402


def with_pieces(setting, fn):
    def run():
        if setting == "d":
            os.environ.pop("DASH_TAIL_SPLIT", None)
        else:
            os.environ["DASH_TAIL_SPLIT"] = setting
        return fn()
    return run


def main():
    ap = ab_arguments(__doc__, rounds=8)
    ap.add_argument("--pieces", nargs="+", default=["0", "d"])
    ap.add_argument("--schedules", nargs="+", default=["ascending", "auto", "atomic"])
    args = ap.parse_args()
    print("device:", torch.cuda.get_device_name())
    for (name, hdim, causal, seqlen, batch, heads, heads_kv, (q, k, v, dout), (out, lse),
         (dq, dk, dv)) in peer_grid_backward_cells(args.cells):
        fns = {}
        for sched in args.schedules:
            det = sched != "atomic"
            for n in args.pieces:
                call = (lambda s=sched, d=det: attn_bwd(dout, q, k, v, out, lse, causal=causal,
                                                        schedule=s if d else "auto", deterministic=d,
                                                        dq=dq, dk=dk, dv=dv))
                fns[f"{sched}|{n}"] = with_pieces(n, call)
        if not args.no_fa4:
            fn = ready_or_none("fa4", lambda: fa4_bwd_fn(q, k, v, dout, causal, True))
            if fn is not None:
                fns["fa4-det"] = fn
        for sched in args.schedules:
            if sched == "atomic":
                continue
            calls = {n: fns[f"{sched}|{n}"] for n in args.pieces}
            for n in settings_with_other_bits(calls, (dq, dk, dv), repeats=3, reset=lambda: dq.fill_(float("nan"))):
                print(f"  BITS DIFFER: {name} {sched} with DASH_TAIL_SPLIT={n}")
        ms = time_interleaved(fns, args.rounds)
        os.environ.pop("DASH_TAIL_SPLIT", None)
        flops = attention_flops(batch, heads, seqlen, seqlen, hdim, causal, mode="bwd")
        tf = {key: flops / (t * 1e-3) / 1e12 for key, t in ms.items()}
        line = " ".join(f"{key}={tf[key]:.1f}" for key in fns)
        ratios = " ".join(f"{s}|{n}/{args.pieces[0]}={tf[f'{s}|{n}'] / tf[f'{s}|{args.pieces[0]}']:.3f}"
                          for s in args.schedules for n in args.pieces[1:])
        print(f"== {name}: {line} | {ratios}", flush=True)


if __name__ == "__main__":
    main()
