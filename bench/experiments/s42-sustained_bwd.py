"""Session 42: calls per second of dash's deterministic backward (auto) and FA4's deterministic and
non-deterministic backward under sustained load, alternated in blocks of --seconds, for the peer-grid
cells where interleaved per-call timing cannot tell them apart (two closures of the same 10 ms call
read 3-5% apart there, while their sustained rates agree within 0.5%; bench/NOTES.md "Session 42").

    python bench/experiments/s42-sustained_bwd.py --cells 64f8k 64f16k 64c16k --seconds 2
"""
import argparse
import os
import statistics
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
from bench.bwd import fa4_bwd_fn  # noqa: E402
from bench.common import attention_flops, peer_grid_backward_cells, sample_power  # noqa: E402
from dash.ops import attn_bwd  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cells", nargs="+", default=["64f8k", "64f16k", "64c16k"])
    ap.add_argument("--seconds", type=float, default=2.0)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--schedules", nargs="*", default=["auto"], help="dash's schedules (atomic: non-deterministic)")
    args = ap.parse_args()
    print("device:", torch.cuda.get_device_name(), flush=True)
    for (name, hdim, causal, seqlen, batch, heads, heads_kv, (q, k, v, dout), (out, lse),
         (dq, dk, dv)) in peer_grid_backward_cells(args.cells):
        fns = {f"dash {s}": (lambda s=s: attn_bwd(dout, q, k, v, out, lse, causal=causal, schedule=s,
                                                  deterministic=s != "atomic", dq=dq, dk=dk, dv=dv))
               for s in args.schedules}
        fns["fa4-det"] = fa4_bwd_fn(q, k, v, dout, causal, True)
        fns["fa4"] = fa4_bwd_fn(q, k, v, dout, causal, False)
        runs = {n: [] for n in fns}
        for r in range(args.repeats):
            order = list(fns) if r % 2 == 0 else list(fns)[::-1]
            for n in order:
                watts, mhz, per_s = sample_power(fns[n], args.seconds)
                runs[n].append((per_s, watts, mhz))
        flops = attention_flops(batch, heads, seqlen, seqlen, hdim, causal, "bwd")
        med = {n: [statistics.median(x[i] for x in v) for i in range(3)] for n, v in runs.items()}
        tf = {n: m[0] * flops / 1e12 for n, m in med.items()}
        print(f"{name}: " + ", ".join(f"{n} {tf[n]:.1f} TFLOP/s ({m[0]:.2f} calls/s, {m[1]:.0f} W, {m[2]:.0f} MHz)"
                                      for n, m in med.items())
              + " | / fa4-det: " + ", ".join(f"{n} {tf[n] / tf['fa4-det']:.3f}" for n in fns if n.startswith("dash")),
              flush=True)


if __name__ == "__main__":
    main()
