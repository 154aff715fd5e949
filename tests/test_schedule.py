"""dash.schedule: masks, tables, checks (CPU only, fast)."""
import dataclasses
import time

import numpy as np
import pytest

from dash.schedule import SCHEDULES, Problem, build_tables, check, min_capacity, tile_mask
from dash.schedule.problem import col_ranges, element_mask
from dash.schedule.tables import WAVE_LIMIT, ScheduleTables, _Ctx

MASKS = {
    "full": dict(mask="full"),
    "causal": dict(mask="causal"),
    "win_256_0": dict(mask="window", window=(256, 0)),
    "win_100_300": dict(mask="window", window=(100, 300)),
    "win_inf_64": dict(mask="window", window=(-1, 64)),
    "win_512_inf": dict(mask="window", window=(512, -1)),
}
# (seqlen_q, seqlen_k, block_m, block_n): odd lengths, Sq != Sk both ways, one tile, N > 132.
SHAPES = [
    (1, 1, 64, 128),
    (64, 128, 64, 128),
    (1000, 1000, 64, 128),
    (1000, 1300, 64, 128),
    (1300, 1000, 64, 128),
    (4097, 4097, 64, 128),
    (3000, 777, 128, 128),
    (777, 3000, 128, 128),
    (20000, 20000, 64, 128),
]


def problem(shape, mask, **kw):
    sq, sk, bm, bn = shape
    return Problem(seqlen_q=sq, seqlen_k=sk, block_m=bm, block_n=bn, **MASKS[mask], **kw)


def brute_tile_mask(p):
    e = element_mask(p)
    M, N = p.num_m, p.num_n
    pad = np.zeros((M * p.block_m, N * p.block_n), dtype=bool)
    pad[:p.seqlen_q, :p.seqlen_k] = e
    return pad.reshape(M, p.block_m, N, p.block_n).any(axis=(1, 3))


# ---- masks ----
@pytest.mark.parametrize("mask", list(MASKS))
@pytest.mark.parametrize("shape", [s for s in SHAPES if s[0] * s[1] <= 2e7] + [(300, 50, 64, 16), (50, 300, 16, 64)])
def test_tile_mask_matches_elements(shape, mask):
    p = problem(shape, mask)
    tm = tile_mask(p)
    assert np.array_equal(tm, brute_tile_mask(p))
    m_lo, m_hi = col_ranges(p)
    for n in range(p.num_n):
        rows = np.flatnonzero(tm[:, n])
        assert list(rows) == list(range(m_lo[n], m_hi[n]))


def test_causal_bottom_right():
    # Sq > Sk: the first Sq - Sk query rows attend nothing (FA3 alignment).
    p = Problem(seqlen_q=256, seqlen_k=128, block_m=64, block_n=128, mask="causal")
    assert list(tile_mask(p)[:, 0]) == [False, False, True, True]
    # Sq < Sk: the first query row already sees Sk - Sq + 1 keys.
    p = Problem(seqlen_q=64, seqlen_k=512, block_m=64, block_n=128, mask="causal")
    assert tile_mask(p).tolist() == [[True, True, True, True]]


# ---- validity and deadlock freedom of every schedule ----
@pytest.mark.parametrize("mask", list(MASKS))
@pytest.mark.parametrize("shape", SHAPES)
def test_every_schedule_valid(shape, mask):
    # Any device with WAVE_LIMIT free SMs runs every table (32: the fewest there can be).
    for sms in (132, 114, 78, WAVE_LIMIT):
        p = problem(shape, mask, num_sms=sms)
        for s in SCHEDULES:
            t = build_tables(p, s)
            check(t, p)
            assert t.coresident_needed <= min(p.capacity, WAVE_LIMIT)
            assert t.name == s and t.built_as in SCHEDULES


@pytest.mark.parametrize("s", SCHEDULES)
def test_table_format(s):
    p = Problem.for_hdim(3000, 2500, 128, causal=True)
    t = build_tables(p, s)
    M, N = p.num_m, p.num_n
    for a in (t.launch_order, t.visit_offsets, t.visit_m, t.rank, t.num_contrib):
        assert a.dtype == np.int32 and a.flags.c_contiguous and not a.flags.writeable
    assert t.launch_order.shape == (N,) and t.visit_offsets.shape == (N + 1,)
    assert t.rank.shape == (M, N) and t.num_contrib.shape == (M,)
    mask = tile_mask(p)
    for m in range(M):
        r = np.sort(t.rank[m][mask[m]])
        assert list(r) == list(range(t.num_contrib[m]))
    assert np.all(t.rank[~mask] == -1)
    for n in range(N):  # visit lists hold exactly the unmasked rows of n
        assert sorted(t.visits(n)) == list(np.flatnonzero(mask[:, n]))


@pytest.mark.parametrize("s", SCHEDULES)
def test_independent_of_heads_and_batch(s):
    a = build_tables(Problem.for_hdim(5000, head_dim=64, causal=True), s)
    b = build_tables(Problem.for_hdim(5000, head_dim=64, causal=True, batch=7, heads=24, heads_kv=8), s)
    for k, v in a.kernel_arrays().items():
        assert np.array_equal(v, getattr(b, k)), k
    assert a.wave_size == b.wave_size


def test_worked_example_design_s3():
    """DESIGN §3: full mask, M = 5 Q tiles, one wave of P = 3 KV tiles."""
    p = Problem(seqlen_q=5 * 64, seqlen_k=3 * 128, block_m=64, block_n=128)
    t = build_tables(p, "shift")
    assert t.wave_size == 3 and list(t.launch_order) == [0, 1, 2]
    steps = np.array([t.visits(j) for j in range(3)]).T  # [step, CTA]
    assert steps.tolist() == [[0, 1, 2], [1, 2, 3], [2, 3, 4], [3, 4, 0], [4, 0, 1]]
    # Q tile 0 is reached by CTA 0 (t=0), CTA 2 (t=3), CTA 1 (t=4): ranks 0, 1, 2 in that order.
    assert [t.rank[0, j] for j in (0, 2, 1)] == [0, 1, 2]
    # Q tile 3 by CTA 2 (t=1), CTA 1 (t=2), CTA 0 (t=3).
    assert [t.rank[3, j] for j in (2, 1, 0)] == [0, 1, 2]
    # rank(q, j) = (min(q, P-1) - j) mod P
    for q in range(5):
        for j in range(3):
            assert t.rank[q, j] == (min(q, 2) - j) % 3
    # No two CTAs share a Q tile in a step, and every wait is on an earlier step.
    assert all(len(set(row)) == 3 for row in steps.tolist())
    check(t, p)
    assert min_capacity(t) == 3


@pytest.mark.parametrize("W", [1, 3, 7, 132])
@pytest.mark.parametrize("seq", [(1000, 1000), (4097, 1500), (700, 9000)])
def test_shift_ranks_are_lockstep_arrival(seq, W):
    """The closed forms of shift and shift_causal equal the generic rank-by-arrival."""
    for mask, s in (("full", "shift"), ("causal", "shift_causal")):
        p = Problem.for_hdim(*seq, 128, causal=mask == "causal")
        t = build_tables(p, s, wave_size=W)
        if t.built_as != s:
            continue
        ctx = _Ctx(p)
        assert np.array_equal(t.rank, ctx.arrival_rank(t.visit_m.astype(np.int64), t.launch_order, t.wave_size))
        check(t, p)


def test_shift_waves_and_earlier_waves_ranked_first():
    p = Problem(seqlen_q=64 * 10, seqlen_k=128 * 7)  # M = 10, N = 7
    t = build_tables(p, "shift", wave_size=3)    # waves {0,1,2} {3,4,5} {6}
    assert t.wave_size == 3
    assert np.all(t.rank[:, 3:6] >= 3) and np.all(t.rank[:, 6] == 6)
    assert t.visits(6).tolist() == list(range(10))
    check(t, p)


def test_shift_causal_fallbacks():
    ok = build_tables(Problem.for_hdim(8192, head_dim=128, causal=True), "shift_causal")
    assert ok.built_as == "shift_causal" and ok.wave_size == WAVE_LIMIT and ok.note == ""
    # each CTA starts on its own diagonal row: no two share a Q tile in a step
    assert len({int(ok.visits(n)[0]) for n in range(64)}) == 64
    for p in (Problem.for_hdim(8192, head_dim=128),                        # full mask
              Problem.for_hdim(2048, 8192, 128, causal=True)):              # Sk > Sq
        t = build_tables(p, "shift_causal")
        assert t.built_as == "descending" and "shift_causal needs" in t.note
        d = build_tables(p, "descending")
        assert all(np.array_equal(getattr(t, k), getattr(d, k)) for k in d.kernel_arrays())
    t = build_tables(Problem.for_hdim(4096, head_dim=128, causal=True), "shift")
    assert t.built_as == "descending" and "full mask" in t.note


def test_spt_full_is_mirrored_ascending():
    p = Problem.for_hdim(3000, head_dim=128)
    a, s = build_tables(p, "ascending"), build_tables(p, "spt")
    N = p.num_n
    assert list(s.launch_order) == list(range(N))[::-1]
    assert np.array_equal(s.rank, a.rank[:, ::-1])


def test_spt_causal_ranks_from_diagonal():
    p = Problem.for_hdim(4096, head_dim=128, causal=True)
    t = build_tables(p, "spt")
    for m in range(p.num_m):
        n_diag = m // 2   # block_n = 2 block_m
        assert t.rank[m, n_diag] == 0 and t.rank[m, 0] == n_diag


def test_waits_and_coresidency():
    p = Problem.for_hdim(8192, head_dim=128, causal=True)
    for s in ("ascending", "descending", "spt"):
        t = build_tables(p, s)
        assert t.wave_size == p.num_n and not t.forward_waits and t.coresident_needed == 1
        assert min_capacity(t) == 1
    t = build_tables(p, "shift_causal")
    assert t.forward_waits and t.coresident_needed == t.wave_size == WAVE_LIMIT     # N = 64


def test_build_is_fast_at_128k():
    for causal in (False, True):
        p = Problem.for_hdim(131072, head_dim=128, causal=causal)
        assert (p.num_m, p.num_n) == ((2048 if causal else 1639), 1024)
        for s in SCHEDULES:
            t0 = time.perf_counter()
            build_tables(p, s)
            assert time.perf_counter() - t0 < 3.0, s


# ---- checks catch broken tables ----
def _tables(t, **kw):
    d = dict(name=t.name, launch_order=t.launch_order, visit_offsets=t.visit_offsets, visit_m=t.visit_m,
             rank=t.rank, num_contrib=t.num_contrib, wave_size=t.wave_size)
    for k, v in kw.items():
        d[k] = np.ascontiguousarray(v, dtype=np.int32) if isinstance(v, (np.ndarray, list)) else v
    return ScheduleTables(**d)


@pytest.fixture
def small():
    p = Problem(seqlen_q=64 * 4, seqlen_k=128 * 3)  # full, M = 4, N = 3
    return p, build_tables(p, "ascending")


def test_check_coverage_errors(small):
    p, t = small
    v = t.visit_m.copy()
    v[1] = v[0]
    with pytest.raises(ValueError, match="more than once"):
        check(_tables(t, visit_m=v), p)
    pc = Problem.for_hdim(64 * 4, 128 * 2, 128, causal=True)
    tc = build_tables(pc, "ascending")
    full = build_tables(Problem(seqlen_q=64 * 4, seqlen_k=128 * 2), "ascending")
    with pytest.raises(ValueError, match="masked pair"):
        check(_tables(tc, visit_m=full.visit_m, visit_offsets=full.visit_offsets), pc)
    with pytest.raises(ValueError, match="visit_offsets"):
        check(_tables(t, visit_offsets=[0, 4, 8, 11]), p)
    with pytest.raises(ValueError, match="permutation of 0..N-1"):
        check(_tables(t, launch_order=[0, 0, 1]), p)
    with pytest.raises(ValueError, match="int32"):
        check(dataclasses.replace(t, rank=t.rank.astype(np.int64)), p)


def test_check_rank_errors(small):
    p, t = small
    r = t.rank.copy()
    r[2, 1] = 0
    with pytest.raises(ValueError, match="more than one KV tile"):
        check(_tables(t, rank=r), p)
    r = t.rank.copy()
    r[2, 1] = 3
    with pytest.raises(ValueError, match="only 3 contributors"):
        check(_tables(t, rank=r), p)
    r = t.rank.copy()
    r[0, 0] = -1
    with pytest.raises(ValueError, match="without a rank"):
        check(_tables(t, rank=r), p)


def test_check_finds_cycle():
    p = Problem(seqlen_q=64 * 2, seqlen_k=128 * 2)  # M = N = 2
    t = build_tables(p, "ascending")
    # CTA 0 visits 0 then 1, CTA 1 visits 1 then 0; Q tile 0 goes to CTA 1 first, Q tile 1 to CTA 0.
    bad = _tables(t, visit_m=[0, 1, 1, 0], rank=[[1, 0], [0, 1]], wave_size=2)
    with pytest.raises(ValueError, match="cycle"):
        check(bad, p)
    with pytest.raises(ValueError, match="cycle"):
        min_capacity(bad)


def test_check_wave_contract_and_capacity():
    p = Problem(seqlen_q=64 * 12, seqlen_k=128 * 8)      # M = 12, N = 8
    t = build_tables(p, "shift", wave_size=8)
    check(t, p)
    assert min_capacity(t) == 8
    # A smaller co-resident count than the wave: deadlock, reported with what it needs.
    with pytest.raises(ValueError, match="needs at least 8"):
        check(t, p, capacity=5)
    with pytest.raises(ValueError, match="needs at least 8"):
        check(t, p.replace(num_sms=10, sm_margin=3))
    # A table that claims smaller waves than its waits span breaks the wave contract.
    with pytest.raises(ValueError, match="outside its wave of 4"):
        check(_tables(t, wave_size=4), p)
    # Waves of 4 are fine with 5 slots.
    check(build_tables(p, "shift", wave_size=4), p, capacity=5)


def test_problem_validation():
    with pytest.raises(ValueError, match="mask"):
        Problem(seqlen_q=10, seqlen_k=10, mask="banded")
    with pytest.raises(ValueError, match="seqlen_q"):
        Problem(seqlen_q=0, seqlen_k=10)
    with pytest.raises(ValueError, match="heads_kv"):
        Problem(seqlen_q=10, seqlen_k=10, heads=6, heads_kv=4)
    with pytest.raises(ValueError, match="head_dim"):
        Problem.for_hdim(1024, head_dim=80)
    p = Problem.for_hdim(1024, head_dim=64, causal=True, window=(128, 5))
    assert (p.block_m, p.block_n, p.mask, p.window) == (128, 128, "window", (128, 0))
    assert Problem.for_hdim(1024, head_dim=128, num_sms=114, sm_margin=4, ctas_per_sm=2).capacity == 220
    with pytest.raises(ValueError, match="unknown schedule"):
        build_tables(p, "fastest")


def test_tile_table_has_one_row_per_head_dim_and_mask():
    """bwd_tiles.def, which the kernels include and the model reads: a full and a banded row for
    every head dim, sizes the kernels can take: whole 16-row k-blocks of the dQ GEMM and 64 key
    rows per MMA warpgroup (keys on M, head dims up to 128), or 64 query rows and whole groups of
    8 keys per warpgroup (dK/dV transposed, above 128; bwd_traits.h)."""
    from dash.schedule.problem import DEFAULT_TILES, HEAD_DIMS

    assert set(DEFAULT_TILES) == {(hd, mask) for hd in HEAD_DIMS for mask in ("full", "causal")}
    for (hd, mask), (bm, bn) in DEFAULT_TILES.items():
        if hd <= 128:
            assert bm % 16 == 0 and bn == 128, (hd, mask, bm, bn)
        else:
            assert bm == 64 and bn % 16 == 0, (hd, mask, bm, bn)


@pytest.mark.parametrize("head_dim", [64, 96, 128, 192, 256])
@pytest.mark.parametrize("causal", [False, True])
def test_python_tiles_are_the_kernels(head_dim, causal):
    """The model's tile table (problem.DEFAULT_TILES, read from dash/schedule/bwd_tiles.def) is
    the one the kernel dispatches on (bwd_tile_shape in csrc/bwd/bwd_config.cpp, from the same
    file): the tables' Q tiles are the kernel's."""
    from dash import _ext
    from dash.schedule.problem import default_tiles

    if not _ext.available():
        pytest.skip("dash._C (the CUDA extension) is not built")
    mask = "causal" if causal else "full"
    # (A build narrowed by DASH_HEAD_DIMS, CI's, reports the table's tiles of every head dim too;
    # only its calls into a head dim it left out are refused.)
    assert tuple(_ext.load().bwd_tile_shape(head_dim, causal)) == default_tiles(head_dim, mask)
    assert (Problem.for_hdim(4096, head_dim=head_dim, causal=causal).block_m,
            Problem.for_hdim(4096, head_dim=head_dim, causal=causal).block_n) == default_tiles(head_dim, mask)
