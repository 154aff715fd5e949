"""A benchmark JSON (bench/results/*.json) as the markdown table the README shows for it.

    python scripts/readme_table.py bench/results/bwd-H200-....json   # backward peer grid
    python scripts/readme_table.py bench/results/fwd-H200-....json   # forward peer grid
    python scripts/readme_table.py bench/results/fwd_bwd-H100-....json   # training step

Backward columns: dash atomic, auto (the schedule it resolved to), the best deterministic dash
schedule of the run, FA4 non-deterministic and deterministic, SDPA cuDNN, and the ratios. Forward:
dash, FA4, SDPA cuDNN and flash, dash / FA4. Training step (forward + backward): dash
deterministic and atomic, FA4 deterministic and not, SDPA cuDNN and flash, dash det / FA4 det. A
missing peer leaves its cell empty.
"""
from __future__ import annotations

import argparse
import collections
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from bench.common import cell_name  # noqa: E402


def cells(records):
    table = collections.OrderedDict()
    for r in records:
        key = cell_name(r["hdim"], r["causal"], r["seqlen_q"], r["nheads"], r["nheads_kv"])
        table.setdefault(key, []).append(r)
    return table


def pretty(cell):
    return cell.replace("gqa", "GQA ")


def fmt(x):
    return "" if x is None else f"{x:.1f}"


def ratio(a, b):
    return "" if a is None or b is None else f"{a / b:.2f}"


def backward_table(records):
    lines = ["| backward | dash atomic | dash auto (picks) | dash best det | FA4 | FA4 det | SDPA cuDNN "
             "| auto / FA4 det | best det / FA4 det | atomic / FA4 |",
             "|---|---|---|---|---|---|---|---|---|---|"]
    for cell, rs in cells(records).items():
        def pick(pred):
            found = [r for r in rs if pred(r)]
            return found[0] if found else None
        atomic = pick(lambda r: r["impl"] == "dash" and r["schedule"] == "atomic")
        auto = pick(lambda r: r["impl"] == "dash" and r["schedule"] == "auto")
        det = [r for r in rs if r["impl"] == "dash" and r["schedule"] not in ("atomic", "auto") and r.get("tflops")]
        best = max(det, key=lambda r: r["tflops"]) if det else None
        fa4 = pick(lambda r: r["impl"] == "fa4" and not r["deterministic"])
        fa4_det = pick(lambda r: r["impl"] == "fa4" and r["deterministic"])
        cudnn = pick(lambda r: r["impl"] == "sdpa-cudnn")
        t = lambda r: r["tflops"] if r and r.get("tflops") else None  # noqa: E731
        auto_txt = f"{fmt(t(auto))} ({auto.get('resolved') or ''})" if t(auto) else ""
        best_txt = f"{fmt(t(best))} ({best['schedule']})" if best else ""
        lines.append(f"| {pretty(cell)} | {fmt(t(atomic))} | {auto_txt} | {best_txt} | {fmt(t(fa4))} | "
                     f"{fmt(t(fa4_det))} | {fmt(t(cudnn))} | {ratio(t(auto), t(fa4_det))} | "
                     f"{ratio(t(best), t(fa4_det))} | {ratio(t(atomic), t(fa4))} |")
    return "\n".join(lines)


def forward_table(records):
    lines = ["| forward | dash | FA4 | SDPA cuDNN | SDPA flash | dash / FA4 |", "|---|---|---|---|---|---|"]
    for cell, rs in cells(records).items():
        by = {r["impl"]: r.get("tflops") for r in rs}
        lines.append(f"| {pretty(cell)} | {fmt(by.get('dash'))} | {fmt(by.get('fa4'))} | "
                     f"{fmt(by.get('sdpa-cudnn'))} | {fmt(by.get('sdpa-flash'))} | "
                     f"{ratio(by.get('dash'), by.get('fa4'))} |")
    return "\n".join(lines)


def training_step_table(records):
    lines = ["| training step | dash det (auto) | dash atomic | FA4 det | FA4 | SDPA cuDNN | SDPA flash | "
             "dash det / FA4 det |", "|---|---|---|---|---|---|---|---|"]
    for cell, rs in cells(records).items():
        by = {(r["impl"], bool(r.get("deterministic"))): r.get("tflops") for r in rs}
        det, atomic = by.get(("dash", True)), by.get(("dash", False))
        fa4_det, fa4 = by.get(("fa4", True)), by.get(("fa4", False))
        lines.append(f"| {pretty(cell)} | {fmt(det)} | {fmt(atomic)} | {fmt(fa4_det)} | {fmt(fa4)} | "
                     f"{fmt(by.get(('sdpa-cudnn', False)))} | {fmt(by.get(('sdpa-flash', False)))} | "
                     f"{ratio(det, fa4_det)} |")
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("json")
    args = ap.parse_args()
    data = json.load(open(args.json))
    records = data["records"]
    passes = {r.get("pass") for r in records}
    print(f"<!-- {Path(args.json).name}: {data.get('device')}, commit {data.get('commit')}, {data.get('date')} -->")
    if "bwd" in passes:
        print(backward_table(records))
    elif "fwd_bwd" in passes:
        print(training_step_table(records))
    else:
        print(forward_table(records))


if __name__ == "__main__":
    main()
