"""`python -m dash check` (dash.check): needs a GPU, says so clearly without one; `python -m dash`
(the status report CI runs) keeps working. On the CPU, run_checks exercises the same code on
dash's reference path."""
import os
import subprocess
import sys

import pytest

from tests.conftest import gpu_skip_reason

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run_dash(*args, timeout=120):
    env = dict(os.environ, PYTHONPATH=ROOT + os.pathsep + os.environ.get("PYTHONPATH", ""))
    return subprocess.run([sys.executable, "-m", "dash", *args], capture_output=True, text=True, timeout=timeout,
                          cwd=ROOT, env=env)


def test_status_report_still_works():
    result = run_dash()
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[0].startswith("dash ")
    assert any(line.startswith("verdict") for line in result.stdout.splitlines())
    for prefix in ("fa3 compat", "torch sdpa", "hf "):
        assert any(line.startswith(prefix) for line in result.stdout.splitlines()), prefix


def test_unknown_argument():
    result = run_dash("chek")
    assert result.returncode == 2 and "usage: python -m dash" in result.stderr


@pytest.mark.skipif(gpu_skip_reason() is None, reason="this machine can run the check")
def test_check_without_a_gpu_says_it_needs_one():
    result = run_dash("check")
    assert result.returncode == 2, result.stdout + result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("dash ")
    assert any(line.startswith("check       needs a Hopper GPU") for line in lines), result.stdout
    assert lines[-1] == "verdict     NOT CHECKED"


def test_check_help():
    result = run_dash("check", "--help")
    assert result.returncode == 0 and "--seconds" in result.stdout


def test_run_checks_on_the_cpu_reference():
    """The check's code on CPU tensors (dash's reference, not the kernels): every line, a verdict."""
    from dash.check import run_checks

    lines = []
    ok = run_checks("cpu", seconds=0.2, seqlen=64, head_dim=64, causal=True, say=lines.append,
                    bench_shape=dict(heads=2, batch=1))
    assert ok, "\n".join(lines)
    assert sum(line.startswith("correct ") for line in lines) == 2
    assert sum(line.startswith("repeat ") and "bitwise equal" in line for line in lines) == 2
    assert any("dash det (auto)" in line for line in lines)
    assert lines[-1].startswith("verdict     ready")


def test_a_failure_makes_the_verdict_not_ready(monkeypatch):
    from dash import check

    monkeypatch.setattr(check, "check_repeatability", lambda *a, **kw: False)
    lines = []
    assert not check.run_checks("cpu", seconds=0.1, seqlen=64, head_dim=64, say=lines.append,
                                bench_shape=dict(heads=2, batch=1))
    assert lines[-1].startswith("verdict     NOT READY: repeatability failed")


@pytest.mark.gpu
def test_check_on_the_gpu():
    result = run_dash("check", "--seconds", "3", "--seqlen", "4096", timeout=230)
    assert result.returncode == 0, result.stdout + result.stderr
    lines = result.stdout.splitlines()
    assert lines[-1].startswith("verdict     ready"), result.stdout
    assert any(line.strip().startswith("dash det (auto)") for line in lines)
