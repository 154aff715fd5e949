"""The backward kernels on the GPU: gradients against the fp32 reference over a grid of shapes,
bitwise determinism of every deterministic schedule, and the kernel following its tables."""
import hashlib
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest
import torch

from tests.helpers import assert_close_as_fa3, make_inputs, reference_and_baseline_grads, reference_fwd

pytestmark = pytest.mark.gpu

SEQLENS = [(1, 1), (17, 17), (113, 113), (128, 128), (1000, 1000), (2048, 2048), (4224, 4224),
           (113, 203), (203, 113), (1, 1000), (1000, 1), (128, 2048), (2048, 128), (1000, 4224)]


def mask_schedules(causal_values=(False, True)):
    """(schedule, causal) pairs where the schedule applies to the mask (shift: full only,
    shift_causal: causal only; the other pairs raise, see test_bad_inputs.py)."""
    from dash.ops import schedules_for

    return [(s, c) for c in causal_values for s in schedules_for(c)]


def run_bwd(q, k, v, dout, causal, **kw):
    from dash.ops import attn_bwd

    out, lse = reference_fwd(q, k, v, causal)
    return attn_bwd(dout, q, k, v, out, lse, causal=causal, **kw)


def heads_for(case):
    return {"mha": (4, 4), "gqa": (6, 2), "mqa": (4, 1)}[case]


@pytest.mark.parametrize("seqlen_q,seqlen_k", SEQLENS)
@pytest.mark.parametrize("causal", [False, True])
@pytest.mark.parametrize("head_dim", [64, 96, 128, 192, 256])
def test_grads_match_reference(seqlen_q, seqlen_k, causal, head_dim):
    # Rotate dtype, head layout and batch over the grid so that each appears with every shape
    # class without a full Cartesian product.
    idx = SEQLENS.index((seqlen_q, seqlen_k))
    dtype = [torch.bfloat16, torch.float16][(idx + causal) % 2]
    case = ["mha", "gqa", "mqa"][(idx + head_dim // 64) % 3]
    batch = [1, 2, 3, 9][idx % 4] if seqlen_q * seqlen_k <= 2048 * 2048 else 1
    heads, heads_kv = heads_for(case)
    q, k, v, dout = make_inputs(batch, seqlen_q, seqlen_k, heads, heads_kv, head_dim, dtype, seed=idx)
    (dq_ref, dk_ref, dv_ref), (dq_pt, dk_pt, dv_pt) = reference_and_baseline_grads(q, k, v, dout, causal)
    for schedule in ["auto", "atomic"]:
        dq, dk, dv = run_bwd(q, k, v, dout, causal, schedule=schedule, deterministic=schedule != "atomic")
        tag = f"{schedule} {dtype} {case} b{batch} sq{seqlen_q} sk{seqlen_k} d{head_dim} causal={causal}"
        assert_close_as_fa3(f"dq [{tag}]", dq, dq_ref, dq_pt)
        assert_close_as_fa3(f"dk [{tag}]", dk, dk_ref, dk_pt)
        assert_close_as_fa3(f"dv [{tag}]", dv, dv_ref, dv_pt)


@pytest.mark.parametrize("schedule,causal", mask_schedules())
@pytest.mark.parametrize("head_dim", [64, 96, 128, 192, 256])
def test_every_schedule_is_correct(schedule, causal, head_dim):
    q, k, v, dout = make_inputs(2, 1000, 1000, 4, 2, head_dim, torch.bfloat16, seed=7)
    (dq_ref, dk_ref, dv_ref), (dq_pt, dk_pt, dv_pt) = reference_and_baseline_grads(q, k, v, dout, causal)
    dq, dk, dv = run_bwd(q, k, v, dout, causal, schedule=schedule)
    assert_close_as_fa3(f"dq {schedule}", dq, dq_ref, dq_pt)
    assert_close_as_fa3(f"dk {schedule}", dk, dk_ref, dk_pt)
    assert_close_as_fa3(f"dv {schedule}", dv, dv_ref, dv_pt)


# hdim 64 runs the lagged-dQ step (its MMA warpgroups a third of a step apart), hdim 128 the
# rotated one.
@pytest.mark.parametrize("head_dim", [64, 128])
@pytest.mark.parametrize("schedule,causal", mask_schedules())
def test_bitwise_deterministic_over_1000_calls(schedule, causal, head_dim):
    q, k, v, dout = make_inputs(2, 2048, 2048, 4, 4, head_dim, torch.bfloat16, seed=1)
    out, lse = reference_fwd(q, k, v, causal)
    from dash.ops import attn_bwd

    first = attn_bwd(dout, q, k, v, out, lse, causal=causal, schedule=schedule)
    for i in range(1000):
        again = attn_bwd(dout, q, k, v, out, lse, causal=causal, schedule=schedule)
        for name, a, b in zip(("dq", "dk", "dv"), first, again):
            assert torch.equal(a, b), f"{name} differs at call {i} ({schedule}, causal={causal})"


@pytest.mark.parametrize("head_dim", [64, 96, 128, 192, 256])
@pytest.mark.parametrize("pad", [8, 3])
def test_gradients_into_strided_views(head_dim, pad):
    """dq, dk, dv passed in as views of wider buffers: rows padded by 8 elements keep 16-byte
    alignment (the postprocess's vector stores), by 3 they do not (its element path). Both give
    the bits of a contiguous output and leave the padding alone."""
    from dash.ops import attn_bwd

    q, k, v, dout = make_inputs(2, 203, 203, 4, 4, head_dim, torch.bfloat16, seed=5)
    out, lse = reference_fwd(q, k, v, True)
    want = attn_bwd(dout, q, k, v, out, lse, causal=True, schedule="spt")
    wide = [torch.full((*t.shape[:-1], head_dim + pad), 7.0, device=t.device, dtype=t.dtype) for t in (q, k, v)]
    views = [w[..., :head_dim] for w in wide]
    got = attn_bwd(dout, q, k, v, out, lse, causal=True, schedule="spt", dq=views[0], dk=views[1], dv=views[2])
    for name, a, b, w in zip(("dq", "dk", "dv"), want, got, wide):
        assert torch.equal(a, b), f"{name} into a view padded by {pad} differs from the contiguous result"
        assert bool((w[..., head_dim:] == 7.0).all()), f"{name}: the padding was overwritten"


def test_deterministic_with_gqa_and_a_busy_second_stream():
    from dash.ops import attn_bwd

    q, k, v, dout = make_inputs(2, 2048, 2048, 8, 2, 64, torch.bfloat16, seed=2)
    out, lse = reference_fwd(q, k, v, True)
    first = attn_bwd(dout, q, k, v, out, lse, causal=True, schedule="descending")
    side = torch.cuda.Stream()
    a = torch.randn(4096, 4096, device="cuda", dtype=torch.bfloat16)
    for i in range(50):
        with torch.cuda.stream(side):  # another kernel keeps part of the GPU busy
            for _ in range(4):
                a = (a @ a).clamp_(-1, 1)
        again = attn_bwd(dout, q, k, v, out, lse, causal=True, schedule="descending")
        for name, x, y in zip(("dq", "dk", "dv"), first, again):
            assert torch.equal(x, y), f"{name} differs at call {i} with a busy second stream"
    torch.cuda.synchronize()


@pytest.mark.parametrize("heads,heads_kv", [(32, 8), (8, 1)])
@pytest.mark.parametrize("schedule,causal", [("spt", True), ("shift", False), ("atomic", True)])
def test_gqa_in_kernel_dq_equals_mha_on_expanded_kv(heads, heads_kv, schedule, causal):
    """GQA/MQA run in the kernel: the CTA of a k/v head's KV tile walks every q-head of its group.
    Each q-head's dQ tiles then take the same turns, with the same partial tiles, as in MHA on
    K/V expanded to every q-head, so dq is bitwise equal to that (a wrong head, Q tile or rank in
    the group's steps changes it); dK/dV are the group sums, against the reference."""
    from dash.ops import attn_bwd

    q, k, v, dout = make_inputs(2, 700, 700, heads, heads_kv, 128, torch.bfloat16, seed=11)
    out, lse = reference_fwd(q, k, v, causal)
    det = schedule != "atomic"
    dq, dk, dv = attn_bwd(dout, q, k, v, out, lse, causal=causal, schedule=schedule, deterministic=det)
    group = heads // heads_kv
    k_x, v_x = (t.repeat_interleave(group, dim=2) for t in (k, v))
    dq_x, dk_x, dv_x = attn_bwd(dout, q, k_x, v_x, out, lse, causal=causal, schedule=schedule, deterministic=det)
    if det:
        assert torch.equal(dq, dq_x), "dq of in-kernel GQA differs from MHA on expanded K/V"
    (dq_ref, dk_ref, dv_ref), (dq_pt, dk_pt, dv_pt) = reference_and_baseline_grads(q, k, v, dout, causal)
    tag = f"{schedule} {heads}/{heads_kv} causal={causal}"
    assert_close_as_fa3(f"dq [{tag}]", dq, dq_ref, dq_pt)
    assert_close_as_fa3(f"dk [{tag}]", dk, dk_ref, dk_pt)
    assert_close_as_fa3(f"dv [{tag}]", dv, dv_ref, dv_pt)
    if det:
        again = attn_bwd(dout, q, k, v, out, lse, causal=causal, schedule=schedule)
        for name, a, b in zip(("dq", "dk", "dv"), (dq, dk, dv), again):
            assert torch.equal(a, b), f"{name} of in-kernel GQA is not repeatable"


_CHILD = textwrap.dedent("""
    import hashlib, sys, torch
    sys.path.insert(0, {root!r})
    from tests.helpers import make_inputs, reference_fwd
    from dash.ops import attn_bwd
    q, k, v, dout = make_inputs(2, 1000, 1000, 4, 4, 128, torch.bfloat16, seed=3)
    out, lse = reference_fwd(q, k, v, True)
    grads = attn_bwd(dout, q, k, v, out, lse, causal=True, schedule={schedule!r})
    torch.cuda.synchronize()
    print(hashlib.sha256(b"".join(g.cpu().view(torch.int16).numpy().tobytes() for g in grads)).hexdigest())
""")


@pytest.mark.parametrize("schedule", ["descending", "shift_causal"])
def test_bitwise_equal_across_processes(schedule):
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    code = _CHILD.format(root=root, schedule=schedule)
    digests = {subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300,
                              check=True).stdout.strip() for _ in range(2)}
    assert len(digests) == 1, f"two fresh processes gave different gradients: {digests}"


def test_atomic_path_is_correct_but_may_differ_between_runs():
    # The non-deterministic path adds partial dQ tiles in arrival order: its bits MAY change
    # from run to run (that is expected and not asserted); its values must be right.
    q, k, v, dout = make_inputs(1, 2048, 2048, 4, 4, 128, torch.bfloat16, seed=4)
    (dq_ref, _, _), (dq_pt, _, _) = reference_and_baseline_grads(q, k, v, dout, False)
    dq, _, _ = run_bwd(q, k, v, dout, False, deterministic=False)
    assert_close_as_fa3("dq atomic", dq, dq_ref, dq_pt)


def _nan_filled_float32_workspaces(monkeypatch):
    """Every fp32 tensor that torch.empty hands out from here on is filled with NaN: the
    backward's workspaces (LSE, D, the dQ accumulator) then hold garbage where nothing writes."""
    empty = torch.empty

    def nan_empty(*args, **kwargs):
        t = empty(*args, **kwargs)
        return t.fill_(float("nan")) if t.dtype == torch.float32 else t

    monkeypatch.setattr(torch, "empty", nan_empty)


@pytest.mark.parametrize("schedule", ["auto", "atomic"])
@pytest.mark.parametrize("causal,seqlen_q,seqlen_k,heads", [(False, 1000, 1000, (4, 4)), (True, 1000, 1000, (6, 2)),
                                                            (True, 700, 300, (4, 4))])
def test_gradients_do_not_depend_on_the_workspaces_old_contents(monkeypatch, schedule, causal, seqlen_q, seqlen_k, heads):
    # Deterministic calls do not zero the dQ accumulator: each tile's first turn stores its partial
    # dQ and the later turns add to it; a tile that no KV tile visits (causal, seqlen_q > seqlen_k:
    # the first rows see no key) is written as zeros by the postprocess. With every workspace
    # full of NaN beforehand the gradients must be the same bits; the atomic path zeroes its
    # accumulator and must stay finite and right.
    from dash.ops import attn_bwd

    q, k, v, dout = make_inputs(2, seqlen_q, seqlen_k, *heads, 128, torch.bfloat16, seed=6)
    out, lse = reference_fwd(q, k, v, causal)
    kw = dict(causal=causal, schedule=schedule, deterministic=schedule != "atomic")
    clean = attn_bwd(dout, q, k, v, out, lse, **kw)
    with monkeypatch.context() as m:
        _nan_filled_float32_workspaces(m)
        dirty = attn_bwd(dout, q, k, v, out, lse, **kw)
    for name, a, b in zip(("dq", "dk", "dv"), clean, dirty):
        assert torch.isfinite(b).all(), f"{name}: NaN from the workspace"
        if schedule == "atomic":
            torch.testing.assert_close(b.float(), a.float(), atol=2e-2, rtol=2e-2)
        else:
            assert torch.equal(a, b), f"{name} depends on what the workspace held"
    if causal and seqlen_q > seqlen_k:
        dq = dirty[0]
        # rows i with i + seqlen_k - seqlen_q < 0 see no key: their gradient is exactly +0
        empty_rows = dq[:, : seqlen_q - seqlen_k]
        assert torch.equal(empty_rows.view(torch.int16), torch.zeros_like(empty_rows).view(torch.int16))


def test_varlen_gradients_do_not_depend_on_the_workspaces_old_contents(monkeypatch):
    import dash
    from dash.ops import attn_bwd_varlen
    from tests.test_varlen_bwd import packed

    q, k, v, dout, cu_q, cu_k = packed([(700, 300), (1, 129), (0, 64), (257, 257)], 4, 2, 64, torch.bfloat16, seed=7)
    out, lse = dash.flash_attn_varlen_func(q, k, v, cu_q, cu_k, 700, 300, causal=True, return_attn_probs=True)[:2]
    clean = attn_bwd_varlen(dout, q, k, v, out, lse, cu_q, cu_k, causal=True)
    with monkeypatch.context() as m:
        _nan_filled_float32_workspaces(m)
        dirty = attn_bwd_varlen(dout, q, k, v, out, lse, cu_q, cu_k, causal=True)
    for name, a, b in zip(("dq", "dk", "dv"), clean, dirty):
        assert torch.isfinite(b).all(), f"{name}: NaN from the workspace"
        assert torch.equal(a, b), f"{name} depends on what the workspace held"


def _trace_cases():
    cases = []
    for causal, seqlen_q, seqlen_k in [(False, 1000, 1000), (True, 1000, 1000), (True, 700, 1300)]:
        for schedule, c in mask_schedules([causal]):
            # shift_causal needs seqlen_k <= seqlen_q (KV tiles of a wave on distinct first rows)
            if not (schedule == "shift_causal" and seqlen_k > seqlen_q):
                cases.append((schedule, causal, seqlen_q, seqlen_k))
    return cases


@pytest.mark.parametrize("schedule,causal,seqlen_q,seqlen_k", _trace_cases())
def test_kernel_follows_the_schedule_tables(schedule, causal, seqlen_q, seqlen_k):
    """The trace hook records, for every visit the kernel made, the turn its dQ add took.
    It must equal the model's rank of that (Q tile, KV tile) pair, visit by visit."""
    from dash.ops import attn_bwd, schedule_tables
    from dash.schedule import build_tables

    batch, heads = 2, 3
    q, k, v, dout = make_inputs(batch, seqlen_q, seqlen_k, heads, heads, 128, torch.bfloat16, seed=5)
    out, lse = reference_fwd(q, k, v, causal)
    tables = schedule_tables(q, k, causal=causal, schedule=schedule)
    from dash.ops import _problem

    model = build_tables(_problem(seqlen_q, seqlen_k, 128, causal, batch, heads, heads, q.device, q.dtype, 0),
                         schedule)
    for key, arr in model.kernel_arrays().items():
        assert torch.equal(getattr(tables, key).cpu(), torch.from_numpy(arr.reshape(-1).copy())), key
    trace = torch.full((batch, heads, tables.visit_m.numel()), -7, dtype=torch.int32, device="cuda")
    attn_bwd(dout, q, k, v, out, lse, causal=causal, schedule=schedule, trace=trace)
    visit_m = torch.from_numpy(model.visit_m).long()
    visit_n = torch.repeat_interleave(torch.arange(model.num_n), torch.from_numpy(model.visit_offsets).diff().long())
    expected = torch.from_numpy(model.rank)[visit_m, visit_n].int()
    assert torch.equal(trace.cpu(), expected.expand(batch, heads, -1)), "kernel's turns differ from the ranks"


# (head_dim, causal, seqlen_q, seqlen_k) where the shift family's launch waves are folded across
# the (batch, head) instances with N > W and N not a multiple of W (dash.schedule.grid): a short
# seqlen_q makes full-mask shift's waves M = 3 Q tiles wide (N = 10: waves 3, 3, 3, 1); 5312
# tokens make 42 KV tiles, waves 32 and 10 for shift_causal. The other schedules run unfolded.
FOLD_SHAPES = [(128, False, 200, 1216), (64, False, 300, 1216), (128, True, 5312, 5312), (64, True, 5312, 5312)]


def _fold_cases():
    return [(s, hd, causal, sq, sk) for hd, causal, sq, sk in FOLD_SHAPES for s, _ in mask_schedules([causal])]


@pytest.mark.parametrize("schedule,head_dim,causal,seqlen_q,seqlen_k", _fold_cases())
def test_kernel_follows_the_launch_fold(schedule, head_dim, causal, seqlen_q, seqlen_k):
    """Each CTA claims the launch position the model gives its (batch, k/v head, KV tile): the
    device's decode (csrc/bwd/bwd_grid.h) is dash.schedule.grid's, wave by wave across the
    batch x heads_kv instances (GQA here, so that a fold over the q-heads would show). Its dQ
    adds take their ranks' turns, and the gradients match the reference."""
    from dash.ops import _problem, attn_bwd, launch_fold, launch_group, schedule_tables
    from dash.schedule import build_tables
    from dash.schedule.grid import grouped_launch_position

    batch, heads, heads_kv = 2, 6, 3
    q, k, v, dout = make_inputs(batch, seqlen_q, seqlen_k, heads, heads_kv, head_dim, torch.bfloat16, seed=9)
    out, lse = reference_fwd(q, k, v, causal)
    tables = schedule_tables(q, k, causal=causal, schedule=schedule)
    problem = _problem(seqlen_q, seqlen_k, head_dim, causal, batch, heads, heads_kv, q.device, q.dtype, 0)
    model = build_tables(problem, schedule)
    N, W, instances = model.num_n, model.launch_wave, batch * heads_kv
    assert model.built_as == schedule and tables.launch_wave == W
    assert (W < N and N % W != 0) if schedule.startswith("shift") else W == N
    positions = torch.full((batch, heads_kv, N), -1, dtype=torch.int32, device="cuda")
    trace = torch.full((batch, heads, tables.visit_m.numel()), -7, dtype=torch.int32, device="cuda")
    dq, dk, dv = attn_bwd(dout, q, k, v, out, lse, causal=causal, schedule=schedule, positions=positions,
                          trace=trace)
    # positions[b, h, n] of instance h + heads_kv * b, whose KV tile n runs at launch index launch_pos[n],
    # in the kernel's fold (dash.ops.launch_fold: the tables' waves for shift, FA4's order otherwise)
    fold_wave, fold_group = launch_fold(tables, problem)
    assert (fold_wave, fold_group) == ((W, 0) if schedule.startswith("shift") else (1, launch_group(tables, problem)))
    want = grouped_launch_position(model.launch_pos[None, :], np.arange(instances)[:, None], N, fold_wave,
                                   instances, fold_group or instances)
    got = positions.cpu().view(instances, N).numpy()
    assert np.array_equal(got, want), f"launch positions differ from the fold at {np.argwhere(got != want)[:5]}"
    visit_n = np.repeat(np.arange(N), np.diff(model.visit_offsets))
    ranks = torch.from_numpy(model.rank[model.visit_m, visit_n]).int()
    assert torch.equal(trace.cpu(), ranks.expand(batch, heads, -1)), "kernel's turns differ from the ranks"
    (dq_ref, dk_ref, dv_ref), (dq_pt, dk_pt, dv_pt) = reference_and_baseline_grads(q, k, v, dout, causal)
    tag = f"{schedule} d{head_dim} sq{seqlen_q} sk{seqlen_k} causal={causal}"
    assert_close_as_fa3(f"dq [{tag}]", dq, dq_ref, dq_pt)
    assert_close_as_fa3(f"dk [{tag}]", dk, dk_ref, dk_pt)
    assert_close_as_fa3(f"dv [{tag}]", dv, dv_ref, dv_pt)


@pytest.mark.parametrize("schedule,causal,fold", [("ascending", False, "1:2"), ("spt", True, "1:3"),
                                                   ("descending", True, "2:l2"), ("shift", False, "tables:2"),
                                                   ("shift_causal", True, "tables:1")])
def test_launch_groups_change_when_ctas_start_not_the_bits(monkeypatch, schedule, causal, fold):
    """DASH_LAUNCH_FOLD (dash.ops.launch_fold): the positions CTAs claim follow
    dash.schedule.grid's grouped fold, and the gradients are bitwise those of the default order
    (the launch order never sets the order of the dQ additions)."""
    from dash import ops
    from dash.schedule.grid import grouped_launch_position

    batch, heads, heads_kv, seqlen = 3, 4, 2, 5312 if causal else 1216
    q, k, v, dout = make_inputs(batch, seqlen, seqlen, heads, heads_kv, 64, torch.bfloat16, seed=3)
    out, lse = reference_fwd(q, k, v, causal)
    want = ops.attn_bwd(dout, q, k, v, out, lse, causal=causal, schedule=schedule)
    monkeypatch.setenv("DASH_LAUNCH_FOLD", fold)
    tables = ops.schedule_tables(q, k, causal=causal, schedule=schedule)
    problem = ops._problem(seqlen, seqlen, 64, causal, batch, heads, heads_kv, q.device, q.dtype, 0)
    W, G = ops.launch_fold(tables, problem)
    N, instances = tables.launch_order.numel(), batch * heads_kv
    assert (W == 1 if fold.startswith("1:") else True) and 1 <= W <= N
    positions = torch.full((batch, heads_kv, N), -1, dtype=torch.int32, device="cuda")
    got = ops.attn_bwd(dout, q, k, v, out, lse, causal=causal, schedule=schedule, positions=positions)
    launch_pos = torch.empty(N, dtype=torch.long)
    launch_pos[tables.launch_order.cpu().long()] = torch.arange(N)
    expect = grouped_launch_position(launch_pos.numpy()[None, :], np.arange(instances)[:, None], N, W, instances,
                                     G or instances)
    assert np.array_equal(positions.cpu().view(instances, N).numpy(), expect)
    for a, b in zip(got, want):
        assert torch.equal(a, b)


@pytest.mark.parametrize("schedule,causal,head_dim,heads_kv,seqlen,seqlen_k,window,tiles", [
    ("spt", True, 64, 4, 1000, 1000, (-1, -1), 1), ("shift", False, 64, 4, 1216, 1216, (-1, -1), 3),
    ("ascending", False, 128, 2, 777, 777, (-1, -1), 2), ("shift_causal", True, 128, 4, 2048, 2048, (-1, -1), 64),
    ("descending", True, 128, 1, 1500, 700, (-1, -1), 5), ("spt", False, 64, 4, 3000, 3000, (300, 0), 2)])
def test_dq_converted_by_the_main_kernel_has_the_postprocess_bits(monkeypatch, schedule, causal, head_dim, heads_kv,
                                                                   seqlen, seqlen_k, window, tiles):
    """DASH_POST_TILES (dash.ops.post_tiles): the main kernel's last launch positions convert the dQ
    tiles of finished heads instead of the postprocess kernel. dq, dk and dv are bitwise the
    postprocess's, for partial last tiles, GQA and MHA, windows (tiles without contributors), tiles
    per CTA that do not divide the tile count or exceed what the kernel stages, and a dq view with
    rows that are not 16-byte aligned; and the same across repeated calls."""
    from dash import ops

    batch, heads = 2, 4
    q, k, v, dout = make_inputs(batch, seqlen, seqlen_k, heads, heads_kv, head_dim, torch.bfloat16, seed=11)
    out, lse = reference_fwd(q, k, v, causal)  # (any out and lse: the test compares two paths)
    kw = dict(causal=causal, schedule=schedule, window=window)
    monkeypatch.setenv("DASH_POST_TILES", "0")
    want = ops.attn_bwd(dout, q, k, v, out, lse, **kw)
    monkeypatch.setenv("DASH_POST_TILES", str(tiles))
    assert ops.post_tiles(True, causal or window != (-1, -1)) == tiles
    for _ in range(3):
        got = ops.attn_bwd(dout, q, k, v, out, lse, **kw)
        for name, a, b in zip("dq dk dv".split(), got, want):
            assert torch.equal(a, b), f"{name} differs with {tiles} tiles per conversion CTA"
    # dq as a view whose rows are 2 elements apart from 16-byte alignment
    wide = torch.full((batch, seqlen, heads, head_dim + 2), float("nan"), dtype=q.dtype, device=q.device)
    dq_view = wide[..., 2:]
    ops.attn_bwd(dout, q, k, v, out, lse, dq=dq_view, **kw)
    assert torch.equal(dq_view, want[0])
    # the atomic path keeps its postprocess kernel (its adds are not counted); by default the
    # banded masks convert in the main kernel
    assert ops.post_tiles(False, True) == 0
    monkeypatch.delenv("DASH_POST_TILES")
    assert ops.post_tiles(True, True) == ops.POST_TILES_BANDED > 0
    assert ops.post_tiles(True, False) == 0


def test_a_bad_post_tiles_setting_is_refused(monkeypatch):
    from dash import ops

    q, k, v, dout = make_inputs(1, 256, 256, 2, 2, 64, torch.bfloat16)
    out, lse = reference_fwd(q, k, v, False)
    for bad in ("-1", "two"):
        monkeypatch.setenv("DASH_POST_TILES", bad)
        with pytest.raises(ValueError, match="DASH_POST_TILES"):
            ops.attn_bwd(dout, q, k, v, out, lse, schedule="ascending")


def test_a_bad_launch_wave_is_refused(monkeypatch):
    from dash import ops

    q, k, v, dout = make_inputs(1, 256, 256, 2, 2, 128, torch.bfloat16)
    real = ops._tables_cached
    for bad in (0, 3):   # N = 2 KV tiles
        monkeypatch.setattr(ops, "_tables_cached", lambda *args, bad=bad: real(*args)._replace(launch_wave=bad))
        with pytest.raises(ValueError, match="launch_wave"):
            # (shift runs its tables' wave; ascending, descending and spt run wave 1: launch_fold)
            run_bwd(q, k, v, dout, False, schedule="shift")


def test_a_wave_larger_than_the_gpu_is_refused(monkeypatch):
    from dash import ops

    q, k, v, dout = make_inputs(1, 256, 256, 2, 2, 128, torch.bfloat16)
    real = ops._tables_cached

    def too_big(*args):
        return real(*args)._replace(wave_size=10**6)

    monkeypatch.setattr(ops, "_tables_cached", too_big)
    with pytest.raises(ValueError, match="deadlock"):
        run_bwd(q, k, v, dout, False, schedule="shift")


def test_timing_hook_records_every_cta():
    from dash.ops import attn_bwd

    q, k, v, dout = make_inputs(2, 1000, 1000, 2, 2, 128, torch.bfloat16)
    out, lse = reference_fwd(q, k, v, False)
    timing = torch.zeros(2, 2, 8, 2, dtype=torch.int64, device="cuda")
    attn_bwd(dout, q, k, v, out, lse, schedule="shift", timing=timing)
    torch.cuda.synchronize()
    assert (timing[..., 0] > 0).all() and (timing[..., 1] > timing[..., 0]).all()


@pytest.mark.parametrize("seqlen_q,seqlen_k,causal", [(131136, 256, False), (256, 131089, True)])
def test_sequences_past_128k_tokens(seqlen_q, seqlen_k, causal):
    """128k-token sequences with 34 heads of 128: the fp32 dQ accumulator of the first case is
    2.15 GB, past what a 32-bit byte offset reaches, and the second puts key indices past 2^17.
    Gradients against the reference, and bitwise repeatable."""
    from dash.ops import attn_bwd

    q, k, v, dout = make_inputs(1, seqlen_q, seqlen_k, 34, 34, 128, torch.bfloat16, seed=11)
    out, lse = reference_fwd(q, k, v, causal)
    (dq_ref, dk_ref, dv_ref), (dq_pt, dk_pt, dv_pt) = reference_and_baseline_grads(q, k, v, dout, causal)
    got = attn_bwd(dout, q, k, v, out, lse, causal=causal, schedule="auto")
    for name, g, r, b in zip(("dq", "dk", "dv"), got, (dq_ref, dk_ref, dv_ref), (dq_pt, dk_pt, dv_pt)):
        assert_close_as_fa3(f"{name} sq{seqlen_q} sk{seqlen_k}", g, r, b)
    del dq_ref, dk_ref, dv_ref, dq_pt, dk_pt, dv_pt
    again = attn_bwd(dout, q, k, v, out, lse, causal=causal, schedule="auto")
    assert all(torch.equal(a, b) for a, b in zip(got, again))
