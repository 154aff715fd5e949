"""GPU tests carry @pytest.mark.gpu and skip, with the reason, where there is no sm90 device
or no compiled extension; every other test runs on the CPU."""
import faulthandler

import pytest

# A GPU test that hangs (a schedule that deadlocks, a barrier that never completes) blocks inside
# a CUDA call where no Python signal handler runs; faulthandler's watchdog thread still can dump
# the stacks and end the process, so a hang costs this long instead of the whole run.
GPU_TEST_TIMEOUT_S = 240


@pytest.fixture(autouse=True)
def _gpu_test_watchdog(request):
    if "gpu" not in request.keywords:
        yield
        return
    faulthandler.dump_traceback_later(GPU_TEST_TIMEOUT_S, exit=True)
    try:
        yield
    finally:
        faulthandler.cancel_dump_traceback_later()


def gpu_skip_reason():
    try:
        import torch
    except ImportError:
        return "torch is not installed"
    if not torch.cuda.is_available():
        return "no CUDA device"
    cc = torch.cuda.get_device_capability()
    if cc != (9, 0):
        return f"needs an sm90 (Hopper) GPU, found compute capability {cc[0]}.{cc[1]}"
    from dash import _ext

    if not _ext.available():
        return "dash._C (the CUDA extension) is not built"
    return None


def head_dim_skip_reason(item, built):
    """Why a GPU test of a head dim that this install was built without (DASH_HEAD_DIMS) skips,
    or None."""
    params = getattr(getattr(item, "callspec", None), "params", {})
    head_dim = params.get("head_dim", params.get("hdim"))
    if built is not None and isinstance(head_dim, int) and head_dim not in built:
        return f"head_dim {head_dim} is not in this build (DASH_HEAD_DIMS={','.join(map(str, built))})"
    return None


def pytest_collection_modifyitems(config, items):
    """GPU tests skip where there is no device or extension (gpu_skip_reason) and, on a narrowed
    build, where their head dim was left out."""
    reason = gpu_skip_reason()
    built = None
    if reason is None:
        from dash import _ext
        built = _ext.built_head_dims()
    for item in items:
        if "gpu" not in item.keywords:
            continue
        why = f"GPU test: {reason}" if reason is not None else head_dim_skip_reason(item, built)
        if why is not None:
            item.add_marker(pytest.mark.skip(reason=why))
