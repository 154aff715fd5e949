"""Gantt charts of simulated schedules (matplotlib, Agg backend: no display needed).

One row per SM slot, time on x. Each row has a compute lane (blue; alternating shades mark
where one CTA ends and the next begins) and, below it, a reduction lane: orange while the dQ
writer adds a tile, red while it waits for its Q tile's turn (the ticket lock). Pink: a CTA
holds the SM without computing (stalled behind its reductions). White: no CTA.
"""
from __future__ import annotations

import numpy as np

from .simulate import SimResult

COMPUTE = ("#3b6fb6", "#7aa6e0")
REDUCE = "#f0a030"
WAIT = "#d62728"
STALL = "#f4b6c2"


def _hex(c):
    return np.array([int(c[i:i + 2], 16) for i in (1, 3, 5)], dtype=float) / 255


def _coverage(slot, a, b, nslots, edges):
    """float[nslots, len(edges)-1]: share of each time bin covered by the intervals [a, b) of
    each slot (the intervals of one slot must not overlap). Vectorised: the covered length up
    to every bin edge is a searchsorted into the slot's sorted intervals plus a partial term."""
    out = np.zeros((nslots, len(edges) - 1))
    if len(a) == 0:
        return out
    K = float(edges[-1] - edges[0]) * 4 + 1.0          # separates slots in one sorted key
    order = np.lexsort((a, slot))
    slot, a, b = slot[order], a[order] - edges[0], b[order] - edges[0]
    length = b - a
    cum = np.cumsum(length) - length                     # length of all earlier intervals
    first = np.searchsorted(slot, np.arange(nslots))     # first interval of each slot
    base = np.where(first < len(cum), cum[np.minimum(first, len(cum) - 1)], 0.0)
    key = slot * K + a
    e = edges - edges[0]
    q = np.arange(nslots)[:, None] * K + e[None, :]
    j = np.searchsorted(key, q.ravel(), side="right").reshape(q.shape) - 1
    jj = np.maximum(j, 0)
    valid = (j >= 0) & (slot[jj] == np.arange(nslots)[:, None])
    G = np.where(valid, cum[jj] - base[:, None] + np.clip(e[None, :] - a[jj], 0, length[jj]), 0.0)
    return np.diff(G, axis=1) / np.diff(e)[None, :]


def plot_gantt(result: SimResult, ax, title: str | None = None, max_slots: int | None = None,
               span: float | None = None, width_px: int = 1400):
    """Draw `result` on the matplotlib Axes `ax`, rasterised: every slot is three pixel rows
    (two of compute, one of reduction) and time is cut into `width_px` bins, each coloured by
    the share of it spent in each state. Fast for any number of tiles."""
    slots = result.slots if max_slots is None else min(max_slots, result.slots)
    span = (result.makespan or 1.0) if span is None else span
    edges = np.linspace(0.0, span, width_px + 1)
    sv = result.cta_slot[result.v_cta]
    keep = sv < slots
    sv, cta = sv[keep], result.v_cta[keep]
    cs, ce = result.c_start[keep], result.c_end[keep]
    rs, re = result.r_start[keep], result.r_end[keep]
    w = result.r_chain_wait[keep] & (rs > ce)
    held = result.cta_slot < slots
    # SM lane (3 pixel rows): compute in two shades by CTA parity, pink while a CTA holds the SM
    # without computing (its compute waits for its own reductions, or it is draining them).
    img = np.ones((slots, 4, width_px, 3))
    busy = np.zeros((slots, width_px))
    for k in (0, 1):
        sel = cta % 2 == k
        cov = _coverage(sv[sel], cs[sel], ce[sel], slots, edges)
        busy += cov
        img[:, :3] -= cov[:, None, :, None] * (1 - _hex(COMPUTE[k]))
    stalled = np.clip(_coverage(result.cta_slot[held], result.cta_start[held], result.cta_end[held],
                                slots, edges) - busy, 0, 1)
    img[:, :3] -= stalled[:, None, :, None] * (1 - _hex(STALL))
    # Reduction lane (1 pixel row): orange while adding, red while waiting for the turn.
    img[:, 3] -= _coverage(sv, rs, re, slots, edges)[:, :, None] * (1 - _hex(REDUCE))
    img[:, 3] -= _coverage(sv[w], ce[w], rs[w], slots, edges)[:, :, None] * (1 - _hex(WAIT))
    img = np.clip(img, 0, 1).reshape(slots * 4, width_px, 3)
    ax.imshow(img, aspect="auto", interpolation="antialiased", extent=(0, span, slots - 0.5, -0.5))
    ax.set_ylabel("SM slot")
    if title is not None:
        ax.set_title(title, fontsize=10, loc="left")


def plot_comparison(results: dict, path: str, problem=None, max_slots: int | None = None,
                    base: str = "ascending"):
    """One Gantt chart per schedule, stacked, same time axis; saved to `path` (PNG/SVG/PDF).
    `results` is {name: (tables, SimResult)} as returned by choose.compare()."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.patches import Patch

    names = list(results)
    ref = results[base][1].makespan if base in results else None
    span = max(r.makespan for _, r in results.values())
    fig, axes = plt.subplots(len(names), 1, figsize=(11, 1.2 + 2.3 * len(names)), sharex=True, squeeze=False)
    for ax, name in zip(axes[:, 0], names):
        tables, r = results[name]
        label = name if tables.built_as == name else f"{name} (built as {tables.built_as})"
        extra = f", {ref / r.makespan:.2f}x vs {base}" if ref and name != base else ""
        plot_gantt(r, ax, f"{label}: makespan {r.makespan:.0f}, idle {100 * r.idle_fraction:.0f}%{extra}",
                   max_slots=max_slots, span=span)
    axes[-1, 0].set_xlabel("time (one step's compute = 1)")
    if problem is not None:
        sim = results[names[0]][1]
        note = "" if sim.instances == sim.total_instances else \
            f" (first {sim.instances} of {sim.total_instances} batch x head instances simulated)"
        fig.suptitle(problem.describe() + note, fontsize=9)
    fig.legend(handles=[Patch(color=COMPUTE[0], label="compute (shades: successive CTAs)"),
                        Patch(color=REDUCE, label="dQ reduction"),
                        Patch(color=WAIT, label="writer waiting for its turn"),
                        Patch(color=STALL, label="SM held, not computing")],
               loc="lower center", ncol=4, fontsize=8, frameon=False)
    fig.tight_layout(rect=(0, 0.03, 1, 0.97))
    if str(path).lower().endswith(".png"):
        _save_small_png(fig, path)
    else:
        fig.savefig(path, dpi=110)
    plt.close(fig)
    return path


def _save_small_png(fig, path):
    """PNG with a 128-colour palette: the charts have few colours, and this keeps them ~5x
    smaller (Pillow comes with matplotlib)."""
    import io

    from PIL import Image

    buf = io.BytesIO()
    fig.savefig(buf, dpi=110, format="png")
    buf.seek(0)
    img = Image.open(buf).convert("RGB").quantize(colors=128, method=getattr(Image, "Quantize", Image).FASTOCTREE)
    img.save(path, optimize=True)
