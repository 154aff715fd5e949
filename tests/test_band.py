"""The mask as a band (csrc/common/band.h), on the CPU: the kernels' tile arithmetic, compiled for
the host into the binding, against the schedule model's ranges (dash.schedule.problem) and against
the element mask, exhaustively on small shapes; and FA3's resolution of (causal, window_size)."""
import itertools

import numpy as np
import pytest

from dash.schedule.problem import Problem, element_mask, row_ranges
from dash.validate import resolve_window

# (left, right) bounds: absent, zero, shorter than a tile, around a tile, longer than the sequence.
BOUNDS = (-1, 0, 1, 5, 16, 17, 40, 200)
SHAPES = ((1, 1), (7, 7), (40, 40), (40, 23), (23, 40), (100, 64), (64, 100), (129, 129))
TILES = ((16, 16), (16, 32), (32, 16))


def _binding():
    from dash import _ext

    if not _ext.has("band_key_tiles"):
        pytest.skip("dash._C is not built, or predates band_key_tiles")
    return _ext.load()


def _mask(sq, sk, left, right):
    return element_mask(Problem(seqlen_q=sq, seqlen_k=sk, mask="window", window=(left, right)))


def test_key_tiles_match_the_schedule_model_and_the_element_mask():
    C = _binding()
    for (sq, sk), (bm, bn), left, right in itertools.product(SHAPES, TILES, BOUNDS, BOUNDS):
        ok = _mask(sq, sk, left, right)
        p = Problem(seqlen_q=sq, seqlen_k=sk, block_m=bm, block_n=bn, mask="window", window=(left, right))
        n_lo, n_hi = row_ranges(p)
        for m in range(p.num_m):
            r0, r1 = m * bm, min((m + 1) * bm, sq)
            lo, hi, ulo, uhi = C.band_key_tiles(False, left, right, r0, r1, sq, sk, bn)
            tag = (sq, sk, bm, bn, left, right, m)
            assert lo <= ulo <= uhi <= hi, tag
            if n_lo[m] < n_hi[m]:
                assert (lo, hi) == (n_lo[m], n_hi[m]), tag
            else:
                assert lo >= hi, tag
            touched = [n for n in range(p.num_n) if ok[r0:r1, n * bn:(n + 1) * bn].any()]
            assert list(range(lo, hi)) == touched, tag
            # A tile outside [ulo, uhi) may need the mask; one inside must not: every row of the
            # block sees every key of it, and all of its keys exist.
            for n in range(ulo, uhi):
                assert (n + 1) * bn <= sk and ok[r0:r1, n * bn:(n + 1) * bn].all(), tag
            # Tightness: the unmasked range is every tile that needs no mask, less none.
            full = [n for n in range(lo, hi) if (n + 1) * bn <= sk and ok[r0:r1, n * bn:(n + 1) * bn].all()]
            assert full == list(range(ulo, uhi)), tag


def test_causal_is_the_band_minus_one_zero():
    C = _binding()
    for (sq, sk), left in itertools.product(SHAPES, (-1, 3, 40)):
        for r0 in range(0, sq, 16):
            r1 = min(r0 + 16, sq)
            # causal=True overrides right to 0 and keeps the left bound (FA3: a causal local window)
            assert C.band_key_tiles(True, left, 99, r0, r1, sq, sk, 16) == C.band_key_tiles(False, left, 0, r0, r1, sq,
                                                                                           sk, 16)


def test_the_backward_masks_exactly_the_tiles_that_need_it():
    C = _binding()
    for (sq, sk), (bm, bn), left, right in itertools.product(SHAPES, TILES, BOUNDS, BOUNDS):
        ok = _mask(sq, sk, left, right)
        # Padding rows of the last Q tile count as rows (their columns are discarded): extend the
        # mask over them as the kernel's test sees them.
        num_m, num_n = -(-sq // bm), -(-sk // bn)
        i = np.arange(num_m * bm)[:, None] + (sk - sq)
        j = np.arange(num_n * bn)[None, :]
        padded = np.broadcast_to(j < sk, (i.shape[0], j.shape[1])).copy()
        if left >= 0:
            padded &= j >= i - left
        if right >= 0:
            padded &= j <= i + right
        assert (padded[:sq, :sk] == ok).all()
        for m, n in itertools.product(range(num_m), range(num_n)):
            block = padded[m * bm:(m + 1) * bm, n * bn:(n + 1) * bn]
            want = not block.all()
            got = C.band_tile_needs_mask(False, left, right, m * bm, n * bn, bm, bn, sq, sk)
            assert got == want, (sq, sk, bm, bn, left, right, m, n)


def test_the_per_cta_unmasked_range_agrees_with_the_per_step_test():
    # The backward's CTA computes its range of unmasked Q tiles once and tests each step's m
    # against it (bwd_mainloop.h); every step must take the path the per-step band test gives,
    # or the bits would change. Tiles past the last Q tile too: the range must not stop early.
    C = _binding()
    for (sq, sk), (bm, bn), left, right in itertools.product(SHAPES, TILES, BOUNDS, BOUNDS):
        num_m, num_n = -(-sq // bm), -(-sk // bn)
        for n in range(num_n):
            m_lo, span = C.band_unmasked_query_tiles(False, left, right, n * bn, bm, bn, sq, sk)
            assert span >= 0, (sq, sk, bm, bn, left, right, n)
            for m in range(num_m + 2):
                per_step = C.band_tile_needs_mask(False, left, right, m * bm, n * bn, bm, bn, sq, sk)
                assert (not m_lo <= m < m_lo + span) == per_step, (sq, sk, bm, bn, left, right, n, m)


@pytest.mark.parametrize("causal,window,sq,sk,want", [
    (False, (-1, -1), 100, 100, (False, (-1, -1))),
    (True, (-1, -1), 100, 100, (True, (-1, -1))),
    (False, (-1, 0), 100, 100, (True, (-1, -1))),        # TransformerEngine's causal
    (False, (99, 99), 100, 100, (False, (-1, -1))),      # covers every key: no window
    (False, (98, 99), 100, 100, (False, (98, -1))),
    (True, (10, 5), 100, 100, (False, (10, 0))),         # causal keeps the left bound, right = 0
    (False, (10, 5), 100, 100, (False, (10, 5))),
    (False, (-5, 3), 100, 100, (False, (-1, 3))),        # any negative bound is absent
    (False, (10, 5), 100, 12, (False, (10, 5))),
    (False, (11, 5), 100, 12, (False, (-1, 5))),         # left >= seqlen_k - 1
])
def test_resolve_window_follows_fa3(causal, window, sq, sk, want):
    assert resolve_window(causal, window, sq, sk) == want


@pytest.mark.parametrize("bad", [(1,), (1, 2, 3), 5, (1.5, 2), (True, 3), "ab"])
def test_resolve_window_names_a_bad_argument(bad):
    with pytest.raises(ValueError, match="window"):
        resolve_window(False, bad, 10, 10)
