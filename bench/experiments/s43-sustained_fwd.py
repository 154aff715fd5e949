"""Session 43: the forward's counterpart of s42-sustained_bwd.py: calls per second of dash's
forward (and FA4's, where it imports) under sustained load, alternated in blocks of --seconds,
with power and SM clock, on peer-grid cells. For a relinked A/B (scripts/relink_sustained_ab.sh
with PROBE=bench/experiments/s43-sustained_fwd.py) each build's own copy runs in turn with
--no-fa4 --bits FILE: the first writes out and lse per cell, every later one must equal them
bitwise.

    python bench/experiments/s43-sustained_fwd.py --cells 128f2k 128f16k 128gf8k --seconds 2
    python bench/experiments/s43-sustained_fwd.py --varlen --cells 64c2k 128f2k   # the packed forward

--varlen (session 53) times dash's packed forward on the same tokens instead: the cell's batch of
equal sequences as one packed batch (cu_seqlens), cells named "v" + the cell ("v64c2k"); no FA4.
"""
import os
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
from bench.common import (alternated_power_samples, as_packed, attention_flops, fa4_interface,  # noqa: E402
                          peer_grid_cells, sustained_probe_arguments)
from dash.fwd import attn_fwd, attn_fwd_varlen  # noqa: E402


def main():
    ap = sustained_probe_arguments(["128f2k", "128f16k", "64c16k"],
                                   "a file of out and lse per cell: written when absent, else every output "
                                   "must equal it bitwise")
    ap.add_argument("--varlen", action="store_true", help="dash's packed forward on the same tokens")
    args = ap.parse_args()
    import dash

    print("device:", torch.cuda.get_device_name(), "| dash:", os.path.dirname(dash.__file__), flush=True)
    saved = torch.load(args.bits) if args.bits and os.path.exists(args.bits) else None
    bits = {}
    fa4 = None if args.no_fa4 or args.varlen else fa4_interface()
    for name, hdim, causal, seqlen, batch, heads, heads_kv, (q, k, v, _dout) in peer_grid_cells(args.cells):
        fns = {"dash": lambda: attn_fwd(q, k, v, causal=causal)}
        if args.varlen:
            name = "v" + name
            qp, kp, vp, cu = as_packed(q, k, v)
            fns = {"dash": lambda: attn_fwd_varlen(qp, kp, vp, cu, cu, causal=causal)}
        if fa4 is not None:
            fns["fa4"] = lambda: fa4._flash_attn_fwd(q, k, v, causal=causal, return_lse=True)
        out, lse = fns["dash"]()
        bits[name] = [out.clone().cpu(), lse.clone().cpu()]
        if saved is not None and name in saved:
            same = all(torch.equal(a, b) for a, b in zip(bits[name], saved[name]))
            print(f"{name}: out, lse {'bitwise equal to' if same else 'DIFFER FROM'} {args.bits}", flush=True)
        med = alternated_power_samples(fns, args.seconds, args.repeats)
        flops = attention_flops(batch, heads, seqlen, seqlen, hdim, causal, "fwd")
        tf = {n: m[2] * flops / 1e12 for n, m in med.items()}
        print(f"{name}: " + ", ".join(f"{n} {tf[n]:.1f} TFLOP/s ({m[2]:.2f} calls/s, {m[0]:.0f} W, {m[1]:.0f} MHz)"
                                      for n, m in med.items())
              + (f" | dash / fa4 {tf['dash'] / tf['fa4']:.3f}" if "fa4" in tf else ""), flush=True)
    if args.bits and saved is None:
        torch.save(bits, args.bits)


if __name__ == "__main__":
    main()
