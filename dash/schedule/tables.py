"""Schedules as the integer tables the backward kernel reads (the kernel contract).

Per call (all heads and batches share them; M Q tiles, N KV tiles; shift's wave at short sequences
counts the (batch, q-head) instances, shift_wave):
  launch_order  int32[N]    KV tile of the head's CTA at launch index i (a permutation of 0..N-1);
                            the kernel folds the heads' launch indices into one grid wave by
                            wave (dash.schedule.grid), keeping each head's order
  visit_offsets int32[N+1]  CSR offsets, indexed by KV tile n (not by launch position)
  visit_m       int32[T]    visit_m[visit_offsets[n]:visit_offsets[n+1]] = the Q tiles KV tile n
                            visits, in visiting order (T = number of unmasked pairs)
  rank          int32[M, N] row-major, rank[m * N + n] = turn of KV tile n in Q tile m's dQ
                            accumulation; -1 where the pair is masked. For each m the
                            non-negative ranks are exactly 0..K_m-1.
  num_contrib   int32[M]    K_m
  wave_size     W           a CTA waits only on CTAs of its head at earlier launch positions or
                            in its own wave (launch indices [kW, (k+1)W)); W = N when no CTA
                            ever waits on a later launch position. The kernel's launch order
                            folds the heads by these waves (launch_wave).

The wave is a property of the shape, never of the device: W = min(M, N, WAVE_LIMIT) by default
(default_wave_size), the same on every GPU, for every sm_margin and under any concurrent work,
so the order of the dQ additions, and with it the bits, is too. The kernel claims launch
positions in order (an atomic ticket per CTA), so every CTA that a wave's members wait on
outside the wave is already running or done, and a wave needs only W free SMs to finish
(docs/schedules.md, "Liveness").

All builders are vectorised per schedule: each array is a few NumPy passes (mostly gathers of
windows of one row) over the T pairs or the M x N rank grid, with no per-visit index arrays.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

from .problem import Problem, col_ranges, row_ranges

SCHEDULES = ("ascending", "descending", "spt", "shift", "shift_causal")

# The largest wave of CTAs that may wait on each other (shift, shift_causal). A wave must be
# co-resident to finish, and this many is guaranteed co-resident while at least 32 SMs are free
# to dash (one backward CTA per SM): on a 132-SM H100 other kernels may hold up to 100 SMs for
# the whole backward (NCCL kernels of overlapped training do) without a hang. A constant, not
# the device's capacity: the wave sets the order of the dQ additions, hence the bits.
WAVE_LIMIT = 32

# Steps between consecutive contributors to one Q tile in shift's waves, where M >= 2P leaves room
# (shift_stride). With CTA j on Q tile (j + t) mod M, the contributor before j on every Q tile is
# j + 1 one step earlier, so its add, completion and release (about half a step at hdim 128) must
# fit in one step of the two CTAs' drift; with (2j + t) mod M it has two steps. Measured (H100,
# scripts/wave_ab.py, bench/NOTES.md "Shift's stride"): hdim 128 full 8k +2.2%, 16k +0.3-1.2%,
# hdim 64 full 16k +0.7%, 8k -0.9-0.0%; a stride of 4 measured below 2 everywhere.
SHIFT_STRIDE = 2


def default_wave_size(problem: Problem) -> int:
    """The wave of `problem`'s tables: min(M, N, WAVE_LIMIT), a function of the shape only (no
    wave is larger than M Q tiles or N KV tiles anyway)."""
    return max(1, min(problem.num_m, problem.num_n, WAVE_LIMIT))


@dataclass(frozen=True, eq=False)
class ScheduleTables:
    name: str                  # the schedule asked for
    launch_order: np.ndarray   # int32[N]
    visit_offsets: np.ndarray  # int32[N+1]
    visit_m: np.ndarray        # int32[T]
    rank: np.ndarray           # int32[M, N]
    num_contrib: np.ndarray    # int32[M]
    wave_size: int             # W, see module doc
    built_as: str = ""         # the schedule actually built: differs when `name` fell back
    note: str = ""             # why it fell back, or other remarks
    # Whether some CTA waits on a later-launched one, as the builder knows it from the schedule's
    # structure; None (tables made by hand): forward_waits scans the visits. Replacing an array
    # with dataclasses.replace must reset it to None.
    waits_forward: bool | None = None

    @property
    def num_m(self) -> int:
        return self.rank.shape[0]

    @property
    def num_n(self) -> int:
        return self.rank.shape[1]

    @property
    def launch_wave(self) -> int:
        """W of the kernel's launch order across (batch, head) instances (dash.schedule.grid):
        every instance's launch indices [kW, (k+1)W) start before any instance's wave k + 1.

        The wave itself, wave_size (clamped to N), for every schedule: shift and shift_causal rank
        each wave after the earlier ones on every Q tile, so a wave that starts right behind its
        predecessor idles (at 16k tokens shift ran at 0.6x the others); folded, it starts once
        the other instances' waves have been claimed. ascending, descending and spt record W = N,
        which keeps the instance-major order they were measured in: they have no waves to keep
        apart. The launch order sets when CTAs start, never the order of the dQ additions (the
        ranks, per head and Q tile, do), so W changes speed only, not bits."""
        return max(1, min(self.wave_size, self.num_n))

    @property
    def launch_pos(self) -> np.ndarray:
        """launch_pos[n] = the launch index of KV tile n in its head (its launch position when
        the grid holds one instance; dash.schedule.grid folds several)."""
        pos = np.empty(self.num_n, dtype=np.int32)
        pos[self.launch_order] = np.arange(self.num_n, dtype=np.int32)
        return pos

    @property
    def forward_waits(self) -> bool:
        """True if some CTA waits on a CTA launched after it (then its wave must be co-resident)."""
        if self.waits_forward is not None:
            return self.waits_forward
        pred = _predecessors(self)
        has = pred >= 0
        col = np.repeat(np.arange(self.num_n), np.diff(self.visit_offsets))
        pos = self.launch_pos
        return bool(np.any(pos[pred[has]] > pos[col[has]]))

    @property
    def coresident_needed(self) -> int:
        """Co-resident CTAs this table needs to be deadlock-free by construction: W if some CTA
        waits on a later-launched one, else 1 (waits only go backwards in launch order)."""
        return self.wave_size if self.forward_waits else 1

    def __repr__(self) -> str:
        built = "" if self.built_as in ("", self.name) else f", built as {self.built_as}"
        return (f"ScheduleTables({self.name!r}{built}: M={self.num_m}, N={self.num_n}, "
                f"{len(self.visit_m)} visits, wave_size={self.wave_size})")

    def visits(self, n: int) -> np.ndarray:
        return self.visit_m[self.visit_offsets[n]:self.visit_offsets[n + 1]]

    def kernel_arrays(self) -> dict:
        """The four arrays the kernel reads, by their BwdParams names."""
        return {"launch_order": self.launch_order, "visit_offsets": self.visit_offsets,
                "visit_m": self.visit_m, "rank": self.rank}


def _predecessors(tables: ScheduleTables) -> np.ndarray:
    """For every visit (flat index into visit_m), the KV tile holding the previous rank of its Q
    tile, or -1 for rank 0."""
    N = tables.num_n
    col = np.repeat(np.arange(N), np.diff(tables.visit_offsets))
    m = tables.visit_m.astype(np.int64)
    r = tables.rank[m, col].astype(np.int64)
    holder = np.full(tables.num_m * N, -1, dtype=np.int64)   # holder[m * N + rank] = n
    holder[m * N + r] = col
    pred = np.full(len(m), -1, dtype=np.int64)
    has = r > 0
    pred[has] = holder[m[has] * N + r[has] - 1]
    return pred


# ---------------------------------------------------------------------------------------------
# Building blocks
# ---------------------------------------------------------------------------------------------
class _Ctx:
    """Mask ranges and the CSR layout of the T visits, shared by the builders."""

    def __init__(self, p: Problem):
        self.p = p
        self.M, self.N = p.num_m, p.num_n
        self.n_lo, self.n_hi = row_ranges(p)
        self.m_lo, self.m_hi = col_ranges(p, self.n_lo, self.n_hi)
        self.length = self.m_hi - self.m_lo                        # visits per KV tile
        self.offsets = np.zeros(self.N + 1, dtype=np.int64)
        np.cumsum(self.length, out=self.offsets[1:])
        self.num_contrib = np.maximum(self.n_hi - self.n_lo, 0)

    # The flat (column, step) layout of the visits: T int64 each, built only for arrival_rank
    # (tests), since at 128k tokens each costs about as much as a whole table.
    @cached_property
    def col(self) -> np.ndarray:
        """KV tile of visit e."""
        return np.repeat(np.arange(self.N, dtype=np.int64), self.length)

    @cached_property
    def t(self) -> np.ndarray:
        """Step of visit e on its CTA."""
        return np.arange(len(self.col), dtype=np.int64) - self.offsets[self.col]

    def visit_ranges(self, descending: bool = False) -> np.ndarray:
        """visit_m of CTAs that walk their Q tiles [m_lo[n], m_hi[n]) in order (downwards with
        `descending`), int32[T]."""
        rows = np.arange(self.M, dtype=np.int32)
        if descending:
            rows, first = rows[::-1].copy(), self.M - self.m_hi  # row M-1-i at index i
        else:
            first = self.m_lo
        L = int(self.length[0])
        if L > 0 and np.all(self.length == L):
            return _windows(rows, L, first).ravel()            # full mask: one gather
        return np.concatenate([rows[f:f + n] for f, n in zip(first.tolist(), self.length.tolist())])

    def rank_by_n(self, ascending: bool) -> np.ndarray:
        """rank = position of n among Q tile m's contributors [n_lo[m], n_hi[m]) sorted by n,
        ascending (n - n_lo) or descending (n_hi - 1 - n); -1 outside. int32[M, N].

        Each row is a window of one fixed row, which NumPy gathers at memcpy speed; the other end
        of the band is cut where it is not the grid's edge. (np.where over the broadcast grid
        costs ten times as much.)"""
        N = self.N
        n = np.arange(N, dtype=np.int32)
        minus = np.full(N, -1, dtype=np.int32)
        if ascending:
            # [-1]*N ++ [0..N-1] from N - n_lo: -1 left of n_lo, then n - n_lo.
            r = _windows(np.concatenate([minus, n]), N, N - self.n_lo)
        else:
            # [N-1..0] ++ [-1]*N from N - n_hi: n_hi - 1 - n left of n_hi, then -1.
            r = _windows(np.concatenate([n[::-1], minus]), N, N - self.n_hi)
        return self.cut_to_band(r)

    def cut_to_band(self, r: np.ndarray) -> np.ndarray:
        """r (int32[M, N], >= -1) with -1 outside [n_lo[m], n_hi[m]), in place: a minimum with
        the rows of a mask that is -1 outside the band and larger than any rank inside, each row
        a window of [-1]*N ++ [big]*N (left end) or [big]*N ++ [-1]*N (right end). An end that
        is the grid's edge for every row is skipped."""
        N = self.N
        minus = np.full(N, -1, dtype=np.int32)
        big = np.full(N, np.iinfo(np.int32).max, dtype=np.int32)
        if np.any(self.n_lo > 0):
            _minimum_with_windows(r, np.concatenate([minus, big]), N - self.n_lo)
        if np.any(self.n_hi < N):
            _minimum_with_windows(r, np.concatenate([big, minus]), N - self.n_hi)
        return r

    def arrival_rank(self, visit_m: np.ndarray, launch_order: np.ndarray, wave: int) -> np.ndarray:
        """Ranks by arrival in lockstep: Q tile m's contributions ordered by (wave of the CTA,
        step at which the CTA visits m, launch position). Deadlock-free for any visiting
        order: along every wait edge (wave, step, position) strictly decreases, and a CTA waits
        on a later-launched CTA only inside its own wave."""
        pos = np.empty(self.N, dtype=np.int64)
        pos[launch_order] = np.arange(self.N)
        cpos = pos[self.col]
        order = np.lexsort((cpos, self.t, cpos // wave, visit_m))   # last key sorts first
        m_sorted = visit_m[order]
        first = np.zeros(self.M + 1, dtype=np.int64)
        np.cumsum(np.bincount(m_sorted, minlength=self.M), out=first[1:])
        r = np.arange(len(order)) - first[m_sorted]
        rank = np.full((self.M, self.N), -1, dtype=np.int64)
        rank[m_sorted, self.col[order]] = r
        return rank


def _windows(row: np.ndarray, width: int, starts: np.ndarray) -> np.ndarray:
    """out[i] = row[starts[i]:starts[i] + width], a new C-contiguous array."""
    return sliding_window_view(row, width)[starts]


def _minimum_with_windows(r: np.ndarray, row: np.ndarray, starts: np.ndarray, block_bytes: int = 1 << 17):
    """r[i] = minimum(r[i], row[starts[i]:starts[i] + width]) in place, a block of rows at a
    time: the window rows are a temporary, and a whole M x N one would cost more in fresh memory
    pages than the arithmetic (about 2.5 ms per 8 MB on the CI machine)."""
    windows = sliding_window_view(row, r.shape[1])
    block = max(1, block_bytes // r[0].nbytes)
    for i in range(0, len(r), block):
        np.minimum(r[i:i + block], windows[starts[i:i + block]], out=r[i:i + block])


def _finish(name, built_as, ctx: _Ctx, launch_order, visit_m, rank, wave_size, forward, note="") -> ScheduleTables:
    def i32(a):
        a = np.ascontiguousarray(a, dtype=np.int32)
        a.setflags(write=False)
        return a

    return ScheduleTables(name=name, launch_order=i32(launch_order), visit_offsets=i32(ctx.offsets),
                          visit_m=i32(visit_m), rank=i32(rank), num_contrib=i32(ctx.num_contrib),
                          wave_size=int(wave_size), built_as=built_as, note=note, waits_forward=bool(forward))


# ---------------------------------------------------------------------------------------------
# The schedules. Each returns (launch_order, visit_m, rank, wave_size, forward waits?). The
# last one is read off the schedule's structure (below, per schedule), which spares
# coresident_needed a scan of all T visits; tests/test_schedule_tables_fast.py checks it
# against that scan.
#
# A CTA waits, for visit (m, n), on the KV tile holding rank[m, n] - 1. Waits on earlier launch
# positions never deadlock; waits on later ones need the wave co-resident.
# ---------------------------------------------------------------------------------------------
def _ascending(ctx: _Ctx, W: int):
    """FA3's deterministic baseline: CTAs launched in n order, each visits its Q tiles in
    ascending m (from the first row it touches), rank = position of n among m's contributors.
    Every wait is on a smaller n, launched earlier: W = N.
    No forward waits: rank[m, n] - 1 is held by n - 1 (contributors are a contiguous range of
    n), and n - 1 is launched at position n - 1 < n."""
    return np.arange(ctx.N), ctx.visit_ranges(), ctx.rank_by_n(ascending=True), ctx.N, False


def _descending(ctx: _Ctx, W: int):
    """As ascending, but each CTA walks its Q tiles from the last one down. Causal: every CTA
    starts on the bottom row, which all columns share, so the skew is paid once.
    No forward waits: the ranks and launch order are ascending's (only the visiting order
    differs, and who waits on whom depends on ranks and launch positions only)."""
    return np.arange(ctx.N), ctx.visit_ranges(descending=True), ctx.rank_by_n(ascending=True), ctx.N, False


def _spt(ctx: _Ctx, W: int):
    """Shortest processing time first (FA3 upstream): launch the largest n first (the shortest
    causal column), visit ascending m from the diagonal, rank counted from the diagonal (the
    largest n contributing to m has rank 0). Every wait is on a larger n, launched earlier:
    W = N. In lockstep nobody waits: KV tile n reaches row m at step m - m_lo[n], and a larger
    n reaches it earlier. Full mask: the mirror image of ascending (same cost in the model).
    No forward waits: rank[m, n] = n_hi[m] - 1 - n, so rank - 1 is held by n + 1, launched at
    position N - 2 - n < N - 1 - n."""
    return np.arange(ctx.N)[::-1], ctx.visit_ranges(), ctx.rank_by_n(ascending=False), ctx.N, False


def shift_stride(M: int, P: int) -> int:
    """The steps between consecutive contributors to a Q tile in shift's waves: SHIFT_STRIDE where
    the wave fits it (stride * P <= M), else 1."""
    return max(1, min(SHIFT_STRIDE, M // max(P, 1)))


# shift's smaller wave (shift_wave) needs the instances' first waves to fill this many launch
# positions: a head's second wave then starts once the first waves of all instances have been
# claimed, i.e. after its own (about one CTA lifetime on a 132-SM GPU), instead of beside it,
# where it would wait for it on every Q tile. A constant, not the GPU's SM count: the wave sets
# the bits.
SHIFT_SMALL_WAVE_CTAS = 128


def shift_wave(M: int, N: int, W: int = WAVE_LIMIT, instances: int = 1) -> int:
    """shift's wave over `instances` (q-head, batch) pairs: P0 = min(W, M, N), or, where
    the stride does not fit it (SHIFT_STRIDE * P0 > M: M < 64 at WAVE_LIMIT 32), the largest
    P >= P0 / 2 with SHIFT_STRIDE * P <= M that cuts the N KV tiles into whole waves, if there is
    one and instances * P >= SHIFT_SMALL_WAVE_CTAS. A function of the shape (module doc), counted
    in q-heads so that in-kernel GQA keeps the bits of MHA on K/V expanded to every q-head (the
    grid of a GQA call has fewer instances, and auto picks shift less there); a packed sequence's
    instances are its q-heads, as for the sequence alone (batch 1).
    Why: with stride 1 each contributor to a Q tile follows the one before it by a single step,
    and at hdim 64 the hand-off (the add's completion, ~1.2 us for a 32 KB tile) does not fit in
    that step's drift; waves of N / 2 with stride 2 measured +4.5% at d64 full 2k (16 x 16 tiles,
    256 instances: 8 with stride 2 against 16 with stride 1) and +1% at d128 full 2k, while 8 with
    stride 1, or a ragged 13 with stride 2, gained nothing (bench/NOTES.md, session 31).
    Mirrored by the varlen kernel (csrc/bwd/bwd_varlen.h, shift_wave)."""
    P0 = max(1, min(W, M, N))
    if SHIFT_STRIDE * P0 <= M:
        return P0
    for P in range(M // SHIFT_STRIDE, 1, -1):
        if 2 * P < P0:
            break
        if N % P == 0:
            return P if instances * P >= SHIFT_SMALL_WAVE_CTAS else P0
    return P0


def _shift(ctx: _Ctx, W: int):
    """DASH's shift (full mask). Waves of P = min(W, M, N) consecutive KV tiles (build_tables cuts
    the default W with shift_wave); CTA j of a wave
    visits Q tile (s j + t) mod M at step t, s = shift_stride(M, P), so no two CTAs of a wave share
    a Q tile in a step and consecutive contributors to a Q tile arrive s steps apart.
    Rank by arrival: rank(q, j) = (min(q // s, P_k - 1) - j) mod P_k + (KV tiles in earlier waves),
    P_k the size of this wave (the last one may be smaller; s P_k <= s P <= M holds for it too).
    Forward waits iff P >= 2: then M >= 2 and wave 0 has P KV tiles, and Q tile s gives KV tile
    1 rank 0 and KV tile 0 rank 1, so KV tile 0 (position 0) waits on position 1. With P = 1
    every wave is one KV tile and rank = n, ascending's ranks and launch order."""
    M, N = ctx.M, ctx.N
    if not np.all(ctx.length == M):
        raise AssertionError("shift is built for the full mask only (applies())")
    P = max(1, min(W, M, N))
    s = shift_stride(M, P)
    n = np.arange(N)
    start = (n // P) * P                      # first KV tile of n's wave
    size = np.minimum(P, N - start)           # P_k
    j = n - start
    # CTA j's visits (s j + t) mod M, t = 0..M-1, are a window of 0..M-1 twice (s j <= s (P - 1) < M).
    rows = np.arange(M, dtype=np.int32)
    visit = _windows(np.concatenate([rows, rows]), M, s * j).ravel()
    # The rank depends on q only through min(q // s, P_k - 1), and P_k <= P: rows q >= s (P - 1)
    # are all row s (P - 1). Compute the rows up to it by the formula and repeat the last. x mod P_k
    # for x = min(q // s, P_k - 1) - j in (-P_k, P_k) is x, or x + P_k below 0 (integer % costs 2 ms
    # here); in place and int32, since every temporary is fresh memory and its page faults cost
    # more than the arithmetic.
    last = min(s * (P - 1), M - 1)
    q = np.arange(last + 1, dtype=np.int32)[:, None]
    size, j, start = (a.astype(np.int32)[None, :] for a in (size, j, start))
    head = np.minimum(q // s, size - 1)
    head -= j
    np.add(head, size, out=head, where=head < 0)
    head += start
    rank = head[np.minimum(np.arange(M), last)]
    return n, visit, rank, P, P >= 2


def _shift_causal(ctx: _Ctx, W: int):
    """Shift for a staircase mask, one CTA per KV tile (see docs/schedules.md).

    Full-mask shift sends CTA j to Q tile (j + t) mod M at step t: every CTA starts on its own
    row and no two CTAs of a wave share a row in a step, so ranks by arrival never wait. Under
    a causal (or sliding-window) mask, KV tile n's rows are [m_lo[n], m_hi[n]); starting each CTA
    on its own first row and walking down, m_lo[n] + t, is that shift with nothing left to wrap
    around (rows above the diagonal are masked). It is collision-free when m_lo strictly rises
    across a wave (checked by _fallback, else we build descending). The long/short pairing of
    DESIGN §3 needs two KV tiles per CTA; with one, we get the balance from the dispatcher by
    launching the longest columns first (n ascending), which is what the waves are for: within
    a wave the rank is counted from the diagonal (the CTA that arrives first, the largest n,
    goes first) so CTAs wait on later-launched ones and the wave must be co-resident; waves
    are ranked in launch order. rank(m, n) = (contributors of m in earlier waves)
    + (contributors of m in n's wave with a larger n).

    Forward waits iff some Q tile has two contributors in one wave: then (its contributors being
    a contiguous range) it has n and n + 1 there, rank(m, n) - 1 = rank(m, n + 1), and n waits on
    the later-launched n + 1. Otherwise each Q tile's ranks rise with the wave, i.e. with the
    launch position. Two contributors in a wave <=> two adjacent KV tiles of a wave share a row."""
    N = ctx.N
    P = max(1, min(W, N))
    a = np.arange(0, N, P)                    # first KV tile of each wave
    b = np.minimum(a + P, N)                  # one past its last
    n_lo, n_hi = ctx.n_lo[:, None], ctx.n_hi[:, None]
    # rank = g[m, wave of n] - n inside the band, g = (contributors in earlier waves)
    # + (one past the last contributor in this wave) - 1; M x waves values, repeated per KV tile.
    g = np.clip(np.minimum(a, n_hi) - n_lo, 0, None) + np.minimum(b, n_hi) - 1
    rank = np.repeat(g.astype(np.int32), b - a, axis=1)
    rank -= np.arange(N, dtype=np.int32)
    np.maximum(rank, -1, out=rank)            # values outside the band may be below -1
    ctx.cut_to_band(rank)
    same_wave = (np.arange(1, N) % P) != 0                       # n and n + 1 in one wave
    share = np.maximum(ctx.m_lo[:-1], ctx.m_lo[1:]) < np.minimum(ctx.m_hi[:-1], ctx.m_hi[1:])
    return np.arange(N), ctx.visit_ranges(), rank, P, bool(np.any(same_wave & share))


def _collision_free_staircase(m_lo: np.ndarray, m_hi: np.ndarray, W: int) -> bool:
    """True when, within every wave of min(W, N) KV tiles, the first rows m_lo of the KV tiles
    that have visits strictly rise with n (then no two CTAs of a wave read a Q tile together
    when each walks down from its first row)."""
    N = len(m_lo)
    P = max(1, min(W, N))
    for a in range(0, N, P):
        lo = m_lo[a:a + P][(m_hi - m_lo)[a:a + P] > 0]
        if np.any(np.diff(lo) <= 0):
            return False
    return True


_BUILDERS = {"ascending": _ascending, "descending": _descending, "spt": _spt,
             "shift": _shift, "shift_causal": _shift_causal}

# The masks each schedule is built for (the others apply to every mask).
APPLIES_TO = {"shift": "the full mask (causal=False)",
              "shift_causal": "causal masks (causal=True) whose KV tiles each start on their own Q tile "
                              "(seqlen_k <= seqlen_q)"}


def applies(problem: Problem, schedule: str, wave_size: int | None = None, m_lo=None, m_hi=None) -> str:
    """Why `schedule` cannot be built as itself for `problem` ("" when it can): shift needs a full
    mask, shift_causal a staircase whose first rows rise across every wave. build_tables builds
    descending instead; dash.ops refuses such an explicit request."""
    if schedule == "shift" and problem.mask != "full":
        return f"shift needs a full mask (got {problem.mask})"
    if schedule == "shift_causal":
        if m_lo is None:
            m_lo, m_hi = col_ranges(problem)
        W = default_wave_size(problem) if wave_size is None else int(wave_size)
        if problem.mask == "full":
            return "shift_causal needs first rows rising with n; a full mask has no staircase"
        if not _collision_free_staircase(m_lo, m_hi, W):
            return ("shift_causal needs first rows rising with n; KV tiles of a wave share their first Q tile "
                    "(seqlen_k > seqlen_q, or block_n < block_m)")
    return ""


def _fallback(name: str, ctx: _Ctx, W: int):
    """(schedule to build, note): shift and shift_causal are built as descending where their
    assumptions fail (applies())."""
    why = applies(ctx.p, name, W, ctx.m_lo, ctx.m_hi)
    return ("descending", f"{why}: built descending") if why else (name, "")


def build_tables(problem: Problem, schedule: str, wave_size: int | None = None) -> ScheduleTables:
    """The tables of `schedule` for `problem`. wave_size W bounds the CTAs that may wait on each
    other cyclically (default: default_wave_size(problem), from the shape alone). The tables
    depend only on the shapes, tile sizes, mask and W, and, where shift's default wave is cut
    to fit its stride (shift_wave), on the number of (batch, q-head) instances; never on the
    number of SMs, sm_margin or ctas_per_sm. An explicit wave_size is for the model and the tests
    (the wave exactly as given, also for shift): the kernel path (dash.ops) never passes one, so
    its bits cannot depend on the device."""
    if schedule not in _BUILDERS:
        raise ValueError(f"unknown schedule {schedule!r}; known: {', '.join(SCHEDULES)}")
    W = default_wave_size(problem) if wave_size is None else int(wave_size)
    if W < 1:
        raise ValueError(f"wave_size must be >= 1, got {W}")
    ctx = _Ctx(problem)
    built_as, note = _fallback(schedule, ctx, W)
    if built_as == "shift" and wave_size is None:  # an explicit wave is built as given
        W = shift_wave(ctx.M, ctx.N, W, problem.batch * problem.heads)
    launch, visit, rank, wave, forward = _BUILDERS[built_as](ctx, W)
    return _finish(schedule, built_as, ctx, launch, visit, rank, wave, forward, note)


def build_all(problem: Problem, wave_size: int | None = None) -> dict:
    return {s: build_tables(problem, s, wave_size) for s in SCHEDULES}
