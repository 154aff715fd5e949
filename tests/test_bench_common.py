"""bench/common.py's helpers that every benchmark's closures go through (CPU only)."""
import os
import sys

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
