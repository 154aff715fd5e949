"""Sliding-window attention (FA3's window_size) on the GPU: forward and backward against the fp32
reference with FA3's error criterion, every schedule over the band, and bitwise determinism."""
import pytest
import torch

from dash.reference import attention_ref, attention_ref_grads
from tests.helpers import assert_close_as_fa3, make_inputs

pytestmark = pytest.mark.gpu

SHAPES = [(128, 128), (1000, 1000), (513, 1029), (1029, 513)]
WINDOWS = [(64, 0), (100, 37), (0, 0), (255, -1), (-1, 300), (5, 5), (300, 300), (1, 130)]


def _ref(q, k, v, dout, window, causal=False):
    out, lse = attention_ref(q.float(), k.float(), v.float(), causal=causal, window=window, upcast=False)
    out_pt, _ = attention_ref(q, k, v, causal=causal, window=window, upcast=False)
    grads = attention_ref_grads(q.float(), k.float(), v.float(), dout.float(), causal=causal, window=window,
                                upcast=False)
    grads_pt = attention_ref_grads(q, k, v, dout, causal=causal, window=window, upcast=False)
    return out, lse, out_pt, grads, grads_pt


@pytest.mark.parametrize("window", WINDOWS)
@pytest.mark.parametrize("seqlen_q,seqlen_k", SHAPES)
@pytest.mark.parametrize("head_dim", [64, 128, 256])
def test_window_matches_reference(seqlen_q, seqlen_k, window, head_dim):
    from dash.fwd import attn_fwd
    from dash.ops import attn_bwd

    idx = SHAPES.index((seqlen_q, seqlen_k)) + WINDOWS.index(window)
    dtype = [torch.bfloat16, torch.float16][idx % 2]
    heads, heads_kv = [(4, 4), (6, 2)][idx % 2]
    q, k, v, dout = make_inputs(2, seqlen_q, seqlen_k, heads, heads_kv, head_dim, dtype, seed=idx)
    out_ref, lse_ref, out_pt, (dq_r, dk_r, dv_r), (dq_p, dk_p, dv_p) = _ref(q, k, v, dout, window)
    tag = f"window={window} sq={seqlen_q} sk={seqlen_k} d={head_dim} {dtype} heads {heads}/{heads_kv}"
    out, lse = attn_fwd(q, k, v, window=window)
    assert_close_as_fa3(f"out [{tag}]", out, out_ref, out_pt)
    empty = torch.isinf(lse_ref)
    assert torch.equal(torch.isinf(lse), empty), f"lse's empty rows [{tag}]"
    assert (lse[~empty] - lse_ref[~empty]).abs().max().item() < 1e-3 if (~empty).any() else True, tag
    for schedule in ("auto", "atomic"):
        dq, dk, dv = attn_bwd(dout, q, k, v, out, lse, window=window, schedule=schedule,
                              deterministic=schedule != "atomic")
        assert_close_as_fa3(f"dq {schedule} [{tag}]", dq, dq_r, dq_p)
        assert_close_as_fa3(f"dk {schedule} [{tag}]", dk, dk_r, dk_p)
        assert_close_as_fa3(f"dv {schedule} [{tag}]", dv, dv_r, dv_p)


@pytest.mark.parametrize("window", [(256, 0), (100, 100), (1000, 0), (0, 512)])
@pytest.mark.parametrize("head_dim", [64, 128, 256])
def test_every_schedule_over_the_band(window, head_dim):
    from dash.fwd import attn_fwd
    from dash.ops import applicable_schedules, attn_bwd

    q, k, v, dout = make_inputs(2, 2048, 2048, 4, 4, head_dim, torch.bfloat16, seed=3)
    _, _, _, (dq_r, dk_r, dv_r), (dq_p, dk_p, dv_p) = _ref(q, k, v, dout, window)
    out, lse = attn_fwd(q, k, v, window=window)
    schedules = applicable_schedules(q, k, window=window)  # other refusals than "does not apply" raise
    assert {"ascending", "descending", "spt"} <= set(schedules)
    for s in schedules:
        dq, dk, dv = attn_bwd(dout, q, k, v, out, lse, window=window, schedule=s)
        assert_close_as_fa3(f"dq {s} {window}", dq, dq_r, dq_p)
        assert_close_as_fa3(f"dk {s} {window}", dk, dk_r, dk_p)
        assert_close_as_fa3(f"dv {s} {window}", dv, dv_r, dv_p)
        again = attn_bwd(dout, q, k, v, out, lse, window=window, schedule=s)
        for a, b in zip((dq, dk, dv), again):
            assert torch.equal(a, b), f"{s} {window}: not bitwise repeatable"


@pytest.mark.parametrize("window", [(512, 0), (300, 300)])
def test_window_bitwise_over_300_calls(window):
    from dash.fwd import attn_fwd
    from dash.ops import attn_bwd

    q, k, v, dout = make_inputs(2, 4096, 4096, 4, 4, 128, torch.bfloat16, seed=5)
    out, lse = attn_fwd(q, k, v, window=window)
    out2, lse2 = attn_fwd(q, k, v, window=window)
    assert torch.equal(out, out2) and torch.equal(lse, lse2)
    first = attn_bwd(dout, q, k, v, out, lse, window=window)
    for _ in range(300):
        again = attn_bwd(dout, q, k, v, out, lse, window=window)
        for a, b in zip(first, again):
            assert torch.equal(a, b)


def test_causal_window_is_causal_with_a_left_bound():
    """causal=True with window (left, anything) runs (left, 0): FA3's causal local attention."""
    from dash.fwd import attn_fwd
    from dash.ops import attn_bwd

    q, k, v, dout = make_inputs(1, 777, 777, 4, 4, 64, torch.bfloat16, seed=9)
    a = attn_fwd(q, k, v, causal=True, window=(200, 50))
    b = attn_fwd(q, k, v, window=(200, 0))
    assert torch.equal(a[0], b[0]) and torch.equal(a[1], b[1])
    ga = attn_bwd(dout, q, k, v, *a, causal=True, window=(200, 50))
    gb = attn_bwd(dout, q, k, v, *b, window=(200, 0))
    for x, y in zip(ga, gb):
        assert torch.equal(x, y)
    # And a window that covers every key is the full mask, bit for bit.
    full = attn_fwd(q, k, v)
    wide = attn_fwd(q, k, v, window=(776, 776))
    assert torch.equal(full[0], wide[0])


def _grads_of(fn, q, k, v, dout, **kw):
    qg, kg, vg = (t.detach().clone().requires_grad_(True) for t in (q, k, v))
    out = fn(qg, kg, vg, **kw)
    return (out, *torch.autograd.grad(out, (qg, kg, vg), dout))


@pytest.mark.parametrize("causal,window", [(False, (256, 0)), (True, (100, -1)), (False, (64, 200)),
                                           (False, (-1, 5))])
def test_flash_attn_func_window_size(causal, window):
    """FA3's window_size through dash.flash_attn_func: autograd's forward and backward against the
    reference, deterministic and not; the eager path and the custom ops (torch.compile) the same
    bits."""
    import dash

    q, k, v, dout = make_inputs(2, 1000, 1200, 6, 2, 128, torch.bfloat16, seed=21)
    ref_window = (window[0], 0) if causal else window
    out_ref, _, out_pt, grads, grads_pt = _ref(q, k, v, dout, ref_window)
    runs = {}
    for det in (True, False):
        runs[det] = _grads_of(dash.flash_attn_func, q, k, v, dout, causal=causal, window_size=window,
                              deterministic=det)
        assert_close_as_fa3(f"out det={det}", runs[det][0], out_ref, out_pt)
        for name, g, r, low in zip(("dq", "dk", "dv"), runs[det][1:], grads, grads_pt):
            assert_close_as_fa3(f"{name} det={det} {window}", g, r, low)
    compiled = torch.compile(lambda a, b, c: dash.flash_attn_func(a, b, c, causal=causal, window_size=window,
                                                                  deterministic=True), fullgraph=True)
    for a, b in zip(_grads_of(lambda a, b, c: compiled(a, b, c), q, k, v, dout), runs[True]):
        assert torch.equal(a, b), "torch.compile (the custom ops) and eager differ"
    for _ in range(20):
        for a, b in zip(_grads_of(dash.flash_attn_func, q, k, v, dout, causal=causal, window_size=window,
                                  deterministic=True), runs[True]):
            assert torch.equal(a, b), "not bitwise repeatable"
