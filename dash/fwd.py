"""Low-level entry to dash's Hopper attention forward kernel.

`attn_fwd` validates its inputs, allocates `out` and `softmax_lse` with torch (caching
allocator, CUDA-graph friendly) and launches one kernel on the current stream. The result is
deterministic by construction: every reduction runs in a fixed order, so repeated calls give the
same bits. Autograd, custom ops and the FA3-style API live in `dash.interface`.
"""
from __future__ import annotations

import math
import os

import torch

from dash import _ext
from dash.validate import (FWD_HEAD_DIMS, banded, check_qkv, check_softcap, check_softmax_scale, check_varlen_qkv,
                           check_varlen_values, for_tma, resolve_packed_window,
                           resolve_window)

__all__ = ["attn_fwd", "attn_fwd_varlen"]


def attn_fwd(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, softmax_scale: float | None = None,
             causal: bool = False, window: tuple = (-1, -1),
             softcap: float = 0.0) -> tuple[torch.Tensor, torch.Tensor]:
    """Softmax attention forward.

    q: (batch, seqlen_q, heads, head_dim); k, v: (batch, seqlen_k, heads_kv, head_dim), with
    heads a multiple of heads_kv (query head h reads k/v head h // (heads // heads_kv)).
    float16 or bfloat16, head_dim 64, 96, 128, 192 or 256, on a Hopper GPU. softmax_scale defaults to
    head_dim ** -0.5. causal: bottom-right aligned, as FlashAttention: query row i sees key j iff
    j <= i + seqlen_k - seqlen_q. window: FA3's window_size (left, right), a sliding window: row i
    sees keys i + off - left .. i + off + right (off = seqlen_k - seqlen_q; -1 = unbounded; with
    causal, right = 0), resolved as FA3 does (dash.validate.resolve_window). softcap: FA3's score
    cap, score = softcap * tanh(softmax_scale * q.k / softcap) (Gemma 2); 0 is none.

    Returns (out, softmax_lse): out like q (contiguous); softmax_lse fp32 (batch, heads,
    seqlen_q), the natural-log log-sum-exp of the scaled scores of each row. Rows that see no
    key get out = 0 and softmax_lse = -inf.
    """
    batch, seqlen_q, seqlen_k, heads, heads_kv, head_dim = check_qkv(q, k, v, head_dims=FWD_HEAD_DIMS)
    softmax_scale = check_softmax_scale(softmax_scale, head_dim)
    softcap = check_softcap(softcap)
    causal, (left, right) = resolve_window(bool(causal), window, seqlen_q, seqlen_k)

    out = torch.empty((batch, seqlen_q, heads, head_dim), dtype=q.dtype, device=q.device)
    lse = torch.empty((batch, heads, seqlen_q), dtype=torch.float32, device=q.device)
    return _launch(q, k, v, out, lse, _ext.strided, (batch, heads, heads_kv, seqlen_q, seqlen_k, head_dim),
                   softmax_scale, causal, (left, right), softcap)


def attn_fwd_varlen(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, cu_seqlens_q: torch.Tensor,
                    cu_seqlens_k: torch.Tensor, softmax_scale: float | None = None, causal: bool = False,
                    seqused_q: torch.Tensor | None = None, seqused_k: torch.Tensor | None = None,
                    window: tuple = (-1, -1), softcap: float = 0.0) -> tuple[torch.Tensor, torch.Tensor]:
    """Softmax attention forward of a packed (variable-length) batch, FA3's varlen layout.

    q: (total_q, heads, head_dim); k, v: (total_k, heads_kv, head_dim). Sequence b has the query
    rows [cu_seqlens_q[b], cu_seqlens_q[b + 1]) and the key rows [cu_seqlens_k[b],
    cu_seqlens_k[b + 1]); cu_seqlens_* are int32 (batch + 1,) on q's device. seqused_q/k (int32
    (batch,), optional): only the first seqused[b] tokens of each span are used (FA3). causal and
    window (FA3's window_size (left, right), a sliding window as in attn_fwd; resolved by
    dash.validate.resolve_packed_window) are aligned to each sequence's own bottom-right corner.
    softcap: FA3's score cap, as in attn_fwd.

    Returns (out, softmax_lse): out like q (contiguous); softmax_lse fp32 (heads, total_q), FA3's
    varlen layout. Rows that see no key (a sequence without keys, causal rows above the diagonal),
    padding rows past seqused_q and rows past the last sequence get out = 0 and softmax_lse =
    -inf; rows before cu_seqlens_q[0] are not written.

    The offsets are read on the GPU only (no host sync): they are not checked unless
    DASH_CHECK_VARLEN=1 (which syncs). Offsets out of order or range give wrong results for those
    sequences, never a read or write outside the tensors. A sequence's result does not depend on
    the other sequences of the batch, bit for bit.
    """
    batch, total_q, total_k, heads, heads_kv, head_dim = check_varlen_qkv(q, k, v, cu_seqlens_q, cu_seqlens_k,
                                                                          seqused_q, seqused_k,
                                                                          head_dims=FWD_HEAD_DIMS)
    softmax_scale = check_softmax_scale(softmax_scale, head_dim)
    causal, (left, right) = resolve_packed_window(bool(causal), window)
    softcap = check_softcap(softcap)
    if os.environ.get("DASH_CHECK_VARLEN", "0") == "1":
        check_varlen_values(cu_seqlens_q, cu_seqlens_k, seqused_q, seqused_k, total_q, total_k)

    out = torch.empty((total_q, heads, head_dim), dtype=q.dtype, device=q.device)
    lse = torch.empty((heads, total_q), dtype=torch.float32, device=q.device)
    return _launch(q, k, v, out, lse, _ext.strided_packed, (batch, heads, heads_kv, total_q, total_k, head_dim),
                   softmax_scale, causal, (left, right), softcap,
                   varlen=(cu_seqlens_q, cu_seqlens_k, seqused_q, seqused_k))


def _launch(q, k, v, out, lse, strided, sizes, softmax_scale, causal, window, softcap, varlen=None):
    """The kernel launch both entries share, on checked inputs: `sizes` is (batch, heads, heads_kv,
    seqlen_q, seqlen_k, head_dim), the packed totals for varlen, whose `varlen` is (cu_seqlens_q,
    cu_seqlens_k, seqused_q, seqused_k); `strided` describes a tensor to the binding."""
    batch, heads, heads_kv, seqlen_q, seqlen_k, head_dim = sizes
    if out.numel() == 0:
        return out, lse
    if seqlen_k == 0:  # no key at all: every row is empty
        out.zero_()
        lse.fill_(-math.inf)
        return out, lse

    C = _ext.load()
    q, k, v = for_tma(q), for_tma(k), for_tma(v)
    p = C.FwdParams()
    p.q, p.k, p.v, p.out = (strided(t) for t in (q, k, v, out))
    p.lse = lse.data_ptr()
    p.batch, p.heads, p.heads_kv = batch, heads, heads_kv
    p.seqlen_q, p.seqlen_k, p.head_dim = seqlen_q, seqlen_k, head_dim
    p.softmax_scale = softmax_scale
    p.causal = causal
    p.window_left, p.window_right = window
    p.softcap = softcap
    p.dtype = _ext.dtype_code(q.dtype)
    # The hdim-64 and -128 kernels' clusters that share their K/V loads (full masks, and causal
    # ones of an even GQA group: csrc/fwd/fwd_config.h, kClusterM; none in the varlen kernels);
    # the bits are the same either way, so turning them off is for measuring only.
    p.kv_multicast = os.environ.get("DASH_FWD_KV_MULTICAST", "1") != "0"
    if varlen is not None:
        cu_seqlens_q, cu_seqlens_k, seqused_q, seqused_k = varlen
        p.cu_seqlens_q, p.cu_seqlens_k = cu_seqlens_q.data_ptr(), cu_seqlens_k.data_ptr()
        p.seqused_q = seqused_q.data_ptr() if seqused_q is not None else 0
        p.seqused_k = seqused_k.data_ptr() if seqused_k is not None else 0
    if varlen is not None or banded(causal, window):
        # The persistent CTAs of banded and packed calls claim their tiles from this counter
        # (csrc/fwd/fwd_config.h, kDynamicTiles; not the causal clusters, which take theirs in a
        # static order); one per call, so that calls on different streams never share it.
        tile_counter = torch.zeros(1, dtype=torch.int32, device=q.device)
        p.tile_counter = tile_counter.data_ptr()
    with torch.cuda.device(q.device):
        C.fwd(p, torch.cuda.current_stream(q.device).cuda_stream)
    return out, lse
