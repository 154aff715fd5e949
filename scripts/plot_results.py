"""Draws a benchmark run's PNG again from its JSON (bench/results/<kind>-<device>-<date>.json),
with the plot every bench script makes (bench/common.py plot_results, plot_points).

    python scripts/plot_results.py bench/results/fwd-H200-20261129-042223.json [--out DIR]

The tree keeps the PNG of the latest run of each kind and device only: the JSON is the record
(and git's history holds every PNG as committed), and each PNG travels with every device call,
whose 64 MiB also carry the object cache and the variants of an A/B (DEVELOPERS.md).
"""
from __future__ import annotations

import argparse
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
from bench.common import device_slug, plot_points, plot_results  # noqa: E402


def kind_of(path, device):
    """The bench kind a results file was saved under (save_results' name), e.g. "fwd_bwd" or
    "varlen-bwd"; files named before the device was in the name: up to the first "-"."""
    name = os.path.basename(path)
    slug = f"-{device_slug(device)}-"
    return name[:name.index(slug)] if slug in name else name.split("-")[0]


def redraw(path, out_dir=None):
    with open(path) as f:
        doc = json.load(f)
    kind = kind_of(path, doc["device"])
    out_dir = out_dir or os.path.dirname(path)
    os.makedirs(out_dir, exist_ok=True)
    png = os.path.join(out_dir, os.path.basename(path).replace(".json", ".png"))
    return plot_results(plot_points(kind, doc["records"]), png, f"dash {kind}, {doc['device']} (commit {doc['commit']})")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("json", nargs="+")
    ap.add_argument("--out", help="folder for the PNGs (default: beside each JSON)")
    args = ap.parse_args()
    for path in args.json:
        png = redraw(path, args.out)
        print(png if png else f"{path}: matplotlib is not installed, nothing drawn")


if __name__ == "__main__":
    main()
