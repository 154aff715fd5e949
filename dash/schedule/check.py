"""Validity and deadlock freedom of schedule tables. check() raises ValueError naming the first
problem found; it returns quietly when the tables are safe to hand to the kernel.

The deadlock model. Each CTA's dQ writer handles its visits in order and, for visit (m, n),
spins until counter[m] == rank[m, n], adds, then increments counter[m] (before it waits on its
next visit). So the wait-for graph has an edge from every visit to the previous visit of the
same CTA (program order) and to the visit holding the previous rank of its Q tile (rank order).
CTAs are dispatched in launch order onto C co-resident slots and hold the slot until they
finish. The launch order is the kernel's: the (batch, head) instances' launch indices folded
wave by wave (dash.schedule.grid), so other heads' CTAs sit between a head's waves; heads never
wait on each other. The tables are deadlock-free for C iff a replay of this protocol (each CTA
advances while its next turn has come; the next CTA is dispatched whenever fewer than C
dispatched CTAs are unfinished) finishes every visit. `replay_tickets` does that replay (also for
the ragged grid of dash.schedule.varlen), `_replay` over the instances asked for, vectorised over CTAs: one round advances every CTA whose turn has come by
one visit.

The wave contract is checked on top: a CTA waits on a later-launched CTA only inside its own
wave of `wave_size` launch indices of its head, so any C >= wave_size is safe by construction,
whatever the instances and their fold: the fold keeps each head's order and each wave on
consecutive launch positions, so every wait outside the wave goes to an earlier position; all
earlier positions finish without the later ones, and then the whole wave fits.
"""
from __future__ import annotations

import numpy as np

from .grid import dispatch_order, launch_position
from .problem import Problem, tile_mask
from .tables import ScheduleTables, _predecessors


def check(tables: ScheduleTables, problem: Problem, capacity: int | None = None) -> None:
    """Raise ValueError unless `tables` are a valid, deadlock-free schedule for `problem` with
    `capacity` co-resident CTAs (default: problem.capacity), replayed over the problem's batch x
    heads instances in the kernel's launch order."""
    C = problem.capacity if capacity is None else int(capacity)
    _check_format(tables, problem)
    mask = tile_mask(problem)
    _check_coverage(tables, mask)
    _check_ranks(tables, mask)
    _check_waits(tables, C, problem.instances)


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


def _check_waits(t: ScheduleTables, C: int, instances: int = 1):
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
    G = N * instances
    stuck = _replay(t, min(C, G), instances)
    if stuck is not None:
        if C < G and _replay(t, G, instances) is None:
            need = min_capacity(t, instances)
            _fail(t, f"deadlocks with {C} co-resident CTAs: it needs at least {need} "
                     f"(built with wave_size {W}). {stuck}")
        _fail(t, f"the wait-for graph has a cycle (deadlock for any number of SMs): {stuck}")
    if fwd.any() and W > C:
        _fail(t, f"wave_size {W} exceeds the {C} co-resident CTAs: CTAs wait on later-launched ones, "
                 f"so the kernel must refuse it (this table happens to need {min_capacity(t)})")


def replay_tickets(start, length, row0, vm, vrank, num_counters: int, capacity: int):
    """The ticket protocol over CTAs in launch order on `capacity` slots: CTA g (launch position
    g) makes visits start[g] ... start[g] + length[g] - 1; visit e proceeds when counter
    row0[g] + vm[e] equals vrank[e], then increments it. A CTA holds its slot until its last
    visit; CTAs without visits finish at once. Returns None when every visit completes, else the
    stuck state (act, e, key, counter, dispatched): the waiting CTAs, their next visits and
    counters (act is empty if nothing was left to run)."""
    G = len(start)
    ptr = np.zeros(G, dtype=np.int64)
    counter = np.zeros(num_counters, dtype=np.int64)
    finished = length == 0
    dispatched = lo = 0                                 # every CTA below lo is finished
    while True:
        # Dispatch in launch order while a slot is free (empty CTAs finish at once).
        unfinished = int(np.count_nonzero(~finished[lo:dispatched]))
        while dispatched < G and unfinished < capacity:
            unfinished += int(not finished[dispatched])
            dispatched += 1
        while lo < dispatched and finished[lo]:
            lo += 1
        act = lo + np.flatnonzero(~finished[lo:dispatched])
        if len(act) == 0:
            return None if dispatched == G else (act, act, act, counter, dispatched)  # pragma: no cover
        e = start[act] + ptr[act]
        key = row0[act] + vm[e]
        turn = counter[key] == vrank[e]
        if not turn.any():
            return act, e, key, counter, dispatched
        go = act[turn]
        ptr[go] += 1
        counter[key[turn]] += 1
        finished[go] = ptr[go] == length[go]


def _replay(t: ScheduleTables, C: int, instances: int = 1):
    """Replay the ticket protocol for `instances` (batch, head) instances in the kernel's launch
    order (dash.schedule.grid) with C slots; None if every visit completes, else a description
    of where it got stuck."""
    N, M = t.num_n, t.num_m
    g_k, g_inst = dispatch_order(N, t.launch_wave, instances)   # CTA g (launch position)
    n_of = t.launch_order.astype(np.int64)[g_k]                 # handles KV tile n_of[g]
    start = t.visit_offsets[:-1].astype(np.int64)[n_of]
    length = np.diff(t.visit_offsets).astype(np.int64)[n_of]
    row0 = g_inst * M                                           # its instance's Q-tile counters
    col = np.repeat(np.arange(N), np.diff(t.visit_offsets))
    vrank = t.rank[t.visit_m, col].astype(np.int64)    # rank of every visit
    vm = t.visit_m.astype(np.int64)
    stuck = replay_tickets(start, length, row0, vm, vrank, instances * M, C)
    if stuck is None:
        return None
    act, e, key, counter, dispatched = stuck
    if len(act) == 0:
        return "nothing left to run"  # pragma: no cover
    return _describe_stuck(t, act, e, key, counter, dispatched, n_of, g_inst, vm, vrank, instances)


def _describe_stuck(t, act, e, key, counter, dispatched, n_of, g_inst, vm, vrank, instances):
    N = t.num_n
    holder = np.full(t.num_m * N, -1, dtype=np.int64)
    col = np.repeat(np.arange(N), np.diff(t.visit_offsets))
    holder[vm * N + vrank] = col
    # the launch position of KV tile n of instance i
    at = launch_position(t.launch_pos.astype(np.int64)[None, :], np.arange(instances)[:, None], N,
                         t.launch_wave, instances)
    waits = {}  # launch position -> (Q tile, own rank, turn now, launch position of its holder)
    for g, ek, kk in zip(act.tolist(), e.tolist(), key.tolist()):
        m, turn = int(vm[ek]), int(counter[kk])
        waits[g] = (m, int(vrank[ek]), turn, int(at[g_inst[g], holder[m * N + turn]]))
    g = int(act[0])
    seen, chain = set(), []

    def cta(g):
        head = f" of instance {g_inst[g]}" if instances > 1 else ""
        return f"KV tile {n_of[g]}{head} (position {g})"

    while g in waits and g not in seen:
        seen.add(g)
        m, r, turn, h = waits[g]
        chain.append(f"{cta(g)} waits on Q tile {m} for turn {r}, which is at {turn}: next is {cta(h)}")
        g = h
    if g >= dispatched:
        chain.append(f"which is not dispatched: all {len(act)} slots are held by waiting CTAs")
    elif g in seen:
        chain.append("... a cycle")
    return "; ".join(chain[:6]) + (" ..." if len(chain) > 6 else "")


def min_capacity(tables: ScheduleTables, instances: int = 1) -> int:
    """The smallest number of co-resident CTAs for which the tables are deadlock-free, replayed
    over `instances` (batch, head) instances in the kernel's launch order (binary search over
    replays; raises if even all CTAs at once deadlock, i.e. the wait-for graph has a cycle)."""
    G = tables.num_n * instances
    if _replay(tables, G, instances) is not None:
        raise ValueError(f"schedule {tables.name!r}: the wait-for graph has a cycle")
    lo, hi = 1, G
    while lo < hi:
        mid = (lo + hi) // 2
        if _replay(tables, mid, instances) is None:
            hi = mid
        else:
            lo = mid + 1
    return lo
