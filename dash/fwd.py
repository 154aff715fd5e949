"""Low-level entry to dash's Hopper attention forward kernel.

`attn_fwd` validates its inputs, allocates `out` and `softmax_lse` with torch (caching
allocator, CUDA-graph friendly) and launches one kernel on the current stream. The result is
deterministic by construction: every reduction runs in a fixed order, so repeated calls give the
same bits. Autograd, custom ops and the FA3-style API live in `dash.interface`.
"""
from __future__ import annotations

import math

import torch

from dash import _ext
from dash.validate import check_qkv, check_softmax_scale, for_tma

__all__ = ["attn_fwd"]


def attn_fwd(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, softmax_scale: float | None = None,
             causal: bool = False) -> tuple[torch.Tensor, torch.Tensor]:
    """Softmax attention forward.

    q: (batch, seqlen_q, heads, head_dim); k, v: (batch, seqlen_k, heads_kv, head_dim), with
    heads a multiple of heads_kv (query head h reads k/v head h // (heads // heads_kv)).
    float16 or bfloat16, head_dim 64 or 128, on a Hopper GPU. softmax_scale defaults to
    head_dim ** -0.5. causal: bottom-right aligned, as FlashAttention: query row i sees key j iff
    j <= i + seqlen_k - seqlen_q.

    Returns (out, softmax_lse): out like q (contiguous); softmax_lse fp32 (batch, heads,
    seqlen_q), the natural-log log-sum-exp of the scaled scores of each row. Rows that see no
    key get out = 0 and softmax_lse = -inf.
    """
    batch, seqlen_q, seqlen_k, heads, heads_kv, head_dim = check_qkv(q, k, v)
    softmax_scale = check_softmax_scale(softmax_scale, head_dim)
    causal = bool(causal)

    out = torch.empty((batch, seqlen_q, heads, head_dim), dtype=q.dtype, device=q.device)
    lse = torch.empty((batch, heads, seqlen_q), dtype=torch.float32, device=q.device)
    if out.numel() == 0:
        return out, lse
    if seqlen_k == 0:  # no key at all: every row is empty
        out.zero_()
        lse.fill_(-math.inf)
        return out, lse

    C = _ext.load()
    q, k, v = for_tma(q), for_tma(k), for_tma(v)
    p = C.FwdParams()
    p.q, p.k, p.v, p.out = _ext.strided(q), _ext.strided(k), _ext.strided(v), _ext.strided(out)
    p.lse = lse.data_ptr()
    p.batch, p.heads, p.heads_kv = batch, heads, heads_kv
    p.seqlen_q, p.seqlen_k, p.head_dim = seqlen_q, seqlen_k, head_dim
    p.softmax_scale = softmax_scale
    p.causal = causal
    p.dtype = _ext.dtype_code(q.dtype)
    with torch.cuda.device(q.device):
        C.fwd(p, torch.cuda.current_stream(q.device).cuda_stream)
    return out, lse
