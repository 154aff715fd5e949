"""Shift's waves, measured: the full-mask shift schedule with other wave sizes and with each wave's
launch order reversed, beside dash's atomic path and the default tables, interleaved in one process.

Why (bench/NOTES.md, "Shift's waves"): with waves of W = 32 CTAs and 132 SMs, four whole waves and
the first four CTAs of a fifth run at once. Those four wait on members of their wave that start
only when a slot frees. The reversed launch order starts a wave with the CTAs whose first
M - W + 1 steps wait on no later member; a wave size that divides the SMs leaves no straggler.
Reversing a wave's launch order keeps every rank, so its bits equal shift's (checked here). A stride
S (tables.SHIFT_STRIDE, 2 since session 24) starts CTA j of a wave on Q tile S j, so consecutive
contributors to a Q tile arrive S steps apart; "s1" is shift as it was before.

    python scripts/wave_ab.py                          # d64/d128 full 2k/8k/16k
    python scripts/wave_ab.py --cells 64f8k --variants 32 32r 16r 33 32s1
    python scripts/wave_ab.py --cells 64f2k 64f4k --variants 16s1 32s1   # shift's wave cut (shift_wave)
                                                                         # against the uncut one
An explicit wave is built as given (no cut: tables.shift_wave applies to the default wave only).
"""
from __future__ import annotations

import argparse
import dataclasses
import os
import sys

import numpy as np
import torch

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from bench.common import attention_flops, time_interleaved  # noqa: E402
import dash.ops as ops  # noqa: E402
from dash.fwd import attn_fwd  # noqa: E402
from dash.schedule import build_tables  # noqa: E402
from dash.schedule import tables as schedule_tables  # noqa: E402

CELLS = {"64f2k": (64, 2048), "64f4k": (64, 4096), "64f8k": (64, 8192), "64f16k": (64, 16384),
         "128f2k": (128, 2048), "128f4k": (128, 4096), "128f8k": (128, 8192), "128f16k": (128, 16384)}

_variant = {"spec": None}
_cache = {}
_default_tables = ops._tables


def _reversed_waves(t):
    lo = t.launch_order.copy()
    W = t.launch_wave
    for s in range(0, len(lo), W):
        lo[s:s + W] = lo[s:s + W][::-1].copy()
    return dataclasses.replace(t, launch_order=lo.astype(np.int32))


def _tables(problem, schedule, device):
    spec = _variant["spec"]
    if schedule != "shift" or spec is None:
        return _default_tables(problem, schedule, device)
    key = (problem.replace(batch=1, heads=1, heads_kv=1), spec)
    if key not in _cache:
        wave, _, stride = spec.rstrip("r").partition("s")
        rev = spec.endswith("r")
        # The library's shift with another SHIFT_STRIDE (tables.shift_stride reads it at build time).
        saved = schedule_tables.SHIFT_STRIDE
        schedule_tables.SHIFT_STRIDE = int(stride) if stride else saved
        try:
            t = build_tables(key[0], "shift", wave_size=int(wave))
        finally:
            schedule_tables.SHIFT_STRIDE = saved
        if rev:
            t = _reversed_waves(t)
        _cache[key] = ops.device_tables(t, "shift", device)
    return _cache[key]


ops._tables = _tables


def with_variant(spec, fn):
    def run():
        _variant["spec"] = spec
        try:
            return fn()
        finally:
            _variant["spec"] = None
    return run


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cells", nargs="*", default=list(CELLS))
    ap.add_argument("--variants", nargs="+", default=["32s1", "32s4", "16s2", "8s2"],
                    help="W[sS][r]: shift with waves of W, stride S (tables.SHIFT_STRIDE; default the "
                         "library's), r = each wave's launch order reversed")
    ap.add_argument("--rounds", type=int, default=6)
    args = ap.parse_args()
    print("device:", torch.cuda.get_device_name(), flush=True)
    for name in args.cells:
        hdim, seqlen = CELLS[name]
        heads = 32 if hdim == 64 else 16
        batch = 16384 // seqlen
        torch.manual_seed(0)
        q, k, v, dout = (torch.randn(batch, seqlen, heads, hdim, device="cuda", dtype=torch.bfloat16)
                         for _ in range(4))
        out, lse = attn_fwd(q, k, v)
        dq, dk, dv = torch.empty_like(q), torch.empty_like(k), torch.empty_like(v)

        def call(s):
            return lambda: ops.attn_bwd(dout, q, k, v, out, lse, schedule=s, deterministic=s != "atomic",
                                        dq=dq, dk=dk, dv=dv)
        fns = {"atomic": call("atomic"), "ascending": call("ascending"), "shift": call("shift")}
        for spec in args.variants:
            fns[f"shift{spec}"] = with_variant(spec, call("shift"))
        # A reversed launch order keeps the ranks: the bits of the same wave unreversed.
        bits = {}
        for key, fn in fns.items():
            fn()
            bits[key] = tuple(t.clone() for t in (dq, dk, dv))
        for key in fns:
            if key.endswith("r"):
                base = "shift" if key == "shift32r" else key[:-1]
                if base in bits:
                    same = all(torch.equal(a, b) for a, b in zip(bits[key], bits[base]))
                    print(f"  {name} {key} bits {'equal' if same else 'DIFFER'} to {base}")
        for key in fns:
            if key.startswith("shift") and key != "shift":
                err = max((a.float() - b.float()).abs().max().item() for a, b in zip(bits[key], bits["atomic"]))
                print(f"  {name} {key} max |diff| to atomic {err:.3g}")
        ms = time_interleaved(fns, args.rounds)
        flops = attention_flops(batch, heads, seqlen, seqlen, hdim, False, mode="bwd")
        tf = {key: flops / (t * 1e-3) / 1e12 for key, t in ms.items()}
        print(f"== {name}: " + "  ".join(f"{key} {x:.1f} ({x / tf['atomic']:.3f})" for key, x in tf.items()),
              flush=True)


if __name__ == "__main__":
    main()
