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

Groups (unfold_grouped_launch_position): the instances may be cut into groups of G consecutive
ones (the last may be smaller), each folded as above on its own, group after group:

    x = g * G * N + (the fold of instance - g * G among the group's min(G, I - g * G)),  g = instance // G

so the heads that run together are G heads whose Q, dO and dQ accumulator L2 holds together
(dash.ops.launch_fold). G >= I is the fold above. Each group keeps the fold's properties, so
liveness holds group by group.

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


def _position(j, instance, N, W, I):
    """The fold's closed form, with I the instances of the fold (a scalar or, per element, the
    size of each element's launch group)."""
    k = j // W
    size = np.minimum(W, N - k * W)
    return k * W * I + instance * size + (j - k * W)


def _unfold(x, N, W, I):
    """The inverse of _position: every wave but the last spans W * I positions and the last at
    most as many, so k = x // (W * I)."""
    k = x // (W * I)
    first = k * W
    size = np.minimum(W, N - first)
    r = x - k * W * I
    instance = r // size
    return first + (r - instance * size), instance


def _group_size(group, I):
    G = I if group is None else min(int(group), I)
    if G < 1:
        raise ValueError(f"need group >= 1, got {group}")
    return G


def launch_position(j, instance, N: int, wave: int, instances: int):
    """The launch position of launch index j (0..N-1) of `instance` (0..instances-1), for scalars
    or NumPy arrays (int64)."""
    return grouped_launch_position(j, instance, N, wave, instances, None)


def unfold_launch_position(x, N: int, wave: int, instances: int):
    """(launch index j, instance) at launch position x (0..N * instances - 1), for scalars or NumPy
    arrays (int64): the inverse of launch_position, the device's closed form (no search)."""
    return unfold_grouped_launch_position(x, N, wave, instances, None)


def grouped_launch_position(j, instance, N: int, wave: int, instances: int, group: int | None):
    """launch_position within groups of `group` instances (None or >= instances: one group):
    group g's instances are folded among themselves at positions from g * G * N on."""
    N, W, I = _checked(N, wave, instances)
    G = _group_size(group, I)
    j = np.asarray(j, dtype=np.int64)
    instance = np.asarray(instance, dtype=np.int64)
    g = instance // G
    return g * G * N + _position(j, instance - g * G, N, W, np.minimum(G, I - g * G))


def unfold_grouped_launch_position(x, N: int, wave: int, instances: int, group: int | None):
    """(launch index j, instance) at launch position x of the grouped fold: the inverse of
    grouped_launch_position, the device's closed form (unfold_grouped_launch_position)."""
    N, W, I = _checked(N, wave, instances)
    G = _group_size(group, I)
    x = np.asarray(x, dtype=np.int64)
    g = x // (G * N)
    j, inner = _unfold(x - g * G * N, N, W, np.minimum(G, I - g * G))
    return j, g * G + inner


def dispatch_order(N: int, wave: int, instances: int, group: int | None = None):
    """(launch index j, instance) of every launch position 0, 1, ..., N * instances - 1: the
    order the kernel's CTAs claim them, which the model dispatches in (group: the instances per
    launch group, None or >= instances for one group)."""
    N, W, I = _checked(N, wave, instances)
    return unfold_grouped_launch_position(np.arange(N * I, dtype=np.int64), N, W, I, group)
