"""Pick the deterministic schedule the model predicts to be fastest for a shape.

Times are relative (c = 1: one step's five GEMMs). The costs per (GPU, head dim) were fitted to
measurements of the real kernel (dash/schedule/calibrate.py, docs/schedules.md "Calibration").
"""
from __future__ import annotations

import hashlib
from functools import lru_cache

import numpy as np

from .problem import Problem
from .rule import instance_bucket, lookup
from .simulate import Costs, SimResult, simulate
from .tables import SCHEDULES, ScheduleTables, applies, build_tables

# (GPU, head dim) -> Costs, fitted by `python -m dash.schedule.calibrate` on
# bench/results/bwd-H100-80GB-HBM3-20261122-054804.json (H100 SXM, 132 SMs, bf16, backward v2).
# Units: c = 1 is one step's compute; r the dQ writer's time per add (issue to completion and
# release); handoff the release-to-acquire latency between two ranks of a Q tile; read when
# the add has read the dQ buffer (the compute of the next step may store its partial dQ then);
# setup the per-CTA time without compute (prologue, epilogue, launch; see docs).
COSTS = {
    ("H100", 64): Costs(c=1.0, r=0.57, handoff=0.09, read=0.1, setup=7.5),
    ("H100", 128): Costs(c=1.0, r=0.65, handoff=0.19, read=0.1, setup=14.4),
}
# GPUs not in the table use this one's costs (H200 has the same SMs and the same kernel).
DEFAULT_GPU = "H100"

# Measured, not modelled: the largest number of KV tiles per head at which choose() may pick
# shift or shift_causal. On the H100 both lost 12-15% to the other schedules at 16k tokens
# (128 KV tiles per head, so a co-resident wave of 132 CTAs holds a single head), in two
# full-grid runs and at both head dims, while the model, simulating the whole grid, predicts
# them as fast as at 8k (64 tiles), where they win; bench/NOTES.md, v6. Until the model explains
# it, choose() stays inside the range it was checked on. schedule="shift" still runs them.
SHIFT_MAX_KV_TILES = {"H100": 64}
# The same bound on causal masks, set apart when the kernel outgrew the measurement above: since
# v21 (six peer grids on the H100, 61852cb to 86467c0, the shift family's waves folded across the
# instances) shift_causal measured at or ahead of spt at d128 causal 16k in every grid (+0 to
# +4.1%, mean +2.3%), and the model, allowed it there, picks it; at d64 causal 16k the model keeps
# spt, which measured ahead in all six (bench/NOTES.md, "Session 20"). Nothing past 128 KV tiles
# (16k tokens) has been measured, so choose() stays within it.
SHIFT_MAX_KV_TILES_CAUSAL = {"H100": 128}
SHIFT_FAMILY = ("shift", "shift_causal")
# Measured, not modelled: beyond this many KV tiles per head on a causal mask, choose() leaves
# descending out. At 16k tokens (128 KV tiles) the model ranks it ahead of spt, and the H100
# measured it behind in every run: 4.3% (v6 kernel, full grid), 7% (v11), 6% and 6.5% (v12, two
# runs; bench/NOTES.md). Until the model explains it, the pick there is spt.
DESCENDING_MAX_KV_TILES_CAUSAL = {"H100": 64}
# Measured: whether choose() decides on the kernel's launch order, the shift family's waves
# folded across the (batch, head) instances (dash.schedule.grid), or on the instance-major order
# the schedules were first measured in (the order is the same for ascending, descending and spt).
# Measured on the H100 (bench/NOTES.md, "Fold"): folded shift 532 TFLOP/s against ascending's
# 509 at d128 full 8k (model: +3%), shift_causal 481 against spt's 475 at d128 causal 8k (model:
# +3%), level with ascending at d64 full 16k; at d128 full 16k shift lost 10% (503 vs 561),
# which SHIFT_MAX_KV_TILES already keeps out of choose()'s candidates.
SHIFT_FOLDED_MEASURED = {"H100": True}
DEFAULT_COSTS = COSTS  # the former name
# Measured, not modelled: the pick for GQA/MQA (heads > heads_kv), per (mask, head dim). The
# kernel's CTA of a k/v head's KV tile makes one pass over its visits per q-head of the group
# (batch x heads_kv instances of group-times longer CTAs), which the model does not describe; ranked
# as batch x heads MHA instances it picks spt on causal masks at hdim 128, 0.94x of shift_causal
# there. Measured on the H100 with the passes head after head (bench/NOTES.md, "Session 17";
# scripts/grouped_schedules.py): full ascending (d128 32/8 8k 588 against descending 586, 2k 509
# against 506; d64 494 level with descending); causal hdim 128 shift_causal (32/8 8k 481 against
# spt 450, 2k 402 against 376, 64/16 8k 500 against 460), hdim 64 spt (445 against shift_causal
# 436); sliding windows spt (d128 32/8 w4096 16k 506 against descending 499, d64 449 against
# descending 428; w512 4k 320 against shift_causal 324). A pick that does not apply to the shape
# (shift_causal's staircase) gives way to GROUPED_FALLBACK.
GROUPED_PICKS = {"H100": {("full", 64): "ascending", ("full", 128): "ascending",
                          ("causal", 64): "spt", ("causal", 128): "shift_causal",
                          ("window", 64): "spt", ("window", 128): "spt"}}
GROUPED_FALLBACK = {"full": "ascending", "causal": "spt", "window": "spt"}
# MEASURED_SWAPS' rule (below) for GQA/MQA calls, on GROUPED_PICKS' pick. d128 32/8 full 8k: shift
# ahead of ascending in every H100 peer grid since the launch fold, +0.2 to +2.0% in eight
# committed ones (8a1f5ac to d9630dd, mean +1.1%) and +1.2% in session 43's; candidates() keeps
# shift out past 64 KV tiles (16k), and 2k-4k were not measured with GQA, so only 64 KV tiles (8k)
# take it.
GROUPED_SWAPS = {"H100": {("full", 128): ("ascending", "shift", 64)}}
# Measured, not modelled: where the model's pick is the first schedule of (first, second,
# min_kv_tiles), the call has at least min_kv_tiles KV tiles per head and the second is a
# candidate that applies, choose() takes the second, per GPU and (mask, head dim) of MHA calls.
# hdim-128 causal masks: the model puts shift_causal and spt within its 1% tolerance at 512-4k
# tokens (shift_causal ahead by 0-0.9%), where PREFERENCE gives the tie to spt; four H100 peer
# grids measured shift_causal ahead at 2k, +1.7% (86467c0), +3.7% (594585d), +4.0% (60c0285)
# and +6.1% (9f184bd), the lead growing with the launch fold and the dQ conversion in the main
# kernel's tail, and +4.2% at 4k (bench/NOTES.md, "Session 37"); from 8k on the model picks it
# itself. Below 2k (16 KV tiles) nothing was measured, so spt stays there.
MEASURED_SWAPS = {"H100": {("causal", 128): ("spt", "shift_causal", 16)}}

# Near-ties go to the schedule that assumes less: the first in this order whose predicted time
# is within TOLERANCE of the best. ascending/descending/spt never wait on a later-launched CTA
# (no co-residency needed); shift and shift_causal need their wave co-resident, and the model
# has no timing noise, which hurts them first. 1%: the fit's schedules differ from the
# measurements by 1.4% rms, but the spread between two schedules of one shape is better
# predicted than that, and at 2% the pick on d128 causal 8k (shift_causal, 2.0% better than
# spt in the model, 2.6% measured) is a coin flip (docs/schedules.md, Calibration).
PREFERENCE = ("ascending", "descending", "spt", "shift", "shift_causal")
TOLERANCE = 0.01

# Visits simulated per predict() call, shared by the distinct tables it simulates (2 on a full
# mask, 4 on a causal one); larger grids are extrapolated from whole (batch, head) instances
# (SimResult.estimate). About 0.8 us of Python per visit (simulate(detail=False)): <= 0.35 s.
VISIT_BUDGET = 400_000
# Visits per detailed simulation (compare(), the CLI and plots).
DEFAULT_MAX_VISITS = 200_000


def default_costs(problem: Problem, gpu: str | None = None) -> Costs:
    """The calibrated costs for `problem`'s head dim on `gpu` (a device name or a part of it,
    e.g. "NVIDIA H100 80GB HBM3"; None or unknown: DEFAULT_GPU). A head dim without an entry
    takes the nearest calibrated one."""
    key = gpu_key(gpu)
    return COSTS[(key, nearest_head_dim((d for g, d in COSTS if g == key), problem.head_dim))]


def nearest_head_dim(dims, head_dim: int) -> int:
    """The entry of `dims` (head dims something was measured at) nearest `head_dim`, the smaller
    on a tie."""
    return min(dims, key=lambda d: (abs(d - head_dim), d))


def gpu_key(gpu: str | None) -> str:
    """The calibration entry for a device name ("NVIDIA H100 80GB HBM3" -> "H100"; None or
    unknown: DEFAULT_GPU)."""
    names = sorted({g for g, _ in COSTS}, key=len, reverse=True)
    return next((g for g in names if gpu and g.lower() in gpu.lower()), DEFAULT_GPU)


def signature(tables: ScheduleTables, capacity: int) -> str:
    """A digest that is equal for two tables the simulation cannot tell apart: the same visits per
    launch position, Q tiles renamed in order of first use, the same ranks, wave groups and
    launch order across instances (launch_wave). On a full mask ascending, descending and spt
    are one schedule up to renaming."""
    order = tables.launch_order.astype(np.int64)
    off = tables.visit_offsets.astype(np.int64)
    lengths = (off[1:] - off[:-1])[order]
    idx = np.concatenate([np.arange(off[n], off[n + 1]) for n in order]) if len(order) else np.zeros(0, np.int64)
    m = tables.visit_m[idx].astype(np.int64)
    col = np.repeat(order, lengths)
    uniq, first = np.unique(m, return_index=True)
    rename = np.empty(tables.num_m, dtype=np.int64)
    rename[uniq[np.argsort(first)]] = np.arange(len(uniq))
    h = hashlib.sha1()
    for a in (lengths, rename[m], tables.rank[m, col].astype(np.int64),
              np.array([min(tables.wave_size, capacity), tables.launch_wave], dtype=np.int64)):
        h.update(a.tobytes())
        h.update(b"|")
    return h.hexdigest()


def predict(problem: Problem, costs: Costs | None = None, schedules=PREFERENCE,
            max_visits: int | None = None, atomic: bool = False, wave_size: int | None = None,
            folded: bool = True) -> dict:
    """{schedule: predicted time of the whole grid} (units of c) for every schedule in
    `schedules` that does not fall back to another on this shape; tables the simulation cannot
    tell apart (signature()) are simulated once. atomic=True adds "atomic": the non-deterministic
    path (ascending visits, no ticket lock). max_visits caps each simulation (default: the
    VISIT_BUDGET shared by the distinct tables). wave_size: the tables' wave (default: the
    shape's, as the kernel runs them; the calibration passes the wave its benchmark ran).
    folded: the kernel's launch order (default), or False: instance-major, as choose() decides
    until SHIFT_FOLDED_MEASURED is set. The simulation runs on `problem`'s capacity as given
    (choose() passes the nominal device)."""
    costs = default_costs(problem) if costs is None else costs
    todo, names = {}, {}
    for s in schedules:
        t = build_tables(problem, s, wave_size)
        if t.built_as == s:
            names[s] = signature(t, problem.capacity)
            todo.setdefault(names[s], t)
    if atomic:
        todo["atomic"] = build_tables(problem, "ascending")
        names["atomic"] = "atomic"
    cap = max_visits if max_visits is not None else max(1, VISIT_BUDGET // max(1, len(todo)))
    spans = {sig: simulate(t, problem, costs, max_visits=cap, ordered=sig != "atomic", detail=False,
                           launch_wave=decision_launch_wave(t, folded)).estimate
             for sig, t in todo.items()}
    return {s: spans[sig] for s, sig in names.items()}


def decision_launch_wave(tables: ScheduleTables, folded: bool):
    """simulate()'s launch_wave for a decision: the kernel's (None) when `folded`, else the
    instance-major order (tables.num_n)."""
    return None if folded else tables.num_n


def folded_measured(gpu: str | None) -> bool:
    """SHIFT_FOLDED_MEASURED for `gpu` (a device name, or None: DEFAULT_GPU)."""
    return SHIFT_FOLDED_MEASURED.get(gpu_key(gpu), False)


def compare(problem: Problem, costs: Costs | None = None, schedules=SCHEDULES,
            max_visits: int | None = DEFAULT_MAX_VISITS, wave_size: int | None = None) -> dict:
    """{schedule: (tables, SimResult)} for every schedule in `schedules` (detailed simulations,
    for the CLI and the plots)."""
    costs = default_costs(problem) if costs is None else costs
    out = {}
    for s in schedules:
        t = build_tables(problem, s, wave_size)
        out[s] = (t, simulate(t, problem, costs, max_visits=max_visits))
    return out


def choose(problem: Problem, costs: Costs | None = None, tolerance: float = TOLERANCE,
           max_visits: int | None = None, gpu: str | None = None, exact: bool = False) -> str:
    """The predicted-best deterministic schedule for `problem`: the first schedule in PREFERENCE
    whose predicted time is within `tolerance` of the best. Schedules that fall back to another
    on this shape are skipped, and so is the shift family beyond SHIFT_MAX_KV_TILES (causal masks:
    SHIFT_MAX_KV_TILES_CAUSAL). `gpu` picks
    the calibrated costs (default_costs).

    The decision is made on the nominal device (Problem.on_nominal_device: 132 SMs, one CTA per
    SM, sm_margin 0), whatever num_sms, sm_margin and ctas_per_sm `problem` carries: the pick
    sets the order of the dQ additions, so it must not depend on the GPU or on what else runs.

    batch and heads enter only through the number of (batch, head) instances, which sets how
    many waves the grid has; it is rounded to the nearest power of two in 1 ... 1024
    (rule.instance_bucket), so one choice serves nearby batch sizes. The schedules are ranked on
    the instance-major launch order until SHIFT_FOLDED_MEASURED is set for the GPU, then on the
    kernel's folded order. GQA/MQA problems (heads > heads_kv) get the measured GROUPED_PICKS
    (and GROUPED_SWAPS) of the GPU where it has them (unless exact). With the default costs and tolerance on the calibrated capacity, the
    answer comes from the model's precomputed picks (rule.lookup, microseconds); otherwise, or
    with exact=True, from the simulation (cached)."""
    if problem.heads != problem.heads_kv and not exact:
        grouped = grouped_pick(problem, gpu)
        if grouped is not None:
            return grouped
    b = instance_bucket(problem.instances)
    problem = problem.on_nominal_device(batch=1, heads=b, heads_kv=b)
    if not exact and costs is None and tolerance == TOLERANCE and max_visits is None:
        return _choose_default(problem, gpu_key(gpu))
    picked = _choose(problem, default_costs(problem, gpu) if costs is None else costs, tolerance, max_visits,
                     candidates(problem, gpu), folded_measured(gpu))
    return picked if exact else measured_swap(problem, picked, gpu)


def measured_swap(problem: Problem, picked: str, gpu: str | None = None) -> str:
    """MEASURED_SWAPS applied to the model's pick for `problem` on `gpu` (MHA only)."""
    return apply_swap(MEASURED_SWAPS, problem, picked, gpu) if problem.heads == problem.heads_kv else picked


def apply_swap(swaps: dict, problem: Problem, picked: str, gpu: str | None = None) -> str:
    """`swaps` (MEASURED_SWAPS' or GROUPED_SWAPS' form) applied to `picked` for `problem` on `gpu`:
    the second schedule where the pick is the first, the problem has at least min_kv_tiles KV tiles
    per head and the second is a candidate that applies (the head dim as measured, no nearest one)."""
    first, second, min_kv_tiles = swaps.get(gpu_key(gpu), {}).get((problem.mask, problem.head_dim),
                                                                  (None, None, 0))
    if (picked == first and problem.num_n >= min_kv_tiles and second in candidates(problem, gpu)
            and not applies(problem, second)):
        return second
    return picked


@lru_cache(maxsize=1024)
def grouped_pick(problem: Problem, gpu: str | None = None) -> str | None:
    """GROUPED_PICKS' schedule for a GQA/MQA `problem` on `gpu` (None where the GPU has no
    measured picks), or GROUPED_FALLBACK's where the pick does not apply to the shape; then
    GROUPED_SWAPS."""
    picks = GROUPED_PICKS.get(gpu_key(gpu))
    if picks is None:
        return None
    pick = picks[(problem.mask, nearest_head_dim((d for m, d in picks if m == problem.mask), problem.head_dim))]
    pick = pick if not applies(problem, pick) else GROUPED_FALLBACK[problem.mask]
    return apply_swap(GROUPED_SWAPS, problem, pick, gpu)


@lru_cache(maxsize=1024)
def _choose_default(problem, gpu: str) -> str:
    """choose() with the default costs and tolerance, cached per (bucketed problem, GPU): the
    applicability checks before the table lookup cost ~0.3 ms of Python, at every backward call
    with schedule="auto" otherwise."""
    cands = candidates(problem, gpu)
    s = lookup(problem, gpu, cands)
    if s is None:
        s = _choose(problem, default_costs(problem, gpu), TOLERANCE, None, cands, folded_measured(gpu))
    return measured_swap(problem, s, gpu)


def candidates(problem: Problem, gpu: str | None = None) -> tuple:
    """The schedules choose() considers for `problem`: PREFERENCE, less the shift family where
    the problem has more KV tiles per head than shift_limit() allows on `gpu`, and less
    descending on a causal mask beyond DESCENDING_MAX_KV_TILES_CAUSAL."""
    out = PREFERENCE
    limit = shift_limit(problem, gpu)
    if limit is not None and problem.num_n > limit:
        out = tuple(s for s in out if s not in SHIFT_FAMILY)
    limit = DESCENDING_MAX_KV_TILES_CAUSAL.get(gpu_key(gpu))
    if limit is not None and problem.mask == "causal" and problem.num_n > limit:
        out = tuple(s for s in out if s != "descending")
    return out


def shift_limit(problem: Problem, gpu: str | None = None) -> int | None:
    """The most KV tiles per head at which choose() may pick the shift family on `gpu` (None: no
    bound): SHIFT_MAX_KV_TILES_CAUSAL on causal masks, SHIFT_MAX_KV_TILES otherwise."""
    table = SHIFT_MAX_KV_TILES_CAUSAL if problem.mask == "causal" else SHIFT_MAX_KV_TILES
    return table.get(gpu_key(gpu))


@lru_cache(maxsize=256)
def _choose(problem, costs, tolerance, max_visits, candidates, folded):
    return pick(predict(problem, costs, schedules=candidates, max_visits=max_visits, folded=folded), tolerance)


def pick(spans: dict, tolerance: float = TOLERANCE) -> str:
    """The first schedule in PREFERENCE whose time in `spans` ({name: time}, or compare()'s
    output, where it takes SimResult.estimate) is within `tolerance` of the best; fallbacks in
    compare()'s output and "atomic" are skipped."""
    spans = {s: (v[1].estimate if isinstance(v, tuple) else v) for s, v in spans.items()
             if s in PREFERENCE and (not isinstance(v, tuple) or v[0].built_as == s)}
    best = min(spans.values())
    return next(s for s in PREFERENCE if s in spans and spans[s] <= best * (1 + tolerance))


def speedups(results: dict, base: str = "ascending") -> dict:
    """{schedule: time(base) / time(schedule)} from compare()'s output."""
    ref = results[base][1].estimate
    return {s: (ref / r.estimate if r.estimate else 1.0) for s, (_, r) in results.items()}


__all__ = ["Costs", "SimResult", "COSTS", "MEASURED_SWAPS", "measured_swap", "GROUPED_SWAPS", "apply_swap",
           "SHIFT_MAX_KV_TILES",
           "SHIFT_MAX_KV_TILES_CAUSAL", "shift_limit", "DESCENDING_MAX_KV_TILES_CAUSAL", "SHIFT_FOLDED_MEASURED",
           "gpu_key", "candidates", "DEFAULT_COSTS", "DEFAULT_GPU", "default_costs", "predict", "compare", "choose",
           "pick", "speedups", "signature"]
