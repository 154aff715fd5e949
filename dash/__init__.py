"""dash: deterministic FlashAttention for NVIDIA Hopper, with DASH schedules.

    import dash
    out = dash.flash_attn_func(q, k, v, causal=True, deterministic=True)

The kernels need the compiled extension (dash._C) and a Hopper GPU; `python -m dash` says what
this machine has. `dash.schedule` (the schedule model) and `dash.reference` work anywhere.
"""
__version__ = "0.1.0"

__all__ = ["flash_attn_func", "flash_attn_varlen_func", "__version__"]


def __getattr__(name):
    # Imported on first use, so that `import dash` (and the schedule CLI) stays light and works
    # without torch's CUDA or the extension.
    if name in ("flash_attn_func", "flash_attn_varlen_func"):
        from dash import interface

        return getattr(interface, name)
    raise AttributeError(f"module 'dash' has no attribute {name!r}")
