"""CPU: every input check raises a clear exception naming the argument and what was expected."""
import types

import pytest
import torch

from dash import validate
from dash.ops import attn_bwd


def qkv(b=1, sq=8, sk=8, h=2, hk=2, d=64, dtype=torch.bfloat16):
    return (torch.randn(b, sq, h, d, dtype=dtype), torch.randn(b, sk, hk, d, dtype=dtype),
            torch.randn(b, sk, hk, d, dtype=dtype))


@pytest.mark.parametrize("mutate,exc,msg", [
    (lambda q, k, v: (q[0], k, v), ValueError, "q must have 4 dimensions"),
    (lambda q, k, v: (q.float(), k.float(), v.float()), TypeError, "q must be float16 or bfloat16"),
    (lambda q, k, v: (q, k.half(), v), TypeError, "share one dtype"),
    (lambda q, k, v: (q, k, v[:, :4]), ValueError, "k and v must have the same shape"),
    (lambda q, k, v: (q, torch.cat([k, k]), torch.cat([v, v])), ValueError, "k has batch 2 but q has batch 1"),
    (lambda q, k, v: (q, k[..., :32], v[..., :32]), ValueError, "k has head_dim 32 but q has head_dim 64"),
    (lambda q, k, v: (q[..., :32], k[..., :32], v[..., :32]), ValueError, "head_dim 32 is not supported"),
    (lambda q, k, v: (torch.cat([q, q[:, :, :1]], 2), k, v), ValueError, "must be a multiple of the number of k/v heads"),
    (lambda q, k, v: (q.transpose(2, 3).contiguous().transpose(2, 3), k, v), ValueError, "contiguous in its last dimension"),
    (lambda q, k, v: ([1], k, v), TypeError, "q must be a torch.Tensor"),
    (lambda q, k, v: (q, k, v), ValueError, "q must be on a CUDA device"),
])
def test_qkv_checks(mutate, exc, msg):
    q, k, v = mutate(*qkv())
    with pytest.raises(exc, match=msg):
        validate.check_qkv(q, k, v)


def fake_cuda(shape=(1, 8, 2, 64), index=0):
    return types.SimpleNamespace(device=torch.device("cuda", index), shape=shape)


def test_unsupported_gpu_is_named(monkeypatch):
    monkeypatch.setattr(torch.cuda, "get_device_capability", lambda device=None: (8, 0))
    monkeypatch.setattr(torch.cuda, "get_device_name", lambda device=None: "NVIDIA A100")
    with pytest.raises(RuntimeError, match="Hopper GPU .* A100 with compute capability 8.0"):
        validate.check_device({"q": fake_cuda(), "k": fake_cuda()})


def test_inputs_on_two_devices(monkeypatch):
    monkeypatch.setattr(torch.cuda, "get_device_capability", lambda device=None: (9, 0))
    with pytest.raises(ValueError, match="k is on cuda:1 but q is on cuda:0"):
        validate.check_device({"q": fake_cuda(index=0), "k": fake_cuda(index=1)})


def test_lse_checks():
    with pytest.raises(TypeError, match="softmax_lse must have dtype float32"):
        validate.check_lse(torch.zeros(1, 2, 8, dtype=torch.float16), 1, 2, 8, torch.device("cpu"))
    with pytest.raises(ValueError, match=r"softmax_lse must have shape \(batch, heads, seqlen_q\) = \(1, 2, 8\)"):
        validate.check_lse(torch.zeros(1, 8, 2), 1, 2, 8, torch.device("cpu"))
    with pytest.raises(ValueError, match="softmax_lse must have 3 dimensions"):
        validate.check_lse(torch.zeros(2, 8), 1, 2, 8, torch.device("cpu"))


def test_like_checks():
    q, _, _ = qkv()
    with pytest.raises(ValueError, match="dout must have the shape of out"):
        validate.check_like("dout", q[:, :4], "out", q)
    with pytest.raises(TypeError, match="dout must have the dtype of out"):
        validate.check_like("dout", q.half(), "out", q)


def test_attn_bwd_validates_before_touching_the_gpu():
    q, k, v = qkv()
    with pytest.raises(ValueError, match="q must be on a CUDA device"):
        attn_bwd(q, q, k, v, q, torch.zeros(1, 2, 8))
    with pytest.raises(ValueError, match="dout must have the shape of q"):
        attn_bwd(q[:, :4], q, k, v, q, torch.zeros(1, 2, 8))


def test_unknown_schedule():
    from dash.ops import resolve_schedule

    with pytest.raises(ValueError, match="schedule must be one of"):
        resolve_schedule("fastest", True, None)
    with pytest.raises(ValueError, match="cannot be combined with deterministic=True"):
        resolve_schedule("atomic", True, None)
    assert resolve_schedule("shift", False, None) == "atomic"


def test_for_tma_copies_misaligned_views():
    x = torch.zeros(2, 8, 2, 64, dtype=torch.bfloat16)
    assert validate.for_tma(x) is x
    y = torch.zeros(2, 8, 2, 65, dtype=torch.bfloat16)[..., 1:]
    assert validate.for_tma(y).is_contiguous()


def test_a_head_dim_left_out_of_the_build_is_refused(monkeypatch):
    """An install narrowed by DASH_HEAD_DIMS refuses the head dims it has no kernels for with an
    error that says so, before any kernel call (CPU: the check itself)."""
    from dash import _ext

    monkeypatch.setattr(_ext, "built_head_dims", lambda: (64, 128))
    _ext.check_head_dim_built(64)
    with pytest.raises(NotImplementedError, match=r"head_dim 96 is not in this build.*DASH_HEAD_DIMS=64,128"):
        _ext.check_head_dim_built(96)
    monkeypatch.setattr(_ext, "built_head_dims", lambda: None)
    _ext.check_head_dim_built(96)


def test_every_head_dim_has_both_directions():
    """The forward's head dims (fwd.cu's list) are the backward's (its tile table), and a head dim
    no kernel has is a ValueError in both directions."""
    assert tuple(sorted(validate.FWD_HEAD_DIMS)) == tuple(sorted(validate.SUPPORTED_HEAD_DIMS))
    for head_dim in (192, 256):
        validate.check_head_dim(head_dim)
    with pytest.raises(ValueError, match=r"head_dim 80 is not supported"):
        validate.check_head_dim(80, validate.FWD_HEAD_DIMS)
    with pytest.raises(ValueError, match=r"head_dim 80 is not supported"):
        validate.check_head_dim(80)


def test_both_directions_at_192_on_the_cpu():
    """Through flash_attn_func on CPU tensors (dash's reference): forward and backward at head dim
    192, with the gradients of the fp32 reference."""
    import dash

    q, k, v = (t.requires_grad_(True) for t in qkv(d=192))
    out = dash.flash_attn_func(q, k, v, causal=True)
    assert out.shape == q.shape and torch.isfinite(out).all()
    out.sum().backward()
    assert all(t.grad is not None and t.grad.shape == t.shape and torch.isfinite(t.grad).all() for t in (q, k, v))
