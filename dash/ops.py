"""Low-level entry points: the backward kernels on tensors, no autograd.

`attn_bwd` runs dash's three backward kernels (preprocess, main, postprocess) for given q, k,
v, out, dout and the forward's softmax_lse; on deterministic banded (causal, windowed) calls the
main kernel's last CTAs do the postprocess's work in its tail instead (post_tiles). It validates
the inputs, builds (and caches) the schedule tables, allocates the workspaces with torch
(caching allocator, stream-ordered) and launches on the current CUDA stream.
"""
from __future__ import annotations

import functools
import os
from typing import NamedTuple

import torch

from dash import _ext, validate

DETERMINISTIC_SCHEDULES = ("ascending", "descending", "spt", "shift", "shift_causal")
SCHEDULES = ("atomic", "auto") + DETERMINISTIC_SCHEDULES
# The deterministic schedules built for one mask only (dash.schedule.tables.applies).
_MASK_ONLY = {"shift": False, "shift_causal": True}  # schedule -> the causal flag it needs


def schedules_for(causal: bool) -> tuple:
    """The deterministic schedules that apply to the full (causal=False) or causal mask: shift is
    built for the full mask only, shift_causal for the causal one. (shift_causal also needs
    seqlen_k <= seqlen_q; attn_bwd names the shapes where it does not apply.)"""
    return tuple(s for s in DETERMINISTIC_SCHEDULES if _MASK_ONLY.get(s, bool(causal)) == bool(causal))


def check_schedule(schedule: str, deterministic: bool, causal: bool | None):
    """The checks of the schedule argument that need no shapes (before any GPU work): a known
    name, "atomic" only without determinism, and no schedule built for the other mask."""
    if schedule not in SCHEDULES:
        raise ValueError(f"schedule must be one of {SCHEDULES}, got {schedule!r}")
    if not deterministic:
        return
    if schedule == "atomic":
        raise ValueError("schedule='atomic' is the non-deterministic path; it cannot be combined with "
                         "deterministic=True")
    if causal is not None and schedule in _MASK_ONLY and _MASK_ONLY[schedule] != bool(causal):
        from dash.schedule.tables import APPLIES_TO

        raise ValueError(f"schedule={schedule!r} applies to {APPLIES_TO[schedule]}, not to causal={bool(causal)}; "
                         f"use one of {schedules_for(causal)} or 'auto'")


# The tables the atomic (non-deterministic) path runs, by (causal, grouped heads): it has no
# waits, so they set only the order CTAs start in and visit their Q tiles, i.e. load balance and
# contention on the dQ tiles. Measured (scripts/atomic_order_ab.py, H100, bench/NOTES.md "The
# atomic path's tables"): within +-3% of each other on every MHA cell, but descending runs GQA
# causal 13% faster than ascending (grouped CTAs walk a group of q-heads per Q tile, and
# ascending sends every CTA to the first Q tiles at once).
ATOMIC_TABLES = {(False, False): "ascending", (True, False): "ascending",
                 (False, True): "ascending", (True, True): "descending"}


def atomic_tables(problem) -> str:
    """The schedule whose tables the atomic path runs for `problem` (ATOMIC_TABLES)."""
    return ATOMIC_TABLES[(problem.mask != "full", problem.heads != problem.heads_kv)]


class BwdTables(NamedTuple):
    name: str           # the schedule the kernel runs ("ascending" for atomic)
    launch_order: torch.Tensor
    visit_offsets: torch.Tensor
    visit_m: torch.Tensor
    rank: torch.Tensor
    wave_size: int      # co-resident CTAs the schedule relies on (<= dash.schedule.WAVE_LIMIT)
    launch_wave: int    # the launch order's waves across (batch, k/v head) instances (ScheduleTables.launch_wave)
    num_contrib: torch.Tensor  # [M]: Q tile m's contributors (the main kernel's dQ conversion)


def _problem(seqlen_q, seqlen_k, head_dim, causal, batch, heads, heads_kv, device, dtype, sm_margin,
             window=(-1, -1)):
    """The schedule model's Problem of a call. It is made on the nominal device
    (Problem.on_nominal_device), never from the GPU's SM count, its occupancy or sm_margin: the
    tables and the choice of "auto" set the order of the dQ additions, and the bits must be the
    same on every Hopper GPU, for every sm_margin and under concurrent kernels (README,
    "Determinism contract"). sm_margin is only validated."""
    from dash.schedule import Problem

    C = _ext.load()
    window = tuple(window)  # resolved (validate.resolve_window): (-1, -1) unless a real sliding window
    block_m, block_n = C.bwd_tile_shape(head_dim, validate.banded(causal, window))
    validate.check_sm_margin(sm_margin, device)
    mask = "window" if window != (-1, -1) else ("causal" if causal else "full")
    return Problem(seqlen_q=seqlen_q, seqlen_k=seqlen_k, block_m=block_m, block_n=block_n, mask=mask,
                   window=window, batch=batch, heads=heads, heads_kv=heads_kv,
                   head_dim=head_dim).on_nominal_device()


def _tables(problem, schedule: str, device: torch.device) -> BwdTables:
    # The tables depend on batch and heads only through shift's wave at short sequences, which
    # asks whether the (batch, q-head) instances fill SHIFT_SMALL_WAVE_CTAS launch positions
    # (tables.shift_wave): one cache entry per schedule and shape for every batch size otherwise.
    from dash.schedule.tables import SHIFT_SMALL_WAVE_CTAS

    instances = min(problem.batch * problem.heads, SHIFT_SMALL_WAVE_CTAS) if schedule == "shift" else 1
    return _tables_cached(problem.replace(batch=1, heads=instances, heads_kv=instances), schedule, device)


@functools.lru_cache(maxsize=256)
def _tables_cached(problem, schedule: str, device: torch.device) -> BwdTables:
    from dash.schedule import build_tables

    return device_tables(build_tables(problem, schedule), schedule, device)  # the shape's wave: never a device's


def device_tables(t, schedule: str, device: torch.device) -> BwdTables:
    """A schedule's tables (dash.schedule.ScheduleTables, built as `schedule`) as the kernel reads
    them, on `device`."""
    arrays = {k: torch.from_numpy(v.reshape(-1).copy()).to(device)
              for k, v in {**t.kernel_arrays(), "num_contrib": t.num_contrib}.items()}
    return BwdTables(name=t.built_as or schedule, wave_size=int(t.coresident_needed), launch_wave=t.launch_wave,
                     **arrays)


L2_BYTES = 50 * 1024 * 1024  # what the launch groups size their heads' working set to (H100: 50 MB)


class _Workspace(NamedTuple):
    """The backward's scratch memory in one allocation (one call to the caching allocator instead
    of four; host time of a step, bench/NOTES.md session 15): per Q tile slot a partial-dQ
    accumulator (block_m x head_dim fp32) and block_m log2-scaled LSE and D values, then int32
    counters. `memory` must outlive the launches that use it; the rest are device addresses. The
    accumulator comes first and every region is a multiple of block_m floats (256 bytes or more),
    so each starts 16-byte aligned, as the bulk copies need."""
    memory: torch.Tensor
    dq_accum: int
    lse_log2: int
    dpsum: int
    counters: int

    def counter(self, i: int) -> int:
        """The address of int32 counter i."""
        return self.counters + 4 * i


def _workspace(device: torch.device, tiles: int, block_m: int, head_dim: int, counters: int) -> _Workspace:
    rows = tiles * block_m
    memory = torch.empty(rows * head_dim + 2 * rows + counters, device=device, dtype=torch.float32)
    dq_accum = memory.data_ptr()
    lse_log2 = dq_accum + 4 * rows * head_dim
    dpsum = lse_log2 + 4 * rows
    return _Workspace(memory, dq_accum, lse_log2, dpsum, dpsum + 4 * rows)


def l2_group(problem) -> int:
    """Instances (k/v head, batch) whose Q, dO and fp32 dQ accumulator fit in L2 together, a power
    of two (at least 1): the launch order's head groups (bwd_grid.h)."""
    group = problem.heads // problem.heads_kv
    per_instance = problem.seqlen_q * problem.head_dim * (2 + 2 + 4) * group
    return 1 << max(0, (L2_BYTES // max(per_instance, 1)).bit_length() - 1)


# Instances per launch group for the orders without chains across a head's KV tiles, where fewer
# heads in flight at once read better than l2_group's (both measured with scripts/fold_ab.py, H100,
# bench/NOTES.md "Session 38"; the launch order never changes the bits):
# - the atomic path (no turns): groups of 2-4 instances ran at or above l2_group's on every cell
#   measured (hdim 64 full 2k +4-10%, causal 2k +2-4%, full 8k +1%, causal 8k level; hdim 128
#   causal 2k level);
# - spt on causal masks of at most SHORT_SPT_KV_TILES KV tiles per head: hdim 64 causal 2k +1.8% and
#   +3.0% in two runs, hdim 128 causal 2k +2.8%. At 8k (64 tiles) its chains grow with the tiles of
#   a head co-resident, and 4 instances measured 0.7% below l2_group's 8 (2 instances 2.9%).
# ascending and descending keep l2_group: their chains run through every KV tile of a head, which
# more heads in flight shorten (hdim 64 full 2k 6% and hdim 128 causal 2k 22% slower at 4).
SHORT_LAUNCH_GROUP = 4
SHORT_SPT_KV_TILES = 16


def launch_group(tables: BwdTables, problem, deterministic: bool = True) -> int:
    """Instances per launch group of ascending, descending and spt (and of the atomic path, which
    runs ascending's or descending's tables): l2_group, at most SHORT_LAUNCH_GROUP for the atomic
    path and for spt on short causal masks."""
    capped = not deterministic or (tables.name == "spt" and problem.mask == "causal"
                                   and problem.num_n <= SHORT_SPT_KV_TILES)
    return min(l2_group(problem), SHORT_LAUNCH_GROUP) if capped else l2_group(problem)


def launch_fold(tables: BwdTables, problem, deterministic: bool = True):
    """(launch_wave, launch_group) of the main kernel's launch order across (batch, k/v head)
    instances (csrc/bwd/bwd_grid.h, dash.schedule.grid).

    ascending, descending and spt (CTAs that never wait on a later launch index, so any order is
    live): FA4's deterministic order, wave 1 within groups of launch_group instances (l2_group
    but for the atomic path and short causal spt), i.e. the KV tiles of a group of heads whose Q,
    dO and dQ accumulator fit in L2 interleaved, head fastest.
    A head's co-resident CTAs are then about SMs / G of its KV tiles rather than all of them, which
    shortens ascending's and descending's staircase of turns at full masks. Measured against the
    instance-major order (scripts/fold_ab.py, bench/NOTES.md "Session 35"): ascending at d64 full
    16k +2% (the schedule auto runs there), at d64 full 8k +12%, causal ascending and descending
    +30-80%, spt level; no cell slower. shift and shift_causal keep their tables' waves in one
    group (grouping them measured level or, where a head's waves then start back to back,
    0.7x at d128 full 16k).

    A developer's knob for measuring other orders (scripts/fold_ab.py, bench/NOTES.md "Launch
    groups"): DASH_LAUNCH_FOLD="W:G", W "tables" or a wave (taken only by ascending, descending
    and spt, whose CTAs never wait on a later launch index: shift's waves must stay whole) and G
    "all", "l2" (l2_group) or a number of instances; "base" as W:G is the order above. Either way
    the bits are the same: the launch order sets when CTAs start, never the order of the dQ
    additions."""
    unordered = tables.name in ("ascending", "descending", "spt")
    wave, group = (1, launch_group(tables, problem, deterministic)) if unordered else (tables.launch_wave, 0)
    spec = os.environ.get("DASH_LAUNCH_FOLD")
    if spec and spec != "base":
        try:
            w, g = spec.split(":")
            wave = tables.launch_wave
            if w != "tables" and unordered:
                wave = max(1, min(int(w), len(tables.launch_order)))
            group = 0 if g == "all" else (l2_group(problem) if g == "l2" else max(1, int(g)))
        except ValueError:
            raise ValueError(f'DASH_LAUNCH_FOLD must be "base" or "W:G" (W "tables" or an int, G "all", "l2" or an '
                             f"int), got {spec!r}") from None
    return wave, group


# dQ tiles per CTA of the main kernel's own postprocess (BwdParams.post_tiles) on banded masks
# (causal, sliding windows), where the main kernel's tail is longest. Measured (H100,
# scripts/post_ab.py, bench/NOTES.md "Session 36"): hdim 128 causal 2k / 8k +2-3%, hdim 64 causal
# level (0.995-1.011), full masks level or slower (hdim 64 full 2k 0.96-0.98: shift's heads all
# finish at the end, where one conversion CTA per SM is slower than the postprocess kernel).
POST_TILES_BANDED = 4


def post_tiles(deterministic: bool, banded: bool) -> int:
    """dQ tiles per CTA of the main kernel's own postprocess (BwdParams.post_tiles; 0: the
    postprocess kernel runs after the main kernel): POST_TILES_BANDED on banded masks, 0 on the
    full mask. Deterministic fixed-length calls only: their counters tell when a tile's sum is
    complete (the atomic path's adds are not counted). The bits are the same either way.
    DASH_POST_TILES overrides it, for measuring (0 = off; the kernel caps it at what its shared
    memory holds)."""
    if not deterministic:
        return 0
    spec = os.environ.get("DASH_POST_TILES")
    if spec is None:
        return POST_TILES_BANDED if banded else 0
    if not spec.strip().isdigit():
        raise ValueError(f"DASH_POST_TILES must be an integer >= 0, got {spec!r}")
    return int(spec)


def resolve_schedule(schedule: str, deterministic: bool, problem) -> str:
    """The schedule to run: 'atomic' when not deterministic; 'auto' asks the schedule model. An
    explicit schedule that does not apply to the problem's mask and shape is a ValueError (its
    tables would be built as descending)."""
    check_schedule(schedule, deterministic, None if problem is None else problem.mask != "full")
    if not deterministic:
        return "atomic"
    if schedule == "auto":
        from dash.schedule import choose

        return choose(problem)
    from dash.schedule.tables import APPLIES_TO, applies

    why = applies(problem, schedule)
    if why:
        others = tuple(s for s in schedules_for(problem.mask != "full") if s != schedule)
        raise ValueError(f"schedule={schedule!r} does not apply to this call: {why}. It applies to "
                         f"{APPLIES_TO[schedule]}; use one of {others} or 'auto'")
    return schedule


def attn_bwd(dout, q, k, v, out, softmax_lse, *, softmax_scale=None, causal=False, window=(-1, -1),
             deterministic=True, schedule="auto", sm_margin=0, dq=None, dk=None, dv=None, timing=None, trace=None,
             positions=None, softcap=0.0):
    """Gradients (dq, dk, dv) of FA3-semantics attention (see dash.reference).

    window: FA3's window_size (left, right), a sliding window (dash.fwd.attn_fwd), resolved as FA3
    does (dash.validate.resolve_window); the schedules are built over its band.
    softcap: FA3's score cap (dash.fwd.attn_fwd), the one the forward that made out and
    softmax_lse ran with; 0 is none.

    schedule: "auto" (the schedule model picks), one of DETERMINISTIC_SCHEDULES, or "atomic"
    (non-deterministic reduce-adds; also what deterministic=False runs).
    timing: optional int64 tensor (batch, heads_kv, num_n_blocks, 2) that receives each CTA's
    start/end %globaltimer (ns), for drawing the real schedule (one CTA per k/v head's KV tile:
    with GQA/MQA it walks the Q tiles of every q-head of the group).
    trace: optional int32 tensor (batch, heads, total visits) that receives, for each visit in
    the tables' visit_m order, the turn its dQ add took (the rank, when deterministic; the
    arrival order with the atomic path).
    positions: optional int32 tensor (batch, heads_kv, num_n_blocks) that receives the launch
    position each CTA claimed, by KV tile (dash.schedule.grid says which it should be: the
    instances are the batch x heads_kv (k/v head, batch) pairs).
    sm_margin: accepted and validated for FA3's signature (0 <= sm_margin < SMs of the GPU), but
    it changes neither the schedule tables nor the bits, nor the SMs the kernels use: dash's
    backward is not persistent, and its waves need at most dash.schedule.WAVE_LIMIT (32) free
    SMs, whatever else runs.
    """
    batch, seqlen_q, seqlen_k, heads, heads_kv, head_dim = validate.check_qkv(q, k, v, check_cuda=False)
    validate.check_like("out", out, "q", q)
    validate.check_like("dout", dout, "q", q)
    validate.check_lse(softmax_lse, batch, heads, seqlen_q, q.device)
    for name, t, ref in (("dq", dq, q), ("dk", dk, k), ("dv", dv, v)):
        if t is not None:
            validate.check_like(name, t, name[1], ref)
    softmax_scale = validate.check_softmax_scale(softmax_scale, head_dim)
    softcap = validate.check_softcap(softcap)
    causal, window = validate.resolve_window(bool(causal), window, seqlen_q, seqlen_k)
    check_schedule(schedule, deterministic, validate.banded(causal, window))
    validate.check_device({"q": q, "k": k, "v": v, "out": out, "dout": dout, "softmax_lse": softmax_lse})
    dq = torch.empty_like(q) if dq is None else dq
    dk = torch.empty_like(k) if dk is None else dk
    dv = torch.empty_like(v) if dv is None else dv
    if dq.numel() == 0 or dk.numel() == 0:
        dq.zero_(), dk.zero_(), dv.zero_()
        return dq, dk, dv

    C = _ext.load()
    q, k, v, out, dout = (validate.for_tma(t) for t in (q, k, v, out, dout))
    softmax_lse = softmax_lse.contiguous()
    problem = _problem(seqlen_q, seqlen_k, head_dim, causal, batch, heads, heads_kv, q.device, q.dtype, sm_margin,
                       window)
    name = resolve_schedule(schedule, deterministic, problem)
    tables = _tables(problem, atomic_tables(problem) if name == "atomic" else name, q.device)
    block_m, block_n = problem.block_m, problem.block_n
    num_m = -(-seqlen_q // block_m)
    num_n = -(-seqlen_k // block_n)

    # The ticket-lock counters, and one more int: the claim counter from which the main
    # kernel's CTAs take their launch positions in the order they start (csrc/bwd/bwd_grid.h).
    # The preprocess zeroes all of them at every call.
    tiles = batch * heads * num_m
    scratch = _workspace(q.device, tiles, block_m, head_dim, tiles + 1)
    # dK/dV are stored by TMA-style 16-byte rows: a caller's unaligned dk/dv gets aligned storage
    # and the result is copied back. dq may be unaligned (the postprocess then stores elements).
    # GQA/MQA need nothing more: the CTA of a k/v head's KV tile sums its whole group's dK/dV.
    dk_out = validate.output_for_tma(dk)
    dv_out = validate.output_for_tma(dv)
    dq_out = dq

    p = C.BwdParams()
    p.q, p.k, p.v, p.out, p.dout = (_ext.strided(t) for t in (q, k, v, out, dout))
    p.lse = softmax_lse.data_ptr()
    p.dq, p.dk, p.dv = _ext.strided(dq_out), _ext.strided(dk_out), _ext.strided(dv_out)
    p.batch, p.heads, p.heads_kv = batch, heads, heads_kv
    p.seqlen_q, p.seqlen_k, p.head_dim = seqlen_q, seqlen_k, head_dim
    p.softmax_scale = float(softmax_scale)
    p.causal = bool(causal)
    p.window_left, p.window_right = window
    p.softcap = softcap
    p.dtype = _ext.dtype_code(q.dtype)
    p.lse_log2, p.dpsum, p.dq_accum = scratch.lse_log2, scratch.dpsum, scratch.dq_accum
    p.dq_counter, p.launch_claim = scratch.counter(0), scratch.counter(tiles)
    p.launch_order, p.visit_offsets = tables.launch_order.data_ptr(), tables.visit_offsets.data_ptr()
    p.visit_m, p.rank = tables.visit_m.data_ptr(), tables.rank.data_ptr()
    p.deterministic = name != "atomic"
    p.wave_size = tables.wave_size
    p.launch_wave, p.launch_group = launch_fold(tables, problem, p.deterministic)
    p.post_tiles = post_tiles(p.deterministic, problem.mask != "full")
    if p.post_tiles:
        p.num_contrib = tables.num_contrib.data_ptr()
    if timing is not None:
        if timing.shape != (batch, heads_kv, num_n, 2) or timing.dtype != torch.int64 or not timing.is_contiguous():
            raise ValueError(f"timing must be a contiguous int64 tensor of shape {(batch, heads_kv, num_n, 2)}")
        p.timing = timing.data_ptr()
    p.total_visits = tables.visit_m.numel()
    if trace is not None:
        if trace.shape != (batch, heads, p.total_visits) or trace.dtype != torch.int32 or not trace.is_contiguous():
            raise ValueError(f"trace must be a contiguous int32 tensor of shape {(batch, heads, p.total_visits)}")
        p.trace = trace.data_ptr()
    if positions is not None:
        if positions.shape != (batch, heads_kv, num_n) or positions.dtype != torch.int32 or not positions.is_contiguous():
            raise ValueError(f"positions must be a contiguous int32 tensor of shape {(batch, heads_kv, num_n)}")
        p.positions = positions.data_ptr()

    stream = torch.cuda.current_stream(q.device).cuda_stream
    with torch.cuda.device(q.device):
        C.bwd_preprocess(p, stream)
        C.bwd_main(p, stream)
        if not p.post_tiles:
            C.bwd_postprocess(p, stream)
    for dst, src in ((dk, dk_out), (dv, dv_out)):
        if src is not dst:
            dst.copy_(src)
    return dq, dk, dv


def applicable_schedules(q, k, *, causal=False, window=(-1, -1)) -> tuple:
    """The deterministic schedules attn_bwd runs for these shapes and this mask: those of
    schedules_for(the mask is banded) whose tables apply (shift_causal needs a staircase whose
    first rows rise across each wave; an explicit request elsewhere is refused with "does not
    apply", and any other error propagates)."""
    seqlen_q, seqlen_k = q.shape[1], k.shape[1]
    causal, window = validate.resolve_window(bool(causal), window, seqlen_q, seqlen_k)
    out = []
    for s in schedules_for(validate.banded(causal, window)):
        try:
            schedule_tables(q, k, causal=causal, window=window, schedule=s)
        except ValueError as e:
            if "does not apply" not in str(e):
                raise
            continue
        out.append(s)
    return tuple(out)


def schedule_tables(q, k, *, causal=False, window=(-1, -1), schedule="auto", deterministic=True,
                    sm_margin=0) -> BwdTables:
    """The tables attn_bwd would hand the kernel for these shapes (a debug hook for tests)."""
    batch, seqlen_q, heads, head_dim = q.shape
    causal, window = validate.resolve_window(bool(causal), window, seqlen_q, k.shape[1])
    problem = _problem(seqlen_q, k.shape[1], head_dim, causal, batch, heads, k.shape[2], q.device, q.dtype,
                       sm_margin, window)
    name = resolve_schedule(schedule, deterministic, problem)
    return _tables(problem, atomic_tables(problem) if name == "atomic" else name, q.device)


# ---- packed (variable-length) batches -------------------------------------------------------
# The varlen kernel evaluates each sequence's schedule from closed forms (csrc/bwd/bwd_varlen.h,
# dash/schedule/varlen.py): the schedule is passed as its index in DETERMINISTIC_SCHEDULES.
VARLEN_SCHEDULE_CODES = {name: i for i, name in enumerate(DETERMINISTIC_SCHEDULES)}
# int32s per launch position in the varlen backward's table of CTAs (csrc/bwd/bwd_varlen.h,
# kCtaInts: sizeof(bwd_varlen::Cta) / 4; a static_assert there names this constant).
VARLEN_CTA_INTS = 16


def varlen_bwd_counters(tiles: int, positions: int) -> int:
    """int32s of a packed backward's counter workspace: a ticket counter per dQ tile, the claim
    counter, the preprocess's verdict on the offsets and, at the first 16-byte boundary after it
    (3 ints of slack), the table of the main kernel's launch positions' CTAs (bwd_varlen.h,
    cta_table)."""
    return tiles + 2 + 3 + positions * VARLEN_CTA_INTS


def varlen_auto_schedule(causal: bool, heads: int, heads_kv: int) -> str:
    """What "auto" runs for a packed batch (causal: a banded mask, causal or a sliding window).
    It may depend only on the call's constants, never on the lengths of the batch (docs/varlen.md:
    a sequence's bits must not depend on its neighbours), so it is one schedule per mask and head
    grouping, the fastest measured on bench/varlen.py's packings (bench/NOTES.md "Varlen
    backward"): with MHA, shift on full masks (no serial chain at the first Q tile) and spt on
    causal ones; with GQA/MQA, ascending on full masks and shift_causal on causal ones (H200,
    session 53: 486 and 419 TFLOP/s on the two packings at d128 32/8, against descending's 378
    and 321, which the H100 measured fastest on the kernels of session 13; a sliding window, or a
    sequence whose staircase does not fit it, runs descending: dash.schedule.varlen.seq_built_as)."""
    if heads == heads_kv:
        return "spt" if causal else "shift"
    return "shift_causal" if causal else "ascending"


def varlen_atomic_order(causal: bool, heads: int, heads_kv: int) -> str:
    """The tables whose launch and visit order the atomic (non-deterministic) varlen path runs: it
    has no waits, so the order only spreads the CTAs. auto's, except with GQA/MQA on banded masks,
    where descending is what was measured (bench/NOTES.md "Varlen backward")."""
    if heads != heads_kv and causal:
        return "descending"
    return varlen_auto_schedule(causal, heads, heads_kv)


def resolve_varlen_schedule(schedule: str, deterministic: bool, causal: bool, heads: int, heads_kv: int):
    """(name, kernel code, deterministic) of a varlen call. A schedule built for the other mask is
    a ValueError, as for fixed lengths; shift_causal falls back to descending, per sequence, where
    a sequence's shape does not allow it (seq_built_as)."""
    check_schedule(schedule, deterministic, causal)
    if not deterministic:
        # No waits: the order only sets how the CTAs are spread, i.e. the speed.
        return "atomic", VARLEN_SCHEDULE_CODES[varlen_atomic_order(causal, heads, heads_kv)], False
    name = varlen_auto_schedule(causal, heads, heads_kv) if schedule == "auto" else schedule
    return name, VARLEN_SCHEDULE_CODES[name], True


def attn_bwd_varlen(dout, q, k, v, out, softmax_lse, cu_seqlens_q, cu_seqlens_k, *, seqused_q=None,
                    seqused_k=None, softmax_scale=None, causal=False, window=(-1, -1), softcap=0.0,
                    deterministic=True, schedule="auto"):
    """Gradients (dq, dk, dv) of a packed batch (FA3's varlen layout; dash.flash_attn_varlen_func).

    q, out, dout (total_q, heads, d); k, v (total_k, heads_kv, d); softmax_lse fp32 (heads,
    total_q) as the varlen forward returns it; cu_seqlens_q/k int32 (batch + 1,), seqused_q/k
    None or int32 (batch,), on q's device; causal and window (a sliding window, FA3's window_size,
    resolved by dash.validate.resolve_packed_window) from each sequence's bottom-right corner;
    softcap as in attn_bwd. Sequence b's gradients are bitwise those of
    attn_bwd on that sequence alone with the same schedule: its order of additions follows its
    own lengths only (csrc/bwd/bwd_varlen.h). Rows without a gradient (padding past seqused, rows
    past the last sequence) get dq = 0 and dk = dv = 0; rows before cu_seqlens_q[0] of dq are not
    written. The offsets are not read on the host: out of order or out of range (checked on the
    GPU), the main kernel does nothing and the gradients are 0 (DASH_CHECK_VARLEN=1 checks them
    on the host and raises, at the cost of a sync).
    """
    batch, total_q, total_k, heads, heads_kv, head_dim = validate.check_varlen_qkv(
        q, k, v, cu_seqlens_q, cu_seqlens_k, seqused_q, seqused_k, check_cuda=False)
    validate.check_like("out", out, "q", q)
    validate.check_like("dout", dout, "q", q)
    validate.check_tensor("softmax_lse", softmax_lse, ndim=2, dtype=torch.float32)
    if tuple(softmax_lse.shape) != (heads, total_q):
        raise ValueError(f"softmax_lse of a packed batch must have shape (heads, total_q) = {(heads, total_q)}, "
                         f"got {tuple(softmax_lse.shape)}")
    softmax_scale = validate.check_softmax_scale(softmax_scale, head_dim)
    causal, window = validate.resolve_packed_window(bool(causal), window)
    softcap = validate.check_softcap(softcap)
    banded = validate.banded(causal, window)
    name, code, det = resolve_varlen_schedule(schedule, deterministic, banded, heads, heads_kv)
    validate.check_device({"q": q, "k": k, "v": v, "out": out, "dout": dout, "softmax_lse": softmax_lse,
                           "cu_seqlens_q": cu_seqlens_q, "cu_seqlens_k": cu_seqlens_k})
    if os.environ.get("DASH_CHECK_VARLEN", "0") == "1":
        validate.check_varlen_values(cu_seqlens_q, cu_seqlens_k, seqused_q, seqused_k, total_q, total_k)
    # Contiguous: the kernels store 16-byte row segments. The rows of dk and dv that no sequence
    # uses (padding past seqused_k, rows outside every sequence) are zeroed by the postprocess,
    # which alone knows which they are without a sync.
    dq = torch.empty(q.shape, dtype=q.dtype, device=q.device)
    dk = torch.empty(k.shape, dtype=k.dtype, device=k.device)
    dv = torch.empty(v.shape, dtype=v.dtype, device=v.device)
    if total_q == 0 or total_k == 0 or batch == 0:
        dq.zero_(), dk.zero_(), dv.zero_()
        return dq, dk, dv

    C = _ext.load()
    q, k, v, out, dout = (validate.for_tma(t) for t in (q, k, v, out, dout))
    softmax_lse = softmax_lse.contiguous()
    block_m, block_n = C.bwd_tile_shape(head_dim, banded)
    # One workspace tile per query-tile slot (csrc/common/varlen_tiles.h), and the main kernel's
    # launch positions (csrc/bwd/bwd_varlen.h): functions of the totals and the batch size, so that
    # CUDA graphs replay with other lengths.
    tiles = heads * (total_q // block_m + batch + 1)
    positions = heads_kv * (total_k // block_n + batch)
    scratch = _workspace(q.device, tiles, block_m, head_dim, varlen_bwd_counters(tiles, positions))

    p = C.BwdParams()
    p.q, p.k, p.v, p.out, p.dout = (_ext.strided_packed(t) for t in (q, k, v, out, dout))
    p.lse = softmax_lse.data_ptr()
    p.dq, p.dk, p.dv = (_ext.strided_packed(t) for t in (dq, dk, dv))
    p.batch, p.heads, p.heads_kv = batch, heads, heads_kv
    p.seqlen_q, p.seqlen_k, p.head_dim = total_q, total_k, head_dim
    p.softmax_scale = float(softmax_scale)
    p.causal = causal
    p.window_left, p.window_right = window
    p.softcap = softcap
    p.dtype = _ext.dtype_code(q.dtype)
    p.lse_log2, p.dpsum, p.dq_accum = scratch.lse_log2, scratch.dpsum, scratch.dq_accum
    p.dq_counter, p.launch_claim = scratch.counter(0), scratch.counter(tiles)
    p.varlen_status = scratch.counter(tiles + 1)
    p.cu_seqlens_q, p.cu_seqlens_k = cu_seqlens_q.data_ptr(), cu_seqlens_k.data_ptr()
    p.seqused_q = seqused_q.data_ptr() if seqused_q is not None else 0
    p.seqused_k = seqused_k.data_ptr() if seqused_k is not None else 0
    p.varlen_schedule = code
    p.deterministic = det
    from dash.schedule.tables import WAVE_LIMIT
    p.wave_size = WAVE_LIMIT  # the largest wave a sequence may have
    p.launch_wave = 1
    stream = torch.cuda.current_stream(q.device).cuda_stream
    with torch.cuda.device(q.device):
        C.bwd_preprocess(p, stream)
        C.bwd_main(p, stream)
        C.bwd_postprocess(p, stream)
    return dq, dk, dv
