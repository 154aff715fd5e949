"""One backward (or, with --fwd, forward) call of one implementation at one shape, between
cudaProfilerStart/Stop, for Nsight Compute (`ncu --profile-from-start off`): scripts/ncu_bwd.sh runs
it for dash and FA4 at the same shape so that their main kernels can be compared counter by
counter.

    python bench/profile_bwd.py --impl dash:spt --hdim 64 --causal --seqlen 8192
    python bench/profile_bwd.py --impl fa4-det --hdim 128 --seqlen 8192 --heads 32 --heads-kv 8
    python bench/profile_bwd.py --fwd --impl dash --hdim 64 --causal --seqlen 16384
"""
from __future__ import annotations

import argparse
import os
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from bench.bwd import closures  # noqa: E402
from bench.common import HEADS  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--impl", required=True, help="dash:<schedule> (atomic, auto, spt, ...), fa4 or fa4-det; "
                    "with --fwd: dash or fa4")
    ap.add_argument("--fwd", action="store_true", help="profile the forward instead")
    ap.add_argument("--hdim", type=int, default=128)
    ap.add_argument("--seqlen", type=int, default=8192)
    ap.add_argument("--causal", action="store_true")
    ap.add_argument("--tokens", type=int, default=16384)
    ap.add_argument("--heads", type=int)
    ap.add_argument("--heads-kv", type=int)
    args = ap.parse_args()
    heads = args.heads or HEADS[args.hdim]
    heads_kv = args.heads_kv or heads
    batch = max(1, args.tokens // args.seqlen)
    torch.manual_seed(0)
    q, dout = (torch.randn(batch, args.seqlen, heads, args.hdim, device="cuda", dtype=torch.bfloat16) for _ in range(2))
    k, v = (torch.randn(batch, args.seqlen, heads_kv, args.hdim, device="cuda", dtype=torch.bfloat16) for _ in range(2))
    column = args.impl.split(":", 1)[1] if args.impl.startswith("dash:") else args.impl
    peers = ["fa4"] if column.startswith("fa4") else []
    if args.fwd:
        from bench.fwd import closures as fwd_closures

        fn = fwd_closures(q, k, v, args.causal, peers)[column]
    else:
        fn = closures(q, k, v, dout, args.causal, peers)[column]
    for _ in range(3):
        fn()
    torch.cuda.synchronize()
    torch.cuda.profiler.start()
    fn()
    torch.cuda.synchronize()
    torch.cuda.profiler.stop()


if __name__ == "__main__":
    main()
