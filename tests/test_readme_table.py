"""scripts/readme_table.py turns a committed benchmark JSON into the README's table rows."""
import importlib.util
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def load_script():
    spec = importlib.util.spec_from_file_location("readme_table", ROOT / "scripts" / "readme_table.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_backward_row_matches_its_records():
    mod = load_script()
    records = [
        {"impl": "dash", "pass": "bwd", "schedule": "atomic", "resolved": None, "deterministic": False,
         "hdim": 128, "causal": True, "seqlen_q": 8192, "nheads": 32, "nheads_kv": 8, "tflops": 500.0},
        {"impl": "dash", "pass": "bwd", "schedule": "auto", "resolved": "descending", "deterministic": True,
         "hdim": 128, "causal": True, "seqlen_q": 8192, "nheads": 32, "nheads_kv": 8, "tflops": 450.0},
        {"impl": "dash", "pass": "bwd", "schedule": "spt", "resolved": None, "deterministic": True,
         "hdim": 128, "causal": True, "seqlen_q": 8192, "nheads": 32, "nheads_kv": 8, "tflops": 460.0},
        {"impl": "fa4", "pass": "bwd", "schedule": None, "resolved": None, "deterministic": False,
         "hdim": 128, "causal": True, "seqlen_q": 8192, "nheads": 32, "nheads_kv": 8, "tflops": 520.0},
        {"impl": "fa4", "pass": "bwd", "schedule": None, "resolved": None, "deterministic": True,
         "hdim": 128, "causal": True, "seqlen_q": 8192, "nheads": 32, "nheads_kv": 8, "tflops": 400.0},
    ]
    row = mod.backward_table(records).splitlines()[2]
    assert row == ("| d128 GQA 32/8 causal 8k | 500.0 | 450.0 (descending) | 460.0 (spt) | 520.0 | 400.0 |  "
                   "| 1.12 | 1.15 | 0.96 |")


def test_forward_table_of_a_committed_result():
    mod = load_script()
    path = sorted((ROOT / "bench" / "results").glob("fwd-*.json"))[-1]
    records = json.load(open(path))["records"]
    table = mod.forward_table(records).splitlines()
    dash = [r for r in records if r["impl"] == "dash"]
    assert len(table) == 2 + len(dash)
    first = dash[0]
    assert f"{first['tflops']:.1f}" in table[2]


def test_training_step_table_maps_deterministic_and_atomic_columns():
    mod = load_script()
    path = ROOT / "bench" / "results" / "fwd_bwd-H100-80GB-HBM3-20261124-144529.json"
    records = json.load(open(path))["records"]
    table = mod.training_step_table(records).splitlines()
    row = table[2].split("|")
    first = [r for r in records if r["hdim"] == 64 and not r["causal"] and r["seqlen_q"] == 2048]
    by = {(r["impl"], bool(r["deterministic"])): r["tflops"] for r in first}
    assert row[2].strip() == f"{by[('dash', True)]:.1f}" and row[3].strip() == f"{by[('dash', False)]:.1f}"
    assert row[4].strip() == f"{by[('fa4', True)]:.1f}" and row[5].strip() == f"{by[('fa4', False)]:.1f}"
    assert by[("dash", True)] != by[("dash", False)]
