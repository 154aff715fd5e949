"""Is a call host-bound? For each cell, the benchmarks' closures (dash's backward, atomic and auto,
and forward; FA4's where it imports) timed eagerly (do_bench, as the benchmarks time them) and
replayed from a CUDA graph (no host work between kernels), and the host time of one eager call
with the GPU busy elsewhere. Where eager > graph, the gap is host time or launch gaps that a user
calling the function eagerly also pays.

    python scripts/graph_vs_eager.py --cells d64c2k d128c2k d128f2k
    python scripts/graph_vs_eager.py --cells d128c2k --dash atomic auto spt   # auto against its pick
"""
from __future__ import annotations

import argparse
import os
import sys
import time

import torch

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from bench.bwd import closures as bwd_closures  # noqa: E402
from bench.common import HEADS, fa4_interface, parse_cell, time_ms  # noqa: E402
from bench.fwd import closures as fwd_closures  # noqa: E402

PEER_COLUMNS = ("fa4", "fa4-det")


def host_ms(fn, calls=30):
    torch.cuda.synchronize()
    torch.cuda._sleep(int(1e9))  # the GPU is busy, so no call below waits on it
    t0 = time.perf_counter()
    for _ in range(calls):
        fn()
    ms = (time.perf_counter() - t0) * 1e3 / calls
    torch.cuda.synchronize()
    return ms


def graph_of(fn):
    s = torch.cuda.Stream()
    s.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(s):
        for _ in range(3):
            fn()
    torch.cuda.current_stream().wait_stream(s)
    g = torch.cuda.CUDAGraph()
    with torch.cuda.graph(g):
        fn()
    return g.replay


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cells", nargs="+", default=["d64c2k", "d128c2k", "d128f2k"],
                    help="d{hdim}{f|c}{seqlen}k")
    ap.add_argument("--tokens", type=int, default=16384)
    ap.add_argument("--dash", nargs="+", default=["atomic", "auto"],
                    help="dash backward columns: atomic, auto or a deterministic schedule")
    args = ap.parse_args()
    peers = ["fa4"] if fa4_interface() is not None else []
    print(f"{'cell':>8} {'impl':>14} {'eager ms':>9} {'graph ms':>9} {'eager/graph':>11} {'host ms':>8}")
    for cell in args.cells:
        hdim, causal, seqlen = parse_cell(cell)
        torch.manual_seed(0)
        shape = (max(1, args.tokens // seqlen), seqlen, HEADS[hdim], hdim)
        q, k, v, dout = (torch.randn(shape, device="cuda", dtype=torch.bfloat16) for _ in range(4))
        bwd = bwd_closures(q, k, v, dout, causal, peers)
        fns = {"dash-" + c: bwd[c] for c in args.dash if c in bwd}
        fns.update({c: bwd[c] for c in PEER_COLUMNS if c in bwd})
        fns.update({f"{name}-fwd": fn for name, fn in fwd_closures(q, k, v, causal, peers).items()})
        for name, fn in fns.items():
            eager = time_ms(fn, warmup=10, rep=100)
            try:
                graph = time_ms(graph_of(fn), warmup=10, rep=100)
            except Exception as exc:  # noqa: BLE001 - a peer that cannot be captured
                print(f"  {name}: no graph ({str(exc).splitlines()[0][:80]})")
                graph = float("nan")
            print(f"{cell:>8} {name:>14} {eager:9.3f} {graph:9.3f} {eager / graph:11.3f} {host_ms(fn):8.3f}")


if __name__ == "__main__":
    main()
