"""GPU: the reliability issue's cases. A second GPU in one process, tensors at odd element
offsets (not 16-byte aligned), and batch or heads past the 65,535 limit of gridDim.y/z."""
import pytest
import torch

from tests.helpers import assert_close_as_fa3, make_inputs, reference_and_baseline_grads, reference_fwd
from tests.test_fwd import check_against_reference

pytestmark = pytest.mark.gpu


def odd_offset(t):
    """t's values in a contiguous view that starts one element into its storage: a data pointer
    that is not 16-byte aligned (what a slice at an odd offset gives)."""
    view = torch.empty(t.numel() + 1, dtype=t.dtype, device=t.device)[1:].view(t.shape)
    view.copy_(t)
    assert view.data_ptr() % 16 != 0
    return view


# ---- 1. two GPUs in one process --------------------------------------------------------------
@pytest.mark.skipif(not torch.cuda.is_available() or torch.cuda.device_count() < 2, reason="needs 2 GPUs")
@pytest.mark.parametrize("head_dim", [64, 96, 128, 192, 256])
def test_backward_and_forward_on_two_gpus_in_one_process(head_dim):
    """The backward's shared-memory opt-in is per device: set once per process, the second GPU
    reported 0 resident CTAs and refused every schedule."""
    from dash.fwd import attn_fwd
    from dash.ops import attn_bwd

    results = []
    for device in ("cuda:0", "cuda:1"):
        q, k, v, dout = make_inputs(2, 1000, 1000, 4, 2, head_dim, torch.bfloat16, device=device, seed=3)
        out, lse = attn_fwd(q, k, v, causal=True)
        grads = attn_bwd(dout, q, k, v, out, lse, causal=True, schedule="descending")
        auto = attn_bwd(dout, q, k, v, out, lse, causal=True, schedule="auto")
        ref, low = reference_and_baseline_grads(q, k, v, dout, True)
        for name, g, r, b in zip(("dq", "dk", "dv"), auto, ref, low):
            assert_close_as_fa3(f"{name} auto on {device}", g, r, b)
        check_against_reference(q, k, v, out, lse, head_dim ** -0.5, True)
        results.append([t.cpu() for t in (out, lse, *grads)])
    for name, a, b in zip(("out", "lse", "dq", "dk", "dv"), *results):
        assert torch.equal(a, b), f"{name} differs between cuda:0 and cuda:1"


# ---- 2. tensors that are not 16-byte aligned -------------------------------------------------
@pytest.mark.parametrize("heads,heads_kv", [(4, 4), (4, 2)])
@pytest.mark.parametrize("head_dim", [64, 96, 128, 192, 256])
def test_attn_bwd_with_unaligned_inputs_and_outputs(heads, heads_kv, head_dim):
    from dash.ops import attn_bwd

    q, k, v, dout = make_inputs(2, 203, 203, heads, heads_kv, head_dim, torch.bfloat16, seed=9)
    out, lse = reference_fwd(q, k, v, True)
    want = attn_bwd(dout, q, k, v, out, lse, causal=True, schedule="auto")
    odd = [odd_offset(t) for t in (dout, q, k, v, out, lse)]
    got = attn_bwd(*odd, causal=True, schedule="auto")
    for name, a, b in zip(("dq", "dk", "dv"), want, got):
        assert torch.equal(a, b), f"{name} from unaligned inputs differs"
    # gradients into caller-provided unaligned dq, dk, dv land there
    outs = [odd_offset(torch.full_like(t, 7.0)) for t in (q, k, v)]
    got = attn_bwd(*odd, causal=True, schedule="auto", dq=outs[0], dk=outs[1], dv=outs[2])
    for name, a, b, o in zip(("dq", "dk", "dv"), want, got, outs):
        assert b.data_ptr() == o.data_ptr(), f"{name} was not written into the given tensor"
        assert torch.equal(a, o), f"{name} written into an unaligned tensor differs"


@pytest.mark.parametrize("head_dim", [64, 96, 128, 192, 256])
def test_attn_fwd_with_unaligned_inputs(head_dim):
    from dash.fwd import attn_fwd

    q, k, v, _ = make_inputs(2, 203, 300, 4, 2, head_dim, torch.float16, seed=10)
    want = attn_fwd(q, k, v, causal=True)
    got = attn_fwd(odd_offset(q), odd_offset(k), odd_offset(v), causal=True)
    assert torch.equal(want[0], got[0]) and torch.equal(want[1], got[1])


def test_flash_attn_func_with_unaligned_inputs():
    import dash

    q, k, v, dout = make_inputs(2, 203, 203, 4, 4, 64, torch.bfloat16, seed=11)

    def run(q, k, v, dout):
        q, k, v = (t.requires_grad_(True) for t in (q, k, v))
        out = dash.flash_attn_func(q, k, v, causal=True, deterministic=True)
        return (out.detach(), *torch.autograd.grad(out, (q, k, v), dout))

    want = run(q.clone(), k.clone(), v.clone(), dout)
    got = run(odd_offset(q), odd_offset(k), odd_offset(v), odd_offset(dout))
    for name, a, b in zip(("out", "dq", "dk", "dv"), want, got):
        assert torch.equal(a, b), f"{name} from unaligned inputs differs"


# ---- 3. batch or heads past 65,535 -----------------------------------------------------------
@pytest.mark.parametrize("batch,heads,causal", [(1, 70000, False), (70000, 1, True)])
def test_batch_or_heads_past_the_grid_limit(batch, heads, causal):
    """gridDim.y/z stop at 65,535: the backward folds (tile, head, batch) into gridDim.x. Checked
    against the reference in chunks of 8192 (batch, head) pairs (chunks past 65,535 included),
    and bitwise repeatable. About 10 GB of GPU memory."""
    from dash.fwd import attn_fwd
    from dash.ops import attn_bwd

    q, k, v, dout = make_inputs(batch, 64, 100, heads, heads, 64, torch.bfloat16, seed=12)
    out, lse = attn_fwd(q, k, v, causal=causal)
    grads = attn_bwd(dout, q, k, v, out, lse, causal=causal, schedule="auto")
    again = attn_bwd(dout, q, k, v, out, lse, causal=causal, schedule="auto")
    assert all(torch.equal(a, b) for a, b in zip(grads, again))
    dim = 2 if heads > 1 else 0  # the dimension past the limit: heads, or batch
    for start in range(0, q.shape[dim], 8192):
        n = min(8192, q.shape[dim] - start)
        part = [t.narrow(dim, start, n) for t in (q, k, v, dout)]
        check_against_reference(*part[:3], out.narrow(dim, start, n), lse.narrow(1 if dim == 2 else 0, start, n),
                                64 ** -0.5, causal)
        ref, low = reference_and_baseline_grads(*part, causal)
        for name, g, r, b in zip(("dq", "dk", "dv"), grads, ref, low):
            assert_close_as_fa3(f"{name} [{start}:{start + n} of dim {dim}]", g.narrow(dim, start, n), r, b)
