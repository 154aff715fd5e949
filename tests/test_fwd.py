"""Forward kernel (dash.fwd.attn_fwd) against a float32 PyTorch reference.

Criterion (as FA3's tests): the kernel's max error against the fp32 reference is no worse than
twice the error of the same computation done by PyTorch in the input dtype, plus a small slack;
never NaN. Rows that see no key must give out = 0 and lse = -inf exactly.
"""
import math

import pytest
import torch

from dash.fwd import attn_fwd

DTYPES = [torch.bfloat16, torch.float16]
HEAD_DIMS = [64, 96, 128, 192, 256]
# (seqlen_q, seqlen_k): tile multiples and not, 1, unequal in both directions (with causal and
# seqlen_q > seqlen_k the first rows see no key).
SEQLENS = [(1, 1), (17, 17), (113, 113), (128, 128), (1000, 1000), (2048, 2048),
           (1, 1000), (113, 203), (203, 113), (17, 2048), (1000, 17), (128, 1)]
# (batch, heads, heads_kv): MHA, GQA, MQA; cycled over the seqlen pairs.
HEADS = [(2, 4, 4), (3, 6, 2), (1, 4, 1), (1, 8, 8), (2, 6, 3)]


# ---------------------------------------------------------------- reference
def causal_allowed(seqlen_q, seqlen_k, device):
    i = torch.arange(seqlen_q, device=device)[:, None]
    j = torch.arange(seqlen_k, device=device)[None, :]
    return j <= i + (seqlen_k - seqlen_q)  # bottom-right aligned


def attention_reference(q, k, v, softmax_scale, causal, compute_dtype):
    """(out in compute_dtype, lse fp32). compute_dtype=float32: the reference; the input
    dtype: PyTorch's own rounding, which sets the error bound."""
    heads, heads_kv = q.shape[2], k.shape[2]
    q, k, v = q.to(compute_dtype), k.to(compute_dtype), v.to(compute_dtype)
    if heads != heads_kv:
        k = k.repeat_interleave(heads // heads_kv, dim=2)
        v = v.repeat_interleave(heads // heads_kv, dim=2)
    scores = torch.einsum("bqhd,bkhd->bhqk", q, k) * softmax_scale
    empty = torch.zeros(q.shape[1], dtype=torch.bool, device=q.device)
    if causal:
        allowed = causal_allowed(q.shape[1], k.shape[1], q.device)
        scores = scores.masked_fill(~allowed, -math.inf)
        empty = ~allowed.any(dim=-1)
    lse = torch.logsumexp(scores.float(), dim=-1)
    p = torch.softmax(scores, dim=-1).masked_fill(empty[:, None], 0.0)  # empty rows: NaN -> 0
    out = torch.einsum("bhqk,bkhd->bqhd", p, v)
    return out, lse


def check_against_reference(q, k, v, out, lse, softmax_scale, causal, slack=1e-4):
    assert out.shape == q.shape and out.dtype == q.dtype
    assert lse.shape == (q.shape[0], q.shape[2], q.shape[1]) and lse.dtype == torch.float32
    assert not torch.isnan(out).any(), "out has NaN"
    assert not torch.isnan(lse).any(), "lse has NaN"
    out_ref, lse_ref = attention_reference(q, k, v, softmax_scale, causal, torch.float32)
    out_pt, lse_pt = attention_reference(q, k, v, softmax_scale, causal, q.dtype)

    err = (out.float() - out_ref).abs().max().item()
    err_pt = (out_pt.float() - out_ref).abs().max().item()
    assert err <= 2 * err_pt + slack, f"out: max error {err:.3e} > 2 x PyTorch's {err_pt:.3e} + {slack}"

    inf_ref = torch.isinf(lse_ref)
    assert torch.equal(torch.isinf(lse), inf_ref), "lse is -inf on other rows than the reference"
    assert (lse[inf_ref] < 0).all()
    if (~inf_ref).any():
        lerr = (lse - lse_ref)[~inf_ref].abs().max().item()
        lerr_pt = (lse_pt - lse_ref)[~inf_ref].abs().max().item()
        assert lerr <= 2 * lerr_pt + slack, f"lse: max error {lerr:.3e} > 2 x PyTorch's {lerr_pt:.3e} + {slack}"
    if inf_ref.any():  # rows that see no key: exactly zero output
        rows = inf_ref.permute(0, 2, 1)  # (b, s_q, h)
        assert (out[rows] == 0).all()


def make_qkv(batch, seqlen_q, seqlen_k, heads, heads_kv, head_dim, dtype, seed=0):
    g = torch.Generator(device="cuda").manual_seed(seed)
    q = torch.randn(batch, seqlen_q, heads, head_dim, device="cuda", dtype=dtype, generator=g)
    k = torch.randn(batch, seqlen_k, heads_kv, head_dim, device="cuda", dtype=dtype, generator=g)
    v = torch.randn(batch, seqlen_k, heads_kv, head_dim, device="cuda", dtype=dtype, generator=g)
    return q, k, v


# ---------------------------------------------------------------- GPU tests
@pytest.mark.gpu
@pytest.mark.parametrize("dtype", DTYPES, ids=["bf16", "fp16"])
@pytest.mark.parametrize("head_dim", HEAD_DIMS)
@pytest.mark.parametrize("causal", [False, True], ids=["full", "causal"])
@pytest.mark.parametrize("seqlens", SEQLENS, ids=[f"{a}x{b}" for a, b in SEQLENS])
def test_fwd_matches_reference(seqlens, causal, head_dim, dtype):
    seqlen_q, seqlen_k = seqlens
    batch, heads, heads_kv = HEADS[SEQLENS.index(seqlens) % len(HEADS)]
    q, k, v = make_qkv(batch, seqlen_q, seqlen_k, heads, heads_kv, head_dim, dtype)
    out, lse = attn_fwd(q, k, v, causal=causal)
    check_against_reference(q, k, v, out, lse, head_dim ** -0.5, causal)


@pytest.mark.gpu
@pytest.mark.parametrize("causal", [False, True], ids=["full", "causal"])
@pytest.mark.parametrize("heads,heads_kv", [(8, 8), (8, 2), (8, 1)], ids=["mha", "gqa", "mqa"])
def test_fwd_heads(heads, heads_kv, causal):
    q, k, v = make_qkv(2, 300, 500, heads, heads_kv, 128, torch.bfloat16, seed=1)
    out, lse = attn_fwd(q, k, v, causal=causal)
    check_against_reference(q, k, v, out, lse, 128 ** -0.5, causal)


@pytest.mark.gpu
@pytest.mark.parametrize("head_dim", HEAD_DIMS)
@pytest.mark.parametrize("causal", [False, True], ids=["full", "causal"])
def test_fwd_many_tiles(head_dim, causal):
    # More query tiles than SMs: a persistent CTA walks several tiles (its K/V pipeline, Q buffer
    # and ping-pong barriers carry over from one tile to the next).
    q, k, v = make_qkv(2, 1000, 777, 16, 4, head_dim, torch.bfloat16, seed=6)
    out, lse = attn_fwd(q, k, v, causal=causal)
    check_against_reference(q, k, v, out, lse, head_dim ** -0.5, causal)


@pytest.mark.gpu
@pytest.mark.parametrize("head_dim", HEAD_DIMS)
def test_fwd_scale_and_peaky_scores(head_dim):
    # Large scores (a sharp softmax) and a custom scale: the online max must keep exp2 in range.
    q, k, v = make_qkv(1, 257, 389, 4, 2, head_dim, torch.bfloat16, seed=2)
    q = q * 6
    for causal in (False, True):
        out, lse = attn_fwd(q, k, v, softmax_scale=0.3, causal=causal)
        check_against_reference(q, k, v, out, lse, 0.3, causal)


@pytest.mark.gpu
def test_fwd_strided_views():
    # q, k, v sliced from packed tensors (TMA-friendly strides, used as they are) and a head dim
    # padded to 68 elements (136-byte rows: not 16-byte aligned, copied first).
    g = torch.Generator(device="cuda").manual_seed(3)
    qkv = torch.randn(2, 333, 3, 4, 64, device="cuda", dtype=torch.float16, generator=g)
    q, k, v = qkv.unbind(dim=2)
    out, lse = attn_fwd(q, k, v, causal=True)
    check_against_reference(q, k, v, out, lse, 64 ** -0.5, True)

    padded = torch.randn(2, 200, 4, 68, device="cuda", dtype=torch.bfloat16, generator=g)
    q = padded[..., :64]
    k, v = padded[:, :150, :2, :64], padded[:, 50:, 2:, :64]
    out, lse = attn_fwd(q, k, v)
    check_against_reference(q, k, v, out, lse, 64 ** -0.5, False)


@pytest.mark.gpu
@pytest.mark.parametrize("causal", [False, True], ids=["full", "causal"])
def test_fwd_bitwise_reproducible(causal):
    q, k, v = make_qkv(2, 1500, 1700, 8, 2, 128, torch.bfloat16, seed=4)
    out0, lse0 = attn_fwd(q, k, v, causal=causal)
    for _ in range(3):
        out, lse = attn_fwd(q, k, v, causal=causal)
        assert torch.equal(out, out0) and torch.equal(lse, lse0)


@pytest.mark.gpu
@pytest.mark.parametrize("dtype", DTYPES, ids=["bf16", "fp16"])
@pytest.mark.parametrize("shape", [(2, 1024, 1000, 16, 4), (1, 256, 2048, 4, 4), (3, 1000, 777, 6, 2),
                                   (8, 2048, 2048, 16, 16), (2, 300, 500, 8, 1), (3, 1300, 900, 6, 2),
                                   (2, 1300, 700, 3, 3), (1, 1300, 500, 3, 3), (2, 1300, 400, 8, 4)],
                         ids=["many-tiles-gqa", "few-tiles", "ragged", "grid-cell", "odd-tiles", "odd-tiles-groups",
                              "odd-tiles-batches", "odd-total", "fewer-keys-gqa"])
@pytest.mark.parametrize("head_dim", [64, 128])
@pytest.mark.parametrize("causal", [False, True], ids=["full", "causal"])
def test_fwd_kv_multicast_keeps_bits(shape, dtype, head_dim, causal, monkeypatch):
    """The full-mask kernels' clusters of two CTAs (hdim 64 and 128), each loading half of every
    K/V tile into both (fwd_config.h kClusterM), change how K/V reach shared memory and nothing
    else: out and LSE bitwise those of the kernel without clusters (DASH_FWD_KV_MULTICAST=0), over
    several tiles per CTA, GQA, a ragged last key tile, an odd number of query tiles per head
    (1300 rows: 7 of hdim 64's 192-row tiles, 11 of hdim 128's 128; 2048 at hdim 64, 300 at
    hdim 128), where some clusters' two tiles straddle two heads (sharing K/V within a GQA group,
    each CTA loading its own across groups or batches: FwdKernel::cluster_shares_kv), and an odd
    number of tiles in all (the kernel without clusters runs); as close to the fp32 reference.
    Causal: the clusters run where a GQA group's heads pair up (an even group: many-tiles-gqa,
    odd-tiles, fewer-keys-gqa), in the static snake order (fwd_kernel.h static_tile), against the
    bits of the instance with dynamic claims, which MHA and odd-tiles-groups' group of 3 run either
    way; with more queries than keys (fewer-keys-gqa) the first query tiles see no key."""
    batch, seqlen_q, seqlen_k, heads, heads_kv = shape
    q, k, v = make_qkv(batch, seqlen_q, seqlen_k, heads, heads_kv, head_dim, dtype, seed=11)
    out, lse = attn_fwd(q, k, v, causal=causal)
    again = attn_fwd(q, k, v, causal=causal)
    assert torch.equal(out, again[0]) and torch.equal(lse, again[1])
    monkeypatch.setenv("DASH_FWD_KV_MULTICAST", "0")
    out_plain, lse_plain = attn_fwd(q, k, v, causal=causal)
    assert torch.equal(out, out_plain) and torch.equal(lse, lse_plain)
    if batch * seqlen_q * heads <= 2 * 1024 * 16:
        check_against_reference(q, k, v, out, lse, head_dim ** -0.5, causal)


@pytest.mark.gpu
def test_fwd_empty_inputs():
    for b, sq, sk in [(0, 16, 16), (2, 0, 16), (2, 16, 0)]:
        for causal in (False, True):
            q = torch.randn(b, sq, 4, 64, device="cuda", dtype=torch.bfloat16)
            k = torch.randn(b, sk, 2, 64, device="cuda", dtype=torch.bfloat16)
            out, lse = attn_fwd(q, k, k.clone(), causal=causal)
            assert out.shape == q.shape and lse.shape == (b, 4, sq)
            assert (out == 0).all() and (lse == -math.inf).all()


@pytest.mark.gpu
def test_fwd_other_stream_and_device_guard():
    q, k, v = make_qkv(1, 256, 256, 2, 2, 64, torch.bfloat16, seed=5)
    ref_out, ref_lse = attn_fwd(q, k, v)
    s = torch.cuda.Stream()
    with torch.cuda.stream(s):
        out, lse = attn_fwd(q, k, v)
    s.synchronize()
    assert torch.equal(out, ref_out) and torch.equal(lse, ref_lse)


@pytest.mark.gpu
def test_fwd_bad_inputs_on_gpu():
    q, k, v = make_qkv(1, 8, 8, 4, 2, 64, torch.bfloat16)
    with pytest.raises(ValueError):
        attn_fwd(q, k[:, :, :1].expand(1, 8, 3, 64), v[:, :, :1].expand(1, 8, 3, 64))  # 4 % 3
    with pytest.raises(ValueError):
        attn_fwd(q, k, v, softmax_scale=-1.0)
    with pytest.raises(ValueError):
        attn_fwd(q, k, v, softmax_scale=float("nan"))
    with pytest.raises(ValueError):
        attn_fwd(q, k.cpu(), v.cpu())
    with pytest.raises(TypeError):
        attn_fwd(q, k.half(), v.half())


# ---------------------------------------------------------------- CPU tests (validation only)
def _cpu(*shape, dtype=torch.bfloat16):
    return torch.zeros(*shape, dtype=dtype)


@pytest.mark.parametrize("case", ["dtype", "head_dim", "ndim", "heads", "kv_shape", "device"])
def test_fwd_rejects_bad_inputs(case):
    q, k, v = _cpu(1, 8, 4, 64), _cpu(1, 8, 2, 64), _cpu(1, 8, 2, 64)
    match = None
    if case == "dtype":
        q, k, v = q.float(), k.float(), v.float()
        err = TypeError
    elif case == "head_dim":  # no kernel has head dim 80 (96 has one since session 25)
        q, k, v = _cpu(1, 8, 4, 80), _cpu(1, 8, 2, 80), _cpu(1, 8, 2, 80)
        err, match = ValueError, "head_dim 80 is not supported"
    elif case == "ndim":
        q = q[0]
        err = ValueError
    elif case == "heads":
        k, v = _cpu(1, 8, 3, 64), _cpu(1, 8, 3, 64)
        err = ValueError
    elif case == "kv_shape":
        v = _cpu(1, 9, 2, 64)
        err = ValueError
    else:  # CPU tensors: must be on a CUDA device
        err = ValueError
    with pytest.raises(err, match=match):
        attn_fwd(q, k, v)



# ---------------------------------------------------------------- head dims 192 and 256
@pytest.mark.gpu
@pytest.mark.parametrize("head_dim", [192, 256])
@pytest.mark.parametrize("policy", ["window", "softcap", "varlen", "varlen_softcap"])
def test_fwd_policies_at_large_head_dims(head_dim, policy):
    """The forward's policies (sliding window, softcap, packed batches) at head dims 192 and 256
    against dash's fp32 reference, FA3's criterion."""
    import dash
    from dash.reference import attention_ref, attention_varlen_ref

    g = torch.Generator(device="cuda").manual_seed(head_dim + len(policy))
    softcap = 5.0 if "softcap" in policy else 0.0
    if policy.startswith("varlen"):
        lens = [(300, 300), (1, 129), (700, 250), (129, 700)]
        cu_q = torch.tensor([0] + [sum(q for q, _ in lens[:i + 1]) for i in range(len(lens))], dtype=torch.int32)
        cu_k = torch.tensor([0] + [sum(k for _, k in lens[:i + 1]) for i in range(len(lens))], dtype=torch.int32)
        q = torch.randn(int(cu_q[-1]), 8, head_dim, device="cuda", dtype=torch.bfloat16, generator=g) * 2
        k, v = (torch.randn(int(cu_k[-1]), 2, head_dim, device="cuda", dtype=torch.bfloat16, generator=g)
                for _ in range(2))
        cu_q, cu_k = cu_q.cuda(), cu_k.cuda()
        out, lse = dash.flash_attn_varlen_func(q, k, v, cu_q, cu_k, 700, 700, causal=True, softcap=softcap,
                                               return_attn_probs=True)
        ref = lambda t, up: attention_varlen_ref(*t, cu_q, cu_k, causal=True, softcap=softcap, upcast=up)  # noqa: E731
    else:
        q = torch.randn(2, 1000, 6, head_dim, device="cuda", dtype=torch.bfloat16, generator=g) * 2
        k, v = (torch.randn(2, 777, 2, head_dim, device="cuda", dtype=torch.bfloat16, generator=g) for _ in range(2))
        window = (300, 40) if policy == "window" else (-1, -1)
        out, lse = dash.flash_attn_func(q, k, v, window_size=window, softcap=softcap, return_attn_probs=True)
        ref = lambda t, up: attention_ref(*t, window=window, softcap=softcap, upcast=up)  # noqa: E731
    out_ref, lse_ref = ref((q.float(), k.float(), v.float()), True)
    out_pt, _ = ref((q, k, v), False)
    err = (out.float() - out_ref).abs().max().item()
    err_pt = (out_pt.float() - out_ref).abs().max().item()
    assert err <= 2 * err_pt + 1e-4, f"out: max error {err:.3e} > 2 x PyTorch's {err_pt:.3e}"
    finite = torch.isfinite(lse_ref)
    assert torch.equal(torch.isfinite(lse), finite)
    assert (lse[finite] - lse_ref[finite]).abs().max().item() < 2e-3


@pytest.mark.gpu
@pytest.mark.parametrize("head_dim", [192, 256])
def test_autograd_at_large_head_dims(head_dim):
    """flash_attn_func's forward and backward through autograd at head dims 192 and 256 (the
    backward's transposed dK/dV policy), against the fp32 reference with FA3's criterion."""
    import dash
    from tests.helpers import assert_close_as_fa3, make_inputs, reference_and_baseline_grads

    q, k, v, dout = make_inputs(2, 700, 700, 6, 2, head_dim, torch.bfloat16, seed=head_dim)
    qg, kg, vg = (t.detach().clone().requires_grad_(True) for t in (q, k, v))
    dash.flash_attn_func(qg, kg, vg, causal=True, deterministic=True).backward(dout)
    refs, lows = reference_and_baseline_grads(q, k, v, dout, True)
    for name, got, ref, low in zip(("dq", "dk", "dv"), (qg.grad, kg.grad, vg.grad), refs, lows):
        assert_close_as_fa3(f"{name} d{head_dim}", got, ref, low)
