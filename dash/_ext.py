"""Access to the compiled extension, dash._C, with one clear error when it is missing."""
from __future__ import annotations

import functools

_HOW_TO_BUILD = (
    "dash's CUDA extension (dash._C) is not built. It needs the CUDA toolkit >= 12.3 (nvcc) at "
    "install time: install it, then reinstall dash with `pip install --no-build-isolation .` "
    "(or `python setup.py build_ext --inplace` in a checkout). `python -m dash` shows the status."
)


@functools.lru_cache(maxsize=None)
def _import():
    try:
        from dash import _C  # noqa: WPS433 (import inside function: optional extension)
    except ImportError as exc:  # pragma: no cover - depends on the build
        return None, exc
    return _C, None


def available() -> bool:
    return _import()[0] is not None


def load():
    """Return the extension module, or raise RuntimeError saying how to build it."""
    mod, exc = _import()
    if mod is None:
        raise RuntimeError(f"{_HOW_TO_BUILD} (import error: {exc})")
    return mod


def has(name: str) -> bool:
    """Whether the built extension provides a kernel entry point (e.g. 'bwd_main', 'fwd')."""
    mod = _import()[0]
    return mod is not None and hasattr(mod, name)


def built_head_dims():
    """The head dims the built extension has kernels for (a tuple), or None: all of them, or no
    extension (the caller's load() says so). Narrowed by DASH_HEAD_DIMS at install time."""
    mod = _import()[0]
    if mod is None or not hasattr(mod, "built_head_dims"):
        return None
    return mod.built_head_dims()


def check_head_dim_built(head_dim: int):
    """NotImplementedError for a supported head dim that this install was built without."""
    built = built_head_dims()
    if built is not None and head_dim not in built:
        raise NotImplementedError(f"head_dim {head_dim} is not in this build of dash: it was installed with "
                                  f"DASH_HEAD_DIMS={','.join(map(str, built))}; reinstall without DASH_HEAD_DIMS "
                                  f"(or with {head_dim} in it) to use it")


def strided(t):
    """A (batch, seq, head, dim) tensor as the binding's Strided record."""
    C = load()
    sb, ss, sh, _ = t.stride()
    return C.Strided(t.data_ptr(), sb, ss, sh)


def strided_packed(t):
    """A packed (total_tokens, head, dim) tensor as the binding's Strided record: one batch, so
    its batch stride is 0 (unused)."""
    C = load()
    ss, sh, _ = t.stride()
    return C.Strided(t.data_ptr(), 0, ss, sh)


def dtype_code(dtype):
    import torch

    C = load()
    return C.DType.bfloat16 if dtype == torch.bfloat16 else C.DType.float16
