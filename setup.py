"""Build dash: the Python package plus one extension module, dash._C.

The CUDA sources under csrc/ are compiled by nvcc for sm_90a (override with
DASH_CUDA_ARCHS="90a;100a"), in parallel (MAX_JOBS, default: all cores), into
objects cached by content under build/objcache (so objects compiled on one
machine can be carried to another). The pybind11 binding is compiled by the
host compiler and linked with the objects and the static CUDA runtime. No torch
header is included anywhere: the extension builds against any torch.

Without nvcc the Python parts still install, with a warning; any kernel call
then raises an error that says how to get the extension.
"""
import hashlib
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import time
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
CSRC = ROOT / "csrc"
CUTLASS = ROOT / "third_party" / "cutlass" / "include"
# Kernel families: folders of csrc/ with their own kernels and binding. DASH_FAMILIES=bwd builds
# a subset (a developer iterating on one family); the default is all of them.
ALL_FAMILIES = ("bwd", "fwd")
FAMILIES = [f for f in os.environ.get("DASH_FAMILIES", ",".join(ALL_FAMILIES)).split(",")
            if f in ALL_FAMILIES and any((CSRC / f).glob("*.cpp"))]


# Head dims: DASH_HEAD_DIMS=64,128 compiles only those head dims' kernel instances (the files
# named *hdim<d>*), e.g. for CI on two cores; the dispatch then refuses the others with an error
# (csrc/common/head_dims.h). The default is every head dim that has instances.
HEAD_DIMS = sorted({int(d) for d in os.environ["DASH_HEAD_DIMS"].split(",") if d.strip()}) \
    if os.environ.get("DASH_HEAD_DIMS") else None
_HDIM = re.compile(r"hdim(\d+)")
# The environment variables above and DASH_CUDA_ARCHS (cuda_archs) shape the flags, so they enter
# every object's cache key: scripts/prebuild_objects.py records them beside an archive of objects.
KEY_SETTINGS = ("DASH_HEAD_DIMS", "DASH_FAMILIES", "DASH_CUDA_ARCHS")


def head_dim_of(path):
    m = _HDIM.search(path.stem)
    return int(m.group(1)) if m else None


def family_sources(pattern):
    """Sources of the shared code (csrc/, csrc/common/, csrc/testing/: the test-only kernels)
    and of the selected families, less the instances of head dims left out (DASH_HEAD_DIMS)."""
    files = [p for p in CSRC.rglob(pattern) if p.parent.name not in ALL_FAMILIES or p.parent.name in FAMILIES]
    if HEAD_DIMS is not None:
        have = {head_dim_of(p) for p in CSRC.rglob("*.cu")} - {None}
        missing = [d for d in HEAD_DIMS if d not in have]
        if missing:
            raise SystemExit(f"DASH_HEAD_DIMS names head dims without kernels: {missing} (have {sorted(have)})")
        files = [p for p in files if head_dim_of(p) is None or head_dim_of(p) in HEAD_DIMS]
    return sorted(files)


# The head dims csrc/common/head_dims.h knows (a narrowed build defines DASH_HDIM_<d> for those kept).
KNOWN_HEAD_DIMS = (64, 96, 128, 192, 256)


def head_dims_macros():
    """(name, value) macros of a narrowed build (csrc/common/head_dims.h), none otherwise."""
    if HEAD_DIMS is None:
        return []
    unknown = [d for d in HEAD_DIMS if d not in KNOWN_HEAD_DIMS]
    if unknown:
        raise SystemExit(f"DASH_HEAD_DIMS: csrc/common/head_dims.h knows no head dim {unknown}")
    return [("DASH_HEAD_DIMS_NARROWED", "1")] + [(f"DASH_HDIM_{d}", "1") for d in HEAD_DIMS]


# The backward kernel's producer and dQ-writer warps run on 24 registers (setmaxnreg) and spill a
# few 64-bit addresses; at hdim 64 the MMA warpgroups (S and dP of 64 fp32 per thread beside dK and
# dV) also spill a few loop values, reloaded from L1 (132 bytes in all; bench/NOTES.md, v9).
# Anything beyond this budget fails the build.
SPILL_BUDGET_BYTES = int(os.environ.get("DASH_SPILL_BUDGET_BYTES", "160"))
# A stack frame well beyond the spills: fragments that ptxas put in local memory, e.g. when a
# device lambda it did not inline takes them by reference (the windowed forward at hdim 128 had
# 1248 bytes and 0 bytes of spills, and ran 90x slower).
STACK_BUDGET_BYTES = int(os.environ.get("DASH_STACK_BUDGET_BYTES", "512"))


def find_cuda_home():
    for cand in (os.environ.get("CUDA_HOME"), os.environ.get("CUDA_PATH"), "/usr/local/cuda"):
        if cand and (Path(cand) / "bin" / "nvcc").exists():
            return Path(cand)
    nvcc = shutil.which("nvcc")
    return Path(nvcc).resolve().parent.parent if nvcc else None


def cuda_archs():
    archs = os.environ.get("DASH_CUDA_ARCHS", "90a")
    names = [a.strip() for a in archs.replace(",", ";").split(";") if a.strip()]
    if not names:
        # Without a -gencode nvcc builds for its default architecture, where every kernel (guarded
        # by __CUDA_ARCH__ >= 900) compiles to an empty body: an extension that builds and does
        # nothing.
        raise SystemExit(f"DASH_CUDA_ARCHS={archs!r} names no architecture: unset it (90a) or name them, "
                         "e.g. DASH_CUDA_ARCHS=90a")
    return names


def nvcc_flags():
    flags = ["-std=c++17", "-O3", "-DNDEBUG", "--expt-relaxed-constexpr", "--expt-extended-lambda",
             "-Xcompiler=-fPIC", "-lineinfo", "-Xptxas=-v",
             "-DCUTLASS_ENABLE_GDC_FOR_SM90", "-DCUTE_SM90_EXTENDED_MMA_SHAPES_ENABLED"]
    for arch in cuda_archs():
        flags.append(f"-gencode=arch=compute_{arch},code=sm_{arch}")
    flags += [f"-I{CSRC}", f"-I{CUTLASS}", f"-I{ROOT}"]  # ROOT: tables shared with Python (dash/schedule/*.def)
    return flags + [f"-D{name}={value}" for name, value in head_dims_macros()]


# Tables that the kernels include and the Python package reads (one source for both sides).
SHARED_TABLES = sorted((ROOT / "dash" / "schedule").glob("*.def"))


# Folders of csrc/ whose headers a family's sources include besides csrc/common and their own
# (testing/handoff_probe.cu runs the backward's dQ hand-off, bwd/bwd_ordering.h).
HEADERS_FROM = {"testing": ["bwd"]}


def source_digest(family):
    """Hash of the project headers a source in folder `family` of csrc/ can include (csrc/common,
    its own folder, HEADERS_FROM's) and of the CUTLASS version: an object is reused only if none
    of them changed."""
    h = hashlib.sha256()
    families = [family, *HEADERS_FROM.get(family, [])] if family else []
    folders = [CSRC / "common"] + [CSRC / f for f in families]
    for p in sorted(q for folder in folders for q in folder.rglob("*")):
        if p.suffix in (".h", ".cuh", ".hpp", ".inl"):
            h.update(str(p.relative_to(ROOT)).encode())
            h.update(p.read_bytes())
    for p in SHARED_TABLES:
        h.update(str(p.relative_to(ROOT)).encode())
        h.update(p.read_bytes())
    h.update((ROOT / "third_party" / "cutlass" / "VERSION").read_bytes())
    return h.hexdigest()


def compile_objects(nvcc, jobs):
    """Compile every CUDA source of the selected families and head dims into build/objcache
    (reusing the objects whose key matches) and return their paths in source order. Needs no
    torch and no GPU: scripts/prebuild_objects.py calls it to fill the cache on a CPU machine."""
    cache = ROOT / "build" / "objcache"
    cache.mkdir(parents=True, exist_ok=True)
    flags = nvcc_flags()
    cu_sources = family_sources("*.cu")
    # A source's own folder of csrc/ (a family, or csrc/testing), None for csrc/ itself.
    folder_of = {src: (src.parent.name if src.parent != CSRC else None) for src in cu_sources}
    digests = {f: source_digest(f) for f in set(folder_of.values())}
    # The cache key must not depend on where the checkout lives or where nvcc is installed,
    # so that objects compiled on one machine are reused on another with the same nvcc.
    nvcc_version = subprocess.run([nvcc, "--version"], capture_output=True, text=True).stdout
    # (-Xptxas=-v only adds a report: it does not change the object.)
    portable_flags = [f.replace(str(ROOT), "<root>") for f in flags if f != "-Xptxas=-v"]

    def compile_one(src):
        key = hashlib.sha256("\0".join([digests[folder_of[src]], nvcc_version, *portable_flags, src.read_text()]).encode()).hexdigest()[:24]
        obj = cache / f"{src.stem}-{key}.o"
        if obj.exists():
            return obj, "cached"
        if os.environ.get("DASH_CACHED_ONLY"):
            # A build that must only link (a device call carrying a prebuilt cache): a miss means
            # the tree is not the one the cache was compiled from, e.g. a change left in the
            # working tree, which travels to the device (session 43 lost its A/B's lease so).
            raise RuntimeError(f"{src.relative_to(ROOT)} is not in build/objcache under this tree's key, and "
                               f"DASH_CACHED_ONLY is set: the checkout differs from the tree the cache was "
                               f"compiled from, or the build's settings (DASH_HEAD_DIMS, ...) from its own")
        tmp = obj.with_suffix(".o.tmp")
        cmd = [nvcc, *flags, "-c", str(src), "-o", str(tmp)]
        proc = subprocess.run(cmd, capture_output=True, text=True)
        if proc.returncode != 0:
            raise RuntimeError(f"nvcc failed on {src.relative_to(ROOT)}:\n{' '.join(cmd)}\n{proc.stdout}{proc.stderr}")
        if os.environ.get("DASH_PTXAS_VERBOSE") or "warning" in proc.stderr:
            print(f"[{src.relative_to(ROOT)}]\n{proc.stdout}{proc.stderr}", file=sys.stderr)
        spill_stores = [int(n) for n in re.findall(r"(\d+) bytes spill stores", proc.stderr or "")]
        if spill_stores and max(spill_stores) > SPILL_BUDGET_BYTES and not os.environ.get("DASH_ALLOW_SPILLS"):
            # Spills put live values in local memory: a silent slowdown. DASH_ALLOW_SPILLS=1
            # lets a developer build anyway while tuning.
            raise RuntimeError(f"register spills over {SPILL_BUDGET_BYTES} bytes in "
                               f"{src.relative_to(ROOT)}:\n{proc.stderr}")
        stack_frames = [int(n) for n in re.findall(r"(\d+) bytes stack frame", proc.stderr or "")]
        if stack_frames and max(stack_frames) > STACK_BUDGET_BYTES and not os.environ.get("DASH_ALLOW_SPILLS"):
            raise RuntimeError(f"a stack frame over {STACK_BUDGET_BYTES} bytes in {src.relative_to(ROOT)} "
                               f"(fragments in local memory):\n{proc.stderr}")
        if "C7512" in proc.stderr and not os.environ.get("DASH_ALLOW_SPILLS"):
            # ptxas ran out of registers around an asynchronous WGMMA and serialized all of
            # the kernel's WGMMAs: correct, and several times slower.
            raise RuntimeError(f"ptxas serialized the WGMMAs (C7512) in {src.relative_to(ROOT)}:\n{proc.stderr}")
        tmp.rename(obj)
        return obj, "compiled"

    print(f"dash: compiling {len(cu_sources)} CUDA sources with {jobs} jobs "
          f"for {', '.join('sm_' + a for a in cuda_archs())} (a few minutes per source and core)",
          file=sys.stderr, flush=True)
    # One line per source as it finishes, so that a long build shows its progress (with
    # `pip install -v`; plain pip shows only "still running").
    start = time.monotonic()
    results = {}
    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        futures = {pool.submit(compile_one, src): src for src in cu_sources}
        for done, future in enumerate(as_completed(futures), 1):
            src = futures[future]
            results[src] = future.result()
            print(f"dash: [{done}/{len(cu_sources)}] {results[src][1]:8s} {src.relative_to(ROOT)} "
                  f"({time.monotonic() - start:.0f} s)", file=sys.stderr, flush=True)
    return [results[src][0] for src in cu_sources]


# The host (binding) sources' include folders and macros besides pybind11's and Python's; also
# scripts/prebuild_objects.py's syntax check of those sources.
def host_include_dirs(cuda_home):
    return [str(CSRC), str(ROOT), str(cuda_home / "include")]


def host_macros():
    archs = ",".join("sm_" + a for a in cuda_archs())
    return ([("DASH_COMPILED_ARCHS", f'"{archs}"')] + [(f"DASH_WITH_{f.upper()}", "1") for f in FAMILIES] +
            head_dims_macros())


HOST_COMPILE_ARGS = ["-std=c++17", "-O2", "-fvisibility=hidden"]


class BuildExt(build_ext):
    def build_extension(self, ext):
        cuda_home = find_cuda_home()
        if cuda_home is None:
            print("\n*** dash: nvcc not found (set CUDA_HOME). Installing the Python package WITHOUT "
                  "its CUDA kernels; kernel calls will raise. Install the CUDA toolkit >= 12.3 and "
                  "reinstall to build them. ***\n", file=sys.stderr)
            return
        objects = compile_objects(str(cuda_home / "bin" / "nvcc"), int(os.environ.get("MAX_JOBS", os.cpu_count() or 1)))
        ext.extra_objects = [str(o) for o in objects]
        # setuptools relinks only when a source listed on the Extension is newer than the built
        # module; a changed kernel object (or a cached one swapped back in) would not count, so
        # the linked object set is recorded and any change forces the link.
        manifest = ROOT / "build" / f"{ext.name}.objects"
        linked = "\n".join(ext.extra_objects + [str(self.get_ext_fullpath(ext.name))])
        if not manifest.exists() or manifest.read_text() != linked:
            self.force = True
        ext.include_dirs += host_include_dirs(cuda_home)
        ext.library_dirs += [str(cuda_home / "lib64")]
        ext.libraries += ["cudart_static", "rt", "pthread", "dl"]
        ext.define_macros += host_macros()
        super().build_extension(ext)
        manifest.write_text(linked)


def pybind_include():
    try:
        import pybind11
        return [pybind11.get_include()]
    except ImportError:
        return []


ext_modules = [
    Extension(
        "dash._C",
        sources=[str(p.relative_to(ROOT)) for p in family_sources("*.cpp")],
        include_dirs=pybind_include(),
        extra_compile_args=HOST_COMPILE_ARGS,
        language="c++",
    )
]

setup(ext_modules=ext_modules, cmdclass={"build_ext": BuildExt})
