"""The main kernel's tail split against no split, measured: dash's backward for each of
--schedules (auto, atomic, or a deterministic schedule) with the split dash.ops.tail_split picks
(the atomic path's; with --model-split the model's for deterministic calls too, which it
leaves whole) and without one
(DASH_TAIL_SPLIT=0), interleaved in one process, FA4's
deterministic backward beside them when it imports. Checks first that each setting repeats its
bits and that the split leaves dq's bits alone (deterministic schedules).

    python scripts/split_ab.py                                   # the peer grid's 14 cells
    python scripts/split_ab.py --cells 64f8k 64c16k --schedules ascending spt atomic --rounds 8
"""
from __future__ import annotations

import argparse
import os
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from bench.bwd import fa4_bwd_fn  # noqa: E402
from bench.common import attention_flops, peer_grid_cells, ready_or_none, time_interleaved  # noqa: E402
from dash import ops  # noqa: E402
from dash.fwd import attn_fwd  # noqa: E402


def with_split(setting, fn):
    def run():
        if setting is None:
            os.environ.pop("DASH_TAIL_SPLIT", None)
        else:
            os.environ["DASH_TAIL_SPLIT"] = setting
        return fn()
    return run


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--schedules", nargs="+", default=["auto", "atomic"])
    ap.add_argument("--cells", nargs="*", help="e.g. 64f8k 128c2k 128gc8k (default: the peer grid)")
    ap.add_argument("--rounds", type=int, default=6)
    ap.add_argument("--no-fa4", action="store_true")
    ap.add_argument("--model-split", action="store_true",
                    help="deterministic calls too: the split the model picks for the atomic path")
    args = ap.parse_args()
    print("device:", torch.cuda.get_device_name())
    for name, hdim, causal, seqlen, batch, heads, heads_kv, (q, k, v, dout) in peer_grid_cells(args.cells):
        out, lse = attn_fwd(q, k, v, causal=causal)
        grads = tuple(torch.empty_like(t) for t in (q, k, v))
        fns, notes = {}, []
        for sched in args.schedules:
            if sched != "atomic" and sched not in ("auto", *ops.schedules_for(causal)):
                continue
            det = sched != "atomic"
            tables = ops.schedule_tables(q, k, causal=causal, schedule=sched, deterministic=det)
            problem = ops._problem(seqlen, seqlen, hdim, causal, batch, heads, heads_kv, q.device, q.dtype, 0)
            os.environ.pop("DASH_TAIL_SPLIT", None)
            x, pieces = ops.tail_split(tables, problem, ops.launch_fold(tables, problem), det)
            if args.model_split and det and tables.wave_size == 1:  # (what the atomic path's model gives)
                x, pieces = ops._tail_split_cached(problem, tables.name, ops.launch_fold(tables, problem))
            notes.append(f"{sched}:{tables.name} {x}x{pieces}")
            call = (lambda s=sched, d=det: ops.attn_bwd(dout, q, k, v, out, lse, causal=causal, schedule=s,
                                                        deterministic=d, dq=grads[0], dk=grads[1], dv=grads[2]))
            results = {}
            split_setting = f"{x}:{pieces}" if x else None
            for label, setting in (("whole", "0"), ("split", split_setting)):
                fns[f"{sched}|{label}"] = fn = with_split(setting, call)
                runs = []
                for _ in range(3 if det else 1):
                    grads[0].fill_(float("nan"))
                    fn()
                    runs.append(tuple(t.clone() for t in grads))
                if det and not all(torch.equal(a, b) for r in runs[1:] for a, b in zip(r, runs[0])):
                    print(f"  BITS DO NOT REPEAT: {name} {sched} {label}")
                results[label] = runs[0]
            if det and not torch.equal(results["whole"][0], results["split"][0]):
                print(f"  DQ BITS DIFFER: {name} {sched} split against whole")
            err = max((a.float() - b.float()).abs().max().item() for a, b in zip(results["whole"], results["split"]))
            if err > 0.05:
                print(f"  LARGE DIFFERENCE: {name} {sched} split against whole, {err:.3e}")
        if not args.no_fa4:
            fn = ready_or_none("fa4", lambda: fa4_bwd_fn(q, k, v, dout, causal, True))
            if fn is not None:
                fns["fa4-det"] = fn
        ms = time_interleaved(fns, args.rounds)
        os.environ.pop("DASH_TAIL_SPLIT", None)
        flops = attention_flops(batch, heads, seqlen, seqlen, hdim, causal, mode="bwd")
        tf = {key: flops / (t * 1e-3) / 1e12 for key, t in ms.items()}
        line = " ".join(f"{key}={tf[key]:.1f}" for key in fns)
        scheds = sorted({key.split("|")[0] for key in fns if "|" in key}, key=args.schedules.index)
        ratios = " ".join(f"{s}={tf[f'{s}|split'] / tf[f'{s}|whole']:.3f}" for s in scheds)
        fa4 = (" | vs fa4-det " + " ".join(f"{s}={tf[f'{s}|split'] / tf['fa4-det']:.3f}" for s in scheds)
               if "fa4-det" in tf else "")
        print(f"== {name} [{', '.join(notes)}]: {line} | split/whole {ratios}{fa4}", flush=True)


if __name__ == "__main__":
    main()
