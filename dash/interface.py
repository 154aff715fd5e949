"""FlashAttention-3's Python API on dash's kernels: `flash_attn_func` (forward + a deterministic
backward by autograd) and `flash_attn_varlen_func` (packed variable-length batches, likewise).

Both kernels are registered as `torch.library` custom ops with fake (meta) implementations, so
`torch.compile(fullgraph=True)` traces through them without graph breaks, and they allocate with
torch's caching allocator on the current stream, so they can be captured in CUDA graphs (after
one warm-up call per shape, which builds and caches the schedule tables on the device).

CPU tensors: the custom ops have a CPU kernel that runs dash's fp32 reference (`dash.reference`:
plain PyTorch, a closed-form backward) with the same input checks as the GPU kernels, so code
written against dash (and the FA3 and Hugging Face integrations in `dash.integrations`) runs on a
machine without a GPU, e.g. in CI. It is a reference, not a kernel: slow, fp32 inside, and
deterministic because CPU math is; `schedule` and `sm_margin` are validated and otherwise unused.
The GPU path is unchanged: other devices still need a Hopper GPU (`dash.validate.check_device`).
"""
from __future__ import annotations

import os
from typing import Optional

import torch

from dash import ops, validate
from dash.fwd import attn_fwd, attn_fwd_varlen
from dash.reference import attention_ref, attention_ref_bwd, attention_varlen_ref, attention_varlen_ref_bwd


@torch.library.custom_op("dash::attn_fwd", mutates_args=())
def _attn_fwd_op(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, softmax_scale: float, causal: bool,
                 window_left: int, window_right: int, softcap: float) -> tuple[torch.Tensor, torch.Tensor]:
    return attn_fwd(q, k, v, softmax_scale=softmax_scale, causal=causal, window=(window_left, window_right),
                    softcap=softcap)


def _fwd_outputs_like(q):
    """Empty (out, softmax_lse) of the forward's shapes: the fake (meta) implementation."""
    batch, seqlen_q, heads, head_dim = q.shape
    return q.new_empty(batch, seqlen_q, heads, head_dim), q.new_empty(batch, heads, seqlen_q, dtype=torch.float32)


@_attn_fwd_op.register_fake
def _(q, k, v, softmax_scale, causal, window_left, window_right, softcap):
    return _fwd_outputs_like(q)


@torch.library.custom_op("dash::attn_bwd", mutates_args=())
def _attn_bwd_op(dout: torch.Tensor, q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, out: torch.Tensor,
                 softmax_lse: torch.Tensor, softmax_scale: float, causal: bool, window_left: int,
                 window_right: int, softcap: float, deterministic: bool, schedule: str,
                 sm_margin: int) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    return ops.attn_bwd(dout.contiguous(), q, k, v, out, softmax_lse, softmax_scale=softmax_scale, causal=causal,
                        window=(window_left, window_right), softcap=softcap, deterministic=deterministic,
                        schedule=schedule, sm_margin=sm_margin)


@_attn_bwd_op.register_fake
def _(dout, q, k, v, out, softmax_lse, softmax_scale, causal, window_left, window_right, softcap, deterministic,
      schedule, sm_margin):
    return torch.empty_like(q), torch.empty_like(k), torch.empty_like(v)


# The backward's settings ride along as extra inputs of a forward op that ignores them, so that
# autograd's saved context holds them without Python state outside the graph.
@torch.library.custom_op("dash::attn_fwd_for_grad", mutates_args=())
def _attn_fwd_for_grad_op(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, softmax_scale: float, causal: bool,
                          window_left: int, window_right: int, softcap: float, deterministic: bool, schedule: str,
                          sm_margin: int) -> tuple[torch.Tensor, torch.Tensor]:
    return attn_fwd(q, k, v, softmax_scale=softmax_scale, causal=causal, window=(window_left, window_right),
                    softcap=softcap)


@_attn_fwd_for_grad_op.register_fake
def _(q, k, v, softmax_scale, causal, window_left, window_right, softcap, deterministic, schedule, sm_margin):
    return _fwd_outputs_like(q)


def _setup_context(ctx, inputs, output):
    q, k, v, *settings = inputs  # softmax_scale, causal, window_left/right, softcap, deterministic, schedule, sm_margin
    out, lse = output
    ctx.save_for_backward(q, k, v, out, lse)
    ctx.settings = tuple(settings)
    ctx.set_materialize_grads(True)


def _backward(ctx, dout, dlse):
    q, k, v, out, lse = ctx.saved_tensors
    dq, dk, dv = _attn_bwd_op(dout, q, k, v, out, lse, *ctx.settings)
    return (dq, dk, dv) + (None,) * len(ctx.settings)


_attn_fwd_for_grad_op.register_autograd(_backward, setup_context=_setup_context)


@torch.library.custom_op("dash::attn_bwd_into", mutates_args=("dq", "dk", "dv"))
def _attn_bwd_into_op(dout: torch.Tensor, q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, out: torch.Tensor,
                      softmax_lse: torch.Tensor, dq: torch.Tensor, dk: torch.Tensor, dv: torch.Tensor,
                      softmax_scale: float, causal: bool, window_left: int, window_right: int, softcap: float,
                      deterministic: bool, schedule: str, sm_margin: int) -> None:
    """The backward writing into the caller's dq, dk, dv (FA3's `_flash_attn_backward` contract)."""
    ops.attn_bwd(dout.contiguous(), q, k, v, out, softmax_lse, softmax_scale=softmax_scale, causal=causal,
                 window=(window_left, window_right), softcap=softcap, deterministic=deterministic, schedule=schedule,
                 sm_margin=sm_margin, dq=dq, dk=dk, dv=dv)


@_attn_bwd_into_op.register_fake
def _(dout, q, k, v, out, softmax_lse, dq, dk, dv, softmax_scale, causal, window_left, window_right, softcap,
      deterministic, schedule, sm_margin):
    return None


# ---- packed (variable-length) batches ---------------------------------------------------------
@torch.library.custom_op("dash::attn_fwd_varlen", mutates_args=())
def _attn_fwd_varlen_op(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, cu_seqlens_q: torch.Tensor,
                        cu_seqlens_k: torch.Tensor, seqused_q: Optional[torch.Tensor],
                        seqused_k: Optional[torch.Tensor], softmax_scale: float, causal: bool, window_left: int,
                        window_right: int, softcap: float) -> tuple[torch.Tensor, torch.Tensor]:
    return attn_fwd_varlen(q, k, v, cu_seqlens_q, cu_seqlens_k, softmax_scale=softmax_scale, causal=causal,
                           window=(window_left, window_right), softcap=softcap, seqused_q=seqused_q,
                           seqused_k=seqused_k)


def _varlen_outputs_like(q):
    total_q, heads, head_dim = q.shape
    return q.new_empty(total_q, heads, head_dim), q.new_empty(heads, total_q, dtype=torch.float32)


@_attn_fwd_varlen_op.register_fake
def _(q, k, v, cu_seqlens_q, cu_seqlens_k, seqused_q, seqused_k, softmax_scale, causal, window_left, window_right,
      softcap):
    return _varlen_outputs_like(q)


def _varlen_inference_backward(ctx, dout, dlse):
    raise RuntimeError("dash::attn_fwd_varlen is the forward without a backward (what flash_attn_varlen_func runs "
                       "when no gradient is needed); call dash.flash_attn_varlen_func, which records the "
                       "differentiable dash::attn_fwd_varlen_for_grad when q, k or v require grad")


_attn_fwd_varlen_op.register_autograd(_varlen_inference_backward)


# The backward's settings ride along as inputs of a forward op that ignores them (as for fixed
# lengths), so that autograd's saved context holds them.
@torch.library.custom_op("dash::attn_fwd_varlen_for_grad", mutates_args=())
def _attn_fwd_varlen_for_grad_op(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, cu_seqlens_q: torch.Tensor,
                                 cu_seqlens_k: torch.Tensor, seqused_q: Optional[torch.Tensor],
                                 seqused_k: Optional[torch.Tensor], softmax_scale: float, causal: bool,
                                 window_left: int, window_right: int, softcap: float, deterministic: bool,
                                 schedule: str) -> tuple[torch.Tensor, torch.Tensor]:
    return attn_fwd_varlen(q, k, v, cu_seqlens_q, cu_seqlens_k, softmax_scale=softmax_scale, causal=causal,
                           window=(window_left, window_right), softcap=softcap, seqused_q=seqused_q,
                           seqused_k=seqused_k)


@_attn_fwd_varlen_for_grad_op.register_fake
def _(q, k, v, cu_seqlens_q, cu_seqlens_k, seqused_q, seqused_k, softmax_scale, causal, window_left, window_right,
      softcap, deterministic, schedule):
    return _varlen_outputs_like(q)


@torch.library.custom_op("dash::attn_bwd_varlen", mutates_args=())
def _attn_bwd_varlen_op(dout: torch.Tensor, q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, out: torch.Tensor,
                        softmax_lse: torch.Tensor, cu_seqlens_q: torch.Tensor, cu_seqlens_k: torch.Tensor,
                        seqused_q: Optional[torch.Tensor], seqused_k: Optional[torch.Tensor], softmax_scale: float,
                        causal: bool, window_left: int, window_right: int, softcap: float, deterministic: bool,
                        schedule: str) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    return ops.attn_bwd_varlen(dout.contiguous(), q, k, v, out, softmax_lse, cu_seqlens_q, cu_seqlens_k,
                               seqused_q=seqused_q, seqused_k=seqused_k, softmax_scale=softmax_scale, causal=causal,
                               window=(window_left, window_right), softcap=softcap, deterministic=deterministic,
                               schedule=schedule)


@_attn_bwd_varlen_op.register_fake
def _(dout, q, k, v, out, softmax_lse, cu_seqlens_q, cu_seqlens_k, seqused_q, seqused_k, softmax_scale, causal,
      window_left, window_right, softcap, deterministic, schedule):
    return torch.empty_like(q), torch.empty_like(k), torch.empty_like(v)


def _setup_varlen_context(ctx, inputs, output):
    q, k, v, cu_seqlens_q, cu_seqlens_k, seqused_q, seqused_k, *settings = inputs
    out, lse = output
    ctx.save_for_backward(q, k, v, out, lse, cu_seqlens_q, cu_seqlens_k, seqused_q, seqused_k)
    # softmax_scale, causal, window_left/right, softcap, deterministic, schedule
    ctx.settings = tuple(settings)
    ctx.set_materialize_grads(True)


def _varlen_backward(ctx, dout, dlse):
    q, k, v, out, lse, cu_seqlens_q, cu_seqlens_k, seqused_q, seqused_k = ctx.saved_tensors
    dq, dk, dv = _attn_bwd_varlen_op(dout, q, k, v, out, lse, cu_seqlens_q, cu_seqlens_k, seqused_q, seqused_k,
                                     *ctx.settings)
    return (dq, dk, dv) + (None,) * (4 + len(ctx.settings))


_attn_fwd_varlen_for_grad_op.register_autograd(_varlen_backward, setup_context=_setup_varlen_context)


# ---- CPU: dash's fp32 reference in place of the kernels (module docstring) ---------------------
def _reference_fwd(q, k, v, softmax_scale, causal, window, softcap):
    _, seqlen_q, seqlen_k, _, _, _ = validate.check_qkv(q, k, v, head_dims=validate.FWD_HEAD_DIMS, check_cuda=False)
    causal, window = validate.resolve_window(bool(causal), window, seqlen_q, seqlen_k)
    out, lse = attention_ref(q, k, v, causal=causal, window=window, softmax_scale=softmax_scale,
                             softcap=validate.check_softcap(softcap))
    return out.contiguous(), lse.float().contiguous()


def _reference_bwd(dout, q, k, v, out, softmax_lse, softmax_scale, causal, window, softcap):
    dout = dout.contiguous()  # as the GPU ops: autograd may hand in an expanded gradient
    batch, seqlen_q, seqlen_k, heads, _, _ = validate.check_qkv(q, k, v, check_cuda=False)
    validate.check_like("out", out, "q", q)
    validate.check_like("dout", dout, "q", q)
    validate.check_lse(softmax_lse, batch, heads, seqlen_q, q.device)
    causal, window = validate.resolve_window(bool(causal), window, seqlen_q, seqlen_k)
    return attention_ref_bwd(q, k, v, dout, causal=causal, window=window, softmax_scale=softmax_scale,
                             softcap=validate.check_softcap(softcap))


@_attn_fwd_op.register_kernel("cpu")
def _(q, k, v, softmax_scale, causal, window_left, window_right, softcap):
    return _reference_fwd(q, k, v, softmax_scale, causal, (window_left, window_right), softcap)


def _reference_varlen_fwd(q, k, v, cu_seqlens_q, cu_seqlens_k, seqused_q, seqused_k, softmax_scale, causal, window,
                          softcap):
    _, total_q, total_k, _, _, _ = validate.check_varlen_qkv(q, k, v, cu_seqlens_q, cu_seqlens_k, seqused_q,
                                                             seqused_k, head_dims=validate.FWD_HEAD_DIMS,
                                                             check_cuda=False)
    # On the CPU the offsets can be read for free: checked here always (on a GPU, on request).
    validate.check_varlen_values(cu_seqlens_q, cu_seqlens_k, seqused_q, seqused_k, total_q, total_k)
    causal, window = validate.resolve_packed_window(bool(causal), window)
    out, lse = attention_varlen_ref(q, k, v, cu_seqlens_q, cu_seqlens_k, seqused_q=seqused_q, seqused_k=seqused_k,
                                    causal=causal, window=window, softcap=validate.check_softcap(softcap),
                                    softmax_scale=softmax_scale)
    return out.contiguous(), lse.contiguous()


@_attn_fwd_varlen_op.register_kernel("cpu")
def _(q, k, v, cu_seqlens_q, cu_seqlens_k, seqused_q, seqused_k, softmax_scale, causal, window_left, window_right,
      softcap):
    return _reference_varlen_fwd(q, k, v, cu_seqlens_q, cu_seqlens_k, seqused_q, seqused_k, softmax_scale, causal,
                                 (window_left, window_right), softcap)


@_attn_fwd_varlen_for_grad_op.register_kernel("cpu")
def _(q, k, v, cu_seqlens_q, cu_seqlens_k, seqused_q, seqused_k, softmax_scale, causal, window_left, window_right,
      softcap, deterministic, schedule):
    return _reference_varlen_fwd(q, k, v, cu_seqlens_q, cu_seqlens_k, seqused_q, seqused_k, softmax_scale, causal,
                                 (window_left, window_right), softcap)


@_attn_bwd_varlen_op.register_kernel("cpu")
def _(dout, q, k, v, out, softmax_lse, cu_seqlens_q, cu_seqlens_k, seqused_q, seqused_k, softmax_scale, causal,
      window_left, window_right, softcap, deterministic, schedule):
    _, total_q, total_k, heads, heads_kv, _ = validate.check_varlen_qkv(
        q, k, v, cu_seqlens_q, cu_seqlens_k, seqused_q, seqused_k, check_cuda=False)
    validate.check_like("out", out, "q", q)
    validate.check_like("dout", dout, "q", q)
    validate.check_varlen_values(cu_seqlens_q, cu_seqlens_k, seqused_q, seqused_k, total_q, total_k)
    causal, window = validate.resolve_packed_window(bool(causal), (window_left, window_right))
    ops.resolve_varlen_schedule(schedule, deterministic, validate.banded(causal, window), heads, heads_kv)
    grads = attention_varlen_ref_bwd(q, k, v, dout.contiguous(), cu_seqlens_q, cu_seqlens_k, seqused_q=seqused_q,
                                     seqused_k=seqused_k, causal=causal, window=window,
                                     softcap=validate.check_softcap(softcap), softmax_scale=softmax_scale)
    return tuple(g.contiguous() for g in grads)


@_attn_fwd_for_grad_op.register_kernel("cpu")
def _(q, k, v, softmax_scale, causal, window_left, window_right, softcap, deterministic, schedule, sm_margin):
    return _reference_fwd(q, k, v, softmax_scale, causal, (window_left, window_right), softcap)


@_attn_bwd_op.register_kernel("cpu")
def _(dout, q, k, v, out, softmax_lse, softmax_scale, causal, window_left, window_right, softcap, deterministic,
      schedule, sm_margin):
    return _reference_bwd(dout, q, k, v, out, softmax_lse, softmax_scale, causal, (window_left, window_right),
                          softcap)


@_attn_bwd_into_op.register_kernel("cpu")
def _(dout, q, k, v, out, softmax_lse, dq, dk, dv, softmax_scale, causal, window_left, window_right, softcap,
      deterministic, schedule, sm_margin):
    for name, t, ref in (("dq", dq, q), ("dk", dk, k), ("dv", dv, v)):
        validate.check_like(name, t, name[1], ref)
    grads = _reference_bwd(dout, q, k, v, out, softmax_lse, softmax_scale, causal, (window_left, window_right),
                           softcap)
    for dst, src in zip((dq, dk, dv), grads):
        dst.copy_(src)


def deterministic_requested(deterministic: bool) -> bool:
    """FA3's argument, PyTorch's global switch, or Hugging Face's environment variable."""
    return (bool(deterministic) or torch.are_deterministic_algorithms_enabled()
            or os.environ.get("FLASH_ATTENTION_DETERMINISTIC", "0") == "1")


def _backward_schedule(deterministic, schedule: str, causal: bool, window) -> tuple[bool, str]:
    """(deterministic, schedule) of the backward a call with gradients will run: the caller's
    schedule under any deterministic request (deterministic_requested), otherwise the atomic
    path; checked before the forward runs."""
    det = deterministic_requested(deterministic)
    sched = schedule if det else "atomic"
    if det and sched == "atomic":
        raise ValueError("schedule='atomic' is the non-deterministic path; it cannot be combined with a "
                         "deterministic request")
    ops.check_schedule(sched, det, validate.banded(causal, window))
    return det, sched


def _not_supported(name, value, default, where="dash.flash_attn_func"):
    if isinstance(value, torch.Tensor) or value != default:
        raise NotImplementedError(f"{where} does not support {name}={value!r} yet "
                                  f"(only {name}={default!r})")


def resolve_varlen_window(causal, window_size_left, window_size_right, max_seqlen_q, max_seqlen_k,
                          name="window_size"):
    """(causal, (left, right)) of a packed (varlen) call's FA3 (causal, window_size), resolved as
    FA3's C++ resolves it, with max_seqlen_q/k (dash.validate.resolve_window): a bound that covers
    every key of the longest sequence (left >= max_seqlen_k - 1, right >= max_seqlen_q - 1) or is
    negative is none, causal sets right = 0, and (-1, 0) is the causal mask (TransformerEngine
    passes both). The band then applies to every sequence from its own bottom-right corner."""
    return validate.resolve_window(bool(causal), (int(window_size_left), int(window_size_right)),
                                   max_seqlen_q, max_seqlen_k, name)


def resolve_fa3_window(causal, window_size, q, k, name="window_size"):
    """(causal, (left, right)) of a fixed-length call's FA3 (causal, window_size), as FA3's C++
    resolves them (dash.validate.resolve_window), with the sequence lengths of q and k
    (batch, seqlen, heads, head_dim). Checks that q and k are tensors; other shapes than 4-D are
    left to the later tensor checks."""
    validate.check_tensor("q", q)
    validate.check_tensor("k", k)
    seqlen_q = q.shape[1] if q.dim() > 1 else 0
    seqlen_k = k.shape[1] if k.dim() > 1 else 0
    return validate.resolve_window(bool(causal), window_size, seqlen_q, seqlen_k, name)


def check_num_splits(num_splits, where="dash.flash_attn_func"):
    """FA3's split-KV knob of the forward: 1 (no split) and 0 (FA3 picks; dash never splits) run
    the same unsplit forward; a forced split count is not supported."""
    if isinstance(num_splits, bool) or num_splits not in (0, 1):
        raise NotImplementedError(f"{where} does not support num_splits={num_splits!r} yet "
                                  "(only 1, or 0: dash's forward does not split the keys)")


# ---- eager calls on plain CUDA tensors: the same kernels without the custom-op dispatch -------
# A custom op call costs the host a few hundred microseconds in torch's dispatcher (schema
# binding, the alias check of the outputs) on top of dash's own checks: at short sequences the
# host then took as long as the GPU for a training step (H100, d128 causal 2k: 1.2 ms of host
# time against 1.2 ms of GPU time per forward + backward, bench/NOTES.md "Host time of a
# step"). Outside torch.compile, tracing, dispatch modes and tensor subclasses, flash_attn_func
# therefore runs an autograd.Function that calls the same kernels directly; everywhere else (and
# on CPU tensors) it goes through the custom ops, which is what torch.compile and fake tensors
# need. Both paths run the same kernels with the same arguments: the same bits.
class _AttnFunction(torch.autograd.Function):
    @staticmethod
    def forward(ctx, q, k, v, softmax_scale, causal, window, softcap, deterministic, schedule, sm_margin):
        out, lse = attn_fwd(q, k, v, softmax_scale=softmax_scale, causal=causal, window=window, softcap=softcap)
        ctx.save_for_backward(q, k, v, out, lse)
        ctx.settings = (softmax_scale, causal, window, softcap, deterministic, schedule, sm_margin)
        return out, lse

    @staticmethod
    def backward(ctx, dout, dlse):
        q, k, v, out, lse = ctx.saved_tensors
        softmax_scale, causal, window, softcap, deterministic, schedule, sm_margin = ctx.settings
        dq, dk, dv = ops.attn_bwd(dout.contiguous(), q, k, v, out, lse, softmax_scale=softmax_scale, causal=causal,
                                  window=window, softcap=softcap, deterministic=deterministic, schedule=schedule,
                                  sm_margin=sm_margin)
        return (dq, dk, dv) + (None,) * len(ctx.settings)


def _plain_eager_cuda(*tensors) -> bool:
    """Whether the call may skip the custom ops: plain CUDA tensors, eager, no mode or transform
    that needs to see the op (torch.compile, jit tracing, dispatch or function modes, functorch).
    When in doubt (a torch without one of these queries), no."""
    try:
        if torch.compiler.is_compiling() or torch.jit.is_tracing():
            return False
        if any(type(t) is not torch.Tensor or not t.is_cuda for t in tensors):
            return False
        from torch.utils._python_dispatch import _get_current_dispatch_mode

        if _get_current_dispatch_mode() is not None or torch._C._is_torch_function_mode_enabled():
            return False
        return torch._C._functorch.peek_interpreter_stack() is None
    except (AttributeError, ImportError):
        return False


def attention_forward(q, k, v, softmax_scale, causal, *, window=(-1, -1), softcap=0.0, deterministic=False,
                      schedule="auto", sm_margin=0):
    """(out, softmax_lse) of the call, differentiable when grad is on and q, k or v need it: the
    body of flash_attn_func once FA3's arguments are resolved, shared with dash.integrations.
    window: (left, right) as resolved by dash.validate.resolve_window with `causal`. softcap:
    FA3's score cap (0: none).
    deterministic: the caller's request; deterministic_requested() adds PyTorch's and FA's
    global switches."""
    if schedule not in ops.SCHEDULES:
        raise ValueError(f"schedule must be one of {ops.SCHEDULES}, got {schedule!r}")
    causal = bool(causal)
    window = tuple(int(w) for w in window)
    # Checked here once for both directions: the backward would otherwise only find out after
    # the forward ran (the forward kernel takes no sm_margin).
    validate.check_tensor("q", q)
    sm_margin = validate.check_sm_margin(sm_margin, q.device)
    softmax_scale = float(validate.check_softmax_scale(softmax_scale, q.shape[-1]))
    softcap = validate.check_softcap(softcap)
    if torch.is_grad_enabled() and any(isinstance(t, torch.Tensor) and t.requires_grad for t in (q, k, v)):
        det, sched = _backward_schedule(deterministic, schedule, causal, window)
        if _plain_eager_cuda(q, k, v):
            return _AttnFunction.apply(q, k, v, softmax_scale, causal, window, softcap, det, sched, int(sm_margin))
        return _attn_fwd_for_grad_op(q, k, v, softmax_scale, causal, *window, softcap, det, sched, int(sm_margin))
    if _plain_eager_cuda(q, k, v):
        return attn_fwd(q, k, v, softmax_scale=softmax_scale, causal=causal, window=window, softcap=softcap)
    return _attn_fwd_op(q, k, v, softmax_scale, causal, *window, softcap)


def flash_attn_func(q, k, v, softmax_scale=None, causal=False, qv=None, q_descale=None, k_descale=None,
                    v_descale=None, window_size=(-1, -1), attention_chunk=0, softcap=0.0, num_splits=1,
                    pack_gqa=None, deterministic=False, sm_margin=0, return_attn_probs=False, *,
                    schedule="auto"):
    """Drop-in for FlashAttention-3's `flash_attn_func`.

    q (batch, seqlen_q, heads, head_dim), k and v (batch, seqlen_k, heads_kv, head_dim); bf16 or
    fp16; head_dim 64, 96, 128, 192 or 256; causal aligned bottom-right. Returns out, or (out, softmax_lse)
    when return_attn_probs (FA3's convention: softmax_lse, not the probabilities).

    The backward is bitwise deterministic when `deterministic=True`,
    `torch.use_deterministic_algorithms(True)` or FLASH_ATTENTION_DETERMINISTIC=1; `schedule`
    (dash only, keyword) picks its schedule ("auto" asks the schedule model). Otherwise it
    runs the non-deterministic atomic path. `pack_gqa` is a performance hint of FA3's and is
    ignored; `num_splits` may be 1 or 0 (FA3's "pick for me"). `window_size=(left, right)` is
    FA3's sliding window (local attention), bottom-right aligned: query row i sees keys
    i + seqlen_k - seqlen_q - left .. i + seqlen_k - seqlen_q + right (-1: unbounded; causal sets
    right = 0), resolved as FA3 does (dash.validate.resolve_window: a window that covers every
    key is none, and (-1, 0) is the causal mask); forward and backward, every schedule, the
    backward's schedules built over the band. `softcap` > 0 caps the scores as FA3 does
    (softcap * tanh(softmax_scale * q.k / softcap), Gemma 2), forward and backward; 0 is none.
    `sm_margin` is validated
    (0 <= sm_margin < SMs) and changes nothing: dash's kernels are not persistent, and the
    backward's bits and tables do not depend on it (README, "Determinism contract"). Other FA3
    arguments with non-default values raise NotImplementedError. CPU tensors run dash's fp32
    reference (module docstring).
    """
    _not_supported("qv", qv, None)
    _not_supported("q_descale", q_descale, None)
    _not_supported("k_descale", k_descale, None)
    _not_supported("v_descale", v_descale, None)
    _not_supported("attention_chunk", attention_chunk, 0)
    check_num_splits(num_splits)
    if schedule not in ops.SCHEDULES:
        raise ValueError(f"schedule must be one of {ops.SCHEDULES}, got {schedule!r}")
    causal, window = resolve_fa3_window(causal, window_size, q, k)
    out, lse = attention_forward(q, k, v, softmax_scale, causal, window=window, softcap=softcap,
                                 deterministic=deterministic, schedule=schedule, sm_margin=sm_margin)
    return (out, lse) if return_attn_probs else out


def flash_attn_varlen_func(q, k, v, cu_seqlens_q, cu_seqlens_k, max_seqlen_q, max_seqlen_k, seqused_q=None,
                           seqused_k=None, softmax_scale=None, causal=False, qv=None, q_descale=None, k_descale=None,
                           v_descale=None, window_size=(-1, -1), attention_chunk=0, softcap=0.0, num_splits=1,
                           pack_gqa=None, deterministic=False, sm_margin=0, return_attn_probs=False, *,
                           schedule="auto"):
    """Drop-in for FlashAttention-3's `flash_attn_varlen_func`: a packed batch of sequences of
    different lengths, forward and backward.

    q (total_q, heads, head_dim), k and v (total_k, heads_kv, head_dim), bf16 or fp16, head_dim
    64, 96 or 128, heads a multiple of heads_kv. Sequence b is q[cu_seqlens_q[b]:cu_seqlens_q[b + 1]]
    and k, v[cu_seqlens_k[b]:cu_seqlens_k[b + 1]] (cu_seqlens_* int32 (batch + 1,) on q's device);
    seqused_q/k (int32 (batch,), optional) use only the first seqused[b] tokens of each (FA3).
    causal is aligned to each sequence's own bottom-right corner. Returns out (total_q, heads,
    head_dim), or (out, softmax_lse) when return_attn_probs, softmax_lse fp32 (heads, total_q) as
    FA3's. Rows that see no key, padding rows past seqused_q and rows past the last sequence get
    out = 0 and softmax_lse = -inf. (FA3 leaves padding rows unwritten, and fills lse with +inf
    when k and v have no token at all; dash writes -inf, its value of every row without keys.)

    max_seqlen_q/k must be Python ints, as FA3's; dash sizes nothing by them (its grid follows the
    totals and cu_seqlens, so a wrong max_seqlen cannot drop rows) and uses them only where FA3
    does, to resolve window_size (resolve_varlen_window). `window_size=(left, right)` is FA3's
    sliding window: every sequence runs the band from its own bottom-right corner, forward and
    backward (every schedule over each sequence's band). The offsets and lengths are not checked (that would sync on
    the GPU; FA3 does not check them either): set DASH_CHECK_VARLEN=1 to check them, at the cost
    of a sync per call. Offsets out of order or range give wrong results for those sequences,
    never a read or write outside the tensors (the backward, which checks them on the GPU, then
    does nothing: zero gradients). The forward is deterministic, and a sequence's result is
    bitwise the same whatever the other sequences of the batch are.

    The backward is bitwise deterministic under the same switches as flash_attn_func's
    (`deterministic=True`, `torch.use_deterministic_algorithms(True)`,
    FLASH_ATTENTION_DETERMINISTIC=1), with `schedule` (dash only, keyword) as there; "auto" runs
    one schedule per mask and head grouping (dash.ops.varlen_auto_schedule). Each sequence's
    gradients are bitwise those of flash_attn_func on that sequence alone with the same schedule:
    they do not depend on the other sequences, their order or the batch size. Rows without a
    gradient (padding, rows outside every sequence) get zeros. `pack_gqa` (a hint) is accepted
    and changes nothing; `sm_margin` is validated. `softcap` > 0 caps the scores as in flash_attn_func.
    Arguments dash does not support (qv, the descales, attention_chunk, num_splits > 1, cu_seqlens
    None) raise NotImplementedError naming them.
    CPU tensors run dash's fp32 reference, with the offsets checked.
    """
    where = "dash.flash_attn_varlen_func"
    _not_supported("qv", qv, None, where)
    _not_supported("q_descale", q_descale, None, where)
    _not_supported("k_descale", k_descale, None, where)
    _not_supported("v_descale", v_descale, None, where)
    _not_supported("attention_chunk", attention_chunk, 0, where)
    check_num_splits(num_splits, where)
    for name, value in (("cu_seqlens_q", cu_seqlens_q), ("cu_seqlens_k", cu_seqlens_k)):
        if value is None:
            raise NotImplementedError(f"{where}: {name}=None (a padded batch, in FA3) is not supported by dash; pass "
                                      f"{name}, or call dash.flash_attn_func with the padded batch")
    max_seqlen_q = validate.check_max_seqlen("max_seqlen_q", max_seqlen_q)
    max_seqlen_k = validate.check_max_seqlen("max_seqlen_k", max_seqlen_k)
    validate.check_tensor("q", q)
    # Shapes, dtypes and one device for all, before the op (whose kernel checks the GPU itself):
    # the same errors on every device, and nothing here that torch.compile cannot trace.
    validate.check_varlen_qkv(q, k, v, cu_seqlens_q, cu_seqlens_k, seqused_q, seqused_k,
                              head_dims=validate.FWD_HEAD_DIMS, check_cuda=False)
    sm_margin = validate.check_sm_margin(sm_margin, q.device)
    softmax_scale = float(validate.check_softmax_scale(softmax_scale, q.shape[-1]))
    causal, window = resolve_varlen_window(causal, *window_size, max_seqlen_q, max_seqlen_k)
    softcap = validate.check_softcap(softcap)
    if schedule not in ops.SCHEDULES:
        raise ValueError(f"schedule must be one of {ops.SCHEDULES}, got {schedule!r}")
    if torch.is_grad_enabled() and any(isinstance(t, torch.Tensor) and t.requires_grad for t in (q, k, v)):
        det, sched = _backward_schedule(deterministic, schedule, causal, window)
        out, lse = _attn_fwd_varlen_for_grad_op(q, k, v, cu_seqlens_q, cu_seqlens_k, seqused_q, seqused_k,
                                                softmax_scale, causal, *window, softcap, det, sched)
    else:
        out, lse = _attn_fwd_varlen_op(q, k, v, cu_seqlens_q, cu_seqlens_k, seqused_q, seqused_k, softmax_scale,
                                       causal, *window, softcap)
    return (out, lse) if return_attn_probs else out
