"""FA3's softcap (score = softcap * tanh(softmax_scale * q.k / softcap), Gemma 2's attention logit
cap): the reference's closed-form backward against autograd and against a formula written out
here (CPU), the argument checks, and on the GPU the kernels against the fp32 reference with FA3's
error criterion, every schedule, and bitwise determinism."""
import math

import pytest
import torch

import dash
from dash.reference import attention_ref, attention_ref_bwd, attention_ref_grads


def _capped_attention(q, k, v, softcap, causal=False):
    """Softcapped attention written out independently of dash.reference (fp64, MHA, (b, s, h, d))."""
    scale = q.shape[-1] ** -0.5
    s = torch.einsum("bqhd,bkhd->bhqk", q, k) * scale
    s = softcap * torch.tanh(s / softcap)
    if causal:
        sq, sk = q.shape[1], k.shape[1]
        keep = torch.arange(sk)[None, :] <= torch.arange(sq)[:, None] + (sk - sq)
        s = s.masked_fill(~keep, float("-inf"))
    lse = torch.logsumexp(s, dim=-1)
    return torch.einsum("bhqk,bkhd->bqhd", torch.softmax(s, dim=-1), v), lse


@pytest.mark.parametrize("softcap", [0.5, 3.0, 30.0])
@pytest.mark.parametrize("causal", [False, True])
def test_reference_matches_the_formula_and_autograd(softcap, causal):
    g = torch.Generator().manual_seed(1)
    q, k, v, dout = (torch.randn(2, 37, 3, 16, generator=g, dtype=torch.float64) * 2 for _ in range(4))
    out, lse = attention_ref(q, k, v, causal=causal, softcap=softcap)
    want, want_lse = _capped_attention(q, k, v, softcap, causal)
    torch.testing.assert_close(out, want)
    torch.testing.assert_close(lse, want_lse)
    closed = attention_ref_bwd(q, k, v, dout, causal=causal, softcap=softcap)
    by_autograd = attention_ref_grads(q, k, v, dout, causal=causal, softcap=softcap)
    for name, a, b in zip(("dq", "dk", "dv"), closed, by_autograd):
        torch.testing.assert_close(a, b, msg=lambda m: f"{name}: {m}")
    # The cap changes the result at these scores (the test could not pass with softcap ignored).
    plain = attention_ref(q, k, v, causal=causal)[0]
    assert (plain - out).abs().max() > 1e-3


def test_cpu_flash_attn_func_softcap_gradients():
    """flash_attn_func on CPU tensors (the reference as a custom op) with softcap, GQA: the autograd
    gradients of the written-out formula."""
    g = torch.Generator().manual_seed(2)
    q = (torch.randn(1, 20, 4, 64, generator=g) * 2).bfloat16()
    k, v = (torch.randn(1, 24, 2, 64, generator=g).bfloat16() for _ in range(2))
    dout = torch.randn(1, 20, 4, 64, generator=g).bfloat16()
    leaves = [t.clone().requires_grad_(True) for t in (q, k, v)]
    out = dash.flash_attn_func(*leaves, causal=True, softcap=2.0, deterministic=True)
    grads = torch.autograd.grad(out, leaves, dout)
    ref_leaves = [t.double().clone().requires_grad_(True) for t in (q, k, v)]
    kr, vr = (t.repeat_interleave(2, dim=2) for t in ref_leaves[1:])
    want, _ = _capped_attention(ref_leaves[0], kr, vr, 2.0, causal=True)
    want_grads = torch.autograd.grad(want, ref_leaves, dout.double())
    # bf16 results of fp32 math: within bf16's rounding of the fp64 answer.
    torch.testing.assert_close(out.double(), want, atol=1e-2, rtol=1e-2)
    for a, b in zip(grads, want_grads):
        torch.testing.assert_close(a.double(), b, atol=1e-2, rtol=1e-2)


@pytest.mark.parametrize("softcap,exc,msg", [
    (-1.0, ValueError, r"softcap must be a finite number >= 0"),
    (math.inf, ValueError, r"softcap must be a finite number >= 0"),
    (math.nan, ValueError, r"softcap must be a finite number >= 0"),
    ("30", TypeError, r"softcap must be a Python float"),
    (True, TypeError, r"softcap must be a Python float"),
])
def test_softcap_checked(softcap, exc, msg):
    q = torch.zeros(1, 8, 2, 64, dtype=torch.bfloat16)
    with pytest.raises(exc, match=msg):
        dash.flash_attn_func(q, q, q, softcap=softcap)


# ---- GPU ---------------------------------------------------------------------------------------
SHAPES = [(128, 128), (1000, 1000), (513, 1029)]
CAPS = [1.0, 5.0, 30.0]
MASKS = [dict(), dict(causal=True), dict(window=(100, 37))]


def _ref(q, k, v, dout, softcap, causal=False, window=(-1, -1)):
    kw = dict(causal=causal, window=window, softcap=softcap, upcast=False)
    out, lse = attention_ref(q.float(), k.float(), v.float(), **kw)
    out_pt, _ = attention_ref(q, k, v, **kw)
    grads = attention_ref_grads(q.float(), k.float(), v.float(), dout.float(), **kw)
    grads_pt = attention_ref_grads(q, k, v, dout, **kw)
    return out, lse, out_pt, grads, grads_pt


@pytest.mark.gpu
@pytest.mark.parametrize("mask", range(len(MASKS)))
@pytest.mark.parametrize("softcap", CAPS)
@pytest.mark.parametrize("seqlen_q,seqlen_k", SHAPES)
@pytest.mark.parametrize("head_dim", [64, 96, 128, 192, 256])
def test_softcap_matches_reference(seqlen_q, seqlen_k, softcap, mask, head_dim):
    from dash.fwd import attn_fwd
    from dash.ops import attn_bwd
    from tests.helpers import assert_close_as_fa3, make_inputs

    idx = SHAPES.index((seqlen_q, seqlen_k)) + CAPS.index(softcap) + mask
    dtype = [torch.bfloat16, torch.float16][idx % 2]
    heads, heads_kv = [(4, 4), (6, 2)][idx % 2]
    kw = MASKS[mask]
    q, k, v, dout = make_inputs(2, seqlen_q, seqlen_k, heads, heads_kv, head_dim, dtype, seed=idx)
    # Scores of a few units, where a cap of 1-5 bends them (randn inputs give ~N(0, 1) scores).
    q = q * 2
    out_ref, lse_ref, out_pt, (dq_r, dk_r, dv_r), (dq_p, dk_p, dv_p) = _ref(q, k, v, dout, softcap, **kw)
    tag = f"softcap={softcap} {kw} sq={seqlen_q} sk={seqlen_k} d={head_dim} {dtype} heads {heads}/{heads_kv}"
    out, lse = attn_fwd(q, k, v, softcap=softcap, **kw)
    assert_close_as_fa3(f"out [{tag}]", out, out_ref, out_pt)
    empty = torch.isinf(lse_ref)
    assert torch.equal(torch.isinf(lse), empty), f"lse's empty rows [{tag}]"
    assert (lse[~empty] - lse_ref[~empty]).abs().max().item() < 2e-3, tag
    for schedule in ("auto", "atomic"):
        dq, dk, dv = attn_bwd(dout, q, k, v, out, lse, softcap=softcap, schedule=schedule,
                              deterministic=schedule != "atomic", **kw)
        assert_close_as_fa3(f"dq {schedule} [{tag}]", dq, dq_r, dq_p)
        assert_close_as_fa3(f"dk {schedule} [{tag}]", dk, dk_r, dk_p)
        assert_close_as_fa3(f"dv {schedule} [{tag}]", dv, dv_r, dv_p)


@pytest.mark.gpu
@pytest.mark.parametrize("causal", [False, True])
@pytest.mark.parametrize("head_dim", [64, 96, 128, 192, 256])
def test_softcap_every_schedule_bitwise(causal, head_dim):
    from dash.fwd import attn_fwd
    from dash.ops import applicable_schedules, attn_bwd
    from tests.helpers import assert_close_as_fa3, make_inputs

    q, k, v, dout = make_inputs(2, 2048, 2048, 4, 4, head_dim, torch.bfloat16, seed=3)
    _, _, _, (dq_r, dk_r, dv_r), (dq_p, dk_p, dv_p) = _ref(q, k, v, dout, 2.0, causal=causal)
    out, lse = attn_fwd(q, k, v, causal=causal, softcap=2.0)
    for s in applicable_schedules(q, k, causal=causal):
        dq, dk, dv = attn_bwd(dout, q, k, v, out, lse, causal=causal, softcap=2.0, schedule=s)
        assert_close_as_fa3(f"dq {s}", dq, dq_r, dq_p)
        assert_close_as_fa3(f"dk {s}", dk, dk_r, dk_p)
        assert_close_as_fa3(f"dv {s}", dv, dv_r, dv_p)
        for _ in range(20):
            again = attn_bwd(dout, q, k, v, out, lse, causal=causal, softcap=2.0, schedule=s)
            for a, b in zip((dq, dk, dv), again):
                assert torch.equal(a, b), f"{s}: not bitwise repeatable"


def _grads_of(fn, q, k, v, dout, **kw):
    qg, kg, vg = (t.detach().clone().requires_grad_(True) for t in (q, k, v))
    out = fn(qg, kg, vg, **kw)
    return (out, *torch.autograd.grad(out, (qg, kg, vg), dout))


@pytest.mark.gpu
def test_flash_attn_func_softcap_eager_compiled_repeated():
    """softcap through dash.flash_attn_func (GQA, causal): against the reference, the custom ops
    under torch.compile the same bits as eager, and 300 reruns bitwise equal."""
    from tests.helpers import assert_close_as_fa3, make_inputs

    q, k, v, dout = make_inputs(2, 1000, 1200, 6, 2, 128, torch.bfloat16, seed=21)
    out_ref, _, out_pt, grads, grads_pt = _ref(q, k, v, dout, 10.0, causal=True)
    first = _grads_of(dash.flash_attn_func, q, k, v, dout, causal=True, softcap=10.0, deterministic=True)
    assert_close_as_fa3("out", first[0], out_ref, out_pt)
    for name, g, r, low in zip(("dq", "dk", "dv"), first[1:], grads, grads_pt):
        assert_close_as_fa3(name, g, r, low)
    compiled = torch.compile(lambda a, b, c: dash.flash_attn_func(a, b, c, causal=True, softcap=10.0,
                                                                  deterministic=True), fullgraph=True)
    for a, b in zip(_grads_of(lambda a, b, c: compiled(a, b, c), q, k, v, dout), first):
        assert torch.equal(a, b), "torch.compile (the custom ops) and eager differ"
    for _ in range(300):
        for a, b in zip(_grads_of(dash.flash_attn_func, q, k, v, dout, causal=True, softcap=10.0,
                                  deterministic=True), first):
            assert torch.equal(a, b), "not bitwise repeatable"
