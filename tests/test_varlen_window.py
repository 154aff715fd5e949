"""Sliding windows on packed (varlen) batches: dash.flash_attn_varlen_func's window_size, forward and
backward.

A packed call resolves window_size as FA3 does, with max_seqlen_q/k (a bound that covers every key of
the longest sequence is none), and every sequence then runs the band (left, right) from its own
bottom-right corner (csrc/common/band.h). The backward's schedules are evaluated per sequence over the
band (csrc/bwd/bwd_varlen.h, mirrored by dash/schedule/varlen.py: the CPU tests in
tests/test_schedule_varlen.py and tests/test_varlen_bwd.py compare them with the fixed-length tables).

GPU tests: each sequence against the fp32 reference on its slices (FA3's criterion), its gradients
bitwise those of flash_attn_func on the sequence alone with the same band and schedule, forward bits
equal to the fixed-length call's, and bitwise repeatable reruns.
"""
import pytest
import torch

import dash
from dash import ops
from dash.reference import attention_varlen_ref
from dash.schedule.varlen import seq_built_as
from dash.validate import resolve_window
from tests.helpers import assert_close_as_fa3
from tests.test_varlen_bwd import packed, reference_grads

# (left, right) windows and whether the call also passes causal=True: windows shorter than a tile,
# one-sided ones, a causal window, and (left, right) with right > 0.
WINDOWS = [((100, 0), False), ((5, 7), False), ((0, 0), False), ((300, -1), False), ((-1, 40), False),
           ((200, -1), True)]
WINDOW_IDS = ["w100,0", "w5,7", "w0,0", "w300,-1", "w-1,40", "w200,causal"]
# (seqlen_q, seqlen_k) per sequence: tile edges, unequal q and k both ways, empty sides, one long
# sequence (many KV tiles, several shift waves).
CASES = {
    "edges": ([(127, 127), (128, 128), (129, 129), (1, 129), (129, 1), (80, 81), (0, 7), (161, 159)], 8, 2),
    "unequal": ([(300, 700), (700, 300), (64, 2000), (2000, 64)], 4, 4),
    "long": ([(4500, 4500), (17, 400), (1000, 999)], 4, 1),
}


def _max(seqlens):
    return max(a for a, _ in seqlens), max(b for _, b in seqlens)


def _run(q, k, v, dout, cu_q, cu_k, seqlens, window, causal, **kw):
    qg, kg, vg = (t.detach().clone().requires_grad_(True) for t in (q, k, v))
    out, lse = dash.flash_attn_varlen_func(qg, kg, vg, cu_q, cu_k, *_max(seqlens), causal=causal, window_size=window,
                                           return_attn_probs=True, **kw)
    dq, dk, dv = torch.autograd.grad(out, (qg, kg, vg), dout)
    return out.detach(), lse, dq, dk, dv


def assert_like_reference(q, k, v, dout, cu_q, cu_k, seqlens, window, causal, softcap=0.0, **kw):
    """out, lse and the gradients of the packed call (deterministic and atomic) against the fp32
    reference run with the same band (and cap) on every sequence's slices, FA3's criterion."""
    c, w = _band(seqlens, window, causal)
    ref = attention_varlen_ref(q, k, v, cu_q, cu_k, causal=c, window=w, softcap=softcap)
    low = attention_varlen_ref(q, k, v, cu_q, cu_k, causal=c, window=w, softcap=softcap, upcast=False)
    ref_grads = reference_grads(q, k, v, dout, cu_q, cu_k, c, True, window=w, softcap=softcap)
    low_grads = reference_grads(q, k, v, dout, cu_q, cu_k, c, False, window=w, softcap=softcap)
    for det in (True, False):
        out, lse, dq, dk, dv = _run(q, k, v, dout, cu_q, cu_k, seqlens, window, causal, deterministic=det,
                                    softcap=softcap, **kw)
        assert_close_as_fa3("out", out, ref[0], low[0])
        empty = torch.isinf(ref[1])
        assert torch.equal(torch.isinf(lse), empty), "lse is -inf on other rows than the reference"
        assert (out.transpose(0, 1)[empty] == 0).all(), "a row without keys has out != 0"
        assert_close_as_fa3("lse", lse[~empty], ref[1][~empty], low[1][~empty])
        for name, got, r, p in zip(("dq", "dk", "dv"), (dq, dk, dv), ref_grads, low_grads):
            assert torch.isfinite(got).all(), f"{name} has inf or NaN"
            assert_close_as_fa3(name, got, r, p)


def _band(seqlens, window, causal):
    """The (causal, window) the packed call runs: resolved with the longest sequence."""
    return resolve_window(causal, window, *_max(seqlens))


@pytest.mark.gpu
@pytest.mark.parametrize("dtype", [torch.bfloat16, torch.float16], ids=["bf16", "fp16"])
@pytest.mark.parametrize("head_dim", [64, 96, 128, 192, 256])
@pytest.mark.parametrize("window,causal", WINDOWS, ids=WINDOW_IDS)
@pytest.mark.parametrize("case", list(CASES))
def test_varlen_window_matches_reference(case, window, causal, head_dim, dtype):
    """out, lse and the gradients (deterministic and atomic) of every sequence against the fp32
    reference run with the same band on its slices."""
    seqlens, heads, heads_kv = CASES[case]
    q, k, v, dout, cu_q, cu_k = packed(seqlens, heads, heads_kv, head_dim, dtype, seed=len(case))
    assert_like_reference(q, k, v, dout, cu_q, cu_k, seqlens, window, causal)


@pytest.mark.gpu
@pytest.mark.parametrize("head_dim", [64, 96, 128, 192, 256])
@pytest.mark.parametrize("grouping", ["mha", "gqa"])
@pytest.mark.parametrize("window,causal", WINDOWS, ids=WINDOW_IDS)
def test_varlen_window_sequence_is_the_sequence_alone(window, causal, grouping, head_dim):
    """Bitwise: a sequence's gradients in a packed batch equal dash.ops.attn_bwd's on the sequence
    alone (given the same out and lse) with the same band, for every schedule (shift_causal runs as
    the sequence's fallback where its shape does not allow it, as the fixed-length call would); at
    hdim 128 its out and lse equal flash_attn_func's. (At hdim 64 the fixed-length forward runs
    192-row tiles and the packed one 128-row tiles, and under a window some rows' out and lse differ
    in the last bit between the two: bench/NOTES.md, "Session 22".) A sequence whose band covers all of its
    keys on both sides resolves to the full mask alone, whose tiles differ: it is held to the
    reference only (test above)."""
    heads, heads_kv = (4, 4) if grouping == "mha" else (8, 2)
    seqlens = [(700, 700), (1, 129), (257, 3000), (2048, 2047), (129, 129), (500, 30)]
    q, k, v, dout, cu_q, cu_k = packed(seqlens, heads, heads_kv, head_dim, torch.bfloat16, seed=3)
    c, w = _band(seqlens, window, causal)
    band = (-1, 0) if c else w
    bm, bn = dash._ext.load().bwd_tile_shape(head_dim, True)
    schedules = ["auto"] + list(ops.schedules_for(True))
    for schedule in schedules:
        out, lse, dq, dk, dv = _run(q, k, v, dout, cu_q, cu_k, seqlens, window, causal, deterministic=True,
                                    schedule=schedule)
        name = ops.varlen_auto_schedule(True, heads, heads_kv) if schedule == "auto" else schedule
        for b, (sq, sk) in enumerate(seqlens):
            if resolve_window(c, w, sq, sk) == (False, (-1, -1)):
                continue
            q0, k0 = int(cu_q[b]), int(cu_k[b])
            sl_q, sl_k = slice(q0, q0 + sq), slice(k0, k0 + sk)
            alone = [t[None, s].contiguous() for t, s in ((q, sl_q), (k, sl_k), (v, sl_k))]
            built = seq_built_as(name, sq, sk, bm, bn, band)
            if schedule == "auto" and head_dim == 128:
                o1, l1 = dash.flash_attn_func(*alone, causal=c, window_size=w, return_attn_probs=True)
                assert torch.equal(out[sl_q], o1[0]), f"sequence {b} out"
                assert torch.equal(lse[:, sl_q], l1[0]), f"sequence {b} lse"
            grads = ops.attn_bwd(dout[None, sl_q].contiguous(), *alone, out[None, sl_q].contiguous(),
                                 lse[None, :, sl_q].contiguous(), causal=c, window=w, deterministic=True,
                                 schedule=built)
            for what, got, want in zip(("dq", "dk", "dv"), (dq[sl_q], dk[sl_k], dv[sl_k]), grads):
                assert torch.equal(got, want[0]), f"{schedule}: sequence {b} {what} differs from the sequence alone"


@pytest.mark.gpu
@pytest.mark.parametrize("schedule", ["auto", "shift_causal", "spt", "descending"])
def test_varlen_window_bitwise_over_200_calls(schedule):
    seqlens = [(1000, 1000), (3000, 2900), (5, 300), (2048, 2048)]
    q, k, v, dout, cu_q, cu_k = packed(seqlens, 8, 2, 128, torch.bfloat16, seed=9)
    first = _run(q, k, v, dout, cu_q, cu_k, seqlens, (256, 0), False, deterministic=True, schedule=schedule)
    for _ in range(200):
        again = _run(q, k, v, dout, cu_q, cu_k, seqlens, (256, 0), False, deterministic=True, schedule=schedule)
        assert all(torch.equal(a, b) for a, b in zip(first, again))


@pytest.mark.gpu
def test_varlen_window_rejects_shift():
    """shift is built for the full mask: a window asks for another schedule, as for fixed lengths."""
    seqlens = [(300, 300)]
    q, k, v, dout, cu_q, cu_k = packed(seqlens, 2, 2, 64, torch.bfloat16)
    with pytest.raises(ValueError, match="shift"):
        _run(q, k, v, dout, cu_q, cu_k, seqlens, (100, 0), False, deterministic=True, schedule="shift")
