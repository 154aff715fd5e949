"""Discrete-event simulation of a whole backward grid under a schedule (DESIGN.md §3's DAG).

Model (times in units of the per-step compute cost when c = 1):
  * The grid is batch x heads x N CTAs in the kernel's launch order: the instances' launch
    indices folded wave by wave (dash.schedule.grid, W = tables.launch_wave; W = N is
    instance-major, KV tiles of head 0 of batch 0 first). They are dispatched in that order onto
    C = problem.capacity slots, each as soon as a slot frees, and hold the slot until their last
    reduction (and epilogue) ends. A CTA spends `setup` on its slot before its first step
    (prologue, epilogue and launch, lumped).
  * CTA for KV tile n walks its visits t = 0..L-1 (Q tiles visit_m of the tables). Step t has
    a compute node C(t) of cost c (+ memory penalty) and a reduction node R(t) of cost r: the
    dQ writer's add of the partial dQ tile, from issue to completion and release of the turn.
  * R(t) starts when the partial dQ of step t is in the buffer, R(t-1) has ended (one writer
    per CTA) and the reduction of the previous rank of its Q tile has ended plus `handoff`
    (the release becoming visible to the next writer's acquire): the ticket lock.
  * How far the compute runs ahead of the writer:
      - read = x (the kernel, backward v2): C(t) starts when C(t-1) is done, but it can store its
        partial dQ only once R(t-1) has read the single dQ buffer, x after R(t-1) started. A
        wait for the turn of step t-1 therefore stalls the tensor cores at the end of step t.
      - read = None: C(t) starts when C(t-1) has ended and R(t-1-slack) has ended. slack = 0
        serialises compute and reduction, which is DESIGN §3's first-order model (its closed
        forms are exact and tested); slack = 1 was the placeholder before calibration.
  * ordered=False is the non-deterministic path: the same visits without the ticket lock.
  * Memory penalty (optional, costs.mem): CTAs of one head that read the same Q tile in the
    same step (same step index, same group of co-resident launch positions) share one load
    from memory; a step whose Q tile g CTAs read together costs c + mem / g. So lockstep
    schedules (ascending) amortise the load and shift, which spreads a wave over distinct Q
    tiles, pays it in full. It is a static property of the tables. The calibration found no
    use for it (mem = 0).

The simulation is a dataflow evaluation of the max-plus recurrences above: each CTA advances
until its next reduction's turn has not come, and is woken when the turn arrives. Dispatch
needs the earliest time a slot frees: among the current holders, those whose finish is still
unknown are blocked, directly or not, on a CTA not yet dispatched, so they finish after the next
dispatch anyway, and the earliest known finish decides. Cost: O(visits) Python steps, about
2 us each with detail (per-visit times, critical path), 0.8 us without. With max_visits only
the first whole (batch, head) instances are simulated, folded among themselves as if they were
the grid, and SimResult.estimate extrapolates.
"""
from __future__ import annotations

import heapq
from dataclasses import dataclass, field
from functools import cached_property

import numpy as np

from .grid import dispatch_order, launch_position
from .problem import Problem
from .tables import ScheduleTables


@dataclass(frozen=True)
class Costs:
    c: float = 1.0         # compute of one step (five GEMMs of a tile pair)
    r: float = 0.25        # reduction of one step: bulk fp32 add of a dQ tile, wait, release
    slack: int = 1         # steps the compute may run ahead of the reductions (when read is None)
    mem: float = 0.0       # memory penalty of a step whose Q tile no other CTA reads with it
    setup: float = 0.0     # per CTA before the first step: prologue, epilogue, launch (lumped)
    epilogue: float = 0.0  # per CTA after the last step (dK, dV stores)
    handoff: float = 0.0   # from one rank's reduction end to the next rank's start (release seen)
    read: float | None = None  # the kernel's dQ buffer: see module doc (replaces slack when set)


@dataclass
class SimResult:
    schedule: str
    makespan: float
    slots: int                    # C
    instances: int                # (batch, head) pairs simulated
    total_instances: int          # (batch, head) pairs of the problem
    slot_busy: np.ndarray         # float[C]: compute time per slot
    slot_held: np.ndarray         # float[C]: time per slot holding a CTA
    critical_path: list           # [(kind, instance, n, m, start, end)], kind in compute/reduce/wait
    # per CTA, in launch (dispatch) order
    cta_slot: np.ndarray
    cta_start: np.ndarray
    cta_end: np.ndarray
    cta_n: np.ndarray
    cta_instance: np.ndarray      # the (batch, head) instance of each CTA (dash.schedule.grid)
    # per visit
    v_cta: np.ndarray             # CTA (launch position) of the visit
    v_m: np.ndarray
    c_start: np.ndarray
    c_end: np.ndarray
    r_start: np.ndarray
    r_end: np.ndarray
    r_chain_wait: np.ndarray      # bool: the reduction waited for the previous rank's turn
    work: float = 0.0             # total compute time (sum over visits)
    wave: int = 1                 # CTAs that must be co-resident (tables.coresident_needed)
    launch_wave: int = 0          # the launch order's waves across instances (simulate(); 0: N)
    extra: dict = field(default_factory=dict)

    @property
    def idle_fraction(self) -> float:
        """Share of slot time (C x makespan) the tensor cores do not compute: waits, the
        reductions they cannot hide, and the tail where slots have nothing left to run."""
        return 1.0 - float(self.slot_busy.sum()) / (self.slots * self.makespan) if self.makespan else 0.0

    @property
    def slot_idle(self) -> np.ndarray:
        """float[C]: time per slot without compute (waits, unhidden reductions, the tail)."""
        return self.makespan - self.slot_busy

    @property
    def wait_fraction(self) -> float:
        """Share of slot time a CTA holds its SM without computing."""
        return float((self.slot_held - self.slot_busy).sum()) / (self.slots * self.makespan) if self.makespan else 0.0

    @property
    def lower_bound(self) -> float:
        """Total compute spread evenly over the slots: no schedule can beat it."""
        return self.work / self.slots

    @cached_property
    def estimate(self) -> float:
        """The makespan of the whole grid: the simulated one when every instance was simulated,
        else extrapolated. The CTAs left out are dispatched after the simulated ones, in their
        launch order among themselves, onto the slots as these free up (a list schedule), each
        holding its slot as long as the CTA at its launch index did on average in the second
        half of the simulated instances (past the start-up). That keeps the grid's last,
        partial round. Where CTAs wait on later-launched ones of their wave (`wave` > 1), a
        CTA's time is counted from the dispatch of its wave's last CTA, until which it holds
        its slot.

        In the instance-major order (launch_wave = N) the simulated instances are the start of
        the grid and never wait on later ones, so they run exactly as in the whole grid. With
        waves folded across instances (launch_wave < N) the kernel interleaves all instances'
        waves, and simulating the first instances folded among themselves, then the rest, is an
        approximation: a head's later waves come sooner after its first than in the whole grid,
        so its waits are, if anything, overstated; much so where the simulated instances' waves
        fill fewer than C slots (instances x launch_wave < C; docs/schedules.md, Simulation)."""
        if self.instances >= self.total_instances or len(self.cta_end) == 0:
            return self.makespan
        N = len(self.cta_end) // self.instances
        lw = self.launch_wave or N
        w = max(1, min(self.wave, N))
        half = self.instances // 2
        # per (instance, launch index), from the per-CTA arrays in launch order
        at = launch_position(np.arange(N)[None, :], np.arange(self.instances)[:, None], N, lw, self.instances)
        start = self.cta_start[at][half:]
        last_of_group = np.minimum((np.arange(N) // w + 1) * w, N) - 1
        ready = np.maximum(start, start[:, last_of_group])
        held = (self.cta_end[at][half:] - ready).mean(axis=0).tolist()
        free = np.zeros(self.slots)
        np.maximum.at(free, self.cta_slot, self.cta_end)
        heap = free.tolist()
        heapq.heapify(heap)
        last = float(self.cta_start[-1])
        end = self.makespan
        # The rest in launch order, wave by wave across the instances left. w (the co-resident
        # group) is 1 or the tables' wave, which is then launch_wave: groups lie inside a wave.
        rest = self.total_instances - self.instances
        for c in range(0, N, lw):
            wave_groups = [(a, min(a + w, c + lw, N)) for a in range(c, min(c + lw, N), w)]
            for a, b in (g for _ in range(rest) for g in wave_groups):
                for _k in range(a, b):
                    f = heapq.heappop(heap)
                    if f > last:
                        last = f
                for k in range(a, b):
                    e = last + held[k]
                    heapq.heappush(heap, e)
                    if e > end:
                        end = e
        return end

    def summary(self) -> str:
        return (f"{self.schedule}: makespan {self.makespan:.1f}, idle {100 * self.idle_fraction:.1f}%, "
                f"lower bound {self.lower_bound:.1f}")


def memory_penalty(tables: ScheduleTables, costs: Costs, capacity: int) -> np.ndarray:
    """float[T], extra compute time of every visit (flat visit order): mem / g where g CTAs of
    the same co-resident group (launch positions // min(W, C)) read that Q tile at that step."""
    T = len(tables.visit_m)
    if costs.mem == 0 or T == 0:
        return np.zeros(T)
    N = tables.num_n
    col = np.repeat(np.arange(N), np.diff(tables.visit_offsets))
    t = np.arange(T) - tables.visit_offsets[:-1][col]
    group = tables.launch_pos[col] // max(1, min(tables.wave_size, capacity))
    key = (group.astype(np.int64) * (T + 1) + t) * tables.num_m + tables.visit_m
    _, inv, cnt = np.unique(key, return_inverse=True, return_counts=True)
    return costs.mem / cnt[inv]


def simulate(tables: ScheduleTables, problem: Problem, costs: Costs = Costs(),
             max_visits: int | None = None, ordered: bool = True, detail: bool = True,
             launch_wave: int | None = None) -> SimResult:
    """Simulate the grid of `problem` (all batch x heads instances, or as many whole instances as
    fit in `max_visits` visits when given) under `tables`. ordered=False models the
    non-deterministic path: the same visits, no ticket lock (ranks and handoff ignored).
    detail=False keeps only what the makespan needs (per-CTA times, no per-visit arrays and no
    critical path), about twice as fast; choose() uses it. launch_wave: the launch order's
    waves across instances (default tables.launch_wave, the kernel's; tables.num_n: the
    instance-major order, for comparison). Raises RuntimeError on deadlock."""
    M, N, C = tables.num_m, tables.num_n, problem.capacity
    off = tables.visit_offsets.tolist()
    T = off[-1]
    inst = problem.instances
    if max_visits is not None and T * inst > max_visits:
        inst = max(1, max_visits // max(T, 1))
    order = tables.launch_order.tolist()
    vis = tables.visit_m.tolist()
    col = np.repeat(np.arange(N), np.diff(tables.visit_offsets))
    rk = tables.rank[tables.visit_m, col].tolist()
    pen = (costs.c + memory_penalty(tables, costs, C)).tolist()
    r_cost, slack, setup, epi = costs.r, costs.slack, costs.setup, costs.epilogue
    hand, read = costs.handoff, costs.read
    buffered = read is not None
    ninf = float("-inf")

    G = inst * N                      # CTAs
    V = inst * T                      # visits
    # CTA g (launch position, dispatch order) runs launch index g_k[g] of instance g_inst[g].
    launch_wave = tables.launch_wave if launch_wave is None else int(launch_wave)
    g_k, g_inst = dispatch_order(N, launch_wave, inst)
    if not detail:
        return _simulate_lean(tables, problem, costs, inst, off, order, vis, rk, pen, ordered, g_k, g_inst,
                              launch_wave)
    kl, il = g_k.tolist(), g_inst.tolist()
    c_start = [0.0] * V
    c_end = [0.0] * V
    r_start = [0.0] * V
    r_end = [0.0] * V
    c_cause = [0] * V                 # 0: previous compute, 1: slack (reduction t-1-slack), 2: CTA start
    c_ready = c_end if not buffered else [0.0] * V  # partial dQ in the buffer (after a buffer stall)
    r_cause = [0] * V                 # 0: own compute, 1: own previous reduction, 2: previous rank
    r_pred = [-1] * V                 # visit holding the previous rank (cause 2)
    v_cta = [0] * V
    cta_start = [0.0] * G
    cta_end = [0.0] * G
    cta_slot = [0] * G
    cta_disp = [-1] * G               # CTA whose finish freed the slot
    t_next = [0] * G
    counter = [0] * (inst * M)
    chain_end = [ninf] * (inst * M)
    chain_v = [-1] * (inst * M)
    waiting = {}                      # (row key * N + rank) -> CTA waiting for that turn
    heap = [(0.0, s, -1) for s in range(C)]  # (free time, slot, CTA that freed it)
    heapq.heapify(heap)

    def run(g):
        """Advance CTA g until it waits for a turn or finishes; return CTAs it woke up."""
        i, k = il[g], kl[g]
        n = order[k]
        b, L = off[n], off[n + 1] - off[n]
        vb = i * T + b                # visit index of step 0
        rowbase = i * M
        t = t_next[g]
        woke = []
        begin = cta_start[g] + setup
        while t < L:
            v = vb + t
            # C(t): after C(t-1) and R(t-1-slack)
            if t == 0:
                cs, cause = begin, 2
            else:
                cs, cause = c_ready[v - 1], 0
                if not buffered:
                    s = t - 1 - slack
                    if s >= 0 and r_end[vb + s] > cs:
                        cs, cause = r_end[vb + s], 1
            ce = cs + pen[b + t]
            c_start[v], c_end[v], c_cause[v], v_cta[v] = cs, ce, cause, g
            if buffered:
                # the partial dQ is stored once R(t-1) has read the buffer
                if t > 0 and r_start[v - 1] + read > ce:
                    ce = r_start[v - 1] + read
                c_ready[v] = ce
            key = rowbase + vis[b + t]
            rank = rk[b + t]
            if ordered and counter[key] != rank:
                waiting[key * N + rank] = g
                t_next[g] = t
                return woke
            # R(t): after C(t), R(t-1) and the previous rank's reduction (+ handoff)
            rs, cause = ce, 0
            if t > 0 and r_end[v - 1] > rs:
                rs, cause = r_end[v - 1], 1
            if ordered and chain_end[key] + hand > rs:
                rs, cause = chain_end[key] + hand, 2
            r_pred[v] = chain_v[key] if ordered else -1
            re = rs + r_cost
            r_start[v], r_end[v], r_cause[v] = rs, re, cause
            if not ordered:
                t += 1
                continue
            counter[key] = rank + 1
            chain_end[key] = re
            chain_v[key] = v
            w = waiting.pop(key * N + rank + 1, None)
            if w is not None:
                woke.append(w)
            t += 1
        t_next[g] = L
        end = (r_end[vb + L - 1] if L else begin) + epi
        cta_end[g] = end
        heapq.heappush(heap, (end, cta_slot[g], g))
        return woke

    def start(g, when, slot, prev):
        cta_start[g], cta_slot[g], cta_disp[g] = when, slot, prev

    _dispatch(G, C, heap, run, start, waiting, tables.name)

    cta_start_a, cta_end_a = _f64(cta_start), _f64(cta_end)
    cta_slot_a = np.array(cta_slot, dtype=np.int64)
    c_s, c_e, r_s, r_e = (_f64(a) for a in (c_start, c_end, r_start, r_end))
    v_cta_a = np.array(v_cta, dtype=np.int64)
    slot_busy = np.bincount(cta_slot_a[v_cta_a], weights=c_e - c_s, minlength=C) if V else np.zeros(C)
    slot_held = np.bincount(cta_slot_a, weights=cta_end_a - cta_start_a, minlength=C)
    makespan = float(cta_end_a.max()) if G else 0.0
    cta_n = tables.launch_order.astype(np.int64)[g_k]

    path = _critical_path(int(np.argmax(cta_end_a)) if G else -1, kl, il, T, off, order, vis,
                          c_start, c_end, r_start, r_end, c_cause, r_cause, r_pred, v_cta, cta_disp, slack,
                          c_ready, read, hand)
    return SimResult(
        schedule=tables.name, makespan=makespan, slots=C, instances=inst, total_instances=problem.instances,
        slot_busy=slot_busy, slot_held=slot_held, critical_path=path,
        cta_slot=cta_slot_a, cta_start=cta_start_a, cta_end=cta_end_a, cta_n=cta_n, cta_instance=g_inst,
        v_cta=v_cta_a, v_m=np.tile(tables.visit_m, inst).astype(np.int64),
        c_start=c_s, c_end=c_e, r_start=r_s, r_end=r_e, r_chain_wait=np.array(r_cause, dtype=np.int8) == 2,
        work=float((c_e - c_s).sum()), wave=tables.coresident_needed if ordered else 1,
        launch_wave=launch_wave)


def _dispatch(G, C, heap, run, start, waiting, name):
    """Both simulators' dispatch: CTA g (in launch order, as the kernel's claims hand it out) takes the
    slot that frees first, never before CTA g-1 started; start(g, time, *rest of the heap entry)
    records it, and run() advances it and every CTA it wakes until all wait or finish."""
    last = 0.0
    for g in range(G):
        if not heap:
            raise RuntimeError(f"schedule {name!r} deadlocks in simulation: all {C} slots are held "
                               f"by CTAs waiting on CTAs not yet dispatched (CTA {g} of the grid)")
        free, *rest = heapq.heappop(heap)
        last = max(last, free)
        start(g, last, *rest)
        work = [g]
        while work:
            work.extend(run(work.pop()))
    if waiting:
        raise RuntimeError(f"schedule {name!r} deadlocks in simulation: {len(waiting)} CTAs never get "
                           f"their turn (cycle in the wait-for graph)")


def _f64(a: list) -> np.ndarray:
    return np.fromiter(a, dtype=np.float64, count=len(a))


def _simulate_lean(tables, problem, costs, inst, off, order, vis, rk, pen, ordered, g_k, g_inst,
                   launch_wave) -> SimResult:
    """simulate(detail=False): the same recurrences, with each CTA's last step in locals."""
    M, N, C = tables.num_m, tables.num_n, problem.capacity
    T = off[-1]
    r_cost, slack, setup, epi = costs.r, costs.slack, costs.setup, costs.epilogue
    hand, read = costs.handoff, costs.read
    buffered = read is not None
    ninf = float("-inf")
    G = inst * N
    r_end = [0.0] * (inst * T) if not buffered else None   # slack semantics look back further
    cta_start = [0.0] * G
    cta_end = [0.0] * G
    cta_slot = [0] * G
    t_next = [0] * G
    s_ready = [0.0] * G               # state of a CTA that waits: its last step's ready, R start, R end
    s_rs = [ninf] * G
    s_re = [ninf] * G
    counter = [0] * (inst * M)
    chain_end = [ninf] * (inst * M)
    waiting = {}
    heap = [(0.0, s) for s in range(C)]
    heapq.heapify(heap)
    kl, il = g_k.tolist(), g_inst.tolist()

    def run(g):
        i, k = il[g], kl[g]
        n = order[k]
        b, L = off[n], off[n + 1] - off[n]
        vb = i * T
        rowbase = i * M
        t = t_next[g]
        woke = []
        if t == 0:
            ready, rs, re = cta_start[g] + setup, ninf, ninf
        else:
            ready, rs, re = s_ready[g], s_rs[g], s_re[g]
        while t < L:
            j = b + t
            cs = ready
            if not buffered and t > slack:
                x = r_end[vb + j - 1 - slack]
                if x > cs:
                    cs = x
            ce = cs + pen[j]
            if buffered and rs + read > ce:
                ce = rs + read
            key = rowbase + vis[j]
            if ordered:
                rank = rk[j]
                if counter[key] != rank:
                    waiting[key * N + rank] = g
                    t_next[g], s_ready[g], s_rs[g], s_re[g] = t, ready, rs, re
                    return woke
            rs = ce if ce > re else re
            if ordered:
                x = chain_end[key] + hand
                if x > rs:
                    rs = x
            re = rs + r_cost
            if not buffered:
                r_end[vb + j] = re
            if ordered:
                counter[key] = rank + 1
                chain_end[key] = re
                w = waiting.pop(key * N + rank + 1, None)
                if w is not None:
                    woke.append(w)
            ready = ce
            t += 1
        t_next[g] = L
        end = (re if L else ready) + epi
        cta_end[g] = end
        heapq.heappush(heap, (end, cta_slot[g]))
        return woke

    def start(g, when, slot):
        cta_start[g], cta_slot[g] = when, slot

    _dispatch(G, C, heap, run, start, waiting, tables.name)

    cta_start_a, cta_end_a = _f64(cta_start), _f64(cta_end)
    cta_slot_a = np.array(cta_slot, dtype=np.int64)
    cta_n = tables.launch_order.astype(np.int64)[g_k]
    pen_a = np.asarray(pen, dtype=np.float64)
    work_n = np.add.reduceat(pen_a, tables.visit_offsets[:-1]) if T else np.zeros(N)
    work_n[np.diff(tables.visit_offsets) == 0] = 0.0
    slot_busy = np.bincount(cta_slot_a, weights=work_n[cta_n], minlength=C)
    slot_held = np.bincount(cta_slot_a, weights=cta_end_a - cta_start_a, minlength=C)
    empty, iempty = np.zeros(0), np.zeros(0, dtype=np.int64)
    return SimResult(
        schedule=tables.name, makespan=float(cta_end_a.max()) if G else 0.0, slots=C, instances=inst,
        total_instances=problem.instances, slot_busy=slot_busy, slot_held=slot_held, critical_path=[],
        cta_slot=cta_slot_a, cta_start=cta_start_a, cta_end=cta_end_a, cta_n=cta_n, cta_instance=g_inst,
        v_cta=iempty, v_m=iempty, c_start=empty, c_end=empty, r_start=empty, r_end=empty,
        r_chain_wait=np.zeros(0, dtype=bool), work=float(slot_busy.sum()),
        wave=tables.coresident_needed if ordered else 1, launch_wave=launch_wave)


def _critical_path(g, kl, il, T, off, order, vis, c_start, c_end, r_start, r_end, c_cause, r_cause, r_pred,
                   v_cta, cta_disp, slack, c_ready=None, read=None, hand=0.0):
    """Walk back from the CTA that ends last along the dependency that decided each start.
    Segments: compute, reduce, wait (for the turn), handoff (release to acquire) and read (the
    start of the previous reduction, up to when it freed the dQ buffer)."""
    path = []

    def last_visit(g):
        i, k = il[g], kl[g]
        n = order[k]
        L = off[n + 1] - off[n]
        return (i * T + off[n] + L - 1) if L else -1

    kind, v = "R", last_visit(g) if g >= 0 else -1
    while g >= 0:
        if v < 0:  # an empty CTA: go to the CTA that freed its slot
            g = cta_disp[g]
            kind, v = "R", (last_visit(g) if g >= 0 else -1)
            continue
        g = v_cta[v]
        i, k = il[g], kl[g]
        n = order[k]
        m = vis[v - i * T]
        if kind in ("R", "Rread"):
            if kind == "R":
                path.append(("reduce", i, n, m, r_start[v], r_end[v]))
            else:
                path.append(("read", i, n, m, r_start[v], r_start[v] + read))
            kind = "R"
            cause = r_cause[v]
            if cause == 0:
                kind = "C"
            elif cause == 1:
                v -= 1
            else:
                if hand > 0:
                    path.append(("handoff", i, n, m, r_start[v] - hand, r_start[v]))
                if r_pred[v] >= 0 and r_start[v] - hand > c_ready[v]:
                    path.append(("wait", i, n, m, c_ready[v], r_start[v] - hand))
                v = r_pred[v]
        elif c_ready[v] > c_end[v]:
            # the store of the partial dQ waited for the previous reduction to read the buffer
            kind, v = "Rread", v - 1
        else:
            path.append(("compute", i, n, m, c_start[v], c_end[v]))
            cause = c_cause[v]
            if cause == 0:
                v -= 1
            elif cause == 1:
                kind, v = "R", v - 1 - slack
            else:
                g = cta_disp[g]
                kind, v = "R", (last_visit(g) if g >= 0 else -1)
    path.reverse()
    return path
