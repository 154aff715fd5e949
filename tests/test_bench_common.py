"""bench/common.py's helpers that every benchmark's closures go through (CPU only)."""
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
