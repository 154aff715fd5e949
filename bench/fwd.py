"""Attention forward benchmark: dash against PyTorch SDPA's backends (DESIGN.md section 7).

Grid: bf16; head_dim 64 with 32 heads and head_dim 128 with 16 heads; batch x seqlen = 16384;
seqlen 512 ... 16384; causal and full. Time: triton.testing.do_bench median (CUDA-event median
without triton). TFLOP/s = 4 * batch * heads * seqlen_q * seqlen_k * head_dim / time, halved
for causal. Prints a table, writes bench/results/fwd-<date>.json (and a PNG plot when
matplotlib is installed).

    python bench/fwd.py            # full grid
    python bench/fwd.py --quick    # seqlen 2k and 8k only
"""
from __future__ import annotations

import argparse
import datetime
import json
import os
import subprocess
import sys
from pathlib import Path

import torch
import torch.nn.functional as F

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from dash.fwd import attn_fwd  # noqa: E402

TOKENS = 16384
SEQLENS = [512, 1024, 2048, 4096, 8192, 16384]
QUICK_SEQLENS = [2048, 8192]
HDIM_HEADS = [(64, 32), (128, 16)]


def bench_ms(fn) -> float:
    try:
        from triton.testing import do_bench
    except ImportError:
        do_bench = None
    if do_bench is not None:
        return float(do_bench(fn, warmup=25, rep=100, return_mode="median"))
    for _ in range(5):
        fn()
    times = []
    for _ in range(30):
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        fn()
        end.record()
        torch.cuda.synchronize()
        times.append(start.elapsed_time(end))
    return sorted(times)[len(times) // 2]


def fwd_flops(batch, heads, seqlen_q, seqlen_k, head_dim, causal):
    flops = 4 * batch * heads * seqlen_q * seqlen_k * head_dim
    return flops // 2 if causal else flops


def sdpa_backends():
    try:
        from torch.nn.attention import SDPBackend, sdpa_kernel
    except ImportError:
        return {}
    out = {"sdpa-flash": SDPBackend.FLASH_ATTENTION, "sdpa-efficient": SDPBackend.EFFICIENT_ATTENTION}
    if hasattr(SDPBackend, "CUDNN_ATTENTION"):
        out["sdpa-cudnn"] = SDPBackend.CUDNN_ATTENTION
    return {name: (lambda b=b: sdpa_kernel(b)) for name, b in out.items()}


def run_case(impl, ctx, batch, heads, seqlen, head_dim, causal, dtype):
    if impl == "dash":
        q, k, v = (torch.randn(batch, seqlen, heads, head_dim, device="cuda", dtype=dtype) for _ in range(3))
        fn = lambda: attn_fwd(q, k, v, causal=causal)  # noqa: E731
    else:  # SDPA's native (batch, heads, seqlen, head_dim) layout
        q, k, v = (torch.randn(batch, heads, seqlen, head_dim, device="cuda", dtype=dtype) for _ in range(3))

        def fn():
            with ctx():
                return F.scaled_dot_product_attention(q, k, v, is_causal=causal)
    fn()  # compile / select, and fail early if the backend does not take this shape
    torch.cuda.synchronize()
    return bench_ms(fn)


def git_commit():
    if os.environ.get("DASH_COMMIT"):  # a copy of the tree without .git (e.g. a device machine)
        return os.environ["DASH_COMMIT"]
    try:
        return subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                              text=True, check=True).stdout.strip()
    except Exception:  # noqa: BLE001 - not a checkout
        return None


def plot(records, path):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return False
    panels = sorted({(r["hdim"], r["causal"]) for r in records})
    fig, axes = plt.subplots(1, len(panels), figsize=(4.5 * len(panels), 3.8), squeeze=False)
    for ax, (hdim, causal) in zip(axes[0], panels):
        for impl in sorted({r["impl"] for r in records}):
            pts = sorted((r["seqlen_q"], r["tflops"]) for r in records
                         if r["impl"] == impl and r["hdim"] == hdim and r["causal"] == causal)
            if pts:
                ax.plot([p[0] for p in pts], [p[1] for p in pts], marker="o", label=impl)
        ax.set_xscale("log", base=2)
        ax.set_title(f"fwd d={hdim} {'causal' if causal else 'full'}")
        ax.set_xlabel("seqlen")
        ax.set_ylabel("TFLOP/s")
        ax.grid(alpha=0.3)
        ax.legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    return True


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="seqlen 2k and 8k only")
    ap.add_argument("--no-sdpa", action="store_true", help="dash only")
    ap.add_argument("--out", default=str(ROOT / "bench" / "results"), help="directory for JSON and PNG")
    args = ap.parse_args()

    dtype = torch.bfloat16
    impls = {"dash": None}
    if not args.no_sdpa:
        impls.update(sdpa_backends())
    seqlens = QUICK_SEQLENS if args.quick else SEQLENS
    device = torch.cuda.get_device_name()
    print(f"device: {device} | torch {torch.__version__} | CUDA {torch.version.cuda}")
    records = []
    header = f"{'hdim':>4} {'causal':>6} {'batch':>5} {'seqlen':>6} | " + " | ".join(f"{n:>14}" for n in impls)
    print(header + "\n" + "-" * len(header))
    for head_dim, heads in HDIM_HEADS:
        for causal in (False, True):
            for seqlen in seqlens:
                batch = TOKENS // seqlen
                cells = []
                for impl, ctx in impls.items():
                    try:
                        ms = run_case(impl, ctx, batch, heads, seqlen, head_dim, causal, dtype)
                    except RuntimeError as exc:  # backend unavailable for this shape
                        cells.append(f"{'n/a':>14}")
                        if impl == "dash":
                            print(f"dash failed: {exc}", file=sys.stderr)
                        continue
                    tflops = fwd_flops(batch, heads, seqlen, seqlen, head_dim, causal) / ms / 1e9
                    cells.append(f"{tflops:8.1f} TF/s ")
                    records.append({
                        "impl": impl, "pass": "fwd", "schedule": None,
                        "deterministic": True if impl == "dash" else False,
                        "dtype": str(dtype).replace("torch.", ""), "hdim": head_dim, "causal": causal,
                        "batch": batch, "seqlen_q": seqlen, "seqlen_k": seqlen,
                        "nheads": heads, "nheads_kv": heads, "ms": ms, "tflops": tflops,
                    })
                    torch.cuda.empty_cache()
                print(f"{head_dim:>4} {str(causal):>6} {batch:>5} {seqlen:>6} | " + " | ".join(cells), flush=True)

    now = datetime.datetime.now(datetime.timezone.utc)
    result = {"device": device, "date": now.isoformat(timespec="seconds"), "commit": git_commit(),
              "torch": torch.__version__, "cuda": torch.version.cuda, "records": records}
    out_dir = Path(args.out)
    out_dir.mkdir(parents=True, exist_ok=True)
    stem = f"fwd-{now.strftime('%Y%m%d-%H%M%S')}{'-quick' if args.quick else ''}"
    (out_dir / f"{stem}.json").write_text(json.dumps(result, indent=1))
    print(f"wrote {out_dir / (stem + '.json')}")
    if plot(records, out_dir / f"{stem}.png"):
        print(f"wrote {out_dir / (stem + '.png')}")
    if os.environ.get("OUT"):  # the device runner collects files from $OUT
        Path(os.environ["OUT"]).mkdir(parents=True, exist_ok=True)
        (Path(os.environ["OUT"]) / f"{stem}.json").write_text(json.dumps(result, indent=1))
        if (out_dir / f"{stem}.png").exists():
            (Path(os.environ["OUT"]) / f"{stem}.png").write_bytes((out_dir / f"{stem}.png").read_bytes())


if __name__ == "__main__":
    main()
