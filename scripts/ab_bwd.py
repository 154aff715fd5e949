"""A/B of two builds of the backward (or, with --fwd, the forward) on the peer grid, without peers:
dash's atomic path and auto (or the schedules given; the forward: its one column, "fwd") per
cell, in interleaved rounds, one line per (cell, column) in TFLOP/s.
Run it once per build, alternating the builds' processes, then compare the lines:

    python scripts/ab_bwd.py --tag A > a1.txt
    python /tmp/B/scripts/ab_bwd.py --tag B > b1.txt     # a build from scripts/relink_baseline.sh
    ... (again, to see each side's own spread)
    python scripts/ab_bwd.py --compare a1.txt b1.txt a2.txt b2.txt

Lines: `ab <tag> <cell> <column> <TFLOP/s>`; --compare prints, per (cell, column), each tag's
median over its files and the ratio of the second tag's to the first's.

Run each build's own copy of this script: it puts its own checkout first on sys.path, so
PYTHONPATH does not choose the build (sessions 35-41 at least ran `PYTHONPATH=/tmp/B python
scripts/ab_bwd.py`, which timed the checkout's build on both sides: bench/NOTES.md, session 41).
Each run prints `# dash <tag>: <path>`, the package it timed.
"""
from __future__ import annotations

import argparse
import collections
import os
import statistics
import sys


def compare(paths):
    values = collections.defaultdict(lambda: collections.defaultdict(list))  # (cell, col) -> tag -> [tflops]
    tags = []
    for path in paths:
        for line in open(path):
            parts = line.split()
            if len(parts) >= 5 and parts[0] == "ab":
                tag, col, tflops = parts[1], parts[-2], float(parts[-1])
                cell = " ".join(parts[2:-2])
                values[(cell, col)][tag].append(tflops)
                if tag not in tags:
                    tags.append(tag)
    if len(tags) != 2:
        raise SystemExit(f"--compare needs lines of exactly two tags, found {tags}")
    a, b = tags
    print(f"{'cell':<26} {'column':<14} {a:>9} {b:>9} {b + '/' + a:>8}  (medians; runs per tag)")
    ratios = collections.defaultdict(list)
    for (cell, col), by_tag in values.items():
        if a in by_tag and b in by_tag:
            ma, mb = statistics.median(by_tag[a]), statistics.median(by_tag[b])
            ratios[col].append(mb / ma)
            print(f"{cell:<26} {col:<14} {ma:9.1f} {mb:9.1f} {mb / ma:8.3f}  ({len(by_tag[a])}, {len(by_tag[b])})")
    for col, r in ratios.items():
        print(f"{col}: {b}/{a} mean {statistics.mean(r):.3f}, range {min(r):.3f}..{max(r):.3f} over {len(r)} cells")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tag", default="A")
    ap.add_argument("--columns", nargs="+", default=["atomic", "auto"],
                    help="schedules to time; 'pick' is the schedule auto resolves to, called by its name; "
                         "a suffix #k times the same schedule again as a column of its own")
    ap.add_argument("--rounds", type=int, default=4, help="an even number: each column first in half of them")
    ap.add_argument("--compare", nargs="+", metavar="FILE")
    ap.add_argument("--only", default="", help="time only the cells whose name contains this (e.g. 'd64 ')")
    ap.add_argument("--fwd", action="store_true", help="time the forward (column 'fwd') instead")
    ap.add_argument("--hdims", type=int, nargs="+", default=[],
                    help="instead of the peer grid: these head dims, full and causal (--seqlens, --heads)")
    ap.add_argument("--seqlens", type=int, nargs="+", default=[2048, 8192, 16384],
                    help="with --hdims: these lengths, batch 16384 // seqlen")
    ap.add_argument("--heads", type=int, default=16, help="with --hdims: this many heads")
    args = ap.parse_args()
    if args.compare:
        return compare(args.compare)

    import torch

    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    from bench.bwd import closures
    from bench.common import PEER_GRID, attention_flops, cell_name, cell_tensors, time_interleaved
    from bench.fwd import closures as fwd_closures
    from dash.ops import _problem, resolve_schedule
    import dash

    print(f"# dash {args.tag}: {os.path.dirname(dash.__file__)}", flush=True)

    cells = ([(h, m, s, args.heads, args.heads) for h in args.hdims for m in ("full", "causal") for s in args.seqlens]
             if args.hdims else PEER_GRID)
    for hdim, mask, seqlen, heads, heads_kv in cells:
        if args.only not in cell_name(hdim, mask == "causal", seqlen, heads, heads_kv):
            continue
        causal = mask == "causal"
        batch = 16384 // seqlen
        q, k, v, dout = cell_tensors(batch, seqlen, heads, heads_kv, hdim, torch.bfloat16)
        if args.fwd:
            fns = {"fwd": fwd_closures(q, k, v, causal, [])["dash"]}
        else:
            problem = _problem(seqlen, seqlen, hdim, causal, batch, heads, heads_kv, q.device, q.dtype, 0)
            pick = resolve_schedule("auto", True, problem)
            dash_fns = closures(q, k, v, dout, causal, [])  # bench/bwd.py's: atomic, each schedule, auto

            def schedule_of(col):
                s = col.split("#")[0]
                return pick if s == "pick" else s

            fns = {col: dash_fns[schedule_of(col)] for col in args.columns}
        flops = attention_flops(batch, heads, seqlen, seqlen, hdim, causal, "fwd" if args.fwd else "bwd")
        for col, ms in time_interleaved(fns, args.rounds).items():
            print(f"ab {args.tag} {cell_name(hdim, causal, seqlen, heads, heads_kv)} {col} {flops / ms / 1e9:.1f}",
                  flush=True)


if __name__ == "__main__":
    main()
