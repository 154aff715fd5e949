"""The host's share of a training step: wall time per forward + backward through
dash.flash_attn_func against the GPU's time for the same step, and where the host time goes
(cProfile), deterministic and not.

    python scripts/host_profile.py --hdim 128 --seqlen 2048 --causal
"""
from __future__ import annotations

import argparse
import cProfile
import pstats
import time

import torch

import dash


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--hdim", type=int, default=128)
    ap.add_argument("--seqlen", type=int, default=2048)
    ap.add_argument("--heads", type=int, default=16)
    ap.add_argument("--tokens", type=int, default=16384)
    ap.add_argument("--causal", action="store_true")
    ap.add_argument("--steps", type=int, default=50)
    ap.add_argument("--top", type=int, default=25)
    args = ap.parse_args()
    shape = (args.tokens // args.seqlen, args.seqlen, args.heads, args.hdim)
    q, k, v = (torch.randn(shape, device="cuda", dtype=torch.bfloat16, requires_grad=True) for _ in range(3))
    dout = torch.randn(shape, device="cuda", dtype=torch.bfloat16)
    for det in (True, False):
        def step():
            out = dash.flash_attn_func(q, k, v, causal=args.causal, deterministic=det)
            return torch.autograd.grad(out, (q, k, v), dout)
        for _ in range(5):
            step()
        torch.cuda.synchronize()
        # GPU time per step (events around a batch of steps) and host time per step (a batch of
        # steps issued after the GPU has been given a long kernel to chew on, so none waits).
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        for _ in range(args.steps):
            step()
        end.record()
        torch.cuda.synchronize()
        gpu_ms = start.elapsed_time(end) / args.steps
        torch.cuda._sleep(int(2e9))  # ~1 s of GPU time ahead of the host
        t0 = time.perf_counter()
        for _ in range(args.steps):
            step()
        host_ms = (time.perf_counter() - t0) * 1e3 / args.steps
        torch.cuda.synchronize()
        print(f"deterministic={det}: wall {gpu_ms:.3f} ms/step with the GPU waiting on nothing but the host, "
              f"host alone {host_ms:.3f} ms/step")
        torch.cuda._sleep(int(2e9))
        prof = cProfile.Profile()
        prof.enable()
        for _ in range(args.steps):
            step()
        prof.disable()
        torch.cuda.synchronize()
        pstats.Stats(prof).sort_stats("tottime").print_stats(args.top)


if __name__ == "__main__":
    main()
