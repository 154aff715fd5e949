"""Backward (or, with --fwd, forward) of packed variable-length batches (flash_attn_varlen_func's
layout): dash's varlen backward (atomic, every deterministic schedule, auto) against
FlashAttention-4's varlen backward (non-deterministic and deterministic, when `flash_attn.cute`
imports) and PyTorch's `torch.nn.attention.varlen.varlen_attn` (its flash kernels; where this
torch has it and takes the shape), timed in interleaved rounds in one process. For the uniform
packing, dash's fixed-length backward on the same tokens as a (batch, 2048) tensor ("dash-fixed",
auto) shows what the varlen path costs. --fwd times the forwards the same way: dash's varlen
forward, dash-fixed, FA4's varlen forward and PyTorch's.

Packings of 16384 tokens per batch:
  docs:      document lengths from a fixed heavy-tailed draw (log-normal, clipped to [32, 8192],
             seed 2): 12 documents, median ~480, mean ~1.4k, the longest 7328;
  uniform2k: eight sequences of 2048.
FLOPs: the sum over sequences of 2.5 x 4 h sq sk d, halved for causal (as bench/bwd.py).

    python bench/varlen.py                     # d64 x 32 heads, d128 x 16 heads, d128 GQA 32/8
    python bench/varlen.py --hdims 128 --no-save
    python bench/varlen.py --fwd               # the forwards (FLOPs: 4 h sq sk d, halved for causal)
"""
from __future__ import annotations

import argparse
import os
import sys

import numpy as np
import torch

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from bench.common import fa4_interface, ready_or_none, record, report, time_interleaved  # noqa: E402
from dash import ops  # noqa: E402
from dash.fwd import attn_fwd, attn_fwd_varlen  # noqa: E402

TOKENS = 16384


def doc_lengths(tokens=TOKENS, seed=2):
    """A fixed heavy-tailed packing: log-normal lengths (mu 6.2, sigma 1.5), clipped to
    [32, 8192], the last one cut to fill `tokens`."""
    rng = np.random.default_rng(seed)
    lengths = []
    while sum(lengths) < tokens:
        lengths.append(int(np.clip(rng.lognormal(mean=6.2, sigma=1.5), 32, 8192)))
    lengths[-1] -= sum(lengths) - tokens
    return [n for n in lengths if n > 0]


PACKINGS = {"docs": doc_lengths(), "uniform2k": [2048] * (TOKENS // 2048)}
CONFIGS = [(64, 32, 32), (128, 16, 16), (128, 32, 8)]  # (hdim, heads, heads_kv)


def flops_of(lengths, heads, hdim, causal, pass_="bwd"):
    total = sum(4.0 * heads * n * n * hdim * (2.5 if pass_ == "bwd" else 1.0) for n in lengths)
    return total / 2 if causal else total


def sdpa_varlen_fn(q, k, v, dout, cu, max_len, causal):
    """PyTorch's varlen attention (torch.nn.attention.varlen.varlen_attn, its flash kernels,
    non-deterministic backward): the backward by autograd, the graph kept between calls."""
    from torch.nn.attention.varlen import varlen_attn

    qg, kg, vg = (t.detach().requires_grad_(True) for t in (q, k, v))
    kw = {"window_size": (-1, 0)} if causal else {}
    if kg.shape[1] != qg.shape[1]:
        kw["enable_gqa"] = True
    out = varlen_attn(qg, kg, vg, cu, cu, max_len, max_len, **kw)
    return lambda: torch.autograd.grad(out, (qg, kg, vg), dout, retain_graph=True)


def ready_closures(makers):
    """{name: closure} of the makers that make one (ready_or_none prints why the others did not)."""
    fns = {}
    for name, make in makers.items():
        fn = ready_or_none(name, make)
        if fn is not None:
            fns[name] = fn
    return fns


def packed_cell(lengths, heads, heads_kv, hdim):
    """One cell's packed tensors, q, k, v, dout (total, heads or heads_kv, hdim; bf16), and
    cu_seqlens."""
    total = sum(lengths)
    dev = dict(device="cuda", dtype=torch.bfloat16)
    q, dout = (torch.randn(total, heads, hdim, **dev) for _ in range(2))
    k, v = (torch.randn(total, heads_kv, hdim, **dev) for _ in range(2))
    cu = torch.tensor(np.concatenate([[0], np.cumsum(lengths)]), dtype=torch.int32, device="cuda")
    return q, k, v, dout, cu


def as_fixed(lengths, *tensors):
    """The packed tensors as one fixed-length batch (batch, seqlen, ...) where every sequence is as
    long (the same tokens, for "dash-fixed"), else None."""
    if len(set(lengths)) != 1:
        return None
    return tuple(t.view(len(lengths), lengths[0], *t.shape[1:]) for t in tensors)


def closures(lengths, heads, heads_kv, hdim, causal, with_fa4):
    q, k, v, dout, cu = packed_cell(lengths, heads, heads_kv, hdim)
    out, lse = attn_fwd_varlen(q, k, v, cu, cu, causal=causal)
    makers = {"atomic": lambda: lambda: ops.attn_bwd_varlen(dout, q, k, v, out, lse, cu, cu, causal=causal,
                                                           deterministic=False)}
    for s in ("auto",) + ops.schedules_for(causal):
        makers[s] = lambda s=s: lambda: ops.attn_bwd_varlen(dout, q, k, v, out, lse, cu, cu, causal=causal,
                                                            deterministic=True, schedule=s)
    fixed = as_fixed(lengths, q, k, v, dout)
    if fixed is not None:
        qf, kf, vf, dof = fixed
        outf, lsef = attn_fwd(qf, kf, vf, causal=causal)
        makers["dash-fixed"] = lambda: lambda: ops.attn_bwd(dof, qf, kf, vf, outf, lsef, causal=causal,
                                                            deterministic=True, schedule="auto")
    makers["sdpa-varlen"] = lambda: sdpa_varlen_fn(q, k, v, dout, cu, max(lengths), causal)
    if with_fa4:
        fa4 = fa4_interface()
        mx = max(lengths)

        def fa4_fn(det):
            o, l = fa4._flash_attn_fwd(q, k, v, cu_seqlens_q=cu, cu_seqlens_k=cu, max_seqlen_q=mx, max_seqlen_k=mx,
                                       causal=causal, return_lse=True)[:2]
            return lambda: fa4._flash_attn_bwd(q, k, v, o, dout, l, causal=causal, cu_seqlens_q=cu, cu_seqlens_k=cu,
                                               max_seqlen_q=mx, max_seqlen_k=mx, deterministic=det)
        makers["fa4"] = lambda: fa4_fn(False)
        makers["fa4-det"] = lambda: fa4_fn(True)
    return ready_closures(makers)


def forward_closures(lengths, heads, heads_kv, hdim, causal, with_fa4):
    """The forwards of one cell: dash varlen, dash-fixed (uniform packings), FA4 varlen and
    PyTorch's varlen_attn (no GQA in torch 2.11: MHA cells only)."""
    q, k, v, _, cu = packed_cell(lengths, heads, heads_kv, hdim)
    mx = max(lengths)
    makers = {"dash": lambda: lambda: attn_fwd_varlen(q, k, v, cu, cu, causal=causal)}
    fixed = as_fixed(lengths, q, k, v)
    if fixed is not None:
        makers["dash-fixed"] = lambda: lambda: attn_fwd(*fixed, causal=causal)
    if with_fa4:
        fa4 = fa4_interface()
        makers["fa4"] = lambda: lambda: fa4._flash_attn_fwd(q, k, v, cu_seqlens_q=cu, cu_seqlens_k=cu, max_seqlen_q=mx,
                                                            max_seqlen_k=mx, causal=causal, return_lse=True)

    def sdpa():
        from torch.nn.attention.varlen import varlen_attn
        if heads != heads_kv:
            raise ValueError("no GQA in this torch's varlen_attn")
        kw = {"window_size": (-1, 0)} if causal else {}
        return lambda: varlen_attn(q, k, v, cu, cu, mx, mx, **kw)
    makers["sdpa-varlen"] = sdpa
    return ready_closures(makers)


class Table:
    """A printed table of one pass: its columns' TFLOP/s, then ratios of two columns each
    ((name, numerator, denominator)), then auto's pick where `picks`."""

    def __init__(self, columns, ratios, picks):
        self.columns, self.ratios, self.picks = columns, ratios, picks

    def header(self):
        return (f"{'cell':>28} " + " ".join(f"{c:>12}" for c in self.columns) + " "
                + " ".join(f"{name:>{max(8, len(name))}}" for name, _, _ in self.ratios)
                + (f" {'picks':>10}" if self.picks else ""))

    def format_row(self, row):
        nan = float("nan")
        vals = " ".join(f"{row.get(c, nan):12.1f}" for c in self.columns)
        ratios = " ".join(f"{row.get(a, nan) / row.get(b, nan):{max(8, len(name))}.3f}" for name, a, b in self.ratios)
        return f"{row['cell']:>28} {vals} {ratios}" + (f" {row['picks']:>10}" if self.picks else "")


BACKWARD = Table(("atomic", "ascending", "descending", "spt", "shift", "shift_causal", "auto", "dash-fixed", "fa4",
                  "fa4-det", "sdpa-varlen"),
                 (("auto/fa4det", "auto", "fa4-det"), ("atom/fa4", "atomic", "fa4")), picks=True)
FORWARD = Table(("dash", "dash-fixed", "fa4", "sdpa-varlen"),
                (("dash/fa4", "dash", "fa4"), ("dash/fixed", "dash", "dash-fixed")), picks=False)


def backward_record(col, auto):
    """(impl, schedule, deterministic, resolved) of a backward column."""
    impl = "fa4" if col.startswith("fa4") else ("sdpa-varlen" if col == "sdpa-varlen" else "dash")
    schedule = None if impl != "dash" else ("auto" if col == "dash-fixed" else col)
    return impl, schedule, col not in ("atomic", "fa4", "sdpa-varlen"), auto if col == "auto" else None


def forward_record(col, auto):
    """(impl, schedule, deterministic, resolved) of a forward column: every forward is deterministic."""
    return {"dash-fixed": "dash"}.get(col, col), None, True, None


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--hdims", default="64,128")
    ap.add_argument("--packings", default=",".join(PACKINGS))
    ap.add_argument("--masks", default="full,causal")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--no-fa4", action="store_true")
    ap.add_argument("--no-save", action="store_true")
    ap.add_argument("--fwd", action="store_true", help="time the forwards instead")
    args = ap.parse_args()
    with_fa4 = not args.no_fa4 and fa4_interface() is not None
    hdims = [int(h) for h in args.hdims.split(",")]
    pass_ = "fwd" if args.fwd else "bwd"
    make_closures, record_of, table = ((forward_closures, forward_record, FORWARD) if args.fwd
                                       else (closures, backward_record, BACKWARD))
    records, rows = [], []
    print(f"docs packing: {len(PACKINGS['docs'])} documents, longest {max(PACKINGS['docs'])}, "
          f"median {int(np.median(PACKINGS['docs']))}")
    for packing in args.packings.split(","):
        lengths = PACKINGS[packing]
        for hdim, heads, heads_kv in [c for c in CONFIGS if c[0] in hdims]:
            for causal in [m == "causal" for m in args.masks.split(",")]:
                torch.manual_seed(0)
                fns = make_closures(lengths, heads, heads_kv, hdim, causal, with_fa4)
                ms = time_interleaved(fns, args.rounds)
                flops = flops_of(lengths, heads, hdim, causal, pass_)
                auto = ops.resolve_varlen_schedule("auto", True, causal, heads, heads_kv)[0]
                row = {"cell": f"{packing} d{hdim} {heads}/{heads_kv} {'causal' if causal else 'full'}", "picks": auto}
                for col, t in ms.items():
                    impl, schedule, det, resolved = record_of(col, auto)
                    rec = record(impl, pass_, schedule, det, torch.bfloat16, hdim, causal, len(lengths), sum(lengths),
                                 sum(lengths), heads, heads_kv, t, flops, resolved=resolved)
                    rec["varlen"] = col != "dash-fixed"
                    rec["packing"] = packing
                    records.append(rec)
                    row[col] = rec["tflops"]
                rows.append(row)
                print(table.format_row(row), flush=True)
                torch.cuda.empty_cache()
    # The PNG: one panel per (hdim, causal), x = sequences per batch (common.plot_points).
    report(f"varlen-{pass_}", "Varlen forward" if args.fwd else "Varlen backward", args, rows, table.header,
           table.format_row, records, setting=f"{TOKENS} tokens per batch")


if __name__ == "__main__":
    main()
