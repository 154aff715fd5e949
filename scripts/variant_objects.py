"""Objects of a kernel variant for a relinked A/B (scripts/relink_sustained_ab.sh): the sources
named, compiled here (CPU) from a copy of csrc/ with a patch applied, under the build settings
of the carried cache (.oc/objcache.env: the head dims are macros of every object), into
DIR/<source stem>-<tag>.o, relink_baseline.sh's convention.

    python scripts/variant_objects.py bench/experiments/f21-row-sum-parts.patch .ab/ps \\
        csrc/fwd/fwd_hdim64_bf16.cu csrc/fwd/fwd_hdim128_bf16.cu
    python scripts/variant_objects.py PATCH .ab/pq256 SOURCES... -D DASH_POLL_NS=256

The tag is DIR's last component. A patch applies to the checkout as it is (`patch -p1`, paths
a/csrc/...); relink the objects only against a build of that same tree (the cache in .oc), since
everything else in the variant's extension comes from there. Each source takes about a minute
and a quarter on one core; -j runs that many at once. ptxas's register and spill lines are
printed for each, so that a variant over the spill budget shows before it costs device time.
"""
from __future__ import annotations

import argparse
import concurrent.futures
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
from prebuild_objects import load_settings, setup_module  # noqa: E402


def variant_flags(flags: list[str], csrc: Path, variant_csrc: Path, defines: list[str]) -> list[str]:
    """The build's nvcc flags with its csrc include pointing at the patched copy, plus -D's."""
    out = [f"-I{variant_csrc}" if f == f"-I{csrc}" else f for f in flags]
    if f"-I{variant_csrc}" not in out:
        raise ValueError(f"the build's flags have no -I{csrc} to redirect")
    return out + [f"-D{d}" for d in defines]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("patch", type=Path)
    ap.add_argument("dir", type=Path, help="where the objects go; its name is the tag")
    ap.add_argument("sources", nargs="+", type=Path, help="csrc/... .cu files")
    ap.add_argument("-D", dest="defines", action="append", default=[], help="an extra macro, NAME=VALUE")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--settings", type=Path, default=ROOT / ".oc" / "objcache.env")
    args = ap.parse_args()
    if not args.settings.exists():
        sys.exit(f"{args.settings} not found: the objects must be compiled under the cache's settings")
    load_settings(args.settings)
    setup = setup_module()
    cuda_home = setup.find_cuda_home()
    if cuda_home is None:
        sys.exit("nvcc not found (set CUDA_HOME)")
    tag = args.dir.resolve().name
    work = Path(tempfile.mkdtemp(prefix=f"variant_{tag}_"))
    flags = variant_flags(setup.nvcc_flags(), setup.CSRC, work / "csrc", args.defines)
    args.dir.mkdir(parents=True, exist_ok=True)

    def compile_one(src: Path):
        rel = src.resolve().relative_to(setup.CSRC)
        obj = args.dir / f"{src.stem}-{tag}.o"
        cmd = [str(cuda_home / "bin" / "nvcc"), *flags, "-c", str(work / "csrc" / rel), "-o", str(obj)]
        proc = subprocess.run(cmd, capture_output=True, text=True)
        if proc.returncode != 0:
            raise RuntimeError(f"nvcc failed on {rel}:\n{proc.stdout}{proc.stderr}")
        report = sorted(set(re.findall(r"Used \d+ registers|\d+ bytes spill stores, \d+ bytes spill loads",
                                       proc.stderr)))
        return obj, report

    try:
        shutil.copytree(setup.CSRC, work / "csrc")
        subprocess.run(["patch", "-p1", "-s", "-d", str(work), "-i", str(args.patch.resolve())], check=True)
        with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
            for obj, report in pool.map(compile_one, args.sources):
                print(f"{obj}: {'; '.join(report)}", flush=True)
    finally:
        shutil.rmtree(work)


if __name__ == "__main__":
    main()
