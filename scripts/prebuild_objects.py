"""Fill build/objcache on a machine without a GPU or torch: the kernel objects that
`python setup.py build_ext` would compile, under the same content keys, so that a device build
of the same tree (scripts/gpu.sh, after `.oc/objcache.tgz` is unpacked) compiles nothing.

    DASH_HEAD_DIMS=64,128 python scripts/prebuild_objects.py -j 2            # a narrowed build's objects
    python scripts/prebuild_objects.py -j 2 --pack .oc/objcache.tgz          # every object, then pack the cache

The environment variables of setup.py apply (DASH_HEAD_DIMS, DASH_FAMILIES, DASH_CUDA_ARCHS).
--pack archives this tree's objects only, one per source (build/objcache keeps every version it
has compiled), and writes those variables beside it (ARCHIVE.env, e.g. .oc/objcache.env): they
are part of the objects' keys, so a device build must set them too or compile everything again.
scripts/gpu.sh and scripts/device_build.sh read that file.

It also compiles the binding's host sources (csrc/**/*.cpp, which the device build compiles itself
and the cache does not hold) with -fsyntax-only under the extension's flags, so that an error
there shows here and not after a device machine has started (session 52: a lambda's deduced
return type that g++ rejected cost a device call). Skipped, with a note, without pybind11.
"""
from __future__ import annotations

import argparse
import importlib.util
import os
import subprocess
import sys
import sysconfig
import tarfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def setup_module():
    """setup.py as a module, its setup() call made a no-op (also scripts/compile_policies.py's)."""
    import setuptools
    setuptools.setup = lambda **kwargs: None
    spec = importlib.util.spec_from_file_location("dash_setup", ROOT / "setup.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def settings_file(archive: Path) -> Path:
    """Where pack() records the settings the archive's objects were compiled under."""
    return archive.with_name(archive.name.split(".")[0] + ".env")


def load_settings(path: Path) -> None:
    """Sets the environment to the settings pack() recorded (NAME=VALUE lines; an empty value:
    unset), overriding the caller's: what scripts/objcache_env.sh does for a shell, for a Python
    caller that compiles objects meant to sit beside the archive's (scripts/variant_objects.py)."""
    for line in path.read_text().splitlines():
        if "=" not in line:
            continue
        name, value = line.split("=", 1)
        if value:
            os.environ[name] = value
        else:
            os.environ.pop(name, None)


def pack(objects: list[Path], archive: Path, key_settings) -> None:
    archive.parent.mkdir(parents=True, exist_ok=True)
    with tarfile.open(archive, "w:gz") as tar:
        for obj in objects:
            tar.add(obj, arcname=f"objcache/{obj.name}")
    # Unset settings are written empty: the device build must leave them unset as well.
    settings_file(archive).write_text("".join(f"{k}={os.environ.get(k, '')}\n" for k in key_settings))
    print(f"{archive}: {len(objects)} objects, {archive.stat().st_size / 2**20:.1f} MiB; "
          f"settings in {settings_file(archive)}")


def check_host_sources(setup, cuda_home: Path) -> bool:
    """g++ -fsyntax-only on the extension's .cpp sources under setup.py's flags, macros and
    include paths (host_include_dirs, host_macros, HOST_COMPILE_ARGS); True if they all compile
    (or pybind11 is missing: nothing to check against)."""
    includes = setup.pybind_include()
    if not includes:
        print("dash: pybind11 not importable: the host sources were not checked", file=sys.stderr)
        return True
    includes += [sysconfig.get_paths()["include"], *setup.host_include_dirs(cuda_home)]
    macros = [f"-D{name}={value}" for name, value in setup.host_macros()]
    ok = True
    for src in setup.family_sources("*.cpp"):
        cmd = [os.environ.get("CXX", "c++"), "-fsyntax-only", *setup.HOST_COMPILE_ARGS, *macros, *(f"-I{i}" for i in includes), str(src)]
        result = subprocess.run(cmd, capture_output=True, text=True)
        status = "ok" if result.returncode == 0 else "FAILED"
        print(f"dash: host {status:6s} {src.relative_to(setup.ROOT)}", file=sys.stderr, flush=True)
        if result.returncode != 0:
            print(result.stderr, file=sys.stderr)
            ok = False
    return ok


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--pack", type=Path, help="write the objects of this tree to this .tgz")
    args = ap.parse_args()
    setup = setup_module()
    cuda_home = setup.find_cuda_home()
    if cuda_home is None:
        sys.exit("nvcc not found (set CUDA_HOME)")
    objects = setup.compile_objects(str(cuda_home / "bin" / "nvcc"), args.jobs)
    if not check_host_sources(setup, cuda_home):
        sys.exit("dash: a host source does not compile (above)")
    if args.pack:
        pack(objects, args.pack, setup.KEY_SETTINGS)  # (the settings in the objects' keys)


if __name__ == "__main__":
    main()
