"""dash.schedule against the real kernel: choose() must stay calibrated (CPU only).

The benchmark file holds dash's backward on an H100 (bench/bwd.py --quick: bf16, batch x seqlen
= 16384, hdim 64 x 32 heads and hdim 128 x 16 heads, full and causal, seqlen 2k and 8k; every
schedule and the non-deterministic atomic path). A model change that makes choose() pick a
schedule more than 2% slower than the best measured deterministic one fails here.
"""
import math
import os

import numpy as np
import pytest

from dash.schedule import build_tables, choose
from dash.schedule.calibrate import MEASURED_WAVE, load, own_records, residuals
from dash.schedule.tables import WAVE_LIMIT
from dash.schedule.choose import COSTS, DEFAULT_GPU, PREFERENCE, default_costs
from dash.schedule.problem import default_tiles

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RESULTS = os.path.join(ROOT, "bench", "results", "bwd-H100-80GB-HBM3-20261122-054804.json")

DEVICE, POINTS = load(RESULTS)


def still_run(point) -> dict:
    """{schedule: ms} of the deterministic records whose tables dash still runs. The files were
    measured before the wave limit (tables.WAVE_LIMIT = 32): where min(M, N) > 32, shift and
    shift_causal ran one wave of up to 132 CTAs then and run waves of 32 now, tables nobody has
    measured yet; those records cannot judge a pick. Nor can shift's where its wave is smaller
    since session 31 (tables.shift_wave: short sequences, many instances)."""
    p = point.problem()
    out = {}
    for s, ms in point.times.items():
        if s not in PREFERENCE:
            continue
        then, now = build_tables(p, s, MEASURED_WAVE), build_tables(p, s)
        if then.wave_size == now.wave_size or all(
                (getattr(then, k) == getattr(now, k)).all() for k in now.kernel_arrays()):
            out[s] = ms
    return out


def test_the_benchmark_is_the_calibration_data():
    assert "H100" in DEVICE and len(POINTS) == 8
    assert {(p.hdim, p.causal, p.seqlen_q) for p in POINTS} == {
        (d, c, s) for d in (64, 128) for c in (False, True) for s in (2048, 8192)}
    for p in POINTS:
        assert set(p.times) == {"atomic", *PREFERENCE}
        assert default_costs(p.problem(), DEVICE) is COSTS[(DEFAULT_GPU, p.hdim)]


# choose() decides on the kernel's launch order, the shift family's waves folded across the
# (batch, head) instances (choose.SHIFT_FOLDED_MEASURED). The files above were measured before
# the fold, so where it changes a shift table's order (more KV tiles than a wave) their shift
# records measure another order. This one is the latest peer grid (7a31602: the kernels of
# 60c0285, with the fold, today's tables, the dQ conversion in the main kernel's tail on banded
# masks and dash.ops.launch_group's caps; every schedule, 2k, 8k and 16k; its GQA rows are not
# loaded): the choices are judged here. (On 9f184bd's grid the model's own pick at d128 causal
# 2k, spt, was 6.1% behind shift_causal: choose.MEASURED_SWAPS. On this one, with spt's launch
# group capped there, 0.6%.)
CURRENT = os.path.join(ROOT, "bench", "results", "bwd-H100-80GB-HBM3-20261127-141822.json")
CURRENT_DEVICE, CURRENT_POINTS = load(CURRENT)
CURRENT_SHAPES = {(p.hdim, p.causal, p.seqlen_q) for p in CURRENT_POINTS}


def test_current_file():
    assert "H100" in CURRENT_DEVICE and len(CURRENT_POINTS) == 12
    for p in CURRENT_POINTS:
        assert set(p.times) == {"atomic", *PREFERENCE} - {"shift" if p.causal else "shift_causal"}
        assert (p.block_m, p.block_n) == default_tiles(p.hdim, "causal" if p.causal else "full")  # today's tiles


def smaller_shift_wave(problem) -> bool:
    """Whether shift's wave is smaller than min(M, N, WAVE_LIMIT) (tables.shift_wave)."""
    return build_tables(problem, "shift").wave_size < min(problem.num_m, problem.num_n, WAVE_LIMIT)


def folded_differently(point, schedule) -> bool:
    """Whether a record of `schedule` from a file measured before the launch fold ran another
    order than today's kernel: tables whose launch waves (dash.schedule.grid) are shorter than a
    head's KV tiles, so that the fold interleaves the instances."""
    return build_tables(point.problem(), schedule).launch_wave < point.problem().num_n


@pytest.mark.parametrize("point", CURRENT_POINTS, ids=lambda p: p.label().replace(" ", "-"))
def test_choice_within_2_percent_of_the_best_measured(point):
    det = {s: ms for s, ms in point.times.items() if s in PREFERENCE}
    best = min(det, key=det.get)
    # the Problem as dash.ops._problem builds it (the nominal device: 132 SMs, 1 CTA per SM)
    got = choose(point.problem(num_sms=132, ctas_per_sm=1), gpu=CURRENT_DEVICE)
    assert got in det, f"{point.label()}: choose() picks {got}, which was not measured"
    loss = det[got] / det[best] - 1
    assert loss <= 0.02, f"{point.label()}: choose() picks {got}, {100 * loss:.1f}% slower than {best}"


@pytest.mark.parametrize("hdim", [64, 128])
def test_fit_quality(hdim):
    """The calibrated costs reproduce every schedule's time (free scale per head dim) within a
    few percent: rms of log(measured / predicted) below 2.5%, no record off by more than 6%."""
    pts = [p for p in POINTS if p.hdim == hdim]
    res, mean, _ = residuals(pts, COSTS[(DEFAULT_GPU, hdim)])
    assert len(res) == sum(len(own_records(p)) for p in pts) == 20
    assert float(np.sqrt(np.mean(res ** 2))) < 0.025
    assert float(np.abs(res).max()) < 0.06
    us_per_step = 1e3 * math.exp(mean)     # the free scale: microseconds per unit of c
    assert 2.0 < us_per_step < 3.5


# The full grid (512 ... 16k tokens) of the v6 kernel on an H100: choose() is checked on every
# shape, outside the range the costs were fitted on. Within 2% of the best measured
# deterministic schedule up to 64 KV tiles per head; beyond that, where the shift family on a
# full mask is excluded by measurement (SHIFT_MAX_KV_TILES) and the model's ranking of descending
# and spt is off (d128 causal 16k: descending predicted 2.5% ahead of spt, measured 4.3% behind),
# within 5%. (Picks whose order that kernel did not run, the shift family folded, are judged on
# CURRENT.)
FULL_GRID = os.path.join(ROOT, "bench", "results", "bwd-H100-80GB-HBM3-20261122-090337.json")
FULL_DEVICE, FULL_POINTS = load(FULL_GRID)


@pytest.mark.parametrize("point", FULL_POINTS, ids=lambda p: p.label().replace(" ", "-"))
def test_choice_on_the_full_grid(point):
    from dash.schedule.choose import SHIFT_MAX_KV_TILES, gpu_key

    det = still_run(point)
    best = min(det, key=det.get)
    problem = point.problem(num_sms=132, ctas_per_sm=1)
    got = choose(problem, gpu=FULL_DEVICE)
    if got == "shift" and smaller_shift_wave(problem):
        # shift's smaller wave, which these records predate, measured 0-4.5% ahead of the wave they
        # ran (bench/NOTES.md, session 31): the pick is judged by the record of the wave they ran
        ran = {s: ms for s, ms in point.times.items() if s in PREFERENCE}
        loss = ran["shift"] / min(ran.values()) - 1
        assert loss <= 0.02, f"{point.label()}: shift with its old wave {100 * loss:.1f}% slower than the best"
        return
    if folded_differently(point, got):
        # measured with today's order in CURRENT, and judged there
        assert (point.hdim, point.causal, point.seqlen_q) in CURRENT_SHAPES, f"{point.label()}: {got} never measured folded"
        return
    assert got in det, f"{point.label()}: choose() picks {got}, whose tables were not measured"
    loss = det[got] / det[best] - 1
    bound = 0.02 if problem.num_n <= SHIFT_MAX_KV_TILES[gpu_key(FULL_DEVICE)] else 0.05
    assert loss <= bound, f"{point.label()}: choose() picks {got}, {100 * loss:.1f}% slower than {best}"


def test_full_grid_file():
    assert "H100" in FULL_DEVICE and len(FULL_POINTS) == 24


def test_records_of_tables_no_longer_run_are_the_shift_family_past_32_tiles():
    """still_run drops exactly the shift family where its wave changed (min(M, N) > 32, and shift's
    smaller wave at short sequences)."""
    for point in POINTS + FULL_POINTS:
        p = point.problem()
        dropped = {s for s in point.times if s in PREFERENCE} - set(still_run(point))
        expect = {s for s in ("shift", "shift_causal")
                  if build_tables(p, s).built_as == s and (min(p.num_m, p.num_n) > 32 or
                                                          (s == "shift" and smaller_shift_wave(p)))}
        assert dropped == expect, point.label()
