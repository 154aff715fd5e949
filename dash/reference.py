"""Plain PyTorch attention, forward and backward: the reference every GPU test compares to.

Semantics follow FlashAttention-3: q (batch, seqlen_q, heads, d), k and v (batch, seqlen_k,
heads_kv, d) with heads % heads_kv == 0 (GQA/MQA), the causal mask aligned to the bottom-right
corner when seqlen_q != seqlen_k (query i sees key j iff j <= i + seqlen_k - seqlen_q), and the
log-sum-exp returned as fp32 (batch, heads, seqlen_q) in natural log. Rows that see no key get
out = 0, lse = -inf and zero gradients.
"""
from __future__ import annotations

import math

import torch


def causal_mask(seqlen_q: int, seqlen_k: int, device=None) -> torch.Tensor:
    """Boolean (seqlen_q, seqlen_k): True where query i may attend key j (band_mask's causal case)."""
    return band_mask(seqlen_q, seqlen_k, causal=True, device=device)


def band_mask(seqlen_q: int, seqlen_k: int, window=(-1, -1), causal=False, device=None) -> torch.Tensor:
    """Boolean (seqlen_q, seqlen_k) of FA3's (causal, window_size): query i may attend key j iff
    i + off - left <= j <= i + off + right (off = seqlen_k - seqlen_q; a negative bound is absent;
    causal sets right = 0)."""
    left, right = window
    right = 0 if causal else right
    i = torch.arange(seqlen_q, device=device)[:, None] + (seqlen_k - seqlen_q)
    j = torch.arange(seqlen_k, device=device)[None, :]
    ok = torch.ones(seqlen_q, seqlen_k, dtype=torch.bool, device=device)
    if left >= 0:
        ok &= j >= i - left
    if right >= 0:
        ok &= j <= i + right
    return ok


def _upcast(tensors, upcast):
    if upcast and tensors[0].dtype in (torch.float16, torch.bfloat16):
        return [t.float() for t in tensors]
    return list(tensors)


def _repeat_kv(q, k, v):
    heads, heads_kv = q.shape[2], k.shape[2]
    if heads != heads_kv:
        k = k.repeat_interleave(heads // heads_kv, dim=2)
        v = v.repeat_interleave(heads // heads_kv, dim=2)
    return k, v


def scores(q, k, softmax_scale, softcap=0.0):
    """The scores the softmax sees (batch, heads, seqlen_q, seqlen_k), unmasked, and their
    derivative with respect to the scaled dot product (None without softcap): the score policy
    of csrc/common/score.h. Plain: scale * q.k. Softcap > 0 (FA3's, Gemma 2's):
    softcap * tanh(scale * q.k / softcap), derivative 1 - tanh^2. k already repeated to q's heads."""
    s = torch.einsum("bqhd,bkhd->bhqk", q * softmax_scale, k)
    if not softcap:
        return s, None
    t = torch.tanh(s / softcap)
    return t * softcap, 1 - t * t


def _probs_and_lse(q, k, causal, softmax_scale, window=(-1, -1), softcap=0.0):
    """Softmax probabilities (batch, heads, seqlen_q, seqlen_k) and lse of the scaled, masked
    scores; k already repeated to q's heads. Rows that see no key: probabilities 0, lse -inf.
    Also returns the scale and the scores' derivative (scores())."""
    scale = softmax_scale if softmax_scale is not None else 1.0 / math.sqrt(q.shape[-1])
    scores_, dscores = scores(q, k, scale, softcap)
    return _softmax(scores_, q, k, causal, window) + (scale, dscores)


def _softmax(scores, q, k, causal, window):
    if causal or tuple(window) != (-1, -1):
        allowed = band_mask(q.shape[1], k.shape[1], window, causal, q.device)
        scores = scores.masked_fill(~allowed, float("-inf"))
        empty_row = ~allowed.any(dim=-1)  # (seqlen_q,)
        # A row with no allowed key: softmax over zeros, then multiplied by 0, so that neither
        # the values nor the gradients see a NaN.
        scores = scores.masked_fill(empty_row[:, None], 0.0)
        keep = (~empty_row).to(scores.dtype)[:, None]
    else:
        empty_row, keep = None, None
    low_precision = scores.dtype in (torch.float16, torch.bfloat16)
    lse = torch.logsumexp(scores.float() if low_precision else scores, dim=-1)
    probs = torch.softmax(scores, dim=-1)
    if keep is not None:
        probs = probs * keep
        lse = lse.masked_fill(empty_row, float("-inf"))
    return probs, lse


def attention_ref(q, k, v, *, causal=False, softmax_scale=None, upcast=True, window=(-1, -1), softcap=0.0):
    """Returns (out, lse). With upcast, the math runs in fp32 (fp64 if the inputs are fp64)
    and out is cast back to q's dtype; without, it runs in the input dtype (PyTorch's own
    rounding, used to set the error bound of a test). softcap > 0 caps the scores (scores())."""
    dtype = q.dtype
    q, k, v = _upcast((q, k, v), upcast)
    k, v = _repeat_kv(q, k, v)
    probs, lse, _, _ = _probs_and_lse(q, k, causal, softmax_scale, window, softcap)
    out = torch.einsum("bhqk,bkhd->bqhd", probs, v)
    return out.to(dtype), lse


def attention_ref_bwd(q, k, v, dout, *, causal=False, softmax_scale=None, window=(-1, -1), softcap=0.0):
    """(dq, dk, dv) of attention_ref in closed form (no autograd), fp32 inside, in the inputs'
    dtypes: dV = P^T dO, dS = P * (dO V^T - rowsum(dO * O)) (times 1 - tanh^2 under softcap),
    dQ = scale dS K, dK = scale dS^T Q, with GQA's dK/dV summed over each group. What dash runs on
    CPU tensors (dash.interface), where a custom op's kernel cannot use autograd; equal to
    attention_ref_grads up to fp32 rounding."""
    heads, heads_kv = q.shape[2], k.shape[2]
    dtypes = (q.dtype, k.dtype, v.dtype)
    qf, kf, vf, dof = _upcast((q, k, v, dout), True)
    kr, vr = _repeat_kv(qf, kf, vf)
    probs, _, scale, dscores = _probs_and_lse(qf, kr, causal, softmax_scale, window, softcap)
    dv = torch.einsum("bhqk,bqhd->bkhd", probs, dof)
    dp = torch.einsum("bqhd,bkhd->bhqk", dof, vr)
    ds = probs * (dp - (probs * dp).sum(dim=-1, keepdim=True))
    if dscores is not None:
        ds = ds * dscores
    dq = torch.einsum("bhqk,bkhd->bqhd", ds, kr) * scale
    dk = torch.einsum("bhqk,bqhd->bkhd", ds, qf) * scale
    if heads != heads_kv:
        b, sk, _, d = dk.shape
        dk = dk.view(b, sk, heads_kv, heads // heads_kv, d).sum(dim=3)
        dv = dv.view(b, sk, heads_kv, heads // heads_kv, d).sum(dim=3)
    return tuple(g.to(dt) for g, dt in zip((dq, dk, dv), dtypes))


def attention_ref_grads(q, k, v, dout, *, causal=False, softmax_scale=None, upcast=True, window=(-1, -1),
                        softcap=0.0):
    """(dq, dk, dv) of attention_ref by autograd, in q's dtype."""
    qg, kg, vg = (t.detach().clone().requires_grad_(True) for t in (q, k, v))
    out, _ = attention_ref(qg, kg, vg, causal=causal, softmax_scale=softmax_scale, upcast=upcast, window=window,
                           softcap=softcap)
    dq, dk, dv = torch.autograd.grad(out, (qg, kg, vg), dout)
    return dq, dk, dv


def _used_spans(cu_seqlens_q, cu_seqlens_k, seqused_q, seqused_k):
    """(first query row, first key row, used queries, used keys) of each sequence of a packed
    batch that has both queries and keys (FA3's cu_seqlens / seqused)."""
    cu_q, cu_k = cu_seqlens_q.tolist(), cu_seqlens_k.tolist()
    used_q = seqused_q.tolist() if seqused_q is not None else None
    used_k = seqused_k.tolist() if seqused_k is not None else None
    for b in range(len(cu_q) - 1):
        q0, k0 = cu_q[b], cu_k[b]
        sq = used_q[b] if used_q is not None else cu_q[b + 1] - q0
        sk = used_k[b] if used_k is not None else cu_k[b + 1] - k0
        if sq > 0 and sk > 0:
            yield q0, k0, sq, sk


def attention_varlen_ref(q, k, v, cu_seqlens_q, cu_seqlens_k, *, seqused_q=None, seqused_k=None, causal=False,
                         softmax_scale=None, upcast=True, window=(-1, -1), softcap=0.0):
    """A packed (variable-length) batch as FA3's flash_attn_varlen_func computes it: attention_ref on
    each sequence's slices. q (total_q, heads, d), k and v (total_k, heads_kv, d); sequence b has
    the query rows cu_seqlens_q[b] + [0, seqused_q[b]) and the key rows cu_seqlens_k[b] +
    [0, seqused_k[b]) (without seqused: its whole span), causal and window (a sliding window,
    band_mask) aligned to its own bottom-right corner, softcap as in attention_ref. Returns (out
    like q, lse fp32 (heads, total_q)); every row that gets no result (a sequence without keys,
    padding past seqused_q, rows outside every sequence) has out = 0 and lse = -inf, as dash's
    kernel writes them."""
    total_q, heads, _ = q.shape
    out = torch.zeros_like(q)
    lse = torch.full((heads, total_q), float("-inf"), dtype=torch.float32, device=q.device)
    for q0, k0, sq, sk in _used_spans(cu_seqlens_q, cu_seqlens_k, seqused_q, seqused_k):
        o, l = attention_ref(q[None, q0:q0 + sq], k[None, k0:k0 + sk], v[None, k0:k0 + sk], causal=causal,
                             softmax_scale=softmax_scale, upcast=upcast, window=window, softcap=softcap)
        out[q0:q0 + sq] = o[0]
        lse[:, q0:q0 + sq] = l[0].float()
    return out, lse


def attention_varlen_ref_bwd(q, k, v, dout, cu_seqlens_q, cu_seqlens_k, *, seqused_q=None, seqused_k=None,
                             causal=False, softmax_scale=None, window=(-1, -1), softcap=0.0):
    """(dq, dk, dv) of attention_varlen_ref in closed form (attention_ref_bwd on each sequence's
    slices), in the inputs' dtypes; rows outside every sequence's used tokens get 0. What dash runs
    for a packed batch on CPU tensors."""
    dq, dk, dv = torch.zeros_like(q), torch.zeros_like(k), torch.zeros_like(v)
    for q0, k0, sq, sk in _used_spans(cu_seqlens_q, cu_seqlens_k, seqused_q, seqused_k):
        g = attention_ref_bwd(q[None, q0:q0 + sq], k[None, k0:k0 + sk], v[None, k0:k0 + sk], dout[None, q0:q0 + sq],
                              causal=causal, softmax_scale=softmax_scale, window=window, softcap=softcap)
        dq[q0:q0 + sq], dk[k0:k0 + sk], dv[k0:k0 + sk] = g[0][0], g[1][0], g[2][0]
    return dq, dk, dv
