"""Session 43: the forward's counterpart of s42-sustained_bwd.py: calls per second of dash's
forward (and FA4's, where it imports) under sustained load, alternated in blocks of --seconds,
with power and SM clock, on peer-grid cells. For a relinked A/B (scripts/relink_sustained_ab.sh
with PROBE=bench/experiments/s43-sustained_fwd.py) each build's own copy runs in turn with
--no-fa4 --bits FILE: the first writes out and lse per cell, every later one must equal them
bitwise.

    python bench/experiments/s43-sustained_fwd.py --cells 128f2k 128f16k 128gf8k --seconds 2
"""
import argparse
import os
import statistics
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
from bench.common import attention_flops, fa4_interface, peer_grid_cells, sample_power  # noqa: E402
from dash.fwd import attn_fwd  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cells", nargs="+", default=["128f2k", "128f16k", "64c16k"])
    ap.add_argument("--seconds", type=float, default=2.0)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--no-fa4", action="store_true", help="dash alone")
    ap.add_argument("--bits", help="a file of out and lse per cell: written when absent, else every output "
                                   "must equal it bitwise")
    args = ap.parse_args()
    import dash

    print("device:", torch.cuda.get_device_name(), "| dash:", os.path.dirname(dash.__file__), flush=True)
    saved = torch.load(args.bits) if args.bits and os.path.exists(args.bits) else None
    bits = {}
    fa4 = None if args.no_fa4 else fa4_interface()
    for name, hdim, causal, seqlen, batch, heads, heads_kv, (q, k, v, _dout) in peer_grid_cells(args.cells):
        fns = {"dash": lambda: attn_fwd(q, k, v, causal=causal)}
        if fa4 is not None:
            fns["fa4"] = lambda: fa4._flash_attn_fwd(q, k, v, causal=causal, return_lse=True)
        out, lse = fns["dash"]()
        bits[name] = [out.clone().cpu(), lse.clone().cpu()]
        if saved is not None and name in saved:
            same = all(torch.equal(a, b) for a, b in zip(bits[name], saved[name]))
            print(f"{name}: out, lse {'bitwise equal to' if same else 'DIFFER FROM'} {args.bits}", flush=True)
        runs = {n: [] for n in fns}
        for r in range(args.repeats):
            for n in (list(fns) if r % 2 == 0 else list(fns)[::-1]):
                runs[n].append(sample_power(fns[n], args.seconds))
        flops = attention_flops(batch, heads, seqlen, seqlen, hdim, causal, "fwd")
        med = {n: [statistics.median(x[i] for x in v) for i in range(3)] for n, v in runs.items()}
        tf = {n: m[2] * flops / 1e12 for n, m in med.items()}
        print(f"{name}: " + ", ".join(f"{n} {tf[n]:.1f} TFLOP/s ({m[2]:.2f} calls/s, {m[0]:.0f} W, {m[1]:.0f} MHz)"
                                      for n, m in med.items())
              + (f" | dash / fa4 {tf['dash'] / tf['fa4']:.3f}" if "fa4" in tf else ""), flush=True)
    if args.bits and saved is None:
        torch.save(bits, args.bits)


if __name__ == "__main__":
    main()
