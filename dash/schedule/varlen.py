"""A model of DASH schedules for variable-length (packed, "varlen") batches: what the varlen
backward kernel evaluates (csrc/bwd/bwd_varlen.h mirrors the seq_* closed forms and cta_program's
"index" and "lpt" orders one for one; tests/test_varlen_bwd.py compares them); docs/varlen.md is the design
note.

A varlen call packs B sequences; sequence b has sq_b query and sk_b key tokens (from the
prefix sums cu_seqlens_q / cu_seqlens_k, which live on the GPU), M_b = ceil(sq_b / block_m) Q
tiles and N_b = ceil(sk_b / block_n) KV tiles, and its own mask, bottom-right aligned per
sequence as in FA3. Every sequence gets the tables that the single-sequence builder
(tables.build_tables) gives its own shape, with its own default wave
W_b = min(M_b, N_b, WAVE_LIMIT). So a sequence's ranks (the order of its dQ additions, hence its
bits) depend only on (sq_b, sk_b, mask, tiles, schedule): never on its neighbours, its index b
or the packing.

Two halves:

* **Scalar evaluators** (`seq_*` below): every table entry as a closed form of scalars, pure
  integer arithmetic with no arrays, no loops over tiles and no sort; what a GPU thread would
  run per (sequence, KV tile): O(1) for the launch order, the visit count, each visit and each
  rank, so O(visits) per CTA. The one exception is shift_causal's fallback predicate for
  block_n < block_m (no kernel tile shape has that): an O(N_b) scan, once per sequence.
* **Host tables** (`build_varlen_tables`): the same values as flat NumPy arrays with
  per-sequence offsets, built from the single-sequence builder, for the model and the tests.

The grid (`VarlenGrid`): CTAs over (sequence, head, KV tile). Each sequence's H heads are
folded wave by wave exactly as in dash.schedule.grid, on consecutive launch positions; the
sequences follow each other in one of two orders:

* ``"index"``: sequence order b = 0, 1, ...; sequence b owns the padded slot of
  H * (floor(cu_k[b+1] / block_n) - floor(cu_k[b] / block_n) + 1) >= H * N_b positions starting at
  H * (floor(cu_k[b] / block_n) + b); positions past its H * N_b CTAs are empty (the CTA that claims one
  exits at once). Needs no ranking at all: b comes from a binary search over
  cu_seqlens_k (O(log B)), and the grid size H * (floor(total_k / block_n) + B) depends only on the
  totals, so a captured CUDA graph replays for any split of the same totals.
* ``"lpt"``: longest first (N_b descending, then M_b descending, then b): long sequences start
  first and short ones fill the tail. Needs a rank of the B sequences: the kernel's preprocess
  evaluates it in shared memory (one sequence per thread) with the dense prefix sums of H * N_b
  in that order, so the kernel runs "lpt" for batches of at most LPT_MAX_BATCH sequences and
  "index" above (`kernel_order`).

Both keep the liveness contract: a CTA waits only on CTAs of its own (sequence, head), at
earlier launch positions or inside its own wave of <= WAVE_LIMIT consecutive positions.
`replay` runs the ticket protocol over the whole ragged grid with C co-resident slots.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from .grid import launch_position, unfold_launch_position
from .problem import Problem
from .check import replay_tickets
from .tables import SCHEDULES, WAVE_LIMIT, build_tables, shift_stride, shift_wave

ORDERS = ("index", "lpt")
LPT_MAX_BATCH = 256  # csrc/bwd/bwd_varlen.h kLptMaxBatch (the preprocess's threads)


def kernel_order(batch: int) -> str:
    """The order of the sequences in the varlen backward kernel's grid for a batch of `batch`."""
    return "lpt" if batch <= LPT_MAX_BATCH else "index"


# ---------------------------------------------------------------------------------------------
# Scalar closed forms: what a GPU thread evaluates. Integers only; `//` is floor division, and
# every place where its operand may be negative is written so that a C truncating division
# gives the same result (noted where it matters).
# ---------------------------------------------------------------------------------------------
def cdiv(a: int, b: int) -> int:
    return (a + b - 1) // b  # a >= 0


def seq_tiles(sq: int, sk: int, bm: int, bn: int):
    """(M, N) of one sequence; 0 for an empty side."""
    return cdiv(sq, bm), cdiv(sk, bn)


def seq_wave(M: int, N: int) -> int:
    """W = min(M, N, WAVE_LIMIT) (tables.default_wave_size), at least 1."""
    return max(1, min(M, N, WAVE_LIMIT))


def band_of(mask) -> tuple:
    """The band (left, right) of a mask argument (common/band.h; -1 = unbounded): False is the
    full mask (-1, -1), True the causal one (-1, 0), a pair a sliding window as resolved by
    dash.validate.resolve_window."""
    if isinstance(mask, (bool, np.bool_)):
        return (-1, 0) if mask else (-1, -1)
    left, right = (int(x) for x in mask)
    return left, right


def problem_mask(mask) -> dict:
    """Problem's (mask, window) fields of a mask argument."""
    band = band_of(mask)
    if band == (-1, -1):
        return {"mask": "full"}
    if band == (-1, 0):
        return {"mask": "causal"}
    return {"mask": "window", "window": band}


def seq_row_range(m: int, sq: int, sk: int, bm: int, bn: int, mask):
    """[n_lo, n_hi) of Q tile m: the KV tiles it touches (problem.row_ranges). The band is
    bottom-right aligned (off = sk - sq): the tile's first row i0 = m bm sees keys from
    t = i0 + off - left on (none if t > sk - 1, else n_lo = max(t, 0) / bn), its last row
    i1 = min((m + 1) bm, sq) - 1 up to u = i1 + off + right (n_hi = clamp(floor(u / bn) + 1, 0, N);
    C: floor_div, as u may be negative)."""
    left, right = band_of(mask)
    N = cdiv(sk, bn)
    off = sk - sq
    n_lo, n_hi = 0, N
    if left >= 0:
        t = m * bm + off - left
        n_lo = N if t > sk - 1 else max(t, 0) // bn
    if right >= 0:
        u = min((m + 1) * bm, sq) - 1 + off + right
        n_hi = min(max(u // bn + 1, 0), N)
    return n_lo, n_hi


def seq_col_range(n: int, sq: int, sk: int, bm: int, bn: int, mask):
    """[m_lo, m_hi) of KV tile n: the Q tiles that touch it (problem.col_ranges). m_lo: the first
    Q tile whose last row sees key n bn, i.e. the first row t = n bn - off - right that does (none
    if t > sq - 1, else t < 0 ? 0 : t / bm). m_hi: the first Q tile whose first row's first key
    m bm + off - left lies at or past min((n + 1) bn, sk): ceil(v / bm) for v = min((n + 1) bn, sk)
    - off + left, at least 0 and at most M; then m_hi >= m_lo."""
    left, right = band_of(mask)
    M = cdiv(sq, bm)
    off = sk - sq
    m_lo, m_hi = 0, M
    if right >= 0:
        t = n * bn - off - right
        m_lo = M if t > sq - 1 else (0 if t < 0 else t // bm)
    if left >= 0:
        v = min((n + 1) * bn, sk) - off + left
        m_hi = min(cdiv(v, bm) if v > 0 else 0, M)
    return m_lo, max(m_hi, m_lo)


def seq_shift_causal_applies(sq: int, sk: int, bm: int, bn: int, mask) -> bool:
    """tables.applies(p, "shift_causal") == "" per sequence: the first rows m_lo of the KV
    tiles with visits strictly rise inside every wave of P = min(W, N) KV tiles.

    Without a left bound, closed form for block_n >= block_m (every kernel tile shape): for
    visiting KV tiles m_lo[n] = max(0, floor(t_n / bm)), t_n = n bn - off - right, strictly rising
    wherever t_n >= 0 ... except where max(0, .) clamps two of them to row 0: tiles 0 and 1 tie
    iff t_1 = bn - off - right < bm. Tile 1 exists and visits whenever P >= 2 (then M >= 2, so
    sq > bm > t_1). So: applies iff P < 2 or sk - sq + right <= bn - bm. With a left bound the
    early KV tiles may see no row, so a scan from the first KV tile any row sees (n_lo of Q tile
    0), which stops at the first tie or (block_n >= block_m) at the first visiting tile past row
    0: from there on m_lo rises by at least one per tile. The full scan for block_n < block_m."""
    left, right = band_of(mask)
    if (left, right) == (-1, -1):
        return False
    M, N = seq_tiles(sq, sk, bm, bn)
    P = max(1, min(seq_wave(M, N), N))
    if P < 2:
        return True
    if left < 0 and right >= 0 and bn >= bm:
        return sk - sq + right <= bn - bm
    prev = None                                   # (m_lo of the previous visiting tile, its wave)
    for n in range(seq_row_range(0, sq, sk, bm, bn, mask)[0], N):
        lo, hi = seq_col_range(n, sq, sk, bm, bn, mask)
        if hi <= lo:
            continue
        if prev is not None and prev[1] == n // P and lo <= prev[0]:
            return False
        prev = (lo, n // P)
        if bn >= bm and lo >= 1:
            return True
    return True


def seq_built_as(schedule: str, sq: int, sk: int, bm: int, bn: int, mask) -> str:
    """The schedule a sequence is built as (tables._fallback): shift needs the full mask,
    shift_causal a rising staircase; otherwise descending."""
    if schedule not in SCHEDULES:
        raise ValueError(f"unknown schedule {schedule!r}")
    if schedule == "shift" and band_of(mask) != (-1, -1):
        return "descending"
    if schedule == "shift_causal" and not seq_shift_causal_applies(sq, sk, bm, bn, mask):
        return "descending"
    return schedule


def seq_wave_size(s: str, M: int, N: int, q_heads: int = 1) -> int:
    """The tables' wave_size for built schedule s: N for ascending, descending and spt (no
    forward waits), shift's wave (tables.shift_wave over the call's q-heads) for shift,
    W for shift_causal."""
    if s in ("ascending", "descending", "spt"):
        return N
    return shift_wave(M, N, WAVE_LIMIT, q_heads) if s == "shift" else seq_wave(M, N)


def seq_launch_wave(s: str, M: int, N: int, q_heads: int = 1) -> int:
    """ScheduleTables.launch_wave: the wave the grid folds the heads by (wave_size clamped to N)."""
    return max(1, min(seq_wave_size(s, M, N, q_heads), N))


def seq_launch(s: str, j: int, N: int) -> int:
    """launch_order[j]: the KV tile at launch index j."""
    return N - 1 - j if s == "spt" else j


def seq_num_visits(n, sq, sk, bm, bn, mask) -> int:
    lo, hi = seq_col_range(n, sq, sk, bm, bn, mask)
    return hi - lo


def seq_visit(s: str, n: int, t: int, sq, sk, bm, bn, mask, q_heads: int = 1) -> int:
    """visit_m of KV tile n at step t (0 <= t < seq_num_visits)."""
    lo, hi = seq_col_range(n, sq, sk, bm, bn, mask)
    if s == "descending":
        return hi - 1 - t
    if s == "shift":                              # full mask: (stride j + t) mod M, j = n mod P
        M, N = seq_tiles(sq, sk, bm, bn)
        P = seq_wave_size(s, M, N, q_heads)
        return (shift_stride(M, P) * (n % P) + t) % M
    return lo + t                                 # ascending, spt, shift_causal


def seq_rank(s: str, m: int, n: int, sq, sk, bm, bn, mask, q_heads: int = 1) -> int:
    """rank[m, n]: the turn of KV tile n in Q tile m's dQ sum, -1 if masked."""
    n_lo, n_hi = seq_row_range(m, sq, sk, bm, bn, mask)
    if not n_lo <= n < n_hi:
        return -1
    if s in ("ascending", "descending"):
        return n - n_lo
    if s == "spt":
        return n_hi - 1 - n
    M, N = seq_tiles(sq, sk, bm, bn)
    P = seq_wave_size(s, M, N, q_heads)          # shift's or shift_causal's wave
    a = n // P * P                                # first KV tile of n's wave
    b = min(a + P, N)                             # one past its last
    if s == "shift":                              # (min(m // stride, P_k - 1) - j) mod P_k + a
        size, j = b - a, n - a
        x = min(m // shift_stride(M, P), size - 1) - j  # in (-size, size): no % on negatives needed
        return (x + size if x < 0 else x) + a
    # shift_causal: contributors of m in earlier waves + those in n's wave with a larger n
    return max(min(a, n_hi) - n_lo, 0) + min(b, n_hi) - 1 - n


def seq_num_contrib(m, sq, sk, bm, bn, mask) -> int:
    n_lo, n_hi = seq_row_range(m, sq, sk, bm, bn, mask)
    return max(n_hi - n_lo, 0)


# ---------------------------------------------------------------------------------------------
# The grid: (sequence, head, KV tile) per launch position
# ---------------------------------------------------------------------------------------------
def _lengths(cu):
    cu = np.asarray(cu, dtype=np.int64)
    if cu.ndim != 1 or len(cu) < 1 or cu[0] != 0 or np.any(np.diff(cu) < 0):
        raise ValueError("cu_seqlens must be a 1-D non-decreasing prefix sum starting at 0")
    return np.diff(cu)


def lpt_order(M: np.ndarray, N: np.ndarray) -> np.ndarray:
    """Sequences longest first: N_b descending, then M_b descending, then b (a stable sort;
    on the GPU each table CTA of the backward's preprocess ranks the B keys, one per thread)."""
    B = len(N)
    return np.lexsort((np.arange(B), -np.asarray(M, np.int64), -np.asarray(N, np.int64)))


@dataclass(frozen=True, eq=False)
class VarlenGrid:
    """Launch positions of a ragged grid. Sequence order[s] occupies positions
    [base[s], base[s] + heads * N_b) of a slot [base[s], base[s + 1]); the rest of the slot
    (only with "index") is empty. Inside, its heads are folded by its launch wave
    (dash.schedule.grid)."""
    order: np.ndarray      # int64[B]: sequence at slot s
    base: np.ndarray       # int64[B + 1]: first position of slot s; base[B] = the grid size
    heads: int

    @property
    def size(self) -> int:
        return int(self.base[-1])


def build_grid(cu_seqlens_k, block_n: int, heads: int, order: str = "lpt", cu_seqlens_q=None,
               block_m: int | None = None) -> VarlenGrid:
    sk = _lengths(cu_seqlens_k)
    N = -(-sk // block_n)
    B = len(N)
    if order == "index":
        # Scan-free padded slots: H * (floor(cu_k[b] / bn) + b); slot b holds >= H * N_b positions.
        cu = np.asarray(cu_seqlens_k, dtype=np.int64)
        return VarlenGrid(order=np.arange(B), base=heads * (cu // block_n + np.arange(B + 1)), heads=heads)
    if order == "lpt":
        M = np.zeros(B, np.int64) if cu_seqlens_q is None else -(-_lengths(cu_seqlens_q) // block_m)
        o = lpt_order(M, N)
        base = np.zeros(B + 1, np.int64)
        np.cumsum(heads * N[o], out=base[1:])
        return VarlenGrid(order=o, base=base, heads=heads)
    raise ValueError(f"unknown order {order!r}; known: {ORDERS}")


def kernel_prep(cu_seqlens_q, cu_seqlens_k, heads: int, block_m: int, block_n: int):
    """cta_program's `prep` for the order the kernel runs (kernel_order): the "lpt" grid's
    (order, base), or None for "index"."""
    if kernel_order(len(cu_seqlens_k) - 1) == "index":
        return None
    grid = build_grid(cu_seqlens_k, block_n, heads, "lpt", cu_seqlens_q=cu_seqlens_q, block_m=block_m)
    return grid.order, grid.base


def decode_position(x: int, grid: VarlenGrid, N_of, launch_wave_of):
    """(b, head, launch index j) of launch position x, or None for an empty position: a
    binary search for the slot (O(log B), "index" can search cu_seqlens_k itself), then
    grid.unfold_launch_position inside the sequence. N_of(b), launch_wave_of(b) are the
    sequence's scalars (closed forms of its lengths)."""
    s = int(np.searchsorted(grid.base, x, side="right")) - 1
    b = int(grid.order[s])
    r = x - int(grid.base[s])
    N = int(N_of(b))
    if r >= grid.heads * N:
        return None
    j, h = unfold_launch_position(r, N, int(launch_wave_of(b)), grid.heads)
    return b, int(h), int(j)


# ---------------------------------------------------------------------------------------------
# Host tables
# ---------------------------------------------------------------------------------------------
@lru_cache(maxsize=4096)
def _seq_tables(sq: int, sk: int, bm: int, bn: int, mask, schedule: str, q_heads: int = 1):
    """The single-sequence tables of one shape (None for an empty side), cached per shape: a
    sequence's tables are a function of its own shape and the call's q-heads only (the sequence
    alone: batch 1, those heads)."""
    if sq == 0 or sk == 0:
        return None
    return build_tables(Problem(seqlen_q=sq, seqlen_k=sk, block_m=bm, block_n=bn, heads=q_heads,
                                **problem_mask(mask)), schedule)


@dataclass(frozen=True, eq=False)
class VarlenTables:
    """Flat tables of a ragged batch: sequence b's part of every array starts at its offset.

    Per sequence (int64[B]): seqlen_q, seqlen_k, M, N, wave_size, launch_wave, built_as (str).
    Offsets (int64[B + 1]): q_off (prefix of M_b: num_contrib), k_off (prefix of N_b:
    launch_order, visit_offsets), v_off (prefix of the visits T_b: visit_m), r_off (prefix of
    M_b N_b: rank). Arrays (int32): launch_order (local KV tiles), visit_offsets (sum N + 1,
    global CSR into visit_m, indexed by global KV tile k_off[b] + n), visit_m (local Q tiles),
    rank (each sequence's M_b x N_b block, row-major), num_contrib."""
    schedule: str
    block_m: int
    block_n: int
    mask: tuple            # the band (left, right) of band_of
    seqlen_q: np.ndarray
    seqlen_k: np.ndarray
    M: np.ndarray
    N: np.ndarray
    wave_size: np.ndarray
    launch_wave: np.ndarray
    built_as: tuple
    q_off: np.ndarray
    k_off: np.ndarray
    v_off: np.ndarray
    r_off: np.ndarray
    launch_order: np.ndarray
    visit_offsets: np.ndarray
    visit_m: np.ndarray
    rank: np.ndarray
    num_contrib: np.ndarray

    @property
    def batch(self) -> int:
        return len(self.N)

    def rank_of(self, b: int) -> np.ndarray:
        return self.rank[self.r_off[b]:self.r_off[b + 1]].reshape(int(self.M[b]), int(self.N[b]))

    def visits(self, b: int, n: int) -> np.ndarray:
        k = int(self.k_off[b]) + n
        return self.visit_m[self.visit_offsets[k]:self.visit_offsets[k + 1]]

    def launch_of(self, b: int) -> np.ndarray:
        return self.launch_order[self.k_off[b]:self.k_off[b + 1]]

    def grid(self, heads: int = 1, order: str = "lpt") -> VarlenGrid:
        cu_k = np.concatenate([[0], np.cumsum(self.seqlen_k)])
        cu_q = np.concatenate([[0], np.cumsum(self.seqlen_q)])
        return build_grid(cu_k, self.block_n, heads, order, cu_q, self.block_m)


def _offsets(x):
    o = np.zeros(len(x) + 1, dtype=np.int64)
    np.cumsum(x, out=o[1:])
    return o


def build_varlen_tables(cu_seqlens_q, cu_seqlens_k, block_m: int, block_n: int, mask,
                        schedule: str, q_heads: int = 1) -> VarlenTables:
    """The flat tables of `schedule` for a ragged batch of `q_heads` q-heads (host, NumPy): each
    sequence's part is build_tables(Problem(sq_b, sk_b, block_m, block_n, mask, q_heads), schedule)
    with its default wave, so it depends on that sequence's shape (and the heads) alone. Empty sequences (sq_b = 0 or sk_b = 0) have
    no visits; with sq_b = 0 and sk_b > 0 their N_b CTAs still run (to write zero dK, dV)."""
    if schedule not in SCHEDULES:
        raise ValueError(f"unknown schedule {schedule!r}; known: {', '.join(SCHEDULES)}")
    sq, sk = _lengths(cu_seqlens_q), _lengths(cu_seqlens_k)
    if len(sq) != len(sk):
        raise ValueError("cu_seqlens_q and cu_seqlens_k must have the same length")
    M, N = -(-sq // block_m), -(-sk // block_n)
    built, wave, lwave = [], [], []
    launch, counts, visit_m, rank, contrib = [], [], [], [], []
    for b in range(len(sq)):
        t = _seq_tables(int(sq[b]), int(sk[b]), block_m, block_n, band_of(mask), schedule, q_heads)
        s = seq_built_as(schedule, int(sq[b]), int(sk[b]), block_m, block_n, mask)
        if t is None:
            launch.append(np.arange(N[b]) if s != "spt" else np.arange(N[b])[::-1])
            counts.append(np.zeros(N[b], np.int64))
            rank.append(np.full(M[b] * N[b], -1))
            contrib.append(np.zeros(M[b], np.int64))
            built.append(s)
            wave.append(seq_wave_size(s, int(M[b]), int(N[b]), q_heads))
            lwave.append(seq_launch_wave(s, int(M[b]), int(N[b]), q_heads))
            continue
        built.append(t.built_as)
        wave.append(t.wave_size)
        lwave.append(t.launch_wave)
        launch.append(t.launch_order)
        counts.append(np.diff(t.visit_offsets))
        visit_m.append(t.visit_m)
        rank.append(t.rank.ravel())
        contrib.append(t.num_contrib)

    def cat(parts):
        return np.ascontiguousarray(np.concatenate(parts) if parts else np.zeros(0), dtype=np.int32)

    counts_all = np.concatenate(counts) if counts else np.zeros(0, np.int64)
    T = np.array([c.sum() for c in counts], dtype=np.int64)
    return VarlenTables(schedule=schedule, block_m=block_m, block_n=block_n, mask=band_of(mask),
                        seqlen_q=sq, seqlen_k=sk, M=M, N=N, wave_size=np.array(wave, np.int64),
                        launch_wave=np.array(lwave, np.int64), built_as=tuple(built),
                        q_off=_offsets(M), k_off=_offsets(N), v_off=_offsets(T), r_off=_offsets(M * N),
                        launch_order=cat(launch), visit_offsets=cat([[0], np.cumsum(counts_all)]),
                        visit_m=cat(visit_m), rank=cat(rank), num_contrib=cat(contrib))


def evaluate_sequence(schedule: str, sq: int, sk: int, bm: int, bn: int, mask, q_heads: int = 1) -> dict:
    """One sequence's tables from the scalar closed forms alone (loops over elements, each entry
    computed independently, as GPU threads would): the reference the tests compare to."""
    M, N = seq_tiles(sq, sk, bm, bn)
    s = seq_built_as(schedule, sq, sk, bm, bn, mask)
    counts = [seq_num_visits(n, sq, sk, bm, bn, mask) for n in range(N)]
    return {"built_as": s, "M": M, "N": N,
            "wave_size": seq_wave_size(s, M, N, q_heads), "launch_wave": seq_launch_wave(s, M, N, q_heads),
            "launch_order": [seq_launch(s, j, N) for j in range(N)],
            "visit_counts": counts,
            "visit_m": [seq_visit(s, n, t, sq, sk, bm, bn, mask, q_heads) for n in range(N) for t in range(counts[n])],
            "rank": [seq_rank(s, m, n, sq, sk, bm, bn, mask, q_heads) for m in range(M) for n in range(N)],
            "num_contrib": [seq_num_contrib(m, sq, sk, bm, bn, mask) for m in range(M)]}


# ---------------------------------------------------------------------------------------------
# Replay of the ticket protocol over the whole ragged grid
# ---------------------------------------------------------------------------------------------
def replay(vt: VarlenTables, heads: int = 1, capacity: int = 32, order: str = "lpt"):
    """Dispatch the grid's launch positions in order onto `capacity` slots (a CTA holds its slot
    until its last visit; empty positions and CTAs without visits finish at once) and run the
    ticket protocol: a CTA's next visit (m, n) proceeds when its (sequence, head, m) counter
    equals rank[m, n]. Returns None when every visit completes, else a description."""
    g = vt.grid(heads, order)
    Nb, lw = vt.N, vt.launch_wave
    # every launch position's CTA: sequence, head, KV tile (-1: empty)
    seq = np.full(g.size, -1, np.int64)
    head = np.zeros(g.size, np.int64)
    kv = np.zeros(g.size, np.int64)
    for s, b in enumerate(g.order.tolist()):
        n_b = int(Nb[b])
        if n_b == 0:
            continue
        j = np.repeat(np.arange(n_b), heads)
        h = np.tile(np.arange(heads), n_b)
        x = launch_position(j, h, n_b, int(lw[b]), heads) + g.base[s]
        seq[x], head[x] = b, h
        kv[x] = vt.launch_of(b)[j]
    valid = seq >= 0
    gk = np.where(valid, vt.k_off[np.maximum(seq, 0)] + kv, 0)          # global KV tile
    start = np.where(valid, vt.visit_offsets[gk], 0).astype(np.int64)
    length = np.where(valid, vt.visit_offsets[gk + 1] - vt.visit_offsets[gk], 0).astype(np.int64)
    # counters per (sequence, head, Q tile): heads * q_off[b] + h * M_b + m
    row0 = np.where(valid, heads * vt.q_off[np.maximum(seq, 0)] + head * vt.M[np.maximum(seq, 0)], 0)
    # rank of every visit
    vb = np.repeat(np.arange(vt.batch), vt.k_off[1:] - vt.k_off[:-1])         # sequence of global KV tile
    vcol = np.repeat(np.arange(len(vb)), np.diff(vt.visit_offsets))           # global KV tile of visit
    vseq = vb[vcol]
    local_n = vcol - vt.k_off[vseq]
    vm = vt.visit_m.astype(np.int64)
    vrank = vt.rank[vt.r_off[vseq] + vm * vt.N[vseq] + local_n].astype(np.int64)
    stuck = replay_tickets(start, length, row0, vm, vrank, heads * int(vt.q_off[-1]), capacity)
    if stuck is None:
        return None
    act, e, key, counter, _ = stuck
    if len(act) == 0:
        return "nothing left to run"
    a = int(act[0])
    return (f"stuck with {len(act)} active CTAs (capacity {capacity}); e.g. sequence {seq[a]} head "
            f"{head[a]} KV tile {kv[a]} (position {a}) waits on Q tile {vm[e[0]]} for turn "
            f"{vrank[e[0]]}, counter at {counter[key[0]]}")


def check_wave_contract(vt: VarlenTables) -> None:
    """Per sequence: every wait on a later launch index stays inside the waiting CTA's wave of
    launch_wave consecutive launch indices (then the fold keeps it inside W consecutive
    positions of the whole grid). Raises ValueError."""
    for b in range(vt.batch):
        M, N = int(vt.M[b]), int(vt.N[b])
        if M == 0 or N == 0:
            continue
        rank = vt.rank_of(b)
        W = int(vt.launch_wave[b])
        pos = np.empty(N, np.int64)
        pos[vt.launch_of(b)] = np.arange(N)
        holder = np.full((M, N), -1, np.int64)
        mm, nn = np.nonzero(rank >= 0)
        holder[mm, rank[mm, nn]] = nn
        r = rank[mm, nn]
        has = r > 0
        pw, ph = pos[nn[has]], pos[holder[mm[has], r[has] - 1]]
        bad = (ph > pw) & (ph // W != pw // W)
        if bad.any():
            raise ValueError(f"sequence {b}: a wait on a later launch index leaves its wave of {W}")


# ---------------------------------------------------------------------------------------------
# One CTA's whole program from the device-resident inputs alone: what the main kernel would run
# after claiming launch position x (no host sync, no tables beyond cu_seqlens and, for "lpt",
# the preprocess's order/base).
# ---------------------------------------------------------------------------------------------
def cta_program(x: int, cu_q, cu_k, heads: int, bm: int, bn: int, mask, schedule: str,
                prep=None, q_heads: int | None = None):
    """(b, head, KV tile n, [(m, rank)...] in visiting order, Q-tile counter base) for the CTA at
    launch position x, or None for an empty position.

    prep=None: the "index" order, found by a binary search over cu_k for the last b with
    heads * (cu_k[b] // bn + b) <= x (O(log B), reads only cu_seqlens_k). prep=(order, base): the
    "lpt" order, a binary search over the preprocess's base (kernel_prep). The counters of (b, head) start at
    heads * (cu_q[b] // bm + b) + head * S_b, S_b = cu_q[b + 1] // bm - cu_q[b] // bm + 1 >= M_b the
    sequence's query-tile slots per head: the forward's tile map (csrc/common/varlen_tiles.h), which
    the kernel's pre- and postprocess use for the same tiles (csrc/bwd/bwd_varlen.h)."""
    B = len(cu_k) - 1
    if prep is None:
        lo, hi = 0, B - 1                          # last b with heads * (cu_k[b] // bn + b) <= x
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if heads * (int(cu_k[mid]) // bn + mid) <= x:
                lo = mid
            else:
                hi = mid - 1
        b, r = lo, x - heads * (int(cu_k[lo]) // bn + lo)
    else:
        order, base = prep
        lo, hi = 0, B - 1                          # last slot s with base[s] <= x
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if int(base[mid]) <= x:
                lo = mid
            else:
                hi = mid - 1
        b, r = int(order[lo]), x - int(base[lo])
    sq, sk = int(cu_q[b + 1]) - int(cu_q[b]), int(cu_k[b + 1]) - int(cu_k[b])
    M, N = seq_tiles(sq, sk, bm, bn)
    if r >= heads * N:
        return None
    s = seq_built_as(schedule, sq, sk, bm, bn, mask)
    qh = heads if q_heads is None else q_heads    # the call's q-heads (shift's wave: tables.shift_wave)
    W = seq_launch_wave(s, M, N, qh)
    # grid.unfold_launch_position, scalar: waves of W launch indices folded across the heads
    k = r // (W * heads)
    size = min(W, N - k * W)
    rr = r - k * W * heads
    h = rr // size
    j = k * W + rr - h * size
    n = seq_launch(s, j, N)
    visits = []
    for t in range(seq_num_visits(n, sq, sk, bm, bn, mask)):
        m = seq_visit(s, n, t, sq, sk, bm, bn, mask, qh)
        visits.append((m, seq_rank(s, m, n, sq, sk, bm, bn, mask, qh)))
    slots = int(cu_q[b + 1]) // bm - int(cu_q[b]) // bm + 1
    return b, h, n, visits, heads * (int(cu_q[b]) // bm + b) + h * slots
