"""One backward call's tiling, and which (Q tile, KV tile) pairs its mask leaves.

The mask of every supported kind (full, causal, sliding window) is a *band*: query row i may
attend key j iff  i + off - left <= j <= i + off + right  (off = seqlen_k - seqlen_q, FA3's
bottom-right alignment; an unbounded side is dropped). Both bounds grow with i, so for every Q
tile m the KV tiles it touches form one contiguous range [n_lo[m], n_hi[m]), and for every KV
tile n the Q tiles form one range [m_lo[n], m_hi[n]). Everything below works on these ranges,
which keeps table building O(M + N + pairs) and free of Python loops over tile pairs.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np

MASKS = ("full", "causal", "window")

# The device the schedule model decides for, whatever GPU runs the kernel: the calibrated H100
# SXM (132 SMs, one backward CTA per SM; H200 alike). choose() simulates on it, so that its pick,
# and with it the bits of dq/dk/dv, depends on the shape alone, not on the SM count of the GPU,
# on sm_margin or on concurrent work (README, "Determinism contract").
NOMINAL_NUM_SMS = 132
NOMINAL_CTAS_PER_SM = 1


def _read_bwd_tiles() -> dict:
    """Tile sizes of the backward kernel, (block_m, block_n) per (head dim, mask), from the table
    the kernels dispatch on (bwd_tiles.def beside this file, included by csrc/bwd/bwd_config.h;
    tests/test_schedule.py checks bwd_tile_shape() against it where the extension is built). At
    hdim 128 a full mask takes 80-row Q tiles, a causal one 64; a sliding window, banded like a
    causal mask, takes the causal tiles ("causal" here)."""
    text = (Path(__file__).with_name("bwd_tiles.def")).read_text()
    rows = re.findall(r"^DASH_BWD_TILE\((\d+),\s*([01]),\s*(\d+),\s*(\d+)\)", text, flags=re.M)
    if not rows:
        raise RuntimeError("bwd_tiles.def holds no DASH_BWD_TILE rows")
    return {(int(hd), "causal" if banded == "1" else "full"): (int(bm), int(bn)) for hd, banded, bm, bn in rows}


DEFAULT_TILES = _read_bwd_tiles()
HEAD_DIMS = tuple(sorted({hd for hd, _ in DEFAULT_TILES}))


def default_tiles(head_dim: int, mask: str) -> tuple:
    """(block_m, block_n) of the backward kernel for `head_dim` and `mask`."""
    if head_dim not in HEAD_DIMS:
        raise ValueError(f"no backward tile size for head_dim {head_dim}; known: {list(HEAD_DIMS)}")
    return DEFAULT_TILES[(head_dim, "full" if mask == "full" else "causal")]


def _cdiv(a: int, b: int) -> int:
    return -(-a // b)


@dataclass(frozen=True)
class Problem:
    """Shapes of one (non-varlen) backward call. All heads and batches share one schedule."""

    seqlen_q: int
    seqlen_k: int
    block_m: int = 64
    block_n: int = 128
    mask: str = "full"
    window: tuple = (-1, -1)  # (left, right), FA3 semantics, -1 = unbounded; only for mask="window"
    batch: int = 1
    heads: int = 1
    heads_kv: int = 0  # 0 = heads (MHA)
    head_dim: int = 128
    num_sms: int = 132
    sm_margin: int = 0
    ctas_per_sm: int = 1

    def __post_init__(self):
        for name in ("seqlen_q", "seqlen_k", "block_m", "block_n", "batch", "heads", "num_sms", "ctas_per_sm"):
            v = getattr(self, name)
            if not isinstance(v, (int, np.integer)) or v < 1:
                raise ValueError(f"Problem.{name} must be a positive integer, got {v!r}")
        if self.mask not in MASKS:
            raise ValueError(f"Problem.mask must be one of {MASKS}, got {self.mask!r}")
        left, right = (int(x) for x in self.window)
        object.__setattr__(self, "window", (left, right))
        if self.mask == "window" and (left < -1 or right < -1):
            raise ValueError(f"window sizes must be >= -1 (-1 = unbounded), got {self.window}")
        if self.mask != "window" and self.window != (-1, -1):
            raise ValueError(f"window={self.window} needs mask='window' (got mask={self.mask!r})")
        if self.heads_kv == 0:
            object.__setattr__(self, "heads_kv", self.heads)
        if self.heads_kv < 1 or self.heads % self.heads_kv:
            raise ValueError(f"heads ({self.heads}) must be a multiple of heads_kv ({self.heads_kv})")
        if not 0 <= self.sm_margin < self.num_sms:
            raise ValueError(f"sm_margin must be in [0, num_sms), got {self.sm_margin}")

    @classmethod
    def for_hdim(cls, seqlen_q: int, seqlen_k: int | None = None, head_dim: int = 128, *,
                 causal: bool = False, window: tuple | None = None, **kw) -> "Problem":
        """A Problem with the kernel's tile sizes for `head_dim` and the mask (DEFAULT_TILES).
        causal=True is FA3's causal; window=(left, right) a sliding window (with causal, right=0)."""
        if window is not None and tuple(window) != (-1, -1):
            left, right = window
            mask, window = "window", (left, 0 if causal else right)
        else:
            mask, window = ("causal" if causal else "full"), (-1, -1)
        bm, bn = default_tiles(head_dim, mask)
        return cls(seqlen_q=seqlen_q, seqlen_k=seqlen_q if seqlen_k is None else seqlen_k,
                   block_m=bm, block_n=bn, mask=mask, window=window, head_dim=head_dim, **kw)

    def replace(self, **kw) -> "Problem":
        return replace(self, **kw)

    def on_nominal_device(self, **kw) -> "Problem":
        """This problem on the nominal device (NOMINAL_NUM_SMS, sm_margin 0, NOMINAL_CTAS_PER_SM):
        what choose() decides on; `kw` replaces other fields in the same step."""
        return replace(self, num_sms=NOMINAL_NUM_SMS, sm_margin=0, ctas_per_sm=NOMINAL_CTAS_PER_SM, **kw)

    # ---- tiling ----
    @property
    def num_m(self) -> int:
        """M: Q tiles."""
        return _cdiv(self.seqlen_q, self.block_m)

    @property
    def num_n(self) -> int:
        """N: KV tiles (= CTAs per head)."""
        return _cdiv(self.seqlen_k, self.block_n)

    @property
    def capacity(self) -> int:
        """C: CTAs that are co-resident for sure."""
        return (self.num_sms - self.sm_margin) * self.ctas_per_sm

    @property
    def instances(self) -> int:
        """(batch, head) pairs; each runs the same per-head schedule."""
        return self.batch * self.heads

    @property
    def window_lr(self) -> tuple:
        """(left, right) bounds of the band, -1 = unbounded."""
        return {"full": (-1, -1), "causal": (-1, 0)}.get(self.mask, self.window)

    def describe(self) -> str:
        m = self.mask if self.mask != "window" else f"window{self.window}"
        return (f"seqlen_q={self.seqlen_q} seqlen_k={self.seqlen_k} hdim={self.head_dim} {m} "
                f"tiles {self.block_m}x{self.block_n} -> M={self.num_m} N={self.num_n}; "
                f"batch={self.batch} heads={self.heads}; C={self.capacity} co-resident CTAs")


def row_ranges(p: Problem):
    """For each Q tile m, the KV tiles it touches: [n_lo[m], n_hi[m]) (empty when n_lo >= n_hi).
    Both arrays are non-decreasing in m (int64)."""
    left, right = p.window_lr
    off = p.seqlen_k - p.seqlen_q
    m = np.arange(p.num_m, dtype=np.int64)
    i0 = m * p.block_m                                   # first query row of the tile
    i1 = np.minimum(i0 + p.block_m, p.seqlen_q) - 1      # last real query row
    N = p.num_n
    if left < 0:
        n_lo = np.zeros_like(m)
    else:
        # smallest n whose last key j1 >= i0 + off - left; none if that key is beyond the sequence
        t = i0 + off - left
        n_lo = np.where(t > p.seqlen_k - 1, N, np.maximum(t, 0) // p.block_n)
    if right < 0:
        n_hi = np.full_like(m, N)
    else:
        # one past the largest n whose first key n*block_n <= i1 + off + right
        u = i1 + off + right
        n_hi = np.clip(np.floor_divide(u, p.block_n) + 1, 0, N)
    n_lo = np.minimum(n_lo, N)
    return n_lo, n_hi


def col_ranges(p: Problem, n_lo=None, n_hi=None):
    """For each KV tile n, the Q tiles that touch it: [m_lo[n], m_hi[n]) (int64)."""
    if n_lo is None:
        n_lo, n_hi = row_ranges(p)
    n = np.arange(p.num_n)
    m_lo = np.searchsorted(n_hi, n, side="right")   # first m with n_hi[m] > n
    m_hi = np.searchsorted(n_lo, n, side="right")   # first m with n_lo[m] > n
    return m_lo.astype(np.int64), np.maximum(m_hi, m_lo).astype(np.int64)


def tile_mask(p: Problem) -> np.ndarray:
    """bool[M, N]: True where the pair contributes (at least one allowed (query, key) in it)."""
    n_lo, n_hi = row_ranges(p)
    n = np.arange(p.num_n)
    return (n[None, :] >= n_lo[:, None]) & (n[None, :] < n_hi[:, None])


def element_mask(p: Problem) -> np.ndarray:
    """bool[seqlen_q, seqlen_k], the element-level FA3 mask; a reference for tests (small shapes)."""
    left, right = p.window_lr
    i = np.arange(p.seqlen_q)[:, None] + (p.seqlen_k - p.seqlen_q)
    j = np.arange(p.seqlen_k)[None, :]
    ok = np.ones((p.seqlen_q, p.seqlen_k), dtype=bool)
    if left >= 0:
        ok &= j >= i - left
    if right >= 0:
        ok &= j <= i + right
    return ok
