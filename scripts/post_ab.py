"""The dQ conversion inside the main kernel against the postprocess kernel, measured: dash's
deterministic backward (auto, or --schedules) with DASH_POST_TILES = each of --tiles (0: the
postprocess kernel after the main kernel; n: the main kernel's last launch positions convert n
dQ tiles each, dash.ops.post_tiles), interleaved in one process, FA4 beside them when it imports.
Checks first that every setting gives the same bits.

    python scripts/post_ab.py                                # the peer grid's 14 cells
    python scripts/post_ab.py --cells 64c2k 64f8k --tiles 0 2 4 --rounds 8
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


def with_post_tiles(n, fn):
    def run():
        os.environ["DASH_POST_TILES"] = str(n)
        return fn()
    return run


def main():
    ap = ab_arguments(__doc__, rounds=6)
    ap.add_argument("--tiles", nargs="+", type=int, default=[0, 2])
    ap.add_argument("--schedules", nargs="+", default=["auto"])
    args = ap.parse_args()
    print("device:", torch.cuda.get_device_name())
    for (name, hdim, causal, seqlen, batch, heads, heads_kv, (q, k, v, dout), (out, lse),
         (dq, dk, dv)) in peer_grid_backward_cells(args.cells):
        fns = {}
        for sched in args.schedules:
            for n in args.tiles:
                call = (lambda s=sched: attn_bwd(dout, q, k, v, out, lse, causal=causal, schedule=s,
                                                 deterministic=True, dq=dq, dk=dk, dv=dv))
                fns[f"{sched}|{n}"] = with_post_tiles(n, call)
        fns["atomic"] = lambda: attn_bwd(dout, q, k, v, out, lse, causal=causal, deterministic=False,
                                         dq=dq, dk=dk, dv=dv)
        if not args.no_fa4:
            fn = ready_or_none("fa4", lambda: fa4_bwd_fn(q, k, v, dout, causal, True))
            if fn is not None:
                fns["fa4-det"] = fn
        for sched in args.schedules:
            calls = {n: fns[f"{sched}|{n}"] for n in args.tiles}
            for n in settings_with_other_bits(calls, (dq, dk, dv), repeats=3, reset=lambda: dq.fill_(float("nan"))):
                print(f"  BITS DIFFER: {name} {sched} with {n} tiles per CTA")
        ms = time_interleaved(fns, args.rounds)
        os.environ.pop("DASH_POST_TILES", None)
        flops = attention_flops(batch, heads, seqlen, seqlen, hdim, causal, mode="bwd")
        tf = {key: flops / (t * 1e-3) / 1e12 for key, t in ms.items()}
        line = " ".join(f"{key}={tf[key]:.1f}" for key in fns)
        base = {s: tf[f"{s}|{args.tiles[0]}"] for s in args.schedules}
        ratios = " ".join(f"{s}|{n}/{args.tiles[0]}={tf[f'{s}|{n}'] / base[s]:.3f}" for s in args.schedules
                          for n in args.tiles[1:])
        print(f"== {name}: {line} | {ratios}", flush=True)


if __name__ == "__main__":
    main()
