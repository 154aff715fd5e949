"""The table of a sustained A/B log (scripts/relink_sustained_ab.sh's output): per cell and
timed implementation, each build's TFLOP/s round by round, its mean, and the change of each build
against the first one (the checkout's build), plus a count of the bit checks that failed.

    scripts/relink_sustained_ab.sh ... | tee ab.txt; python scripts/ab_means.py ab.txt

The probes print, per build and round, `== round N: TREE`, then per cell
`CELL: NAME X TFLOP/s (...), NAME Y TFLOP/s (...)` (NAME: `dash`, or `dash auto`, `dash atomic`)
and the bit checks (`... bitwise equal to ...` or `... DIFFER FROM ...`). The means are over the
rounds each build ran; with the order alternating (every second round reversed) a build's mean
holds as many first places as last ones.
"""
from __future__ import annotations

import argparse
import re
import sys
from collections import defaultdict

ROUND = re.compile(r"^== round (\d+): (\S+)")
RATE = re.compile(r"([A-Za-z][\w-]*(?: [\w-]+)?) (\d+(?:\.\d+)?) TFLOP/s")
CELL = re.compile(r"^(\S+): (.*TFLOP/s.*)$")


def parse(lines):
    """({(cell, name): {tree: [TFLOP/s per round, in order]}}, [trees in first-seen order],
    number of failed bit checks)."""
    rates = defaultdict(lambda: defaultdict(list))
    trees, differ, tree = [], 0, None
    for line in lines:
        line = line.rstrip("\n")
        m = ROUND.match(line)
        if m:
            tree = m.group(2)
            if tree not in trees:
                trees.append(tree)
            continue
        if "DIFFER FROM" in line:
            differ += 1
            continue
        m = CELL.match(line)
        if m and tree is not None:
            for name, value in RATE.findall(m.group(2)):
                rates[(m.group(1), name)][tree].append(float(value))
    return rates, trees, differ


def table(rates, trees):
    """Markdown rows: cell, name, then per build its rounds and mean, and each later build's change."""
    head = ["cell", "timed"] + [f"{t} (rounds = mean)" for t in trees] + [f"{t} vs {trees[0]}" for t in trees[1:]]
    out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for (cell, name), by_tree in rates.items():
        means = {t: sum(v) / len(v) for t, v in by_tree.items() if v}
        cols = [cell, name]
        for t in trees:
            rounds = by_tree.get(t)
            cols.append(" / ".join(f"{x:.1f}" for x in rounds) + f" = {means[t]:.1f}" if rounds else "")
        base = means.get(trees[0])
        for t in trees[1:]:
            cols.append(f"{100 * (means[t] / base - 1):+.1f}%" if base and t in means else "")
        out.append("| " + " | ".join(cols) + " |")
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("log", help="the A/B script's output ('-': stdin)")
    args = ap.parse_args(argv)
    lines = sys.stdin.readlines() if args.log == "-" else open(args.log).readlines()
    rates, trees, differ = parse(lines)
    if not trees:
        print("no '== round' line: not a relink_sustained_ab.sh log", file=sys.stderr)
        return 1
    print("\n".join(table(rates, trees)))
    print(f"bit checks failed: {differ}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
