"""dash.flash_attn_varlen_func: the forward of packed variable-length batches (FA3's varlen API).

GPU tests compare each sequence of a packed call with dash's fp32 reference run on that
sequence's slices (FA3's criterion: error no worse than twice PyTorch's own in the input dtype),
check the rows that get no result (O = 0, LSE = -inf), that a sequence's bits do not depend on
its neighbours, torch.compile and CUDA graphs. CPU tests check the input validation, the CPU
reference path, and the kernel's tile map
(csrc/common/varlen_tiles.h, compiled for the host) against the layout it promises.
"""
import math
import os
import random
import subprocess
import sys
import textwrap

import pytest
import torch

import dash
from dash.fwd import attn_fwd_varlen
from dash.reference import attention_varlen_ref
from tests.helpers import assert_close_as_fa3, build_host_driver

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


# ---------------------------------------------------------------- inputs
def cu_of(lengths, device="cpu"):
    return torch.tensor([0] + list(_accumulate(lengths)), dtype=torch.int32, device=device)


def _accumulate(lengths):
    total = 0
    for n in lengths:
        total += n
        yield total


def packed_inputs(seqlens, heads, heads_kv, head_dim, dtype, device="cuda", seed=0, pad_q=0, pad_k=0):
    """q (sum sq + pad_q, heads, d), k, v (sum sk + pad_k, heads_kv, d) and their cu_seqlens, for
    seqlens = [(sq_b, sk_b), ...]; pad_*: extra rows past the last sequence."""
    g = torch.Generator(device=device).manual_seed(seed)
    total_q = sum(sq for sq, _ in seqlens) + pad_q
    total_k = sum(sk for _, sk in seqlens) + pad_k
    q = torch.randn(total_q, heads, head_dim, device=device, dtype=dtype, generator=g)
    k = torch.randn(total_k, heads_kv, head_dim, device=device, dtype=dtype, generator=g)
    v = torch.randn(total_k, heads_kv, head_dim, device=device, dtype=dtype, generator=g)
    return q, k, v, cu_of([sq for sq, _ in seqlens], device), cu_of([sk for _, sk in seqlens], device)


def check_packed(q, k, v, cu_q, cu_k, out, lse, causal, seqused_q=None, seqused_k=None, softmax_scale=None):
    """FA3's criterion against the per-sequence fp32 reference; the rows without a result exactly
    O = 0 and LSE = -inf."""
    assert out.shape == q.shape and out.dtype == q.dtype
    assert lse.shape == (q.shape[1], q.shape[0]) and lse.dtype == torch.float32
    kw = dict(seqused_q=seqused_q, seqused_k=seqused_k, causal=causal, softmax_scale=softmax_scale)
    out_ref, lse_ref = attention_varlen_ref(q, k, v, cu_q, cu_k, **kw)          # fp32 inside
    out_pt, lse_pt = attention_varlen_ref(q, k, v, cu_q, cu_k, upcast=False, **kw)  # PyTorch in q's dtype
    first = int(cu_q[0])  # rows before the first sequence are not written
    out, out_ref, out_pt = out[first:], out_ref[first:], out_pt[first:]
    lse, lse_ref, lse_pt = lse[:, first:], lse_ref[:, first:], lse_pt[:, first:]
    assert_close_as_fa3("out", out, out_ref, out_pt)
    empty = torch.isinf(lse_ref)
    assert torch.equal(torch.isinf(lse), empty), "lse is -inf on other rows than the reference"
    assert not torch.isnan(lse).any(), "lse has NaN"
    if empty.any():
        assert (lse[empty] < 0).all()
        assert (out.transpose(0, 1)[empty] == 0).all(), "a row without keys has out != 0"
    if (~empty).any():
        assert_close_as_fa3("lse", lse[~empty], lse_ref[~empty], lse_pt[~empty])


DTYPES = [torch.bfloat16, torch.float16]
# Every head dim the forward has: packed tiles differ by head dim in tile shape, warpgroups and
# epilogue (O through shared memory where its buffers fit, FwdConfig::kStoreOThroughSmem).
HEAD_DIMS = [64, 96, 128, 192, 256]
# name -> ([(seqlen_q, seqlen_k), ...], heads, heads_kv): 1 to 9 sequences; lengths 0, 1, tile
# edges (127, 128, 129, and 175-177 around the full mask's 176-key tile), unequal q and k in both
# directions, up to 4k; MHA and GQA/MQA.
CASES = {
    "one": ([(128, 128)], 4, 4),
    "tiny": ([(1, 1), (0, 5), (3, 0), (1, 7)], 4, 2),
    "edges": ([(127, 127), (128, 128), (129, 129), (1, 129), (129, 1), (176, 177), (177, 175)], 8, 2),
    "unequal": ([(300, 700), (700, 300), (64, 2000), (2000, 64)], 32, 8),
    "nine": ([(0, 0), (1, 300), (127, 1), (128, 4), (129, 640), (1000, 999), (2048, 2048), (5, 0), (333, 90)], 6, 1),
    "long": ([(4096, 4096), (17, 4000), (3000, 1)], 4, 1),
}


# ---------------------------------------------------------------- GPU tests
@pytest.mark.gpu
@pytest.mark.parametrize("dtype", DTYPES, ids=["bf16", "fp16"])
@pytest.mark.parametrize("head_dim", HEAD_DIMS)
@pytest.mark.parametrize("causal", [False, True], ids=["full", "causal"])
@pytest.mark.parametrize("case", list(CASES))
def test_varlen_matches_reference_per_sequence(case, causal, head_dim, dtype):
    seqlens, heads, heads_kv = CASES[case]
    q, k, v, cu_q, cu_k = packed_inputs(seqlens, heads, heads_kv, head_dim, dtype, seed=len(case))
    max_q = max(sq for sq, _ in seqlens)
    max_k = max(sk for _, sk in seqlens)
    out, lse = dash.flash_attn_varlen_func(q, k, v, cu_q, cu_k, max_q, max_k, causal=causal, return_attn_probs=True)
    check_packed(q, k, v, cu_q, cu_k, out, lse, causal)


@pytest.mark.gpu
@pytest.mark.parametrize("causal", [False, True], ids=["full", "causal"])
@pytest.mark.parametrize("head_dim", HEAD_DIMS)
def test_varlen_seqused_and_trailing_rows(causal, head_dim):
    # Spans with padding (seqused < span) filled with NaN, and rows past the last sequence, also
    # NaN: the used rows must be right and every other row O = 0, LSE = -inf.
    spans = [(200, 300), (129, 129), (64, 500), (300, 100), (10, 10)]
    used_q = [150, 129, 0, 300, 3]
    used_k = [300, 1, 250, 0, 7]
    q, k, v, cu_q, cu_k = packed_inputs(spans, 8, 2, head_dim, torch.bfloat16, seed=21, pad_q=77, pad_k=33)
    for b, ((sq, sk), uq, uk) in enumerate(zip(spans, used_q, used_k)):
        q[int(cu_q[b]) + uq:int(cu_q[b + 1])] = math.nan
        k[int(cu_k[b]) + uk:int(cu_k[b + 1])] = math.nan
        v[int(cu_k[b]) + uk:int(cu_k[b + 1])] = math.inf
    q[int(cu_q[-1]):] = math.nan
    v[int(cu_k[-1]):] = math.nan
    seqused_q = torch.tensor(used_q, dtype=torch.int32, device="cuda")
    seqused_k = torch.tensor(used_k, dtype=torch.int32, device="cuda")
    out, lse = dash.flash_attn_varlen_func(q, k, v, cu_q, cu_k, 300, 500, seqused_q=seqused_q, seqused_k=seqused_k,
                                           causal=causal, return_attn_probs=True)
    assert not torch.isnan(out).any() and not torch.isnan(lse).any()
    check_packed(q.nan_to_num(0.0), k.nan_to_num(0.0), v.nan_to_num(0.0, posinf=0.0), cu_q, cu_k, out, lse, causal,
                 seqused_q=seqused_q, seqused_k=seqused_k)
    written = torch.zeros(q.shape[0], dtype=torch.bool, device="cuda")
    for b, uq in enumerate(used_q):
        written[int(cu_q[b]):int(cu_q[b]) + uq] = True
    assert (out[~written] == 0).all() and (lse[:, ~written] == -math.inf).all()


@pytest.mark.gpu
@pytest.mark.parametrize("causal", [False, True], ids=["full", "causal"])
@pytest.mark.parametrize("head_dim", HEAD_DIMS)
def test_varlen_sequence_bits_do_not_depend_on_neighbours(causal, head_dim):
    # One sequence packed first, last and between other neighbours (some of them NaN and inf
    # throughout: they must not reach it): its rows of out and lse are bitwise the same.
    g = torch.Generator(device="cuda").manual_seed(5)
    heads, heads_kv, sq, sk = 8, 2, 333, 517

    def rand(n, h):
        return torch.randn(n, h, head_dim, device="cuda", dtype=torch.bfloat16, generator=g)

    target = (rand(sq, heads), rand(sk, heads_kv), rand(sk, heads_kv))
    poison = (torch.full((130, heads, head_dim), math.nan, device="cuda", dtype=torch.bfloat16),
              torch.full((250, heads_kv, head_dim), math.nan, device="cuda", dtype=torch.bfloat16),
              torch.full((250, heads_kv, head_dim), math.inf, device="cuda", dtype=torch.bfloat16))
    layouts = [
        [target],
        [target, (rand(5, heads), rand(900, heads_kv), rand(900, heads_kv))],
        [(rand(129, heads), rand(1, heads_kv), rand(1, heads_kv)), target, poison],
        [poison, (rand(0, heads), rand(7, heads_kv), rand(7, heads_kv)), target, poison],
    ]
    results = []
    for seqs in layouts:
        q = torch.cat([s[0] for s in seqs])
        k = torch.cat([s[1] for s in seqs])
        v = torch.cat([s[2] for s in seqs])
        cu_q = cu_of([s[0].shape[0] for s in seqs], "cuda")
        cu_k = cu_of([s[1].shape[0] for s in seqs], "cuda")
        i = next(j for j, s in enumerate(seqs) if s is target)
        out, lse = dash.flash_attn_varlen_func(q, k, v, cu_q, cu_k, 1000, 1000, causal=causal, return_attn_probs=True)
        rows = slice(int(cu_q[i]), int(cu_q[i + 1]))
        results.append((out[rows], lse[:, rows]))
    for out, lse in results[1:]:
        assert torch.equal(out, results[0][0]) and torch.equal(lse, results[0][1])
    # ... and the same bits as a fixed-length call of that sequence alone: the varlen kernel runs
    # the fixed-length tiles, shifted (a design property; the tolerance tests above are the spec).
    out1, lse1 = dash.flash_attn_func(*(t[None] for t in target), causal=causal, return_attn_probs=True)
    assert torch.equal(results[0][0], out1[0]) and torch.equal(results[0][1], lse1[0])


@pytest.mark.gpu
def test_varlen_is_bitwise_reproducible_with_and_without_grad():
    q, k, v, cu_q, cu_k = packed_inputs(CASES["nine"][0], 8, 2, 128, torch.bfloat16, seed=3)
    first = dash.flash_attn_varlen_func(q, k, v, cu_q, cu_k, 2048, 2048, causal=True)
    for _ in range(3):
        assert torch.equal(dash.flash_attn_varlen_func(q, k, v, cu_q, cu_k, 2048, 2048, causal=True), first)
    # The differentiable op (requires_grad on) runs the same forward.
    qg = q.detach().clone().requires_grad_(True)
    out = dash.flash_attn_varlen_func(qg, k, v, cu_q, cu_k, 2048, 2048, causal=True)
    assert torch.equal(out.detach(), first)


@pytest.mark.gpu
def test_varlen_max_seqlen_does_not_size_anything():
    # FA3 launches max_seqlen_q / 128 query tiles per sequence and drops rows past it; dash's grid
    # follows the totals, so an understated max_seqlen changes nothing.
    q, k, v, cu_q, cu_k = packed_inputs([(700, 300), (5, 900)], 4, 4, 64, torch.bfloat16, seed=8)
    a = dash.flash_attn_varlen_func(q, k, v, cu_q, cu_k, 700, 900)
    b = dash.flash_attn_varlen_func(q, k, v, cu_q, cu_k, 1, 1)
    assert torch.equal(a, b)


@pytest.mark.gpu
def test_varlen_torch_compile_and_cuda_graph():
    q, k, v, cu_q, cu_k = packed_inputs([(300, 500), (129, 129), (1000, 64)], 4, 2, 128, torch.bfloat16, seed=9)
    expected = dash.flash_attn_varlen_func(q, k, v, cu_q, cu_k, 1000, 500, causal=True)
    compiled = torch.compile(lambda *a: dash.flash_attn_varlen_func(*a, 1000, 500, causal=True), fullgraph=True)
    assert torch.equal(compiled(q, k, v, cu_q, cu_k), expected)

    # A CUDA graph reads cu_seqlens when it replays: other lengths with the same totals and batch.
    side = torch.cuda.Stream()
    side.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(side):
        dash.flash_attn_varlen_func(q, k, v, cu_q, cu_k, 1000, 500, causal=True)
    torch.cuda.current_stream().wait_stream(side)
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        captured = dash.flash_attn_varlen_func(q, k, v, cu_q, cu_k, 1000, 500, causal=True)
    graph.replay()
    torch.cuda.synchronize()
    assert torch.equal(captured, expected)
    cu_q.copy_(cu_of([1000, 1, 428], "cuda"))
    cu_k.copy_(cu_of([64, 600, 29], "cuda"))
    graph.replay()
    torch.cuda.synchronize()
    again = dash.flash_attn_varlen_func(q, k, v, cu_q, cu_k, 1000, 600, causal=True)
    assert torch.equal(captured, again)


@pytest.mark.gpu
def test_varlen_on_strided_views_and_gqa():
    # q, k, v sliced from one packed qkv buffer (TMA-friendly strides, used as they are).
    q, k, v, cu_q, cu_k = packed_inputs([(257, 257), (64, 64), (1, 1)], 6, 6, 64, torch.float16, seed=10)
    qkv = torch.stack([q, k, v], dim=1)  # (total, 3, heads, d)
    qs, ks, vs = qkv.unbind(dim=1)
    out, lse = dash.flash_attn_varlen_func(qs, ks, vs, cu_q, cu_k, 257, 257, causal=True, return_attn_probs=True)
    check_packed(qs, ks, vs, cu_q, cu_k, out, lse, True)
    # MQA and a custom scale.
    q, k, v, cu_q, cu_k = packed_inputs([(100, 1000), (900, 33)], 16, 1, 128, torch.bfloat16, seed=12)
    out, lse = dash.flash_attn_varlen_func(q, k, v, cu_q, cu_k, 900, 1000, softmax_scale=0.2, return_attn_probs=True)
    check_packed(q, k, v, cu_q, cu_k, out, lse, False, softmax_scale=0.2)


@pytest.mark.gpu
def test_varlen_empty_and_keyless_calls():
    for seqlens, pad_k in (([(0, 0), (0, 5)], 0), ([(3, 0), (4, 0)], 0), ([(3, 0)], 2)):
        q, k, v, cu_q, cu_k = packed_inputs(seqlens, 4, 2, 64, torch.bfloat16, pad_k=pad_k)
        out, lse = dash.flash_attn_varlen_func(q, k, v, cu_q, cu_k, 4, 5, causal=True, return_attn_probs=True)
        assert out.shape == q.shape and lse.shape == (4, q.shape[0])
        assert (out == 0).all() and (lse == -math.inf).all()


@pytest.mark.gpu
def test_varlen_offsets_out_of_range_stay_inside_the_tensors():
    # Garbage offsets are not checked (a sync), but must not fault: a separate process, so that an
    # illegal address could not take the other tests' CUDA context down with it.
    script = textwrap.dedent("""
        import torch, dash
        q = torch.randn(300, 4, 64, device="cuda", dtype=torch.bfloat16)
        k = torch.randn(200, 2, 64, device="cuda", dtype=torch.bfloat16)
        for cu_q, cu_k in (([0, 500, 100, -7], [0, 999, -3, 50]), ([-100, 2**30, 5, 300], [2**31 - 1, 0, 7, 7])):
            cu_q = torch.tensor(cu_q, dtype=torch.int32, device="cuda")
            cu_k = torch.tensor(cu_k, dtype=torch.int32, device="cuda")
            used = torch.tensor([10**9, -5, 3], dtype=torch.int32, device="cuda")
            for causal in (False, True):
                dash.flash_attn_varlen_func(q, k, k, cu_q, cu_k, 300, 200, causal=causal)
                dash.flash_attn_varlen_func(q, k, k, cu_q, cu_k, 300, 200, seqused_q=used, seqused_k=used, causal=causal)
        torch.cuda.synchronize()
        print("ok")
    """)
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=200, cwd=ROOT)
    assert proc.returncode == 0 and "ok" in proc.stdout, proc.stderr[-3000:]


@pytest.mark.gpu
def test_varlen_value_checks_on_request(monkeypatch):
    q, k, v, cu_q, cu_k = packed_inputs([(10, 10), (20, 20)], 2, 2, 64, torch.bfloat16)
    bad = torch.tensor([0, 25, 20], dtype=torch.int32, device="cuda")
    monkeypatch.setenv("DASH_CHECK_VARLEN", "1")
    with pytest.raises(ValueError, match="cu_seqlens_q must not decrease"):
        attn_fwd_varlen(q, k, v, bad, cu_k)
    with pytest.raises(ValueError, match=r"seqused_k\[1\] = 21"):
        attn_fwd_varlen(q, k, v, cu_q, cu_k, seqused_k=torch.tensor([1, 21], dtype=torch.int32, device="cuda"))


@pytest.mark.gpu
def test_varlen_bad_inputs_on_gpu():
    q, k, v, cu_q, cu_k = packed_inputs([(10, 10), (20, 20)], 2, 2, 64, torch.bfloat16)
    with pytest.raises(ValueError, match="cu_seqlens_q is on cpu"):
        dash.flash_attn_varlen_func(q, k, v, cu_q.cpu(), cu_k, 20, 20)
    with pytest.raises(ValueError, match="seqused_k is on cpu"):
        dash.flash_attn_varlen_func(q, k, v, cu_q, cu_k, 20, 20, seqused_k=torch.ones(2, dtype=torch.int32))


# ---------------------------------------------------------------- CPU: the Python API
def cpu_case(dtype=torch.bfloat16, head_dim=64):
    q, k, v, cu_q, cu_k = packed_inputs([(5, 7), (0, 3), (9, 0), (4, 4)], 4, 2, head_dim, dtype, device="cpu")
    return q, k, v, cu_q, cu_k


@pytest.mark.parametrize("mutate,exc,msg", [
    (lambda a: {**a, "cu_seqlens_q": a["cu_seqlens_q"].long()}, TypeError, "cu_seqlens_q must have dtype int32"),
    (lambda a: {**a, "cu_seqlens_k": a["cu_seqlens_k"].float()}, TypeError, "cu_seqlens_k must have dtype int32"),
    (lambda a: {**a, "cu_seqlens_q": a["cu_seqlens_q"][None]}, ValueError, "cu_seqlens_q must have 1 dimensions"),
    (lambda a: {**a, "cu_seqlens_q": torch.zeros(10, dtype=torch.int32)[::2]}, ValueError,
     "cu_seqlens_q must be contiguous"),
    (lambda a: {**a, "cu_seqlens_k": a["cu_seqlens_k"][:-1]}, ValueError,
     r"cu_seqlens_k must have the length of cu_seqlens_q \(batch \+ 1\) = 5 entries, got 4"),
    (lambda a: {**a, "cu_seqlens_q": torch.zeros(0, dtype=torch.int32)}, ValueError, "batch \\+ 1 >= 1"),
    (lambda a: {**a, "cu_seqlens_q": [0, 5]}, TypeError, "cu_seqlens_q must be a torch.Tensor"),
    (lambda a: {**a, "seqused_q": torch.ones(3, dtype=torch.int32)}, ValueError, "seqused_q must have batch"),
    (lambda a: {**a, "seqused_k": torch.ones(4, dtype=torch.int64)}, TypeError, "seqused_k must have dtype int32"),
    (lambda a: {**a, "q": a["q"][None]}, ValueError, r"q of a packed batch must have 3 dimensions \(total_tokens"),
    (lambda a: {**a, "k": a["k"].half()}, TypeError, "share one dtype"),
    (lambda a: {**a, "q": a["q"].float(), "k": a["k"].float(), "v": a["v"].float()}, TypeError,
     "q must be float16 or bfloat16"),
    (lambda a: {**a, "v": a["v"][:-1]}, ValueError, "k and v must have the same shape"),
    (lambda a: {**a, "k": a["k"][..., :32], "v": a["v"][..., :32]}, ValueError, "k has head_dim 32"),
    (lambda a: {**a, "k": a["k"].repeat(1, 3, 1)[:, :3], "v": a["v"].repeat(1, 3, 1)[:, :3]}, ValueError,
     "must be a multiple of the number of k/v heads"),
    (lambda a: {**a, "max_seqlen_q": 7.0}, TypeError, "max_seqlen_q must be a Python int"),
    (lambda a: {**a, "max_seqlen_k": torch.tensor(7)}, TypeError, "max_seqlen_k must be a Python int"),
    (lambda a: {**a, "max_seqlen_k": -1}, ValueError, "max_seqlen_k must be >= 0"),
    (lambda a: {**a, "cu_seqlens_q": None}, NotImplementedError, "cu_seqlens_q=None"),
    (lambda a: {**a, "num_splits": 2}, NotImplementedError, "num_splits"),
    (lambda a: {**a, "qv": a["q"]}, NotImplementedError, "qv"),
    (lambda a: {**a, "softmax_scale": -1.0}, ValueError, "softmax_scale must be a positive"),
    # The values themselves: read for free on the CPU, so checked there.
    (lambda a: {**a, "cu_seqlens_q": torch.tensor([0, 5, 4, 13, 18], dtype=torch.int32)}, ValueError,
     r"cu_seqlens_q must not decrease: cu_seqlens_q\[2\] = 4"),
    (lambda a: {**a, "cu_seqlens_k": torch.tensor([0, 7, 10, 10, 15], dtype=torch.int32)}, ValueError,
     r"cu_seqlens_k\[-1\] = 15 is past the 14 tokens of k and v"),
    (lambda a: {**a, "cu_seqlens_q": torch.tensor([-1, 5, 5, 14, 18], dtype=torch.int32)}, ValueError,
     r"cu_seqlens_q\[0\] = -1 is negative"),
    (lambda a: {**a, "seqused_q": torch.tensor([5, 1, 0, 0], dtype=torch.int32)}, ValueError,
     r"seqused_q\[1\] = 1 is outside \[0, 0\]"),
])
def test_varlen_rejects_bad_inputs(mutate, exc, msg):
    q, k, v, cu_q, cu_k = cpu_case()
    args = dict(q=q, k=k, v=v, cu_seqlens_q=cu_q, cu_seqlens_k=cu_k, max_seqlen_q=9, max_seqlen_k=7)
    with pytest.raises(exc, match=msg):
        dash.flash_attn_varlen_func(**mutate(args))


def test_varlen_gpu_path_names_the_device_without_a_gpu():
    q, k, v, cu_q, cu_k = cpu_case()
    with pytest.raises(ValueError, match="q must be on a CUDA device"):
        attn_fwd_varlen(q, k, v, cu_q, cu_k)


@pytest.mark.parametrize("causal", [False, True])
def test_varlen_cpu_reference_path(causal):
    # CPU tensors run dash's fp32 reference: each sequence as attention_ref on its slices, and
    # FA3's signature and returns.
    q, k, v, cu_q, cu_k = cpu_case(torch.float16)
    seqused_q = torch.tensor([4, 0, 9, 4], dtype=torch.int32)
    out, lse = dash.flash_attn_varlen_func(q, k, v, cu_q, cu_k, 9, 7, seqused_q=seqused_q, causal=causal,
                                           return_attn_probs=True)
    assert out.shape == q.shape and out.dtype == q.dtype and lse.shape == (4, q.shape[0])
    from dash.reference import attention_ref

    for b in range(4):
        q0, used = int(cu_q[b]), int(seqused_q[b])
        k0, k1 = int(cu_k[b]), int(cu_k[b + 1])
        if used and k1 > k0:
            o, l = attention_ref(q[None, q0:q0 + used], k[None, k0:k1], v[None, k0:k1], causal=causal)
            assert torch.equal(out[q0:q0 + used], o[0]) and torch.equal(lse[:, q0:q0 + used], l[0])
        pad = slice(q0 + (used if k1 > k0 else 0), int(cu_q[b + 1]))
        assert (out[pad] == 0).all() and (lse[:, pad] == -math.inf).all()
    assert dash.flash_attn_varlen_func(q, k, v, cu_q, cu_k, 9, 7).shape == q.shape


def test_varlen_inference_op_has_no_backward():
    # flash_attn_varlen_func records the differentiable op when grad is needed (tests/test_varlen_bwd.py);
    # the inference op says so if autograd reaches it anyway.
    import dash.interface  # noqa: F401  (registers the custom ops; `import dash` is lazy)

    q, k, v, cu_q, cu_k = cpu_case()
    q.requires_grad_(True)
    out, _ = torch.ops.dash.attn_fwd_varlen(q, k, v, cu_q, cu_k, None, None, 0.125, True, -1, -1, 0.0)
    with pytest.raises(RuntimeError, match="attn_fwd_varlen_for_grad"):
        out.float().sum().backward()


def test_fa3_module_serves_the_varlen_forward():
    from dash.integrations import flash_attn_interface as fa3

    q, k, v, cu_q, cu_k = cpu_case()
    a = fa3.flash_attn_varlen_func(q, k, v, cu_q, cu_k, 9, 7, causal=True)
    b = dash.flash_attn_varlen_func(q, k, v, cu_q, cu_k, 9, 7, causal=True)
    assert torch.equal(a, b)


def test_varlen_fake_tensors():
    # The op's fake implementation (torch.compile traces with it): FA3's shapes, no data read.
    from torch._subclasses.fake_tensor import FakeTensorMode

    import dash.interface  # noqa: F401  (registers the custom ops; `import dash` is lazy)

    with FakeTensorMode():
        q = torch.empty(50, 8, 128, dtype=torch.bfloat16)
        k = torch.empty(70, 2, 128, dtype=torch.bfloat16)
        cu = torch.empty(4, dtype=torch.int32)
        out, lse = torch.ops.dash.attn_fwd_varlen(q, k, k, cu, cu, None, None, 0.1, True, -1, -1, 0.0)
        assert out.shape == (50, 8, 128) and lse.shape == (8, 50) and lse.dtype == torch.float32


# ---------------------------------------------------------------- CPU: the kernel's tile map
_DRIVER = r"""
#include <cstdio>
#include <vector>
#include "common/varlen_tiles.h"
// stdin: batch heads total_q total_k block_m longest_first has_used_q has_used_k, then
// cu_q (batch + 1), cu_k (batch + 1), used_q (batch, if any), used_k (batch, if any).
// stdout: one line per launch position: has_rows seq head m_block q_begin q_used q_owned k_begin k_used
int main() {
  int batch, heads, total_q, total_k, block_m, longest_first, has_uq, has_uk;
  if (std::scanf("%d %d %d %d %d %d %d %d", &batch, &heads, &total_q, &total_k, &block_m, &longest_first,
                 &has_uq, &has_uk) != 8) return 2;
  std::vector<int> cu_q(batch + 1), cu_k(batch + 1), uq(batch + 1), uk(batch + 1);
  auto read = [](int& x) { return std::scanf("%d", &x) == 1; };
  for (int& x : cu_q) if (!read(x)) return 2;
  for (int& x : cu_k) if (!read(x)) return 2;
  if (has_uq) for (int b = 0; b < batch; ++b) if (!read(uq[b])) return 2;
  if (has_uk) for (int b = 0; b < batch; ++b) if (!read(uk[b])) return 2;
  dash::varlen_tiles::Packed p{cu_q.data(), cu_k.data(), has_uq ? uq.data() : nullptr, has_uk ? uk.data() : nullptr,
                             batch, heads, total_q, total_k};
  const long long n = heads * dash::varlen_tiles::slots_per_head(total_q, batch, block_m);
  for (long long t = 0; t < n; ++t) {
    dash::varlen_tiles::Tile x = dash::varlen_tiles::tile_at(p, int(t), block_m, longest_first != 0);
    std::printf("%d %d %d %d %d %d %d %d %d\n", int(x.has_rows), x.seq, x.head, x.m_block, x.q_begin, x.q_used,
                x.q_owned, x.k_begin, x.k_used);
  }
  return 0;
}
"""


@pytest.fixture(scope="module")
def tile_map(tmp_path_factory):
    """varlen_tiles::tile_at compiled for the host: tile_map(problem) -> list of tile tuples."""
    exe = build_host_driver(tmp_path_factory.mktemp("fwd_varlen"), _DRIVER, "csrc/common/varlen_tiles.h")

    def run(batch, heads, total_q, total_k, block_m, longest_first, cu_q, cu_k, used_q=None, used_k=None):
        words = [batch, heads, total_q, total_k, block_m, int(longest_first), int(used_q is not None),
                 int(used_k is not None), *cu_q, *cu_k, *(used_q or []), *(used_k or [])]
        proc = subprocess.run([str(exe)], input=" ".join(map(str, words)), capture_output=True, text=True, check=True)
        return [tuple(map(int, line.split())) for line in proc.stdout.splitlines()]

    return run


def _random_problem(rng):
    batch = rng.choice([0, 1, 2, 3, 9, 40])
    lengths = [rng.choice([0, 1, 63, 64, 65, 127, 128, 129, 200, 1000]) for _ in range(batch)]
    lengths_k = [rng.choice([0, 1, 128, 300]) for _ in range(batch)]
    start = rng.choice([0, 0, 0, 5, 130])
    cu_q = [start + x for x in [0] + list(_accumulate(lengths))]
    cu_k = [0] + list(_accumulate(lengths_k))
    total_q = cu_q[-1] + rng.choice([0, 0, 1, 127, 128, 300])
    total_k = cu_k[-1] + rng.choice([0, 3])
    used_q = [rng.randint(0, n) for n in lengths] if rng.random() < 0.5 else None
    used_k = [rng.randint(0, n) for n in lengths_k] if rng.random() < 0.5 else None
    return dict(batch=batch, heads=rng.choice([1, 3, 8]), total_q=total_q, total_k=total_k, block_m=rng.choice([64, 128]),
                longest_first=rng.random() < 0.5, cu_q=cu_q, cu_k=cu_k, used_q=used_q, used_k=used_k)


def test_tile_map_covers_every_row_once(tile_map):
    """Every (sequence, head, query tile) of the rows from cu_seqlens_q[0] to total_q (the rows
    past the last sequence as sequence `batch`) has exactly one launch position, with the
    sequence's offsets and used lengths; the other positions are empty; a sequence's tiles run
    longest first when asked."""
    rng = random.Random(0)
    for _ in range(80):
        pr = _random_problem(rng)
        tiles = tile_map(**pr)
        batch, heads, bm = pr["batch"], pr["heads"], pr["block_m"]
        assert len(tiles) == heads * (pr["total_q"] // bm + batch + 1)
        expected = {}
        for b in range(batch + 1):
            q0 = pr["cu_q"][b]
            owned = (pr["cu_q"][b + 1] if b < batch else pr["total_q"]) - q0
            if b < batch:
                used = pr["used_q"][b] if pr["used_q"] else owned
                k0, span_k = pr["cu_k"][b], pr["cu_k"][b + 1] - pr["cu_k"][b]
                k_used = pr["used_k"][b] if pr["used_k"] else span_k
            else:
                used, k0, k_used = 0, 0, 0
            for h in range(heads):
                for m in range(-(-owned // bm)):
                    expected[(b, h, m)] = (q0, used, owned, k0, k_used)
        got = {}
        order = {}
        for t, (has_rows, seq, head, m_block, *rest) in enumerate(tiles):
            if has_rows:
                assert (seq, head, m_block) not in got, f"tile {(seq, head, m_block)} launched twice in {pr}"
                got[(seq, head, m_block)] = tuple(rest)
                order.setdefault((seq, head), []).append(m_block)
        assert got == expected, pr
        for ms in order.values():
            assert ms == sorted(ms, reverse=pr["longest_first"])


def test_tile_map_stays_inside_the_tensors_for_garbage_offsets(tile_map):
    """Offsets and lengths out of order or range (never checked on the GPU) give tiles whose rows
    are inside the packed tensors and whose loads of cu_seqlens/seqused stay in their arrays."""
    rng = random.Random(1)
    for _ in range(80):
        batch = rng.choice([1, 2, 5, 17])
        total_q, total_k = rng.choice([1, 100, 1000]), rng.choice([1, 100, 1000])

        def junk(n):
            return [rng.choice([-2 ** 31, -1000, -1, 0, 1, 50, 999, 2 ** 31 - 1, rng.randint(-300, 3000)])
                    for _ in range(n)]

        pr = dict(batch=batch, heads=rng.choice([1, 4]), total_q=total_q, total_k=total_k, block_m=128,
                  longest_first=rng.random() < 0.5, cu_q=junk(batch + 1), cu_k=junk(batch + 1),
                  used_q=junk(batch) if rng.random() < 0.5 else None, used_k=junk(batch) if rng.random() < 0.5 else None)
        for has_rows, seq, head, m_block, q0, q_used, q_owned, k0, k_used in tile_map(**pr):
            if not has_rows:
                continue
            assert 0 <= seq <= batch and 0 <= head < pr["heads"], pr
            assert 0 <= q0 and q0 + q_owned <= total_q and 0 <= q_used <= q_owned, pr
            assert 0 <= m_block < -(-q_owned // 128), pr
            assert 0 <= k0 and k0 + k_used <= total_k and k_used >= 0, pr


def test_varlen_traces_without_graph_breaks():
    # torch.compile(fullgraph=True) through the Python wrapper and the custom op (eager backend:
    # the trace is the point; the GPU test runs the compiled kernel).
    q, k, v, cu_q, cu_k = cpu_case()
    compiled = torch.compile(lambda *a: dash.flash_attn_varlen_func(*a, 9, 7, causal=True), fullgraph=True,
                             backend="eager")
    assert torch.equal(compiled(q, k, v, cu_q, cu_k), dash.flash_attn_varlen_func(q, k, v, cu_q, cu_k, 9, 7, causal=True))
