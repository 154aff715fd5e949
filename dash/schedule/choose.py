"""Pick the deterministic schedule the model predicts to be fastest for a shape.

The costs are relative (c = 1: one step's five GEMMs). The defaults below are placeholders
from first principles and DESIGN §3's measurements (the full-mask 8k loss of ascending, ~9%,
puts r near 0.2 c): the backward benchmarks will calibrate them per (GPU, head dim).
"""
from __future__ import annotations

from functools import lru_cache

from .problem import Problem
from .simulate import Costs, SimResult, simulate
from .tables import SCHEDULES, build_tables

# GPUs by SM count: H100 SXM, H800 and H200 have 132 SMs, H100 PCIe 114, H20 78.
GPUS = {132: "h100", 114: "h100-pcie", 78: "h20"}

# (gpu, head_dim) -> Costs. Placeholders until bench/ calibrates them: same c and r for hdim
# 64 (128x128 tiles) and 128 (64x128): both do 10.5 MFLOP per step and add a 32 KiB dQ tile.
DEFAULT_COSTS = {
    ("h100", 64): Costs(c=1.0, r=0.2),
    ("h100", 128): Costs(c=1.0, r=0.2),
}

# Ties go to the simpler schedule: the model leaves out memory locality, which favours
# schedules whose CTAs read the same Q tile together (ascending, descending).
PREFERENCE = ("ascending", "descending", "spt", "shift", "shift_causal")

# Visits simulated per schedule (whole (batch, head) instances; at least one).
DEFAULT_MAX_VISITS = 200_000


def default_costs(problem: Problem) -> Costs:
    gpu = GPUS.get(problem.num_sms, "h100")
    return DEFAULT_COSTS.get((gpu, problem.head_dim)) or DEFAULT_COSTS[("h100", 128)]


def compare(problem: Problem, costs: Costs | None = None, schedules=SCHEDULES,
            max_visits: int | None = DEFAULT_MAX_VISITS, wave_size: int | None = None) -> dict:
    """{schedule: (tables, SimResult)} for every schedule in `schedules`."""
    costs = default_costs(problem) if costs is None else costs
    out = {}
    for s in schedules:
        t = build_tables(problem, s, wave_size)
        out[s] = (t, simulate(t, problem, costs, max_visits=max_visits))
    return out


def choose(problem: Problem, costs: Costs | None = None, tolerance: float = 0.02,
           max_visits: int | None = DEFAULT_MAX_VISITS) -> str:
    """The predicted-best deterministic schedule for `problem`: the first schedule in PREFERENCE
    whose simulated makespan is within `tolerance` of the best. Schedules that fall back to
    another on this shape are skipped. Cached per (problem, costs)."""
    return _choose(problem, default_costs(problem) if costs is None else costs, tolerance, max_visits)


@lru_cache(maxsize=256)
def _choose(problem, costs, tolerance, max_visits):
    spans = {}
    for s in PREFERENCE:
        t = build_tables(problem, s)
        if t.built_as == s:
            spans[s] = simulate(t, problem, costs, max_visits=max_visits).makespan
    return pick(spans, tolerance)


def pick(spans: dict, tolerance: float = 0.02) -> str:
    """The first schedule in PREFERENCE whose makespan in `spans` ({name: makespan}, or
    compare()'s output) is within `tolerance` of the best; fallbacks in compare()'s output
    are skipped."""
    spans = {s: (v[1].makespan if isinstance(v, tuple) else v) for s, v in spans.items()
             if not isinstance(v, tuple) or v[0].built_as == s}
    best = min(spans.values())
    return next(s for s in PREFERENCE if s in spans and spans[s] <= best * (1 + tolerance))


def speedups(results: dict, base: str = "ascending") -> dict:
    """{schedule: makespan(base) / makespan(schedule)} from compare()'s output."""
    ref = results[base][1].makespan
    return {s: (ref / r.makespan if r.makespan else 1.0) for s, (_, r) in results.items()}


__all__ = ["Costs", "SimResult", "DEFAULT_COSTS", "default_costs", "compare", "choose", "pick", "speedups"]
