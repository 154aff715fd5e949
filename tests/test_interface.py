"""dash.flash_attn_func: FA3's API, autograd, determinism switches, torch.compile, CUDA graphs."""
import pytest
import torch

import dash
from tests.helpers import assert_close_as_fa3, make_inputs, reference_and_baseline_grads, reference_fwd


@pytest.mark.parametrize("kwargs,name", [
    (dict(qv=torch.zeros(1)), "qv"), (dict(q_descale=torch.ones(1)), "q_descale"),
    (dict(k_descale=torch.ones(1)), "k_descale"), (dict(v_descale=torch.ones(1)), "v_descale"),
    (dict(attention_chunk=64), "attention_chunk"), (dict(num_splits=4), "num_splits"),
])
def test_unsupported_arguments_raise(kwargs, name):
    q = torch.zeros(1, 8, 2, 64, dtype=torch.bfloat16)
    with pytest.raises(NotImplementedError, match=name):
        dash.flash_attn_func(q, q, q, **kwargs)


@pytest.mark.parametrize("causal,window,seqlen_q,seqlen_k,expected", [
    (False, (-1, -1), 8, 8, (False, (-1, -1))), (True, (-1, -1), 8, 8, (True, (-1, -1))),
    (False, (-1, 0), 8, 8, (True, (-1, -1))),   # FA3: (-1, 0) is the causal mask (TransformerEngine passes it)
    (True, (-1, 0), 8, 8, (True, (-1, -1))), (False, (7, 7), 8, 8, (False, (-1, -1))),
    (False, (100, 0), 8, 8, (True, (-1, -1))), (True, (7, -1), 8, 8, (True, (-1, -1))),
    (False, (-1, 0), 1, 8, (False, (-1, -1))),  # one query row: causal == full
    (False, (3, 7), 8, 4, (False, (-1, -1))), (True, (2, -1), 4, 3, (True, (-1, -1))),
    (False, (2, 0), 8, 8, (False, (2, 0))), (True, (2, -1), 8, 8, (False, (2, 0))),
    (False, (-1, 2), 8, 8, (False, (-1, 2))), (False, (6, -1), 8, 8, (False, (6, -1))),
    (True, (0, -1), 8, 2, (False, (0, 0))),
])
def test_window_size_of_packed_batches_resolves_with_the_longest_sequence(causal, window, seqlen_q, seqlen_k,
                                                                          expected):
    """A packed call's window_size resolves as FA3's, with max_seqlen_q/k: the full or the causal
    mask where the band covers every key of the longest sequence, else the band itself."""
    from dash.interface import resolve_varlen_window

    assert resolve_varlen_window(causal, *window, seqlen_q, seqlen_k) == expected


@pytest.mark.parametrize("causal,window", [(False, (2, 0)), (True, (2, -1)), (False, (-1, 2)), (False, (0, 0)),
                                           (False, (3, 5))])
def test_cpu_packed_sliding_window_runs_the_band_per_sequence(causal, window):
    """flash_attn_varlen_func's window_size reaches each sequence's band, from its own bottom-right
    corner, in the forward and the backward (CPU: the reference through the custom ops, against
    flash_attn_func on each sequence alone; tests/test_varlen_window.py holds the kernels to it)."""
    lengths = [(8, 8), (6, 11), (11, 6), (1, 5)]
    total_q, total_k = sum(a for a, _ in lengths), sum(b for _, b in lengths)
    g = torch.Generator().manual_seed(3)
    q, dout = (torch.randn(total_q, 4, 64, generator=g).bfloat16().requires_grad_(True) for _ in range(2))
    k, v = (torch.randn(total_k, 2, 64, generator=g).bfloat16().requires_grad_(True) for _ in range(2))
    cu_q = torch.tensor([0, 8, 14, 25, 26], dtype=torch.int32)
    cu_k = torch.tensor([0, 8, 19, 25, 30], dtype=torch.int32)
    out = dash.flash_attn_varlen_func(q, k, v, cu_q, cu_k, 11, 11, causal=causal, window_size=window)
    dq, dk, dv = torch.autograd.grad(out, (q, k, v), dout)
    for b, (sq, sk) in enumerate(lengths):
        sl_q, sl_k = slice(int(cu_q[b]), int(cu_q[b + 1])), slice(int(cu_k[b]), int(cu_k[b + 1]))
        alone = [t[None, s].detach().clone().requires_grad_(True) for t, s in ((q, sl_q), (k, sl_k), (v, sl_k))]
        # the band as resolved for the whole batch (max_seqlen 11), not for the sequence alone
        from dash.reference import attention_ref

        ref, _ = attention_ref(*alone, causal=causal, window=window, upcast=False)
        grads = torch.autograd.grad(ref, alone, dout[None, sl_q])
        assert torch.allclose(out[sl_q].float(), ref[0].float(), atol=2e-2), b
        for got, want in zip((dq[sl_q], dk[sl_k], dv[sl_k]), grads):
            assert torch.allclose(got.float(), want[0].float(), atol=5e-2), b


@pytest.mark.parametrize("causal,window", [(False, (2, 0)), (True, (2, -1)), (False, (-1, 2)), (False, (0, 0)),
                                           (False, (3, 5))])
@pytest.mark.parametrize("seqlen_q,seqlen_k", [(8, 8), (6, 11), (11, 6)])
def test_cpu_sliding_window_runs_the_band(causal, window, seqlen_q, seqlen_k):
    """flash_attn_func's window_size reaches the band in the forward and the backward: on the CPU
    the custom ops run the reference with that band (dense mask written out here); the GPU tests
    (tests/test_window.py) hold the kernels to the same reference."""
    from dash.reference import attention_ref, attention_ref_bwd

    q, k, v, dout = make_inputs(2, seqlen_q, seqlen_k, 4, 2, 64, torch.bfloat16, device="cpu", seed=5)
    left, right = window[0], (0 if causal else window[1])
    rows = torch.arange(seqlen_q)[:, None] + seqlen_k - seqlen_q
    cols = torch.arange(seqlen_k)[None, :]
    keep = torch.ones(seqlen_q, seqlen_k, dtype=torch.bool)
    if left >= 0:
        keep &= cols >= rows - left
    if right >= 0:
        keep &= cols <= rows + right
    from dash.reference import band_mask

    assert torch.equal(band_mask(seqlen_q, seqlen_k, (left, right)), keep)
    out_ref, lse_ref = attention_ref(q, k, v, window=(left, right))
    grads_ref = attention_ref_bwd(q, k, v, dout, window=(left, right))
    for deterministic in (False, True):
        out, dq, dk, dv = grads_of(q, k, v, dout, causal=causal, window_size=window, deterministic=deterministic)
        assert torch.equal(out, out_ref)
        for name, g, r in zip(("dq", "dk", "dv"), (dq, dk, dv), grads_ref):
            assert torch.equal(g, r), name
    out, lse = dash.flash_attn_func(q, k, v, causal=causal, window_size=window, return_attn_probs=True)
    assert torch.equal(lse, lse_ref.float())


def test_bad_window_size():
    q = torch.zeros(1, 8, 2, 64, dtype=torch.bfloat16)
    for bad in ((1, 2, 3), 4, (1.5, 0), (True, 0), None):
        with pytest.raises(ValueError, match="window_size must be a pair"):
            dash.flash_attn_func(q, q, q, window_size=bad)


def test_num_splits_zero_means_no_split():
    q = torch.randn(1, 8, 2, 64, dtype=torch.bfloat16)
    assert torch.equal(dash.flash_attn_func(q, q, q, num_splits=0), dash.flash_attn_func(q, q, q))


# ---- CPU: the custom ops run dash's fp32 reference (dash.interface docstring) ---------------------
@pytest.mark.parametrize("causal", [False, True])
@pytest.mark.parametrize("seqlen_q,seqlen_k,heads,heads_kv", [(16, 16, 4, 4), (5, 24, 4, 2), (24, 7, 2, 1)])
def test_cpu_runs_the_reference(causal, seqlen_q, seqlen_k, heads, heads_kv):
    from dash.reference import attention_ref, attention_ref_bwd

    q, k, v, dout = make_inputs(2, seqlen_q, seqlen_k, heads, heads_kv, 64, torch.bfloat16, device="cpu", seed=3)
    out_ref, lse_ref = attention_ref(q, k, v, causal=causal)
    grads_ref = attention_ref_bwd(q, k, v, dout, causal=causal)
    for deterministic in (False, True):
        out, dq, dk, dv = grads_of(q, k, v, dout, causal=causal, deterministic=deterministic)
        assert out.is_contiguous() and out.dtype == q.dtype
        assert torch.equal(out, out_ref)
        for name, g, r in zip(("dq", "dk", "dv"), (dq, dk, dv), grads_ref):
            assert torch.equal(g, r), name
    out, lse = dash.flash_attn_func(q, k, v, causal=causal, return_attn_probs=True)
    assert lse.dtype == torch.float32 and lse.shape == (2, heads, seqlen_q)
    assert torch.equal(lse, lse_ref.float())


def test_cpu_keeps_the_gpu_limits():
    q = torch.randn(1, 8, 2, 32, dtype=torch.bfloat16, requires_grad=True)
    with pytest.raises(ValueError, match="head_dim 32 is not supported"):
        dash.flash_attn_func(q, q, q)
    q = torch.randn(1, 8, 2, 64, requires_grad=True)
    with pytest.raises(TypeError, match="q must be float16 or bfloat16"):
        dash.flash_attn_func(q, q, q)
    q = torch.randn(1, 8, 2, 64, dtype=torch.bfloat16, requires_grad=True)
    with pytest.raises(ValueError, match="schedule='shift' applies to the full mask"):
        dash.flash_attn_func(q, q, q, causal=True, deterministic=True, schedule="shift")


def test_varlen_needs_cu_seqlens():
    # FA3 takes cu_seqlens=None as a padded batch; dash's varlen entry needs the offsets
    # (tests/test_varlen.py tests the rest of it).
    q = torch.zeros(8, 2, 64, dtype=torch.bfloat16)
    with pytest.raises(NotImplementedError, match="cu_seqlens_q=None"):
        dash.flash_attn_varlen_func(q, q, q, None, None, 8, 8)


def test_bad_schedule_name():
    q = torch.zeros(1, 8, 2, 64, dtype=torch.bfloat16)
    with pytest.raises(ValueError, match="schedule must be one of"):
        dash.flash_attn_func(q, q, q, schedule="fastest")


def grads_of(q, k, v, dout, **kw):
    qg, kg, vg = (t.detach().clone().requires_grad_(True) for t in (q, k, v))
    out = dash.flash_attn_func(qg, kg, vg, **kw)
    return (out, *torch.autograd.grad(out, (qg, kg, vg), dout))


@pytest.mark.gpu
@pytest.mark.parametrize("causal", [False, True])
@pytest.mark.parametrize("head_dim,dtype", [(64, torch.float16), (128, torch.bfloat16)])
@pytest.mark.parametrize("batch,seqlen_q,seqlen_k,heads,heads_kv", [(2, 1000, 1000, 4, 4), (1, 113, 2048, 6, 2),
                                                                     (3, 2048, 128, 4, 1)])
def test_forward_and_autograd_match_reference(causal, head_dim, dtype, batch, seqlen_q, seqlen_k, heads, heads_kv):
    q, k, v, dout = make_inputs(batch, seqlen_q, seqlen_k, heads, heads_kv, head_dim, dtype, seed=11)
    out_ref, lse_ref = reference_fwd(q, k, v, causal)
    out, lse = dash.flash_attn_func(q, k, v, causal=causal, return_attn_probs=True)
    out_pt, _ = __import__("dash.reference", fromlist=["x"]).attention_ref(q, k, v, causal=causal, upcast=False)
    assert_close_as_fa3("out", out, out_ref, out_pt)
    finite = torch.isfinite(lse_ref)
    assert torch.equal(finite, torch.isfinite(lse))
    assert (lse[finite] - lse_ref[finite]).abs().max().item() < 1e-3
    refs, lows = reference_and_baseline_grads(q, k, v, dout, causal)
    for deterministic in (True, False):
        _, dq, dk, dv = grads_of(q, k, v, dout, causal=causal, deterministic=deterministic)
        for name, g, r, low in zip(("dq", "dk", "dv"), (dq, dk, dv), refs, lows):
            assert_close_as_fa3(f"{name} deterministic={deterministic}", g, r, low)


@pytest.mark.gpu
@pytest.mark.parametrize("causal", [False, True])
def test_forward_and_deterministic_backward_are_bitwise_reproducible(causal):
    q, k, v, dout = make_inputs(2, 2048, 2048, 8, 2, 128, torch.bfloat16, seed=12)
    first = grads_of(q, k, v, dout, causal=causal, deterministic=True)
    for _ in range(50):
        again = grads_of(q, k, v, dout, causal=causal, deterministic=True)
        for name, a, b in zip(("out", "dq", "dk", "dv"), first, again):
            assert torch.equal(a, b), f"{name} changed between calls"


@pytest.mark.gpu
def test_determinism_switches_reach_the_backward(monkeypatch):
    from dash import ops

    seen = []
    real = ops.attn_bwd

    def spy(*args, **kwargs):
        seen.append((kwargs["deterministic"], kwargs["schedule"]))
        return real(*args, **kwargs)

    monkeypatch.setattr(ops, "attn_bwd", spy)
    q, k, v, dout = make_inputs(1, 256, 256, 2, 2, 64, torch.bfloat16)
    grads_of(q, k, v, dout)
    grads_of(q, k, v, dout, deterministic=True, schedule="shift")
    monkeypatch.setenv("FLASH_ATTENTION_DETERMINISTIC", "1")
    grads_of(q, k, v, dout)
    monkeypatch.delenv("FLASH_ATTENTION_DETERMINISTIC")
    torch.use_deterministic_algorithms(True, warn_only=True)
    try:
        grads_of(q, k, v, dout)
    finally:
        torch.use_deterministic_algorithms(False)
    assert seen == [(False, "atomic"), (True, "shift"), (True, "auto"), (True, "auto")]


def test_only_plain_eager_cuda_calls_skip_the_custom_ops():
    """CPU tensors, fake tensors and subclasses go through the custom ops (dash.interface)."""
    from torch._subclasses.fake_tensor import FakeTensorMode

    from dash.interface import _plain_eager_cuda

    assert not _plain_eager_cuda(torch.zeros(2))
    assert not _plain_eager_cuda(torch.nn.Parameter(torch.zeros(2)))
    with FakeTensorMode():
        assert not _plain_eager_cuda(torch.zeros(2))


@pytest.mark.gpu
def test_eager_calls_skip_the_custom_ops_with_the_same_bits(monkeypatch):
    """An eager call on CUDA tensors runs the kernels without the custom ops' dispatch (host time),
    with the bits of the custom-op path, forward and deterministic backward."""
    from dash import interface

    q, k, v, dout = make_inputs(2, 700, 900, 4, 2, 128, torch.bfloat16, seed=21)
    assert interface._plain_eager_cuda(q, k, v)

    def run():
        leaves = [t.detach().clone().requires_grad_(True) for t in (q, k, v)]
        out = dash.flash_attn_func(*leaves, causal=True, deterministic=True)
        return (out, *torch.autograd.grad(out, leaves, dout))

    def refuse(*args, **kwargs):
        raise AssertionError("the eager call went through the custom op")

    with monkeypatch.context() as m:
        m.setattr(interface, "_attn_fwd_for_grad_op", refuse)
        m.setattr(interface, "_attn_fwd_op", refuse)
        fast = run()
        assert dash.flash_attn_func(q, k, v).shape == q.shape   # no grad: the forward alone
    monkeypatch.setattr(interface, "_plain_eager_cuda", lambda *t: False)
    through_ops = run()
    for name, a, b in zip(("out", "dq", "dk", "dv"), fast, through_ops):
        assert torch.equal(a, b), f"{name} differs between the eager path and the custom ops"


@pytest.mark.gpu
def test_torch_compile_fullgraph():
    q, k, v, dout = make_inputs(2, 512, 512, 4, 4, 128, torch.bfloat16, seed=13)

    def step(q, k, v):
        return dash.flash_attn_func(q, k, v, causal=True, deterministic=True).float().square().sum()

    compiled = torch.compile(step, fullgraph=True)
    leaves = [t.detach().clone().requires_grad_(True) for t in (q, k, v)]
    compiled(*leaves).backward()
    eager = [t.detach().clone().requires_grad_(True) for t in (q, k, v)]
    step(*eager).backward()
    for a, b in zip(leaves, eager):
        assert torch.equal(a.grad, b.grad)


@pytest.mark.gpu
def test_cuda_graph_capture_and_replay():
    q, k, v, dout = make_inputs(2, 1024, 1024, 4, 4, 64, torch.bfloat16, seed=14)
    qg, kg, vg = (t.detach().clone().requires_grad_(True) for t in (q, k, v))

    def step():
        out = dash.flash_attn_func(qg, kg, vg, causal=True, deterministic=True)
        return (out, *torch.autograd.grad(out, (qg, kg, vg), dout))

    side = torch.cuda.Stream()
    side.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(side):  # warm-up: builds the schedule tables on the device
        expected = step()
    torch.cuda.current_stream().wait_stream(side)
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        captured = step()
    graph.replay()
    torch.cuda.synchronize()
    for name, a, b in zip(("out", "dq", "dk", "dv"), expected, captured):
        assert torch.equal(a, b), f"{name} differs after graph replay"
