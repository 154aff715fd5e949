"""CPU: the varlen schedule model (dash.schedule.varlen, docs/varlen.md). The scalar closed forms
(what a GPU thread would evaluate) against the host flat tables and the single-sequence builder,
packing invariance, the ragged grid's launch positions, and a replay of the ticket protocol over
the whole ragged grid with 32 co-resident CTAs."""
import itertools
import zlib

import numpy as np
import pytest

from dash.schedule import Problem, build_tables, check
from dash.schedule.problem import col_ranges, row_ranges
from dash.schedule.tables import SCHEDULES, applies
from dash.schedule.varlen import (ORDERS, band_of, build_grid, cta_program, build_varlen_tables, check_wave_contract,
                                  decode_position, evaluate_sequence, problem_mask, replay, seq_col_range,
                                  seq_row_range, seq_shift_causal_applies)

TILES = [(64, 128), (80, 128), (128, 128), (128, 64), (64, 64)]   # last two: block_n < or = block_m
# Masks as the varlen model takes them: full, causal, and sliding windows (left, right) with either
# side unbounded, windows shorter than a tile, and causal windows (right = 0).
MASKS = [False, True, (0, 0), (1, 0), (100, 0), (127, 0), (300, 0), (5, 7), (64, 64), (200, 17), (-1, 30),
         (40, -1), (0, 129), (513, 513)]
EDGE = [0, 1, 63, 64, 65, 127, 128, 129, 200, 256, 257]


def cu(lengths):
    return np.concatenate([[0], np.cumsum(lengths)]).astype(np.int64)


def random_batches(seed, count, max_len=700, max_b=7):
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(count):
        B = int(rng.integers(1, max_b + 1))
        pool = EDGE + list(rng.integers(0, max_len, size=4))
        sq = [int(rng.choice(pool)) for _ in range(B)]
        # unequal q/k for about half of the sequences
        sk = [s if rng.random() < 0.5 else int(rng.choice(pool)) for s in sq]
        out.append((sq, sk))
    return out


def test_ranges_are_the_problem_ranges():
    for (bm, bn), causal in itertools.product(TILES, MASKS):
        for sq, sk in itertools.product([1, 63, 64, 65, 128, 129, 300, 700], repeat=2):
            p = Problem(seqlen_q=sq, seqlen_k=sk, block_m=bm, block_n=bn, **problem_mask(causal))
            n_lo, n_hi = row_ranges(p)
            m_lo, m_hi = col_ranges(p)
            assert [seq_row_range(m, sq, sk, bm, bn, causal) for m in range(p.num_m)] == \
                list(zip(n_lo.tolist(), n_hi.tolist())), (sq, sk, bm, bn, causal)
            assert [seq_col_range(n, sq, sk, bm, bn, causal) for n in range(p.num_n)] == \
                list(zip(m_lo.tolist(), m_hi.tolist())), (sq, sk, bm, bn, causal)


def test_shift_causal_predicate_is_applies():
    """The closed form (block_n >= block_m) and the O(N) scan (block_n < block_m) agree with
    tables.applies on every shape of a grid around the tile edges."""
    lens = [1, 63, 64, 65, 127, 128, 129, 192, 255, 256, 257, 400, 1000, 2100, 4200]
    for (bm, bn), sq, sk in itertools.product(TILES, lens, lens):
        p = Problem(seqlen_q=sq, seqlen_k=sk, block_m=bm, block_n=bn, mask="causal")
        assert seq_shift_causal_applies(sq, sk, bm, bn, True) == (applies(p, "shift_causal") == ""), \
            (sq, sk, bm, bn)


def test_shift_causal_predicate_is_applies_over_windows():
    """With a sliding window the early KV tiles may see no row (seqlen_k > seqlen_q), which the
    scan skips: it agrees with tables.applies on every band of MASKS."""
    lens = [1, 63, 64, 65, 128, 129, 255, 256, 400, 1000, 2100, 4200]
    for (bm, bn), mask in itertools.product(TILES, MASKS[2:]):
        for sq, sk in itertools.product(lens, lens):
            p = Problem(seqlen_q=sq, seqlen_k=sk, block_m=bm, block_n=bn, **problem_mask(mask))
            assert seq_shift_causal_applies(sq, sk, bm, bn, mask) == (applies(p, "shift_causal") == ""), \
                (sq, sk, bm, bn, mask)


@pytest.mark.parametrize("schedule", SCHEDULES)
@pytest.mark.parametrize("causal", [False, True, (100, 0), (5, 7), (200, 17), (40, -1), (-1, 30)],
                         ids=["full", "causal", "w100,0", "w5,7", "w200,17", "w40,-1", "w-1,30"])
def test_closed_forms_equal_the_flat_tables_and_the_single_sequence_builder(schedule, causal):
    """Exhaustive per element on small ragged batches: every entry the scalar evaluator computes
    equals the flat host table, and each sequence's part equals build_tables for its shape."""
    for (bm, bn) in TILES[:4]:
        for sq, sk in random_batches(seed=zlib.crc32(f"{schedule} {causal} {bm} {bn}".encode()), count=4):
            vt = build_varlen_tables(cu(sq), cu(sk), bm, bn, causal, schedule)
            for b in range(vt.batch):
                ref = evaluate_sequence(schedule, sq[b], sk[b], bm, bn, causal)
                M, N = ref["M"], ref["N"]
                assert (vt.M[b], vt.N[b]) == (M, N)
                assert vt.built_as[b] == ref["built_as"], (sq[b], sk[b])
                assert vt.wave_size[b] == ref["wave_size"] and vt.launch_wave[b] == ref["launch_wave"]
                assert vt.launch_of(b).tolist() == ref["launch_order"]
                counts = [len(vt.visits(b, n)) for n in range(N)]
                assert counts == ref["visit_counts"]
                got_visits = [int(v) for n in range(N) for v in vt.visits(b, n)]
                assert got_visits == ref["visit_m"], (schedule, sq[b], sk[b])
                assert vt.rank_of(b).ravel().tolist() == ref["rank"], (schedule, sq[b], sk[b])
                assert vt.num_contrib[vt.q_off[b]:vt.q_off[b + 1]].tolist() == ref["num_contrib"]
                if sq[b] and sk[b]:
                    p = Problem(seqlen_q=sq[b], seqlen_k=sk[b], block_m=bm, block_n=bn, **problem_mask(causal))
                    t = build_tables(p, schedule)
                    check(t, p, capacity=32)
                    assert np.array_equal(vt.rank_of(b), t.rank)
                    assert vt.launch_of(b).tolist() == t.launch_order.tolist()
                    assert got_visits == t.visit_m.tolist()
                    assert vt.built_as[b] == t.built_as and vt.launch_wave[b] == t.launch_wave
                else:
                    assert ref["visit_m"] == [] and all(r == -1 for r in ref["rank"])


def test_closed_forms_at_longer_sequences():
    """Several waves per sequence (N > 32): the shift family's wave arithmetic."""
    for schedule, causal in [("shift", False), ("shift_causal", True), ("spt", True), ("ascending", False),
                             ("shift_causal", (1000, 0)), ("spt", (700, 0)), ("descending", (300, 300)),
                             ("shift_causal", (4096, 0))]:
        for sq, sk in [(64 * 70 + 5, 128 * 40 + 1), (4200, 4200), (128 * 33, 128 * 33 - 64), (3000, 9000)]:
            ref = evaluate_sequence(schedule, sq, sk, 64, 128, causal)
            t = build_tables(Problem(seqlen_q=sq, seqlen_k=sk, block_m=64, block_n=128, **problem_mask(causal)),
                             schedule)
            assert ref["built_as"] == t.built_as
            assert t.rank.ravel().tolist() == ref["rank"]
            assert t.visit_m.tolist() == ref["visit_m"]


@pytest.mark.parametrize("schedule", SCHEDULES)
def test_packing_invariance(schedule):
    """A sequence's tables depend only on its own lengths: reordering the batch, inserting empty
    sequences or changing its neighbours leaves them bit for bit the same."""
    rng = np.random.default_rng(7)
    for causal in (False, True):
        for sq, sk in random_batches(seed=11, count=5):
            vt = build_varlen_tables(cu(sq), cu(sk), 64, 128, causal, schedule)
            perm = rng.permutation(len(sq))
            # permuted, with empty sequences and a random neighbour spliced in
            sq2 = [0] + [sq[i] for i in perm] + [int(rng.integers(1, 900)), 0]
            sk2 = [0] + [sk[i] for i in perm] + [int(rng.integers(1, 900)), 5]
            vt2 = build_varlen_tables(cu(sq2), cu(sk2), 64, 128, causal, schedule)
            for new, old in enumerate(perm.tolist()):
                a, b = old, new + 1
                assert np.array_equal(vt.rank_of(a), vt2.rank_of(b))
                assert np.array_equal(vt.launch_of(a), vt2.launch_of(b))
                assert all(np.array_equal(vt.visits(a, n), vt2.visits(b, n)) for n in range(int(vt.N[a])))
                assert vt.built_as[a] == vt2.built_as[b]


@pytest.mark.parametrize("order", ORDERS)
def test_grid_positions_cover_every_cta_once(order):
    for sq, sk in random_batches(seed=3, count=6):
        for heads in (1, 3):
            vt = build_varlen_tables(cu(sq), cu(sk), 64, 128, True, "shift_causal")
            g = vt.grid(heads, order)
            seen = set()
            last = {}
            for x in range(g.size):
                d = decode_position(x, g, lambda b: vt.N[b], lambda b: vt.launch_wave[b])
                if d is None:
                    continue
                b, h, j = d
                assert (b, h, j) not in seen
                seen.add((b, h, j))
                # each (sequence, head) claims its launch indices in order
                assert last.get((b, h), -1) == j - 1
                last[(b, h)] = j
            assert seen == {(b, h, j) for b in range(vt.batch) for h in range(heads) for j in range(int(vt.N[b]))}
            if order == "index":   # scan-free: the size depends on the totals only
                assert g.size == heads * (sum(sk) // 128 + len(sk))


def test_index_grid_size_depends_only_on_the_totals():
    """CUDA-graph capture: any split of the same totals into the same number of sequences gives
    the same grid size (and the counters' bound H * (total_q // block_m + B))."""
    rng = np.random.default_rng(5)
    total, B = 5000, 9
    sizes = set()
    for _ in range(20):
        cuts = np.sort(rng.integers(0, total + 1, size=B - 1))
        ck = np.concatenate([[0], cuts, [total]])
        sizes.add(build_grid(ck, 128, 4, "index").size)
        lengths = np.diff(ck)
        assert sum(-(-lengths // 64)) <= total // 64 + B          # Q-tile counters fit the bound
    assert sizes == {4 * (total // 128 + B)}


def test_lpt_order_is_longest_first():
    sq = [100, 2000, 0, 700, 2000, 129]
    sk = [100, 2000, 300, 700, 1900, 129]
    g = build_grid(cu(sk), 128, 2, "lpt", cu(sq), 64)
    assert g.order.tolist() == [1, 4, 3, 2, 5, 0]
    assert g.size == 2 * sum(-(-np.array(sk) // 128))


@pytest.mark.parametrize("order", ORDERS)
@pytest.mark.parametrize("schedule", SCHEDULES)
def test_ragged_grid_replay_finishes_with_32_slots(schedule, order):
    """The ticket protocol over the whole ragged grid, all (sequence, head, KV tile) CTAs in the
    grid's launch order, 32 co-resident CTAs: no deadlock. Includes sequences of several waves."""
    batches = random_batches(seed=19, count=3, max_len=3000) + [
        ([4200, 0, 1, 128, 129, 2100], [4200, 77, 0, 128, 300, 2100]),
        ([128 * 40, 64 * 70 + 5], [128 * 40, 128 * 40 + 1]),
    ]
    for causal in (False, True):
        for sq, sk in batches:
            vt = build_varlen_tables(cu(sq), cu(sk), 64, 128, causal, schedule)
            check_wave_contract(vt)
            for heads in (1, 2):
                assert replay(vt, heads, 32, order) is None, (schedule, order, causal, sq, sk, heads)


def test_replay_finds_a_deadlock():
    """The replay is not vacuous: a shift wave of 32 needs 32 co-resident CTAs; with fewer the
    ragged grid deadlocks and the replay says so."""
    vt = build_varlen_tables(cu([4096, 100]), cu([4096, 100]), 128, 128, False, "shift")
    assert replay(vt, 1, 32) is None
    assert "stuck" in replay(vt, 1, 8)


@pytest.mark.parametrize("order", ORDERS)
def test_cta_program_from_cu_seqlens_alone(order):
    """Every launch position's CTA, computed from cu_seqlens (and, for lpt, the prep's order and
    base) by scalar closed forms, is the grid's CTA with the flat tables' visits and ranks; the
    scan-free Q-tile counter bases of different (sequence, head) never overlap."""
    for schedule in SCHEDULES:
        for causal in (False, True):
            for sq, sk in random_batches(seed=23, count=3) + [([4200, 0, 129], [4200, 300, 0])]:
                heads = 2
                cq, ck = cu(sq), cu(sk)
                vt = build_varlen_tables(cq, ck, 64, 128, causal, schedule)
                g = vt.grid(heads, order)
                prep = None if order == "index" else (g.order, g.base)
                used = set()
                for x in range(g.size):
                    got = cta_program(x, cq, ck, heads, 64, 128, causal, schedule, prep)
                    d = decode_position(x, g, lambda b: vt.N[b], lambda b: vt.launch_wave[b])
                    if d is None:
                        assert got is None
                        continue
                    b, h, j = d
                    n = int(vt.launch_of(b)[j])
                    gb, gh, gn, visits, cbase = got
                    assert (gb, gh, gn) == (b, h, n)
                    assert [m for m, _ in visits] == vt.visits(b, n).tolist()
                    assert [r for m, r in visits] == [int(vt.rank_of(b)[m, n]) for m, _ in visits]
                    if j == 0:
                        cells = set(range(cbase, cbase + int(vt.M[b])))
                        assert not cells & used
                        used |= cells
                assert max(used, default=-1) < heads * (sum(sq) // 64 + len(sq))
