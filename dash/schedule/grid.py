"""The main kernel's launch order across (batch, head) instances: the Python side of
unfold_launch_position in csrc/bwd/bwd_grid.h, for the model (simulate, check) and the tests.

One backward call runs I instances of the same tables: the kernel's are its batch x heads_kv (k/v
head, batch) pairs (one CTA per KV tile of a k/v head walks the head's group of q-heads), the
model's its batch x heads pairs (docs/schedules.md, Table format). Each instance has N launch
indices j (its CTA at launch index j handles KV tile launch_order[j]), cut into waves of W
consecutive ones, wave k = j // W. The kernel's launch positions (claimed in the order CTAs
start) run every instance's wave 0, then every instance's wave 1, and so on:

    x = k * W * I + instance * size(k) + (j - k * W),   size(k) = min(W, N - k * W)

(the last wave may be smaller). A head's wave k + 1, ranked after its wave k on every Q tile they
share, then starts once the other instances' waves k have been claimed, instead of right behind
its own wave k, idle on Q tiles wave k has not finished. W = N is the instance-major order
x = j + N * instance. The fold keeps each head's order of launch indices and keeps a head's wave
on consecutive positions, so the liveness argument (docs/schedules.md) holds unchanged.

Which W: a table's launch_wave (ScheduleTables.launch_wave), its wave_size: waves of at most
WAVE_LIMIT for shift and shift_causal, N (no fold) for ascending, descending and spt.
"""
from __future__ import annotations

import numpy as np


def _checked(N: int, wave: int, instances: int):
    N, wave, instances = int(N), int(wave), int(instances)
    if N < 1 or instances < 1 or not 1 <= wave <= N:
        raise ValueError(f"need N >= 1, instances >= 1 and 1 <= wave <= N; got N={N}, wave={wave}, "
                         f"instances={instances}")
    return N, wave, instances


def launch_position(j, instance, N: int, wave: int, instances: int):
    """The launch position of launch index j (0..N-1) of `instance` (0..instances-1), for scalars
    or NumPy arrays (int64)."""
    N, W, I = _checked(N, wave, instances)
    j = np.asarray(j, dtype=np.int64)
    instance = np.asarray(instance, dtype=np.int64)
    k = j // W
    size = np.minimum(W, N - k * W)
    return k * W * I + instance * size + (j - k * W)


def unfold_launch_position(x, N: int, wave: int, instances: int):
    """(launch index j, instance) at launch position x (0..N * instances - 1), for scalars or NumPy
    arrays (int64): the inverse of launch_position, the device's closed form (no search). Every
    wave but the last spans W * I positions and the last at most as many, so k = x // (W * I)."""
    N, W, I = _checked(N, wave, instances)
    x = np.asarray(x, dtype=np.int64)
    k = x // (W * I)
    first = k * W
    size = np.minimum(W, N - first)
    r = x - k * W * I
    instance = r // size
    return first + (r - instance * size), instance


def dispatch_order(N: int, wave: int, instances: int):
    """(launch index j, instance) of every launch position 0, 1, ..., N * instances - 1: the
    order the kernel's CTAs claim them, which the model dispatches in."""
    N, W, I = _checked(N, wave, instances)
    return unfold_launch_position(np.arange(N * I, dtype=np.int64), N, W, I)
