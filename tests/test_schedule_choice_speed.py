"""CPU: choose() answers a cold shape from the model's precomputed picks (dash/schedule/rule.py)
fast enough for the first backward call of a shape, the picks are the model's on the grid,
and the caches leave out what the tables and the choice do not depend on."""
import gc
import sys
import time

import pytest
import torch

import dash.schedule.choose  # noqa: F401
from dash.schedule import Problem, build_tables, choose, rule

choose_mod = sys.modules["dash.schedule.choose"]  # the module; dash.schedule.choose is the function


def cold(fn):
    """fn()'s result and its time with choose()'s caches cleared. The garbage collector is held
    off for the call: a full collection of the whole test session's objects (0.1-0.3 s) landing
    in the window is not the choice's cost, and made this a coin flip in full suite runs."""
    choose_mod._choose.cache_clear()
    rule._INDEX.clear()
    gc.disable()
    try:
        t0 = time.perf_counter()
        out = fn()
        return out, time.perf_counter() - t0
    finally:
        gc.enable()


@pytest.mark.parametrize("hd", [64, 96, 128, 192, 256])
@pytest.mark.parametrize("causal", [False, True])
def test_cold_choice_at_128k_tokens_is_fast(hd, causal):
    from dash.schedule import choice_table  # noqa: F401 - the table's one-time import (~0.1 s) is not per shape

    # seqlen 128k (one head): the simulation took 1.6-4.8 s here
    p = Problem.for_hdim(131072, head_dim=hd, causal=causal, batch=1, heads=16)
    s, t_choose = cold(lambda: choose(p))
    assert s in choose_mod.candidates(p)
    # 128k tokens as batch 8 x 16k: choose() and the tables the kernel reads
    q = Problem.for_hdim(16384, head_dim=hd, causal=causal, batch=8, heads=16)
    (_, tables), t_both = cold(lambda: (lambda s: (s, build_tables(q, s)))(choose(q)))
    assert tables.built_as == tables.name
    print(f"d{hd} causal={causal}: cold choose() at seqlen 128k {1e3 * t_choose:.2f} ms; "
          f"choose() + build_tables at 8 x 16k {1e3 * t_both:.2f} ms")
    # ~1 ms and ~3 ms measured on a loaded 2-core CI machine; the bound leaves room for noise
    assert t_choose < 0.05 and t_both < 0.05


@pytest.mark.parametrize("hd,causal,sq,sk,inst", [
    (64, False, 2048, 2048, 256), (128, False, 8192, 8192, 32), (128, True, 8192, 8192, 32),
    (64, True, 1536, 3072, 4), (128, True, 768, 384, 64), (64, False, 512, 128, 1),
    (96, True, 8192, 8192, 16), (192, False, 4096, 4096, 16), (256, True, 2048, 2048, 64)])
def test_the_table_holds_the_models_picks(hd, causal, sq, sk, inst):
    p = Problem.for_hdim(sq, sk, hd, causal=causal, batch=1, heads=inst)
    assert choose(p) == choose(p, exact=True)


def test_the_table_covers_its_grid():
    from dash.schedule.choice_table import CHOICES

    for (gpu, hd, mask), rows in CHOICES.items():
        problems = [Problem.for_hdim(sq, sk, hd, causal=mask == "causal") for sq, sk in rule._grid_shapes()]
        shapes = {(p.num_m, p.num_n) for p in problems}
        assert {(m, n) for m, n, _, _ in rows} == shapes
        assert len(rows) == len(list(rule._grid_shapes())) * len(rule.INSTANCE_BUCKETS)


def test_batch_and_heads_are_bucketed():
    base = Problem.for_hdim(4096, head_dim=128, causal=True)
    assert rule.instance_bucket(1) == 1 and rule.instance_bucket(48) == 64 and rule.instance_bucket(10**6) == 1024
    # batch 3 x heads 16 and batch 1 x heads 64 are one choice (48 ~ 64 instances), exact or not
    assert choose(base.replace(batch=3, heads=16, heads_kv=16), exact=True) == \
        choose(base.replace(batch=1, heads=64, heads_kv=64), exact=True)
    choose_mod._choose.cache_clear()
    for b in (3, 4, 5):
        choose(base.replace(batch=b, heads=16, heads_kv=16), exact=True)
    assert choose_mod._choose.cache_info().misses == 1


def test_tables_are_cached_across_batch_and_heads():
    from dash import ops

    ops._tables_cached.cache_clear()
    p = Problem.for_hdim(2048, head_dim=64, causal=True)
    a = ops._tables(p.replace(batch=2, heads=8, heads_kv=8), "spt", torch.device("cpu"))
    b = ops._tables(p.replace(batch=5, heads=4, heads_kv=1), "spt", torch.device("cpu"))
    assert a is b and ops._tables_cached.cache_info().misses == 1


@pytest.mark.parametrize("hd", [64, 128])
def test_no_descending_on_long_causal_masks(hd):
    """Beyond DESCENDING_MAX_KV_TILES_CAUSAL KV tiles per head, choose() does not pick descending on
    a causal mask (measured behind spt at 16k in every run), from the table or the simulation."""
    limit = choose_mod.DESCENDING_MAX_KV_TILES_CAUSAL["H100"]
    for seq in (16384, 32768):
        for inst in (1, 16, 256):
            p = Problem.for_hdim(seq, head_dim=hd, causal=True, batch=1, heads=inst)
            assert p.num_n > limit
            assert "descending" not in choose_mod.candidates(p)
            assert choose(p) != "descending"
            assert choose(p, exact=True) != "descending"
    short = Problem.for_hdim(4096, head_dim=hd, causal=True)
    assert "descending" in choose_mod.candidates(short)


@pytest.mark.parametrize("hd", [64, 128])
@pytest.mark.parametrize("mask", ["full", "causal", "window"])
def test_grouped_heads_take_the_measured_pick(hd, mask):
    """GQA/MQA calls get GROUPED_PICKS' schedule for their (mask, head dim), built as itself (not
    a fallback of the tables), whatever the batch; exact=True still asks the model."""
    kw = {"window": (1024, 0)} if mask == "window" else {"causal": mask == "causal"}
    for seq, batch in ((2048, 8), (8192, 2), (16384, 1)):
        p = Problem.for_hdim(seq, head_dim=hd, batch=batch, heads=32, heads_kv=8, **kw)
        pick = choose(p)
        swapped = (mask, hd, seq) == ("full", 128, 8192)  # GROUPED_SWAPS (the next test)
        assert pick == ("shift" if swapped else choose_mod.GROUPED_PICKS["H100"][(mask, hd)])
        assert build_tables(p, pick).built_as == pick
    mha = Problem.for_hdim(8192, head_dim=hd, batch=2, heads=32, heads_kv=32, **kw)
    assert choose(mha.replace(heads_kv=8), exact=True) == choose(mha, exact=True)


def test_the_grouped_swap_at_hdim_128_full():
    """choose.GROUPED_SWAPS: GQA/MQA hdim-128 full-mask calls with 64 KV tiles per head (8k, where
    eight H100 grids measured shift ahead of ascending) run shift; with fewer KV tiles (not
    measured), with more (shift kept out of the candidates), at hdim 64, on causal masks and for
    exact=True the pick is what it was."""
    def problem(seqlen, head_dim=128, causal=False, heads_kv=8):
        return Problem.for_hdim(seqlen, head_dim=head_dim, causal=causal, batch=16384 // seqlen, heads=32,
                                heads_kv=heads_kv)

    assert problem(8192).num_n == 64
    assert choose(problem(8192)) == "shift"
    assert choose(problem(8192, heads_kv=1)) == "shift"  # MQA alike
    assert build_tables(problem(8192), "shift").built_as == "shift"
    for p in (problem(2048), problem(4096), problem(16384), problem(8192, head_dim=64)):
        assert choose(p) == "ascending"
    assert choose(problem(8192, causal=True)) == choose_mod.GROUPED_PICKS["H100"][("causal", 128)]
    assert choose(problem(8192), exact=True) == choose(problem(8192, heads_kv=32), exact=True)


def test_a_grouped_pick_that_does_not_apply_gives_way():
    """shift_causal needs each KV tile to start on its own Q tile; where it does not (seqlen_k >
    seqlen_q here), the grouped pick is GROUPED_FALLBACK's."""
    p = Problem.for_hdim(1000, 4000, 128, causal=True, batch=1, heads=32, heads_kv=8)
    assert choose_mod.applies(p, "shift_causal")
    assert choose(p) == choose_mod.GROUPED_FALLBACK["causal"]


def test_the_measured_swap_at_hdim_128_causal():
    """choose.MEASURED_SWAPS: hdim-128 causal MHA calls of 2k-4k tokens, where the model's pick is
    spt, run shift_causal (measured ahead in four H100 grids); below 16 KV tiles, at hdim 64, with
    GQA and for exact=True (the model alone) the pick is the model's."""
    def problem(seqlen, head_dim=128, heads_kv=16):
        block_m = 64 if head_dim == 128 else 128
        return Problem(seqlen_q=seqlen, seqlen_k=seqlen, block_m=block_m, block_n=128, mask="causal",
                       batch=16384 // seqlen, heads=16, heads_kv=heads_kv, head_dim=head_dim)

    for seqlen in (2048, 4096):
        assert choose_mod.choose(problem(seqlen), exact=True) == "spt"
        assert choose_mod.choose(problem(seqlen)) == "shift_causal"
    assert choose_mod.choose(problem(1024)) == "spt"            # 8 KV tiles: not measured
    assert choose_mod.choose(problem(2048, head_dim=64)) == "spt"
    assert choose_mod.choose(problem(2048, heads_kv=4)) == "shift_causal"  # GQA: GROUPED_PICKS' own
    assert choose_mod.measured_swap(problem(2048), "ascending") == "ascending"
