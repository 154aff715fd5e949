"""setup.py's object cache on the CPU: DASH_CACHED_ONLY turns a cache miss into an error that
says why, before any compiler runs (a device call that should only link must not spend its lease
compiling a tree the cache was not built from)."""
import importlib.util
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def load_setup():
    spec = importlib.util.spec_from_file_location("prebuild_objects", ROOT / "scripts" / "prebuild_objects.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.setup_module()


def test_cached_only_build_refuses_to_compile(monkeypatch, tmp_path):
    setup = load_setup()
    # A stand-in compiler that only echoes: its "--version" differs from any real nvcc's, so
    # every key misses; and were it asked to compile, no object would appear (a different error).
    fake_nvcc = tmp_path / "nvcc"
    fake_nvcc.write_text("#!/bin/sh\necho fake nvcc \"$@\"\n")
    fake_nvcc.chmod(0o755)
    monkeypatch.setenv("DASH_HEAD_DIMS", "64")
    monkeypatch.setenv("DASH_CACHED_ONLY", "1")
    with pytest.raises(RuntimeError, match="not in build/objcache.*DASH_CACHED_ONLY"):
        setup.compile_objects(str(fake_nvcc), jobs=1)


def test_without_cached_only_a_miss_goes_to_the_compiler(monkeypatch, tmp_path):
    setup = load_setup()
    fake_nvcc = tmp_path / "nvcc"
    calls = tmp_path / "calls"
    fake_nvcc.write_text(f"#!/bin/sh\necho \"$@\" >> {calls}\nexit 1\n")
    fake_nvcc.chmod(0o755)
    monkeypatch.setenv("DASH_HEAD_DIMS", "64")
    monkeypatch.delenv("DASH_CACHED_ONLY", raising=False)
    with pytest.raises(RuntimeError, match="nvcc failed"):
        setup.compile_objects(str(fake_nvcc), jobs=1)
    assert any(" -c " in line for line in calls.read_text().splitlines())


def test_every_project_header_a_source_includes_is_in_its_key():
    """An object is keyed by the headers of csrc/common, its own folder and HEADERS_FROM's: a
    source that includes a header of another folder must have that folder listed there, or a
    change to the header would reuse the stale object."""
    setup = load_setup()
    csrc = ROOT / "csrc"
    for folder in (p for p in csrc.iterdir() if p.is_dir()):
        keyed = {"common", folder.name, *setup.HEADERS_FROM.get(folder.name, [])}
        for f in folder.rglob("*"):
            if f.suffix not in (".cu", ".h", ".cuh", ".hpp", ".inl"):
                continue
            for inc in re.findall(r'#include\s+"([^"/]+)/', f.read_text()):
                if inc == "dash":  # the tables shared with Python (setup.SHARED_TABLES, in every key)
                    continue
                assert inc in keyed, f"{f.relative_to(ROOT)} includes {inc}/ but {folder.name}'s objects are not keyed by it"


def test_an_empty_architecture_list_is_refused(monkeypatch):
    """DASH_CUDA_ARCHS set but empty would build every kernel for nvcc's default architecture,
    where their bodies compile to nothing: an error instead."""
    setup = load_setup()
    monkeypatch.setenv("DASH_CUDA_ARCHS", " ; ")
    with pytest.raises(SystemExit, match="names no architecture"):
        setup.cuda_archs()
    monkeypatch.delenv("DASH_CUDA_ARCHS")
    assert setup.cuda_archs() == ["90a"]
