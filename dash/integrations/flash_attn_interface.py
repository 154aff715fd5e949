"""FlashAttention-3's Python module, `flash_attn_interface` (hopper/flash_attn_interface.py), on
dash: the same function names, positional orders, defaults and return values, so that code
written against FA3 runs unchanged once `dash.integrations.fa3.install()` has put this module
under FA3's names. It can also be imported directly.

What dash runs: bf16/fp16, head_dim 64, 96, 128, 192 and 256, the full and the causal mask (bottom-right
aligned, as FA3), sliding windows (window_size_left/right) and softcap, MHA/GQA/MQA,
any seqlen_q and seqlen_k; packed (variable-length) batches through `flash_attn_varlen_func`,
`_flash_attn_forward`/`_flash_attn_backward` and the torch ops (cu_seqlens_q and cu_seqlens_k
both given; seqused_q/k), forward and backward. FA3's windows are resolved as FA3's C++ does
(`dash.validate.resolve_window`): a window that covers every key is no window and (-1, 0) is the
causal mask. Every other argument that changes the result (one cu_seqlens without the other,
paged or rotary KV caches, fp8
descales, qv, attention_chunk, forced key splits) raises
NotImplementedError naming it; performance hints (pack_gqa,
rotary_interleaved without rotary, max_seqlen_* of a dense batch) are accepted and ignored.

Determinism: as in dash.flash_attn_func, the backward is bitwise deterministic when the call asks
(`deterministic=True`), or under `torch.use_deterministic_algorithms(True)` or
FLASH_ATTENTION_DETERMINISTIC=1; dash's schedule model then picks the schedule ("auto").

Versions: this follows FA3's current interface (the torch.library one, since November 2025):
`_flash_attn_forward` takes window_size_left/window_size_right and returns (out, softmax_lse,
out_accum, softmax_lse_accum); `_flash_attn_backward` writes dq, dk, dv in place and returns
softmax_d. Callers of the older interface that unpack `out, softmax_lse, *rest` work too.
"""
from __future__ import annotations

import contextlib

import torch

from dash import interface, validate
from dash.interface import check_num_splits, resolve_varlen_window

__all__ = ["flash_attn_func", "flash_attn_qkvpacked_func", "flash_attn_varlen_func", "flash_attn_with_kvcache",
           "flash_attn_combine", "get_scheduler_metadata", "_flash_attn_forward", "_flash_attn_backward"]

# Marks this module (and the flash_attn_3 package dash.integrations.fa3 makes) as dash's, not FA3's.
__dash_fa3_shim__ = True

_VARLEN = "dash runs packed (variable-length) batches with cu_seqlens_q and cu_seqlens_k both given"


def _none_only(where, **args):
    """NotImplementedError naming the first argument that is not None."""
    for name, value in args.items():
        if value is not None:
            raise NotImplementedError(f"{where}: {name} is not supported by dash (only {name}=None)")


def _varlen_none(where, **args):
    for name, value in args.items():
        if value is not None:
            raise NotImplementedError(f"{where}: {name} given: {_VARLEN}")


def _packed(where, cu_seqlens_q, cu_seqlens_k, seqused_q, seqused_k):
    """Whether a call is a packed (varlen) batch: both cu_seqlens given. One of them alone (FA3's
    padded queries over packed keys, or paged caches) and seqused without cu_seqlens are not
    supported: NotImplementedError naming the argument."""
    if cu_seqlens_q is None and cu_seqlens_k is None:
        _varlen_none(where, seqused_q=seqused_q, seqused_k=seqused_k)
        return False
    if cu_seqlens_q is None or cu_seqlens_k is None:
        missing = "cu_seqlens_q" if cu_seqlens_q is None else "cu_seqlens_k"
        given = "cu_seqlens_k" if cu_seqlens_q is None else "cu_seqlens_q"
        raise NotImplementedError(f"{where}: {given} is given without {missing}: {_VARLEN}")
    return True


def _max_seqlen(value, total):
    """FA3's max_seqlen of a packed call, used only to resolve the window: None -> the total
    (an upper bound, which resolves every window the same way for the full and causal masks)."""
    return total if value is None else value


def _scalar_default(where, **args):
    """NotImplementedError naming the first (name, (value, default)) whose value is not the default."""
    for name, (value, default) in args.items():
        if isinstance(value, torch.Tensor) or value != default:
            raise NotImplementedError(f"{where}: {name}={value!r} is not supported by dash (only {name}={default!r})")


def _empty_accum(like):
    """FA3's out_accum / softmax_lse_accum when the keys are not split: empty fp32 tensors."""
    return like.new_empty(0, dtype=torch.float32)


def _forward(where, q, k, v, *, k_new, v_new, qv, out_, cu_seqlens_q, cu_seqlens_k, cu_seqlens_k_new, seqused_q,
             seqused_k, max_seqlen_q=None, max_seqlen_k=None, page_table, kv_batch_idx, leftpad_k, rotary_cos,
             rotary_sin, seqlens_rotary, q_descale, k_descale, v_descale, softmax_scale, causal, window_size_left,
             window_size_right, attention_chunk, softcap, scheduler_metadata, num_splits, sm_margin, differentiable):
    """The body of FA3's forward (`_flash_attn_forward`, `torch.ops.flash_attn_3.fwd`): checks, then
    dash's forward, of a padded batch or, with cu_seqlens_q and cu_seqlens_k, a packed one (q
    (total_q, heads, d); softmax_lse (heads, total_q)). Returns (out, softmax_lse, out_accum,
    softmax_lse_accum)."""
    _varlen_none(where, cu_seqlens_k_new=cu_seqlens_k_new)
    packed = _packed(where, cu_seqlens_q, cu_seqlens_k, seqused_q, seqused_k)
    _none_only(where, k_new=k_new, v_new=v_new, qv=qv, page_table=page_table, kv_batch_idx=kv_batch_idx,
               leftpad_k=leftpad_k, rotary_cos=rotary_cos, rotary_sin=rotary_sin, seqlens_rotary=seqlens_rotary,
               q_descale=q_descale, k_descale=k_descale, v_descale=v_descale, scheduler_metadata=scheduler_metadata)
    _scalar_default(where, attention_chunk=(attention_chunk, 0))
    check_num_splits(num_splits, where)
    if packed:
        validate.check_tensor("q", q)
        validate.check_tensor("k", k)
        with contextlib.nullcontext() if differentiable else torch.no_grad():
            out, lse = interface.flash_attn_varlen_func(
                q, k, v, cu_seqlens_q, cu_seqlens_k, _max_seqlen(max_seqlen_q, q.shape[0]),
                _max_seqlen(max_seqlen_k, k.shape[0]), seqused_q, seqused_k, softmax_scale, causal,
                window_size=(window_size_left, window_size_right), softcap=softcap, num_splits=num_splits,
                sm_margin=sm_margin, return_attn_probs=True)
        if out_ is not None:
            out_.copy_(out)
            out = out_
        return out, lse, _empty_accum(q), _empty_accum(q)
    causal, window = interface.resolve_fa3_window(causal, (window_size_left, window_size_right), q, k,
                                                  name="(window_size_left, window_size_right)")
    with contextlib.nullcontext() if differentiable else torch.no_grad():
        out, lse = interface.attention_forward(q, k, v, softmax_scale, causal, window=window, softcap=softcap,
                                               deterministic=False, sm_margin=sm_margin)
    if out_ is not None:
        out_.copy_(out)
        out = out_
    return out, lse, _empty_accum(q), _empty_accum(q)


def _backward_into(where, dout, q, k, v, out, softmax_lse, dq, dk, dv, *, cu_seqlens_q, cu_seqlens_k, seqused_q,
                   seqused_k, max_seqlen_q=None, max_seqlen_k=None, softmax_scale, is_causal, window_size_left,
                   window_size_right, softcap, deterministic, sm_margin):
    """The body of FA3's backward (`_flash_attn_backward`, `torch.ops.flash_attn_3.bwd`): dq, dk, dv
    written in place (allocated when None, as FA3 does), of a padded batch or, with cu_seqlens_q
    and cu_seqlens_k, a packed one. Returns (dq, dk, dv)."""
    packed = _packed(where, cu_seqlens_q, cu_seqlens_k, seqused_q, seqused_k)
    if packed:
        validate.check_tensor("q", q)
        validate.check_tensor("k", k)
        causal, window = resolve_varlen_window(is_causal, window_size_left, window_size_right,
                                               _max_seqlen(max_seqlen_q, q.shape[0]),
                                               _max_seqlen(max_seqlen_k, k.shape[0]),
                                               name="(window_size_left, window_size_right)")
        scale = float(validate.check_softmax_scale(softmax_scale, q.shape[-1]))
        validate.check_sm_margin(sm_margin, q.device)
        det = interface.deterministic_requested(deterministic)
        grads = interface._attn_bwd_varlen_op(dout, q, k, v, out, softmax_lse, cu_seqlens_q, cu_seqlens_k, seqused_q,
                                              seqused_k, scale, causal, *window, validate.check_softcap(softcap), det,
                                              "auto" if det else "atomic")
        result = []
        for dst, src in zip((dq, dk, dv), grads):
            if dst is None:
                dst = src
            else:
                dst.copy_(src)
            result.append(dst)
        return tuple(result)
    causal, window = interface.resolve_fa3_window(is_causal, (window_size_left, window_size_right), q, k,
                                                  name="(window_size_left, window_size_right)")
    scale = float(validate.check_softmax_scale(softmax_scale, q.shape[-1]))
    sm_margin = validate.check_sm_margin(sm_margin, q.device)
    dq = torch.empty_like(q) if dq is None else dq
    dk = torch.empty_like(k) if dk is None else dk
    dv = torch.empty_like(v) if dv is None else dv
    det = interface.deterministic_requested(deterministic)
    interface._attn_bwd_into_op(dout, q, k, v, out, softmax_lse, dq, dk, dv, scale, causal, *window,
                                validate.check_softcap(softcap), det, "auto" if det else "atomic", sm_margin)
    return dq, dk, dv


def _flash_attn_forward(q, k, v, k_new=None, v_new=None, qv=None, out_=None, cu_seqlens_q=None, cu_seqlens_k=None,
                        cu_seqlens_k_new=None, seqused_q=None, seqused_k=None, max_seqlen_q=None, max_seqlen_k=None,
                        page_table=None, kv_batch_idx=None, leftpad_k=None, rotary_cos=None, rotary_sin=None,
                        seqlens_rotary=None, q_descale=None, k_descale=None, v_descale=None, softmax_scale=None,
                        causal=False, window_size_left=-1, window_size_right=-1, attention_chunk=0, softcap=0.0,
                        rotary_interleaved=True, scheduler_metadata=None, num_splits=1, pack_gqa=None, sm_margin=0):
    """FA3's `_flash_attn_forward`: (out, softmax_lse, out_accum, softmax_lse_accum); out is
    written into `out_` when given; the accumulators are empty (dash does not split the keys).
    Differentiable, as FA3's (its backward is deterministic only under the global switches)."""
    return _forward("_flash_attn_forward", q, k, v, k_new=k_new, v_new=v_new, qv=qv, out_=out_,
                    cu_seqlens_q=cu_seqlens_q, cu_seqlens_k=cu_seqlens_k, cu_seqlens_k_new=cu_seqlens_k_new,
                    seqused_q=seqused_q, seqused_k=seqused_k, max_seqlen_q=max_seqlen_q, max_seqlen_k=max_seqlen_k,
                    page_table=page_table, kv_batch_idx=kv_batch_idx,
                    leftpad_k=leftpad_k, rotary_cos=rotary_cos, rotary_sin=rotary_sin,
                    seqlens_rotary=seqlens_rotary, q_descale=q_descale, k_descale=k_descale, v_descale=v_descale,
                    softmax_scale=softmax_scale, causal=causal, window_size_left=window_size_left,
                    window_size_right=window_size_right, attention_chunk=attention_chunk, softcap=softcap,
                    scheduler_metadata=scheduler_metadata, num_splits=num_splits, sm_margin=sm_margin,
                    differentiable=True)


def _flash_attn_backward(dout, q, k, v, out, softmax_lse, cu_seqlens_q=None, cu_seqlens_k=None, sequed_q=None,
                         sequed_k=None, max_seqlen_q=None, max_seqlen_k=None, dq=None, dk=None, dv=None,
                         softmax_scale=None, is_causal=False, window_size_left=-1, window_size_right=-1, softcap=0.0,
                         deterministic=False, sm_margin=0):
    """FA3's `_flash_attn_backward`: writes the gradients into the caller's dq, dk, dv (any
    strides with a unit last dimension: views into a larger buffer work, as TransformerEngine's
    context parallelism uses them) and returns softmax_d, rowsum(dout * out) in fp32, (batch,
    heads, seqlen_q) (FA3 pads its last dimension to its tile size; dash returns it unpadded)."""
    _backward_into("_flash_attn_backward", dout, q, k, v, out, softmax_lse, dq, dk, dv, cu_seqlens_q=cu_seqlens_q,
                   cu_seqlens_k=cu_seqlens_k, seqused_q=sequed_q, seqused_k=sequed_k, max_seqlen_q=max_seqlen_q,
                   max_seqlen_k=max_seqlen_k, softmax_scale=softmax_scale, is_causal=is_causal,
                   window_size_left=window_size_left, window_size_right=window_size_right, softcap=softcap,
                   deterministic=deterministic, sm_margin=sm_margin)
    # (batch, heads, seqlen_q), or (heads, total_q) for a packed batch, as softmax_lse
    return (dout.float() * out.float()).sum(dim=-1).transpose(-2, -1).contiguous()


def flash_attn_func(q, k, v, softmax_scale=None, causal=False, qv=None, q_descale=None, k_descale=None,
                    v_descale=None, window_size=(-1, -1), attention_chunk=0, softcap=0.0, num_splits=1, pack_gqa=None,
                    deterministic=False, sm_margin=0, return_attn_probs=False):
    """FA3's `flash_attn_func`: out, or (out, softmax_lse) when return_attn_probs. dash.flash_attn_func
    with FA3's exact signature (dash's `schedule` keyword stays "auto")."""
    return interface.flash_attn_func(q, k, v, softmax_scale, causal, qv, q_descale, k_descale, v_descale, window_size,
                                     attention_chunk, softcap, num_splits, pack_gqa, deterministic, sm_margin,
                                     return_attn_probs)


def flash_attn_qkvpacked_func(qkv, softmax_scale=None, causal=False, q_descale=None, k_descale=None, v_descale=None,
                              window_size=(-1, -1), attention_chunk=0, softcap=0.0, deterministic=False,
                              num_heads_q=None, sm_margin=0, return_attn_probs=False):
    """FA3's `flash_attn_qkvpacked_func`: qkv (batch, seqlen, 3, heads, head_dim), or (batch, seqlen,
    num_heads_q + 2 * heads_kv, head_dim) with num_heads_q. Gradients flow back into qkv."""
    validate.check_tensor("qkv", qkv)
    if qkv.dim() == 5:
        if qkv.shape[-3] != 3:
            raise ValueError(f"qkv (batch, seqlen, 3, heads, head_dim) must have 3 at dim -3, got {tuple(qkv.shape)}")
        q, k, v = qkv.unbind(dim=-3)
    elif qkv.dim() == 4:
        if num_heads_q is None:
            raise ValueError("qkv of 4 dimensions (batch, seqlen, heads_q + 2 * heads_kv, head_dim) needs num_heads_q")
        heads_kv = (qkv.shape[2] - num_heads_q) // 2
        if heads_kv <= 0 or 2 * heads_kv + num_heads_q != qkv.shape[2]:
            raise ValueError(f"qkv has {qkv.shape[2]} heads, which is not num_heads_q={num_heads_q} + 2 * heads_kv")
        q, k, v = qkv.split([num_heads_q, heads_kv, heads_kv], dim=-2)
    else:
        raise ValueError(f"qkv must have 4 or 5 dimensions, got shape {tuple(qkv.shape)}")
    return interface.flash_attn_func(q, k, v, softmax_scale, causal, None, q_descale, k_descale, v_descale,
                                     window_size, attention_chunk, softcap, 1, None, deterministic, sm_margin,
                                     return_attn_probs)


def flash_attn_varlen_func(q, k, v, cu_seqlens_q, cu_seqlens_k, max_seqlen_q, max_seqlen_k, seqused_q=None,
                           seqused_k=None, softmax_scale=None, causal=False, qv=None, q_descale=None, k_descale=None,
                           v_descale=None, window_size=(-1, -1), attention_chunk=0, softcap=0.0, num_splits=1,
                           pack_gqa=None, deterministic=False, sm_margin=0, return_attn_probs=False):
    """FA3's `flash_attn_varlen_func`: dash.flash_attn_varlen_func (forward and backward; the
    backward's determinism follows `deterministic` and PyTorch's switch, as flash_attn_func's)."""
    return interface.flash_attn_varlen_func(q, k, v, cu_seqlens_q, cu_seqlens_k, max_seqlen_q, max_seqlen_k,
                                            seqused_q, seqused_k, softmax_scale, causal, qv, q_descale, k_descale,
                                            v_descale, window_size, attention_chunk, softcap, num_splits, pack_gqa,
                                            deterministic, sm_margin, return_attn_probs)


def flash_attn_with_kvcache(q, k_cache, v_cache, k=None, v=None, qv=None, rotary_cos=None, rotary_sin=None,
                            cache_seqlens=None, cache_batch_idx=None, cache_leftpad=None, page_table=None,
                            cu_seqlens_q=None, cu_seqlens_k_new=None, max_seqlen_q=None, rotary_seqlens=None,
                            q_descale=None, k_descale=None, v_descale=None, softmax_scale=None, causal=False,
                            window_size=(-1, -1), attention_chunk=0, softcap=0.0, rotary_interleaved=True,
                            scheduler_metadata=None, num_splits=0, pack_gqa=None, sm_margin=0,
                            return_softmax_lse=False):
    """FA3's `flash_attn_with_kvcache`, for a cache that every sequence fills to the same length:
    cache_seqlens None (the whole cache) or an int; k and v, when given, are written into the
    caches in place at [cache_seqlens, cache_seqlens + seqlen_new) first. Per-sequence lengths (a
    tensor), paged caches, rotary embedding and the rest raise NotImplementedError. Returns out,
    or (out, softmax_lse, out_accum, softmax_lse_accum) when return_softmax_lse."""
    where = "flash_attn_with_kvcache"
    _varlen_none(where, cu_seqlens_q=cu_seqlens_q, cu_seqlens_k_new=cu_seqlens_k_new)
    _none_only(where, qv=qv, rotary_cos=rotary_cos, rotary_sin=rotary_sin, cache_batch_idx=cache_batch_idx,
               cache_leftpad=cache_leftpad, page_table=page_table, rotary_seqlens=rotary_seqlens,
               q_descale=q_descale, k_descale=k_descale, v_descale=v_descale, scheduler_metadata=scheduler_metadata)
    validate.check_tensor("k_cache", k_cache)
    if isinstance(cache_seqlens, torch.Tensor):
        raise NotImplementedError(f"{where}: cache_seqlens as a tensor (a length per sequence) is not supported by "
                                  "dash; pass an int when every sequence has the same length")
    if (k is None) != (v is None):
        raise ValueError(f"{where}: pass both k and v, or neither")
    if cache_seqlens is None:
        if k is not None:
            raise NotImplementedError(f"{where}: appending k and v needs cache_seqlens (an int)")
        used = k_cache.shape[1]
    else:
        used = int(cache_seqlens)
        if not 0 <= used <= k_cache.shape[1]:
            raise ValueError(f"{where}: cache_seqlens={used} is outside the cache's {k_cache.shape[1]} positions")
    if k is not None:
        new = k.shape[1]
        if used + new > k_cache.shape[1]:
            raise ValueError(f"{where}: {new} new keys do not fit after cache_seqlens={used} in a cache of "
                             f"{k_cache.shape[1]}")
        k_cache[:, used:used + new] = k
        v_cache[:, used:used + new] = v
        used += new
    out, lse, *rest = _forward(where, q, k_cache[:, :used], v_cache[:, :used], k_new=None, v_new=None, qv=None,
                               out_=None, cu_seqlens_q=None, cu_seqlens_k=None, cu_seqlens_k_new=None, seqused_q=None,
                               seqused_k=None, page_table=None, kv_batch_idx=None, leftpad_k=None, rotary_cos=None,
                               rotary_sin=None, seqlens_rotary=None, q_descale=None, k_descale=None, v_descale=None,
                               softmax_scale=softmax_scale, causal=causal, window_size_left=window_size[0],
                               window_size_right=window_size[1], attention_chunk=attention_chunk, softcap=softcap,
                               scheduler_metadata=None, num_splits=num_splits, sm_margin=sm_margin,
                               differentiable=True)
    return (out, lse, *rest) if return_softmax_lse else out


def flash_attn_combine(out_partial, lse_partial, out=None, out_dtype=None):
    """FA3's combine of split-KV partial results: dash never splits the keys (NotImplementedError)."""
    raise NotImplementedError("flash_attn_combine (out_partial, lse_partial): dash does not split the keys, so it "
                              "has no partial results to combine")


def get_scheduler_metadata(batch_size, max_seqlen_q, max_seqlen_k, num_heads_q, num_heads_kv, headdim,
                           cache_seqlens, qkv_dtype=torch.bfloat16, headdim_v=None, cu_seqlens_q=None,
                           cu_seqlens_k_new=None, cache_leftpad=None, page_size=None, max_seqlen_k_new=0,
                           causal=False, window_size=(-1, -1), attention_chunk=0, has_softcap=False, num_splits=0,
                           pack_gqa=None, sm_margin=0):
    """FA3's precomputed scheduler metadata for its KV-cache kernels: not supported by dash."""
    raise NotImplementedError("get_scheduler_metadata (scheduler_metadata): dash has no scheduler metadata; call "
                              "flash_attn_with_kvcache without it")
