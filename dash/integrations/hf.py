"""Hugging Face Transformers: `attn_implementation="dash"` after one call.

    import dash.integrations.hf
    dash.integrations.hf.register()                      # once per process
    model = AutoModelForCausalLM.from_config(config, attn_implementation="dash", dtype=torch.bfloat16)
    loss = model(input_ids, labels=input_ids, deterministic=True).loss    # or register(deterministic=True)

`register()` adds dash to Transformers' `AttentionInterface` (the attention function) and
`AttentionMaskInterface` (the mask it receives) under one name. The attention function takes
Transformers' layout, query/key/value (batch, heads, seqlen, head_dim) with fewer key/value heads
for GQA, and returns (out (batch, seqlen, heads, head_dim), None), as Transformers' own SDPA and
flash integrations do.

Masks: dash runs the full mask, the causal mask (bottom-right aligned) and causal sliding windows,
and nothing else. The mask function is Transformers' own `sdpa_mask`, which returns None exactly
where SDPA's `is_causal` (or no mask) gives the right answer: no padding, no packed sequences, no
extra mask function. Then dash runs causal (or full for encoders, and for a single query row),
slicing the keys of an empty static cache as Transformers' SDPA integration does. For sliding-
window layers (`local_size`, Mistral's and Gemma's `sliding_window`) dash's mask function returns
None also where `sdpa_mask` would build a mask only for the window: a call without a cache
offset, with as many keys as queries, no padding, and a mask function that keeps exactly the
causal band of the window on every row it is probed at (chunked attention, which passes
`local_size` too, does not). The attention function then runs FA3's window_size =
(sliding_window - 1, 0) (Transformers keeps keys q - sliding_window < k <= q), as Transformers'
own flash integration does. Wherever Transformers builds a real mask (a padded batch; packed
sequences, which Transformers detects from position_ids when no cache is in use; a static cache
while decoding; a sliding window over a cache; a model's own mask function) the call raises
NotImplementedError naming `attention_mask`; so do dropout > 0 and attention sinks (softcap, Gemma 2's
attention logit cap, runs as FA3's softcap). dash
thus computes what SDPA would compute for the same call, and refuses where SDPA would need a mask
dash does not run.

Determinism: `deterministic` comes from the call's keyword (Transformers passes the model's
keyword arguments down to attention), else from `register(deterministic=...)`; dash also honours
`torch.use_deterministic_algorithms(True)` and FLASH_ATTENTION_DETERMINISTIC=1 (Transformers'
own switch for flash attention). `register(schedule=...)` picks dash's backward schedule.

Why not `attn_implementation="flash_attention_3"` with dash's FA3 module (dash.integrations.fa3):
Transformers accepts it only when `flash_attn_interface` belongs to the installed `flash-attn-3`
distribution (dash fakes no installed package).
"""
from __future__ import annotations

import warnings

import torch

from dash import interface

__all__ = ["register", "unregister", "attention_forward", "dash_mask"]

_UNSUPPORTED_KWARGS = ("s_aux", "sinks", "cu_seq_lens_q", "cu_seq_lens_k")


def attention_forward(module, query, key, value, attention_mask, dropout=0.0, scaling=None, sliding_window=None,
                      softcap=None, is_causal=None, *, deterministic=None, schedule="auto", **kwargs):
    """One Transformers attention call on dash (see the module docstring)."""
    if kwargs.get("output_attentions", False):
        warnings.warn("dash does not return attention weights (output_attentions=True): they come back as None",
                      stacklevel=2)
    if dropout:
        raise NotImplementedError(f"dash attention does not support dropout (dropout={dropout}); set the model's "
                                  "attention_dropout to 0")
    for name in _UNSUPPORTED_KWARGS:
        if kwargs.get(name) is not None:
            raise NotImplementedError(f"dash attention does not support {name} (attention sinks or "
                                      "variable-length batches)")
    q_len, kv_len = query.shape[2], key.shape[2]
    if attention_mask is not None:
        raise NotImplementedError(
            "dash attention runs the full mask, the causal mask and a sliding window's causal band only, and "
            "Transformers built an attention_mask "
            f"of shape {tuple(getattr(attention_mask, 'shape', ()))} for this call (a padded batch, packed "
            "sequences, a static cache while decoding, or a model-specific mask): pass unpadded batches of "
            "equal length, or use another attn_implementation for this model")
    causal = is_causal if is_causal is not None else getattr(module, "is_causal", True)
    causal = bool(causal) and q_len > 1
    window = (-1, -1)
    if sliding_window is not None and kv_len > sliding_window:
        # No mask (dash_mask checked the band), so the call is the causal band of the window
        # over as many keys as queries: keys q - sliding_window < k <= q, FA3's (sw - 1, 0).
        if not causal or q_len != kv_len:
            raise NotImplementedError(
                f"dash attention runs sliding_window={sliding_window} as a causal band over as many keys as "
                f"queries, and this call has {q_len} queries over {kv_len} keys (is_causal={is_causal}) "
                "without an attention_mask; register() dash's mask function with its attention function")
        window = (int(sliding_window) - 1, 0)
    if causal and kv_len > q_len:
        # No mask with more keys than queries under is_causal: the prefill of an empty static
        # cache, whose later slots are empty. Transformers' SDPA integration keeps the first
        # q_len keys (upper-left causal); dash's causal mask is bottom-right, so it must too.
        key, value = key[:, :, :q_len], value[:, :, :q_len]
    q, k, v = query.transpose(1, 2), key.transpose(1, 2), value.transpose(1, 2)
    if q.dtype == torch.float32 and torch.is_autocast_enabled(q.device.type):
        dtype = torch.get_autocast_dtype(q.device.type)
        q, k, v = q.to(dtype), k.to(dtype), v.to(dtype)
    out = interface.flash_attn_func(q, k, v, softmax_scale=scaling, causal=causal, window_size=window,
                                    softcap=softcap or 0.0, deterministic=bool(deterministic), schedule=schedule)
    return out, None


def _keeps_the_causal_band(mask_function, length: int, window: int, device) -> bool:
    """Whether Transformers' index-based `mask_function` keeps exactly keys q - window < k <= q
    on the probed rows (both ends of the sequence, both sides of the window's first full row and
    a spread between) over all `length` keys."""
    rows = {0, 1, window - 2, window - 1, window, window + 1, length - 2, length - 1}
    rows |= set(range(0, length, max(1, length // 16)))
    q = torch.tensor(sorted(r for r in rows if 0 <= r < length), device=device)[:, None]
    k = torch.arange(length, device=device)[None, :]
    zero = torch.zeros((), dtype=torch.long, device=device)
    try:
        got = torch.as_tensor(mask_function(zero, zero, q, k), device=device).expand(q.shape[0], length)
    except Exception:  # not index-based with broadcasting (a vmap-only function): not ours to read
        return False
    return bool(torch.equal(got.bool(), (k <= q) & (k > q - window)))


def dash_mask(batch_size, q_length, kv_length, q_offset=0, kv_offset=0, mask_function=None, attention_mask=None,
              local_size=None, allow_is_causal_skip=True, **kwargs):
    """Transformers' mask function for dash: `sdpa_mask`, and None (no mask) for a sliding window's
    plain causal band (see the module docstring), which dash runs as FA3's window_size."""
    from transformers.masking_utils import causal_mask_function, prepare_padding_mask, sdpa_mask

    mask_function = causal_mask_function if mask_function is None else mask_function
    if (local_size is not None and allow_is_causal_skip and kv_length >= local_size and q_offset == 0
            and kv_offset == 0 and q_length == kv_length):
        padding = prepare_padding_mask(attention_mask, kv_length, kv_offset)
        device = kwargs.get("device") or (padding.device if padding is not None else "cpu")
        if (padding is None or bool(padding.all())) and _keeps_the_causal_band(mask_function, kv_length,
                                                                               int(local_size), device):
            return None
    return sdpa_mask(batch_size, q_length, kv_length, q_offset=q_offset, kv_offset=kv_offset,
                     mask_function=mask_function, attention_mask=attention_mask, local_size=local_size,
                     allow_is_causal_skip=allow_is_causal_skip, **kwargs)


def register(name: str = "dash", *, deterministic: bool | None = None, schedule: str = "auto") -> str:
    """Make `attn_implementation=name` run dash in Transformers (AttentionInterface and
    AttentionMaskInterface). deterministic: the default for calls that do not pass it (None:
    only the global switches). schedule: dash's backward schedule ("auto" asks the schedule
    model). Returns name."""
    try:
        from transformers import AttentionInterface
        from transformers.masking_utils import AttentionMaskInterface, sdpa_mask  # noqa: F401 - dash_mask's, checked here
    except ImportError as exc:
        raise ImportError("dash.integrations.hf.register() needs transformers with AttentionInterface and "
                          f"masking_utils.AttentionMaskInterface (checked with transformers 5.17.0): {exc}") from exc
    from dash import ops

    if schedule not in ops.SCHEDULES:
        raise ValueError(f"schedule must be one of {ops.SCHEDULES}, got {schedule!r}")
    default_deterministic = deterministic

    def dash_attention(module, query, key, value, attention_mask, dropout=0.0, scaling=None, sliding_window=None,
                       softcap=None, is_causal=None, **kwargs):
        return attention_forward(module, query, key, value, attention_mask, dropout=dropout, scaling=scaling,
                                 sliding_window=sliding_window, softcap=softcap, is_causal=is_causal,
                                 deterministic=kwargs.pop("deterministic", default_deterministic), schedule=schedule,
                                 **kwargs)

    AttentionInterface.register(name, dash_attention)
    AttentionMaskInterface.register(name, dash_mask)
    return name


def unregister(name: str = "dash") -> None:
    """Remove `name` from Transformers' attention and mask interfaces (where register() put it)."""
    from transformers import AttentionInterface
    from transformers.masking_utils import AttentionMaskInterface

    for interface_class in (AttentionInterface, AttentionMaskInterface):
        interface_class._global_mapping.pop(name, None)
