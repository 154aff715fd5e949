"""The latency of one deterministic dQ hand-off, by protocol variant (dash.testing.handoff_latency_ns,
csrc/testing/handoff_probe.h): a chain of CTAs taking turns on one fp32 tile as the backward's
writers do. One CTA alone gives the cost of a turn without any waiting (poll, add, completion,
release); a chain of many adds the hand-off from one CTA to the next. Variants are interleaved in
rounds so that clock drift touches all alike.

    python scripts/handoff_probe.py                  # 16 KB (a d64 dQ half), 1 and 32 CTAs
    python scripts/handoff_probe.py --bytes 20480    # an 80-row d128 half
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import torch  # noqa: E402

from dash.testing import HANDOFF_VARIANTS, handoff_latency_ns  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bytes", type=int, default=16384)
    ap.add_argument("--ctas", type=int, nargs="+", default=[1, 32])
    ap.add_argument("--rounds", type=int, default=200, help="turns per CTA per measurement")
    ap.add_argument("--repeats", type=int, default=5)
    args = ap.parse_args()
    print(f"{torch.cuda.get_device_name()}: ns per turn, {args.bytes} B tile, median of {args.repeats}")
    print(f"{'ctas':>5} " + " ".join(f"{v:>15}" for v in HANDOFF_VARIANTS))
    for ctas in args.ctas:
        samples = {v: [] for v in HANDOFF_VARIANTS}
        for _ in range(args.repeats):
            for v in HANDOFF_VARIANTS:
                samples[v].append(handoff_latency_ns(v, ctas, args.rounds, args.bytes))
        print(f"{ctas:>5} " + " ".join(f"{statistics.median(samples[v]):15.0f}" for v in HANDOFF_VARIANTS))


if __name__ == "__main__":
    main()
