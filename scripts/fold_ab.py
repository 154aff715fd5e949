"""The main kernel's launch order across heads, measured: every dash schedule under several folds
(DASH_LAUNCH_FOLD="W:G", dash.ops.launch_fold) beside FA4, interleaved in one process.

    python scripts/fold_ab.py                     # the peer grid's 14 cells
    python scripts/fold_ab.py --folds base 1:l2 --cells 64f8k 128c2k
"""
from __future__ import annotations

import os
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from bench.bwd import fa4_bwd_fn  # noqa: E402
from bench.common import (ab_arguments, attention_flops, peer_grid_backward_cells, ready_or_none,  # noqa: E402
                          settings_with_other_bits, time_interleaved, with_fold)
from dash.ops import attn_bwd, schedules_for  # noqa: E402


def main():
    ap = ab_arguments(__doc__, rounds=3)
    ap.add_argument("--folds", nargs="+", default=["base", "1:l2", "4:l2", "1:all", "tables:l2"])
    args = ap.parse_args()
    print("device:", torch.cuda.get_device_name())
    for (name, hdim, causal, seqlen, batch, heads, heads_kv, (q, k, v, dout), (out, lse),
         (dq, dk, dv)) in peer_grid_backward_cells(args.cells):
        fns = {}
        for fold in args.folds:
            for sched in ("atomic",) + schedules_for(causal):
                call = (lambda s=sched: attn_bwd(dout, q, k, v, out, lse, causal=causal, schedule=s,
                                                 deterministic=s != "atomic", dq=dq, dk=dk, dv=dv))
                fns[f"{fold}|{sched}"] = with_fold(fold, call)
        if not args.no_fa4:
            for det in (False, True):
                fn = ready_or_none("fa4", lambda d=det: fa4_bwd_fn(q, k, v, dout, causal, d))
                if fn is not None:
                    fns["fa4-det" if det else "fa4"] = fn
        # The launch order sets when CTAs start, never the order of the dQ additions: every fold
        # gives each deterministic schedule's bits (and finishes).
        for sched in schedules_for(causal):
            for fold in settings_with_other_bits({f: fns[f"{f}|{sched}"] for f in args.folds}, (dq, dk, dv)):
                print(f"  BITS DIFFER: {name} {sched} under fold {fold}")
        ms = time_interleaved(fns, args.rounds)
        os.environ.pop("DASH_LAUNCH_FOLD", None)
        flops = attention_flops(batch, heads, seqlen, seqlen, hdim, causal, mode="bwd")
        tf = {key: flops / (t * 1e-3) / 1e12 for key, t in ms.items()}
        print(f"\n== {name}  fa4 {tf.get('fa4', float('nan')):.1f}  fa4-det {tf.get('fa4-det', float('nan')):.1f}")
        scheds = ("atomic",) + schedules_for(causal)
        print(f"{'fold':>10} " + " ".join(f"{s:>12}" for s in scheds) + f" {'best det':>9}")
        for fold in args.folds:
            vals = [tf[f"{fold}|{s}"] for s in scheds]
            print(f"{fold:>10} " + " ".join(f"{x:12.1f}" for x in vals) + f" {max(vals[1:]):9.1f}", flush=True)


if __name__ == "__main__":
    main()
