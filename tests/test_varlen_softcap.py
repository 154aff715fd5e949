"""Softcap on packed (varlen) batches: dash.flash_attn_varlen_func's softcap, forward and backward,
with every mask (full, causal, sliding window).

The packed kernels run the capped score policy (csrc/common/score.h) in instances of their own
(fwd_varlen_softcap_hdim*, bwd_inst_*_varlen_softcap). GPU tests: each sequence against the fp32
reference on its slices (FA3's criterion), its gradients bitwise those of dash.ops.attn_bwd on the
sequence alone given the same out and lse, and (hdim 128) its out and lse bitwise those of
flash_attn_func on the sequence alone; a CPU test of the reference path.
"""
import pytest
import torch

import dash
from dash import ops
from dash.schedule.varlen import seq_built_as
from dash.validate import resolve_window
from tests.test_varlen_bwd import packed
from tests.test_varlen_window import CASES, _band, _run, assert_like_reference

MASKS = [((-1, -1), False), ((-1, -1), True), ((100, 0), False)]
MASK_IDS = ["full", "causal", "w100,0"]


@pytest.mark.gpu
@pytest.mark.parametrize("dtype", [torch.bfloat16, torch.float16], ids=["bf16", "fp16"])
@pytest.mark.parametrize("head_dim", [64, 96, 128, 192, 256])
@pytest.mark.parametrize("softcap", [1.0, 30.0])
@pytest.mark.parametrize("window,causal", MASKS, ids=MASK_IDS)
@pytest.mark.parametrize("case", ["edges", "unequal"])
def test_varlen_softcap_matches_reference(case, window, causal, softcap, head_dim, dtype):
    seqlens, heads, heads_kv = CASES[case]
    q, k, v, dout, cu_q, cu_k = packed(seqlens, heads, heads_kv, head_dim, dtype, seed=len(case) + int(softcap))
    assert_like_reference(q, k, v, dout, cu_q, cu_k, seqlens, window, causal, softcap=softcap)


@pytest.mark.gpu
@pytest.mark.parametrize("head_dim", [64, 96, 128, 192, 256])
@pytest.mark.parametrize("grouping", ["mha", "gqa"])
@pytest.mark.parametrize("window,causal", MASKS, ids=MASK_IDS)
def test_varlen_softcap_sequence_is_the_sequence_alone(window, causal, grouping, head_dim):
    """Bitwise, every schedule of the mask: a sequence's capped gradients equal dash.ops.attn_bwd's
    on the sequence alone given the same out and lse; at hdim 128 its out and lse equal
    flash_attn_func's (hdim 64: see tests/test_varlen_window.py)."""
    heads, heads_kv = (4, 4) if grouping == "mha" else (8, 2)
    seqlens = [(700, 700), (1, 129), (257, 3000), (2048, 2047), (129, 129), (500, 30)]
    q, k, v, dout, cu_q, cu_k = packed(seqlens, heads, heads_kv, head_dim, torch.bfloat16, seed=4)
    c, w = _band(seqlens, window, causal)
    banded = c or w != (-1, -1)
    band = (-1, 0) if c else w
    bm, bn = dash._ext.load().bwd_tile_shape(head_dim, banded)
    for schedule in ["auto"] + list(ops.schedules_for(banded)):
        out, lse, dq, dk, dv = _run(q, k, v, dout, cu_q, cu_k, seqlens, window, causal, deterministic=True,
                                    schedule=schedule, softcap=20.0)
        name = ops.varlen_auto_schedule(banded, heads, heads_kv) if schedule == "auto" else schedule
        for b, (sq, sk) in enumerate(seqlens):
            if banded and resolve_window(c, w, sq, sk) == (False, (-1, -1)):
                continue
            q0, k0 = int(cu_q[b]), int(cu_k[b])
            sl_q, sl_k = slice(q0, q0 + sq), slice(k0, k0 + sk)
            alone = [t[None, s].contiguous() for t, s in ((q, sl_q), (k, sl_k), (v, sl_k))]
            if schedule == "auto" and head_dim == 128:
                o1, l1 = dash.flash_attn_func(*alone, causal=c, window_size=w, softcap=20.0, return_attn_probs=True)
                assert torch.equal(out[sl_q], o1[0]), f"sequence {b} out"
                assert torch.equal(lse[:, sl_q], l1[0]), f"sequence {b} lse"
            grads = ops.attn_bwd(dout[None, sl_q].contiguous(), *alone, out[None, sl_q].contiguous(),
                                 lse[None, :, sl_q].contiguous(), causal=c, window=w, softcap=20.0,
                                 deterministic=True, schedule=seq_built_as(name, sq, sk, bm, bn, band))
            for what, got, want in zip(("dq", "dk", "dv"), (dq[sl_q], dk[sl_k], dv[sl_k]), grads):
                assert torch.equal(got, want[0]), f"{schedule}: sequence {b} {what} differs from the sequence alone"


def test_cpu_packed_softcap_is_the_capped_reference_per_sequence():
    """On CPU tensors the packed call runs the reference with the cap on every sequence: equal to
    flash_attn_func's on each sequence alone."""
    lengths = [(8, 8), (6, 11), (11, 6)]
    g = torch.Generator().manual_seed(2)
    q, dout = (torch.randn(25, 4, 64, generator=g).bfloat16().requires_grad_(True) for _ in range(2))
    k, v = (torch.randn(25, 2, 64, generator=g).bfloat16().requires_grad_(True) for _ in range(2))
    cu_q = torch.tensor([0, 8, 14, 25], dtype=torch.int32)
    cu_k = torch.tensor([0, 8, 19, 25], dtype=torch.int32)
    out = dash.flash_attn_varlen_func(q, k, v, cu_q, cu_k, 11, 11, causal=True, softcap=2.0)
    dq, dk, dv = torch.autograd.grad(out, (q, k, v), dout)
    for b in range(len(lengths)):
        sl_q, sl_k = slice(int(cu_q[b]), int(cu_q[b + 1])), slice(int(cu_k[b]), int(cu_k[b + 1]))
        alone = [t[None, s].detach().clone().requires_grad_(True) for t, s in ((q, sl_q), (k, sl_k), (v, sl_k))]
        o1 = dash.flash_attn_func(*alone, causal=True, softcap=2.0)
        grads = torch.autograd.grad(o1, alone, dout[None, sl_q])
        assert torch.equal(out[sl_q], o1[0].detach())
        for got, want in zip((dq[sl_q], dk[sl_k], dv[sl_k]), grads):
            assert torch.equal(got, want[0])
