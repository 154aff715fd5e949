"""dash.schedule: simulation against DESIGN §3's closed forms, choice, pictures, CLI (CPU only)."""
import dataclasses
import subprocess
import sys
import time

import numpy as np
import pytest

from dash.schedule import COSTS, DEFAULT_GPU, SCHEDULES, Costs, Problem, build_tables, choose, compare, simulate
from dash.schedule.choose import default_costs, pick, predict, signature

FIRST_ORDER = Costs(c=1.0, r=0.25, slack=0)   # compute and reduction serialised: DESIGN §3's model


def full(M, P, **kw):
    return Problem(seqlen_q=64 * M, seqlen_k=128 * P, block_m=64, block_n=128, **kw)


def causal(S, **kw):
    return Problem.for_hdim(S, head_dim=128, causal=True, **kw)


def sim(p, s, costs=FIRST_ORDER, **kw):
    return simulate(build_tables(p, s, **kw), p, costs)


# ---- full mask, one wave of P co-resident KV tiles over M Q tiles ----
@pytest.mark.parametrize("M,P", [(16, 8), (12, 12), (33, 5), (7, 1)])
def test_full_closed_forms(M, P):
    p = full(M, P)
    c, r = FIRST_ORDER.c, FIRST_ORDER.r
    assert sim(p, "shift").makespan == pytest.approx(M * (c + r))              # wait-free
    for s in ("ascending", "descending", "spt"):
        assert sim(p, s).makespan == pytest.approx(M * (c + r) + (P - 1) * r)  # the skew
    lb = sim(p, "shift").lower_bound
    assert lb == pytest.approx(M * c * P / p.capacity)


def test_full_with_one_tile_of_slack():
    """Default model: compute runs one step ahead of the writer; with P*r <= c nothing stalls."""
    M, P, c, r = 20, 8, 1.0, 0.1
    p = full(M, P)
    co = Costs(c=c, r=r, slack=1)
    assert sim(p, "shift", co).makespan == pytest.approx(M * c + r)
    assert sim(p, "ascending", co).makespan == pytest.approx(M * c + P * r)


def test_shift_no_waits():
    res = sim(full(16, 8), "shift")
    assert not res.r_chain_wait.any()
    assert res.wait_fraction == pytest.approx(0.0, abs=1e-12) or res.wait_fraction < 0.02


# ---- causal: the staircase and the schedules that avoid it ----
def test_causal_staircase_and_fixes():
    p = causal(1024)                 # M = 16, N = 8, s = block_n / block_m = 2
    M, N, s = p.num_m, p.num_n, 2
    c, r = FIRST_ORDER.c, FIRST_ORDER.r
    n = np.arange(N)
    asc = sim(p, "ascending")
    # Every CTA is dragged along by its left neighbour: CTA n ends at M(c+r) + n r ...
    assert np.allclose(asc.cta_end, M * (c + r) + n * r)
    assert asc.makespan == pytest.approx(M * (c + r) + (N - 1) * r)
    # ... while its useful work is only (M - n s)(c + r): about half of the time held is waiting.
    held, work = asc.cta_end.sum(), ((M - n * s) * (c + r)).sum()
    assert work / held == pytest.approx((M + s) / 2 / (M + (N - 1) * r / (c + r) / 2), rel=0.05)
    # descending: every CTA starts on the bottom row; the skew n r is paid once.
    desc = sim(p, "descending")
    assert np.allclose(desc.cta_end, (M - n * s) * (c + r) + n * r)
    # spt and shift_causal: wait-free in the model, each CTA takes exactly its own work.
    for name in ("spt", "shift_causal"):
        res = sim(p, name)
        assert np.allclose(np.sort(res.cta_end), np.sort((M - n * s) * (c + r))), name
        assert not res.r_chain_wait.any(), name


def test_dispatch_onto_slots():
    """No reductions: CTAs of equal length run in ceil(G / C) rounds, unless they wait on
    CTAs launched after them (shift): a wave cut by the dispatch front waits for its rest."""
    p = full(6, 4, batch=3, heads=5, num_sms=7)          # G = 60 CTAs, C = 7
    for s in SCHEDULES:
        t = build_tables(p, s)
        res = simulate(t, p, Costs(c=1.0, r=0.0))
        if t.forward_waits:
            assert res.makespan > np.ceil(60 / 7) * 6
            assert res.slot_held.sum() > 60 * 6
        else:
            assert res.makespan == pytest.approx(np.ceil(60 / 7) * 6)
            assert res.slot_held.sum() == pytest.approx(60 * 6)
        assert res.slot_busy.sum() == pytest.approx(60 * 6)
        assert res.instances == 15 and len(res.cta_start) == 60
        assert np.all(np.diff(res.cta_start) >= 0)        # dispatched in linear order


def test_reduced_instances():
    p = full(8, 4, batch=4, heads=8)
    res = simulate(build_tables(p, "shift"), p, FIRST_ORDER, max_visits=100)
    assert res.instances == 3 and res.total_instances == 32


def test_simulation_detects_deadlock():
    p = full(12, 8)
    t = build_tables(p, "shift", wave_size=8)
    with pytest.raises(RuntimeError, match="deadlock"):
        simulate(t, p.replace(num_sms=4), FIRST_ORDER)


def test_critical_path():
    p = full(10, 6)
    for s in ("ascending", "shift"):
        res = sim(p, s)
        seg = [x for x in res.critical_path if x[0] != "wait"]
        assert seg[0][4] == pytest.approx(0.0)
        assert seg[-1][5] == pytest.approx(res.makespan)
        for a, b in zip(seg, seg[1:]):
            assert b[4] == pytest.approx(a[5])
    # ascending: the path runs through the ticket chain of the last Q tile
    path = sim(p, "ascending").critical_path
    assert any(x[0] == "wait" for x in path)


def test_memory_penalty():
    M, P = 10, 5
    p = full(M, P)
    co = Costs(c=1.0, r=0.0, mem=0.5, slack=0)
    # ascending: all P CTAs read the same Q tile in a step and share the load
    assert sim(p, "ascending", co).makespan == pytest.approx(M * (1.0 + 0.5 / P))
    # shift spreads them over P tiles: each pays it
    assert sim(p, "shift", co).makespan == pytest.approx(M * 1.5)


# ---- the calibrated model's mechanisms: handoff, the dQ buffer, the atomic path ----
def test_handoff_closed_forms():
    """slack = 0: the ticket chain's period is r + handoff; shift never waits on it."""
    M, P, h = 12, 6, 0.1
    p = full(M, P)
    co = dataclasses.replace(FIRST_ORDER, handoff=h)
    c, r = co.c, co.r
    asc = sim(p, "ascending", co)
    assert np.allclose(asc.cta_end, M * (c + r) + np.arange(P) * (r + h))
    assert sim(p, "shift", co).makespan == pytest.approx(M * (c + r))


def test_atomic_path_has_no_chain():
    p = full(10, 6)
    t = build_tables(p, "ascending")
    res = simulate(t, p, dataclasses.replace(FIRST_ORDER, handoff=0.3), ordered=False)
    assert res.makespan == pytest.approx(10 * (FIRST_ORDER.c + FIRST_ORDER.r))
    assert not res.r_chain_wait.any()


@pytest.mark.parametrize("schedule", ["ascending", "descending", "spt", "shift_causal"])
def test_buffer_semantics(schedule):
    """read = x: every node starts exactly when its last input is ready (max-plus identities)."""
    p = causal(1024, batch=2, heads=3, num_sms=5)
    co = Costs(c=1.0, r=0.45, handoff=0.2, read=0.1, setup=1.5)
    t = build_tables(p, schedule, wave_size=p.capacity)  # waves that fit the 5 slots
    res = simulate(t, p, co)
    T = len(t.visit_m)
    # a CTA's visits are contiguous, in the visit arrays of its instance
    first = res.cta_instance[res.v_cta] * T + t.visit_offsets[res.cta_n[res.v_cta]]
    step = np.arange(len(res.v_cta)) - first
    ready = res.c_end.copy()                                    # partial dQ in the buffer
    late = step > 0
    ready[late] = np.maximum(res.c_end[late], res.r_start[np.flatnonzero(late) - 1] + co.read)
    # compute: the CTA's setup, then back to back with the previous step's store
    assert np.allclose(res.c_start[~late], res.cta_start[res.v_cta[~late]] + co.setup)
    assert np.allclose(res.c_start[late], ready[np.flatnonzero(late) - 1])
    # reduction: after its own store and the writer's previous add, or the chain (+ handoff)
    prev_r = np.where(late, np.r_[0.0, res.r_end[:-1]], -np.inf)
    assert np.all(res.r_start >= np.maximum(ready, prev_r) - 1e-9)
    free = np.isclose(res.r_start, np.maximum(ready, prev_r))
    assert np.all(free | res.r_chain_wait)
    assert np.allclose(res.r_end - res.r_start, co.r)


@pytest.mark.parametrize("costs", [Costs(r=0.3, handoff=0.1, read=0.1, setup=2.0), Costs(r=0.25, slack=1),
                                   Costs(r=0.3, slack=2, mem=0.4, handoff=0.05)])
@pytest.mark.parametrize("ordered", [True, False])
def test_lean_simulation_matches_detail(costs, ordered):
    for p in (causal(1536, batch=3, heads=5, num_sms=37), full(9, 7, batch=2, heads=4, num_sms=11)):
        for s in SCHEDULES:
            t = build_tables(p, s)
            a = simulate(t, p, costs, ordered=ordered)
            b = simulate(t, p, costs, ordered=ordered, detail=False)
            assert np.allclose(a.cta_end, b.cta_end) and np.array_equal(a.cta_slot, b.cta_slot), s
            assert np.allclose(a.slot_busy, b.slot_busy) and a.makespan == pytest.approx(b.makespan)


@pytest.mark.parametrize("S,hd,mask_causal,B,H", [(2048, 128, False, 8, 16), (4096, 64, True, 4, 32),
                                                  (4096, 128, False, 4, 16), (2048, 64, True, 8, 32),
                                                  (8192, 128, False, 2, 16), (8192, 128, True, 2, 16)])
def test_estimate_extrapolates(S, hd, mask_causal, B, H):
    """Simulating half of the instances predicts the whole grid within 1%; at 8k (64 KV tiles)
    the shift family's two waves per head are folded across the instances (grid.py), as are
    shift's two waves where its wave is cut to fit the stride (2k and 4k at hdim 128)."""
    p = Problem.for_hdim(S, head_dim=hd, causal=mask_causal, batch=B, heads=H)
    co = default_costs(p)
    for s in ("ascending", "spt", "shift" if not mask_causal else "shift_causal"):
        t = build_tables(p, s)
        # folded: the shift family's two waves at 8k, and shift's wave cut to fit its stride where
        # M < 2 min(N, 32) (tables.shift_wave: these shapes have 128 or more instances)
        cut = s == "shift" and p.num_m < 2 * min(p.num_n, 32)
        assert (t.launch_wave < t.num_n) == ((S == 8192 and s.startswith("shift")) or cut)
        whole = simulate(t, p, co, detail=False)
        part = simulate(t, p, co, detail=False, max_visits=len(t.visit_m) * p.instances // 2)
        assert part.instances < whole.instances and whole.estimate == whole.makespan
        assert part.estimate == pytest.approx(whole.makespan, rel=0.01), s


def test_signature_and_predict():
    """Full mask: ascending, descending and spt are one schedule up to renaming; predict()
    simulates it once and never returns fallbacks."""
    pf, pc = Problem.for_hdim(2048, head_dim=64, batch=2, heads=4), causal(2048, batch=2, heads=4)
    sig = {s: signature(build_tables(pf, s), pf.capacity) for s in SCHEDULES}
    assert sig["ascending"] == sig["descending"] == sig["spt"] != sig["shift"]
    assert sig["shift_causal"] == sig["descending"]                    # built as descending
    sig = {s: signature(build_tables(pc, s), pc.capacity) for s in ("ascending", "descending", "spt", "shift_causal")}
    assert len(set(sig.values())) == 4
    pr = predict(pf, atomic=True)
    assert set(pr) == {"ascending", "descending", "spt", "shift", "atomic"}
    assert pr["ascending"] == pr["descending"] == pr["spt"]
    assert set(predict(pc)) == {"ascending", "descending", "spt", "shift_causal"}
    assert pick(pr) == "shift" and pick({"ascending": 1.009, "shift": 1.0}) == "ascending"


def test_default_costs():
    p64, p128 = (Problem.for_hdim(1024, head_dim=d) for d in (64, 128))
    assert default_costs(p64, "NVIDIA H100 80GB HBM3") is COSTS[("H100", 64)]
    assert default_costs(p128) is COSTS[(DEFAULT_GPU, 128)]
    assert default_costs(p128, "NVIDIA H200") is COSTS[(DEFAULT_GPU, 128)]    # documented default
    assert default_costs(p64.replace(head_dim=96)) is COSTS[(DEFAULT_GPU, 64)]  # nearest, ties down
    assert default_costs(p64.replace(head_dim=256)) is COSTS[(DEFAULT_GPU, 128)]


def test_choose_is_fast():
    """ops.py asks choose() once per shape: the largest common shapes stay well under 0.5 s
    (asserted with room for a loaded machine)."""
    for hd, heads in ((128, 16), (64, 32)):
        p = Problem.for_hdim(16384, head_dim=hd, causal=True, batch=1, heads=heads)
        t0 = time.perf_counter()
        predict(p)
        assert time.perf_counter() - t0 < 1.5


# ---- choice ----
def test_choose():
    assert choose(Problem.for_hdim(2048, head_dim=128, batch=8, heads=16)) == "shift"
    c = choose(causal(8192, batch=2, heads=16))
    assert c in ("descending", "spt", "shift_causal")
    # No reduction cost: all schedules tie, the simplest wins; fallbacks are never returned.
    assert choose(Problem.for_hdim(2048, head_dim=128), Costs(r=0.0)) == "ascending"
    assert choose(causal(4096, batch=4, heads=16)) != "shift"


def test_compare_and_speedups():
    from dash.schedule import speedups

    res = compare(causal(2048, batch=2, heads=4))
    assert set(res) == set(SCHEDULES)
    up = speedups(res)
    assert up["ascending"] == 1.0 and up["spt"] > 1.05


# ---- pictures and CLI ----
def test_coverage():
    from dash.schedule.plot import _coverage

    cov = _coverage(np.array([0, 0, 1]), np.array([0.5, 2.0, 1.0]), np.array([1.5, 2.5, 3.0]), 2,
                    np.array([0.0, 1.0, 2.0, 3.0]))
    assert cov.tolist() == [[0.5, 0.5, 0.5], [0.0, 1.0, 1.0]]


def test_plot(tmp_path):
    pytest.importorskip("matplotlib")
    from dash.schedule import plot_comparison

    p = causal(1024, batch=2, heads=4)
    out = plot_comparison(compare(p), str(tmp_path / "g.png"), p)
    assert open(out, "rb").read(8) == b"\x89PNG\r\n\x1a\n"


def test_cli(tmp_path):
    pytest.importorskip("matplotlib")
    png = tmp_path / "out.png"
    r = subprocess.run([sys.executable, "-m", "dash.schedule", "--seqlen", "2048", "--hdim", "128", "--causal",
                        "--heads", "4", "--plot", str(png)], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    for s in SCHEDULES:
        assert s in r.stdout
    assert "<- chosen" in r.stdout and "vs ascending" in r.stdout
    assert png.read_bytes()[:4] == b"\x89PNG"
    r = subprocess.run([sys.executable, "-m", "dash.schedule", "--seqlen", "1000", "--seqlen-k", "3000",
                        "--hdim", "64", "--window", "256", "0", "--schedule", "shift", "--num-sms", "78",
                        "--plot", str(png)], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert "built descending" in r.stdout
