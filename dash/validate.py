"""Input checks shared by every entry point: a clear exception that names the argument and
what was expected, instead of a crash, a hang or a silently wrong answer."""
from __future__ import annotations

import math
import numbers

import torch

from dash.schedule.problem import HEAD_DIMS as _BWD_TILE_HEAD_DIMS

SUPPORTED_DTYPES = (torch.float16, torch.bfloat16)
# Head dims: the backward's are those of its tile table (dash/schedule/bwd_tiles.def, which the
# kernels' dispatch includes), the forward's those of csrc/fwd/fwd.cu; the two lists are the same
# (tests/test_validation.py checks it), so every head dim has both directions.
SUPPORTED_HEAD_DIMS = _BWD_TILE_HEAD_DIMS
FWD_HEAD_DIMS = (64, 96, 128, 192, 256)


def _name_dtype(dtype):
    return str(dtype).replace("torch.", "")


def check_tensor(name, t, *, ndim=None, dtype=None):
    if not isinstance(t, torch.Tensor):
        raise TypeError(f"{name} must be a torch.Tensor, got {type(t).__name__}")
    if ndim is not None and t.dim() != ndim:
        raise ValueError(f"{name} must have {ndim} dimensions, got shape {tuple(t.shape)}")
    if dtype is not None and t.dtype != dtype:
        raise TypeError(f"{name} must have dtype {_name_dtype(dtype)}, got {_name_dtype(t.dtype)}")


def check_device(tensors: dict):
    """All tensors on one CUDA device of compute capability 9.0 (Hopper)."""
    first_name, first = next(iter(tensors.items()))
    for name, t in tensors.items():
        if t.device.type != "cuda":
            raise ValueError(f"{name} must be on a CUDA device, got {t.device}")
        if t.device != first.device:
            raise ValueError(f"{name} is on {t.device} but {first_name} is on {first.device}: "
                             "all inputs must be on the same device")
    cc = torch.cuda.get_device_capability(first.device)
    if cc != (9, 0):
        name = torch.cuda.get_device_name(first.device)
        raise RuntimeError(f"dash kernels need an NVIDIA Hopper GPU (compute capability 9.0, sm90a); "
                           f"{first_name} is on {name} with compute capability {cc[0]}.{cc[1]}")


def check_last_dim_contiguous(name, t):
    if t.stride(-1) != 1:
        raise ValueError(f"{name} must be contiguous in its last dimension (stride(-1) == 1), "
                         f"got strides {tuple(t.stride())}")


def check_head_dim(head_dim, head_dims=SUPPORTED_HEAD_DIMS):
    """head_dim in `head_dims`, or a ValueError."""
    if head_dim in head_dims:
        return
    raise ValueError(f"head_dim {head_dim} is not supported: dash supports head_dim in {sorted(head_dims)}")


def check_qkv(q, k, v, *, head_dims=SUPPORTED_HEAD_DIMS, check_cuda=True):
    """q (batch, seqlen_q, heads, head_dim); k, v (batch, seqlen_k, heads_kv, head_dim).

    Returns (batch, seqlen_q, seqlen_k, heads, heads_kv, head_dim).
    """
    for name, t in (("q", q), ("k", k), ("v", v)):
        check_tensor(name, t, ndim=4)
        if t.dtype not in SUPPORTED_DTYPES:
            raise TypeError(f"{name} must be float16 or bfloat16, got {_name_dtype(t.dtype)}")
    if k.dtype != q.dtype or v.dtype != q.dtype:
        raise TypeError(f"q, k, v must share one dtype, got {_name_dtype(q.dtype)}, "
                        f"{_name_dtype(k.dtype)}, {_name_dtype(v.dtype)}")
    batch, seqlen_q, heads, head_dim = q.shape
    if k.shape != v.shape:
        raise ValueError(f"k and v must have the same shape, got {tuple(k.shape)} and {tuple(v.shape)}")
    if k.shape[0] != batch:
        raise ValueError(f"k has batch {k.shape[0]} but q has batch {batch}")
    if k.shape[3] != head_dim:
        raise ValueError(f"k has head_dim {k.shape[3]} but q has head_dim {head_dim}")
    seqlen_k, heads_kv = k.shape[1], k.shape[2]
    check_head_dim(head_dim, head_dims)
    if heads_kv == 0 or heads % heads_kv != 0:
        raise ValueError(f"the number of q heads ({heads}) must be a multiple of the number of "
                         f"k/v heads ({heads_kv}) (MHA, GQA or MQA)")
    for name, t in (("q", q), ("k", k), ("v", v)):
        check_last_dim_contiguous(name, t)
    if check_cuda:
        check_device({"q": q, "k": k, "v": v})
        from dash import _ext

        _ext.check_head_dim_built(head_dim)
    return batch, seqlen_q, seqlen_k, heads, heads_kv, head_dim


# ---- packed (variable-length) batches: FA3's flash_attn_varlen_func ------------------------------
def check_seqlens_tensor(name, t, length, length_name):
    """An int32, 1-D, contiguous tensor of `length` entries (cu_seqlens_*: batch + 1 offsets;
    seqused_*: batch lengths)."""
    check_tensor(name, t, ndim=1, dtype=torch.int32)
    if not t.is_contiguous():
        raise ValueError(f"{name} must be contiguous, got strides {tuple(t.stride())}")
    if length is not None and t.shape[0] != length:
        raise ValueError(f"{name} must have {length_name} = {length} entries, got {t.shape[0]}")


def check_varlen_qkv(q, k, v, cu_seqlens_q, cu_seqlens_k, seqused_q=None, seqused_k=None, *,
                     head_dims=SUPPORTED_HEAD_DIMS, check_cuda=True):
    """A packed batch: q (total_q, heads, head_dim); k, v (total_k, heads_kv, head_dim);
    cu_seqlens_q and cu_seqlens_k int32 (batch + 1,); seqused_q, seqused_k None or int32 (batch,);
    all on q's device. Returns (batch, total_q, total_k, heads, heads_kv, head_dim).

    Only shapes, dtypes and devices: the offsets and lengths themselves live on the GPU, and
    reading them would be a sync (FA3 does not check them either). check_varlen_values does, on
    request."""
    for name, t in (("q", q), ("k", k), ("v", v)):
        check_tensor(name, t)
        if t.dim() != 3:
            raise ValueError(f"{name} of a packed batch must have 3 dimensions (total_tokens, heads, head_dim), "
                             f"got shape {tuple(t.shape)}")
        if t.dtype not in SUPPORTED_DTYPES:
            raise TypeError(f"{name} must be float16 or bfloat16, got {_name_dtype(t.dtype)}")
    if k.dtype != q.dtype or v.dtype != q.dtype:
        raise TypeError(f"q, k, v must share one dtype, got {_name_dtype(q.dtype)}, "
                        f"{_name_dtype(k.dtype)}, {_name_dtype(v.dtype)}")
    total_q, heads, head_dim = q.shape
    if k.shape != v.shape:
        raise ValueError(f"k and v must have the same shape (total_k, heads_kv, head_dim), got {tuple(k.shape)} "
                         f"and {tuple(v.shape)}")
    total_k, heads_kv = k.shape[0], k.shape[1]
    if k.shape[2] != head_dim:
        raise ValueError(f"k has head_dim {k.shape[2]} but q has head_dim {head_dim}")
    check_head_dim(head_dim, head_dims)
    if heads_kv == 0 or heads % heads_kv != 0:
        raise ValueError(f"the number of q heads ({heads}) must be a multiple of the number of "
                         f"k/v heads ({heads_kv}) (MHA, GQA or MQA)")
    for name, total in (("q", total_q), ("k", total_k)):
        if total >= 2 ** 31:
            raise ValueError(f"{name} has {total} tokens: packed batches hold fewer than 2^31 (int32 offsets)")
    for name, t in (("q", q), ("k", k), ("v", v)):
        check_last_dim_contiguous(name, t)
    check_seqlens_tensor("cu_seqlens_q", cu_seqlens_q, None, "")
    if cu_seqlens_q.shape[0] < 1:
        raise ValueError("cu_seqlens_q must have batch + 1 >= 1 entries, got 0")
    batch = cu_seqlens_q.shape[0] - 1
    check_seqlens_tensor("cu_seqlens_k", cu_seqlens_k, batch + 1, "the length of cu_seqlens_q (batch + 1)")
    for name, t in (("seqused_q", seqused_q), ("seqused_k", seqused_k)):
        if t is not None:
            check_seqlens_tensor(name, t, batch, "batch (len(cu_seqlens_q) - 1)")
    tensors = {"q": q, "k": k, "v": v, "cu_seqlens_q": cu_seqlens_q, "cu_seqlens_k": cu_seqlens_k}
    tensors.update({name: t for name, t in (("seqused_q", seqused_q), ("seqused_k", seqused_k)) if t is not None})
    if check_cuda:
        check_device(tensors)
        from dash import _ext

        _ext.check_head_dim_built(head_dim)
    else:
        for name, t in tensors.items():
            if t.device != q.device:
                raise ValueError(f"{name} is on {t.device} but q is on {q.device}: all inputs must be on the same device")
    return batch, total_q, total_k, heads, heads_kv, head_dim


def check_varlen_values(cu_seqlens_q, cu_seqlens_k, seqused_q, seqused_k, total_q, total_k):
    """The offsets and lengths themselves, read on the host (a sync where they live on a GPU:
    dash does it on CPU tensors, and on GPU tensors when DASH_CHECK_VARLEN=1): each cu_seqlens
    starts at >= 0, never decreases and ends within its tensor's tokens; each seqused is within
    its sequence's span. Raises ValueError naming the argument and the sequence."""
    spans = {}
    for name, cu, total in (("cu_seqlens_q", cu_seqlens_q, total_q), ("cu_seqlens_k", cu_seqlens_k, total_k)):
        offsets = cu.tolist()
        if offsets[0] < 0:
            raise ValueError(f"{name}[0] = {offsets[0]} is negative")
        for b in range(len(offsets) - 1):
            if offsets[b + 1] < offsets[b]:
                raise ValueError(f"{name} must not decrease: {name}[{b + 1}] = {offsets[b + 1]} < "
                                 f"{name}[{b}] = {offsets[b]}")
        if offsets[-1] > total:
            raise ValueError(f"{name}[-1] = {offsets[-1]} is past the {total} tokens of "
                             f"{'q' if name.endswith('q') else 'k and v'}")
        spans[name[-1]] = [offsets[b + 1] - offsets[b] for b in range(len(offsets) - 1)]
    for name, used in (("seqused_q", seqused_q), ("seqused_k", seqused_k)):
        if used is None:
            continue
        for b, (n, span) in enumerate(zip(used.tolist(), spans[name[-1]])):
            if not 0 <= n <= span:
                raise ValueError(f"{name}[{b}] = {n} is outside [0, {span}], the span of sequence {b} in "
                                 f"cu_seqlens_{name[-1]}")


def check_max_seqlen(name, value) -> int:
    """FA3's max_seqlen_q / max_seqlen_k: a Python int >= 0. dash sizes nothing by it (its grid
    follows the totals and cu_seqlens), and uses it only where FA3 does to resolve window_size."""
    if isinstance(value, torch.SymInt):
        return value
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{name} must be a Python int, got {type(value).__name__}")
    if value < 0:
        raise ValueError(f"{name} must be >= 0, got {value}")
    return int(value)


def check_like(name, t, ref_name, ref):
    """t must have ref's shape, dtype and device (e.g. dout like out)."""
    check_tensor(name, t)
    if tuple(t.shape) != tuple(ref.shape):
        raise ValueError(f"{name} must have the shape of {ref_name} {tuple(ref.shape)}, got {tuple(t.shape)}")
    if t.dtype != ref.dtype:
        raise TypeError(f"{name} must have the dtype of {ref_name} ({_name_dtype(ref.dtype)}), "
                        f"got {_name_dtype(t.dtype)}")
    if t.device != ref.device:
        raise ValueError(f"{name} is on {t.device} but {ref_name} is on {ref.device}")
    check_last_dim_contiguous(name, t)


def check_lse(lse, batch, heads, seqlen_q, device):
    check_tensor("softmax_lse", lse, ndim=3, dtype=torch.float32)
    if tuple(lse.shape) != (batch, heads, seqlen_q):
        raise ValueError(f"softmax_lse must have shape (batch, heads, seqlen_q) = "
                         f"{(batch, heads, seqlen_q)}, got {tuple(lse.shape)}")
    if lse.device != device:
        raise ValueError(f"softmax_lse is on {lse.device} but q is on {device}")


def resolve_window(causal, window, seqlen_q, seqlen_k, name="window") -> tuple:
    """(causal, (left, right)) of a call's mask, as FA3's C++ resolves (causal, window_size): a
    bound that covers every key (left >= seqlen_k - 1, right >= seqlen_q - 1) or is negative is
    none; causal sets right = 0; what is left is the full mask (False, (-1, -1)), the causal mask
    (True, (-1, -1)) or a sliding window (False, (left, right)), a band that csrc/common/band.h
    and dash.schedule.problem define (query row i sees keys i + off - left .. i + off + right,
    off = seqlen_k - seqlen_q)."""
    try:
        left, right = window
    except (TypeError, ValueError):
        raise ValueError(f"{name} must be a pair (left, right) of ints, got {window!r}") from None
    for v in (left, right):
        if isinstance(v, bool) or not isinstance(v, int):
            raise ValueError(f"{name} must be a pair (left, right) of ints, got {window!r}")
    left = -1 if left < 0 or left >= seqlen_k - 1 else left
    right = -1 if right < 0 or right >= seqlen_q - 1 else right
    if causal:
        right = 0
    if left < 0 and right < 0:
        return False, (-1, -1)
    if left < 0 and right == 0:
        return True, (-1, -1)
    return False, (left, right)


def resolve_packed_window(causal, window, name="window") -> tuple:
    """resolve_window for a packed (varlen) batch at the low-level entry points, which do not know
    the longest sequence: a negative bound is none, causal sets right = 0, and (-1, 0) is the causal
    mask; a bound is kept whatever its size (a band that covers a sequence's every key masks
    nothing there). dash.flash_attn_varlen_func resolves with max_seqlen_q/k first, as FA3."""
    return resolve_window(causal, window, 1 << 62, 1 << 62, name)


def banded(causal, window) -> bool:
    """Whether a resolved (causal, window) (resolve_window's result) is a band: the causal mask or
    a sliding window. Banded masks take the causal tile configuration, tile counter and schedules."""
    return bool(causal) or tuple(window) != (-1, -1)


def check_softmax_scale(softmax_scale, head_dim) -> float:
    """softmax_scale as a float (default head_dim ** -0.5): a positive finite Python number."""
    if softmax_scale is None:
        return head_dim ** -0.5
    if isinstance(softmax_scale, bool) or not isinstance(softmax_scale, numbers.Real):
        raise TypeError(f"softmax_scale must be a Python float or None, got {type(softmax_scale).__name__}")
    softmax_scale = float(softmax_scale)
    if not (math.isfinite(softmax_scale) and softmax_scale > 0.0):
        raise ValueError(f"softmax_scale must be a positive finite number, got {softmax_scale}")
    return softmax_scale


def check_softcap(softcap) -> float:
    """softcap as a float: FA3's score cap (csrc/common/score.h), a finite Python number >= 0; 0 (or
    None) is none."""
    if softcap is None:
        return 0.0
    if isinstance(softcap, bool) or not isinstance(softcap, numbers.Real):
        raise TypeError(f"softcap must be a Python float, got {type(softcap).__name__}")
    softcap = float(softcap)
    if not (math.isfinite(softcap) and softcap >= 0.0):
        raise ValueError(f"softcap must be a finite number >= 0 (0: no cap), got {softcap}")
    return softcap


def check_sm_margin(sm_margin, device) -> int:
    """sm_margin in [0, SMs of the device): SMs left to concurrent kernels, at least one kept."""
    if isinstance(sm_margin, bool) or not isinstance(sm_margin, numbers.Integral):
        raise TypeError(f"sm_margin must be an int, got {type(sm_margin).__name__}")
    sm_margin = int(sm_margin)
    if sm_margin < 0:
        raise ValueError(f"sm_margin must be in [0, number of SMs), got {sm_margin}")
    if device.type == "cuda":
        num_sms = torch.cuda.get_device_properties(device).multi_processor_count
        if sm_margin >= num_sms:
            raise ValueError(f"sm_margin must be in [0, {num_sms}) on this GPU, got {sm_margin}")
    return sm_margin


def tma_compatible(t) -> bool:
    """What a TMA descriptor accepts: a 16-byte aligned base and 16-byte multiple outer strides,
    none of them zero on a dimension that repeats (a broadcast from expand())."""
    elem = t.element_size()
    if t.data_ptr() % 16:
        return False
    return not any((s * elem) % 16 or (s == 0 and n > 1) for s, n in zip(t.stride()[:-1], t.shape[:-1]))


def for_tma(t):
    """t, or a copy of it in fresh (aligned, contiguous) storage where TMA could not read it. A
    view at an odd element offset may be contiguous, and then t.contiguous() would return it
    unchanged: hence clone."""
    return t if tma_compatible(t) else t.clone(memory_format=torch.contiguous_format)


def output_for_tma(t):
    """t, or fresh storage of its shape where TMA stores could not write it (the caller copies
    the result back into t)."""
    return t if tma_compatible(t) else torch.empty(t.shape, dtype=t.dtype, device=t.device)
