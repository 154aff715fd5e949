"""The dQ conversion inside the main kernel against the postprocess kernel, measured: dash's
deterministic backward (auto, or --schedules) with DASH_POST_TILES = each of --tiles (0: the
postprocess kernel after the main kernel; n: the main kernel's last launch positions convert n
dQ tiles each, dash.ops.post_tiles), interleaved in one process, FA4 beside them when it imports.
Checks first that every setting gives the same bits.

    python scripts/post_ab.py                                # the peer grid's 14 cells
    python scripts/post_ab.py --cells 64c2k 64f8k --tiles 0 2 4 --rounds 8
"""
from __future__ import annotations

import argparse
import os
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from bench.bwd import fa4_bwd_fn  # noqa: E402
from bench.common import PEER_GRID, attention_flops, ready_or_none, time_interleaved  # noqa: E402
from dash.fwd import attn_fwd  # noqa: E402
from dash.ops import attn_bwd  # noqa: E402


def with_post_tiles(n, fn):
    def run():
        os.environ["DASH_POST_TILES"] = str(n)
        return fn()
    return run


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tiles", nargs="+", type=int, default=[0, 2])
    ap.add_argument("--schedules", nargs="+", default=["auto"])
    ap.add_argument("--cells", nargs="*", help="e.g. 64f8k 128c2k 128gc8k (default: the peer grid)")
    ap.add_argument("--rounds", type=int, default=6)
    ap.add_argument("--no-fa4", action="store_true")
    args = ap.parse_args()
    print("device:", torch.cuda.get_device_name())
    for hdim, mask, seqlen, heads, heads_kv in PEER_GRID:
        causal = mask == "causal"
        name = f"{hdim}{'g' if heads != heads_kv else ''}{mask[0]}{seqlen // 1024}k"
        if args.cells and name not in args.cells:
            continue
        batch = 16384 // seqlen
        torch.manual_seed(0)
        q, dout = (torch.randn(batch, seqlen, heads, hdim, device="cuda", dtype=torch.bfloat16) for _ in range(2))
        k, v = (torch.randn(batch, seqlen, heads_kv, hdim, device="cuda", dtype=torch.bfloat16) for _ in range(2))
        out, lse = attn_fwd(q, k, v, causal=causal)
        dq, dk, dv = torch.empty_like(q), torch.empty_like(k), torch.empty_like(v)
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
            want = None
            for n in args.tiles:
                for _ in range(3):
                    dq.fill_(float("nan"))
                    fns[f"{sched}|{n}"]()
                    got = tuple(t.clone() for t in (dq, dk, dv))
                    if want is None:
                        want = got
                    elif not all(torch.equal(a, b) for a, b in zip(got, want)):
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
