"""scripts/variant_objects.py's flag and settings handling (CPU only; compiling is not tested here:
a minute per source)."""
import importlib.util
import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location("variant_objects", ROOT / "scripts" / "variant_objects.py")
variant_objects = importlib.util.module_from_spec(spec)
spec.loader.exec_module(variant_objects)


def test_flags_compile_the_patched_copy_with_the_extra_macros():
    csrc, copy = Path("/repo/csrc"), Path("/tmp/v/csrc")
    flags = ["-O3", f"-I{csrc}", "-I/cutlass/include", "-DDASH_HDIM_64=1"]
    out = variant_objects.variant_flags(flags, csrc, copy, ["DASH_POLL_NS=256"])
    assert out == ["-O3", f"-I{copy}", "-I/cutlass/include", "-DDASH_HDIM_64=1", "-DDASH_POLL_NS=256"]


def test_flags_without_the_csrc_include_are_refused():
    with pytest.raises(ValueError, match="no -I/repo/csrc"):
        variant_objects.variant_flags(["-O3"], Path("/repo/csrc"), Path("/tmp/v/csrc"), [])


def test_settings_set_and_unset_as_the_cache_recorded_them(tmp_path, monkeypatch):
    # (both set through monkeypatch first, so that it restores them afterwards)
    monkeypatch.setenv("DASH_UNSET_ME", "x")
    monkeypatch.setenv("DASH_SET_ME", "64")
    env = tmp_path / "objcache.env"
    env.write_text("DASH_SET_ME=64,128\nDASH_UNSET_ME=\n")
    variant_objects.load_settings(env)
    assert os.environ["DASH_SET_ME"] == "64,128"
    assert "DASH_UNSET_ME" not in os.environ
