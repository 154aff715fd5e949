"""python -m dash.schedule: compare the deterministic schedules on one shape, without a GPU.

Example: python -m dash.schedule --seqlen 8192 --hdim 128 --causal --plot schedules.png
"""
from __future__ import annotations

import argparse
import sys
import time
from dataclasses import replace

from .check import check
from .choose import (DEFAULT_GPU, DEFAULT_MAX_VISITS, SHIFT_FAMILY, candidates, choose, compare, measured_swap,
                     default_costs, folded_measured, pick, shift_limit, speedups)
from .problem import HEAD_DIMS, Problem
from .tables import SCHEDULES


def parse_args(argv=None):
    ap = argparse.ArgumentParser(prog="python -m dash.schedule", description=__doc__.split("\n")[0])
    ap.add_argument("--seqlen", type=int, required=True, help="query length (and key length unless --seqlen-k)")
    ap.add_argument("--seqlen-k", type=int, default=None)
    ap.add_argument("--hdim", type=int, default=128, choices=HEAD_DIMS)
    ap.add_argument("--causal", action="store_true")
    ap.add_argument("--window", type=int, nargs=2, metavar=("LEFT", "RIGHT"), default=None,
                    help="sliding window (FA3 semantics, -1 = unbounded)")
    ap.add_argument("--batch", type=int, default=None, help="default: 16384 // seqlen (at least 1)")
    ap.add_argument("--heads", type=int, default=None, help="default: 16 for hdim 128, 32 for hdim 64")
    ap.add_argument("--num-sms", type=int, default=132)
    ap.add_argument("--sm-margin", type=int, default=0)
    ap.add_argument("--ctas-per-sm", type=int, default=1)
    ap.add_argument("--wave-size", type=int, default=None,
                    help="default: min(M, N, WAVE_LIMIT = 32), the shape's, as the kernel runs it")
    ap.add_argument("--schedule", choices=SCHEDULES, default=None, help="only plot this schedule")
    ap.add_argument("--plot", default=None, metavar="PNG", help="write Gantt charts here")
    ap.add_argument("--plot-slots", type=int, default=None, help="draw only the first K SM slots")
    ap.add_argument("--c", type=float, default=None, help="compute cost of a step (default table)")
    ap.add_argument("--r", type=float, default=None, help="reduction cost of a step (default table)")
    ap.add_argument("--mem", type=float, default=None, help="memory penalty of an unshared Q tile read")
    ap.add_argument("--slack", type=int, default=None,
                    help="steps compute may run ahead of reductions (only without --read)")
    ap.add_argument("--handoff", type=float, default=None, help="release-to-acquire latency between ranks")
    ap.add_argument("--read", type=float, default=None,
                    help="when an add has read the dQ buffer (the kernel's semantics; < 0: use --slack)")
    ap.add_argument("--setup", type=float, default=None, help="per-CTA time without compute")
    ap.add_argument("--gpu", default=None, help="calibrated costs of this GPU (default: " + DEFAULT_GPU + ")")
    ap.add_argument("--max-visits", type=int, default=DEFAULT_MAX_VISITS,
                    help="simulate only as many batch x head instances as fit (0: all)")
    return ap.parse_args(argv)


def main(argv=None) -> int:
    a = parse_args(argv)
    batch = a.batch or max(1, 16384 // a.seqlen)
    heads = a.heads or (16 if a.hdim == 128 else 32)
    p = Problem.for_hdim(a.seqlen, a.seqlen_k, a.hdim, causal=a.causal, window=a.window, batch=batch,
                         heads=heads, num_sms=a.num_sms, sm_margin=a.sm_margin, ctas_per_sm=a.ctas_per_sm)
    over = {k: getattr(a, k) for k in ("c", "r", "mem", "slack", "handoff", "read", "setup")
            if getattr(a, k) is not None}
    if over.get("read", 0) < 0:
        over["read"] = None
    costs = replace(default_costs(p, a.gpu), **over)
    t0 = time.time()
    res = compare(p, costs, max_visits=a.max_visits or None, wave_size=a.wave_size)
    for tables, _ in res.values():
        check(tables, p)
    allowed = candidates(p, a.gpu)
    best = pick({s: v for s, v in res.items() if s in allowed})
    up = speedups(res)
    print(p.describe())
    sim = next(iter(res.values()))[1]
    if sim.instances < sim.total_instances:
        print(f"simulating the first {sim.instances} of {sim.total_instances} batch x head instances "
              f"(--max-visits {a.max_visits}; 0 = all)")
    print(f"costs: {costs} (time unit: one step's compute)")
    if not set(SHIFT_FAMILY) & set(allowed):
        print(f"{' and '.join(SHIFT_FAMILY)} not chosen with more than {shift_limit(p, a.gpu)} KV tiles "
              f"per head (here {p.num_n}) on this mask: not measured, or measured slower there than the model "
              "predicts (dash.schedule.choose.SHIFT_MAX_KV_TILES, SHIFT_MAX_KV_TILES_CAUSAL)")
    folded = [s for s, (t, _) in res.items() if t.built_as == s and t.launch_wave < t.num_n]
    if folded and not folded_measured(a.gpu):
        print(f"{' and '.join(folded)}: waves folded across the instances, as the kernel runs them; choose() ranks "
              "on the instance-major order until the fold is measured (dash.schedule.choose.SHIFT_FOLDED_MEASURED) "
              f"and picks {choose(p, gpu=a.gpu)} here (default costs)")
    print()
    print(f"{'schedule':<13} {'built as':<13} {'wave':>5} {'time':>10} {'idle':>6} {'waiting':>8} {'vs ascending':>13}")
    for s, (tables, r) in res.items():
        mark = "  <- chosen" if s == best else ""
        print(f"{s:<13} {tables.built_as:<13} {tables.coresident_needed:>5} {r.estimate:>10.1f} "
              f"{100 * r.idle_fraction:>5.1f}% {100 * r.wait_fraction:>7.1f}% {up[s]:>12.2f}x{mark}")
    print(f"\ntime: of the whole grid (extrapolated when only some instances were simulated); idle, waiting: "
          f"of the simulated instances, whose lower bound (compute spread over {p.capacity} slots) is "
          f"{sim.lower_bound:.1f}; 'wave' = co-resident CTAs the schedule needs; {time.time() - t0:.1f} s")
    for s, (tables, _) in res.items():
        if tables.note:
            print(f"note: {tables.note}")
    swapped = measured_swap(p, best, a.gpu)
    if swapped != best:
        print(f"note: the model's pick is {best}; choose() runs {swapped} here, which measured ahead of it on "
              "this mask and head dim (dash.schedule.choose.MEASURED_SWAPS)")
    if a.plot:
        from .plot import plot_comparison

        try:
            import matplotlib  # noqa: F401
        except ImportError:  # pragma: no cover
            print("--plot needs matplotlib: pip install matplotlib", file=sys.stderr)
            return 1

        shown = {a.schedule: res[a.schedule]} if a.schedule else res
        if a.schedule and "ascending" not in shown:
            shown = {"ascending": res["ascending"], **shown}
        plot_comparison(shown, a.plot, p, max_slots=a.plot_slots)
        print(f"wrote {a.plot}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
