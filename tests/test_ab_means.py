"""scripts/ab_means.py: the table of a sustained A/B log (CPU only)."""
import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
spec = importlib.util.spec_from_file_location("ab_means", ROOT / "scripts" / "ab_means.py")
ab_means = importlib.util.module_from_spec(spec)
spec.loader.exec_module(ab_means)

# Two builds, two rounds, the order reversed in the second; a forward cell, a backward cell with
# two timed schedules, and one failed bit check.
LOG = """\
== round 1: .
device: NVIDIA H200 | dash: /work/main/dash
64f8k: dash 500.0 TFLOP/s (458.98 calls/s, 651 W, 1744 MHz)
128c2k: dash auto 400.0 TFLOP/s (1179.52 calls/s, 669 W, 1735 MHz), dash atomic 390.0 TFLOP/s (1127.88 calls/s, 687 W, 1774 MHz)
== round 1: /tmp/ab_x
64f8k: out, lse bitwise equal to /tmp/ab_bits.pt
64f8k: dash 510.0 TFLOP/s (452.52 calls/s, 649 W, 1765 MHz)
128c2k auto: dq, dk, dv DIFFER FROM /tmp/ab_bits.pt
128c2k: dash auto 404.0 TFLOP/s (1.0 calls/s, 1 W, 1 MHz), dash atomic 380.0 TFLOP/s (1.0 calls/s, 1 W, 1 MHz)
== round 2: /tmp/ab_x
64f8k: dash 520.0 TFLOP/s (1.0 calls/s, 1 W, 1 MHz)
128c2k: dash auto 404.0 TFLOP/s (1.0 calls/s, 1 W, 1 MHz), dash atomic 380.0 TFLOP/s (1.0 calls/s, 1 W, 1 MHz)
== round 2: .
64f8k: dash 510.0 TFLOP/s (1.0 calls/s, 1 W, 1 MHz)
128c2k: dash auto 400.0 TFLOP/s (1.0 calls/s, 1 W, 1 MHz), dash atomic 390.0 TFLOP/s (1.0 calls/s, 1 W, 1 MHz)
"""


def test_parse_keeps_each_build_rounds_in_order_and_counts_failed_bit_checks():
    rates, trees, differ = ab_means.parse(LOG.splitlines(keepends=True))
    assert trees == [".", "/tmp/ab_x"]
    assert differ == 1
    assert rates[("64f8k", "dash")] == {".": [500.0, 510.0], "/tmp/ab_x": [510.0, 520.0]}
    assert rates[("128c2k", "dash auto")]["/tmp/ab_x"] == [404.0, 404.0]
    assert rates[("128c2k", "dash atomic")]["."] == [390.0, 390.0]
    assert set(rates) == {("64f8k", "dash"), ("128c2k", "dash auto"), ("128c2k", "dash atomic")}


def test_table_gives_means_and_the_change_against_the_first_build():
    rates, trees, _ = ab_means.parse(LOG.splitlines(keepends=True))
    rows = ab_means.table(rates, trees)
    by_cell = {tuple(c.strip() for c in row.strip("|").split("|")[:2]): row for row in rows[2:]}
    assert "500.0 / 510.0 = 505.0" in by_cell[("64f8k", "dash")]
    assert "510.0 / 520.0 = 515.0" in by_cell[("64f8k", "dash")]
    assert by_cell[("64f8k", "dash")].rstrip(" |").endswith("+2.0%")    # 515 / 505
    assert by_cell[("128c2k", "dash atomic")].rstrip(" |").endswith("-2.6%")  # 380 / 390


def test_main_refuses_a_log_without_rounds(tmp_path, capsys):
    log = tmp_path / "x.txt"
    log.write_text("64f8k: dash 500.0 TFLOP/s\n")
    assert ab_means.main([str(log)]) == 1
