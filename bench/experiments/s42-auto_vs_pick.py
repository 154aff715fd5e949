"""Session 42: is schedule="auto" slower than the schedule it picks? The peer grids read auto at
d64 full 16k 1.5-2.5% below its own pick's column (ascending) in four runs. Here: the BwdParams
each call hands the main kernel (every field, pointers to scratch memory included), auto and its
pick timed interleaved with a second closure of the pick, and calls per second of each sustained.

    python bench/experiments/s42-auto_vs_pick.py --cell 64f16k --rounds 12
"""
import argparse
import os
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
from bench.common import peer_grid_backward_cells, run_back_to_back, time_interleaved  # noqa: E402
from dash import _ext  # noqa: E402
from dash.ops import _problem, attn_bwd, resolve_schedule  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cell", default="64f16k")
    ap.add_argument("--rounds", type=int, default=12)
    ap.add_argument("--seconds", type=float, default=3.0)
    args = ap.parse_args()
    (name, hdim, causal, seqlen, batch, heads, heads_kv, (q, k, v, dout), (out, lse),
     (dq, dk, dv)), = list(peer_grid_backward_cells([args.cell]))
    pick = resolve_schedule("auto", True, _problem(seqlen, seqlen, hdim, causal, batch, heads, heads_kv, q.device,
                                                   q.dtype, 0))
    print(f"device: {torch.cuda.get_device_name()}  cell {name}: auto picks {pick}", flush=True)

    C = _ext.load()
    seen = {}
    real_main = C.bwd_main

    def capture(tag):
        def spy(p, stream):
            seen[tag] = {f: getattr(p, f) for f in type(p).fields}
            return real_main(p, stream)
        return spy

    for tag in ("auto", pick):
        C.bwd_main = capture(tag)
        attn_bwd(dout, q, k, v, out, lse, causal=causal, schedule=tag, dq=dq, dk=dk, dv=dv)
    C.bwd_main = real_main
    diff = {f: (seen["auto"][f], seen[pick][f]) for f in seen["auto"] if repr(seen["auto"][f]) != repr(seen[pick][f])}
    print("BwdParams fields that differ between auto and", pick, ":", diff or "none", flush=True)

    def call(s):
        return lambda: attn_bwd(dout, q, k, v, out, lse, causal=causal, schedule=s, dq=dq, dk=dk, dv=dv)

    fns = {"auto": call("auto"), pick: call(pick), pick + " (second closure)": call(pick)}
    ms = time_interleaved(fns, args.rounds)
    print("interleaved ms:", {n: round(t, 4) for n, t in ms.items()}, " auto / pick:",
          round(ms[pick] / ms["auto"], 4), flush=True)
    for _ in range(2):
        for tag, fn in (("auto", fns["auto"]), (pick, fns[pick])):
            calls, elapsed = run_back_to_back(fn, args.seconds)
            print(f"sustained {tag}: {calls / elapsed:.2f} calls/s", flush=True)


if __name__ == "__main__":
    main()
