"""bench/common.py's helpers that every benchmark's closures go through (CPU only)."""
import itertools
import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import bench.common as common  # noqa: E402


def test_add_peers_names_each_peer_and_leaves_out_what_fails(monkeypatch):
    calls = []

    def ready(label, make):  # ready_or_none without a GPU: call once, None when it raises
        try:
            fn = make()
            fn()
            return fn
        except RuntimeError:
            calls.append(("left out", label))
            return None

    monkeypatch.setattr(common, "ready_or_none", ready)

    def fa4_fn(det):
        return lambda: ("fa4", det)

    def sdpa_fn(name):
        if name == "sdpa-efficient":
            def fail():
                raise RuntimeError("no kernel for this shape")
            return fail
        return lambda: name

    fns = common.add_peers({"dash": lambda: "dash"}, ["fa4", "sdpa-cudnn", "sdpa-efficient"], fa4_fn, sdpa_fn)
    assert list(fns) == ["dash", "fa4", "fa4-det", "sdpa-cudnn"]
    assert fns["fa4"]() == ("fa4", False) and fns["fa4-det"]() == ("fa4", True)
    assert calls == [("left out", "sdpa-efficient")]

    fwd_only = common.add_peers({}, ["fa4"], fa4_fn, sdpa_fn, fa4_det=False)
    assert list(fwd_only) == ["fa4"]


@pytest.mark.parametrize("seqlen_q,seqlen_k", [(16, 16), (7, 20), (20, 7)])
@pytest.mark.parametrize("window", [(-1, -1), (-1, 0), (3, 0), (0, 0), (2, 5), (-1, 4), (30, 30)])
def test_window_flops_count_the_band(seqlen_q, seqlen_k, window):
    from bench.window import band_pairs
    from dash.reference import band_mask

    assert band_pairs(seqlen_q, seqlen_k, window) == int(band_mask(seqlen_q, seqlen_k, window).sum())


def test_sustained_timing_is_calls_per_second_in_rounds():
    """time_sustained (bench --sustained): each closure runs back to back for its block, in the
    rounds' orders (round_orders), and its time is the median over rounds of elapsed / calls; the
    heat phase runs every closure before the first block. A fake clock advances by each call's
    cost, so the answer is exact."""
    now = [0.0]
    cost = {"a": 0.010, "b": 0.004, "c": 0.025}
    ran = []

    def make(name):
        def fn():
            now[0] += cost[name]
            ran.append(name)
        return fn

    fns = {name: make(name) for name in cost}
    ms = common.time_sustained(fns, seconds=0.2, rounds=2, heat_s=0.05, sync=lambda: None, clock=lambda: now[0])
    assert ms == pytest.approx({name: 1e3 * c for name, c in cost.items()})
    assert ran[:3] == ["a", "b", "c"]  # the heat phase: every closure, in order
    # after the heat phase: one block per closure per round, in the rounds' orders (a closure that
    # ends one round and starts the next runs as one stretch)
    orders = common.round_orders(list(cost), 2)
    runs = [name for name, _ in itertools.groupby(ran)]
    want = [name for name, _ in itertools.groupby(orders[0] + orders[1])]
    assert runs[-len(want):] == want
    # each block covers at least `seconds` and stops within one sync's worth of calls after it
    blocks = {name: [len(list(g)) for n, g in itertools.groupby(ran) if n == name] for name in cost}
    for name in ("a", "b"):  # (their last runs are round 2's blocks alone; c's two blocks run as one)
        timed = blocks[name][-1] - 1  # less the block's untimed first call
        assert 0.2 <= timed * cost[name] < 0.2 + common.SUSTAINED_CALLS_PER_SYNC * cost[name] + 1e-9


def test_time_cells_picks_the_timing_the_arguments_ask_for(monkeypatch):
    import argparse

    monkeypatch.setattr(common, "time_sustained", lambda fns, seconds, rounds: ("sustained", seconds, rounds))
    monkeypatch.setattr(common, "time_interleaved", lambda fns, rounds: ("interleaved", rounds))
    ap = common.grid_arguments("")
    assert common.time_cells({}, ap.parse_args([])) == ("interleaved", 0)
    assert common.time_cells({}, ap.parse_args(["--sustained", "1.5"])) == ("sustained", 1.5, 2)
    assert common.time_cells({}, ap.parse_args(["--sustained", "1", "--rounds", "3"])) == ("sustained", 1.0, 3)
    assert "calls per second" in common.timing_note(ap.parse_args(["--sustained", "1"]))
    assert "interleaved" in common.timing_note(argparse.Namespace(rounds=0))


def test_report_puts_json_and_png_in_out_on_a_device_machine(monkeypatch, tmp_path):
    # On a device machine $OUT is what comes back; the run's JSON and PNG must be there by
    # themselves (session 43 lost a grid by copying bench/results wholesale past the file limit).
    import argparse

    pytest.importorskip("matplotlib")
    out, results = tmp_path / "out", tmp_path / "results"
    out.mkdir()
    monkeypatch.setenv("OUT", str(out))
    monkeypatch.setattr(common, "RESULTS", str(results))
    monkeypatch.setattr(common.torch.cuda, "get_device_name", lambda *a: "NVIDIA Fake GPU")
    rec = common.record("dash", "bwd", "auto", True, common.torch.bfloat16, 64, False, 1, 2048, 2048, 32, 32,
                        1.0, 1e12)
    args = argparse.Namespace(tokens=16384, no_save=False, rounds=2, sustained=0)
    common.report("bwd", "Backward", args, [rec], lambda: "header", lambda r: "row", [rec])
    saved = sorted(p.name for p in results.iterdir())
    assert [n.rsplit(".", 1)[1] for n in saved] == ["json", "png"]
    assert sorted(p.name for p in out.iterdir()) == saved


def test_alternated_power_samples_reverses_the_order_and_takes_medians(monkeypatch):
    calls = []
    readings = {"a": iter([(600.0, 1500.0, 10.0), (700.0, 1600.0, 30.0), (650.0, 1550.0, 20.0)]),
                "b": iter([(500.0, 1400.0, 1.0), (510.0, 1410.0, 3.0), (520.0, 1420.0, 2.0)])}

    def fake_sample(fn, seconds):
        name = fn()
        calls.append(name)
        return next(readings[name])

    monkeypatch.setattr(common, "sample_power", fake_sample)
    med = common.alternated_power_samples({"a": lambda: "a", "b": lambda: "b"}, 1.0, 3)
    assert calls == ["a", "b", "b", "a", "a", "b"]
    assert med == {"a": (650.0, 1550.0, 20.0), "b": (510.0, 1410.0, 2.0)}


def test_short_cell_names_are_unique_over_the_peer_grid_and_parse_back():
    names = [common.short_cell_name(*cell) for cell in common.PEER_GRID]
    assert len(set(names)) == len(names) == 14
    assert common.short_cell_name(128, "full", 8192, 32, 8) == "128gf8k"
    assert common.short_cell_name(64, "causal", 2048, 32, 32) == "64c2k"
    # parse_cell reads the same names with a leading "d" (the scripts' other --cells form).
    for (hdim, mask, seqlen, heads, heads_kv), name in zip(common.PEER_GRID, names):
        if heads == heads_kv:
            assert common.parse_cell("d" + name) == (hdim, mask == "causal", seqlen)
