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
from dash.validate import check_qkv, for_tma

__all__ = ["attn_fwd"]


def _tma_ready(t: torch.Tensor) -> torch.Tensor:
    """A view TMA can read: 16-byte aligned base and outer strides, none of them zero
    (a broadcast dimension, e.g. from expand(), is materialized)."""
    t = for_tma(t)
    if any(s == 0 and n > 1 for s, n in zip(t.stride()[:-1], t.shape[:-1])):
        t = t.contiguous()
    return t


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
    if softmax_scale is None:
        softmax_scale = head_dim ** -0.5
    if isinstance(softmax_scale, torch.Tensor) or not isinstance(softmax_scale, (int, float)):
        raise TypeError(f"softmax_scale must be a Python float or None, got {type(softmax_scale).__name__}")
    softmax_scale = float(softmax_scale)
    if not (math.isfinite(softmax_scale) and softmax_scale > 0.0):
        raise ValueError(f"softmax_scale must be a positive finite number, got {softmax_scale}")
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
    q, k, v = _tma_ready(q), _tma_ready(k), _tma_ready(v)
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
