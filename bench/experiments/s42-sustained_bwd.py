"""Session 42: calls per second of dash's deterministic backward (auto) and FA4's deterministic and
non-deterministic backward under sustained load, alternated in blocks of --seconds, for the peer-grid
cells where interleaved per-call timing cannot tell them apart (two closures of the same 10 ms call
read 3-5% apart there, while their sustained rates agree within 0.5%; bench/NOTES.md "Session 42").

    python bench/experiments/s42-sustained_bwd.py --cells 64f8k 64f16k 64c16k --seconds 2
    # a relinked build against HEAD's (scripts/relink_baseline.sh): each copy's own script, in
    # turn, without FA4; --bits makes the second build's outputs checked against the first's
    python3 /tmp/A/bench/experiments/s42-sustained_bwd.py --no-fa4 --bits /tmp/bits.pt
    python3 /tmp/B/bench/experiments/s42-sustained_bwd.py --no-fa4 --bits /tmp/bits.pt

--varlen (session 53) times dash's packed backward on the same tokens instead: the cell's batch of
equal sequences as one packed batch (cu_seqlens), cells named "v" + the cell ("v64c2k"); no FA4.
With --packing docs (session 56) the packed batch is bench/varlen.py's docs packing instead, with
the cell's head dim, heads and mask (cells "docs64c", "docs128f"; the cell's length is ignored).
"""
import os
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
from bench.bwd import fa4_bwd_fn  # noqa: E402
from bench.common import (alternated_power_samples, as_packed, attention_flops,  # noqa: E402
                          peer_grid_backward_cells, sustained_probe_arguments)
from dash.fwd import attn_fwd_varlen  # noqa: E402
from dash.ops import attn_bwd, attn_bwd_varlen  # noqa: E402


def main():
    ap = sustained_probe_arguments(["64f8k", "64f16k", "64c16k"],
                                   "a file of dq, dk, dv per (cell, deterministic schedule): written when absent, "
                                   "else every output must equal it bitwise")
    ap.add_argument("--schedules", nargs="*", default=["auto"], help="dash's schedules (atomic: non-deterministic)")
    ap.add_argument("--varlen", action="store_true", help="dash's packed backward on the same tokens")
    ap.add_argument("--packing", choices=["uniform", "docs"], default="uniform",
                    help="with --varlen: the cell's batch (uniform) or bench/varlen.py's docs packing with the "
                         "cell's head dim, heads and mask (session 56)")
    args = ap.parse_args()
    args.no_fa4 = args.no_fa4 or args.varlen
    import dash

    print("device:", torch.cuda.get_device_name(), "| dash:", os.path.dirname(dash.__file__), flush=True)
    saved = torch.load(args.bits) if args.bits and os.path.exists(args.bits) else None
    bits = {}
    for (name, hdim, causal, seqlen, batch, heads, heads_kv, (q, k, v, dout), (out, lse),
         (dq, dk, dv)) in peer_grid_backward_cells(args.cells):
        fns = {f"dash {s}": (lambda s=s: attn_bwd(dout, q, k, v, out, lse, causal=causal, schedule=s,
                                                  deterministic=s != "atomic", dq=dq, dk=dk, dv=dv))
               for s in args.schedules}
        flops = attention_flops(batch, heads, seqlen, seqlen, hdim, causal, "bwd")
        if args.varlen:
            name = "v" + name
            qp, kp, vp, dop, cu = as_packed(q, k, v, dout)
            if args.packing == "docs":
                from bench.varlen import PACKINGS, packed_cell
                name = "docs" + name[1:].split("c")[0].split("f")[0] + ("c" if causal else "f")
                qp, kp, vp, dop, cu = packed_cell(PACKINGS["docs"], heads, heads_kv, hdim)
                flops = sum(attention_flops(1, heads, n, n, hdim, causal, "bwd") for n in PACKINGS["docs"])
            outp, lsep = attn_fwd_varlen(qp, kp, vp, cu, cu, causal=causal)
            grads = {}

            def packed(s):
                grads[s] = attn_bwd_varlen(dop, qp, kp, vp, outp, lsep, cu, cu, causal=causal, schedule=s,
                                           deterministic=s != "atomic")
            fns = {f"dash {s}": (lambda s=s: packed(s)) for s in args.schedules}
        if not args.no_fa4:
            fns["fa4-det"] = fa4_bwd_fn(q, k, v, dout, causal, True)
            fns["fa4"] = fa4_bwd_fn(q, k, v, dout, causal, False)
        for s in args.schedules:
            if s != "atomic":
                fns[f"dash {s}"]()
                bits[(name, s)] = [t.clone().cpu() for t in (grads[s] if args.varlen else (dq, dk, dv))]
                if saved is not None and (name, s) in saved:
                    same = all(torch.equal(a, b) for a, b in zip(bits[(name, s)], saved[(name, s)]))
                    print(f"{name} {s}: dq, dk, dv {'bitwise equal to' if same else 'DIFFER FROM'} {args.bits}",
                          flush=True)
        med = alternated_power_samples(fns, args.seconds, args.repeats)
        tf = {n: m[2] * flops / 1e12 for n, m in med.items()}
        print(f"{name}: " + ", ".join(f"{n} {tf[n]:.1f} TFLOP/s ({m[2]:.2f} calls/s, {m[0]:.0f} W, {m[1]:.0f} MHz)"
                                      for n, m in med.items())
              + ("" if args.no_fa4 else " | / fa4-det: " + ", ".join(f"{n} {tf[n] / tf['fa4-det']:.3f}"
                                                                     for n in fns if n.startswith("dash"))),
              flush=True)
    if args.bits and saved is None:
        torch.save(bits, args.bits)


if __name__ == "__main__":
    main()
