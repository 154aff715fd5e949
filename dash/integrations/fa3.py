"""Opt-in FlashAttention-3 compatibility: after `install()`, code written against FA3 runs on dash
unchanged.

    import dash.integrations.fa3
    dash.integrations.fa3.install()         # only where no real FA3 is installed
    from flash_attn_interface import flash_attn_func, _flash_attn_backward   # now dash's

`install()` puts `dash.integrations.flash_attn_interface` (FA3's functions, signatures and
return conventions on dash) into `sys.modules` under FA3's names, `flash_attn_interface` and
`flash_attn_3.flash_attn_interface` (with a `flash_attn_3` package holding it), and defines FA3's
torch ops `torch.ops.flash_attn_3.fwd` and `.bwd` (FA3's schemas) on dash, which is what
PyTorch's FA3 route calls (`activate_sdpa()`). Nothing happens at `import dash`, and `install()`
leaves a real FA3 alone: where `flash_attn_interface` or `flash_attn_3` is importable it does
nothing and says so, unless `force=True` (then dash shadows FA3's Python modules in this process;
if FA3's compiled ops were already loaded they stay FA3's). `uninstall()` undoes it.

What this does not reach: code that decides whether FA3 is present from the *distribution*
metadata rather than by importing it. TransformerEngine checks `importlib.metadata.version(
"flash-attn-3")`, and Transformers' `attn_implementation="flash_attention_3"` checks that
`flash_attn_interface` belongs to the `flash-attn-3` distribution; dash does not fake installed
packages, so neither picks dash up. For Transformers use `dash.integrations.hf.register()`.
"""
from __future__ import annotations

import importlib.machinery
import importlib.util
import sys
import types

import torch

_NAMES = ("flash_attn_interface", "flash_attn_3", "flash_attn_3.flash_attn_interface")
# What install() changed, for uninstall(): {module name: the sys.modules entry it replaced (or None)}
# and the torch.library.Library that defines flash_attn_3::fwd/bwd (None when dash did not define them).
_installed: dict = {}
_library = None


def _is_dash(module) -> bool:
    return bool(getattr(module, "__dash_fa3_shim__", False))


def real_fa3():
    """Where a real FlashAttention-3 is (its module file, or the name that imports), or None.
    Looks without importing it; dash's own modules under FA3's names do not count."""
    for name in ("flash_attn_interface", "flash_attn_3"):
        module = sys.modules.get(name)
        if module is not None:
            if not _is_dash(module):
                return getattr(module, "__file__", None) or name
            continue
        try:
            spec = importlib.util.find_spec(name)
        except (ImportError, ValueError):
            spec = None
        if spec is not None:
            return spec.origin or name
    return None


def installed() -> bool:
    """Whether FA3's module names currently resolve to dash."""
    return any(_is_dash(sys.modules.get(name)) for name in _NAMES)


def _torch_ops_exist() -> bool:
    try:
        torch.ops.flash_attn_3.fwd  # noqa: B018 - resolving the op is the check
        torch.ops.flash_attn_3.bwd  # noqa: B018
    except (AttributeError, RuntimeError):
        return False
    return True


def install(force: bool = False) -> dict:
    """Serve FA3's module names and torch ops with dash, unless a real FA3 is installed (then
    nothing changes, unless force=True). Returns what it did: {"installed": bool, "modules":
    [names now dash's], "torch_ops": what happened to torch.ops.flash_attn_3, "reason": why not,
    "shadowed": the real FA3 it hides with force=True}. Calling it again is harmless."""
    global _library
    found = real_fa3()
    if found is not None and not force:
        return {"installed": False, "modules": [], "torch_ops": "untouched",
                "reason": f"a real FlashAttention-3 is importable ({found}); dash leaves it alone "
                          "(install(force=True) shadows it in this process)"}
    from dash.integrations import flash_attn_interface as shim

    package = types.ModuleType("flash_attn_3", "dash's stand-in for FlashAttention-3's package "
                                               "(dash.integrations.fa3.install())")
    package.__spec__ = importlib.machinery.ModuleSpec("flash_attn_3", None, is_package=True)
    package.__path__ = []
    package.__dash_fa3_shim__ = True
    package.flash_attn_interface = shim
    for name, module in (("flash_attn_interface", shim), ("flash_attn_3", package),
                         ("flash_attn_3.flash_attn_interface", shim)):
        current = sys.modules.get(name)
        if not _is_dash(current):
            _installed[name] = current
        sys.modules[name] = module
    if _library is not None:
        torch_ops = "defined by dash"
    elif _torch_ops_exist():
        torch_ops = "already defined (by a real FA3): left as they are"
    else:
        _library = _define_torch_ops()
        torch_ops = "defined by dash"
    return {"installed": True, "modules": list(_NAMES), "torch_ops": torch_ops, "reason": "",
            "shadowed": found}


def uninstall() -> dict:
    """Undo install(): FA3's names go back to what they were (or away), and dash's
    torch.ops.flash_attn_3 definitions are removed. Deactivates PyTorch's FA3 route first if it
    is active. Returns {"modules": [names restored], "torch_ops": bool (removed)}."""
    global _library
    attention = getattr(torch.nn, "attention", None)
    if _library is not None and attention is not None and hasattr(attention, "current_flash_attention_impl"):
        if attention.current_flash_attention_impl() == "FA3":
            attention.restore_flash_attention_impl()
    restored = []
    for name in _NAMES:
        if _is_dash(sys.modules.get(name)):
            previous = _installed.pop(name, None)
            if previous is None:
                del sys.modules[name]
            else:
                sys.modules[name] = previous
            restored.append(name)
    removed = _library is not None
    if removed:
        _library._destroy()
        _library = None
    return {"modules": restored, "torch_ops": removed}


# ---- FA3's torch ops, on dash ------------------------------------------------------------------
# The schemas are FA3's (hopper/flash_api_stable.cpp), argument for argument: PyTorch's FA3 route
# (torch/nn/attention/_fa3.py) calls them positionally.
_FWD_SCHEMA = (
    "fwd(Tensor q, Tensor k, Tensor v, Tensor(k_new!)? k_new=None, Tensor(v_new!)? v_new=None, Tensor? q_v=None, "
    "Tensor(out!)? out=None, Tensor? cu_seqlens_q=None, Tensor? cu_seqlens_k=None, Tensor? cu_seqlens_k_new=None, "
    "Tensor? seqused_q=None, Tensor? seqused_k=None, int? max_seqlen_q=None, int? max_seqlen_k=None, "
    "Tensor? page_table=None, Tensor? kv_batch_idx=None, Tensor? leftpad_k=None, Tensor? rotary_cos=None, "
    "Tensor? rotary_sin=None, Tensor? seqlens_rotary=None, Tensor? q_descale=None, Tensor? k_descale=None, "
    "Tensor? v_descale=None, float? softmax_scale=None, bool is_causal=False, int window_size_left=-1, "
    "int window_size_right=-1, int attention_chunk=0, float softcap=0.0, bool is_rotary_interleaved=False, "
    "Tensor? scheduler_metadata=None, int num_splits=0, bool? pack_gqa=None, int sm_margin=0) "
    "-> (Tensor(out!), Tensor, Tensor, Tensor)")
_BWD_SCHEMA = (
    "bwd(Tensor dout, Tensor q, Tensor k, Tensor v, Tensor out, Tensor softmax_lse, Tensor(dq!)? dq=None, "
    "Tensor(dk!)? dk=None, Tensor(dv!)? dv=None, Tensor? cu_seqlens_q=None, Tensor? cu_seqlens_k=None, "
    "Tensor? seqused_q=None, Tensor? seqused_k=None, int? max_seqlen_q=None, int? max_seqlen_k=None, "
    "float? softmax_scale=None, bool is_causal=False, int window_size_left=-1, int window_size_right=-1, "
    "float softcap=0.0, bool deterministic=False, int sm_margin=0) -> (Tensor, Tensor, Tensor, Tensor, Tensor)")


def _fwd(q, k, v, k_new=None, v_new=None, q_v=None, out=None, cu_seqlens_q=None, cu_seqlens_k=None,
         cu_seqlens_k_new=None, seqused_q=None, seqused_k=None, max_seqlen_q=None, max_seqlen_k=None, page_table=None,
         kv_batch_idx=None, leftpad_k=None, rotary_cos=None, rotary_sin=None, seqlens_rotary=None, q_descale=None,
         k_descale=None, v_descale=None, softmax_scale=None, is_causal=False, window_size_left=-1,
         window_size_right=-1, attention_chunk=0, softcap=0.0, is_rotary_interleaved=False, scheduler_metadata=None,
         num_splits=0, pack_gqa=None, sm_margin=0):
    from dash.integrations.flash_attn_interface import _forward

    return _forward("torch.ops.flash_attn_3.fwd", q, k, v, k_new=k_new, v_new=v_new, qv=q_v, out_=out,
                    cu_seqlens_q=cu_seqlens_q, cu_seqlens_k=cu_seqlens_k, cu_seqlens_k_new=cu_seqlens_k_new,
                    seqused_q=seqused_q, seqused_k=seqused_k, max_seqlen_q=max_seqlen_q, max_seqlen_k=max_seqlen_k,
                    page_table=page_table, kv_batch_idx=kv_batch_idx,
                    leftpad_k=leftpad_k, rotary_cos=rotary_cos, rotary_sin=rotary_sin,
                    seqlens_rotary=seqlens_rotary, q_descale=q_descale, k_descale=k_descale, v_descale=v_descale,
                    softmax_scale=softmax_scale, causal=is_causal, window_size_left=window_size_left,
                    window_size_right=window_size_right, attention_chunk=attention_chunk, softcap=softcap,
                    scheduler_metadata=scheduler_metadata, num_splits=num_splits, sm_margin=sm_margin,
                    differentiable=False)


def _bwd(dout, q, k, v, out, softmax_lse, dq=None, dk=None, dv=None, cu_seqlens_q=None, cu_seqlens_k=None,
         seqused_q=None, seqused_k=None, max_seqlen_q=None, max_seqlen_k=None, softmax_scale=None, is_causal=False,
         window_size_left=-1, window_size_right=-1, softcap=0.0, deterministic=False, sm_margin=0):
    """FA3's bwd: the gradients go into dq, dk, dv. FA3 also returns its kernel's workspaces
    (softmax_d, softmax_lse_log2, dq/dk/dv accumulators), which PyTorch's route ignores; dash's
    kernels keep theirs to themselves, so these five come back empty (FA3's Python
    `_flash_attn_backward` on dash computes softmax_d itself)."""
    from dash.integrations.flash_attn_interface import _backward_into

    _backward_into("torch.ops.flash_attn_3.bwd", dout, q, k, v, out, softmax_lse, dq, dk, dv,
                   cu_seqlens_q=cu_seqlens_q, cu_seqlens_k=cu_seqlens_k, seqused_q=seqused_q, seqused_k=seqused_k,
                   max_seqlen_q=max_seqlen_q, max_seqlen_k=max_seqlen_k, softmax_scale=softmax_scale, is_causal=is_causal, window_size_left=window_size_left,
                   window_size_right=window_size_right, softcap=softcap, deterministic=deterministic,
                   sm_margin=sm_margin)
    return tuple(q.new_empty(0, dtype=torch.float32) for _ in range(5))


def _fwd_fake(q, k, v, *args, **kwargs):
    if q.dim() == 3:  # a packed batch: (total_q, heads, d), softmax_lse (heads, total_q)
        total_q, heads, _ = q.shape
        out = q.new_empty(total_q, heads, v.shape[-1])
        return out, q.new_empty(heads, total_q, dtype=torch.float32), *(q.new_empty(0, dtype=torch.float32),) * 2
    batch, seqlen_q, heads, _ = q.shape
    out = q.new_empty(batch, seqlen_q, heads, v.shape[-1])
    return out, q.new_empty(batch, heads, seqlen_q, dtype=torch.float32), *(q.new_empty(0, dtype=torch.float32),) * 2


def _bwd_fake(dout, q, *args, **kwargs):
    return tuple(q.new_empty(0, dtype=torch.float32) for _ in range(5))


def _define_torch_ops():
    lib = torch.library.Library("flash_attn_3", "DEF")  # noqa: TOR901 - FA3's namespace, on purpose
    lib.define(_FWD_SCHEMA)
    lib.define(_BWD_SCHEMA)
    for key in ("CUDA", "CPU"):
        lib.impl("fwd", _fwd, key)
        lib.impl("bwd", _bwd, key)
    torch.library.register_fake("flash_attn_3::fwd", _fwd_fake, lib=lib)
    torch.library.register_fake("flash_attn_3::bwd", _bwd_fake, lib=lib)
    return lib


# ---- PyTorch's FA3 route -----------------------------------------------------------------------
def sdpa_route_available() -> str | None:
    """None where this torch can route SDPA's flash path to FA3 (torch.nn.attention's
    activate_flash_attention_impl with an "FA3" entry: torch 2.11 and 2.13 have it), else why not."""
    attention = getattr(torch.nn, "attention", None)
    if attention is None or not hasattr(attention, "activate_flash_attention_impl"):
        return (f"torch {torch.__version__} has no torch.nn.attention.activate_flash_attention_impl "
                "(PyTorch's hook for FlashAttention-3)")
    if "FA3" not in attention.list_flash_attention_impls():
        return f"torch {torch.__version__} registers no 'FA3' flash attention implementation"
    return None


def activate_sdpa(force: bool = False) -> dict:
    """Route `torch.nn.functional.scaled_dot_product_attention`'s flash backend (and what else
    PyTorch sends through its FA3 hook) to dash: install() (with force), then
    `torch.nn.attention.activate_flash_attention_impl("FA3")`. PyTorch then passes
    `deterministic=torch.are_deterministic_algorithms_enabled()` to the backward, so
    `torch.use_deterministic_algorithms(True)` makes it bitwise deterministic. SDPA picks the
    flash backend only where it applies (no attn_mask, no dropout, CUDA tensors, sm90, equal
    seqlens under is_causal); dash raises an error for what it does not run (a ValueError for
    head dims other than 64, 96, 128, 192 and 256). Returns install()'s report. `deactivate_sdpa()` undoes
    the routing."""
    why = sdpa_route_available()
    if why is not None:
        raise RuntimeError(why)
    report = install(force=force)
    if not report["installed"]:
        raise RuntimeError(f"not routing SDPA to dash: {report['reason']}; torch's FA3 route would run it")
    if _library is None:
        raise RuntimeError("not routing SDPA to dash: torch.ops.flash_attn_3 belongs to a real FA3 loaded earlier "
                           "in this process; torch's FA3 route would run it")
    torch.nn.attention.activate_flash_attention_impl("FA3")
    return report


def deactivate_sdpa() -> None:
    """Back to PyTorch's own flash attention (torch.nn.attention.restore_flash_attention_impl)."""
    attention = torch.nn.attention
    if hasattr(attention, "current_flash_attention_impl") and attention.current_flash_attention_impl() is not None:
        attention.restore_flash_attention_impl()
