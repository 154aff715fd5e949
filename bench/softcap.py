"""Softcap benchmark: dash's forward and backward with FA3's softcap (the capped score policy,
csrc/common/score.h) beside the same calls without it, and FlashAttention-4's capped forward and
backward where `flash_attn.cute` imports and takes softcap, timed in interleaved rounds in one
process (bf16, batch x seqlen = 16384; d64 x 32 heads, d128 x 16 heads).

    python bench/softcap.py                       # softcap 50 (Gemma 2's), full and causal, 8k
    python bench/softcap.py --softcap 30 --seqlens 2048 8192

Columns: "fwd" / "fwd cap" (dash's forward without / with the cap), "atomic", "auto" and their
capped twins, "fa4 fwd cap", "fa4 cap" and "fa4-det cap" (FA4's backward, non-deterministic and
deterministic). FLOPs as every other benchmark (the tanh is not counted): a capped column's
TFLOP/s is directly its speed against the plain one.

Records: bench/bwd.py's fields plus "softcap" (0.0 for the plain columns); impl "dash" (pass "fwd";
pass "bwd", schedule "atomic" or "auto" with `resolved`) and "fa4".
"""
from __future__ import annotations

import argparse
import os
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from bench.common import (attention_flops, cell_name, cell_tensors, fa4_interface, first_line, record, report,  # noqa: E402
                          time_interleaved)
from dash.fwd import attn_fwd  # noqa: E402
from dash.ops import _problem, attn_bwd, resolve_schedule  # noqa: E402


def fa4_closures(q, k, v, dout, causal, softcap):
    """{column: closure} of FA4's capped forward and backward; {} where FA4 does not import or
    refuses softcap (with a line)."""
    fa4 = fa4_interface()
    if fa4 is None:
        return {}
    fns = {}
    try:
        kw = dict(causal=causal, softcap=softcap)
        out, lse = fa4._flash_attn_fwd(q, k, v, return_lse=True, **kw)[:2]
        fns["fa4 fwd cap"] = lambda: fa4._flash_attn_fwd(q, k, v, return_lse=True, **kw)
        fns["fa4 fwd cap"]()
    except Exception as exc:  # noqa: BLE001 - the row goes without it
        print(f"  fa4 forward: left out ({first_line(exc)})", flush=True)
        return fns
    for det in (False, True):
        name = "fa4-det cap" if det else "fa4 cap"
        try:
            fn = lambda d=det: fa4._flash_attn_bwd(q, k, v, out, dout, lse, deterministic=d, **kw)  # noqa: E731
            fn()
            fns[name] = fn
        except Exception as exc:  # noqa: BLE001
            print(f"  fa4 backward (deterministic={det}): left out ({first_line(exc)})", flush=True)
    torch.cuda.synchronize()
    return fns


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--softcap", type=float, default=50.0)
    ap.add_argument("--seqlens", type=int, nargs="+", default=[8192])
    ap.add_argument("--hdims", type=int, nargs="+", default=[64, 128])
    ap.add_argument("--masks", nargs="+", default=["full", "causal"], choices=["full", "causal"])
    ap.add_argument("--tokens", type=int, default=16384, help="batch x seqlen")
    ap.add_argument("--rounds", type=int, default=0, help="interleaved rounds per cell; 0: a Williams design")
    ap.add_argument("--no-fa4", action="store_true")
    ap.add_argument("--no-save", action="store_true")
    args = ap.parse_args()
    cap = args.softcap

    records, rows = [], []
    for hdim in args.hdims:
        for causal in (m == "causal" for m in args.masks):
            for seqlen in args.seqlens:
                heads = 32 if hdim == 64 else 16
                batch = max(1, args.tokens // seqlen)
                q, k, v, dout = cell_tensors(batch, seqlen, heads, heads, hdim, torch.bfloat16)
                label = cell_name(hdim, causal, seqlen, heads, heads)
                base = dict(dtype=torch.bfloat16, hdim=hdim, causal=causal, batch=batch, seqlen_q=seqlen,
                            seqlen_k=seqlen, nheads=heads, nheads_kv=heads)
                flops = {p: attention_flops(batch, heads, seqlen, seqlen, hdim, causal, p) for p in ("fwd", "bwd")}
                problem = _problem(seqlen, seqlen, hdim, causal, batch, heads, heads, q.device, q.dtype, 0, (-1, -1))
                auto = resolve_schedule("auto", True, problem)
                dq, dk, dv = torch.empty_like(q), torch.empty_like(k), torch.empty_like(v)
                fns = {}
                for c in (0.0, cap):
                    suffix = " cap" if c else ""
                    out, lse = attn_fwd(q, k, v, causal=causal, softcap=c)
                    fns["fwd" + suffix] = lambda c=c: attn_fwd(q, k, v, causal=causal, softcap=c)
                    for s in ("atomic", "auto"):
                        fns[s + suffix] = lambda s=s, c=c, out=out, lse=lse: attn_bwd(
                            dout, q, k, v, out, lse, causal=causal, softcap=c, schedule=s,
                            deterministic=s != "atomic", dq=dq, dk=dk, dv=dv)
                if not args.no_fa4:
                    fns.update(fa4_closures(q, k, v, dout, causal, cap))
                ms = time_interleaved(fns, args.rounds)
                row = {"cell": label, "picks": auto}
                for col, t in ms.items():
                    capped = col.endswith(" cap")
                    if col.startswith("fa4"):
                        pass_ = "fwd" if "fwd" in col else "bwd"
                        rec = record("fa4", pass_, None, pass_ == "fwd" or "det" in col, ms=t, flops=flops[pass_],
                                     **base)
                    elif col.startswith("fwd"):
                        rec = record("dash", "fwd", None, True, ms=t, flops=flops["fwd"], **base)
                    else:
                        s = col.split()[0]
                        rec = record("dash", "bwd", s, s != "atomic", ms=t, flops=flops["bwd"],
                                     resolved=auto if s == "auto" else None, **base)
                    rec["softcap"] = cap if capped else 0.0
                    records.append(rec)
                    row[col] = rec["tflops"]
                rows.append(row)
                print(format_row(row), flush=True)
                del q, k, v, dout, dq, dk, dv, fns
                torch.cuda.empty_cache()
    report("softcap", f"Softcap ({cap:g}) forward and backward", args, rows, header, format_row, records)


COLUMNS = ("fwd", "fwd cap", "fa4 fwd cap", "atomic", "atomic cap", "auto", "auto cap", "fa4 cap", "fa4-det cap")


def header():
    return (f"{'cell':>18} " + " ".join(f"{c:>11}" for c in COLUMNS) +
            f" {'fwd cap/plain':>13} {'auto cap/plain':>14} {'auto cap/fa4det':>15}")


def format_row(row):
    nan = float("nan")
    vals = " ".join(f"{row.get(c, nan):11.1f}" for c in COLUMNS)
    return (f"{row['cell']:>18} {vals} {row.get('fwd cap', nan) / row.get('fwd', nan):13.3f} "
            f"{row.get('auto cap', nan) / row.get('auto', nan):14.3f} "
            f"{row.get('auto cap', nan) / row.get('fa4-det cap', nan):15.3f}")


if __name__ == "__main__":
    main()
