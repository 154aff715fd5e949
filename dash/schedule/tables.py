"""Schedules as the integer tables the backward kernel reads (the kernel contract).

Per call (all heads and batches share them; M Q tiles, N KV tiles):
  launch_order  int32[N]    KV tile of the CTA with blockIdx.x = i (a permutation of 0..N-1)
  visit_offsets int32[N+1]  CSR offsets, indexed by KV tile n (not by launch position)
  visit_m       int32[T]    visit_m[visit_offsets[n]:visit_offsets[n+1]] = the Q tiles KV tile n
                            visits, in visiting order (T = number of unmasked pairs)
  rank          int32[M, N] row-major, rank[m * N + n] = turn of KV tile n in Q tile m's dQ
                            accumulation; -1 where the pair is masked. For each m the
                            non-negative ranks are exactly 0..K_m-1.
  num_contrib   int32[M]    K_m
  wave_size     W           a CTA waits only on CTAs of its head at earlier launch positions or
                            in its own wave (launch positions [kW, (k+1)W)); W = N when no CTA
                            ever waits on a later launch position.

All builders are vectorised: one pass of NumPy over the T pairs and the M x N rank grid.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .problem import Problem, col_ranges, row_ranges

SCHEDULES = ("ascending", "descending", "spt", "shift", "shift_causal")


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

    @property
    def num_m(self) -> int:
        return self.rank.shape[0]

    @property
    def num_n(self) -> int:
        return self.rank.shape[1]

    @property
    def launch_pos(self) -> np.ndarray:
        """launch_pos[n] = the launch position (blockIdx.x) of KV tile n."""
        pos = np.empty(self.num_n, dtype=np.int32)
        pos[self.launch_order] = np.arange(self.num_n, dtype=np.int32)
        return pos

    @property
    def forward_waits(self) -> bool:
        """True if some CTA waits on a CTA launched after it (then its wave must be co-resident)."""
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
    """Mask ranges and the flat (column, step) layout of the T visits, shared by the builders."""

    def __init__(self, p: Problem):
        self.p = p
        self.M, self.N = p.num_m, p.num_n
        self.n_lo, self.n_hi = row_ranges(p)
        self.m_lo, self.m_hi = col_ranges(p, self.n_lo, self.n_hi)
        self.length = self.m_hi - self.m_lo                        # visits per KV tile
        self.offsets = np.zeros(self.N + 1, dtype=np.int64)
        np.cumsum(self.length, out=self.offsets[1:])
        T = int(self.offsets[-1])
        self.col = np.repeat(np.arange(self.N, dtype=np.int64), self.length)  # KV tile of visit e
        self.t = np.arange(T, dtype=np.int64) - self.offsets[self.col]       # its step on the CTA
        self.num_contrib = np.maximum(self.n_hi - self.n_lo, 0)

    def grid(self):
        """(m, n) index grids and the unmasked-pair mask, M x N."""
        m = np.arange(self.M)[:, None]
        n = np.arange(self.N)[None, :]
        ok = (n >= self.n_lo[:, None]) & (n < self.n_hi[:, None])
        return m, n, ok

    def rank_by_n(self, ascending: bool) -> np.ndarray:
        """rank = position of n among Q tile m's contributors sorted by n."""
        _, n, ok = self.grid()
        r = n - self.n_lo[:, None] if ascending else self.n_hi[:, None] - 1 - n
        return np.where(ok, r, -1)

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


def _finish(name, built_as, ctx: _Ctx, launch_order, visit_m, rank, wave_size, note="") -> ScheduleTables:
    def i32(a):
        a = np.ascontiguousarray(a, dtype=np.int32)
        a.setflags(write=False)
        return a

    return ScheduleTables(name=name, launch_order=i32(launch_order), visit_offsets=i32(ctx.offsets),
                          visit_m=i32(visit_m), rank=i32(rank), num_contrib=i32(ctx.num_contrib),
                          wave_size=int(wave_size), built_as=built_as, note=note)


# ---------------------------------------------------------------------------------------------
# The schedules
# ---------------------------------------------------------------------------------------------
def _ascending(ctx: _Ctx, W: int):
    """FA3's deterministic baseline: CTAs launched in n order, each visits its Q tiles in
    ascending m (from the first row it touches), rank = position of n among m's contributors.
    Every wait is on a smaller n, launched earlier: W = N."""
    visit = ctx.m_lo[ctx.col] + ctx.t
    return np.arange(ctx.N), visit, ctx.rank_by_n(ascending=True), ctx.N


def _descending(ctx: _Ctx, W: int):
    """As ascending, but each CTA walks its Q tiles from the last one down. Causal: every CTA
    starts on the bottom row, which all columns share, so the skew is paid once."""
    visit = ctx.m_hi[ctx.col] - 1 - ctx.t
    return np.arange(ctx.N), visit, ctx.rank_by_n(ascending=True), ctx.N


def _spt(ctx: _Ctx, W: int):
    """Shortest processing time first (FA3 upstream): launch the largest n first (the shortest
    causal column), visit ascending m from the diagonal, rank counted from the diagonal (the
    largest n contributing to m has rank 0). Every wait is on a larger n, launched earlier:
    W = N. In lockstep nobody waits: KV tile n reaches row m at step m - m_lo[n], and a larger
    n reaches it earlier. Full mask: the mirror image of ascending (same cost in the model)."""
    visit = ctx.m_lo[ctx.col] + ctx.t
    return np.arange(ctx.N)[::-1], visit, ctx.rank_by_n(ascending=False), ctx.N


def _shift(ctx: _Ctx, W: int):
    """DASH's shift (full mask). Waves of P = min(W, M, N) consecutive KV tiles; CTA j of a wave
    visits Q tile (j + t) mod M at step t, so no two CTAs of a wave share a Q tile in a step.
    Rank by arrival: rank(q, j) = (min(q, P_k - 1) - j) mod P_k + (KV tiles in earlier waves),
    P_k the size of this wave (the last one may be smaller)."""
    M, N = ctx.M, ctx.N
    P = max(1, min(W, M, N))
    n = np.arange(N)
    start = (n // P) * P                      # first KV tile of n's wave
    size = np.minimum(P, N - start)           # P_k
    j = n - start
    visit = (j[ctx.col] + ctx.t) % M
    q = np.arange(M)[:, None]
    rank = (np.minimum(q, size[None, :] - 1) - j[None, :]) % size[None, :] + start[None, :]
    return n, visit, rank, P


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
    + (contributors of m in n's wave with a larger n)."""
    N = ctx.N
    P = max(1, min(W, N))
    visit = ctx.m_lo[ctx.col] + ctx.t
    _, n, ok = ctx.grid()
    a = (n // P) * P                      # first KV tile of n's wave
    b = np.minimum(a + P, N)              # one past its last
    n_lo, n_hi = ctx.n_lo[:, None], ctx.n_hi[:, None]
    earlier = np.clip(np.minimum(a, n_hi) - n_lo, 0, None)
    rank = np.where(ok, earlier + np.minimum(b, n_hi) - 1 - n, -1)
    return np.arange(N), visit, rank, P


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
        W = problem.capacity if wave_size is None else int(wave_size)
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
    other cyclically (default: the problem's co-resident capacity C). The tables depend only on
    the shapes, tile sizes, mask and W; never on batch or heads."""
    if schedule not in _BUILDERS:
        raise ValueError(f"unknown schedule {schedule!r}; known: {', '.join(SCHEDULES)}")
    W = problem.capacity if wave_size is None else int(wave_size)
    if W < 1:
        raise ValueError(f"wave_size must be >= 1, got {W}")
    ctx = _Ctx(problem)
    built_as, note = _fallback(schedule, ctx, W)
    launch, visit, rank, wave = _BUILDERS[built_as](ctx, W)
    return _finish(schedule, built_as, ctx, launch, visit, rank, wave, note)


def build_all(problem: Problem, wave_size: int | None = None) -> dict:
    return {s: build_tables(problem, s, wave_size) for s in SCHEDULES}
