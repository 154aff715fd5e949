"""Every backward schedule on grouped-head (GQA/MQA) cells, interleaved in one process, beside what
`choose` returns (GROUPED_PICKS) and what the schedule model ranks when it is asked as for MHA
(`exact=True`: batch x heads instances). For re-measuring choose.GROUPED_PICKS after a change to
the grouped kernel (bench/NOTES.md, "Session 17").

    python scripts/grouped_schedules.py [--rounds 3] [--cells d128:32/8:causal:8k ...]
"""
from __future__ import annotations

import argparse
import os
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from bench.common import cell_tensors, time_interleaved  # noqa: E402
from bench.window import band_pairs  # noqa: E402
from dash.fwd import attn_fwd  # noqa: E402
from dash.ops import _problem, applicable_schedules, attn_bwd  # noqa: E402
from dash.schedule import choose  # noqa: E402

# hdim:heads/heads_kv:mask:seqlen, mask full, causal or wLEFT (a causal sliding window)
CELLS = ["128:32/8:full:8k", "128:32/8:causal:8k", "128:32/8:full:2k", "128:32/8:causal:2k",
         "128:64/16:causal:8k", "64:32/8:full:8k", "64:32/8:causal:8k", "128:32/1:causal:8k",
         "128:32/8:w4096:16k", "64:32/8:w4096:16k", "128:32/8:w512:4k"]


def parse(cell):
    hdim, heads, mask, seqlen = cell.split(":")
    h, hkv = (int(x) for x in heads.split("/"))
    window = (int(mask[1:]), 0) if mask.startswith("w") else (-1, -1)
    return int(hdim), h, hkv, mask == "causal", window, int(seqlen.rstrip("k")) * 1024


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--cells", nargs="*", default=CELLS)
    args = ap.parse_args()
    print("device:", torch.cuda.get_device_name())
    for cell in args.cells:
        hdim, heads, heads_kv, causal, window, seqlen = parse(cell)
        batch = max(1, 16384 // seqlen)
        q, k, v, dout = cell_tensors(batch, seqlen, heads, heads_kv, hdim, torch.bfloat16)
        out, lse = attn_fwd(q, k, v, causal=causal, window=window)
        dq, dk, dv = torch.empty_like(q), torch.empty_like(k), torch.empty_like(v)
        scheds = ("atomic",) + applicable_schedules(q, k, causal=causal, window=window)
        fns = {s: (lambda s=s: attn_bwd(dout, q, k, v, out, lse, causal=causal, window=window, schedule=s,
                                        deterministic=s != "atomic", dq=dq, dk=dk, dv=dv)) for s in scheds}
        ms = time_interleaved(fns, args.rounds)
        pairs = band_pairs(seqlen, seqlen, window if window != (-1, -1) else ((seqlen, 0) if causal else (-1, -1)))
        flops = 2.5 * 4 * batch * heads * pairs * hdim
        problem = _problem(seqlen, seqlen, hdim, causal, batch, heads, heads_kv, q.device, q.dtype, 0, window)
        pick, model = choose(problem), choose(problem, exact=True)
        best = min((t, s) for s, t in ms.items() if s != "atomic")[1]
        row = "  ".join(f"{s} {flops / t / 1e9:.0f}" for s, t in ms.items())
        print(f"{cell:22s} {row}  | best {best}, GROUPED_PICKS {pick}, model(MHA) {model}", flush=True)


if __name__ == "__main__":
    main()
