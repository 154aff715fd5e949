"""Is a backward call host-bound? For each cell, the same closure timed eagerly (do_bench, as the
benchmarks time it) and replayed from a CUDA graph (no host work between kernels), and the host
time of one eager call with the GPU busy elsewhere. Where eager > graph, the gap is host time or
launch gaps that a user calling the function eagerly also pays.

    python scripts/graph_vs_eager.py --cells d64c2k d128c2k d128f2k
"""
from __future__ import annotations

import argparse
import time

import torch

from bench.common import fa4_interface, time_ms
from dash.fwd import attn_fwd
from dash.ops import attn_bwd

CELLS = {"d64c2k": (64, True, 2048, 32), "d64f2k": (64, False, 2048, 32), "d128c2k": (128, True, 2048, 16),
         "d128f2k": (128, False, 2048, 16), "d64c8k": (64, True, 8192, 32), "d128f8k": (128, False, 8192, 16)}


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
    ap.add_argument("--cells", nargs="+", default=["d64c2k", "d128c2k", "d128f2k"])
    ap.add_argument("--tokens", type=int, default=16384)
    args = ap.parse_args()
    fa4 = fa4_interface()
    print(f"{'cell':>8} {'impl':>14} {'eager ms':>9} {'graph ms':>9} {'eager/graph':>11} {'host ms':>8}")
    for cell in args.cells:
        hdim, causal, seqlen, heads = CELLS[cell]
        torch.manual_seed(0)
        shape = (args.tokens // seqlen, seqlen, heads, hdim)
        q, k, v, dout = (torch.randn(shape, device="cuda", dtype=torch.bfloat16) for _ in range(4))
        out, lse = attn_fwd(q, k, v, causal=causal)
        dq, dk, dv = torch.empty_like(q), torch.empty_like(k), torch.empty_like(v)
        fns = {}
        for sched in ("atomic", "auto"):
            fns[f"dash-{sched}"] = lambda s=sched: attn_bwd(dout, q, k, v, out, lse, causal=causal, schedule=s,
                                                            deterministic=s != "atomic", dq=dq, dk=dk, dv=dv)
        fns["dash-fwd"] = lambda: attn_fwd(q, k, v, causal=causal)
        if fa4 is not None:
            o4, lse4 = fa4._flash_attn_fwd(q, k, v, causal=causal, return_lse=True)[:2]
            for det in (False, True):
                fns["fa4-det" if det else "fa4"] = lambda d=det: fa4._flash_attn_bwd(q, k, v, o4, dout, lse4,
                                                                                    causal=causal, deterministic=d)
            fns["fa4-fwd"] = lambda: fa4._flash_attn_fwd(q, k, v, causal=causal, return_lse=True)
        for name, fn in fns.items():
            fn()
            eager = time_ms(fn, warmup=10, rep=100)
            try:
                graph = time_ms(graph_of(fn), warmup=10, rep=100)
            except Exception as exc:  # noqa: BLE001 - a peer that cannot be captured
                print(f"  {name}: no graph ({str(exc).splitlines()[0][:80]})")
                graph = float("nan")
            print(f"{cell:>8} {name:>14} {eager:9.3f} {graph:9.3f} {eager / graph:11.3f} {host_ms(fn):8.3f}")


if __name__ == "__main__":
    main()
