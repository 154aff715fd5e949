"""dash.schedule: simulation against DESIGN §3's closed forms, choice, pictures, CLI (CPU only)."""
import subprocess
import sys

import numpy as np
import pytest

from dash.schedule import SCHEDULES, Costs, Problem, build_tables, choose, compare, simulate

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
