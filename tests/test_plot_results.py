"""scripts/plot_results.py: a run's PNG drawn again from its JSON (CPU only)."""
import importlib.util
import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location("plot_results", ROOT / "scripts" / "plot_results.py")
plot_results = importlib.util.module_from_spec(spec)
spec.loader.exec_module(plot_results)


@pytest.mark.parametrize("name, device, kind", [
    ("fwd_bwd-H200-20261129-042400.json", "NVIDIA H200", "fwd_bwd"),
    ("varlen-bwd-H100-80GB-HBM3-20261124-074444.json", "NVIDIA H100 80GB HBM3", "varlen-bwd"),
    ("fwd-20261122-060846.json", "NVIDIA H100 80GB HBM3", "fwd"),  # named before the device was
])
def test_kind_from_the_saved_name(name, device, kind):
    assert plot_results.kind_of(f"bench/results/{name}", device) == kind


def test_varlen_points_are_drawn_against_sequences_per_batch():
    records = [{"batch": 8, "seqlen_q": 16384}]
    assert plot_results.plot_points("varlen-bwd", records) == [{"batch": 8, "seqlen_q": 8}]
    assert plot_results.plot_points("bwd", records) == records


def test_redraw_writes_the_png(tmp_path, monkeypatch):
    pytest.importorskip("matplotlib")
    monkeypatch.delenv("OUT", raising=False)  # plot_results also copies into $OUT: the device run's own folder
    rec = {"impl": "dash", "schedule": None, "deterministic": True, "hdim": 64, "causal": False, "batch": 8,
           "seqlen_q": 2048, "seqlen_k": 2048, "nheads": 32, "nheads_kv": 32, "ms": 1.0, "tflops": 400.0}
    doc = {"device": "NVIDIA H200", "commit": "abc1234", "records": [rec, dict(rec, seqlen_q=8192, tflops=500.0)]}
    path = tmp_path / "fwd-H200-20261129-000000.json"
    path.write_text(json.dumps(doc))
    png = plot_results.redraw(str(path), str(tmp_path / "pngs"))
    assert png == str(tmp_path / "pngs" / "fwd-H200-20261129-000000.png")
    assert Path(png).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
