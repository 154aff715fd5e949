"""A kernel's steady-state step as opcode runs (op:count, in issue order): the shortest loop of its
SASS (a backward branch and the instructions it jumps over) that holds at least --min-mufu
MUFU.EX2, i.e. one forward or backward step. How bench/NOTES_fwd.md compares dash's step with
FA4's (FA4's cubin: DEVELOPERS.md).

    cuobjdump -sass fwd_hdim64_bf16.o > f.sass      # keep one kernel's function in the file
    python scripts/sass_loop.py f.sass [--list]     # --list: every instruction of the loop too
"""
from __future__ import annotations

import argparse
import re

# Opcodes kept whole in the runs (their shapes and modifiers matter); the rest lose their modifiers.
KEEP_MODIFIERS = ("HGMMA", "SYNCS", "BAR", "WARPGROUP")


# An instruction line of a cuobjdump listing: its address, then the instruction up to the ';'
# (the encodings after it, and the lines holding only encodings, do not match).
LINE = re.compile(r"\s*/\*([0-9a-f]{4,})\*/\s+(.*?)\s*;")


def parse_line(line):
    """(address, instruction text) of a listing's instruction line, None for any other line."""
    m = LINE.match(line)
    return (int(m.group(1), 16), m.group(2).strip()) if m else None


def instructions(path):
    """(address, instruction text) of every SASS line of a cuobjdump listing."""
    return [ins for ins in map(parse_line, open(path)) if ins]


def opcode(text):
    """(opcode with its modifiers, predicated?) of an instruction's text, e.g. ('UIADD3.64', False)."""
    m = re.match(r"(@!?U?P\w+\s+)?([A-Z0-9_.]+)", text)
    return m.group(2), bool(m.group(1))


def loops(ins):
    """The body of every backward branch: the instructions from its target to itself."""
    bodies = []
    for address, text in ins:
        m = re.search(r"BRA (0x[0-9a-f]+)", text)
        if m and int(m.group(1), 16) < address:
            target = int(m.group(1), 16)
            bodies.append([x for x in ins if target <= x[0] <= address])
    return bodies


def opcode_runs(body):
    runs = []
    for _, text in body:
        op, predicated = opcode(text)
        op = op if op.startswith(KEEP_MODIFIERS) else op.split(".")[0]
        if predicated:
            op = "@" + op
        if runs and runs[-1][0] == op:
            runs[-1][1] += 1
        else:
            runs.append([op, 1])
    return " ".join(f"{op}:{count}" for op, count in runs)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("sass")
    ap.add_argument("--min-mufu", type=int, default=60, help="MUFU.EX2 a step holds at least")
    ap.add_argument("--list", action="store_true", help="print the loop's instructions as well")
    args = ap.parse_args()
    mufus = lambda body: sum("MUFU.EX2" in text for _, text in body)  # noqa: E731
    steps = [b for b in loops(instructions(args.sass)) if mufus(b) >= args.min_mufu]
    if not steps:
        raise SystemExit(f"no loop with {args.min_mufu} MUFU.EX2 in {args.sass}")
    step = min(steps, key=len)
    print(len(step), "instructions,", mufus(step), "MUFU")
    print(opcode_runs(step))
    if args.list:
        for address, text in step:
            print(hex(address), text)


if __name__ == "__main__":
    main()
