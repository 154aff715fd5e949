"""examples/train_reproducible.py: the tiny configuration on the CPU (dash's reference in place of
the kernels) in CI; a short run of the GPU configuration on a Hopper GPU."""
import json
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXAMPLE = os.path.join(ROOT, "examples", "train_reproducible.py")


def run_example(tmp_path, *args, timeout=200):
    result = subprocess.run([sys.executable, EXAMPLE, "--out", str(tmp_path), *args], capture_output=True,
                            text=True, timeout=timeout, cwd=ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    with open(tmp_path / "train_reproducible.json") as f:
        return result.stdout, json.load(f)


def test_tiny_run_on_the_cpu(tmp_path):
    stdout, summary = run_example(tmp_path, "--tiny", "--steps", "3")
    assert "dash (deterministic): three runs bitwise equal" in stdout
    assert summary["config"]["dash_bitwise_equal"]
    runs = ("dash A", "dash B", "dash C (fresh process)", "SDPA A", "SDPA B")
    assert all(len(summary[name]["losses"]) == 3 and len(summary[name]["step_ms"]) == 3 for name in runs)
    assert summary["dash A"]["losses"] == summary["dash C (fresh process)"]["losses"]
    assert (tmp_path / "train_reproducible.png").stat().st_size > 0


@pytest.mark.gpu
def test_short_run_on_the_gpu(tmp_path):
    stdout, summary = run_example(tmp_path, "--steps", "20", timeout=230)
    assert summary["config"]["dash_bitwise_equal"], stdout
    assert summary["config"]["seqlen"] == 2048
