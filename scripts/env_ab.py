"""One setting that dash reads at each backward call (an environment variable), measured: dash's
backward under each of --values of --env, for each of --schedules ("atomic": the
non-deterministic path), interleaved in one process, FA4's deterministic backward beside them
when it imports. Checks first that every value gives a deterministic schedule the same bits
(for knobs that must not change them). "unset" as a value leaves the variable unset (the
default).

    python scripts/env_ab.py --env DASH_LAUNCH_RECORDS --values 0 1 --cells 64f2k 64c2k
    python scripts/env_ab.py --env DASH_TAIL_SPLIT --values 0 unset --schedules ascending atomic
    python scripts/env_ab.py --fwd --env DASH_FWD_KV_MULTICAST --values 0 1 --cells 128f8k

--fwd: dash's forward instead (out and LSE must keep their bits), FA4's forward beside it.

(bench/experiments' v48 and v50 patches add the knobs of the first two examples.)
"""
from __future__ import annotations

import os
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from bench.bwd import fa4_bwd_fn  # noqa: E402
from bench.common import (ab_arguments, attention_flops, peer_grid_backward_cells, ready_or_none,  # noqa: E402
                          settings_with_other_bits, time_interleaved, with_env)
from dash.ops import attn_bwd  # noqa: E402


def main(argv=None, rounds=8):
    ap = ab_arguments(__doc__, rounds=rounds)
    ap.add_argument("--env", required=True, help="the environment variable, e.g. DASH_POST_TILES")
    ap.add_argument("--values", nargs="+", required=True, help='its values; "unset" leaves it unset')
    ap.add_argument("--schedules", nargs="+", default=["auto", "atomic"])
    ap.add_argument("--fwd", action="store_true", help="time the forward (dash.fwd.attn_fwd) instead")
    args = ap.parse_args(argv)
    print("device:", torch.cuda.get_device_name())
    if args.fwd:
        return forward(args)
    for (name, hdim, causal, seqlen, batch, heads, heads_kv, (q, k, v, dout), (out, lse),
         (dq, dk, dv)) in peer_grid_backward_cells(args.cells):
        fns = {}
        for sched in args.schedules:
            det = sched != "atomic"
            for value in args.values:
                call = (lambda s=sched, d=det: attn_bwd(dout, q, k, v, out, lse, causal=causal,
                                                        schedule=s if d else "auto", deterministic=d,
                                                        dq=dq, dk=dk, dv=dv))
                fns[f"{sched}|{value}"] = with_env(args.env, None if value == "unset" else value, call)
        if not args.no_fa4:
            fn = ready_or_none("fa4", lambda: fa4_bwd_fn(q, k, v, dout, causal, True))
            if fn is not None:
                fns["fa4-det"] = fn
        for sched in args.schedules:
            if sched == "atomic":
                continue
            calls = {value: fns[f"{sched}|{value}"] for value in args.values}
            for value in settings_with_other_bits(calls, (dq, dk, dv), repeats=3, reset=lambda: dq.fill_(float("nan"))):
                print(f"  BITS DIFFER: {name} {sched} with {args.env}={value}")
        time_cell(name, fns, args, attention_flops(batch, heads, seqlen, seqlen, hdim, causal, mode="bwd"),
                  [f"{s}|" for s in args.schedules])


def time_cell(name, fns, args, flops, prefixes):
    """Times `fns` interleaved and prints one line: each closure's TFLOP/s, and for each prefix
    (a column group: "<schedule>|", or "" for the forward's one) every value's ratio to the
    first value's."""
    ms = time_interleaved(fns, args.rounds)
    os.environ.pop(args.env, None)
    tf = {key: flops / (t * 1e-3) / 1e12 for key, t in ms.items()}
    first = args.values[0]
    ratios = " ".join(f"{pre}{value}/{first}={tf[pre + value] / tf[pre + first]:.3f}"
                      for pre in prefixes for value in args.values[1:])
    print(f"== {name}: " + " ".join(f"{key}={tf[key]:.1f}" for key in fns) + f" | {ratios}", flush=True)


def forward(args):
    from bench.common import fa4_interface, peer_grid_cells
    from dash.fwd import attn_fwd

    for name, hdim, causal, seqlen, batch, heads, heads_kv, (q, k, v, _) in peer_grid_cells(args.cells):
        fns = {value: with_env(args.env, None if value == "unset" else value,
                               lambda: attn_fwd(q, k, v, causal=causal)) for value in args.values}
        for value in settings_with_other_bits(fns, None, repeats=3):
            print(f"  BITS DIFFER: {name} fwd with {args.env}={value}")
        if not args.no_fa4:
            def fa4_fwd():
                fa4 = fa4_interface()
                return lambda: fa4._flash_attn_fwd(q, k, v, causal=causal, return_lse=True)

            fn = ready_or_none("fa4", fa4_fwd)
            if fn is not None:
                fns["fa4"] = fn
        time_cell(name, fns, args, attention_flops(batch, heads, seqlen, seqlen, hdim, causal, mode="fwd"), [""])


if __name__ == "__main__":
    main()
