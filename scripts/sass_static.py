"""Static SASS of compiled objects, without a GPU: each kernel's instruction count and the opcodes
two builds of the same source differ in, and optionally a listing of one kernel.

    python scripts/sass_static.py A.o B.o                    # every kernel both objects hold
    python scripts/sass_static.py A.o B.o --kernel fwd_kernel --top 15
    python scripts/sass_static.py A.o --list 'fwd_kernel.*Lb0ELb0ELb0ELb0ELb0E' > a.sass

Needs cuobjdump: the CUDA toolkit's, or the `nvidia-cuda-cuobjdump` wheel (`pip install
nvidia-cuda-cuobjdump`; its binary lands in site-packages/nvidia/cu13/bin), found on PATH or there.
Static counts say what ptxas emitted, not what runs: a loop body's instructions count once. Use it
to check that a source change compiled to the SASS it meant (an instruction gone, a wait moved)
before spending device time on it; ncu's per-instruction tables (scripts/sass_mix.py) say what
the instructions cost.
"""
from __future__ import annotations

import argparse
import collections
import glob
import os
import re
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sass_loop import opcode, parse_line  # noqa: E402  (the listing's line format, one place)


def cuobjdump() -> str:
    found = shutil.which("cuobjdump")
    if found:
        return found
    for site in sys.path:
        for path in glob.glob(os.path.join(site, "nvidia", "cu*", "bin", "cuobjdump")):
            return path
    sys.exit("cuobjdump not found: install the CUDA toolkit or `pip install nvidia-cuda-cuobjdump`")


def kernels(obj: str) -> dict[str, list[str]]:
    """Kernel name -> its SASS lines (instructions only, addresses kept)."""
    return parse_sass(subprocess.run([cuobjdump(), "-sass", obj], capture_output=True, text=True, check=True).stdout)


def parse_sass(text: str) -> dict[str, list[str]]:
    """cuobjdump -sass output -> {kernel name: its instruction lines, encodings dropped}."""
    out, name = {}, None
    for line in text.splitlines():
        m = re.search(r"Function : (\S+)", line)
        if m:
            name = m.group(1)
            out[name] = []
        elif name and parse_line(line):
            out[name].append(re.sub(r"\s*/\* 0x[0-9a-f]+ \*/", "", line).strip())
    return out


def opcodes(lines: list[str]) -> collections.Counter:
    """Opcode (first dotted field, e.g. HGMMA, UIADD3) counts."""
    return collections.Counter(opcode(parse_line(line)[1])[0].split(".")[0] for line in lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("a")
    ap.add_argument("b", nargs="?")
    ap.add_argument("--kernel", default="", help="only kernels whose mangled name matches this regex")
    ap.add_argument("--top", type=int, default=10, help="opcodes shown per kernel, largest difference first")
    ap.add_argument("--list", metavar="REGEX", help="print the SASS of the first kernel of A matching REGEX")
    args = ap.parse_args()
    ka = kernels(args.a)
    if args.list:
        name = next((n for n in ka if re.search(args.list, n)), None)
        if name is None:
            sys.exit(f"no kernel of {args.a} matches {args.list!r}")
        print(f"// {name}")
        print("\n".join(ka[name]))
        return
    kb = kernels(args.b) if args.b else {}
    for name, lines in ka.items():
        if not re.search(args.kernel, name):
            continue
        ca = opcodes(lines)
        if not args.b:
            print(f"{name}: {len(lines)} instructions")
            for op, n in ca.most_common(args.top):
                print(f"  {op:12} {n:6d}")
            continue
        if name not in kb:
            print(f"{name}: only in {args.a}")
            continue
        cb = opcodes(kb[name])
        print(f"{name}: {len(lines)} -> {len(kb[name])} instructions ({len(kb[name]) - len(lines):+d})")
        diff = sorted(set(ca) | set(cb), key=lambda op: -abs(cb[op] - ca[op]))
        for op in diff[: args.top]:
            if cb[op] != ca[op]:
                print(f"  {op:12} {ca[op]:6d} -> {cb[op]:6d} ({cb[op] - ca[op]:+d})")


if __name__ == "__main__":
    main()
