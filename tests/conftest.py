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


def pytest_collection_modifyitems(config, items):
    reason = gpu_skip_reason()
    if reason is None:
        return
    skip = pytest.mark.skip(reason=f"GPU test: {reason}")
    for item in items:
        if "gpu" in item.keywords:
            item.add_marker(skip)


def pytest_collection_modifyitems(config, items):
    """A GPU test of a head dim that this install was built without (DASH_HEAD_DIMS) skips, with
    that reason."""
    try:
        from dash import _ext
        built = _ext.built_head_dims()
    except Exception:  # noqa: BLE001 (no torch, no extension: nothing to narrow)
        return
    if built is None:
        return
    for item in items:
        params = getattr(getattr(item, "callspec", None), "params", {})
        head_dim = params.get("head_dim", params.get("hdim"))
        if "gpu" in item.keywords and isinstance(head_dim, int) and head_dim not in built:
            item.add_marker(pytest.mark.skip(reason=f"head_dim {head_dim} is not in this build "
                                                    f"(DASH_HEAD_DIMS={','.join(map(str, built))})"))
