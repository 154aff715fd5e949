"""Power and SM clock of one backward configuration under sustained load (session 40): runs
dash's backward at one peer-grid cell for --seconds under DASH_LAUNCH_FOLD=<fold>, while
nvidia-smi samples power.draw and clocks.sm every 50 ms; prints the means over the run's middle
half, and the calls per second.

    python bench/experiments/s40-power_probe.py --cell 64f16k --schedule ascending --folds base 1:2
    python bench/experiments/s40-power_probe.py --fwd --cell 128f16k     # dash's forward and FA4's
    python bench/experiments/s40-power_probe.py --fwd --cell 64f16k --no-fa4 \
        --settings DASH_FWD_KV_MULTICAST=0 DASH_FWD_KV_MULTICAST=1  # one knob's values, alternated
    python bench/experiments/s40-power_probe.py --cell 64f16k --schedule auto \
        --settings DASH_POST_TILES=0 DASH_POST_TILES=4              # the backward under each value
(Session 42 probed the KV-tile pairs of bench/experiments/s42-b1-kv-tile-pairs.patch with
--settings DASH_BWD_KV_PAIRS=0 DASH_BWD_KV_PAIRS=1.)
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
from bench.common import peer_grid_backward_cells, sample_power as sample, with_env  # noqa: E402
from dash.ops import attn_bwd  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cell", default="64f16k")
    ap.add_argument("--schedule", default="ascending")
    ap.add_argument("--folds", nargs="+", default=["base", "1:2"])
    ap.add_argument("--seconds", type=float, default=4.0)
    ap.add_argument("--fwd", action="store_true", help="dash's forward and FA4's (when it imports) instead")
    ap.add_argument("--settings", nargs="*", default=[],
                    help="NAME=VALUE environment settings, dash probed under each (in place of --folds)")
    ap.add_argument("--no-fa4", action="store_true", help="--fwd: leave FA4 out")
    args = ap.parse_args()
    if args.fwd:
        return forward(args)
    (name, hdim, causal, seqlen, batch, heads, heads_kv, (q, k, v, dout), (out, lse),
     (dq, dk, dv)), = list(peer_grid_backward_cells([args.cell]))
    det = args.schedule != "atomic"

    def dash_bwd():
        return attn_bwd(dout, q, k, v, out, lse, causal=causal, deterministic=det,
                        schedule=args.schedule if det else "auto", dq=dq, dk=dk, dv=dv)

    settings = args.settings or [f"DASH_LAUNCH_FOLD={fold}" for fold in args.folds]
    for setting in settings * 2:
        env, value = setting.split("=", 1)
        power, clock, rate = sample(with_env(env, None if value == "base" else value, dash_bwd), args.seconds)
        print(f"{name} {args.schedule} {setting}: {power:.0f} W, {clock:.0f} MHz, {rate:.2f} calls/s", flush=True)


def forward(args):
    from bench.common import fa4_interface, peer_grid_cells
    from dash.fwd import attn_fwd

    (name, hdim, causal, seqlen, batch, heads, heads_kv, (q, k, v, _)), = list(peer_grid_cells([args.cell]))

    def dash_fwd():
        return attn_fwd(q, k, v, causal=causal)

    calls = {f"dash {s}": with_env(*s.split("=", 1), dash_fwd) for s in args.settings} or {"dash": dash_fwd}
    fa4 = None if args.no_fa4 else fa4_interface()
    if fa4 is not None:
        calls["fa4"] = lambda: fa4._flash_attn_fwd(q, k, v, causal=causal, return_lse=True)
    for impl in list(calls) * 2:
        power, clock, rate = sample(calls[impl], args.seconds)
        print(f"{name} fwd {impl}: {power:.0f} W, {clock:.0f} MHz, {rate:.2f} calls/s", flush=True)


if __name__ == "__main__":
    main()
