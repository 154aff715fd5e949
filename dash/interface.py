"""FlashAttention-3's Python API on dash's kernels: `flash_attn_func` (forward + a deterministic
backward by autograd) and `flash_attn_varlen_func`.

Both kernels are registered as `torch.library` custom ops with fake (meta) implementations, so
`torch.compile(fullgraph=True)` traces through them without graph breaks, and they allocate with
torch's caching allocator on the current stream, so they can be captured in CUDA graphs (after
one warm-up call per shape, which builds and caches the schedule tables on the device).
"""
from __future__ import annotations

import os

import torch

from dash import ops, validate
from dash.fwd import attn_fwd


@torch.library.custom_op("dash::attn_fwd", mutates_args=())
def _attn_fwd_op(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, softmax_scale: float,
                 causal: bool) -> tuple[torch.Tensor, torch.Tensor]:
    return attn_fwd(q, k, v, softmax_scale=softmax_scale, causal=causal)


def _fwd_outputs_like(q):
    """Empty (out, softmax_lse) of the forward's shapes: the fake (meta) implementation."""
    batch, seqlen_q, heads, head_dim = q.shape
    return q.new_empty(batch, seqlen_q, heads, head_dim), q.new_empty(batch, heads, seqlen_q, dtype=torch.float32)


@_attn_fwd_op.register_fake
def _(q, k, v, softmax_scale, causal):
    return _fwd_outputs_like(q)


@torch.library.custom_op("dash::attn_bwd", mutates_args=())
def _attn_bwd_op(dout: torch.Tensor, q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, out: torch.Tensor,
                 softmax_lse: torch.Tensor, softmax_scale: float, causal: bool, deterministic: bool,
                 schedule: str, sm_margin: int) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    return ops.attn_bwd(dout.contiguous(), q, k, v, out, softmax_lse, softmax_scale=softmax_scale, causal=causal,
                        deterministic=deterministic, schedule=schedule, sm_margin=sm_margin)


@_attn_bwd_op.register_fake
def _(dout, q, k, v, out, softmax_lse, softmax_scale, causal, deterministic, schedule, sm_margin):
    return torch.empty_like(q), torch.empty_like(k), torch.empty_like(v)


# The backward's settings ride along as extra inputs of a forward op that ignores them, so that
# autograd's saved context holds them without Python state outside the graph.
@torch.library.custom_op("dash::attn_fwd_for_grad", mutates_args=())
def _attn_fwd_for_grad_op(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, softmax_scale: float, causal: bool,
                          deterministic: bool, schedule: str, sm_margin: int) -> tuple[torch.Tensor, torch.Tensor]:
    return attn_fwd(q, k, v, softmax_scale=softmax_scale, causal=causal)


@_attn_fwd_for_grad_op.register_fake
def _(q, k, v, softmax_scale, causal, deterministic, schedule, sm_margin):
    return _fwd_outputs_like(q)


def _setup_context(ctx, inputs, output):
    q, k, v, softmax_scale, causal, deterministic, schedule, sm_margin = inputs
    out, lse = output
    ctx.save_for_backward(q, k, v, out, lse)
    ctx.settings = (softmax_scale, causal, deterministic, schedule, sm_margin)
    ctx.set_materialize_grads(True)


def _backward(ctx, dout, dlse):
    q, k, v, out, lse = ctx.saved_tensors
    dq, dk, dv = _attn_bwd_op(dout, q, k, v, out, lse, *ctx.settings)
    return dq, dk, dv, None, None, None, None, None


_attn_fwd_for_grad_op.register_autograd(_backward, setup_context=_setup_context)


def deterministic_requested(deterministic: bool) -> bool:
    """FA3's argument, PyTorch's global switch, or Hugging Face's environment variable."""
    return (bool(deterministic) or torch.are_deterministic_algorithms_enabled()
            or os.environ.get("FLASH_ATTENTION_DETERMINISTIC", "0") == "1")


def _not_supported(name, value, default):
    if isinstance(value, torch.Tensor) or value != default:
        raise NotImplementedError(f"dash.flash_attn_func does not support {name}={value!r} yet "
                                  f"(only {name}={default!r})")


def flash_attn_func(q, k, v, softmax_scale=None, causal=False, qv=None, q_descale=None, k_descale=None,
                    v_descale=None, window_size=(-1, -1), attention_chunk=0, softcap=0.0, num_splits=1,
                    pack_gqa=None, deterministic=False, sm_margin=0, return_attn_probs=False, *,
                    schedule="auto"):
    """Drop-in for FlashAttention-3's `flash_attn_func`.

    q (batch, seqlen_q, heads, head_dim), k and v (batch, seqlen_k, heads_kv, head_dim); bf16 or
    fp16; head_dim 64 or 128; causal aligned bottom-right. Returns out, or (out, softmax_lse)
    when return_attn_probs (FA3's convention: softmax_lse, not the probabilities).

    The backward is bitwise deterministic when `deterministic=True`,
    `torch.use_deterministic_algorithms(True)` or FLASH_ATTENTION_DETERMINISTIC=1; `schedule`
    (dash only, keyword) picks its schedule ("auto" asks the schedule model). Otherwise it
    runs the non-deterministic atomic path. `pack_gqa` is a performance hint of FA3's and is
    ignored. `sm_margin` is validated (0 <= sm_margin < SMs) and changes nothing: dash's kernels
    are not persistent, and the backward's bits and tables do not depend on it (README,
    "Determinism contract"). Other FA3 arguments with non-default values raise
    NotImplementedError.
    """
    _not_supported("qv", qv, None)
    _not_supported("q_descale", q_descale, None)
    _not_supported("k_descale", k_descale, None)
    _not_supported("v_descale", v_descale, None)
    _not_supported("window_size", tuple(window_size), (-1, -1))
    _not_supported("attention_chunk", attention_chunk, 0)
    _not_supported("softcap", softcap, 0.0)
    _not_supported("num_splits", num_splits, 1)
    if schedule not in ops.SCHEDULES:
        raise ValueError(f"schedule must be one of {ops.SCHEDULES}, got {schedule!r}")
    causal = bool(causal)
    # Checked here once for both directions: the backward would otherwise only find out after
    # the forward ran (the forward kernel takes no sm_margin).
    validate.check_tensor("q", q)
    sm_margin = validate.check_sm_margin(sm_margin, q.device)
    softmax_scale = float(validate.check_softmax_scale(softmax_scale, q.shape[-1]))
    if torch.is_grad_enabled() and any(t.requires_grad for t in (q, k, v)):
        det = deterministic_requested(deterministic)
        sched = schedule if det else "atomic"
        if det and sched == "atomic":
            raise ValueError("schedule='atomic' is the non-deterministic path; it cannot be combined with a "
                             "deterministic request")
        ops.check_schedule(sched, det, causal)
        out, lse = _attn_fwd_for_grad_op(q, k, v, softmax_scale, causal, det, sched, int(sm_margin))
    else:
        out, lse = _attn_fwd_op(q, k, v, softmax_scale, causal)
    return (out, lse) if return_attn_probs else out


def flash_attn_varlen_func(q, k, v, cu_seqlens_q, cu_seqlens_k, max_seqlen_q, max_seqlen_k, *args, **kwargs):
    """FlashAttention-3's variable-length API: not supported by dash yet."""
    raise NotImplementedError("dash.flash_attn_varlen_func: variable-length (packed) sequences are not "
                              "supported yet; pad to a batch and use dash.flash_attn_func")
