"""Compile one kernel instance of every policy, on a machine without a GPU, before a change to a
shared header lands: a build narrowed to some head dims (DASH_HEAD_DIMS) never instantiates the
others, and nvcc checks templates only where they are instantiated (session 29's last tree
passed every GPU run on narrowed builds and failed CI's build at hdim 128).

    python scripts/compile_policies.py              # plain bf16 instance per backward tile, forward per head dim
    python scripts/compile_policies.py --variants   # and each tile's fp16 GQA + varlen + softcap instance
    python scripts/compile_policies.py -j 2 --keep /tmp/objs

setup.py's nvcc flags (all head dims); registers and spill bytes of each main kernel printed; the
exit status is non-zero if any source fails to compile.
"""
from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def setup_module():
    """setup.py as a module (prebuild_objects.setup_module), for nvcc_flags() of every head dim."""
    sys.path.insert(0, str(ROOT / "scripts"))
    from prebuild_objects import setup_module as load_setup

    os.environ.pop("DASH_HEAD_DIMS", None)  # every head dim's dispatch
    return load_setup()


def sources(variants: bool) -> list[Path]:
    """The plain bf16 backward instance of every tile (one per mainloop policy and tile config),
    the forward instance of every head dim and both dispatch sources; with `variants`, each
    tile's fp16 GQA + varlen + softcap instance and the forward's varlen and softcap ones too."""
    bwd = ROOT / "csrc" / "bwd"
    fwd = ROOT / "csrc" / "fwd"
    tiles = sorted({m.group(1) for p in bwd.glob("bwd_inst_*.cu") if (m := re.match(r"bwd_inst_(hdim\d+_m\d+)_", p.name))})
    out = [bwd / f"bwd_inst_{t}_bf16.cu" for t in tiles]
    out += sorted(fwd.glob("fwd_hdim*_bf16.cu")) + [bwd / "bwd_dispatch.cu", fwd / "fwd.cu"]
    if variants:
        out += [bwd / f"bwd_inst_{t}_fp16_gqa_varlen_softcap.cu" for t in tiles]
        out += sorted(fwd.glob("fwd_varlen_hdim*_bf16.cu")) + sorted(fwd.glob("fwd_softcap_hdim*_fp16.cu"))
    missing = [p for p in out if not p.exists()]
    if missing:
        raise SystemExit(f"no such instance: {[str(p.relative_to(ROOT)) for p in missing]}")
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--variants", action="store_true")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--keep", help="folder for the objects and nvcc logs (default: a temporary one)")
    args = ap.parse_args()
    flags = setup_module().nvcc_flags()
    nvcc = os.environ.get("NVCC", "nvcc")
    out_dir = Path(args.keep or tempfile.mkdtemp(prefix="dash-policies-"))
    out_dir.mkdir(parents=True, exist_ok=True)

    def compile_one(src: Path):
        obj = out_dir / (src.stem + ".o")
        start = time.time()
        proc = subprocess.run([nvcc, *flags, "-c", str(src), "-o", str(obj)], capture_output=True, text=True)
        (out_dir / (src.stem + ".log")).write_text(proc.stdout + proc.stderr)
        # ptxas: "Compiling entry function '<kernel>'" then its spill and register lines; the
        # attention kernels' (a forward source holds several) summed up as their worst
        kernels = re.findall(r"Compiling entry function '[^']*(?:main_kernel|fwd_kernel)[^']*'.*?"
                             r"(\d+) bytes spill stores.*?Used (\d+) registers", proc.stderr, re.S)
        regs = (f"{len(kernels)} kernel(s), up to {max(int(r) for _, r in kernels)} regs and "
                f"{max(int(s) for s, _ in kernels)} B spilled") if kernels else ""
        return src, proc.returncode, time.time() - start, regs, proc.stderr

    failed = 0
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for src, rc, secs, regs, err in pool.map(compile_one, sources(args.variants)):
            name = src.relative_to(ROOT)
            if rc == 0:
                print(f"ok     {name} ({secs:.0f} s){': ' + regs if regs else ''}", flush=True)
            else:
                failed += 1
                errors = [line for line in err.splitlines() if "error" in line][:5]
                print(f"FAILED {name} ({secs:.0f} s)\n  " + "\n  ".join(errors), flush=True)
    print(f"{failed} of the instances failed; objects and logs in {out_dir}")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
