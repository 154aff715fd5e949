"""Issue 10, items 5 and 6: no hang beside concurrent kernels, and bits that depend on the shape only.

CPU: the tables and the choice of "auto" are the same for every SM count, sm_margin and
occupancy, and every table finishes with WAVE_LIMIT (32) co-resident CTAs.

GPU: a test-only kernel (dash.testing.hold_sms) holds k SMs whole, as NCCL kernels of
overlapped training do, for a bounded time (it ends itself, so no test can hang the machine).
Beside it, every schedule's backward must finish on the SMs left free, before the hold ends,
with the same bits as without it; and sm_margin must not change the bits.
"""
import time

import numpy as np
import pytest
import torch

from dash.schedule import SCHEDULES, Problem, build_tables, check, choose, min_capacity
from dash.schedule.tables import WAVE_LIMIT

# ---- CPU: tables and choice independent of the device ----------------------------------------
DEVICES = [dict(num_sms=n, sm_margin=m, ctas_per_sm=c) for n in (132, 114, 78) for m in (0, 50) for c in (1, 2)]
SHAPES = [(s, hd, causal) for s in (2048, 8192, 16384) for hd in (64, 128) for causal in (False, True)]


def _label(shape):
    s, hd, causal = shape
    return f"{s // 1024}k-d{hd}-{'causal' if causal else 'full'}"


@pytest.mark.parametrize("shape", SHAPES, ids=_label)
def test_tables_do_not_depend_on_the_device(shape):
    seqlen, hd, causal = shape
    for s in SCHEDULES:
        ref = build_tables(Problem.for_hdim(seqlen, head_dim=hd, causal=causal), s)
        for dev in DEVICES:
            t = build_tables(Problem.for_hdim(seqlen, head_dim=hd, causal=causal, **dev), s)
            where = f"{s} on {dev}"
            assert (t.built_as, t.wave_size) == (ref.built_as, ref.wave_size), where
            for key, arr in ref.kernel_arrays().items():
                assert np.array_equal(getattr(t, key), arr), f"{key} of {where}"
        assert ref.wave_size <= WAVE_LIMIT or not ref.forward_waits
        assert ref.coresident_needed <= WAVE_LIMIT, s


@pytest.mark.parametrize("shape", SHAPES, ids=_label)
def test_every_table_finishes_with_wave_limit_coresident_ctas(shape):
    """The replay of the ticket protocol with WAVE_LIMIT slots, dispatched in launch order (the
    order the kernel's CTAs claim their positions): no deadlock, for any schedule."""
    seqlen, hd, causal = shape
    p = Problem.for_hdim(seqlen, head_dim=hd, causal=causal)
    for s in SCHEDULES:
        t = build_tables(p, s)
        check(t, p, capacity=WAVE_LIMIT)
        assert min_capacity(t) <= WAVE_LIMIT, s


@pytest.mark.parametrize("shape", SHAPES, ids=_label)
def test_choice_does_not_depend_on_the_device(shape):
    seqlen, hd, causal = shape
    for batch, heads in ((1, 16), (4, 32)):
        picks = {choose(Problem.for_hdim(seqlen, head_dim=hd, causal=causal, batch=batch, heads=heads, **dev))
                 for dev in DEVICES}
        assert len(picks) == 1, f"{_label(shape)} batch {batch} x {heads} heads: {picks}"


def test_simulated_choice_does_not_depend_on_the_device():
    """choose(exact=True) simulates; it too decides on the nominal device."""
    base = Problem.for_hdim(2048, head_dim=128, batch=2, heads=16)
    picks = {choose(base.replace(**dev), exact=True) for dev in DEVICES[::3]}
    assert len(picks) == 1, picks


def test_wave_is_the_shapes():
    for seqlen, hd, causal in SHAPES:
        p = Problem.for_hdim(seqlen, head_dim=hd, causal=causal)
        want = min(p.num_m, p.num_n, WAVE_LIMIT)
        name = "shift_causal" if causal else "shift"
        t = build_tables(p, name)
        assert t.built_as == name and t.wave_size == want
        assert want == (WAVE_LIMIT if seqlen >= 8192 else min(p.num_m, p.num_n)), (seqlen, hd)
    small = Problem.for_hdim(1000, head_dim=128)          # M = 16, N = 8
    assert build_tables(small, "shift").wave_size == 8


# ---- GPU: a backward beside a kernel that holds most SMs -----------------------------------------
gpu = pytest.mark.gpu

# Long enough that the slowest backward here (16k tokens x 16 heads on 32 SMs: tens of ms) ends
# far inside it; the test ends the hold early (the `stop` flag) once the backward is done, so a
# passing case costs the backward's time, a failing one this.
HOLD_NS = 3_000_000_000


def _inputs(seqlen, head_dim, causal, heads=16, seed=21):
    from dash.fwd import attn_fwd

    g = torch.Generator(device="cuda").manual_seed(seed)
    q, k, v, dout = (torch.randn(1, seqlen, heads, head_dim, device="cuda", dtype=torch.bfloat16, generator=g)
                     for _ in range(4))
    out, lse = attn_fwd(q, k, v, causal=causal)
    return dout, q, k, v, out, lse


def _backward(inputs, causal, schedule):
    from dash.ops import attn_bwd

    return attn_bwd(*inputs, causal=causal, deterministic=schedule != "atomic", schedule=schedule)


def _wait_for(cond, timeout_s):
    deadline = time.monotonic() + timeout_s
    while not cond():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.0005)
    return True


def _beside_hold(held, call):
    """Run call() on its own stream while `held` SMs are held; returns (its result, whether it
    finished while the hold was still on, seconds it took, the held SM ids)."""
    from dash.testing import hold_sms

    work, hold, side = torch.cuda.Stream(), torch.cuda.Stream(), torch.cuda.Stream()
    sm_ids = torch.empty(held, dtype=torch.int32, device="cuda")
    started = torch.zeros(1, dtype=torch.int32, device="cuda")
    stop = torch.zeros(1, dtype=torch.int32, device="cuda")
    # Warm up on the stream the measured call uses: the caching allocator keeps blocks per
    # stream, and a cudaMalloc or cudaFree during the hold could wait for the whole device.
    torch.cuda.synchronize()   # the inputs, made on the default stream
    with torch.cuda.stream(work):
        call()
    torch.cuda.synchronize()
    hold_end, work_end = torch.cuda.Event(), torch.cuda.Event()
    with torch.cuda.stream(hold):
        hold_sms(held, HOLD_NS, sm_ids, started, stop)
        hold_end.record()
    try:
        with torch.cuda.stream(side):  # a copy on a third stream reads the count without SMs
            all_running = _wait_for(lambda: int(started.cpu()) == held or hold_end.query(), 5.0)
            assert all_running and int(started.cpu()) == held, \
                f"only {int(started.cpu())} of {held} holding CTAs started"
        t0 = time.monotonic()
        with torch.cuda.stream(work):
            result = call()
            work_end.record()
        _wait_for(lambda: work_end.query() or hold_end.query(), HOLD_NS / 1e9 + 5.0)
        finished_first = work_end.query() and not hold_end.query()
        seconds = time.monotonic() - t0
    finally:
        with torch.cuda.stream(side):
            stop.copy_(torch.ones(1, dtype=torch.int32))   # a copy: it needs no SM
        hold_end.synchronize()
    torch.cuda.synchronize()
    return result, finished_first, seconds, sm_ids.cpu().tolist()


def _hang_cases():
    cases = []
    # (192 and 256: the transposed dK/dV policy, whose stages wait for the dQ writer's add.)
    for hd in (64, 128, 192, 256):
        for causal in (False, True):
            from dash.ops import schedules_for

            # 16k tokens: 128 KV tiles per head (171 and 256 at 192's and 256's 96- and 64-key
            # tiles), the shift family in waves of WAVE_LIMIT (an explicit shift ran 128-CTA waves
            # before the wave limit, which needs 128 free SMs); auto at 8k too, where it may pick
            # the shift family itself.
            for s in schedules_for(causal) + ("auto", "atomic"):
                cases.append((hd, causal, s, 16384))
            cases.append((hd, causal, "auto", 8192))
    return cases


def _case_id(case):
    hd, causal, s, seqlen = case
    return f"d{hd}-{'causal' if causal else 'full'}-{s}-{seqlen // 1024}k"


def _check_beside_hold(held, case):
    hd, causal, schedule, seqlen = case
    from dash import _ext

    built = _ext.built_head_dims()
    if built is not None and hd not in built:  # conftest's skip reads head_dim params, not cases
        pytest.skip(f"head_dim {hd} is not in this build (DASH_HEAD_DIMS={','.join(map(str, built))})")
    num_sms = torch.cuda.get_device_properties(0).multi_processor_count
    if held > num_sms - WAVE_LIMIT:
        pytest.skip(f"holding {held} SMs leaves fewer than {WAVE_LIMIT} of this GPU's {num_sms}")
    inputs = _inputs(seqlen, hd, causal)
    want = _backward(inputs, causal, schedule)
    got, finished_first, seconds, sm_ids = _beside_hold(held, lambda: _backward(inputs, causal, schedule))
    assert len(set(sm_ids)) == held and min(sm_ids) >= 0, f"the hold did not take {held} distinct SMs: {sm_ids}"
    assert finished_first, (f"{_case_id(case)} with {held} of {num_sms} SMs held: the backward did not finish "
                            f"until the hold ended ({seconds:.2f} s): it needed the held SMs")
    # The atomic path's dq is not deterministic; its dk and dv are.
    names = ("dk", "dv") if schedule == "atomic" else ("dq", "dk", "dv")
    for name in names:
        i = ("dq", "dk", "dv").index(name)
        assert torch.equal(got[i], want[i]), f"{name} of {_case_id(case)} differs beside the hold"


@gpu
@pytest.mark.parametrize("case", _hang_cases(), ids=_case_id)
def test_backward_finishes_beside_a_kernel_holding_all_but_32_sms(case):
    num_sms = torch.cuda.get_device_properties(0).multi_processor_count
    _check_beside_hold(num_sms - WAVE_LIMIT, case)   # 100 of an H100's 132


@gpu
@pytest.mark.parametrize("case", [c for c in _hang_cases() if c[2] in ("shift", "shift_causal", "auto")],
                         ids=_case_id)
def test_backward_finishes_beside_a_kernel_holding_66_sms(case):
    _check_beside_hold(66, case)


@gpu
@pytest.mark.parametrize("causal", [False, True])
@pytest.mark.parametrize("head_dim", [64, 128, 256])
def test_bits_do_not_depend_on_sm_margin(head_dim, causal):
    from dash.ops import attn_bwd, schedules_for

    inputs = _inputs(4096, head_dim, causal, heads=8, seed=22)
    for schedule in schedules_for(causal) + ("auto",):
        runs = [attn_bwd(*inputs, causal=causal, schedule=schedule, sm_margin=m) for m in (0, 40, 100)]
        for margin, grads in zip((40, 100), runs[1:]):
            for name, a, b in zip(("dq", "dk", "dv"), runs[0], grads):
                assert torch.equal(a, b), f"{schedule}: {name} with sm_margin={margin} differs from sm_margin=0"


@gpu
def test_hold_sms_refuses_unbounded_or_impossible_holds():
    from dash import _ext
    from dash.testing import MAX_HOLD_NS, hold_sms

    num_sms = torch.cuda.get_device_properties(0).multi_processor_count
    ids = torch.empty(num_sms + 1, dtype=torch.int32, device="cuda")
    started = torch.zeros(1, dtype=torch.int32, device="cuda")
    with pytest.raises(ValueError, match="duration_ns"):
        hold_sms(1, MAX_HOLD_NS + 1, ids, started)
    with pytest.raises(ValueError, match="num_ctas"):
        hold_sms(num_sms + 1, 1000, ids, started)
    with pytest.raises(ValueError, match="int32"):
        hold_sms(1, 1000, ids.long(), started)
    # The kernel's own bound, for a caller that skips the Python checks.
    stream = torch.cuda.current_stream().cuda_stream
    with pytest.raises(ValueError, match="10 s"):
        _ext.load()._hold_sms(1, MAX_HOLD_NS + 1, ids.data_ptr(), started.data_ptr(), 0, stream)
    # A short hold ends by itself and reports its SM.
    hold_sms(1, 1_000_000, ids, started)
    torch.cuda.synchronize()
    assert int(started.item()) == 1 and 0 <= int(ids[0].item()) < num_sms
