"""scripts/sass_mix.py on small tables in ncu's per-SASS-line CSV format (CPU only)."""
import csv
import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location("sass_mix", ROOT / "scripts" / "sass_mix.py")
sass_mix = importlib.util.module_from_spec(spec)
spec.loader.exec_module(sass_mix)

HEADER = ["Address", "Source", "Warp Stall Sampling (All Samples)", "Instructions Executed",
          "stall_wait", "stall_mio", "stall_wait (Not Issued)"]


def write_table(path, lines):
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["Kernel Name", "k"])
        w.writerow(HEADER)
        for addr, (source, samples, executed, wait, mio) in enumerate(lines):
            w.writerow([hex(addr * 16), source, samples, executed, wait, mio, 0])


def test_step_keeps_the_lines_run_as_often_as_the_busiest_hgmma(tmp_path):
    table = tmp_path / "a.sass.csv"
    write_table(table, [
        ("UMOV UR4, 0x1", "5", "10", "1", "0"),                           # prologue
        ("HGMMA.64x128x16.F32.BF16 R24, gdesc[UR16], RZ", "7", "1,000", "3", "0"),  # step
        ("MUFU.EX2 R13, R13", "40", "1,000", "10", "20"),                  # step
        ("@!P0  MUFU.EX2 R14, R14", "4", "1,000", "1", "2"),               # step, predicated
        ("HGMMA.64x128x16.F32.BF16 R24, gdesc[UR16], R24", "2", "90", "1", "0"),  # masked step
        ("NANOSLEEP.SYNCS 0x989680", "0", "5,000", "0", "0"),              # producer's retries
    ])
    ops, stalls = sass_mix.mix(table)
    assert ops["NANOSLEEP"] == 5000 and ops["HGMMA"] == 1090
    ops, stalls = sass_mix.mix(table, step_only=True)
    assert dict(ops) == {"HGMMA": 1000, "MUFU": 2000}
    assert dict(stalls) == {"HGMMA": 7, "MUFU": 44}
    by_reason = sass_mix.reasons(table, step_only=True)
    assert by_reason["MUFU"] == {"wait": 11, "mio": 22}


def test_step_without_hgmma_says_so(tmp_path):
    table = tmp_path / "b.sass.csv"
    write_table(table, [("FFMA R1, R2, R3, R4", "1", "8", "1", "0")])
    with pytest.raises(SystemExit, match="no HGMMA line"):
        sass_mix.mix(table, step_only=True)


def test_lines_by_reason_keeps_the_top_lines_in_listing_order(tmp_path):
    table = tmp_path / "c.sass.csv"
    write_table(table, [
        ("HGMMA.64x128x16.F32.BF16 R24, gdesc[UR16], RZ", "7", "1,000", "3", "0"),
        ("FADD R13, R13, R40", "9", "1,000", "8", "0"),
        ("FADD R13, R13, R48", "1", "1,000", "0", "0"),
        ("FFMA R9, R12, R9, R13", "6", "1,000", "5", "1"),
        ("FADD R1, R1, R2", "9", "10", "9", "0"),  # outside the step
    ])
    assert sass_mix.lines_by_reason(table, "wait", step_only=True, top=2) == [
        (1, 8, "FADD R13, R13, R40"), (3, 5, "FFMA R9, R12, R9, R13")]
    # lines with no sample of the reason are left out; `all` reads the total samples
    assert sass_mix.lines_by_reason(table, "mio", step_only=True) == [(3, 1, "FFMA R9, R12, R9, R13")]
    assert sass_mix.lines_by_reason(table, "all", top=1) == [(1, 9, "FADD R13, R13, R40")]
    with pytest.raises(SystemExit, match="no column stall_lg"):
        sass_mix.lines_by_reason(table, "lg")
