"""TESTING ONLY: tools for dash's own tests, not part of its attention API.

hold_sms occupies SMs for a bounded time, as an NCCL kernel of overlapped training does for a
whole backward pass; tests/test_hang_proof.py runs the backward beside it to prove that dash
finishes on the SMs left free (csrc/testing/hold_sms.cu).
"""
from __future__ import annotations

import numbers

import torch

from dash import _ext

# The longest hold the kernel accepts (csrc/testing/hold_sms.h): the SMs come back after this
# whatever the caller does, so a test built on it cannot hang the machine.
MAX_HOLD_NS = 10_000_000_000


def _int32_on(name: str, t, device, numel: int):
    if not isinstance(t, torch.Tensor) or t.dtype != torch.int32 or t.device != device or not t.is_contiguous():
        raise ValueError(f"{name} must be a contiguous int32 tensor on {device}")
    if t.numel() < numel:
        raise ValueError(f"{name} must hold at least {numel} elements, got {t.numel()}")


def hold_sms(num_ctas: int, duration_ns: int, sm_ids: torch.Tensor, started: torch.Tensor,
             stop: torch.Tensor | None = None) -> None:
    """Launch, on the current CUDA stream of sm_ids' device, num_ctas CTAs that each hold one SM
    whole (shared memory for no second CTA, of the hog or of dash's backward) until duration_ns
    have passed (at most MAX_HOLD_NS, 10 s) or until stop[0] becomes non-zero.

    sm_ids (int32, num_ctas) receives each CTA's SM id, started (int32, 1) counts the CTAs that
    run; both are reset here, on the same stream. stop (int32, 1; optional) lets the caller end
    the hold early: write a non-zero value from another stream (a copy, which needs no SM)."""
    for name, v in (("num_ctas", num_ctas), ("duration_ns", duration_ns)):
        if isinstance(v, bool) or not isinstance(v, numbers.Integral):
            raise TypeError(f"{name} must be an int, got {type(v).__name__}")
    device = sm_ids.device if isinstance(sm_ids, torch.Tensor) else None
    if device is None or device.type != "cuda":
        raise ValueError("sm_ids must be a CUDA tensor")
    num_sms = torch.cuda.get_device_properties(device).multi_processor_count
    if not 1 <= num_ctas <= num_sms:
        raise ValueError(f"num_ctas must be in [1, {num_sms}] (the SMs of this GPU), got {num_ctas}")
    if not 1 <= duration_ns <= MAX_HOLD_NS:
        raise ValueError(f"duration_ns must be in [1, {MAX_HOLD_NS}] (10 s), got {duration_ns}")
    _int32_on("sm_ids", sm_ids, device, num_ctas)
    _int32_on("started", started, device, 1)
    if stop is not None:
        _int32_on("stop", stop, device, 1)
    C = _ext.load()
    with torch.cuda.device(device):
        sm_ids.fill_(-1)
        started.zero_()
        stream = torch.cuda.current_stream(device).cuda_stream
        C._hold_sms(int(num_ctas), int(duration_ns), sm_ids.data_ptr(), started.data_ptr(),
                    0 if stop is None else stop.data_ptr(), stream)


# The hand-off protocols of csrc/testing/handoff_probe.h, by name.
HANDOFF_VARIANTS = {"dash": 0, "no-sleep": 1, "no-proxy-fence": 2, "relaxed-poll": 3}


def handoff_latency_ns(variant: str = "dash", num_ctas: int = 32, rounds: int = 200, nbytes: int = 16384,
                       device=None) -> float:
    """Nanoseconds per turn of a chain of num_ctas CTAs taking rounds x num_ctas turns on one fp32
    tile of nbytes as the backward's deterministic dQ writers do (wait for the turn, one bulk
    reduce-add, wait for its completion, release), with one piece of the protocol changed by
    `variant` (HANDOFF_VARIANTS; csrc/testing/handoff_probe.h). The slowest CTA's time over the
    number of turns. Also checks the tile's sum, so that a variant that lost an add fails loudly."""
    if variant not in HANDOFF_VARIANTS:
        raise ValueError(f"variant must be one of {sorted(HANDOFF_VARIANTS)}, got {variant!r}")
    device = torch.device(device or "cuda")
    dst = torch.zeros(nbytes // 4, dtype=torch.float32, device=device)
    counter = torch.zeros(1, dtype=torch.int32, device=device)
    elapsed = torch.zeros(num_ctas, dtype=torch.int64, device=device)
    stream = torch.cuda.current_stream(device).cuda_stream
    _ext.load()._handoff_chain(HANDOFF_VARIANTS[variant], num_ctas, rounds, nbytes, dst.data_ptr(),
                               counter.data_ptr(), elapsed.data_ptr(), stream)
    torch.cuda.synchronize(device)
    turns = rounds * num_ctas
    if int(counter.item()) != turns or not bool((dst == float(turns)).all()):
        raise RuntimeError(f"handoff chain ({variant}): counter {int(counter.item())}, expected {turns}; "
                           f"tile sum {float(dst[0])}")
    return float(elapsed.max().item()) / turns
