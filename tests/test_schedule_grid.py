"""CPU: the main kernel's launch order across (batch, head) instances (dash.schedule.grid, the
mirror of unfold_launch_position in csrc/bwd/bwd_grid.h), and the model following it."""
import dataclasses
import itertools

import numpy as np
import pytest

from dash.schedule import SCHEDULES, Costs, Problem, build_tables, check, min_capacity, simulate
from dash.schedule.grid import (dispatch_order, grouped_launch_position, launch_position, unfold_grouped_launch_position,
                                unfold_launch_position)
from dash.schedule.tables import WAVE_LIMIT

SMALL = [(N, W, I) for N in range(1, 11) for W in range(1, N + 1) for I in range(1, 6)]


def built_by_hand(N, W, I):
    """The fold as the docs describe it, by loops: every instance's wave 0, then every
    instance's wave 1, ...; inside one (instance, wave) its launch indices in order."""
    out = []
    for a in range(0, N, W):
        for i in range(I):
            out += [(j, i) for j in range(a, min(a + W, N))]
    return out


def test_the_closed_form_is_the_fold():
    for N, W, I in SMALL:
        j, i = dispatch_order(N, W, I)
        assert list(zip(j.tolist(), i.tolist())) == built_by_hand(N, W, I), (N, W, I)
        # a bijection onto [0, N * I), launch_position its inverse
        assert launch_position(j, i, N, W, I).tolist() == list(range(N * I))
        jj, ii = np.meshgrid(np.arange(N), np.arange(I))
        pos = launch_position(jj, ii, N, W, I)
        assert sorted(pos.ravel().tolist()) == list(range(N * I))
        back_j, back_i = unfold_launch_position(pos, N, W, I)
        assert np.array_equal(back_j, jj) and np.array_equal(back_i, ii)


def test_the_fold_keeps_what_liveness_needs():
    """Each head's launch indices keep their order; a head's wave is consecutive positions; its
    wave k lies entirely before its wave k + 1. So a wait on an earlier launch index of the own
    head is a wait on an earlier position, and a wave stays a window of W positions."""
    for N, W, I in SMALL:
        pos = launch_position(np.arange(N)[None, :], np.arange(I)[:, None], N, W, I)
        for i in range(I):
            assert np.all(np.diff(pos[i]) > 0)
            for a in range(0, N, W):
                wave = pos[i, a:a + W]
                assert np.array_equal(wave, np.arange(wave[0], wave[0] + len(wave)))
                if a + W < N:
                    assert wave.max() < pos[i, a + W:a + 2 * W].min()


def test_the_grouped_fold_is_one_fold_per_group():
    """Groups of G instances, each folded on its own, group after group (the last smaller); the
    closed form against loops, a bijection, and each group keeps what liveness needs."""
    for N, W, I in SMALL:
        for G in range(1, I + 2):
            want = []
            for first in range(0, I, G):
                size = min(G, I - first)
                want += [(j, first + i) for j, i in built_by_hand(N, W, size)]
            j, i = dispatch_order(N, W, I, G)
            assert list(zip(j.tolist(), i.tolist())) == want, (N, W, I, G)
            pos = grouped_launch_position(j, i, N, W, I, G)
            assert pos.tolist() == list(range(N * I))
            back_j, back_i = unfold_grouped_launch_position(pos, N, W, I, G)
            assert np.array_equal(back_j, j) and np.array_equal(back_i, i)
            per_head = grouped_launch_position(np.arange(N)[None, :], np.arange(I)[:, None], N, W, I, G)
            for h in range(I):
                assert np.all(np.diff(per_head[h]) > 0)
                for a in range(0, N, W):
                    wave = per_head[h, a:a + W]
                    assert np.array_equal(wave, np.arange(wave[0], wave[0] + len(wave)))


@pytest.mark.parametrize("N,I", [(1, 1), (7, 1), (7, 4), (64, 32)])
def test_a_wave_of_all_tiles_is_the_instance_major_order(N, I):
    j, i = dispatch_order(N, N, I)
    assert np.array_equal(j + N * i, np.arange(N * I))
    j, i = dispatch_order(N, max(1, N // 3), 1)     # one instance: any wave is the identity
    assert np.array_equal(j, np.arange(N)) and not i.any()


def test_scalars_and_bad_arguments():
    assert launch_position(9, 1, 10, 4, 3) == 8 * 3 + 1 * 2 + 1       # wave 2 holds tiles 8, 9
    j, i = unfold_launch_position(27, 10, 4, 3)
    assert (int(j), int(i)) == (9, 1)
    for N, W, I in ((0, 1, 1), (4, 0, 1), (4, 5, 1), (4, 2, 0)):
        with pytest.raises(ValueError):
            dispatch_order(N, W, I)


def test_the_kernels_decode_is_this_formula():
    """The device's unfold_launch_position, compiled for the host into the binding, against the
    Python formula, exhaustively on small grids (skips where the extension is not built)."""
    from dash import _ext

    if not _ext.has("bwd_unfold_launch_position"):
        pytest.skip("dash._C is not built, or predates bwd_unfold_launch_position")
    C = _ext.load()
    for N, heads, batch in itertools.product((1, 2, 5, 10, 33), (1, 3), (1, 2)):
        I = heads * batch
        for W in sorted({w for w in (1, 2, 3, N // 2, N - 1, N) if 1 <= w <= N}):
            j, i = dispatch_order(N, W, I)
            got = [C.bwd_unfold_launch_position(x, N, W, heads, batch) for x in range(N * I)]
            want = [(int(a), int(b) % heads, int(b) // heads) for a, b in zip(j, i)]
            assert got == want, (N, W, heads, batch)
            for G in (1, 2, 3, I):
                j, i = dispatch_order(N, W, I, G)
                got = [C.bwd_unfold_launch_position(x, N, W, heads, batch, G) for x in range(N * I)]
                want = [(int(a), int(b) % heads, int(b) // heads) for a, b in zip(j, i)]
                assert got == want, (N, W, heads, batch, G)
    with pytest.raises(ValueError):
        C.bwd_unfold_launch_position(0, 4, 5, 1, 1)     # a wave beyond N


# ---- which wave each schedule folds with ----
@pytest.mark.parametrize("seqlen,causal", [(2048, False), (8192, False), (5312, True), (16384, True)])
def test_launch_wave_per_schedule(seqlen, causal):
    p = Problem.for_hdim(seqlen, head_dim=128, causal=causal)
    for s in SCHEDULES:
        t = build_tables(p, s)
        if t.built_as in ("ascending", "descending", "spt"):
            assert t.launch_wave == p.num_n                      # no fold: instance-major
        else:
            assert t.launch_wave == t.wave_size <= WAVE_LIMIT    # the schedule's own waves
            assert (t.launch_wave < p.num_n) == (p.num_n > WAVE_LIMIT)


def test_launch_wave_is_clamped_to_the_tiles():
    p = Problem(seqlen_q=64 * 12, seqlen_k=128 * 8)
    t = build_tables(p, "shift", wave_size=8)
    assert dataclasses.replace(t, wave_size=100).launch_wave == 8


# ---- the model follows the fold ----
def test_simulation_dispatches_in_the_folded_order():
    p = Problem(seqlen_q=64 * 16, seqlen_k=128 * 10, batch=2, heads=3, num_sms=7)   # M = 16, N = 10
    t = build_tables(p, "shift", wave_size=4)                                      # waves 4, 4, 2
    for detail in (True, False):
        res = simulate(t, p, Costs(r=0.3, read=0.1, handoff=0.1, setup=1.0), detail=detail)
        j, i = dispatch_order(10, 4, 6)
        assert np.array_equal(res.cta_instance, i) and np.array_equal(res.cta_n, t.launch_order[j])
        assert np.all(np.diff(res.cta_start) >= 0)


def test_the_fold_keeps_a_heads_waves_apart_in_the_model():
    """Shift with two waves per head ranks wave 1 after wave 0 on every Q tile. Instance-major,
    wave 1 starts right behind wave 0 and waits; folded, the other heads' waves 0 run between
    them and wave 1 does not wait here. (With shift's stride of 2 here, M = 2P, a wave's contributors
    to a Q tile arrive two steps apart, so fewer of wave 1's turns wait unfolded than with stride 1:
    6% of them, against 19% at M = 12, where the stride is 1.)"""
    p = Problem(seqlen_q=64 * 16, seqlen_k=128 * 16, batch=2, heads=8, num_sms=32)  # M = N = 16
    t = build_tables(p, "shift", wave_size=8)
    co = Costs(r=0.6, read=0.1, handoff=0.2)
    folded = simulate(t, p, co)
    unfolded = simulate(t, p, co, launch_wave=t.num_n)
    assert unfolded.r_chain_wait.mean() > 0.05 and not folded.r_chain_wait.any()
    assert folded.makespan < 1.05 * folded.lower_bound < 0.8 * unfolded.makespan


def test_check_replays_the_folded_grid():
    """check() replays the problem's instances in the launch order; a smaller capacity than the
    wave deadlocks whatever the instances, and names the instance of the stuck CTAs."""
    p = Problem(seqlen_q=64 * 12, seqlen_k=128 * 8, batch=2, heads=2)     # M = 12, N = 8
    t = build_tables(p, "shift", wave_size=3)                            # waves 3, 3, 2
    check(t, p, capacity=3)
    assert min_capacity(t, instances=4) == min_capacity(t) == 3
    with pytest.raises(ValueError, match="needs at least 3.*of instance"):
        check(t, p, capacity=2)


def test_choose_simulates_enough_instances_for_the_folded_waves():
    """Where choose() may pick the shift family with its waves folded (once it decides on the
    folded order, SHIFT_FOLDED_MEASURED), the instances its simulation covers hold at least the
    nominal device's slots in one wave each (instances x W >= C) or are all of them:
    SimResult.estimate's folded extrapolation holds there (docs/schedules.md, Simulation).
    Checked on the choice table's grid, as rule.model_picks shares the visit budget."""
    from dash.schedule import rule
    from dash.schedule.choose import SHIFT_FAMILY, VISIT_BUDGET, candidates, signature
    from dash.schedule.problem import HEAD_DIMS

    folded = 0
    for hd in HEAD_DIMS:
        for mask in ("full", "causal"):
            for sq, sk in rule._grid_shapes():
                p = Problem.for_hdim(sq, sk, hd, causal=mask == "causal").on_nominal_device()
                cands = candidates(p)
                if not set(SHIFT_FAMILY) & set(cands):
                    continue
                tables = {s: build_tables(p, s) for s in cands}
                todo = {signature(t, p.capacity): t for s, t in tables.items() if t.built_as == s}
                cap = max(1, VISIT_BUDGET // len(todo))
                for t in todo.values():
                    if t.launch_wave == t.num_n:
                        continue
                    folded += 1
                    T = len(t.visit_m)
                    for b in rule.INSTANCE_BUCKETS:
                        simulated = b if T * b <= cap else max(1, cap // T)
                        assert simulated == b or simulated * t.launch_wave >= rule.CAPACITY, (hd, mask, sq, sk, b)
    assert folded > 0


def test_choose_decides_on_the_folded_order_once_measured(monkeypatch):
    """SHIFT_FOLDED_MEASURED: unset, choose() ranks the schedules on the instance-major order the
    first benchmarks measured, and the shift family loses at 8k; set (the H100 since the fold
    was measured), it decides on the folded order the kernel runs, and the model's pick at 8k is
    the folded shift family. The precomputed table (choice_table.py) agrees with the simulation."""
    import sys

    import dash.schedule.choose  # noqa: F401
    from dash.schedule import choose
    from dash.schedule.choose import predict

    choose_mod = sys.modules["dash.schedule.choose"]
    assert choose_mod.SHIFT_FOLDED_MEASURED["H100"] is True
    full = Problem.for_hdim(8192, head_dim=128, batch=2, heads=16).on_nominal_device()    # N = 64: waves of 32
    causal = Problem.for_hdim(8192, head_dim=128, causal=True, batch=2, heads=16).on_nominal_device()
    for p, s, other in ((full, "shift", "ascending"), (causal, "shift_causal", "spt")):
        unfolded = predict(p, schedules=(other, s), folded=False)
        folded = predict(p, schedules=(other, s))
        assert unfolded[other] == folded[other]            # one order for the schedules without waves
        assert folded[s] < folded[other] < unfolded[s]
        assert choose(p) == choose(p, exact=True) == s
    monkeypatch.setitem(choose_mod.SHIFT_FOLDED_MEASURED, "H100", False)
    choose_mod._choose.cache_clear()
    try:
        assert choose(full, exact=True) == "ascending"
        assert choose(causal, exact=True) == "spt"
    finally:
        choose_mod._choose.cache_clear()


@pytest.mark.parametrize("hdim,mask,seqlen,batch,heads,schedule,deterministic,want", [
    # (l2_group: 32 instances at hdim 64 / 2k, 8 at 8k, 16 at hdim 128 / 2k)
    (64, "causal", 2048, 8, 32, "spt", True, 4),           # short causal spt: the cap
    (64, "causal", 2048, 8, 32, "ascending", False, 4),     # the atomic path (ascending's tables): the cap
    (64, "full", 2048, 8, 32, "ascending", True, 32),       # deterministic ascending keeps l2_group
    (64, "causal", 2048, 8, 32, "descending", True, 32),
    (64, "full", 2048, 8, 32, "spt", True, 32),             # spt at full masks keeps l2_group
    (64, "causal", 8192, 2, 32, "spt", True, 8),            # 64 KV tiles: past SHORT_SPT_KV_TILES
    (64, "causal", 8192, 2, 32, "descending", False, 4),
    (128, "causal", 2048, 8, 16, "spt", True, 4),
    (64, "causal", 16384, 1, 32, "ascending", False, 4),    # l2_group is 4 already
    (128, "causal", 16384, 1, 16, "spt", True, 2),          # l2_group below the cap stays
])
def test_launch_group_per_path(hdim, mask, seqlen, batch, heads, schedule, deterministic, want):
    """dash.ops.launch_group: l2_group, capped at SHORT_LAUNCH_GROUP for the atomic path and for
    spt on causal masks of at most SHORT_SPT_KV_TILES KV tiles (measured, bench/NOTES.md
    "Session 38"); launch_fold hands it to the kernel for the schedules without forward waits."""
    torch = pytest.importorskip("torch")
    from dash import ops

    problem = Problem(seqlen_q=seqlen, seqlen_k=seqlen, block_m=128 if hdim == 64 else 64, block_n=128, mask=mask,
                      batch=batch, heads=heads, head_dim=hdim)
    tables = ops.device_tables(build_tables(problem, schedule), schedule, torch.device("cpu"))
    assert ops.launch_group(tables, problem, deterministic) == want
    assert ops.launch_fold(tables, problem, deterministic) == (1, want)
    shift = "shift_causal" if mask == "causal" else "shift"
    shift_tables = ops.device_tables(build_tables(problem, shift), shift, torch.device("cpu"))
    assert ops.launch_fold(shift_tables, problem, deterministic) == (shift_tables.launch_wave, 0)
