"""Two kernels' executed instructions and stall samples by opcode, from the per-instruction
SASS tables that scripts/ncu_bwd.sh exports (`ncu --page source --csv --print-source sass`):
which opcodes one kernel executes more of than the other, and where each one's warps stall.

    python scripts/sass_mix.py A.sass.csv B.sass.csv [--per N]   # N: divide counts by N (e.g. warp-steps)
    python scripts/sass_mix.py A.sass.csv B.sass.csv --reasons HGMMA FFMA   # stall reasons, overall
                                                                         # and at these opcodes
    python scripts/sass_mix.py A.sass.csv B.sass.csv --step [--reasons ...]  # the steady step only
    python scripts/sass_mix.py A.sass.csv B.sass.csv --step --lines wait --top 10  # where they sit

--step keeps, in each table, the lines executed exactly as often as its most executed HGMMA line:
the loop's unmasked step (a masked or first step runs a different count of times, and the
producer's retry loops more). Two kernels with the same instructions can then still differ in
where their step stalls (bench/NOTES_fwd.md, session 49: the whole forward gap at hdim 64 causal
was in the step, a tenth of it on ten MUFUs issued back to back).
"""
from __future__ import annotations

import argparse
import collections
import csv
import re


def count(field):
    """An ncu number, with or without thousands separators."""
    return int(field.replace(",", "") or 0)


def rows_by_opcode(path, step_only=False):
    """(header, opcode, row) for every SASS line of an exported table; step_only: only the lines
    executed as often as the most executed HGMMA line (--step)."""
    rows = list(csv.reader(open(path)))
    header = rows[1]
    lines = []
    for r in rows[2:]:
        if len(r) != len(header):
            continue
        m = re.match(r"(@!?U?P\w+\s+)?([A-Z0-9_]+)", r[1].strip())
        if m:
            lines.append((m.group(2), r))
    if step_only:
        executed = header.index("Instructions Executed")
        step = max((count(r[executed]) for op, r in lines if op == "HGMMA"), default=None)
        if step is None:
            raise SystemExit(f"{path}: no HGMMA line, so no step to keep")
        lines = [(op, r) for op, r in lines if count(r[executed]) == step]
    for op, r in lines:
        yield header, op, r


def mix(path, step_only=False):
    ops, stalls = collections.Counter(), collections.Counter()
    executed = stalled = None
    for header, op, r in rows_by_opcode(path, step_only):
        if executed is None:
            executed = header.index("Instructions Executed")
            stalled = header.index("Warp Stall Sampling (All Samples)")
        ops[op] += count(r[executed])
        stalls[op] += count(r[stalled])
    return ops, stalls


def reasons(path, step_only=False):
    """Stall samples by (opcode, reason): ncu's per-instruction stall_* columns."""
    table = collections.defaultdict(collections.Counter)
    columns = None
    for header, op, r in rows_by_opcode(path, step_only):
        if columns is None:
            columns = [(i, h[len("stall_"):]) for i, h in enumerate(header)
                       if h.startswith("stall_") and "Not Issued" not in h]
        for i, reason in columns:
            table[op][reason] += count(r[i])
    return table


def lines_by_reason(path, reason, step_only=False, top=10):
    """The `top` SASS lines with the most samples of one stall reason (`wait`, `short_sb`, ... or
    `all`), in the order of the listing: (index among the lines read, i.e. within the step with
    step_only, samples, instruction)."""
    found = []
    column = None
    for n, (header, op, r) in enumerate(rows_by_opcode(path, step_only)):
        if column is None:
            name = "Warp Stall Sampling (All Samples)" if reason == "all" else f"stall_{reason}"
            if name not in header:
                raise SystemExit(f"{path}: no column {name}")
            column = header.index(name)
        found.append((count(r[column]), n, r[1].strip()))
    kept = sorted(found, key=lambda x: -x[0])[:top]
    return [(n, samples, text) for samples, n, text in sorted(kept, key=lambda x: x[1]) if samples]


def print_reasons(a, b, opcodes, top=12):
    def total(t):
        out = collections.Counter()
        for c in t.values():
            out.update(c)
        return out
    for label, ca, cb in [("all opcodes", total(a), total(b))] + [(op, a[op], b[op]) for op in opcodes]:
        print(f"{label}: stall reason, samples A, B, A-B")
        for k in sorted(set(ca) | set(cb), key=lambda k: -(ca[k] + cb[k]))[:top]:
            if ca[k] or cb[k]:
                print(f"  {k:20} {ca[k]:9d} {cb[k]:9d} {ca[k] - cb[k]:+9d}")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("a")
    ap.add_argument("b")
    ap.add_argument("--per", type=float, default=1e6, help="divide instruction counts by this (default: millions)")
    ap.add_argument("--top", type=int, default=25)
    ap.add_argument("--reasons", nargs="*", metavar="OPCODE",
                    help="stall samples by reason, overall and at these opcodes, instead of the mix")
    ap.add_argument("--step", action="store_true",
                    help="only the lines executed as often as the most executed HGMMA (the steady step)")
    ap.add_argument("--lines", metavar="REASON",
                    help="the lines with the most samples of this stall reason (or `all`), in each "
                         "kernel (with --top; e.g. --step --lines wait: where the step's waits sit)")
    args = ap.parse_args()
    if args.lines:
        for label, path in (("A", args.a), ("B", args.b)):
            print(f"{label} ({path}): lines with the most {args.lines} samples")
            for n, samples, text in lines_by_reason(path, args.lines, args.step, args.top):
                print(f"  {n:6d} {samples:7d}  {text}")
        return
    if args.reasons is not None:
        print_reasons(reasons(args.a, args.step), reasons(args.b, args.step), args.reasons)
        return
    (a, sa), (b, sb) = mix(args.a, args.step), mix(args.b, args.step)
    print(f"instructions: {sum(a.values()) / args.per:.2f} vs {sum(b.values()) / args.per:.2f}; "
          f"stall samples {sum(sa.values())} vs {sum(sb.values())}")
    print(f"{'opcode':10} {'A':>9} {'B':>9} {'A-B':>9}   stall% A  stall% B")
    ta, tb = max(1, sum(sa.values())), max(1, sum(sb.values()))
    for k in sorted(set(a) | set(b), key=lambda k: -abs(a[k] - b[k]))[: args.top]:
        print(f"{k:10} {a[k] / args.per:9.2f} {b[k] / args.per:9.2f} {(a[k] - b[k]) / args.per:+9.2f}   "
              f"{100 * sa[k] / ta:7.1f}  {100 * sb[k] / tb:7.1f}")


if __name__ == "__main__":
    main()
