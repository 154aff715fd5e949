"""The dQ conversion inside the main kernel against the postprocess kernel, measured: dash's
deterministic backward (auto, or --schedules) and the atomic path with DASH_POST_TILES = each of
--tiles (0: the postprocess kernel after the main kernel; n: the main kernel's last launch
positions convert n dQ tiles each, dash.ops.post_tiles), interleaved in one process, FA4 beside
them when it imports; every setting must give the same bits. scripts/env_ab.py with
--env DASH_POST_TILES, under the name bench/NOTES.md and dash.ops cite.

    python scripts/post_ab.py                                # the peer grid's 14 cells
    python scripts/post_ab.py --cells 64c2k 64f8k --tiles 0 2 4 --rounds 8
"""
from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import env_ab  # noqa: E402


def main():
    argv = ["--values" if a == "--tiles" else a for a in sys.argv[1:]]
    if "--values" not in argv:
        argv += ["--values", "0", "2"]
    if "--schedules" not in argv:
        argv += ["--schedules", "auto"]
    argv.insert(argv.index("--schedules") + 1, "atomic")  # (the atomic path beside them, as always)
    env_ab.main(["--env", "DASH_POST_TILES", *argv], rounds=6)


if __name__ == "__main__":
    main()
