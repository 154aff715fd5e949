"""choose()'s fast path: the model's picks, precomputed on a grid of shapes.

A cold choose() simulates every candidate schedule (0.4 s at 8k tokens, seconds at 128k), too
slow for the first backward call of a shape. The simulation depends on the shape only through
the head dim (costs, tile sizes), the mask, the tile counts M and N, the co-resident capacity C
and the number of (batch, head) instances, which sets how many waves the grid has. So
`python -m dash.schedule.rule` runs the model once per point of a grid (the tile counts of
seqlen_q in 128 * 2^k and 192 * 2^k up to 128k, seqlen_k / seqlen_q in {1/4, 1/2, 1, 2, 4}, and
instances 1, 2, 4, ..., 1024) and writes the picks to choice_table.py; lookup() answers from
there in microseconds: the pick of the nearest grid point in (log2 M, log2 N, log2 instances),
among the schedules that apply to the shape. On the grid (the calibration shapes included) it is
the model's pick; between grid points it is an approximation of it.

The table is made on the nominal device (problem.NOMINAL_NUM_SMS x NOMINAL_CTAS_PER_SM = 132
co-resident CTAs: H100 SXM and H200, sm_margin 0), which is what choose() decides on whatever the
GPU, and with the tables' default waves (min(M, N, WAVE_LIMIT), from the shape alone), ranked on
the launch order choose() decides on (instance-major until choose.SHIFT_FOLDED_MEASURED is set for
the GPU, then the kernel's folded order): it is a pure function of the code. Other costs or tolerances go to the simulation (choose(exact=True)).
"""
from __future__ import annotations

import dataclasses
import math

import numpy as np

from .problem import HEAD_DIMS, NOMINAL_CTAS_PER_SM, NOMINAL_NUM_SMS, Problem, col_ranges, default_tiles
from .tables import WAVE_LIMIT, applies

# The grid the table was generated on.
CAPACITY = NOMINAL_NUM_SMS * NOMINAL_CTAS_PER_SM
SEQLENS = tuple(sorted({128 * 2 ** k for k in range(11)} | {192 * 2 ** k for k in range(10)}))  # 128 ... 131072
RATIOS = (0.25, 0.5, 1, 2, 4)                               # seqlen_k / seqlen_q
INSTANCE_BUCKETS = tuple(2 ** k for k in range(11))         # 1 ... 1024


def instance_bucket(instances: int) -> int:
    """The grid's instance count nearest to `instances` in log2 (clamped to 1 ... 1024). Past
    about a thousand (batch, head) pairs the picks stop changing: the grid is many waves long."""
    k = round(math.log2(max(1, instances)))
    return INSTANCE_BUCKETS[min(max(k, 0), len(INSTANCE_BUCKETS) - 1)]


_INDEX = {}


def _index(gpu: str, head_dim: int, mask: str):
    """(log2 points float[K, 3], picks tuple[K]) of the table entry, or None."""
    key = (gpu, head_dim, mask)
    if key not in _INDEX:
        from .choice_table import CHOICES

        rows = CHOICES.get(key)
        _INDEX[key] = None if not rows else (
            np.log2(np.array([r[:3] for r in rows], dtype=np.float64)), tuple(r[3] for r in rows))
    return _INDEX[key]


def lookup(problem: Problem, gpu: str, candidates: tuple) -> str | None:
    """The precomputed pick for `problem` among `candidates` (choose()'s), or None where the table
    does not cover it (another capacity than the nominal device's, tile size, mask or GPU)."""
    if problem.capacity != CAPACITY or problem.mask not in ("full", "causal"):
        return None
    if problem.head_dim not in HEAD_DIMS or default_tiles(problem.head_dim, problem.mask) != (problem.block_m, problem.block_n):
        return None
    entry = _index(gpu, problem.head_dim, problem.mask)
    if entry is None:
        return None
    points, picks = entry
    m_lo, m_hi = col_ranges(problem)
    ok = {s for s in set(picks) if s in candidates and not applies(problem, s, m_lo=m_lo, m_hi=m_hi)}
    if not ok:
        return None
    want = np.log2([problem.num_m, problem.num_n, instance_bucket(problem.instances)])
    dist = ((points - want) ** 2).sum(axis=1)
    dist[[p not in ok for p in picks]] = np.inf
    return picks[int(np.argmin(dist))]


# ---------------------------------------------------------------------------------------------
# Generation: python -m dash.schedule.rule  (about 4-7 minutes)
# ---------------------------------------------------------------------------------------------
def _grid_shapes():
    for sq in SEQLENS:
        for ratio in RATIOS:
            sk = int(sq * ratio)
            if SEQLENS[0] <= sk <= SEQLENS[-1]:
                yield sq, sk


def model_picks(problem: Problem, gpu: str, buckets=INSTANCE_BUCKETS) -> dict:
    """{instances: choose(exact=True)'s pick} for `problem` with each instance count, computed as
    predict() and pick() do, but simulating each distinct table once for all instance counts
    that simulate the same number of instances (every count, once one instance exceeds the
    visit budget)."""
    from .choose import VISIT_BUDGET, candidates, decision_launch_wave, default_costs, folded_measured, pick, signature
    from .simulate import simulate
    from .tables import build_tables

    costs = default_costs(problem, gpu)
    folded = folded_measured(gpu)
    todo, names = {}, {}
    for s in candidates(problem, gpu):
        t = build_tables(problem, s)
        if t.built_as == s:
            names[s] = signature(t, problem.capacity)
            todo.setdefault(names[s], t)
    cap = max(1, VISIT_BUDGET // max(1, len(todo)))
    T = len(next(iter(todo.values())).visit_m)
    sims, out = {}, {}
    for b in buckets:
        p = problem.replace(batch=1, heads=b, heads_kv=b)
        simulated = b if T * b <= cap else max(1, cap // max(T, 1))
        spans = {}
        for sig, t in todo.items():
            if len(todo) == 1:
                spans[sig] = 1.0
                continue
            if (sig, simulated) not in sims:
                sims[(sig, simulated)] = simulate(t, p, costs, max_visits=cap, detail=False,
                                                  launch_wave=decision_launch_wave(t, folded))
            spans[sig] = dataclasses.replace(sims[(sig, simulated)], total_instances=b).estimate
        out[b] = pick({s: spans[sig] for s, sig in names.items()})
    return out


def generate(gpu: str = "H100", path: str | None = None) -> dict:
    import os
    import time

    choices = {}
    for hd in HEAD_DIMS:
        for mask in ("full", "causal"):
            rows = []
            for sq, sk in _grid_shapes():
                t0 = time.perf_counter()
                base = Problem.for_hdim(sq, sk, hd, causal=mask == "causal").on_nominal_device()
                for b, s in model_picks(base, gpu).items():
                    rows.append((base.num_m, base.num_n, b, s))
                print(f"d{hd} {mask} {sq}x{sk}: {time.perf_counter() - t0:.1f} s", flush=True)
            choices[(gpu, hd, mask)] = rows
    path = path or os.path.join(os.path.dirname(os.path.abspath(__file__)), "choice_table.py")
    with open(path, "w") as f:
        f.write('"""Generated by `python -m dash.schedule.rule` (see rule.py): the schedule model\'s pick\n'
                'per (gpu, head_dim, mask) -> [(num_m, num_n, instances, schedule)], default costs,\n'
                f'capacity {CAPACITY} (the nominal device), waves of min(M, N, {WAVE_LIMIT}). Do not edit by hand."""\n'
                '\nCHOICES = {\n')
        for key, rows in choices.items():
            f.write(f"    {key!r}: [\n")
            for r in rows:
                f.write(f"        {r!r},\n")
            f.write("    ],\n")
        f.write("}\n")
    return choices


if __name__ == "__main__":
    generate()
