"""Validity and deadlock freedom of schedule tables. check() raises ValueError naming the first
problem found; it returns quietly when the tables are safe to hand to the kernel.

The deadlock model. Each CTA's dQ writer handles its visits in order and, for visit (m, n),
spins until counter[m] == rank[m, n], adds, then increments counter[m] (before it waits on its
next visit). So the wait-for graph has an edge from every visit to the previous visit of the
same CTA (program order) and to the visit holding the previous rank of its Q tile (rank order).
CTAs are dispatched in linear block order onto C co-resident slots and hold the slot until they
finish; heads never wait on each other, and a head's CTAs are contiguous in linear order, so
one head decides everything. The tables are deadlock-free for C iff a replay of this protocol
(each CTA advances while its next turn has come; the next CTA is dispatched whenever fewer than
C dispatched CTAs are unfinished) finishes every visit. `_replay` does that replay, vectorised
over CTAs: one round advances every CTA whose turn has come by one visit.

The wave contract is checked on top: a CTA waits on a later-launched CTA only inside its own
wave of `wave_size` launch positions, so any C >= wave_size is safe by construction (all
earlier waves finish without the later ones; then the whole wave fits).
"""
from __future__ import annotations

import numpy as np

from .problem import Problem, tile_mask
from .tables import ScheduleTables, _predecessors


def check(tables: ScheduleTables, problem: Problem, capacity: int | None = None) -> None:
    """Raise ValueError unless `tables` are a valid, deadlock-free schedule for `problem` with
    `capacity` co-resident CTAs (default: problem.capacity)."""
    C = problem.capacity if capacity is None else int(capacity)
    _check_format(tables, problem)
    mask = tile_mask(problem)
    _check_coverage(tables, mask)
    _check_ranks(tables, mask)
    _check_waits(tables, C)


def _fail(tables, msg):
    raise ValueError(f"schedule {tables.name!r}: {msg}")


def _check_format(t: ScheduleTables, p: Problem):
    M, N = p.num_m, p.num_n
    shapes = {"launch_order": (N,), "visit_offsets": (N + 1,), "rank": (M, N), "num_contrib": (M,)}
    for name in ("launch_order", "visit_offsets", "visit_m", "rank", "num_contrib"):
        a = getattr(t, name)
        if not isinstance(a, np.ndarray) or a.dtype != np.int32 or not a.flags.c_contiguous:
            _fail(t, f"{name} must be a C-contiguous int32 numpy array")
        if name in shapes and a.shape != shapes[name]:
            _fail(t, f"{name} has shape {a.shape}, expected {shapes[name]} (M={M}, N={N})")
    if t.visit_m.ndim != 1:
        _fail(t, "visit_m must be 1-D")
    if not np.array_equal(np.sort(t.launch_order), np.arange(N)):
        _fail(t, "launch_order is not a permutation of 0..N-1")
    off = t.visit_offsets
    if off[0] != 0 or off[-1] != len(t.visit_m) or np.any(np.diff(off) < 0):
        _fail(t, f"visit_offsets must rise from 0 to len(visit_m)={len(t.visit_m)}")
    if len(t.visit_m) and (t.visit_m.min() < 0 or t.visit_m.max() >= M):
        _fail(t, f"visit_m holds Q tiles outside 0..{M - 1}")
    if t.wave_size < 1:
        _fail(t, f"wave_size must be >= 1, got {t.wave_size}")


def _pairs(idx, N, k=5):
    return ", ".join(f"(m={i // N}, n={i % N})" for i in idx[:k]) + (" ..." if len(idx) > k else "")


def _check_coverage(t: ScheduleTables, mask: np.ndarray):
    M, N = mask.shape
    col = np.repeat(np.arange(N), np.diff(t.visit_offsets))
    count = np.bincount(t.visit_m.astype(np.int64) * N + col, minlength=M * N)
    flat = mask.ravel()
    bad = np.flatnonzero(count > 1)
    if len(bad):
        _fail(t, f"{len(bad)} pair(s) visited more than once: {_pairs(bad, N)}")
    bad = np.flatnonzero((count > 0) & ~flat)
    if len(bad):
        _fail(t, f"{len(bad)} masked pair(s) visited: {_pairs(bad, N)}")
    bad = np.flatnonzero((count == 0) & flat)
    if len(bad):
        _fail(t, f"{len(bad)} unmasked pair(s) never visited: {_pairs(bad, N)}")


def _check_ranks(t: ScheduleTables, mask: np.ndarray):
    M, N = mask.shape
    r = t.rank
    bad = np.flatnonzero((mask & (r < 0)).ravel())
    if len(bad):
        _fail(t, f"{len(bad)} unmasked pair(s) without a rank: {_pairs(bad, N)}")
    bad = np.flatnonzero((~mask & (r != -1)).ravel())
    if len(bad):
        _fail(t, f"{len(bad)} masked pair(s) with rank != -1: {_pairs(bad, N)}")
    K = mask.sum(axis=1)
    if not np.array_equal(t.num_contrib, K):
        m = int(np.flatnonzero(t.num_contrib != K)[0])
        _fail(t, f"num_contrib[{m}] = {t.num_contrib[m]}, but Q tile {m} has {K[m]} contributors")
    mm, nn = np.nonzero(mask)
    rr = r[mm, nn].astype(np.int64)
    over = rr >= K[mm]
    if over.any():
        i = int(np.flatnonzero(over)[0])
        _fail(t, f"rank[{mm[i]}, {nn[i]}] = {rr[i]} but Q tile {mm[i]} has only {K[mm[i]]} contributors")
    dup = np.bincount(mm * N + rr, minlength=M * N) > 1
    if dup.any():
        i = int(np.flatnonzero(dup)[0])
        _fail(t, f"Q tile {i // N}: rank {i % N} given to more than one KV tile "
                 f"(ranks must be a permutation of 0..K_m-1)")


def _check_waits(t: ScheduleTables, C: int):
    N = t.num_n
    pos = t.launch_pos.astype(np.int64)
    col = np.repeat(np.arange(N), np.diff(t.visit_offsets))
    pred = _predecessors(t)
    has = pred >= 0
    p_wait, p_hold = pos[col[has]], pos[pred[has]]
    fwd = p_hold > p_wait
    W = t.wave_size
    # The wave contract: forward waits stay inside a wave.
    cross = fwd & (p_hold // W != p_wait // W)
    if cross.any():
        i = int(np.flatnonzero(cross)[0])
        e = np.flatnonzero(has)[i]
        _fail(t, f"KV tile {col[e]} (launch position {p_wait[i]}) waits on KV tile {pred[e]} at later "
                 f"launch position {p_hold[i]}, outside its wave of {W} (Q tile {t.visit_m[e]}): "
                 f"only waits on earlier positions or inside the own wave are deadlock-free")
    # Replay with C slots: exact for this capacity (and finds cycles of the wait-for graph).
    stuck = _replay(t, min(C, N))
    if stuck is not None:
        if C < N and _replay(t, N) is None:
            need = min_capacity(t)
            _fail(t, f"deadlocks with {C} co-resident CTAs: it needs at least {need} "
                     f"(built with wave_size {W}). {stuck}")
        _fail(t, f"the wait-for graph has a cycle (deadlock for any number of SMs): {stuck}")
    if fwd.any() and W > C:
        _fail(t, f"wave_size {W} exceeds the {C} co-resident CTAs: CTAs wait on later-launched ones, "
                 f"so the kernel must refuse it (this table happens to need {min_capacity(t)})")


def _replay(t: ScheduleTables, C: int):
    """Replay the ticket protocol for one head with C slots; None if every visit completes,
    else a description of where it got stuck."""
    N, M = t.num_n, t.num_m
    order = t.launch_order.astype(np.int64)            # CTA k (launch position) handles n = order[k]
    start = t.visit_offsets[:-1].astype(np.int64)[order]
    length = np.diff(t.visit_offsets).astype(np.int64)[order]
    col = np.repeat(np.arange(N), np.diff(t.visit_offsets))
    vrank = t.rank[t.visit_m, col].astype(np.int64)    # rank of every visit
    vm = t.visit_m.astype(np.int64)
    ptr = np.zeros(N, dtype=np.int64)
    counter = np.zeros(M, dtype=np.int64)
    finished = length == 0
    dispatched = 0
    while True:
        # Dispatch in launch order while a slot is free (empty CTAs finish at once).
        unfinished = int(np.count_nonzero(~finished[:dispatched]))
        while dispatched < N and unfinished < C:
            unfinished += int(not finished[dispatched])
            dispatched += 1
        act = np.flatnonzero(~finished[:dispatched])
        if len(act) == 0:
            return None if dispatched == N else "nothing left to run"  # pragma: no cover
        e = start[act] + ptr[act]
        turn = counter[vm[e]] == vrank[e]
        if not turn.any():
            return _describe_stuck(t, act, e, counter, dispatched, order, vm, vrank)
        go = act[turn]
        ptr[go] += 1
        counter[vm[e[turn]]] += 1
        finished[go] = ptr[go] == length[go]


def _describe_stuck(t, act, e, counter, dispatched, order, vm, vrank):
    N = t.num_n
    pos = t.launch_pos
    holder = np.full(t.num_m * N, -1, dtype=np.int64)
    col = np.repeat(np.arange(N), np.diff(t.visit_offsets))
    holder[vm * N + vrank] = col
    waits = {}  # launch position -> (Q tile, own rank, launch position of the holder of the turn)
    for k, ek in zip(act.tolist(), e.tolist()):
        m = int(vm[ek])
        waits[k] = (m, int(vrank[ek]), int(pos[holder[m * N + counter[m]]]))
    k = int(act[0])
    seen, chain = set(), []
    while k in waits and k not in seen:
        seen.add(k)
        m, r, h = waits[k]
        chain.append(f"KV tile {order[k]} (position {k}) waits on Q tile {m} for turn {r}, "
                     f"which is at {counter[m]}: next is KV tile {order[h]} (position {h})")
        k = h
    if k >= dispatched:
        chain.append(f"which is not dispatched: all {len(act)} slots are held by waiting CTAs")
    elif k in seen:
        chain.append("... a cycle")
    return "; ".join(chain[:6]) + (" ..." if len(chain) > 6 else "")


def min_capacity(tables: ScheduleTables) -> int:
    """The smallest number of co-resident CTAs for which the tables are deadlock-free (binary
    search over replays; raises if even N slots deadlock, i.e. the wait-for graph has a cycle)."""
    N = tables.num_n
    if _replay(tables, N) is not None:
        raise ValueError(f"schedule {tables.name!r}: the wait-for graph has a cycle")
    lo, hi = 1, N
    while lo < hi:
        mid = (lo + hi) // 2
        if _replay(tables, mid) is None:
            hi = mid
        else:
            lo = mid + 1
    return lo
