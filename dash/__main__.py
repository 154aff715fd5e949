"""`python -m dash`: what this machine can run, in a few lines, and a one-line verdict.
`python -m dash check`: that, then a correctness, repeatability and speed check on the GPU
(dash.check)."""
from __future__ import annotations

import platform
import sys


def report() -> tuple[list[str], bool]:
    lines, problems = [], []
    import dash
    from dash import _ext

    lines.append(f"dash        {dash.__version__}  (python {platform.python_version()})")
    try:
        import torch
    except ImportError:
        return lines + ["torch       not installed", "verdict     NOT READY: install torch"], False
    lines.append(f"torch       {torch.__version__}  (built with CUDA {torch.version.cuda})")
    if _ext.available():
        C = _ext.load()
        kernels = [name for name in ("bwd_main", "fwd") if hasattr(C, name)]
        lines.append(f"extension   dash._C built for {C.compiled_archs()}; kernels: {', '.join(kernels) or 'none'}")
        if "fwd" not in kernels:
            problems.append("the forward kernel is not in this build")
    else:
        lines.append("extension   NOT BUILT (no nvcc at install time): kernels unavailable")
        problems.append("build the extension (CUDA toolkit >= 12.3, then reinstall dash)")
    if not torch.cuda.is_available():
        lines.append("gpu         none visible")
        problems.append("no CUDA GPU")
    else:
        i = torch.cuda.current_device()
        props = torch.cuda.get_device_properties(i)
        cc = (props.major, props.minor)
        lines.append(f"gpu         {props.name}, compute capability {cc[0]}.{cc[1]}, {props.multi_processor_count} SMs")
        if cc != (9, 0):
            problems.append(f"dash's kernels need a Hopper GPU (sm90); this one is sm{cc[0]}{cc[1]}")
    lines.append("features    dash.flash_attn_func forward + backward: bf16/fp16, head_dim 64/96/128/192/256, "
                 "full/causal "
                 "(bottom-right), sliding windows (window_size), softcap, any lengths, MHA/GQA/MQA; backward schedules atomic, ascending, descending, spt, "
                 "shift, shift_causal, auto; torch.compile, CUDA graphs")
    lines.append("varlen      dash.flash_attn_varlen_func: forward + backward, sliding windows and softcap too (every "
                 "schedule; a sequence's gradients do not depend on the rest of the batch)")
    lines.append("not yet     dropout, fp8")
    lines.append("cpu         CPU tensors run dash's fp32 reference (dash.reference), not the kernels")
    lines += _integrations(torch)
    if problems:
        lines.append("verdict     NOT READY: " + "; ".join(problems))
    else:
        lines.append("verdict     ready")
    return lines, not problems


def _integrations(torch) -> list[str]:
    from dash.integrations import fa3

    found = fa3.real_fa3()
    if fa3.installed():
        line = "installed in this process: flash_attn_interface is dash's"
    elif found:
        line = f"a real FlashAttention-3 is installed ({found}); dash.integrations.fa3.install() leaves it alone"
    else:
        line = "no FlashAttention-3 installed; dash.integrations.fa3.install() serves FA3's module and torch ops"
    why = fa3.sdpa_route_available()
    route = ("torch's SDPA -> FA3 route present: dash.integrations.fa3.activate_sdpa()" if why is None
             else f"torch's SDPA -> FA3 route absent: {why}")
    import importlib.metadata

    try:  # the version only: importing transformers would take seconds
        version = importlib.metadata.version("transformers")
        hf = f"transformers {version}: dash.integrations.hf.register() adds attn_implementation='dash'"
    except importlib.metadata.PackageNotFoundError:
        hf = "transformers not installed"
    return [f"fa3 compat  {line}", f"torch sdpa  {route}", f"hf          {hf}"]


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] == "check":
        from dash.check import main as check_main

        return check_main(argv[1:])
    if argv:
        print(f"usage: python -m dash [check [--help]] (unknown argument {argv[0]!r})", file=sys.stderr)
        return 2
    lines, _ = report()
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
