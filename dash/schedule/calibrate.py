"""Fit the schedule model's costs to backward benchmarks of the real kernel.

    python -m dash.schedule.calibrate bench/results/bwd-H100-80GB-HBM3-20261122-054804.json

For every measured shape (records with impl="dash" of bench/bwd.py) the model predicts the
time of each schedule and of the non-deterministic path ("atomic": the ascending visits without
the ticket lock) with choose.predict, the same code choose() runs. Per head dim, the costs
minimise the root mean square of log(measured / predicted) over all records, after removing
the mean (one free scale per head dim: microseconds per unit of c). So what is fitted is the
ratios between schedules and between sequence lengths, not absolute speed. Records of a
schedule that was built as another one (shift on a causal mask, shift_causal on a full mask)
measure that other schedule's tables and are left out. The search is a coordinate search in
the chosen parameters with halving steps (no SciPy): deterministic, about a minute.

It prints the fitted costs (paste them into choose.COSTS) and, per shape, measured against
predicted TFLOP/s relative to atomic, with the schedule choose() picks.
"""
from __future__ import annotations

import argparse
import json
import math
import sys
from dataclasses import dataclass, replace

import numpy as np

from .choose import PREFERENCE, default_costs, pick, predict
from .problem import Problem
from .simulate import Costs
from .tables import build_tables

KINDS = ("atomic",) + PREFERENCE
# Results files before bench/bwd.py recorded the tiles (2026-11-23) all ran these (block_m,
# block_n) per head dim, whatever the mask; the kernel now takes 80-row tiles at hdim 128 full.
LEGACY_TILES = {64: (128, 128), 128: (64, 128)}

# The benchmark files were measured before the wave limit (tables.WAVE_LIMIT): shift and
# shift_causal ran waves of the whole co-resident capacity then, 132 CTAs on the H100. The fit
# predicts the tables that were measured. (A benchmark of the current kernel records waves of
# min(M, N, WAVE_LIMIT); pass wave_size=None for it.)
MEASURED_WAVE = 132


@dataclass(frozen=True)
class Point:
    """One measured shape: {schedule: ms} of dash's backward."""
    hdim: int
    causal: bool
    seqlen_q: int
    seqlen_k: int
    batch: int
    heads: int
    ms: tuple  # ((schedule, ms), ...)
    block_m: int = 0  # the Q tile rows the kernel ran with (0: the current kernel's)
    block_n: int = 0

    @property
    def times(self) -> dict:
        return dict(self.ms)

    def problem(self, num_sms: int = 132, ctas_per_sm: int = 1) -> Problem:
        p = Problem.for_hdim(self.seqlen_q, self.seqlen_k, self.hdim, causal=self.causal, batch=self.batch,
                             heads=self.heads, num_sms=num_sms, ctas_per_sm=ctas_per_sm)
        return p.replace(block_m=self.block_m, block_n=self.block_n) if self.block_m else p

    def label(self) -> str:
        return f"d{self.hdim} {'causal' if self.causal else 'full'} {self.seqlen_q}"


def load(path: str) -> tuple[str, list]:
    """(device name, [Point]) from a bench/bwd.py results file (MHA, dash records only)."""
    with open(path) as f:
        doc = json.load(f)
    pts = {}
    for r in doc["records"]:
        if r.get("impl") != "dash" or r.get("schedule") not in KINDS or r.get("nheads") != r.get("nheads_kv"):
            continue
        key = (r["hdim"], bool(r["causal"]), r["seqlen_q"], r["seqlen_k"], r["batch"], r["nheads"])
        tiles = (r["block_m"], r["block_n"]) if "block_m" in r else LEGACY_TILES[r["hdim"]]
        pts.setdefault(key + tiles, {})[r["schedule"]] = float(r["ms"])
    points = [Point(*k[:6], ms=tuple(sorted(v.items())), block_m=k[6], block_n=k[7]) for k, v in sorted(pts.items())]
    return doc.get("device", ""), points


def own_records(point: Point) -> dict:
    """{schedule: ms} without the records of fallbacks (they measure another schedule's tables)."""
    p = point.problem()
    out = {}
    for s, ms in point.times.items():
        if s == "atomic" or build_tables(p, s, MEASURED_WAVE).built_as == s:
            out[s] = ms
    return out


def residuals(points, costs: Costs, max_visits=None) -> tuple:
    """(log(measured / predicted) with the mean removed, the mean, predictions per point)."""
    res, preds = [], []
    for pt in points:
        pred = predict(pt.problem(), costs, max_visits=max_visits, atomic=True, wave_size=MEASURED_WAVE)
        preds.append(pred)
        for s, ms in own_records(pt).items():
            res.append(math.log(ms / pred[s]))
    res = np.array(res)
    return res - res.mean(), float(res.mean()), preds


def rms(points, costs, max_visits=None) -> float:
    r, _, _ = residuals(points, costs, max_visits)
    return float(np.sqrt(np.mean(r ** 2)))


def fit(points, start: Costs, params=("r", "handoff", "setup"), steps=None, rounds: int = 4,
        max_visits=None, log=None) -> Costs:
    """Coordinate search: try each parameter up and down by its step, keep improvements, halve
    the steps each round. Parameters stay >= 0."""
    steps = dict(steps or {p: max(0.1, 0.25 * (getattr(start, p) or 0.4)) for p in params})
    best, best_err = start, rms(points, start, max_visits)
    for rd in range(rounds):
        improved = True
        while improved:
            improved = False
            for p in params:
                for sgn in (+1, -1):
                    v = (getattr(best, p) or 0.0) + sgn * steps[p]
                    if v < 0:
                        continue
                    cand = replace(best, **{p: round(v, 4)})
                    err = rms(points, cand, max_visits)
                    if log:
                        log(f"  {p}={v:.3f}: {err:.4f}")
                    if err < best_err - 1e-6:
                        best, best_err, improved = cand, err, True
                        break
        steps = {p: s / 2 for p, s in steps.items()}
        if log:
            log(f"round {rd}: rms {best_err:.4f} {best}")
    return best


def report(points, costs_of, max_visits=None) -> str:
    """Per shape: measured and predicted TFLOP/s relative to atomic, and what choose() picks."""
    lines = []
    for hd in sorted({p.hdim for p in points}):
        pts = [p for p in points if p.hdim == hd]
        costs = costs_of(hd)
        _, _, preds = residuals(pts, costs, max_visits)
        lines.append(f"hdim {hd}: {costs}")
        lines.append(f"{'shape':<18}" + "".join(f"{s:>14}" for s in KINDS) + "   pick (measured loss)")
        for pt, pred in zip(pts, preds):
            meas = pt.times
            cells = []
            for s in KINDS:
                if s not in meas:
                    cells.append(f"{'-':>14}")
                    continue
                m = meas["atomic"] / meas[s]
                q = pred["atomic"] / pred[s] if s in pred else float("nan")
                cells.append(f"{m:>7.3f}/{q:<6.3f}" if s in pred else f"{m:>7.3f}/{'fb':<6}")
            choice = pick(pred)
            det = {s: v for s, v in meas.items() if s in PREFERENCE}
            loss = det[choice] / min(det.values()) - 1
            lines.append(f"{pt.label():<18}" + "".join(cells) + f"   {choice} ({100 * loss:.1f}%)")
        lines.append("")
    lines.append("cells: measured/predicted speed relative to atomic (time of atomic / time of the schedule);"
                 " fb: falls back to another schedule on this shape")
    return "\n".join(lines)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m dash.schedule.calibrate", description=__doc__.split("\n")[0])
    ap.add_argument("results", help="bench/bwd.py results JSON")
    ap.add_argument("--params", nargs="+", default=["r", "handoff", "setup"], help="Costs fields to fit")
    ap.add_argument("--rounds", type=int, default=4)
    ap.add_argument("--no-fit", action="store_true", help="only report the current costs")
    ap.add_argument("--verbose", action="store_true")
    a = ap.parse_args(argv)
    device, points = load(a.results)
    print(f"{device}: {len(points)} shapes")
    fitted = {}
    for hd in sorted({p.hdim for p in points}):
        pts = [p for p in points if p.hdim == hd]
        start = default_costs(pts[0].problem(), device)
        if a.no_fit:
            fitted[hd] = start
            continue
        fitted[hd] = fit(pts, start, tuple(a.params), rounds=a.rounds,
                         log=(lambda s: print(s, file=sys.stderr)) if a.verbose else None)
        _, mean, _ = residuals(pts, fitted[hd])
        print(f"hdim {hd}: rms log error {rms(pts, fitted[hd]):.4f}; c = {1e3 * math.exp(mean):.2f} us")
    print(report(points, lambda hd: fitted[hd]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
