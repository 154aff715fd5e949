"""Does a backward run slower because the GPU clocks down under it? Each implementation runs
back to back for a few seconds (sustained, no cache flush between calls) while nvidia-smi samples
the SM clock, power draw and throttle reasons; printed per (cell, implementation): ms per call in
the first 5 calls after an idle second (a burst, as a profiler sees it) and over the sustained
run, with the median clock and power of the sustained run.

    python scripts/clock_probe.py                      # d64c8k d128f8k, dash atomic/auto, FA4 where it imports
    python scripts/clock_probe.py --cells d64c8k --seconds 5
"""
from __future__ import annotations

import argparse
import datetime
import os
import statistics
import subprocess
import sys
import tempfile
import time

import torch

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from bench.bwd import closures  # noqa: E402
from bench.common import HEADS, attention_flops, cell_tensors, fa4_interface, parse_cell  # noqa: E402

FIELDS = "timestamp,clocks.sm,power.draw,temperature.gpu,clocks_throttle_reasons.active"


def samples_between(path, t0, t1):
    """(clock MHz, watts, throttle reasons) of the samples taken in [t0, t1] (epoch seconds)."""
    out = []
    for line in open(path):
        parts = [x.strip() for x in line.split(",")]
        if len(parts) < 5:
            continue
        try:
            t = datetime.datetime.strptime(parts[0], "%Y/%m/%d %H:%M:%S.%f").timestamp()
            clock, watts = float(parts[1]), float(parts[2])
        except ValueError:
            continue
        if t0 <= t <= t1:
            out.append((clock, watts, parts[4]))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cells", nargs="+", default=["d64c8k", "d128f8k"])
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--columns", nargs="+", default=["atomic", "auto", "fa4", "fa4-det"])
    args = ap.parse_args()
    log = tempfile.NamedTemporaryFile(suffix=".csv", delete=False).name
    smi = subprocess.Popen(["nvidia-smi", f"--query-gpu={FIELDS}", "--format=csv,noheader,nounits", "-lms", "50",
                            "-f", log])
    try:
        print("device:", torch.cuda.get_device_name())
        peers = ["fa4"] if fa4_interface() is not None else []
        for cell in args.cells:
            hdim, causal, seqlen = parse_cell(cell)
            heads = HEADS[hdim]
            batch = 16384 // seqlen
            q, k, v, dout = cell_tensors(batch, seqlen, heads, heads, hdim, torch.bfloat16)
            fns = closures(q, k, v, dout, causal, peers)
            flops = attention_flops(batch, heads, seqlen, seqlen, hdim, causal, "bwd")
            for col in args.columns:
                if col not in fns:
                    continue
                fn = fns[col]
                fn()
                torch.cuda.synchronize()
                time.sleep(1.0)  # idle: let the clocks come back up
                start = time.time()
                for _ in range(5):
                    fn()
                torch.cuda.synchronize()
                burst_ms = (time.time() - start) / 5 * 1e3
                calls, start = 0, time.time()
                while time.time() - start < args.seconds:
                    for _ in range(10):
                        fn()
                    calls += 10
                    torch.cuda.synchronize()
                end = time.time()
                sustained_ms = (end - start) / calls * 1e3
                time.sleep(0.2)  # the sampler's file catches up
                s = samples_between(log, start + 0.5, end)
                clock = statistics.median(x[0] for x in s) if s else float("nan")
                watts = statistics.median(x[1] for x in s) if s else float("nan")
                reasons = sorted({x[2] for x in s})
                print(f"{cell:>8} {col:>12}: burst {burst_ms:7.3f} ms ({flops / burst_ms / 1e9:5.1f} TF), "
                      f"sustained {sustained_ms:7.3f} ms ({flops / sustained_ms / 1e9:5.1f} TF), "
                      f"SM clock {clock:.0f} MHz, {watts:.0f} W, throttle {','.join(reasons)} ({len(s)} samples)",
                      flush=True)
    finally:
        smi.terminate()


if __name__ == "__main__":
    main()
