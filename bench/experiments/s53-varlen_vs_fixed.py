"""What the varlen path costs on the same tokens: dash's packed backward (and forward) against its
fixed-length one on a uniform packing (batch sequences of one length), timed by calls per second
over back-to-back blocks (bench.common.time_sustained), plus each kernel's device time of one call
(torch.profiler), so that a gap can be put on the main kernel, the pre/postprocess or the
allocations around them.

    python bench/experiments/s53-varlen_vs_fixed.py --cells d64c2k d64f2k d128c2k d128f2k
"""
from __future__ import annotations

import argparse
import os
import sys

import torch

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path[:0] = [ROOT, os.path.join(ROOT, "scripts")]
from bench.common import HEADS, as_packed, attention_flops, cell_tensors, parse_cell, time_sustained  # noqa: E402
from bwd_breakdown import kernel_times  # noqa: E402
from dash import ops  # noqa: E402
from dash.fwd import attn_fwd, attn_fwd_varlen  # noqa: E402


def closures(hdim, causal, seqlen, tokens):
    heads = HEADS[hdim]
    batch = tokens // seqlen
    qf, kf, vf, dof = cell_tensors(batch, seqlen, heads, heads, hdim, torch.bfloat16)
    q, k, v, dout, cu = as_packed(qf, kf, vf, dof)
    out, lse = attn_fwd_varlen(q, k, v, cu, cu, causal=causal)
    outf, lsef = attn_fwd(qf, kf, vf, causal=causal)
    fns = {
        "bwd fixed atomic": lambda: ops.attn_bwd(dof, qf, kf, vf, outf, lsef, causal=causal, deterministic=False),
        "bwd varlen atomic": lambda: ops.attn_bwd_varlen(dout, q, k, v, out, lse, cu, cu, causal=causal,
                                                         deterministic=False),
        "bwd fixed auto": lambda: ops.attn_bwd(dof, qf, kf, vf, outf, lsef, causal=causal),
        "bwd varlen auto": lambda: ops.attn_bwd_varlen(dout, q, k, v, out, lse, cu, cu, causal=causal),
        "fwd fixed": lambda: attn_fwd(qf, kf, vf, causal=causal),
        "fwd varlen": lambda: attn_fwd_varlen(q, k, v, cu, cu, causal=causal),
    }
    flops = {name: attention_flops(batch, heads, seqlen, seqlen, hdim, causal, "bwd" if name.startswith("bwd") else "fwd")
             for name in fns}
    return fns, flops


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cells", nargs="+", default=["d64c2k", "d64f2k", "d128c2k", "d128f2k"])
    ap.add_argument("--tokens", type=int, default=16384)
    ap.add_argument("--seconds", type=float, default=1.0)
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--passes", default="fwd,bwd", help="which of the closures to time: fwd, bwd or both")
    ap.add_argument("--profile", help="one call of each of these closures (comma-separated names, e.g. 'fwd fixed,"
                    "fwd varlen') of the first cell between cudaProfilerStart/Stop, for ncu --profile-from-start off")
    args = ap.parse_args()
    print("device:", torch.cuda.get_device_name())
    if args.profile:
        hdim, causal, seqlen = parse_cell(args.cells[0])[:3]
        fns, _ = closures(hdim, causal, seqlen, args.tokens)
        names = args.profile.split(",")
        for name in names:
            fns[name]()
        torch.cuda.synchronize()
        torch.cuda.cudart().cudaProfilerStart()
        for name in names:
            fns[name]()
        torch.cuda.synchronize()
        torch.cuda.cudart().cudaProfilerStop()
        return
    for cell in args.cells:
        hdim, causal, seqlen = parse_cell(cell)[:3]
        fns, flops = closures(hdim, causal, seqlen, args.tokens)
        passes = args.passes.split(",")
        fns = {name: fn for name, fn in fns.items() if name.split()[0] in passes}
        ms = time_sustained(fns, args.seconds, args.rounds)
        print(f"== {cell} (hdim {hdim}, {'causal' if causal else 'full'}, {args.tokens // seqlen} x {seqlen})")
        for name in fns:
            print(f"  {name:20s} {ms[name] * 1e3:9.1f} us  {flops[name] / ms[name] / 1e9:7.1f} TFLOP/s")
        if "bwd" in passes:
            for kind in ("atomic", "auto"):
                print(f"  varlen / fixed {kind}: {ms['bwd fixed ' + kind] / ms['bwd varlen ' + kind]:.3f}")
        if "fwd" in passes:
            print(f"  varlen / fixed fwd: {ms['fwd fixed'] / ms['fwd varlen']:.3f}")
        for name in [n for n in ("bwd fixed atomic", "bwd varlen atomic", "bwd fixed auto", "bwd varlen auto") if n in fns]:
            times = kernel_times(fns[name])
            parts = ", ".join(f"{k} {t:.1f}" for k, t in sorted(times.items(), key=lambda kv: -kv[1]))
            print(f"  kernels of {name}: {parts}")


if __name__ == "__main__":
    main()
