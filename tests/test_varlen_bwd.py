"""The varlen (packed) backward: dash.flash_attn_varlen_func's gradients.

GPU tests: each sequence's gradients against the fp32 reference on its slices (FA3's criterion),
bitwise equal to dash.flash_attn_func's on that sequence alone with the same schedule (so they
cannot depend on the neighbours, the order or the batch size; checked directly too: permuted,
split and re-neighboured batches), bitwise repeatable, padding rows full of NaN that change
nothing, offsets out of order that neither hang nor write outside the tensors, torch.compile and
CUDA-graph replays with other lengths of the same totals.
CPU tests: the kernel's schedule (csrc/bwd/bwd_varlen.h, compiled for the host) against the
Python model (dash.schedule.varlen.cta_program) on every launch position, its dQ tiles against
the forward's tile map, the CPU reference path and the argument checks.
"""
import itertools
import os
import random
import subprocess

import numpy as np
import pytest
import torch

import dash
from dash import ops
from dash.reference import attention_varlen_ref
from dash.schedule.tables import SCHEDULES
from dash.schedule.varlen import LPT_MAX_BATCH, band_of, cta_program, kernel_prep, seq_built_as
from tests.helpers import assert_close_as_fa3, build_host_driver

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def cu_of(lengths, device="cpu"):
    return torch.tensor(np.concatenate([[0], np.cumsum(lengths)]).astype(np.int32), device=device)


def packed(seqlens, heads, heads_kv, head_dim, dtype, device="cuda", seed=0, pad_q=0, pad_k=0):
    """q, k, v, dout and cu_seqlens of a packed batch, seqlens = [(sq_b, sk_b), ...]; pad_*: rows
    past the last sequence."""
    g = torch.Generator(device=device).manual_seed(seed)
    total_q = sum(sq for sq, _ in seqlens) + pad_q
    total_k = sum(sk for _, sk in seqlens) + pad_k
    q = torch.randn(total_q, heads, head_dim, device=device, dtype=dtype, generator=g)
    k = torch.randn(total_k, heads_kv, head_dim, device=device, dtype=dtype, generator=g)
    v = torch.randn(total_k, heads_kv, head_dim, device=device, dtype=dtype, generator=g)
    dout = torch.randn(total_q, heads, head_dim, device=device, dtype=dtype, generator=g)
    return q, k, v, dout, cu_of([sq for sq, _ in seqlens], device), cu_of([sk for _, sk in seqlens], device)


def varlen_grads(q, k, v, dout, cu_q, cu_k, causal, seqused_q=None, seqused_k=None, **kw):
    """(out, dq, dk, dv) of dash.flash_attn_varlen_func by autograd."""
    qg, kg, vg = (t.detach().clone().requires_grad_(True) for t in (q, k, v))
    out = dash.flash_attn_varlen_func(qg, kg, vg, cu_q, cu_k, 1, 1, seqused_q=seqused_q, seqused_k=seqused_k,
                                      causal=causal, **kw)
    dq, dk, dv = torch.autograd.grad(out, (qg, kg, vg), dout)
    return out.detach(), dq, dk, dv


def reference_grads(q, k, v, dout, cu_q, cu_k, causal, upcast, seqused_q=None, seqused_k=None, **kw):
    """Autograd through the reference (fp32 inside with upcast, else PyTorch in q's dtype); kw: the
    reference's window and softcap."""
    qg, kg, vg = (t.detach().clone().float().requires_grad_(True) if upcast else t.detach().clone().requires_grad_(True)
                  for t in (q, k, v))
    out, _ = attention_varlen_ref(qg, kg, vg, cu_q, cu_k, seqused_q=seqused_q, seqused_k=seqused_k, causal=causal,
                                  upcast=upcast, **kw)
    grads = torch.autograd.grad(out, (qg, kg, vg), dout.to(out.dtype))
    return tuple(g.to(q.dtype) for g in grads)


CASES = {
    "one": ([(128, 128)], 4, 4),
    "tiny": ([(1, 1), (0, 5), (3, 0), (1, 7)], 4, 2),
    "edges": ([(127, 127), (128, 128), (129, 129), (1, 129), (129, 1), (80, 81), (161, 159)], 8, 2),
    "unequal": ([(300, 700), (700, 300), (64, 2000), (2000, 64)], 32, 8),
    "nine": ([(0, 0), (1, 300), (127, 1), (128, 4), (129, 640), (1000, 999), (2048, 2048), (5, 0), (333, 90)], 6, 1),
    "long": ([(4096, 4096), (17, 4000), (3000, 1)], 4, 1),
}
DTYPES = [torch.bfloat16, torch.float16]


def _assert_grads_like_reference(q, k, v, dout, cu_q, cu_k, causal, dq, dk, dv, seqused_q=None, seqused_k=None):
    ref = reference_grads(q, k, v, dout, cu_q, cu_k, causal, True, seqused_q, seqused_k)
    pt = reference_grads(q, k, v, dout, cu_q, cu_k, causal, False, seqused_q, seqused_k)
    for name, got, r, p in zip(("dq", "dk", "dv"), (dq, dk, dv), ref, pt):
        assert torch.isfinite(got).all(), f"{name} has inf or NaN"
        assert_close_as_fa3(name, got, r, p)


# ---------------------------------------------------------------- GPU tests
@pytest.mark.gpu
@pytest.mark.parametrize("dtype", DTYPES, ids=["bf16", "fp16"])
@pytest.mark.parametrize("head_dim", [64, 96, 128, 192, 256])
@pytest.mark.parametrize("causal", [False, True], ids=["full", "causal"])
@pytest.mark.parametrize("case", list(CASES))
def test_varlen_grads_match_reference(case, causal, head_dim, dtype):
    seqlens, heads, heads_kv = CASES[case]
    q, k, v, dout, cu_q, cu_k = packed(seqlens, heads, heads_kv, head_dim, dtype, seed=len(case))
    _, dq, dk, dv = varlen_grads(q, k, v, dout, cu_q, cu_k, causal, deterministic=True)
    _assert_grads_like_reference(q, k, v, dout, cu_q, cu_k, causal, dq, dk, dv)
    # the non-deterministic path: the same gradients up to the order of the dQ additions
    _, dq, dk, dv = varlen_grads(q, k, v, dout, cu_q, cu_k, causal, deterministic=False)
    _assert_grads_like_reference(q, k, v, dout, cu_q, cu_k, causal, dq, dk, dv)


def _schedules(causal):
    return ["auto"] + list(ops.schedules_for(causal))


@pytest.mark.gpu
@pytest.mark.parametrize("head_dim", [64, 96, 128, 192, 256])
@pytest.mark.parametrize("causal", [False, True], ids=["full", "causal"])
@pytest.mark.parametrize("grouping", ["mha", "gqa"])
def test_varlen_sequence_grads_are_those_of_the_sequence_alone(grouping, causal, head_dim):
    """Bitwise: a sequence's gradients in a packed batch equal flash_attn_func's on the sequence
    alone, for every schedule (auto: the schedule auto runs for the packed call)."""
    heads, heads_kv = (4, 4) if grouping == "mha" else (8, 2)
    seqlens = [(700, 700), (1, 129), (257, 3000), (2048, 2047), (129, 129), (500, 30)]
    q, k, v, dout, cu_q, cu_k = packed(seqlens, heads, heads_kv, head_dim, torch.bfloat16, seed=3)
    bm, bn = dash._ext.load().bwd_tile_shape(head_dim, causal)
    for schedule in _schedules(causal):
        _, dq, dk, dv = varlen_grads(q, k, v, dout, cu_q, cu_k, causal, deterministic=True, schedule=schedule)
        name = ops.varlen_auto_schedule(causal, heads, heads_kv) if schedule == "auto" else schedule
        for b, (sq, sk) in enumerate(seqlens):
            q0, k0 = int(cu_q[b]), int(cu_k[b])
            sl_q, sl_k = slice(q0, q0 + sq), slice(k0, k0 + sk)
            alone = [t[None, s].detach().clone().requires_grad_(True)
                     for t, s in ((q, sl_q), (k, sl_k), (v, sl_k))]
            # (shift_causal runs as descending where the sequence's shape does not allow it)
            built = seq_built_as(name, sq, sk, bm, bn, causal)
            out = dash.flash_attn_func(*alone, causal=causal, deterministic=True, schedule=built)
            ref = torch.autograd.grad(out, alone, dout[None, sl_q])
            for what, got, want in zip(("dq", "dk", "dv"), (dq[sl_q], dk[sl_k], dv[sl_k]), ref):
                assert torch.equal(got, want[0]), f"{schedule}: sequence {b} {what} differs from the sequence alone"


@pytest.mark.gpu
@pytest.mark.parametrize("head_dim", [64, 128])
def test_varlen_shift_with_cut_waves_is_the_sequence_alone(head_dim):
    """Bitwise, with 32 k/v heads, where shift's wave is cut to fit its stride on the 2k
    sequences (tables.shift_wave) in the packed kernel and the fixed-length one alike."""
    heads = heads_kv = 32
    seqlens = [(2048, 2048), (1000, 1000), (2048, 2048)]
    q, k, v, dout, cu_q, cu_k = packed(seqlens, heads, heads_kv, head_dim, torch.bfloat16, seed=7)
    _, dq, dk, dv = varlen_grads(q, k, v, dout, cu_q, cu_k, False, deterministic=True, schedule="shift")
    for b, (sq, sk) in enumerate(seqlens):
        q0, k0 = int(cu_q[b]), int(cu_k[b])
        sl_q, sl_k = slice(q0, q0 + sq), slice(k0, k0 + sk)
        alone = [t[None, s].detach().clone().requires_grad_(True) for t, s in ((q, sl_q), (k, sl_k), (v, sl_k))]
        out = dash.flash_attn_func(*alone, causal=False, deterministic=True, schedule="shift")
        ref = torch.autograd.grad(out, alone, dout[None, sl_q])
        for what, got, want in zip(("dq", "dk", "dv"), (dq[sl_q], dk[sl_k], dv[sl_k]), ref):
            assert torch.equal(got, want[0]), f"sequence {b} {what} differs from the sequence alone"


@pytest.mark.gpu
@pytest.mark.parametrize("causal", [False, True], ids=["full", "causal"])
def test_varlen_grads_do_not_depend_on_the_packing(causal):
    """Permuted sequences, other neighbours and a batch split in two: each sequence's gradient
    rows are bitwise the same."""
    rng = random.Random(5)
    heads, heads_kv, d = 8, 2, 128
    lengths = [(rng.choice([1, 64, 127, 128, 129, 500, 1300]), rng.choice([1, 80, 128, 129, 700, 1500]))
               for _ in range(7)]
    gen = torch.Generator(device="cuda").manual_seed(1)

    def rows(n, h):
        return torch.randn(n, h, d, device="cuda", dtype=torch.bfloat16, generator=gen)

    seqs = [(rows(sq, heads), rows(sk, heads_kv), rows(sk, heads_kv), rows(sq, heads)) for sq, sk in lengths]

    def run(order, extra=()):
        parts = [seqs[i] for i in order] + list(extra)
        q, k, v, do = (torch.cat([p[j] for p in parts]) for j in range(4))
        cu_q = cu_of([p[0].shape[0] for p in parts], "cuda")
        cu_k = cu_of([p[1].shape[0] for p in parts], "cuda")
        _, dq, dk, dv = varlen_grads(q, k, v, do, cu_q, cu_k, causal, deterministic=True)
        out = {}
        for pos, i in enumerate(order):
            a, c = int(cu_q[pos]), int(cu_k[pos])
            sq, sk = seqs[i][0].shape[0], seqs[i][1].shape[0]
            out[i] = (dq[a:a + sq], dk[c:c + sk], dv[c:c + sk])
        return out

    base = run(list(range(7)))
    perm = list(range(7))
    rng.shuffle(perm)
    variants = [run(perm), run([0, 1, 2]), run([3, 4, 5, 6]),
                run(list(range(7)), extra=[(rows(333, heads), rows(999, heads_kv), rows(999, heads_kv), rows(333, heads))])]
    for got in variants:
        for i, grads in got.items():
            for what, a, b in zip(("dq", "dk", "dv"), grads, base[i]):
                assert torch.equal(a, b), f"sequence {i} {what} depends on the packing"


@pytest.mark.gpu
def test_varlen_through_fa3s_backward_is_dashs():
    """FA3's `_flash_attn_backward` on a packed batch (dash's FA3 module) writes dash's
    deterministic varlen gradients, bit for bit, into the caller's tensors."""
    from dash.integrations import flash_attn_interface as fa3

    q, k, v, dout, cu_q, cu_k = packed([(300, 700), (129, 129), (1, 64)], 8, 2, 128, torch.bfloat16, seed=6)
    out, lse, *_ = fa3._flash_attn_forward(q, k, v, cu_seqlens_q=cu_q, cu_seqlens_k=cu_k, max_seqlen_q=300,
                                           max_seqlen_k=700, causal=True)
    dq, dk, dv = torch.empty_like(q), torch.empty_like(k), torch.empty_like(v)
    fa3._flash_attn_backward(dout, q, k, v, out, lse, cu_q, cu_k, None, None, 300, 700, dq, dk, dv, is_causal=True,
                             deterministic=True)
    want = ops.attn_bwd_varlen(dout, q, k, v, out, lse, cu_q, cu_k, causal=True, deterministic=True)
    for got, w in zip((dq, dk, dv), want):
        assert torch.equal(got, w)


@pytest.mark.gpu
@pytest.mark.parametrize("batch", [33, LPT_MAX_BATCH, 1100])
def test_varlen_many_sequences(batch):
    """Many sequences: the preprocess's search for each launch position's sequence (its table of
    the main kernel's CTAs, bwd_varlen.h) takes several steps, in the "lpt" order up to
    LPT_MAX_BATCH sequences (every thread of the preprocess's rank busy at the limit) and the
    "index" order above: gradients against the reference, deterministic and atomic."""
    rng = random.Random(batch)
    seqlens = [(rng.choice([0, 1, 5, 17, 40, 130]), rng.choice([0, 1, 9, 33, 129])) for _ in range(batch)]
    q, k, v, dout, cu_q, cu_k = packed(seqlens, 2, 1, 64, torch.bfloat16, seed=batch)
    for causal, deterministic in itertools.product((False, True), (True, False)):
        _, dq, dk, dv = varlen_grads(q, k, v, dout, cu_q, cu_k, causal, deterministic=deterministic)
        _assert_grads_like_reference(q, k, v, dout, cu_q, cu_k, causal, dq, dk, dv)


@pytest.mark.gpu
def test_varlen_backward_is_bitwise_repeatable():
    """1000 calls per schedule, alternating between two streams, all bitwise equal."""
    seqlens = [(300, 700), (1, 1), (1000, 999), (129, 1500), (64, 64)]
    q, k, v, dout, cu_q, cu_k = packed(seqlens, 8, 2, 64, torch.bfloat16, seed=9)
    for causal, schedule in [(False, "shift"), (False, "ascending"), (True, "spt"), (True, "descending"),
                             (True, "shift_causal")]:
        out, lse = dash.flash_attn_varlen_func(q, k, v, cu_q, cu_k, 1, 1, causal=causal, return_attn_probs=True)
        run = lambda: ops.attn_bwd_varlen(dout, q, k, v, out, lse, cu_q, cu_k, causal=causal,  # noqa: E731
                                          deterministic=True, schedule=schedule)
        first = run()
        side = torch.cuda.Stream()
        side.wait_stream(torch.cuda.current_stream())
        results = []
        for i in range(1000):
            with torch.cuda.stream(side if i % 2 else torch.cuda.current_stream()):
                results.append(run())
            if len(results) == 50 or i == 999:
                torch.cuda.current_stream().wait_stream(side)
                for again in results:
                    for a, b in zip(first, again):
                        assert torch.equal(a, b), f"{schedule}: a call differs"
                results.clear()
                side.wait_stream(torch.cuda.current_stream())


@pytest.mark.gpu
@pytest.mark.parametrize("causal", [False, True], ids=["full", "causal"])
def test_varlen_padding_rows_change_nothing(causal):
    """seqused_q/k and rows past the last sequence, all full of NaN: the sequences' gradients are
    those of the clean batch, and the padding rows' gradients are 0."""
    seqlens = [(200, 300), (129, 1), (64, 128), (1, 250)]
    used = [(150, 299), (129, 1), (0, 100), (1, 3)]
    q, k, v, dout, cu_q, cu_k = packed(seqlens, 4, 2, 128, torch.bfloat16, seed=2, pad_q=77, pad_k=50)
    used_q = torch.tensor([u for u, _ in used], dtype=torch.int32, device="cuda")
    used_k = torch.tensor([u for _, u in used], dtype=torch.int32, device="cuda")
    keep_q = torch.zeros(q.shape[0], dtype=torch.bool, device="cuda")
    keep_k = torch.zeros(k.shape[0], dtype=torch.bool, device="cuda")
    for b, (uq, uk) in enumerate(used):
        keep_q[int(cu_q[b]):int(cu_q[b]) + uq] = True
        keep_k[int(cu_k[b]):int(cu_k[b]) + uk] = True
    dirty = [t.clone() for t in (q, k, v, dout)]
    for t, keep in zip(dirty, (keep_q, keep_k, keep_k, keep_q)):
        t[~keep] = float("nan")
    _, dq, dk, dv = varlen_grads(*dirty, cu_q, cu_k, causal, used_q, used_k, deterministic=True)
    _, dq0, dk0, dv0 = varlen_grads(q, k, v, dout, cu_q, cu_k, causal, used_q, used_k, deterministic=True)
    assert torch.equal(dq[keep_q], dq0[keep_q]) and torch.equal(dk[keep_k], dk0[keep_k])
    assert torch.equal(dv[keep_k], dv0[keep_k])
    assert (dq[~keep_q] == 0).all() and (dk[~keep_k] == 0).all() and (dv[~keep_k] == 0).all()
    _assert_grads_like_reference(q, k, v, dout, cu_q, cu_k, causal, dq0, dk0, dv0, used_q, used_k)


@pytest.mark.gpu
def test_varlen_offsets_out_of_order_neither_hang_nor_escape():
    """Garbage offsets: the preprocess's check makes the main kernel do nothing (zero gradients,
    no wait on turns that never come); the guard words around the gradients stay untouched."""
    q, k, v, dout, cu_q, cu_k = packed([(300, 300), (200, 200), (100, 100)], 4, 4, 64, torch.bfloat16)
    for bad_q, bad_k in [([0, 300, 100, 600], [0, 300, 500, 600]), ([0, 300, 500, 600], [0, 900, 500, 600]),
                         ([-5, 300, 500, 600], [0, 300, 500, 600])]:
        cq = torch.tensor(bad_q, dtype=torch.int32, device="cuda")
        ck = torch.tensor(bad_k, dtype=torch.int32, device="cuda")
        out, lse = dash.flash_attn_varlen_func(q, k, v, cq, ck, 1, 1, return_attn_probs=True)
        dq, dk, dv = ops.attn_bwd_varlen(dout, q, k, v, out, lse, cq, ck, deterministic=True)
        torch.cuda.synchronize()
        assert (dk == 0).all() and (dv == 0).all()
    with pytest.raises(ValueError, match="cu_seqlens_q must not decrease"):
        os.environ["DASH_CHECK_VARLEN"] = "1"
        try:
            ops.attn_bwd_varlen(dout, q, k, v, out, lse, cq.flip(0), ck, deterministic=True)
        finally:
            del os.environ["DASH_CHECK_VARLEN"]


@pytest.mark.gpu
def test_varlen_backward_under_torch_compile_and_cuda_graphs():
    heads, heads_kv, d = 4, 2, 64
    q, k, v, dout, cu_q, cu_k = packed([(300, 400), (212, 112)], heads, heads_kv, d, torch.bfloat16, seed=4)

    def step(q, k, v, dout, cu_q, cu_k):
        out = dash.flash_attn_varlen_func(q, k, v, cu_q, cu_k, 512, 512, causal=True, deterministic=True)
        return torch.autograd.grad(out, (q, k, v), dout)

    def loss(q, k, v, cu_q, cu_k):
        out = dash.flash_attn_varlen_func(q, k, v, cu_q, cu_k, 512, 512, causal=True, deterministic=True)
        return (out.float() * dout.float()).sum()

    leaves = [t.detach().clone().requires_grad_(True) for t in (q, k, v)]
    torch.compile(loss, fullgraph=True)(*leaves, cu_q, cu_k).backward()
    eager = [t.detach().clone().requires_grad_(True) for t in (q, k, v)]
    loss(*eager, cu_q, cu_k).backward()
    for a, b in zip(leaves, eager):
        assert torch.equal(a.grad, b.grad)

    # CUDA graph: captured with one split of the totals, replayed with another
    static_cu_q, static_cu_k = cu_q.clone(), cu_k.clone()
    side = torch.cuda.Stream()
    side.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(side):
        step(*leaves, dout, static_cu_q, static_cu_k)  # warm-up
    torch.cuda.current_stream().wait_stream(side)
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        static_grads = step(*leaves, dout, static_cu_q, static_cu_k)
    for lengths_q, lengths_k in [([300, 212], [400, 112]), ([12, 500], [500, 12]), ([512, 0], [1, 511])]:
        static_cu_q.copy_(cu_of(lengths_q, "cuda"))
        static_cu_k.copy_(cu_of(lengths_k, "cuda"))
        graph.replay()
        want = step(*leaves, dout, static_cu_q, static_cu_k)
        for a, b in zip(static_grads, want):
            assert torch.equal(a, b)


# ---------------------------------------------------------------- CPU: reference path and checks
def cpu_case(dtype=torch.bfloat16, head_dim=64):
    q, k, v, dout, cu_q, cu_k = packed([(5, 7), (0, 3), (9, 2)], 4, 2, head_dim, dtype, device="cpu", seed=1)
    return q, k, v, dout, cu_q, cu_k


@pytest.mark.parametrize("causal", [False, True])
def test_varlen_backward_cpu_reference_path(causal):
    q, k, v, dout, cu_q, cu_k = cpu_case()
    _, dq, dk, dv = varlen_grads(q, k, v, dout, cu_q, cu_k, causal, deterministic=True)
    for b in range(3):
        q0, q1, k0, k1 = int(cu_q[b]), int(cu_q[b + 1]), int(cu_k[b]), int(cu_k[b + 1])
        if q1 == q0 or k1 == k0:
            assert (dk[k0:k1] == 0).all() and (dq[q0:q1] == 0).all()
            continue
        leaves = [t[None, s].float().requires_grad_(True) for t, s in ((q, slice(q0, q1)), (k, slice(k0, k1)),
                                                                        (v, slice(k0, k1)))]
        out, _ = dash.reference.attention_ref(*leaves, causal=causal)
        ref = torch.autograd.grad(out, leaves, dout[None, q0:q1].float())
        for got, want in zip((dq[q0:q1], dk[k0:k1], dv[k0:k1]), ref):
            assert got.dtype == torch.bfloat16
            torch.testing.assert_close(got.float(), want[0], atol=1e-4, rtol=1e-2)  # one bf16 rounding


def test_varlen_backward_checks_its_schedule():
    q, k, v, dout, cu_q, cu_k = cpu_case()
    with pytest.raises(ValueError, match="schedule='shift' applies to"):
        varlen_grads(q, k, v, dout, cu_q, cu_k, True, deterministic=True, schedule="shift")
    with pytest.raises(ValueError, match="schedule must be one of"):
        varlen_grads(q, k, v, dout, cu_q, cu_k, True, deterministic=True, schedule="fastest")
    with pytest.raises(ValueError, match="atomic"):
        varlen_grads(q, k, v, dout, cu_q, cu_k, True, deterministic=True, schedule="atomic")
    with pytest.raises(ValueError, match=r"softmax_lse of a packed batch must have shape \(heads, total_q\)"):
        ops.attn_bwd_varlen(dout, q, k, v, q, torch.zeros(4, 3), cu_q, cu_k)
    assert ops.varlen_auto_schedule(False, 8, 8) == "shift"
    assert ops.varlen_auto_schedule(False, 8, 2) == "ascending"
    assert ops.varlen_auto_schedule(True, 8, 8) == "spt"
    assert ops.varlen_auto_schedule(True, 8, 2) == "shift_causal"
    # The atomic path keeps the orders it was measured with.
    assert [ops.resolve_varlen_schedule("auto", False, c, 8, kv)[1] for c in (False, True) for kv in (8, 2)] == [
        ops.VARLEN_SCHEDULE_CODES[s] for s in ("shift", "ascending", "spt", "descending")]


def test_varlen_backward_fake_tensors():
    from torch._subclasses.fake_tensor import FakeTensorMode

    import dash.interface  # noqa: F401  (registers the custom ops; `import dash` is lazy)

    with FakeTensorMode():
        q = torch.empty(50, 8, 128, dtype=torch.bfloat16)
        k = torch.empty(70, 2, 128, dtype=torch.bfloat16)
        lse = torch.empty(8, 50)
        cu = torch.empty(4, dtype=torch.int32)
        dq, dk, dv = torch.ops.dash.attn_bwd_varlen(q, q, k, k, q, lse, cu, cu, None, None, 0.1, True, -1, -1, 0.0, True,
                                                    "auto")
        assert dq.shape == q.shape and dk.shape == k.shape and dv.shape == k.shape
        out, lse = torch.ops.dash.attn_fwd_varlen_for_grad(q, k, k, cu, cu, None, None, 0.1, True, -1, -1, 0.0, True,
                                                          "auto")
        assert out.shape == q.shape and lse.shape == (8, 50)


# ---------------------------------------------------------------- CPU: the kernel's schedule
_DRIVER = r"""
#include <cstdio>
#include <vector>
#include "bwd/bwd_varlen.h"
// stdin: batch heads heads_kv total_q total_k block_m block_n left right schedule, cu_q, cu_k (the
// band (left, right) as common/band.h: full -1 -1, causal -1 0).
// stdout, per launch position: has_work seq head n tile_base q_slots visits (m rank)...;
// then per query-tile slot t: "T has_rows seq head m_block".
int main() {
  int batch, heads, heads_kv, total_q, total_k, bm, bn, left, right, schedule;
  if (std::scanf("%d %d %d %d %d %d %d %d %d %d", &batch, &heads, &heads_kv, &total_q, &total_k, &bm, &bn, &left,
                 &right, &schedule) != 10) return 2;
  std::vector<int> cu_q(batch + 1), cu_k(batch + 1);
  for (int& x : cu_q) if (std::scanf("%d", &x) != 1) return 2;
  for (int& x : cu_k) if (std::scanf("%d", &x) != 1) return 2;
  dash::varlen_tiles::Packed p{cu_q.data(), cu_k.data(), nullptr, nullptr, batch, heads, total_q, total_k};
  const dash::bwd_varlen::Geometry g{bm, bn, dash::Band{left, right}, schedule};
  for (int b = 0; b < batch; ++b) if (!dash::bwd_varlen::offsets_in_order(p, b)) return 3;
  // The "lpt" order as the preprocess evaluates it (bwd_preprocess.cu, lpt_order), serially.
  const bool lpt = dash::bwd_varlen::uses_lpt_order(batch);
  std::vector<int> N(batch), M(batch), order(batch), base(batch + 1, 0);
  for (int b = 0; lpt && b < batch; ++b) {
    const dash::bwd_varlen::Sequence s = dash::bwd_varlen::extent_of(p, b, g).s;
    N[b] = s.N, M[b] = s.M;
  }
  for (int b = 0; lpt && b < batch; ++b) order[dash::bwd_varlen::lpt_slot(N.data(), M.data(), batch, b)] = b;
  for (int s = 0; lpt && s < batch; ++s) base[s + 1] = base[s] + heads_kv * N[order[s]];
  const long long n = heads_kv * dash::bwd_varlen::positions_per_head(total_k, batch, bn);
  for (long long x = 0; x < n; ++x) {
    const dash::bwd_varlen::Cta c = lpt ? dash::bwd_varlen::cta_in_lpt_order(p, heads_kv, int(x), g, order.data(), base.data())
                                        : dash::bwd_varlen::cta_at(p, heads_kv, int(x), g);
    std::printf("%d %d %d %d %d %d", c.has_work, c.seq, c.head, c.n, c.tile_base, c.q_slots);
    for (int t = 0; c.has_work && t < c.visit_count; ++t) {
      const int m = dash::bwd_varlen::visit_at(c.s, c.first, t);
      std::printf(" %d %d", m, dash::bwd_varlen::rank_of(c.s, g, m, c.n));
    }
    std::printf("\n");
  }
  const long long tiles = heads * dash::varlen_tiles::slots_per_head(total_q, batch, bm);
  for (long long t = 0; t < tiles; ++t) {
    const dash::varlen_tiles::Tile x = dash::varlen_tiles::tile_at(p, int(t), bm, false);
    std::printf("T %d %d %d %d\n", int(x.has_rows), x.seq, x.head, x.m_block);
  }
  return 0;
}
"""


@pytest.fixture(scope="module")
def kernel_schedule(tmp_path_factory):
    exe = build_host_driver(tmp_path_factory.mktemp("bwd_varlen"), _DRIVER, "csrc/bwd/bwd_varlen.h")

    def run(heads, heads_kv, cu_q, cu_k, bm, bn, causal, schedule):
        words = [len(cu_q) - 1, heads, heads_kv, cu_q[-1], cu_k[-1], bm, bn, *band_of(causal),
                 ops.VARLEN_SCHEDULE_CODES[schedule], *cu_q, *cu_k]
        proc = subprocess.run([str(exe)], input=" ".join(map(str, words)), capture_output=True, text=True, check=True)
        ctas, slots = [], []
        for line in proc.stdout.splitlines():
            w = line.split()
            if w[0] == "T":
                slots.append(tuple(map(int, w[1:])))
            else:
                v = list(map(int, w))
                ctas.append((v[0], v[1], v[2], v[3], v[4], v[5], list(zip(v[6::2], v[7::2]))))
        return ctas, slots

    return run


_TABLE_DRIVER = r"""
#include <cstdio>
#include <vector>
#include "bwd/bwd_varlen.h"
// stdin: tiles positions counters. The counter workspace as dash/ops.py lays it out, its start
// moved by 0..3 ints (any 4-byte alignment): the verdict at counter tiles + 1, the table from
// cta_table. stdout: per shift, 1 when the table's positions end inside the counters.
int main() {
  long long tiles, positions, counters;
  if (std::scanf("%lld %lld %lld", &tiles, &positions, &counters) != 3) return 2;
  for (int shift = 0; shift < 4; ++shift) {
    std::vector<int> memory(shift + counters);
    int* base = memory.data() + shift;
    const dash::bwd_varlen::Cta* end = dash::bwd_varlen::cta_table(base + tiles + 1) + positions;
    std::printf("%d\n", int(reinterpret_cast<const int*>(end) <= base + counters));
  }
  return 0;
}
"""


@pytest.mark.parametrize("tiles,positions", [(1, 1), (7, 3), (4384, 4352), (137, 1)])
def test_cta_table_fits_the_counter_workspace(tmp_path, tiles, positions):
    """The table of CTAs that the varlen preprocess writes past its verdict (bwd_varlen.h,
    cta_table) ends inside the counters dash/ops.py allocates, at every 4-byte alignment."""
    exe = build_host_driver(tmp_path, _TABLE_DRIVER, "csrc/bwd/bwd_varlen.h")
    words = [tiles, positions, ops.varlen_bwd_counters(tiles, positions)]
    proc = subprocess.run([str(exe)], input=" ".join(map(str, words)), capture_output=True, text=True, check=True)
    assert proc.stdout.split() == ["1"] * 4


def _batches(seed, count):
    rng = random.Random(seed)
    pool = [0, 1, 63, 64, 65, 79, 80, 81, 127, 128, 129, 200, 256, 257, 700, 2100, 4200]
    out = []
    for _ in range(count):
        B = rng.randint(1, 6)
        sq = [rng.choice(pool) for _ in range(B)]
        sk = [s if rng.random() < 0.5 else rng.choice(pool) for s in sq]
        out.append((sq, sk))
    return out


@pytest.mark.parametrize("bm,bn", [(64, 128), (80, 128), (128, 128), (128, 64)])
def test_kernel_schedule_is_the_model(kernel_schedule, bm, bn):
    """Every launch position's (sequence, head, KV tile, visits, ranks) from the kernel's closed
    forms is the model's cta_program; every dQ tile a CTA adds to is, in the forward's tile map,
    the slot of that (sequence, q-head, Q tile)."""
    for schedule, causal in itertools.product(SCHEDULES, (False, True, (100, 0), (5, 7), (300, -1), (-1, 40))):
        if schedule == "shift" and causal is True or schedule == "shift_causal" and causal is False:
            continue
        for (sq, sk), (heads, heads_kv) in zip(_batches(bm + bn + len(schedule) + sum(band_of(causal)), 4) + [([4200, 0, 129], [4200, 300, 0])],
                                               itertools.cycle([(2, 2), (4, 2), (3, 1)])):
            cq = [0] + list(itertools.accumulate(sq))
            ck = [0] + list(itertools.accumulate(sk))
            ctas, slots = kernel_schedule(heads, heads_kv, cq, ck, bm, bn, causal, schedule)
            group = heads // heads_kv
            prep = kernel_prep(cq, ck, heads_kv, bm, bn)
            for x, (has, b, h, n, tile_base, q_slots, visits) in enumerate(ctas):
                want = cta_program(x, np.array(cq), np.array(ck), heads_kv, bm, bn, causal, schedule,
                                   prep=prep, q_heads=heads)
                if want is None:
                    assert not has, (schedule, causal, x)
                    continue
                assert has and (b, h, n) == want[:3], (schedule, causal, x)
                assert visits == want[3], (schedule, causal, x, b, n)
                for member in range(group):
                    hq = h * group + member
                    for m, _ in visits:
                        assert slots[tile_base + hq * q_slots + m] == (1, b, hq, m)


@pytest.mark.parametrize("batch", [LPT_MAX_BATCH, LPT_MAX_BATCH + 1])
def test_kernel_order_at_the_batch_limit(kernel_schedule, batch):
    """Up to LPT_MAX_BATCH sequences the kernel launches them longest first ("lpt": a long sequence
    in the middle of the batch takes the first positions), above that in batch order ("index"):
    either way every launch position's program is the model's."""
    rng = random.Random(batch)
    sq = [rng.choice([0, 1, 64, 65, 130, 300]) for _ in range(batch)]
    sq[batch // 2] = 900
    cq = [0] + list(itertools.accumulate(sq))
    ctas, _ = kernel_schedule(4, 2, cq, cq, 64, 128, True, "spt")
    prep = kernel_prep(cq, cq, 2, 64, 128)
    assert (prep is None) == (batch > LPT_MAX_BATCH)
    for x, (has, b, h, n, _, _, visits) in enumerate(ctas):
        want = cta_program(x, np.array(cq), np.array(cq), 2, 64, 128, True, "spt", prep=prep, q_heads=4)
        assert (want is None) == (not has), x
        if want is not None:
            assert (b, h, n) == want[:3] and visits == want[3], x
    first = next(c[1] for c in ctas if c[0])
    assert first == (batch // 2 if batch <= LPT_MAX_BATCH else next(b for b, s in enumerate(sq) if s > 0))


def _preprocess_table(monkeypatch, call):
    """The varlen preprocess's table of CTAs (bwd_varlen.h, cta_table) after `call()`: int32
    (positions, VARLEN_CTA_INTS) on the CPU, read from the workspace dash/ops.py allocated."""
    spied = []
    real = ops._workspace

    def spy(*args):
        spied.append((real(*args), args))
        return spied[-1][0]
    monkeypatch.setattr(ops, "_workspace", spy)
    call()
    torch.cuda.synchronize()
    (w, (_, tiles, block_m, head_dim, counters)), = spied
    start = w.memory.data_ptr()
    status = w.counters + 4 * (tiles + 1)      # the verdict: counters tiles + 1 (dash/ops.py)
    table = ((status + 4 + 15) & ~15) - start   # the next 16-byte boundary (cta_table)
    ints = w.memory.view(torch.int32)
    positions = (counters - tiles - 5) // ops.VARLEN_CTA_INTS
    assert int(ints[(status - start) // 4]) == 0  # the offsets' verdict: clean
    return ints[table // 4: table // 4 + positions * ops.VARLEN_CTA_INTS].view(positions, -1).cpu()


@pytest.mark.gpu
@pytest.mark.parametrize("causal,schedule", [(False, "shift"), (True, "spt")])
def test_preprocess_table_is_the_models_launch_order(monkeypatch, causal, schedule):
    """The table the preprocess writes on the GPU (its "lpt" order from a rank of the lengths and
    a block scan, bwd_preprocess.cu) is the model's grid: every launch position's (sequence, head,
    KV tile) as cta_program gives it, longest sequence first."""
    lengths = [654, 224, 0, 265, 32, 7328, 2741, 302, 1572, 751, 214, 2135, 166]  # bench/varlen.py's docs, an empty one
    q, k, v, dout, cu_q, cu_k = packed([(s, s) for s in lengths], 4, 2, 64, torch.bfloat16, seed=3)
    out, lse = dash.flash_attn_varlen_func(q, k, v, cu_q, cu_k, 1, 1, causal=causal, return_attn_probs=True)
    table = _preprocess_table(monkeypatch, lambda: ops.attn_bwd_varlen(dout, q, k, v, out, lse, cu_q, cu_k,
                                                                        causal=causal, schedule=schedule))
    cu = cu_q.cpu().numpy()
    bm, bn = dash._ext.load().bwd_tile_shape(64, causal)
    prep = kernel_prep(cu, cu, 2, bm, bn)
    for x in range(table.shape[0]):
        want = cta_program(x, cu, cu, 2, bm, bn, causal, schedule, prep=prep, q_heads=4)
        has, b, h, n = (int(v) for v in table[x, :4])
        assert (want is None) == (not has), x
        if want is not None:
            assert (b, h, n) == want[:3], x
    assert int(table[0, 1]) == lengths.index(max(lengths))


@pytest.mark.parametrize("bm,bn", [(128, 128), (80, 128)])  # the full-mask tiles of hdim 64 and 128
def test_kernel_shift_waves_cut_to_fit_the_stride_are_the_model(kernel_schedule, bm, bn):
    """Short sequences over many heads, where shift's wave is cut to fit its stride
    (tables.shift_wave; 32 q-heads x a wave of 8 fill 128 launch positions): the kernel's programs
    are the model's, and the cut wave is what the sequence alone builds."""
    sq = [2048, 1024, 2000, 700, 4096]
    cq = [0] + list(itertools.accumulate(sq))
    for heads, heads_kv in ((32, 32), (16, 4), (64, 16), (8, 8)):
        ctas, _ = kernel_schedule(heads, heads_kv, cq, cq, bm, bn, False, "shift")
        prep = kernel_prep(cq, cq, heads_kv, bm, bn)
        for x, (has, b, h, n, _, _, visits) in enumerate(ctas):
            want = cta_program(x, np.array(cq), np.array(cq), heads_kv, bm, bn, False, "shift",
                               prep=prep, q_heads=heads)
            assert (want is None) == (not has), x
            if want is not None:
                assert (b, h, n) == want[:3] and visits == want[3], (heads_kv, x)
    from dash.schedule import Problem, build_tables
    from dash.schedule.varlen import seq_wave_size
    M, N = -(-2048 // bm), 2048 // bn
    alone = build_tables(Problem(seqlen_q=2048, seqlen_k=2048, block_m=bm, block_n=bn, heads=32), "shift")
    assert alone.wave_size == seq_wave_size("shift", M, N, 32) == 8 < min(M, N)
    assert seq_wave_size("shift", M, N, 8) == min(M, N, 32)  # 8 heads x 8 < 128: not cut
