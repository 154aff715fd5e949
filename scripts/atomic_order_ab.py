"""Which tables should the atomic (non-deterministic) backward run? It never waits, so the
tables only set the order CTAs start in and visit their Q tiles. Times dash's atomic path with
each schedule's tables (dash.ops.ATOMIC_TABLES swapped per closure) beside FA4's
non-deterministic backward, on bench/bwd.py's peer grid (or the --cells named), in interleaved
rounds, or with --sustained SECONDS in blocks of back-to-back calls (bench.common.time_sustained:
the power-limited regime the peer grids report).

    python scripts/atomic_order_ab.py [--rounds 3] [--cells 64c2k 128c2k] [--sustained 2]
"""
import argparse
import os
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from bench.common import (PEER_GRID, attention_flops, fa4_interface, ready_or_none, short_cell_name,  # noqa: E402
                          time_cells, timing_note)
from dash import ops  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--cells", nargs="*", metavar="CELL",
                    help="only these peer-grid cells, named as the A/B scripts do: 64c2k, 128gf8k, ...")
    ap.add_argument("--sustained", type=float, default=0, metavar="SECONDS",
                    help="time each closure by calls per second over SECONDS back to back (0: per-call events)")
    args = ap.parse_args()
    fa4 = fa4_interface()
    print(f"atomic backward by table order, TFLOP/s, {torch.cuda.get_device_name()}, 16k tokens, "
          f"{timing_note(args)}")
    for hdim, mask, seqlen, heads, heads_kv in PEER_GRID:
        if args.cells and short_cell_name(hdim, mask, seqlen, heads, heads_kv) not in args.cells:
            continue
        causal = mask == "causal"
        batch = 16384 // seqlen
        dev = dict(device="cuda", dtype=torch.bfloat16)
        q, dout = (torch.randn(batch, seqlen, heads, hdim, **dev) for _ in range(2))
        k, v = (torch.randn(batch, seqlen, heads_kv, hdim, **dev) for _ in range(2))
        out, lse = dash_fwd(q, k, v, causal)

        def atomic_with(order):
            def fn():
                saved = dict(ops.ATOMIC_TABLES)
                ops.ATOMIC_TABLES[(causal, heads != heads_kv)] = order
                try:
                    return ops.attn_bwd(dout, q, k, v, out, lse, causal=causal, deterministic=False)
                finally:
                    ops.ATOMIC_TABLES.update(saved)
            return fn

        fns = {o: atomic_with(o) for o in ("ascending", "descending", "spt") + (("shift_causal",) if causal else ("shift",))}
        if fa4 is not None:
            def make_fa4():
                o, l = fa4._flash_attn_fwd(q, k, v, causal=causal, return_lse=True)[:2]
                return lambda: fa4._flash_attn_bwd(q, k, v, o, dout, l, causal=causal, deterministic=False)
            fn = ready_or_none("fa4", make_fa4)
            if fn is not None:
                fns["fa4"] = fn
        for name in list(fns):
            if name != "fa4" and ready_or_none(name, lambda name=name: fns[name]) is None:
                del fns[name]
        ms = time_cells(fns, args)
        flops = attention_flops(batch, heads, seqlen, seqlen, hdim, causal, "bwd")
        cells = "  ".join(f"{n} {flops / (t * 1e-3) / 1e12:6.1f}" for n, t in ms.items())
        print(f"d{hdim} {mask:6s} {seqlen:5d} {heads}/{heads_kv}:  {cells}", flush=True)


def dash_fwd(q, k, v, causal):
    from dash.fwd import attn_fwd

    return attn_fwd(q, k, v, causal=causal)


if __name__ == "__main__":
    main()
